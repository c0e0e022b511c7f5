"""The rules engine of 血战到底: pure Python, no Django (see docs/architecture.md)."""
