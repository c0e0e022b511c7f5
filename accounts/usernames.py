"""User names that players can tell apart.

Django's UsernameField has already normalised a name (NFKC: fullwidth "ａｌｉｃｅ" is
"alice"), and Django's sign-up form refuses one that is taken but for case. On top of
that a new name is refused when it *looks* like one taken: the same skeleton (Unicode
TR39: "аlice" with a Cyrillic а looks like "alice", "rn" like "m"), in any case, with
or without accents ("xiaomíng" looks like "xiaoming"); when it mixes scripts the way
spoofs do (Latin letters with Cyrillic or Greek ones); and when it holds a character
that shows as nothing or turns the text around (a Hangul filler, a right-to-left
override), which room names must not hold either.
"""

import re
import unicodedata
from functools import lru_cache

from confusable_homoglyphs.categories import unique_aliases
from confusable_homoglyphs.confusables import confusables_data
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _


def _homoglyphs() -> dict[str, list[str]]:
    """Every confusable character with the characters (or strings) it looks like. The
    library's data wraps right-to-left letters in left-to-right marks for display."""
    table: dict[str, list[str]] = {}
    for char, found in confusables_data.items():
        table.setdefault(char.replace("\u200e", ""), []).extend(
            glyph["c"].replace("\u200e", "") for glyph in found)
    return table


HOMOGLYPHS = _homoglyphs()


@lru_cache(maxsize=65536)
def _prototype(char: str) -> str:
    """What ``char`` looks like: one character (or a few) that stands for every
    character that looks the same.

    Unicode's confusables.txt maps each confusable character to its prototype, and a
    prototype to nothing. confusable_homoglyphs keeps those pairs both ways round ("a"
    lists "а", and "а" lists "a"), so the direction is read back from the shape:
    - a character that looks like several ("m" like "rn") maps to them;
    - a character that several look like is a prototype ("l": "I", "1", "|"…);
    - a character that looks like one prototype maps to it ("а" to "a");
    - of two characters that only look like each other, either stands for both.
    Checked against the skeletons of Unicode 13's confusables.txt: the same classes but
    3 of 3,661 (line separators, the Hangul fillers and ẚ), none an issue for a name.
    """
    glyphs = HOMOGLYPHS.get(char)
    if not glyphs or len(glyphs) > 1:
        return char
    (other,) = glyphs
    if len(other) > 1:
        return "".join(_prototype(c) for c in other)
    if len(HOMOGLYPHS.get(other, ())) > 1:
        return other
    return min(char, other)


def skeleton(text: str) -> str:
    """TR39's skeleton: two strings that look alike have the same one."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(_prototype(c) for c in decomposed))


def without_accents(text: str) -> str:
    """``text`` without its accents and other combining marks ("xiaomíng" is
    "xiaoming"): decomposed (NFKD) and every mark that combines with the letter before
    it dropped. Marks are small on the screen and a glance misses them."""
    return "".join(char for char in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(char))


def looks(name: str) -> set[str]:
    """How ``name`` looks, in any case, with or without its accents: its skeleton with
    case folded before, after, or not at all, since folding and look-alikes cross.
    "ALICE" is "alice" once folded; "aIice" (a capital I) is "alice" only unfolded, "i"
    does not look like "l"; "b0b" is "bOb" and so "bob" once folded after; "xiaomíng" is
    "xiaoming" without its accent."""
    found = set()
    for text in {name, without_accents(name)}:
        plain = skeleton(text)
        found |= {plain, skeleton(text.casefold()), skeleton(plain.casefold())}
    return found


def look_alike(name: str) -> str | None:
    """A user name already taken that looks like ``name``, or None.

    Without a stored skeleton (that would need a custom user model), every name is read
    and compared: names only, streamed, a few milliseconds per thousand users. Sign-ups
    are throttled per address (accounts.login_limits); at hundreds of thousands of users, store
    the skeleton in a table of its own with an index and look it up instead.
    """
    mine = looks(name)
    User = get_user_model()
    names = User._default_manager.values_list(User.USERNAME_FIELD, flat=True)
    for other in names.iterator(chunk_size=2000):
        if looks(other) & mine:
            return other
    return None


# TR39's "moderately restrictive" level: a name is written in one script; or Latin with
# the scripts of Chinese, Japanese or Korean; or Latin with one other script, except
# Cyrillic and Greek, whose letters pass for Latin ones ("раураl" is not "paypal").
CJK_WITH_LATIN = [
    {"LATIN", "HAN", "HIRAGANA", "KATAKANA"},
    {"LATIN", "HAN", "BOPOMOFO"},
    {"LATIN", "HAN", "HANGUL"},
]
PASS_FOR_LATIN = {"CYRILLIC", "GREEK"}


# Characters that show as nothing, or that turn the text around them: a name that holds
# one looks like another name, or like nothing ("lanaba5" followed by a Hangul filler is
# "lanaba5" on the screen; a right-to-left override makes "周末局" show backwards).
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), written out here so
# that it does not depend on the Python's Unicode version.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# The Hangul fillers (letters to Unicode, blank on the screen) and the bidirectional
# controls: in the ranges above, named again because they are why the check exists.
HANGUL_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                          "\u200e\u200f\u061c")
INVISIBLE = frozenset(chr(code) for first, last in DEFAULT_IGNORABLE
                      for code in range(first, last + 1)) | HANGUL_FILLERS | BIDI_CONTROLS


# What an account is called once deleted (accounts.keeping), with a few random letters
# after it (user names are unique). "#" is refused by sign-up, so no living player can
# take it; games.words.labels.person_name shows it in the reader's language.
DELETED_NAME = "已注销玩家"
# How the English pages show it ("Deleted player #1a2b3c4d"), without its space.
DELETED_NAME_SHOWN = "deletedplayer"
# What a name may hold between letters that a glance reads past.
SEPARATORS = re.compile(r"[\s._\-+@#]")


def passes_for_deleted(name: str) -> bool:
    """Whether ``name`` would pass for a deleted account's ("已注销玩家1a2b", "已注销_玩家",
    "DeletedPlayer1a2b", look-alike letters in either): such a name, in a table or a
    ranking, says a person is gone who is not. Read without separators, in any case,
    by its look."""
    plain = SEPARATORS.sub("", name)
    marks = {skeleton(DELETED_NAME), skeleton(DELETED_NAME_SHOWN)}
    return any(mark in look for look in looks(plain) for mark in marks)

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
        return (bool(before) and bool(after) and _is_symbol(after)
                and (_is_symbol(before) or before in EMOJI_SELECTORS))
    return False


def refuse_invisible(text: str, *, emoji: bool = False) -> None:
    """Raise ValidationError when ``text`` has a character ``invisible_characters``
    finds, saying which (as U+XXXX: they cannot be shown)."""
    found = invisible_characters(text, emoji=emoji)
    if found:
        raise ValidationError(
            _("Names may not contain invisible or direction-changing characters "
              "(this one has %(characters)s)."),
            code="invisible",
            params={"characters": ", ".join(f"U+{ord(char):04X}" for char in found)})


def mixes_scripts(name: str) -> bool:
    """Whether ``name`` mixes scripts the way a spoof does."""
    scripts = unique_aliases(name) - {"COMMON", "INHERITED"}  # digits, _ . @, accents
    if len(scripts) <= 1 or any(scripts <= allowed for allowed in CJK_WITH_LATIN):
        return False
    return not (len(scripts) == 2 and "LATIN" in scripts and not scripts & PASS_FOR_LATIN)
