"""What players see and hear of a tile: its name in their language, and its picture.

A tile is shown as a picture (static/tiles/<code>.svg, drawn by tools/make_tiles.py) inside a
button. The picture's own alt text stays empty and the button carries the tile's name as its
accessible name, so a screen reader says "五万" (or "5 Characters") once, not "image"; the same
name serves as the tooltip. Names come from here and nowhere else, so a player hears the same
name for a tile in the hand, on the table and in the log:

    tile_name("5m")  -> "五万" in Chinese, "5 Characters" in English
    suit_name("p")   -> "筒" / "Dots"            (e.g. for the suit a player must clear first)
    tile_image("5m") -> "tiles/5m.svg"           (a path for `static`; None gives the back)

Each of the 27 names is written out in English below, marked with gettext_noop so that
`makemessages` collects it and a translator sees a whole name ("5 Characters" → "五万")
rather than pieces to assemble. They are translated when called, in the active language.
Templates use the `mahjong` tag library (games/templatetags/mahjong.py).
"""

from django.utils.translation import gettext, gettext_noop

RANKS = "123456789"

SUIT_NAMES = {
    "m": gettext_noop("Characters"),
    "p": gettext_noop("Dots"),
    "s": gettext_noop("Bamboo"),
}

TILE_NAMES = {
    "1m": gettext_noop("1 Characters"),
    "2m": gettext_noop("2 Characters"),
    "3m": gettext_noop("3 Characters"),
    "4m": gettext_noop("4 Characters"),
    "5m": gettext_noop("5 Characters"),
    "6m": gettext_noop("6 Characters"),
    "7m": gettext_noop("7 Characters"),
    "8m": gettext_noop("8 Characters"),
    "9m": gettext_noop("9 Characters"),
    "1p": gettext_noop("1 Dots"),
    "2p": gettext_noop("2 Dots"),
    "3p": gettext_noop("3 Dots"),
    "4p": gettext_noop("4 Dots"),
    "5p": gettext_noop("5 Dots"),
    "6p": gettext_noop("6 Dots"),
    "7p": gettext_noop("7 Dots"),
    "8p": gettext_noop("8 Dots"),
    "9p": gettext_noop("9 Dots"),
    "1s": gettext_noop("1 Bamboo"),
    "2s": gettext_noop("2 Bamboo"),
    "3s": gettext_noop("3 Bamboo"),
    "4s": gettext_noop("4 Bamboo"),
    "5s": gettext_noop("5 Bamboo"),
    "6s": gettext_noop("6 Bamboo"),
    "7s": gettext_noop("7 Bamboo"),
    "8s": gettext_noop("8 Bamboo"),
    "9s": gettext_noop("9 Bamboo"),
}

BACK_IMAGE = "tiles/back.svg"


def _check(code: object) -> str:
    if not isinstance(code, str) or code not in TILE_NAMES:
        raise ValueError(f"not a tile code: {code!r} (expected a rank 1-9 and m, p or s)")
    return code


def tile_name(code: str) -> str:
    """The tile's name in the active language: "五万" / "5 Characters" for "5m"."""
    return gettext(TILE_NAMES[_check(code)])


def suit_name(letter: str) -> str:
    """The suit's name in the active language: "万" / "Characters" for "m"."""
    if not isinstance(letter, str) or letter not in SUIT_NAMES:
        raise ValueError(f"not a suit: {letter!r} (expected m, p or s)")
    return gettext(SUIT_NAMES[letter])


def tile_image(code: str | None) -> str:
    """The tile's picture as a path for `static`: "tiles/5m.svg"; None gives the back."""
    if code is None:
        return BACK_IMAGE
    return f"tiles/{_check(code)}.svg"
