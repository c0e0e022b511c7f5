"""When to let a win on a discard pass and wait for a 自摸.

In 血战 a win on a discard is paid by the discarder alone, a 自摸 by every player still
in the round (and more under the 自摸 options). A ready hand with many live waits early
in the round often expects more from waiting than from the discard on offer; the outside
player this was measured against (``benchmarks/bots/opponents``) takes most of its edge from
exactly that. The price of waiting: the hand stays in play, so it may deal in or pay
another player's 自摸, others may win first (fewer payers), the wall may run out, and
(过水不胡) the same win is not offered again before the seat's next draw.

The estimate, all from the seat's own view:

* per own draw, the chance to draw a wait is ``live / unseen`` (every unseen copy is
  equally likely to be the next tile drawn);
* per turn, the chance another player throws a wait is ``live / unseen`` per other
  player, times ``RON_SHARE`` (players keep tiles they need and avoid dangerous ones);
* each turn survived is discounted by ``DISCOUNT``, which stands for everything that
  makes a later win worth less than one now (the risks above);
* the turns left are the seat's own draws left, ``wall / players still in``.

It waits when that expectation is above ``MARGIN`` times the win on offer. The
constants were set by the duplicate benchmark (``benchmarks/bots/bench_bots.py``, level
``expert`` against ``expert-without-zimo_wait``, 2,000 deals, seed 901): under the
options closest to the outside player's rules (自摸 doubles, no 过水不胡) waiting adds
+0.13 [-0.02, +0.29] points per seat per round at DISCOUNT 0.8 (+0.17 [+0.02, +0.33] at
0.9, +0.10 at 0.7) and lifts the 自摸 rate from 22 % to 31 %; under our defaults (自摸 not
doubled, 过水不胡) it is within noise (+0.03 [-0.02, +0.08] at 0.8; -0.02 at 0.9, 0.00 at
0.7), so 0.8 is kept as the value that was not behind on either. A higher MARGIN (1.3)
made it wait too rarely to matter.
"""

from games.rules.hands import waits
from games.rules.round import Round
from games.rules.scoring import WinContext, score_win

DISCOUNT = 0.8
RON_SHARE = 0.5
MARGIN = 1.0


def waits_for_zimo(state: Round, seat: int, unseen: list[int]) -> bool:
    """Should ``seat`` pass the win on the discard on offer and wait for a 自摸?"""
    if state.options.xueliu:
        return False  # 血流成河: a win does not end the seat's play; take every one
    claim = state.claim
    if claim is None or claim.kind != "discard":
        return False  # robbing a kong: rare, and the kong's money goes with it
    offered = state.win_on_offer(seat)
    if offered is None:
        return False
    payers = len(state.active) - 1
    players = max(len(state.active), 1)
    turns = int(len(state.wall) / players)
    if payers < 2 or turns < 1:
        return False  # one payer either way, or no draw left
    rest = list(state.hands[seat])
    melds, void = state.melds[seat], state.voids[seat]
    live = zimo_worth = ron_worth = 0.0
    gangfan = state.gangfan(seat)
    for t in waits(rest, melds, void):
        copies = unseen[t]  # the tile on offer is among the discards: seen
        if copies <= 0:
            continue
        rest[t] += 1
        zimo = score_win(rest, melds, void, WinContext("zimo"), state.options, gangfan)
        ron = score_win(rest, melds, void, WinContext("ron"), state.options, gangfan)
        rest[t] -= 1
        if zimo is None or ron is None:
            continue
        live += copies
        zimo_worth += copies * zimo.points * payers
        ron_worth += copies * ron.points
    unseen_total = sum(unseen)
    if live == 0 or unseen_total <= 0:
        return False
    expected = waiting_value(live, unseen_total, zimo_worth / live, ron_worth / live, payers, turns)
    return expected > MARGIN * offered.points


def waiting_value(
    live: float, unseen_total: float, zimo_points: float, ron_points: float, payers: int, turns: int
) -> float:
    """Expected points of waiting ``turns`` turns on ``live`` copies among
    ``unseen_total`` unseen tiles: a 自摸 pays ``zimo_points`` (all payers together), a
    later win on a discard ``ron_points``."""
    p_zimo = min(live / unseen_total, 1.0)
    p_ron = min(payers * RON_SHARE * live / unseen_total, 1.0 - p_zimo)
    per_turn = p_zimo * zimo_points + p_ron * ron_points
    carry = DISCOUNT * (1.0 - p_zimo - p_ron)
    # sum over k < turns of carry^k
    if carry >= 1.0:
        return per_turn * turns
    return per_turn * (1.0 - carry**turns) / (1.0 - carry)
