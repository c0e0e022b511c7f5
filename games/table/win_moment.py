"""The win moment as one viewer sees it: what ``templates/games/table/_win_banner.html``
shows while a win is the table's latest happening (``games.table.parts`` renders it).

胡, 自摸, 抢杠胡 or 一炮多响 said large; who won on which tile and for how much, on one line;
the pattern and who fed the tile under it; and the winner's hand with the winning tile
set apart — the viewer's own card, bigger, when the viewer won. It shows for the win's
pause, for which play waits (``games.play.offers.win_moment``), then goes by itself or
at a tap (static/js/win-moment.js, static/css/win.css)."""

from django.conf import settings
from django.utils.translation import gettext as _

from games.words import labels
from games.words.settlement_words import win_points

WIN_REASONS = ("ron", "zimo", "rob_kong", "kong_transfer")
WIN_CUES = ("win", "zimo")  # the happenings the banner shows


def banner(snap, view: dict, cue: dict) -> dict:
    """The banner's data (hashable: the rendering is remembered by it) for the viewer of
    ``view``, a ``games.play.snapshot.TableSnapshot``'s engine view, after ``cue``."""
    # How long the banner lasts on the page: the pause (at least a moment without one).
    seconds = f"{max(settings.WIN_PAUSE_SECONDS, 1.5):g}"
    if cue.get("kind") not in WIN_CUES or not view["winners"]:
        return {"winners": (), "seconds": seconds}
    names, viewer = snap.names, view["viewer"]
    winds = [str(w) for w in labels.SEAT_WINDS]
    last = view["winners"][-1]
    # One discard may make several winners (一炮多响): all won on the same claim.
    newest = [
        w for w in view["winners"] if last["claim"] is not None and w["claim"] == last["claim"]
    ] or [last]
    if len(newest) > 1:
        word = _("Multiple win")
    else:
        word = {"zimo": _("Self-drawn win"), "rob_kong": _("Robbing a kong")}.get(
            last["how"], _("Win")
        )
    winners = []
    for win in newest:
        points = win_points(view["winners"], view["ledger"], win, WIN_REASONS)
        seat = win["seat"]
        # The seat's token names the seat that glows: "me" for the viewer's own (#me).
        winners.append(
            (
                "me" if seat == viewer else str(seat),
                winds[seat],
                _("You") if seat == viewer else names[seat],
                points,
                labels.describe_patterns(win["patterns"]),
                labels.fan_and_points(win["fan"], points),
            )
        )
    mine = next((w for w in newest if w["seat"] == viewer), None)
    hand, melds = _hand(view, mine or (last if len(newest) == 1 else None))
    return {
        "winners": tuple(winners),
        "word": word,
        "tile": last["tile"],
        "source": labels.win_words(last, names)[1],
        "mine": mine is not None,
        "hand": hand,
        "melds": melds,
        "seconds": seconds,
    }


def _hand(view: dict, win: dict | None) -> tuple[tuple, tuple]:
    """The winner's tiles in hand (a self-drawn winning tile taken out: it is shown
    apart) and melds, as this viewer may see them (laid down: everybody may)."""
    if win is None:
        return (), ()
    player = view["players"][win["seat"]]
    tiles = list(player["hand"] or ())
    if win["tile"] in tiles and len(tiles) + 3 * len(player["melds"]) == 14:
        tiles.remove(win["tile"])
    return tuple(tiles), tuple((kind, tile) for kind, tile in player["melds"])
