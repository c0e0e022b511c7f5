"""Template helpers for tiles: `{% load mahjong %}`.

    {% with name=code|tile_name %}
      <button aria-label="{{ name }}" title="{{ name }}">{% tile_img code %}</button>
    {% endwith %}
    <img src="{% tile_src None %}" alt="">         {# None: the back of a tile #}
    {% tile_img code label=code|tile_name %}       {# a picture that stands alone #}

`tile_img` leaves alt empty by default because the button around it carries the name (see
games/words/display.py); pass `label` when there is no such button.
"""

from functools import lru_cache

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html

from games.words import display, labels

register = template.Library()

# The tiles are drawn 60 × 80 (tools/make_tiles.py); CSS sets the size shown.
TILE_WIDTH, TILE_HEIGHT = 60, 80


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
def suit_name(letter):
    """A suit's name: m → 万 / Characters."""
    return display.suit_name(letter)


@lru_cache(maxsize=64)
def _src(code, static_url):
    # static() asks the storage every time; 28 pictures need asking once per process.
    return static(display.tile_image(code))


@register.simple_tag
def tile_src(code=None):
    """The full static URL of the tile's picture; None (or nothing) gives the back."""
    return _src(code, settings.STATIC_URL)


@register.simple_tag
def tile_img(code=None, label=""):
    """An <img> of the tile, its alt empty unless `label` gives one."""
    return format_html(
        '<img src="{}" alt="{}" class="tile-img" width="{}" height="{}">',
        _src(code, settings.STATIC_URL),
        label,
        TILE_WIDTH,
        TILE_HEIGHT,
    )
