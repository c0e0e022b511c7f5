"""Marks on tiles of the viewer's own hand, beside their names: the tiles that arrived
in 换三张 (from the swap until the player's first discard or meld), and the tile the
coach would discard (its ★, ``games.table.coaching.hand_mark``). The hand part carries
them as tile codes; the page marks that many buttons of each code
(static/js/table-hand.js), whatever order the player sorts the hand in."""

from games.rules.tiles import parse_tiles, tile_str


def received(view: dict, viewer: int) -> tuple[str, ...]:
    """The tiles ``viewer`` received in 换三张, as codes, while they are news: from the
    swap until the player's first discard or meld; () without the swap."""
    mine = (view["exchange"] or {}).get("mine") or {}
    player = view["players"][viewer]
    if (
        not mine.get("received")
        or view["phase"] not in ("void", "turn")
        or player["discards"]
        or player["melds"]
        or player["out"]
    ):
        return ()
    codes = [tile_str(t) for t in parse_tiles(mine["received"])]
    hand = list(view["hand"])
    shown = []
    for code in codes:  # only those still in the hand
        if code in hand:
            hand.remove(code)
            shown.append(code)
    return tuple(shown)
