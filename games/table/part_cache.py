"""A part of the table rendered from a small tuple of plain values, and remembered by it:
a river, a hand of backs or the scoreboard is rendered once per change for every viewer
who sees it alike."""

import threading
from contextlib import contextmanager
from functools import lru_cache

from django.template.loader import get_template
from django.utils.translation import get_language

from games.table.tiles import tile_markup

# The language of the table being rendered on this thread (``in_language``): a table's
# twenty-odd parts need not each ask Django for it (a context-local lookup each time).
_rendering = threading.local()


@contextmanager
def in_language(language: str):
    """Render the parts inside in ``language`` (already the active one)."""
    before = getattr(_rendering, "language", None)
    _rendering.language = language
    try:
        yield
    finally:
        _rendering.language = before


def current_language() -> str:
    """The language of the table being rendered (the active one)."""
    return getattr(_rendering, "language", None) or get_language()


def render_part(template: str, **data) -> str:
    """``template`` rendered with ``data`` (hashable values only), remembered by both."""
    # In the order of the call, unsorted: one call site always names its values in the
    # same order, and the names are in the key, so another order only adds an entry.
    return _rendered(template, current_language(), tuple(data.items()))


@lru_cache(maxsize=8192)
def _rendered(template: str, language: str, data: tuple) -> str:
    # ``language`` only keys the cache: the template translates in the active language.
    return get_template(f"games/table/{template}").render(dict(data)).strip()


def forget_rendered() -> None:
    """Forget every part (tests: each test's database numbers its rooms again)."""
    _rendered.cache_clear()
    tile_markup.cache_clear()
