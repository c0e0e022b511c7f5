"""A discard looks the same to everyone who is not asked, whether or not somebody may
claim it (games.play.offers): the players who cannot claim and a spectator see the same page,
get the same refusals, and see the next draw at the same moment."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone, translation

from games.models import Round
from games.play.errors import ServiceError, StaleVersion
from games.play.moves import apply_action
from games.play.snapshot import load_snapshot
from games.play.steps import advance_due_rounds
from games.rooms.seating import add_bot, create_room, set_ready
from games.rules.round import Round as EngineRound
from games.table import commands, version_token
from games.table.parts import render_table
from games.words import display
from games.words.tile_pictures import tile_src
from tests.rules.tables import table
from tests.table.clock import Clock
from tests.tables import four_people

pytestmark = pytest.mark.django_db

PAUSE = 1.0
# East (seat 0) is to discard. South (2) holds 9p 9p and may pong a 9p; nobody can do
# anything with a 5p. South's neighbours, 1 and 3, cannot claim either tile.
HANDS = [
    "2m3m4m5m6m7m1p2p3p6p7p8p9p5p",
    "1m2m4m6m8m9m1p3p4p7p8p2m6m",
    "9p9p1m3m5m7m9m2p4p6p8p1p3p",
    "1m3m5m7m8m8m9m2p2p4p7p1p6p",
]
WALL = "3m4m5m6m1m2m7m9m3p4p"
CLAIMABLE, UNCLAIMABLE = "9p", "5p"


@pytest.fixture
def clock(monkeypatch, settings):
    settings.OFFER_PAUSE_SECONDS = PAUSE
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    return clock


@pytest.fixture
def room():
    room, users = four_people("c")
    return room, users


def deal_position(room, clock, start) -> Round:
    """The room's round, put back to the position above at the time ``start``."""
    clock.now = start
    engine = table(HANDS, wall=WALL, voids="ssss", current=0)
    Round.objects.filter(room=room).update(
        state=engine.to_json(), version=0, offer=None, deadline=None, decision_started_at=start
    )
    return Round.objects.get(room=room)


def page(room, user, tile: str) -> str:
    """``user``'s table with the discarded tile and the version token written out, so
    that two pages that differ only in which tile was thrown compare equal."""
    with translation.override("zh-hans"):
        html = render_table(load_snapshot(room.pk), user=user, csrf="x").full()
        for text in (display.tile_name(tile), tile_src(tile)):
            html = html.replace(text, "TILE")
    return html


def versionless(html: str) -> str:
    return re.sub(r'(data-version|name="version" value)="\d+"', r'\1="V"', html)


def refusal(room, user, html: str) -> str:
    """What the server answers ``user`` who tries to discard with the page ``html``."""
    token = int(re.search(r'data-version="(\d+)"', html).group(1))
    with translation.override("zh-hans"):
        try:
            commands.run_command(
                room=room,
                user=user,
                kind="discard",
                action={"type": "discard", "tile": "1m"},
                version=token,
            )
        except ServiceError as exc:
            return str(exc)
    raise AssertionError("the move was accepted")


def play_the_discard(room, users, clock, tile: str) -> dict:
    """East throws ``tile``; the others' pages at each step, from the throw until after
    the pause."""
    start = timezone.localtime().replace(year=2030, microsecond=0)
    rnd = deal_position(room, clock, start)
    watchers = {"south-east": users[1], "north": users[3], "spectator": AnonymousUser()}
    seen: dict = {}
    apply_action(
        round_id=rnd.pk, user=users[0], expected_version=0, action={"type": "discard", "tile": tile}
    )
    seen["offered"] = {name: page(room, who, tile) for name, who in watchers.items()}
    seen["refused"] = refusal(room, users[1], seen["offered"]["south-east"])
    engine = EngineRound.from_json(Round.objects.get(room=room).state)
    seen["asked"] = engine.waiting_on() if engine.phase == "claim" else []
    clock.now = start + timedelta(seconds=0.4)
    if seen["asked"]:
        rnd = Round.objects.get(room=room)
        apply_action(
            round_id=rnd.pk, user=users[2], expected_version=rnd.version, action={"type": "pass"}
        )
    seen["answered"] = {name: page(room, who, tile) for name, who in watchers.items()}
    seen["refused after"] = refusal(room, users[1], seen["answered"]["south-east"])
    clock.now = start + timedelta(seconds=PAUSE - 0.01)
    advance_due_rounds()
    seen["still"] = {name: page(room, who, tile) for name, who in watchers.items()}
    clock.now = start + timedelta(seconds=PAUSE)
    advance_due_rounds()
    seen["after"] = {name: versionless(page(room, who, tile)) for name, who in watchers.items()}
    seen["clock"] = Round.objects.get(room=room).decision_started_at - start
    return seen


