"""Words for the coach's and the review's figures (``games.players.coach``): a move, the
reason for 大师's choice, steps to ready and the danger of a discard. Translated when
called, in the active language."""

from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from games.rules.tiles import SUITS, tile_str
from games.words import display, labels

# The reasons of ``coach.REASONS``, each with the names of its figures.
REASONS = {
    "zimo": (_("A self-drawn win (自摸) scores %(fan)s fan."), ("fan",)),
    "win": (_("The win scores %(fan)s fan."), ("fan",)),
    "wait_for_zimo": (
        _(
            "Waiting for a self-drawn win, paid by everyone still in, is "
            "expected to score more than this win."
        ),
        (),
    ),
    "kong_keeps_steps": (
        _("The kong keeps the hand as close to ready (%(after)s after it)."),
        ("after",),
    ),
    "kong_money": (
        _("Early in the round a kong's money is worth a step: %(before)s before, %(after)s after."),
        ("before", "after"),
    ),
    "keeps_flush": (
        _("A meld of another suit would end the full flush (清一色) in %(suit)s."),
        ("suit",),
    ),
    "pong_closer": (
        _(
            "The pong brings the hand closer to ready, or as close with more tiles "
            "to wait for: %(before)s now, %(after)s after."
        ),
        ("before", "after"),
    ),
    "pong_not_closer": (
        _("The pong would not bring the hand closer to ready: %(before)s now, %(after)s after."),
        ("before", "after"),
    ),
    "pass": (_("Nothing here is worth claiming."), ()),
    "discard": (_("The discard that keeps the most: see the candidates."), ()),
    "locked": (_("After a win the drawn tile is thrown."), ()),
    "discard_closer": (
        _("The expert's discard leaves the hand %(best_steps)s; this one, %(other_steps)s."),
        ("best_steps", "other_steps"),
    ),
    "discard_wider": (
        _("As close to ready, with more tiles that help: %(best)s against %(other)s."),
        ("best", "other"),
    ),
    "discard_safer": (
        _("As close to ready, and less likely to deal in: %(best)s %% against %(other)s %%."),
        ("best", "other"),
    ),
    "discard_value": (
        _(
            "As close to ready; the hand it leaves is worth more (its chance to win "
            "times what the win would score)."
        ),
        (),
    ),
}
# The two win reasons for a plain win (平胡), which counts no fan: never "0 fan".
PLAIN_WIN_REASONS = {
    "zimo": _("A self-drawn win (自摸), plain (平胡)."),
    "win": _("The win is a plain win (平胡)."),
}

# The figures that count steps to ready (向听), said as such.
STEP_FIGURES = {"before", "after", "best_steps", "other_steps"}


# A move as the table's own buttons say it (templates/games/table/_my_actions.html), for
# 大师's choice in the coach's panel; the review tells moves made (``labels.VERBS``).
BUTTON_VERBS = {
    "discard": _("Discard"),
    "pong": _("Pong"),
    "kong": _("Kong"),
    "concealed_kong": _("Concealed kong"),
    "added_kong": _("Added kong"),
    "win": _("Win"),
    "zimo": _("Self-drawn win"),
    "pass": _("Pass"),
}


def action_words(action, verbs=labels.VERBS) -> str:
    """A move in words: 打出 五万, 碰, 过 (``verbs``: the words of each verb)."""
    verb, arg = action
    words = str(verbs.get(verb, verb))
    if isinstance(arg, int) and verb in ("discard", "concealed_kong", "added_kong"):
        return f"{words} {display.tile_name(tile_str(arg))}"
    return words


def steps_words(shanten: int) -> str:
    """向听 in words: 听牌 / 1 向听."""
    if shanten <= 0:
        return gettext("ready")
    return ngettext("%(steps)s step from ready", "%(steps)s steps from ready", shanten) % {
        "steps": shanten
    }


def reason_words(reason: str, figures: tuple[int, ...]) -> str:
    if reason in PLAIN_WIN_REASONS and figures == (0,):
        return str(PLAIN_WIN_REASONS[reason])
    text, names = REASONS[reason]
    values = {}
    for name, figure in zip(names, figures, strict=True):
        if name == "suit":
            values[name] = display.suit_name(SUITS[figure])
        elif name in STEP_FIGURES:
            values[name] = steps_words(figure)
        else:
            values[name] = figure
    return str(text) % values if values else str(text)


def danger_words(danger: tuple[tuple[int, float], ...]) -> str:
    """Each opponent's chance to be dealt in, by seat wind: 南 12 %, 西 3 %."""
    return pgettext("between the words of a list", ", ").join(
        f"{labels.SEAT_WINDS[seat]} {round(chance * 100)} %" for seat, chance in danger
    )
