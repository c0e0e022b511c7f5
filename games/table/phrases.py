"""Quick phrases: the only talk at the table. A seated player picks one of a fixed list by
its key; everyone at the table sees it for a few seconds as a bubble at that player's
seat, each in their own language. No free text travels: the key is checked against the
list when the frame is read (games.table.commands), and only the key crosses the channel
layer, so the text every page shows is the list's own.

A player may send at most one phrase every few seconds and a few a minute
(``games.table.phrase_limits``). Whether a player sees bubbles at all is a table
setting kept in their browser (static/js/table-prefs.js, "phrases").
"""

from dataclasses import dataclass

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.models import AbstractBaseUser
from django.template.loader import render_to_string
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.models import Room
from games.play.broadcast import room_group
from games.play.errors import ServiceError
from games.rooms.seating import seat_of
from games.table import phrase_limits
from games.words import labels


@dataclass(frozen=True)
class Phrase:
    key: str  # what the page sends and the channel layer carries; never changes
    text: str | Promise  # what the bubble shows (an emoji is shown as it is)
    label: str | Promise | None = None  # an emoji's name, for screen readers

    @property
    def name(self) -> str:
        """What a screen reader says for it."""
        return str(self.label if self.label is not None else self.text)


PHRASES = (
    Phrase("hurry", _("Hurry up!")),
    Phrase("nice", _("Well played!")),
    Phrase("dealt_in", _("You dealt in again!")),
    Phrase("sorry", _("Sorry!")),
    Phrase("lucky", _("So lucky!")),
    Phrase("thanks", _("Thanks!")),
    Phrase("think", _("Let me think…")),
    Phrase("again", _("One more round!")),
    Phrase("thumbs_up", "👍", _("Thumbs up")),
    Phrase("laugh", "😂", _("Tears of joy")),
    Phrase("cry", "😭", _("Crying")),
    Phrase("angry", "😡", _("Angry")),
    Phrase("party", "🎉", _("Celebration")),
)
BY_KEY = {phrase.key: phrase for phrase in PHRASES}

# The message every table socket of the room is given (TableConsumer.table_phrase).
GROUP_MESSAGE = "table.phrase"


def send(*, room: Room, user: AbstractBaseUser, key: str) -> None:
    """Show phrase ``key`` at ``user``'s seat to everyone at ``room``'s table.
    ServiceError (nothing sent) when the key is not a phrase, the user has no seat there
    (a spectator, a stranger) or has sent too many lately."""
    phrase = BY_KEY.get(key)
    if phrase is None:
        raise ServiceError(str(_("That is not one of the table's phrases.")))
    seat = seat_of(room, user) if user.is_authenticated else None
    if seat is None:
        raise ServiceError(str(_("Only the players at this table can send phrases.")))
    refusal = phrase_limits.phrase_refusal(user.pk)
    if refusal is not None:
        raise ServiceError(refusal)
    async_to_sync(get_channel_layer().group_send)(
        room_group(room.code),
        {
            "type": GROUP_MESSAGE,
            "seat": seat.index,
            "phrase": phrase.key,
            "name": user.get_username(),
        },
    )


def bubble(*, seat: int, key: str, name: str) -> str | None:
    """The bubble at ``seat``'s place as one viewer sees it, in the active language: an
    update of that seat's phrase spot (``#phrase-<seat>``, a polite live region that
    stays on the page, so only its content is swapped). None for a key not in the list."""
    phrase = BY_KEY.get(key)
    if phrase is None or seat not in range(len(labels.SEAT_WINDS)):
        return None
    return render_to_string(
        "games/table/_phrase_bubble.html",
        {
            "seat": seat,
            "phrase": phrase,
            "wind": labels.SEAT_WINDS[seat],
            "name": name,
        },
    ).strip()
