"""Template helpers for tiles: `{% load mahjong %}`.

    {% with name=code|tile_name %}
      <button aria-label="{{ name }}" title="{{ name }}">{% tile_img code %}</button>
    {% endwith %}
    <img src="{% tile_src None %}" alt="">         {# None: the back of a tile #}
    {% tile_img code label=code|tile_name %}       {# a picture that stands alone #}

`tile_img` leaves alt empty by default because the button around it carries the name (see
games/words/display.py); pass `label` when there is no such button.
"""

from django import template

from games.words import display, labels, tile_pictures

register = template.Library()


@register.filter
def tile_name(code):
    """A tile's name: 5m → 五万 / 5 Characters."""
    return display.tile_name(code)


@register.filter
def tile_names(codes):
    """Several tiles' names, spaced: ("1m", "5m") → 一万 五万."""
    return " ".join(display.tile_name(code) for code in codes)


@register.filter
def mode_name(options):
    """The room's way to play: 血战到底 or 血流成河 (RULES.md section 13)."""
    return labels.mode_name(options or {})


@register.filter
def table_name(options):
    """How many play, with which suits: 三人两房 (RULES.md section 14)."""
    return labels.table_name(options or {})


@register.filter
def suit_name(letter):
    """A suit's name: m → 万 / Characters."""
    return display.suit_name(letter)


# The picture of a tile lives in games.words.tile_pictures (the table draws it too).
register.simple_tag(tile_pictures.tile_src, name="tile_src")
register.simple_tag(tile_pictures.tile_img, name="tile_img")
