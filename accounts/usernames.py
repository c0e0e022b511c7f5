"""User names that players can tell apart.

Django's UsernameField has already normalised a name (NFKC: fullwidth "ａｌｉｃｅ" is
"alice"), and Django's sign-up form refuses one that is taken but for case. On top of
that a new name is refused when it *looks* like one taken: the same skeleton (Unicode
TR39: "аlice" with a Cyrillic а looks like "alice", "rn" like "m"), in any case, with
or without accents ("xiaomíng" looks like "xiaoming"); when it mixes scripts the way
spoofs do (Latin letters with Cyrillic or Greek ones); and when it holds a character
that shows as nothing or turns the text around (a Hangul filler, a right-to-left
override), which room names must not hold either (``common.names``, shared with games).
"""

import re
import unicodedata
from functools import lru_cache

from confusable_homoglyphs.categories import unique_aliases
from confusable_homoglyphs.confusables import confusables_data
from django.contrib.auth import get_user_model

from common.names import DELETED_NAME, DELETED_NAME_SHOWN


def _homoglyphs() -> dict[str, list[str]]:
    """Every confusable character with the characters (or strings) it looks like. The
    library's data wraps right-to-left letters in left-to-right marks for display."""
    table: dict[str, list[str]] = {}
    for char, found in confusables_data.items():
        table.setdefault(char.replace("\u200e", ""), []).extend(
            glyph["c"].replace("\u200e", "") for glyph in found
        )
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
    return "".join(
        char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
    )


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


def mixes_scripts(name: str) -> bool:
    """Whether ``name`` mixes scripts the way a spoof does."""
    scripts = unique_aliases(name) - {"COMMON", "INHERITED"}  # digits, _ . @, accents
    if len(scripts) <= 1 or any(scripts <= allowed for allowed in CJK_WITH_LATIN):
        return False
    return not (len(scripts) == 2 and "LATIN" in scripts and not scripts & PASS_FOR_LATIN)
