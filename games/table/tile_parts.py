"""The table's three busiest parts, put together in Python from each tile's remembered
markup (``games.table.tiles``): a seat's river, the pool of every discard, and the
viewer's own hand.

They change with nearly every move (a river or the pool with every discard, the mover's
hand with every draw), so they were rendered from their templates again and again: two
of every three template renders of a change, at fifty tables a tenth of the server's CPU.
Their markup is a frame around joined tiles, kept here in one place for the table and the
replay (games.history.replay_frames), byte for byte what the templates made.
"""

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from games.table.tiles import hand_html, pool_html, tiles_html


def river(part_id: str, discards, last: bool) -> str:
    """A seat's discards in order; ``last``: the table's latest move was its last one,
    ringed and sliding in."""
    opening = f'<div id="{escape(part_id)}" class="river">'
    if not discards:
        return mark_safe(opening + "</div>")
    if last:
        tiles = (
            tiles_html(discards[:-1], "img", "li")
            + f'<li class="last-discard just-played">{tiles_html(discards[-1:], "img")}</li>'
        )
    else:
        tiles = tiles_html(discards, "img", "li")
    label = escape(gettext("Discards"))
    return mark_safe(f'{opening}<ol class="discards" aria-label="{label}">{tiles}</ol></div>')


def pool(seats_winds_tiles) -> str:
    """Every discard in the order played, each saying whose it was."""
    label = escape(gettext("All discards in the order played"))
    return mark_safe(
        f'<ol id="pool" class="pool" aria-label="{label}">{pool_html(seats_winds_tiles)}</ol>'
    )


def my_hand(
    *,
    tiles,
    action_url: str,
    csrf: str,
    discard_version: int | None,
    received: tuple,
    coach: str,
) -> str:
    """The viewer's hand: a button per tile (see ``tiles.hand_html``), inside the discard
    form while they may discard; the tiles received in 换三张 and the coach's pick named
    for the page's marks."""
    marks = ""
    if received:
        marks += (
            f' data-received="{escape(" ".join(received))}"'
            f' data-received-mark="{escape(gettext("Swapped in"))}"'
        )
    if coach:
        coach_mark = escape(gettext("the expert's"))
        marks += f' data-coach="{escape(coach)}" data-coach-mark="{coach_mark}"'
    buttons = hand_html(tiles)
    if discard_version is not None:
        buttons = (
            f'<form ws-send method="post" action="{escape(action_url)}" class="tile-form">'
            f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(csrf)}">'
            f'<input type="hidden" name="type" value="discard">'
            f'<input type="hidden" name="version" value="{escape(discard_version)}">'
            f"{buttons}</form>"
        )
    return mark_safe(
        f'<div id="me-hand" class="hand" role="group" aria-label="{escape(gettext("Your hand"))}"'
        f' tabindex="-1"{marks}>{buttons}</div>'
    )
