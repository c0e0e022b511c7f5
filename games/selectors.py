"""Read-side queries for the lobby (the live table reads through ``games.table``)."""

from django.db.models import Max

from games import labels, matches
from games.models import Room, Seat
from games.rules.options import RoomOptions

LIST_LENGTH = 50  # tables shown in each of the lobby's lists, newest first


def open_rooms(*, limit: int = 2 * LIST_LENGTH) -> list[Room]:
    """Rooms that are not closed, newest first, with their seats and the number of
    their latest round (``latest_round``, None before the first)."""
    return list(
        Room.objects.exclude(status=Room.Status.CLOSED)
        .annotate(latest_round=Max("rounds__number"))
        .select_related("owner")
        .prefetch_related("seats__user")[:limit]
    )


def lobby_rooms() -> dict[str, list[dict]]:
    """The lobby's two lists: ``open``, tables with a free seat where a person may sit
    down now; ``played``, tables with a round in progress or every seat taken (watched,
    not joined). A full table is never shown as waiting; a closed room is in neither."""
    lists: dict[str, list[dict]] = {"open": [], "played": []}
    for room in open_rooms():
        entry = lobby_entry(room)
        kind = "played" if entry["playing"] or not entry["free"] else "open"
        if len(lists[kind]) < LIST_LENGTH:
            lists[kind].append(entry)
    return lists


def lobby_entry(room: Room) -> dict:
    """One table of the lobby: its players, rules, free seats and where its match is."""
    seats = list(room.seats.all())
    return {
        "room": room,
        "seats": [seat_label(s) for s in seats],
        "summary": options_summary(room.options),
        "free": sum(1 for s in seats if s.is_empty),
        "playing": room.status == Room.Status.PLAYING,
        "round": getattr(room, "latest_round", None),
        "rounds": matches.match_length(room.options),
    }


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
    # The way to play first: 血战到底 or 血流成河 (RULES.md section 13).
    words.insert(0, labels.mode_name(parsed))
    if parsed.xueliu and parsed.xueliu_kongs == "fan":
        words.append(_("kongs as fan"))
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
    if parsed.exchange_three:  # RULES.md section 13
        words.append(_("swap three (换三张)"))
    # RULES.md section 13's seed variants, when set.
    if parsed.kong_bloom_from_discard == "feeder_all":
        words.append(_("kong bloom: the feeder pays all"))
    if not parsed.late_added_kong_pays:
        words.append(_("late added kongs unpaid"))
    if parsed.concealed_kong_shown:
        words.append(_("concealed kongs shown"))
    if parsed.last_tiles_rule == "active":
        words.append(_("last tiles as players left"))
    if parsed.fan_table == "video":
        words.append(_("QQ fan table"))
    return words
