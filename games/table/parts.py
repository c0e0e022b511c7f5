"""The table as one viewer may see it, rendered part by part.

Every part is an element with its own id (``scores``, ``seat-2-river``, ``center``,
``me-hand``…). ``render_table`` returns them in page order together with the *layout*:
what the parts are and where they stand (which seat is on which side, whether the round
is over). Two renders with the same layout differ only inside parts, so a browser that
shows one is brought to the other by swapping the parts that differ (see
``games.table.screen``); the full table is nothing but the same parts put together.

A part is rendered from a small tuple of plain values (``part_cache.render_part``), and
the HTML for each such tuple is remembered: a river, a hand of backs or the scoreboard is
rendered once per change for every viewer who sees it alike. What differs per viewer (the
viewer's own hand and buttons: ``own_parts``) is rendered for that viewer only. No part
of another seat is ever rendered from anything but what the engine's view for this
viewer shows.
"""

import math
from dataclasses import dataclass
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games.models import Round
from games.play import cues, matches, offers
from games.play.deadlines import is_arriving, is_away
from games.play.snapshot import TableSnapshot
from games.rooms import origins
from games.rules.tiles import tile_str
from games.table import center, own_parts, tile_parts, version_token, win_moment
from games.table.part_cache import current_language, in_language, render_part
from games.words import labels

# Where each seat is drawn, in turn order from the viewer's: 下家 on the right, 对家 at
# the top, 上家 on the left. At a table for three the top side stays empty; at a table
# for two the other player sits opposite (RULES.md section 14).
POSITIONS = {
    4: ("bottom", "right", "top", "left"),
    3: ("bottom", "right", "left"),
    2: ("bottom", "top"),
}


def position(index: int, viewer: int | None, seats: int) -> str:
    """Where seat ``index`` is drawn for ``viewer`` (a spectator sees East at the bottom)."""
    return POSITIONS[seats][(index - (viewer or 0)) % seats]


@dataclass
class RenderedTable:
    layout: tuple  # what parts there are and where; a change means a whole new table
    parts: dict  # part id -> HTML, in page order
    board: dict | None  # the frame around the parts, for the full table

    def full(self, *, oob: bool = False) -> str:
        """The whole ``#table``: the frame with every part in it."""
        names = {key.replace("-", "_"): mark_safe(html) for key, html in self.parts.items()}
        board = None
        if self.board is not None:
            others = [
                SimpleNamespace(
                    index=s["index"],
                    position=s["position"],
                    label=s["label"],
                    **{
                        k: mark_safe(self.parts[f"seat-{s['index']}-{k}"])
                        for k in ("head", "hand", "melds", "river")
                    },
                )
                for s in self.board["others"]
            ]
            board = {
                "others": others,
                "me": self.board["me"],
                "ended": self.board["ended"],
                "me_index": self.board.get("me_index"),
                "seats": self.board.get("seats", 4),
                "table": self.board.get("table", ""),
            }
        return mark_safe(
            render_to_string(  # the parts are our own escaped HTML
                "games/table/_table.html", {"parts": names, "board": board, "oob": oob}
            ).strip()
        )


def render_table(snap: TableSnapshot, *, user, csrf: str, request=None) -> RenderedTable:
    """The table of ``snap`` as ``user`` (seated or not) may see it, in the active
    language. ``csrf`` goes into the forms, for when they are posted without the socket."""
    language = get_language()
    with in_language(language):
        # Asked once: ``user`` is a lazy object on a socket, each question a lookup.
        user_id = user.pk if user.is_authenticated else None
        mine = snap.seat_of(user_id)
        in_play = snap.round is not None and snap.round.status != Round.Status.ENDED
        if mine is not None or not in_play:
            return _render_table(snap, mine, user=user, user_id=user_id, csrf=csrf, request=request)
        # A watcher's table during a round holds nothing of the person watching (no hand,
        # no form, no seating): every watcher in one language shares one render.
        key = ("watchers' table", language)
        found = snap.memo.get(key)
        if found is None:
            found = snap.memo[key] = _render_table(
                snap, None, user=user, user_id=user_id, csrf=csrf, request=request
            )
        return found


