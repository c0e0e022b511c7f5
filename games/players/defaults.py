"""The move made for a player who does not act in time (RULES.md section 11).

Chosen here, outside the round: the engine only applies moves, and the computer players
(games.players.bots) that choose some of these defaults read the round."""

from games.rules.round import Action, IllegalAction, Round, gettext_noop
from games.rules.tiles import (
    RANKS,
    SUITS,
)


def default_action(self: Round, seat: int) -> Action:
    """The move of RULES.md section 11 for a player who does not act in time: a claim
    passes, the void is the suit with fewest tiles, a discard throws the tile just
    drawn (if that breaks the void rule or nothing was drawn: the bot's choice); in
    换三张 the pick is the bot's (RULES.md section 13)."""
    if self.phase == "exchange" and self.exchange_picks[seat] is None:
        from games.players.bots import choose_exchange

        return ("exchange", choose_exchange(self, seat))
    legal = self.legal_actions(seat)
    if not legal:
        raise IllegalAction(gettext_noop("nothing is asked of this seat now"))
    if self.phase == "void":
        counts = self.hands[seat]
        by_suit = [sum(counts[s * RANKS : (s + 1) * RANKS]) for s in range(len(SUITS))]
        return ("void", by_suit.index(min(by_suit)))
    if self.phase in ("claim", "rob"):
        return ("pass", None)
    if self.drawn is not None and ("discard", self.drawn) in legal:
        return ("discard", self.drawn)
    from games.players.bots import choose_discard

    return ("discard", choose_discard(self, seat))
