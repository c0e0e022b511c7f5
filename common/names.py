"""What a name may hold, for the names of players (accounts) and of rooms (games): no
character that shows as nothing or turns the text around it; and what an account is
called once deleted, which accounts gives and games shows.

May import: Django. Never an app of the site.
"""

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# What an account is called once deleted (accounts.keeping), with a few random letters
# after it (user names are unique). "#" is refused by sign-up, so no living player can
# take it; games.words.labels.person_name shows it in the reader's language.
DELETED_NAME = "已注销玩家"
# How the English pages show it ("Deleted player #1a2b3c4d"), without its space.
DELETED_NAME_SHOWN = "deletedplayer"


# Characters that show as nothing, or that turn the text around them: a name that holds
# one looks like another name, or like nothing ("lanaba5" followed by a Hangul filler is
# "lanaba5" on the screen; a right-to-left override makes "周末局" show backwards).
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), written out here so
# that it does not depend on the Python's Unicode version.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# The Hangul fillers (letters to Unicode, blank on the screen) and the bidirectional
# controls: in the ranges above, named again because they are why the check exists.
HANGUL_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
INVISIBLE = (
    frozenset(chr(code) for first, last in DEFAULT_IGNORABLE for code in range(first, last + 1))
    | HANGUL_FILLERS
    | BIDI_CONTROLS
)

EMOJI_SELECTORS = frozenset("\ufe0e\ufe0f")  # text or emoji presentation of the symbol before
ZERO_WIDTH_JOINER = "\u200d"  # joins two emoji into one picture (👨‍👩‍👧)


def invisible_characters(text: str, *, emoji: bool = False) -> list[str]:
    """The characters of ``text`` that show as nothing or change the direction of the
    text (the set above, and every format character, category Cf), each once, in the
    order they come. Names (of players, of rooms) must have none.

    ``emoji``: a presentation selector right after a symbol (❤️) and a joiner between
    two symbols (👨‍👩‍👧) are part of the emoji they draw, not hidden text: a room's name may
    hold them; a player's name may not (it must be typeable to be told apart)."""
    found = {}
    for index, char in enumerate(text):
        if char not in INVISIBLE and unicodedata.category(char) != "Cf":
            continue
        if emoji and _draws_emoji(text, index):
            continue
        found[char] = None
    return list(found)


def _is_symbol(char: str) -> bool:
    return unicodedata.category(char) in ("So", "Sk")  # emoji, skin tones


def _draws_emoji(text: str, index: int) -> bool:
    char, before = text[index], text[index - 1] if index else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    if char in EMOJI_SELECTORS:
        return bool(before) and _is_symbol(before)
    if char == ZERO_WIDTH_JOINER:
        return (
            bool(before)
            and bool(after)
            and _is_symbol(after)
            and (_is_symbol(before) or before in EMOJI_SELECTORS)
        )
    return False


def refuse_invisible(text: str, *, emoji: bool = False) -> None:
    """Raise ValidationError when ``text`` has a character ``invisible_characters``
    finds, saying which (as U+XXXX: they cannot be shown)."""
    found = invisible_characters(text, emoji=emoji)
    if found:
        raise ValidationError(
            _(
                "Names may not contain invisible or direction-changing characters "
                "(this one has %(characters)s)."
            ),
            code="invisible",
            params={"characters": ", ".join(f"U+{ord(char):04X}" for char in found)},
        )
