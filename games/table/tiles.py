"""Tiles as markup, for the live table's templates (``{% load table_tags %}``).

Rivers, hands and melds are most of a table's markup. Each tile's few possible forms
are rendered once per language and joined, rather than looped over tile by tile in a
template on every change of the table.
"""

from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from games.words.display import tile_name
from games.words.tile_pictures import tile_img


@lru_cache(maxsize=4096)
def tile_markup(language: str, form: str, tile: str | None, *flags) -> str:
    """One tile in one form (the language only keys the cache: names are translated in
    the active language)."""
    if form == "img":  # a picture standing alone, named for screen readers
        return tile_img(tile, label=tile_name(tile))
    if form == "plain":  # a picture inside something that carries the name
        return tile_img(tile)
    legal, void, drawn, ready, blocked = flags  # a tile of the viewer's own hand
    classes = "tile" + (" void-tile" if void else "") + (" drawn" if drawn else "")
    name = escape(tile_name(tile))
    if legal:
        classes += " ready-discard" if ready else ""
        return (
            f'<button type="submit" name="tile" value="{tile}" class="{classes}" '
            f'aria-label="{name}" title="{name}">{tile_img(tile)}</button>'
        )
    if blocked:
        # The player's turn, but the void suit must go first: greyed, and a click asks the
        # server, which says why (the engine's reason, in the player's language).
        return (
            f'<button type="submit" name="tile" value="{tile}" class="{classes} blocked" '
            f'aria-label="{name}" title="{name}" aria-disabled="true">{tile_img(tile)}'
            f"</button>"
        )
    return (
        f'<button type="button" class="{classes}" aria-label="{name}" title="{name}" '
        f"disabled>{tile_img(tile)}</button>"
    )


def tiles_html(tiles, form: str = "img", wrap: str = "") -> str:
    """The tiles as pictures (``img``: named; ``plain``: unnamed), each in ``<wrap>``."""
    language = get_language()
    if wrap:
        return mark_safe(
            "".join(f"<{wrap}>{tile_markup(language, form, t)}</{wrap}>" for t in tiles)
        )
    return mark_safe("".join(tile_markup(language, form, t) for t in tiles))


def pool_html(tiles) -> str:
    """The pool from (seat, wind, tile) in the order played: each tile's named picture in
    an ``<li>`` that says whose it was."""
    language = get_language()
    return mark_safe(
        "".join(
            f'<li data-seat="{int(seat)}" title="{escape(wind)}">'
            f"{tile_markup(language, 'img', tile)}</li>"
            for seat, wind, tile in tiles
        )
    )


def hand_html(tiles) -> str:
    """The viewer's hand from (tile, legal, void, drawn, ready, blocked): buttons, the
    drawn tile set apart."""
    language = get_language()
    out = []
    for tile, legal, void, drawn, ready, blocked in tiles:
        if drawn:
            out.append('<span class="drawn-gap"></span>')
        out.append(tile_markup(language, "hand", tile, legal, void, drawn, ready, blocked))
    return mark_safe("".join(out))
