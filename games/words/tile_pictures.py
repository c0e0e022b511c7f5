"""The picture of a tile: its static URL and its <img>, for the templates (the tags
``tile_src`` and ``tile_img`` of games/templatetags/mahjong.py) and for the table's
pieces drawn in Python (games/table/tiles.py), both from here.

``tile_img`` leaves alt empty by default because the button around it carries the name
(see games/words/display.py); pass ``label`` when there is no such button.
"""

from functools import lru_cache

from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html

from games.words import display

# The tiles are drawn 60 × 80 (tools/make_tiles.py); CSS sets the size shown.
TILE_WIDTH, TILE_HEIGHT = 60, 80


@lru_cache(maxsize=64)
def _src(code, static_url):
    # static() asks the storage every time; 28 pictures need asking once per process.
    return static(display.tile_image(code))


def tile_src(code=None):
    """The full static URL of the tile's picture; None (or nothing) gives the back."""
    return _src(code, settings.STATIC_URL)


def tile_img(code=None, label=""):
    """An <img> of the tile, its alt empty unless `label` gives one."""
    return format_html(
        '<img src="{}" alt="{}" class="tile-img" width="{}" height="{}">',
        _src(code, settings.STATIC_URL),
        label,
        TILE_WIDTH,
        TILE_HEIGHT,
    )