def test_a_claimable_and_an_unclaimable_discard_look_the_same_to_those_not_asked(room, clock):
    room, users = room
    claimable = play_the_discard(room, users, clock, CLAIMABLE)
    unclaimable = play_the_discard(room, users, clock, UNCLAIMABLE)
    # The set-up is what it says: South was asked about the 9p, nobody about the 5p.
    assert claimable["asked"] == [2] and unclaimable["asked"] == []
    for moment in ("offered", "answered", "still", "after"):
        for watcher, html in claimable[moment].items():
            assert html == unclaimable[moment][watcher], (moment, watcher)
    # What they see: the tile on offer, named with its thrower, and nobody's clock.
    offered = claimable["offered"]["south-east"]
    assert "东 打出" in offered
    assert 'class="countdown' not in offered
    assert claimable["refused"] == unclaimable["refused"] == claimable["refused after"]
    # During the pause the next player has not drawn; after it, they have, in both cases,
    # and their time runs from the end of the pause.
    assert "drawn" not in claimable["still"]["south-east"]
    assert "drawn" in claimable["after"]["south-east"]
    assert claimable["clock"] == unclaimable["clock"] == timedelta(seconds=PAUSE)


def test_the_player_asked_sees_the_question_and_a_taken_tile_shows_at_once(room, clock):
    room, users = room
    start = timezone.localtime().replace(year=2030, microsecond=0)
    rnd = deal_position(room, clock, start)
    apply_action(
        round_id=rnd.pk,
        user=users[0],
        expected_version=0,
        action={"type": "discard", "tile": CLAIMABLE},
    )
    asked = page(room, users[2], CLAIMABLE)
    assert "碰" in asked and 'class="countdown my-clock"' in asked
    rnd = Round.objects.get(room=room)
    clock.now = start + timedelta(seconds=0.3)
    apply_action(
        round_id=rnd.pk, user=users[2], expected_version=rnd.version, action={"type": "pong"}
    )
    rnd = Round.objects.get(room=room)
    assert rnd.offer is None  # a pong is public: no pause is kept
    engine = EngineRound.from_json(rnd.state)
    assert engine.phase == "turn" and engine.current == 2


