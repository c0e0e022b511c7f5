"""The computer players and what reads a round as one of them, a layer above the engine
(see docs/architecture.md):

- ``bots``: the easy and strong levels and the building blocks the expert shares;
- ``expert/``: the expert level (大师);
- ``computer``: a computer player's move at its level;
- ``defaults``: the move made for a player who does not act in time (the engine only
  applies moves; choosing one is a player's job);
- ``coach``: a seat's decision as 大师 sees it; ``review``: a finished round's decisions
  against 大师's; ``hints``: the waiting-tile hint;
- ``simulate``: bot-only rounds (``python -m games.players.simulate``).

Pure Python: it may import the engine (``games.rules``) and nothing else of the project,
nor Django or Channels; the engine never imports it (tests/rules/test_boundary.py).
"""
