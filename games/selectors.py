"""Read-side queries for the lobby (the live table reads through ``games.table``)."""



from games import labels
from games.models import Room, Seat
from games.rules.options import RoomOptions


def open_rooms(*, limit: int = 50) -> list[Room]:
    """Rooms people can look at or join, newest first, with their seats."""
    return list(
        Room.objects.exclude(status=Room.Status.CLOSED)
        .select_related("owner")
        .prefetch_related("seats__user")[:limit]
    )


def lobby_rooms() -> list[dict]:
    """The lobby's list: each open room with its players and a summary of its rules."""
    return [
        {"room": room, "seats": [seat_label(s) for s in room.seats.all()],
         "summary": options_summary(room.options)}
        for room in open_rooms()
    ]


def seat_label(seat: Seat) -> str:
    """A person's user name; a computer player is named by its seat, so that three of
    them at one table can be told apart."""
    if seat.user_id:
        return seat.user.username
    if seat.bot_level:
        return labels.bot_name(seat.index, seat.bot_level)
    return ""


def options_summary(options: dict) -> list[str]:
    """A few words on what makes this room's rules special."""
    parsed = RoomOptions.from_dict(options)
    from django.utils.translation import gettext as _

    cap = _("no cap") if parsed.cap is None else _("cap %(fan)d fan") % {"fan": parsed.cap}
    words = [_("base %(base)d") % {"base": parsed.base}, cap]
    if parsed.rounds is not None:
        from django.utils.translation import ngettext

        words.insert(0, ngettext("a match of %(rounds)d round", "a match of %(rounds)d rounds",
                                 parsed.rounds) % {"rounds": parsed.rounds})
    if parsed.zimo_bonus != "none":
        words.append(_("self-drawn bonus: %(kind)s") % {
            "kind": _("+base") if parsed.zimo_bonus == "base" else _("+1 fan")})
    for name, text in (("haidi", _("last-tile extras")), ("jingoudiao", _("golden hook")),
                       ("ready_difference", _("ready difference"))):
        if getattr(parsed, name):
            words.append(str(text))
    if not parsed.kong_transfer:
        words.append(_("no call transfer"))
    return words