def test_computers_wait_out_the_pause_and_answer_within_it(clock, settings):
    from django.contrib.auth.models import User

    owner = User.objects.create_user("solo", password="x-long-password-1")
    room = create_room(owner=owner, name="solo", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    rnd = set_ready(room=room, user=owner)
    start = timezone.localtime().replace(year=2030, microsecond=0)
    rnd = deal_position(room, clock, start)
    apply_action(
        round_id=rnd.pk,
        user=owner,
        expected_version=0,
        action={"type": "discard", "tile": UNCLAIMABLE},
    )
    rnd = Round.objects.get(room=room)
    assert rnd.deadline == start + timedelta(seconds=PAUSE)  # the reveal, not a move
    clock.now = start + timedelta(seconds=PAUSE / 2)
    advance_due_rounds()
    assert Round.objects.get(room=room).version == 1  # nobody moved during the pause
    clock.now = start + timedelta(seconds=PAUSE)
    advance_due_rounds()
    rnd = Round.objects.get(room=room)
    assert rnd.offer is None and rnd.version == 1
    assert rnd.deadline == clock.now + timedelta(seconds=settings.BOT_DELAY_SECONDS)
    # A computer asked to claim answers well within the pause.
    rnd = deal_position(room, clock, start)
    apply_action(
        round_id=rnd.pk,
        user=owner,
        expected_version=0,
        action={"type": "discard", "tile": CLAIMABLE},
    )
    rnd = Round.objects.get(room=room)
    assert rnd.deadline <= start + timedelta(seconds=PAUSE / 2)


def test_version_tokens_hide_the_count_and_only_name_versions_to_move_on():
    tokens = [version_token.encode("ABCDEF", v) for v in range(50)]
    assert len(set(tokens)) == 50
    assert [version_token.decode("ABCDEF", t) for t in tokens] == list(range(50))
    # Consecutive versions are not consecutive tokens, nor is another room's the same.
    assert sum(1 for a, b in zip(tokens, tokens[1:], strict=False) if abs(a - b) == 1) < 3
    assert version_token.encode("ABCDEG", 3) != version_token.encode("ABCDEF", 3)
    # A page showing a tile on offer carries a token no move can be made on.
    assert version_token.decode("ABCDEF", version_token.encode("ABCDEF", 3, held=True)) is None


# --- the room's claim window (option claim_window) -------------------------------------------

SECRET = 3.0


def here_throughout(room, start) -> None:
    """Everybody's socket is open for the whole test: nobody's seat plays itself."""
    room.seats.update(last_seen=start + timedelta(minutes=5), online=True)


def silent_discard(room, users, clock, tile: str, options: dict) -> dict:
    """East throws ``tile`` in a room with ``options``; nobody answers. When did the next
    player draw, and what became of South, who may pong a 9p?"""
    start = timezone.localtime().replace(year=2030, microsecond=0)
    clock.now = start
    here_throughout(room, start)
    engine = table(HANDS, wall=WALL, voids="ssss", current=0, options=options)
    Round.objects.filter(room=room).update(
        state=engine.to_json(), version=0, offer=None, deadline=None, decision_started_at=start
    )
    rnd = Round.objects.get(room=room)
    apply_action(
        round_id=rnd.pk, user=users[0], expected_version=0, action={"type": "discard", "tile": tile}
    )
    drawn_at = None
    for tenth in range(1, 200):  # twenty seconds, a tenth at a time
        clock.now = start + timedelta(seconds=tenth / 10)
        advance_due_rounds()
        rnd = Round.objects.get(room=room)
        engine = EngineRound.from_json(rnd.state)
        # What the table shows: no tile held on offer any more, and the next draw.
        if rnd.offer is None and engine.phase == "turn" and engine.current == 1:
            drawn_at = clock.now - start
            break
    south = room.seats.get(index=2)
    return {"drawn_at": drawn_at, "south_timeouts": south.timeouts, "south_auto": south.auto_play}


def test_a_secret_window_closes_with_the_pause_and_a_silent_player_passes(room, clock, settings):
    settings.SECRET_CLAIM_SECONDS = SECRET
    room, users = room
    secret = {"claim_window": "secret"}
    claimable = silent_discard(room, users, clock, CLAIMABLE, secret)
    unclaimable = silent_discard(room, users, clock, UNCLAIMABLE, secret)
    # South could have ponged the 9p and said nothing: the table moved on at the same
    # moment as after the 5p nobody could claim, and the lapse is no missed turn.
    assert claimable["drawn_at"] == unclaimable["drawn_at"] == timedelta(seconds=SECRET)
    assert claimable["south_timeouts"] == 0 and not claimable["south_auto"]


def test_the_asked_players_clock_runs_to_the_end_of_the_secret_window(room, clock, settings):
    settings.SECRET_CLAIM_SECONDS = SECRET
    room, users = room
    start = timezone.localtime().replace(year=2030, microsecond=0)
    clock.now = start
    here_throughout(room, start)
    engine = table(HANDS, wall=WALL, voids="ssss", current=0, options={"claim_window": "secret"})
    Round.objects.filter(room=room).update(
        state=engine.to_json(), version=0, offer=None, deadline=None, decision_started_at=start
    )
    apply_action(
        round_id=Round.objects.get(room=room).pk,
        user=users[0],
        expected_version=0,
        action={"type": "discard", "tile": CLAIMABLE},
    )
    rnd = Round.objects.get(room=room)
    assert rnd.deadline == start + timedelta(seconds=SECRET)
    assert 'class="countdown my-clock"' in page(room, users[2], CLAIMABLE)


def test_with_the_open_window_the_asked_player_thinks_up_to_the_claim_seconds(room, clock):
    room, users = room
    open_window = silent_discard(room, users, clock, CLAIMABLE, {})
    # The others see the tile wait for South's whole clock, and the silence is a timeout.
    assert open_window["drawn_at"] == timedelta(seconds=15)
    assert open_window["south_timeouts"] == 1


def answer_to_a_click_from_before_the_offer(room, users, clock, tile: str) -> tuple[str, str]:
    """East's clock threw ``tile`` while East's own click (another discard, made on the
    page from before) was held; what East and a player not asked are told when their
    clicks from before the throw arrive."""
    start = timezone.localtime().replace(year=2030, microsecond=0)
    rnd = deal_position(room, clock, start)
    apply_action(
        round_id=rnd.pk, user=users[0], expected_version=0, action={"type": "discard", "tile": tile}
    )
    answers = []
    for user in (users[0], users[1]):
        with translation.override("zh-hans"):
            try:
                commands.run_command(
                    room=room,
                    user=user,
                    kind="discard",
                    action={"type": "discard", "tile": "2m"},
                    version=version_token.encode(room.code, 0),
                )
            except StaleVersion as exc:
                answers.append(str(exc))
            except ServiceError as exc:
                answers.append(f"refused: {exc}")
            else:
                raise AssertionError("a click from before the throw was made")
    return answers[0], answers[1]


def test_a_click_from_before_the_offer_is_told_the_table_moved_whoever_may_claim(room, clock):
    room, users = room
    claimable = answer_to_a_click_from_before_the_offer(room, users, clock, CLAIMABLE)
    unclaimable = answer_to_a_click_from_before_the_offer(room, users, clock, UNCLAIMABLE)
    # Stale, not "wait: the tile on offer is not settled": the throw itself is public,
    # and the answer is the same whether or not somebody may claim the tile.
    assert claimable == unclaimable == ("牌桌已经变化，请重试。",) * 2
