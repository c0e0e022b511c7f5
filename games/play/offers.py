"""The pause after a tile is put on offer: nobody learns who may claim it.

When a player discards, or adds a kong (which may be robbed), the others may be able to
claim the tile. Who can is secret: it follows from their hidden tiles. A table that
paused only when somebody could claim would tell every viewer that somebody holds a
pair, a kong or a wait on that tile. So every offer looks the same to everyone who is not
asked, for at least ``settings.OFFER_PAUSE_SECONDS``:

- while the engine waits on claimants, the others see the engine as it is (the tile on
  offer) and no clock, and their moves are refused with the engine's one neutral reason;
- when nobody may claim, or everybody who may has passed before the pause is over, the
  table goes on showing the moment of the offer (``Round.offer["state"]``) until the
  pause ends, and only then the next draw (``games.play.steps`` reveals it when it is due);
- a tile that is taken (a win, a pong, a kong) is public and shows at once.

The browser's version marker would count the claimants' answers; it is sent as an opaque
token instead (``games.table.version_token``), the same for everyone not asked.

How long a person asked may think is the room's choice (option ``claim_window``):

- ``open`` (the default): up to the room's claim_seconds. The others see the tile on offer
  for as long as they think, so a long pause tells the table that somebody could claim it,
  as at a real table where everyone sees a player hesitate. The room form says so. This
  suits casual play: a player on a phone who needs three seconds to find the 碰 button
  keeps their pong.
- ``secret``: the pause is the whole claim window, ``settings.SECRET_CLAIM_SECONDS`` for
  every discard alike; a person who has not answered when it ends passes (a lapse, not a
  missed turn: it does not count towards auto-play). Nothing shows who could claim.

What still shows in both: the wall's last discard ends the round at once when nobody may
claim it.

The same hold shows a win (``win_moment``): after every win the round goes on from (血战到底),
the table shows the moment of the win — the winner's hand laid down, the next player not
yet drawn — for ``settings.WIN_PAUSE_SECONDS``, and only then the next draw. Every win is
held alike, a person's or a computer's, whoever draws next: the win is public, and a pause
of the same length after each tells nothing more.
"""

from datetime import datetime, timedelta

from django.conf import settings

from games.rules.round import Round as EngineRound

OFFERING_EVENTS = ("discard", "added_kong_declared")
OFFER_PHASES = ("claim", "rob")
# The phase of the engine the table shows during a win's moment: nobody's turn, nobody
# asked, no clock (the engine itself never is in it).
WIN_MOMENT = "won"


def is_secret(options) -> bool:
    """Is the pause the whole claim window in a room with these options?"""
    return options.claim_window == "secret"


def pause_seconds(options) -> float:
    """How long every tile on offer is shown, claimable or not."""
    if is_secret(options):
        return max(settings.SECRET_CLAIM_SECONDS, settings.OFFER_PAUSE_SECONDS)
    return settings.OFFER_PAUSE_SECONDS


def claim_lapses_at(rnd, engine: EngineRound) -> datetime | None:
    """In a room with the secret claim window, when a person asked about the tile on
    offer passes for want of an answer (the end of the pause); None elsewhere."""
    if is_secret(engine.options) and engine.phase in OFFER_PHASES and rnd.offer:
        return until(rnd)
    return None


def until(rnd) -> datetime | None:
    """When the pause of the tile now on offer ends (None: no tile on offer)."""
    return datetime.fromisoformat(rnd.offer["until"]) if rnd.offer else None


def held_until(rnd) -> datetime | None:
    """When the table stops showing an offer that is already settled, if it shows one."""
    return until(rnd) if rnd.offer and rnd.offer.get("state") else None


def forget_if_over(rnd, now: datetime) -> None:
    """Drop, in memory only, a hold of a settled offer or a win whose pause is over at
    ``now``: the round is then what the next move starts from and what the table shows.
    The end of a pause is never written: the stored hold stays until the next move writes
    over it (the process that made the move shows the end by a timer,
    games.play.reveals)."""
    reveal = held_until(rnd)
    if reveal is not None and now >= reveal:
        rnd.offer = None


def held_engine(rnd) -> EngineRound | None:
    """The engine at the moment of the offer, while the table shows it after the fact."""
    if rnd.offer and rnd.offer.get("state"):
        return EngineRound.from_json(rnd.offer["state"])
    return None