def _render_table(
    snap: TableSnapshot, mine, *, user, user_id: int | None, csrf: str, request
) -> RenderedTable:
    """The table as the person of seat ``mine`` (None: a watcher) sees it."""
    viewer = mine.index if mine else None
    engine = snap.shown
    view = engine.view(viewer) if engine is not None else None
    shown_version = _shown_version(snap, viewer)
    shared = _shared(snap)
    winds, names = shared.winds, shared.names
    parts: dict = {}

    between_rounds = snap.round is None or snap.round.status == Round.Status.ENDED
    parts["scores"] = render_part(
        "_scores.html",
        rows=tuple(
            (winds[i], names[i], snap.scores[i], i == viewer) for i in range(len(snap.seats))
        ),
        round_label=shared.round_label,
        # Two players from one network or one browser: a flag in the bar while a round is
        # played (between rounds the seating part says it in a whole line).
        shared=() if between_rounds else tuple(origins.shared_origins(snap.seats)),
    )

    board = None
    layout: list = [viewer, view is not None]
    if view is not None:
        others = []
        public = _public_seats(snap, winds)
        # Around the table in turn order: you at the bottom, 下家 on the right, 对家 at
        # the top, 上家 on the left (``position``). A spectator sees every seat, East at
        # the bottom.
        for index in range(engine.seats):
            if index == viewer:
                continue
            label = f"{winds[index]} · {names[index]}"
            where = position(index, viewer, engine.seats)
            others.append({"index": index, "position": where, "label": label})
            parts.update(public[index])
        parts["center"] = center.center(snap, view, viewer, winds, shared.cue)
        parts["pool"] = _pool(snap, winds)
        me_label = str(_("You")) if viewer is not None else None
        ended = view["phase"] == "ended"
        if viewer is not None:
            mine = view["players"][viewer]
            parts["me-head"] = _seat_head("me-head", snap, view, viewer, winds)
            parts["me-melds"] = _melds("me-melds", snap, viewer, mine["melds"])
            parts["me-river"] = _river("me-river", snap, viewer, mine["discards"])
            parts.update(own_parts.my_parts(snap, view, viewer, csrf, shown_version))
        parts["win-banner"] = shared.no_win_banner or _win_banner(snap, view)
        parts["table-cue"] = _cue(snap, view, viewer, shared)
        # The page that compares a sealed table's results (challenge.views.room_results):
        # named, not imported, since games never imports the challenge. Under the final
        # standings once the match is over, under each deal's settlement before.
        compared_at = (
            reverse("challenge:room_results", args=[snap.room_code])
            if ended and snap.sealed
            else None
        )
        if ended and snap.standings is not None:
            parts["standings"] = render_part(
                "_standings.html",
                rounds=snap.match_rounds,
                compared_at=compared_at,
                rows=matches.rows(snap.standings, user_id=user_id if mine else None),
            )
            compared_at = None
        if ended:
            parts["settlement"] = _settlement(snap, view, winds, compared_at)
        parts["commitment"] = shared.commitment
        board = {
            "others": others,
            "me": me_label,
            "ended": ended,
            "me_index": viewer,
            "seats": engine.seats,
            # A table of RULES.md section 14 says so on the settlement's bar.
            "table": _table_words(engine.options),
        }
        layout += [
            tuple((s["index"], s["position"], s["label"]) for s in others),
            me_label,
            ended,
            "standings" in parts,
            "me-coach" in parts,
        ]
    if between_rounds:
        parts["seating"] = _seating(snap, user, viewer, winds, csrf, request)
    layout.append(between_rounds)
    parts["table-version"] = (
        f'<span id="table-version" data-version="{shown_version}" hidden></span>'
    )
    return RenderedTable(layout=(current_language(), *layout), parts=parts, board=board)


def _round_label(snap: TableSnapshot) -> str:
    """ "第 3 / 8 局" in a match of 8 rounds, "第 3 局" in an open-ended room; before the
    first round, how long the match is (nothing in an open-ended room)."""
    number = snap.round.number if snap.round is not None else None
    rounds = snap.match_rounds
    if number is None:
        if rounds is None:
            return ""
        return ngettext("Match of %(rounds)d round", "Match of %(rounds)d rounds", rounds) % {
            "rounds": rounds
        }
    if rounds is None:
        return _("Round %(number)s") % {"number": number}
    return _("Round %(number)s of %(rounds)s") % {"number": number, "rounds": rounds}


def _shown_version(snap: TableSnapshot, viewer: int | None) -> int:
    """The version this viewer's page carries, as a token (games.table.version_token):
    while a tile is on offer, everyone not asked gets the offer's own, marked held, so
    that nobody can count the answers of those who were asked."""
    if (
        snap.offer_version is not None
        and snap.shown is not None
        and not offers.is_asked(snap.shown, viewer)
    ):
        return version_token.encode(snap.room_code, snap.offer_version, held=True)
    return version_token.encode(snap.room_code, snap.version)


def _public_seats(snap: TableSnapshot, winds) -> list[dict]:
    """Each seat's parts as everybody but its player sees them (the view of a spectator:
    the engine shows a seat to every other viewer alike), rendered once per snapshot and
    language for all the viewers of the change."""
    key = ("public seats", current_language())
    found = snap.memo.get(key)
    if found is None:
        view = snap.shown.view(None)
        found = []
        for index, player in enumerate(view["players"]):
            prefix = f"seat-{index}"
            found.append(
                {
                    f"{prefix}-head": _seat_head(prefix + "-head", snap, view, index, winds),
                    f"{prefix}-hand": render_part(
                        "_seat_hand.html",
                        id=prefix + "-hand",
                        count=player["hand_count"],
                        shown=tuple(player["hand"]) if player["hand"] is not None else None,
                    ),
                    f"{prefix}-melds": _melds(
                        prefix + "-melds", snap, index, player["melds"], public=True
                    ),
                    f"{prefix}-river": _river(prefix + "-river", snap, index, player["discards"]),
                }
            )
        snap.memo[key] = found
    return found


