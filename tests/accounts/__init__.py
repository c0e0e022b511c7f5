"""Accounts: sign-up, log-in and its limits, names, keeping an account (accounts)."""
