"""The expert computer player (大师): defends, weighs hands by the points they score.

- ``defence``: how likely a discard is to deal into each active opponent, and what it costs;
- ``value``: what the hand's waits and shapes are worth in points;
- ``plan``: when to play for 清一色;
- ``triplets``: how far a hand is from 对对胡 (all pongs), for its pongs and its value;
- ``waiting``: when to let a win on a discard pass and wait for a 自摸;
- ``live``: which unseen tiles are still in the wall rather than kept in a hand;
- ``player``: the decisions (void, discards, claims, kongs; 换三张 is the shared pick of
  ``games.players.bots.choose_exchange``).

Like the other levels it reads only what its seat may see (see ``games.players.bots``).
"""

from games.players.expert.player import expert_action

__all__ = ["expert_action"]
