"""Small helpers for the table templates."""

from django import template

from games.table import tiles
from games.words import display

register = template.Library()


@register.filter
def suit_name(letter: str) -> str:
    return display.suit_name(letter)


@register.filter
def count_range(number: int):
    """``{% for _ in n|count_range %}``: repeat something n times (tile backs)."""
    return range(number or 0)


@register.filter
def tile_list(codes, how: str = "img"):
    """``{{ discards|tile_list:"img li" }}``: the tiles as pictures (``img`` named,
    ``plain`` not), each in an ``<li>`` if asked."""
    form, _space, wrap = how.partition(" ")
    return tiles.tiles_html(codes, form, wrap)
