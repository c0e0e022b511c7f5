"""A room's rules in a few words, for the lobby and the table's menu: what makes them
special beside the common Chengdu defaults."""

from games.rules.options import RoomOptions
from games.words import labels


def options_summary(options: dict) -> list[str]:
    """A few words on what makes this room's rules special."""
    parsed = RoomOptions.from_dict(options)
    from django.utils.translation import gettext as _

    cap = _("no cap") if parsed.cap is None else _("cap %(fan)d fan") % {"fan": parsed.cap}
    words = [_("base %(base)d") % {"base": parsed.base}, cap]
    # The table first (how many play, RULES.md section 14), then the way to play:
    # 血战到底 or 血流成河 (section 13).
    words[:0] = [labels.table_name(parsed), labels.mode_name(parsed)]
    if parsed.xueliu and parsed.xueliu_kongs == "fan":
        words.append(_("kongs as fan"))
    if parsed.rounds is not None:
        from django.utils.translation import ngettext

        words.insert(
            0,
            ngettext("a match of %(rounds)d round", "a match of %(rounds)d rounds", parsed.rounds)
            % {"rounds": parsed.rounds},
        )
    if parsed.zimo_bonus != "none":
        words.append(
            _("self-drawn bonus: %(kind)s")
            % {"kind": _("+base") if parsed.zimo_bonus == "base" else _("+1 fan")}
        )
    for name, text in (
        ("haidi", _("last-tile extras")),
        ("jingoudiao", _("golden hook")),
        ("ready_difference", _("ready difference")),
    ):
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
    words += _table_scoring_words(parsed)
    if parsed.coaching:
        words.append(coaching_words())
    return words


def _table_scoring_words(parsed: RoomOptions) -> list[str]:
    """RULES.md section 14's scoring options, when set."""
    from django.utils.translation import gettext as _

    words = []
    if parsed.ron_needs_fan:
        words.append(_("a discard win needs 1 fan"))
    if parsed.pongs_fan == 2:
        words.append(_("对对胡 2 fan"))
    if parsed.middle_five:
        words.append(_("middle five (夹心五)"))
    return words


def coaching_words() -> str:
    """What a room that allows the coach says of it, wherever its rules are shown."""
    from django.utils.translation import gettext as _

    return _("Coach allowed · not ranked")