def is_asked(engine: EngineRound, seat: int | None) -> bool:
    """Is ``seat`` one of those the engine now waits on to answer a tile on offer?"""
    return engine.phase in OFFER_PHASES and seat in engine.waiting_on()


def predates_offer(rnd, version: int | None) -> bool:
    """Was ``version`` a page's before the tile now on offer was put there? Everyone saw
    that tile offered; only what came after it is secret."""
    return bool(rnd.offer) and version is not None and version < rnd.offer["version"]


def refuse_unless_asked(rnd, engine: EngineRound, seat: int, action, version: int | None) -> None:
    """While a tile is on offer, a seat that is not asked gets the engine's one reason for
    not being asked (IllegalAction) whatever it sends, before any check of its version:
    "stale" or "not your turn" would tell whether somebody else was asked. A move made
    on a page from before the tile was offered is left to the version check: the offer
    is public (a click held while the database was away, overtaken by its clock, is told
    the table moved on, not to wait)."""
    if not rnd.offer or is_asked(engine, seat) or predates_offer(rnd, version):
        return
    shown = held_engine(rnd) or engine
    shown.check(seat, action)  # in an offer phase, raises for anyone not asked


def after_move(
    rnd, *, before: dict, seat: int, action, engine: EngineRound, events: list[dict], now: datetime
) -> dict | None:
    """The round's offer (``Round.offer``) after ``seat``'s ``action`` took the round from
    the state ``before`` to ``engine``; ``rnd`` as before the move, but for its new
    version. Always a new dict: the table handed to the sockets keeps the old one."""
    if engine.phase == "turn" and any(event["type"] == "win" for event in events):
        return win_moment(rnd, engine, events, now)
    offer = rnd.offer
    if any(event["type"] in OFFERING_EVENTS for event in events):
        pause = timedelta(seconds=pause_seconds(engine.options))
        offer = {"until": (now + pause).isoformat(), "version": rnd.version}
        offered_now = True
    elif offer is None:
        return None
    else:
        offered_now = False
    if engine.phase in OFFER_PHASES:
        return offer  # the engine itself shows the tile on offer while it is answered
    if _taken(events) or engine.phase == "ended" or now >= datetime.fromisoformat(offer["until"]):
        return None
    # Nobody took it and the pause runs on: keep showing the moment of the offer. The
    # engine kept it when this move put the tile on offer (``keep_offer_moment``, set by
    # the caller); a tile offered before, whose last claimant passed now, was on offer
    # in the state before this move.
    moment = engine.offer_moment if offered_now else before
    if moment is None:  # a caller that did not ask the engine to keep it
        replayed = EngineRound.from_json(before)
        replayed.stop_at_offer = True
        replayed.apply(seat, action)
        moment = replayed.to_json()
    return {**offer, "state": unasked(moment)}


def unasked(state: dict) -> dict:
    """``state`` (a round with a tile on offer) as the table shows it to everyone: nobody
    asked, nobody's answer or win in it."""
    claim = {**state["claim"], "options": {}, "answers": {}, "win_fans": {}}
    return {**state, "claim": claim}


def win_moment(rnd, engine: EngineRound, events: list[dict], now: datetime) -> dict | None:
    """The hold of a win the round goes on from (None without a pause): the table as it
    was when the last win of the move was made, before the draw that followed it. A win
    on a tile on offer ends that offer's pause: the win is what is shown."""
    seconds = settings.WIN_PAUSE_SECONDS
    if seconds <= 0:
        return None
    moment = EngineRound.from_json(engine.to_json())
    draw = events[-1] if events and events[-1]["type"] == "draw" else None
    if draw is not None and moment.drawn is not None:
        # The next player's draw is put back on the wall until the moment is over.
        tile = moment.drawn
        moment.hands[draw["seat"]][tile] -= 1
        moment.wall.insert(0, tile)
        moment.draws[draw["seat"]] -= 1
    moment.phase, moment.current, moment.drawn = WIN_MOMENT, None, None
    until_at = now + timedelta(seconds=seconds)
    return {"until": until_at.isoformat(), "version": rnd.version, "state": moment.to_json()}


def is_win_moment(engine: EngineRound | None) -> bool:
    """Is ``engine`` the table held at a win's moment?"""
    return engine is not None and engine.phase == WIN_MOMENT


def _taken(events: list[dict]) -> bool:
    return any(
        event["type"] in ("win", "pong", "auto_win")
        or (event["type"] == "kong" and event.get("kind") == "exposed")
        for event in events
    )