def _seat_head(part_id: str, snap: TableSnapshot, view: dict, index: int, winds) -> str:
    """Who sits there and what marks them: dealer, void, 已胡 with the winning tile(s),
    托管, 离线, and this round's points so far."""
    player = view["players"][index]
    seat = snap.seats[index]
    won_tiles = tuple(w["tile"] for w in view["winners"] if w["seat"] == index)
    # Not here: on the way to a table that expects them later, or else offline.
    absent = bool(seat.user_id) and not seat.online
    arriving = is_arriving(seat, snap.loaded_at)
    return render_part(
        "_seat_head.html",
        id=part_id,
        wind=winds[index],
        name=snap.names[index],
        dealer=player["is_dealer"],
        void=player["void"],
        void_chosen=player["void_chosen"],
        out=player["out"],
        won_tiles=won_tiles,
        auto_play=seat.auto_play,
        offline=absent and not arriving,
        arriving=arriving,
        to_act=view["current"] == index,
        net=view["net"][index],
        # 换三张: who has picked is public, what they picked is not.
        exchange_picked=view["phase"] == "exchange" and player["exchange_picked"],
    )


def _last_cue(snap: TableSnapshot) -> dict:
    return (snap.round.cue or {}) if snap.round is not None else {}


def _melds(part_id: str, snap: TableSnapshot, seat: int, melds: list, public: bool = False) -> str:
    """The seat's melds; the newest one marked when it was the table's latest move.
    ``public``: as the other players see them, where a concealed kong whose tile they
    may see (option concealed_kong_shown) lies face down with that one tile turned up."""
    cue = _last_cue(snap)
    newest = cue.get("kind") in ("pong", "kong") and cue.get("seat") == seat and bool(melds)
    return render_part(
        "_melds.html",
        id=part_id,
        melds=tuple(tuple(m) for m in melds),
        newest=newest,
        public=public,
    )


def _river(part_id: str, snap: TableSnapshot, seat: int, discards: list) -> str:
    """The seat's discards in rows; the table's last discard marked when it is this
    seat's (and still lies there)."""
    cue = _last_cue(snap)
    last = (
        cue.get("kind") == "discard"
        and cue.get("seat") == seat
        and bool(discards)
        and discards[-1] == cue.get("tile")
    )
    return tile_parts.river(part_id, discards, last)


def _pool(snap: TableSnapshot, winds) -> str:
    """Every discard in the order played (the table setting "one pool"), rendered once
    per snapshot and language."""
    key = ("pool", current_language())
    found = snap.memo.get(key)
    if found is None:
        tiles = tuple((seat, winds[seat], tile_str(tile)) for seat, tile in snap.shown.pool)
        found = snap.memo[key] = tile_parts.pool(tiles)
    return found


def _cue(snap: TableSnapshot, view: dict, viewer: int | None, shared) -> str:
    """The table's latest public happening for the page's sounds and motion, and
    whether the viewer is to decide now (games.play.cues)."""
    engine = snap.shown
    my_turn = (
        viewer is not None
        and not snap.seats[viewer].auto_play
        and (
            (view["phase"] == "turn" and view["current"] == viewer)
            or offers.is_asked(engine, viewer)
            or (view["phase"] == "void" and not view["players"][viewer]["void_chosen"])
            or (view["phase"] == "exchange" and not view["players"][viewer]["exchange_picked"])
        )
    )
    # Rendered with a stand-in for the key, which is new at every happening: the part is
    # then one of a few per language, and the key (hex digits, nothing to escape) put in.
    html = render_part("_cue.html", kind=shared.cue.get("kind", ""), key=_KEY, my_turn=my_turn)
    return html.replace(_KEY, shared.cue_key, 1)


_KEY = "\x00cue-key\x00"  # in no template, no translation, no kind of cue


def _shared(snap: TableSnapshot) -> SimpleNamespace:
    """What every viewer of ``snap`` in the current language gets alike, worked out by
    the first of them."""
    key = ("shared", current_language())
    found = snap.memo.get(key)
    if found is None:
        cue = _last_cue(snap)
        found = snap.memo[key] = SimpleNamespace(
            winds=[str(w) for w in labels.SEAT_WINDS],
            names=snap.names,
            round_label=_round_label(snap),
            cue=cue,
            cue_key=cues.key(snap.room_code, cue),
            commitment=render_part("_commitment.html", seed_hash=snap.round.seed_hash)
            if snap.round is not None
            else None,
            # No win is the latest happening: the banner is empty, the same for everyone.
            no_win_banner=None
            if cue.get("kind") in win_moment.WIN_CUES
            else render_part("_win_banner.html", **win_moment.banner(snap, None, cue)),
        )
    return found


