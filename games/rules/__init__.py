"""The rules engine of 血战到底, pure Python (see docs/architecture.md): tiles, hands,
scoring, settlement, options and presets, and ``round/``, the state of one round.

It imports nothing else of the project: not the computer players above it
(``games.players``), not Django nor Channels (tests/rules/test_boundary.py).
``conformance`` is the shared test vectors' adapter, kept at this path for the suite that
imports it.
"""