def _win_banner(snap: TableSnapshot, view: dict) -> str:
    """The win moment, while the win is the table's latest happening
    (games.table.win_moment)."""
    return render_part("_win_banner.html", **win_moment.banner(snap, view, _last_cue(snap)))


def _table_words(options) -> str:
    """ "三人两房" for a table other than four players with three suits, else nothing."""
    if (options.players, options.suits) == (4, 3):
        return ""
    return labels.table_name(options)


def _settlement(snap: TableSnapshot, view: dict, winds, compared_at: str | None) -> str:
    # (To join the imports at the top once the table's rework has landed.)
    from games.words import settlement_cards
    from games.words.settlement_sentences import settlement_words

    names, viewer = snap.names, view["viewer"]
    # Every payment with its arithmetic, the end-of-round checks and the glossary.
    words = settlement_words(view, names, snap.shown.options)
    nets = tuple((f"{winds[i]} {names[i]}", net) for i, net in enumerate(view["net"]))
    # A card per player on top, the viewer's first; each payment with its payer and
    # payee, to mark the viewer's own and to filter per player.
    cards = settlement_cards.cards(view, names, winds, viewer)
    rows = settlement_cards.payment_rows(view, words.payments, viewer)
    players = tuple((seat, names[seat]) for seat in range(snap.shown.seats))
    return render_part(
        "_settlement.html",
        words=words,
        nets=nets,
        cards=cards,
        rows=rows,
        players=players,
        round_id=snap.round.pk,
        room_code=snap.room_code,
        compared_at=compared_at,
        table=labels.table_name(snap.shown.options),
    )


def _follow_in(snap: TableSnapshot, now) -> int | None:
    """Seconds until the page of a player at the end of the room's match goes to the
    room's home (None: it does not go)."""
    home, ended_at = snap.home, snap.round.ended_at if snap.round else None
    if home is None or home.follow_after is None or ended_at is None:
        return None
    return max(0, math.ceil(home.follow_after - (now - ended_at).total_seconds()))


def _seating(snap: TableSnapshot, user, viewer: int | None, winds, csrf: str, request) -> str:
    """Between rounds: who sits where, and the buttons to sit, add computers, get ready.
    Rarely shown and different for each viewer, so rendered as a whole each time."""
    now = timezone.now()
    seats_kept = snap.home is not None and bool(snap.home.seats_kept_because)
    seats = [
        SimpleNamespace(
            index=s.index,
            wind=winds[s.index],
            name=snap.names[s.index],
            empty=s.is_empty,
            is_me=s.index == viewer,
            is_bot=s.is_bot,
            ready=s.ready or s.is_bot,
            away=bool(s.user_id) and s.index != viewer and is_away(s, now),
        )
        for s in snap.seats
    ]
    t = SimpleNamespace(
        round=snap.round,
        seats=seats,
        me=seats[viewer] if viewer is not None else None,
        is_owner=user.is_authenticated and snap.owner_id == user.pk,
        # A sealed table's seats never change, nor those of a table its place seats (a
        # tournament's): games.rooms.seating.
        seats_fixed=snap.sealed or seats_kept,
        seats_kept=seats_kept,
        match_over=snap.standings is not None,
        match_rounds=snap.match_rounds,
        empty_seats=sum(1 for s in seats if s.empty),
        # Two players from one network or one browser: said to everybody, no address.
        shared=origins.shared_origins(snap.seats),
        # The levels offered when filling the empty seats, the first chosen by default:
        # 高手 plays fast and fair for a newcomer; 大师 (stronger in the duplicate
        # benchmark, benchmarks/bots/bench_bots.py) is one click away.
        levels=[(level, labels.LEVEL_SHORT[level]) for level in ("strong", "expert", "easy")],
        home=snap.home,
    )
    # A seated player at the end of the match of a room that sends its players home (a
    # tournament's table): their page goes there by itself (static/js/table-home.js),
    # once the settlement has been shown for as long as the home says.
    t.follow_in = _follow_in(snap, now) if viewer is not None and t.match_over else None
    context = {
        "t": t,
        "room": SimpleNamespace(code=snap.room_code),
        "user": user,
        "csrf_token": csrf,
    }
    if request is not None:
        return render_to_string("games/_seating.html", context, request=request).strip()
    context["request"] = SimpleNamespace(path=reverse("table", args=[snap.room_code]))
    return render_to_string("games/_seating.html", context).strip()
