"""games.play against the database: rooms, seats, rounds and every move."""

import random

import pytest
from django.contrib.auth.models import User

from games.models import Event, LedgerEntry, Room, Round, Seat
from games.play.errors import ServiceError, StaleVersion
from games.play.moves import apply_action
from games.play.steps import run_bots
from games.players.computer import choose_action
from games.rooms.seating import add_bot, create_room, leave_seat, set_ready, take_seat
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound
from games.rules.round import action_to_dict
from tests.play.races import discards_from_two_tabs

pytestmark = pytest.mark.django_db


@pytest.fixture
def players():
    return [User.objects.create_user(f"player{i}", password="x-long-password-1") for i in range(4)]


@pytest.fixture
def room(players):
    room = create_room(owner=players[0], name="四人桌", options={"cap": 6})
    for user in players[1:]:
        take_seat(room=room, user=user)
    return room


def start(room, players) -> Round:
    started = None
    for user in players:
        started = set_ready(room=room, user=user) or started
    return started


def engine_of(rnd: Round) -> EngineRound:
    rnd.refresh_from_db()
    return EngineRound.from_json(rnd.state)


def play_to_the_end(rnd: Round, players, rng=None) -> None:
    rng = rng or random.Random(5)
    for _ in range(2000):
        engine = engine_of(rnd)
        if engine.phase == "ended":
            return
        seat = engine.waiting_on()[0]
        action = action_to_dict(choose_action(engine, seat, "strong", rng))
        apply_action(
            round_id=rnd.pk, user=players[seat], action=action, expected_version=rnd.version
        )
    raise AssertionError("the round did not end")


# --- rooms and seats ---------------------------------------------------------------------


def test_a_new_room_seats_its_owner_and_keeps_validated_options(players):
    room = create_room(owner=players[0], name="r", options={"cap": None})
    assert len(room.code) == 6
    assert room.options == RoomOptions(cap=None).to_dict()
    assert [s.user for s in room.seats.order_by("index")] == [players[0], None, None, None]


def test_invalid_options_create_no_room(players):
    with pytest.raises(ServiceError, match="cap"):
        create_room(owner=players[0], name="r", options={"cap": 1})
    assert not Room.objects.exists()


def test_a_full_table_takes_nobody_else(room):
    stranger = User.objects.create_user("stranger", password="x-long-password-1")
    with pytest.raises(ServiceError):
        take_seat(room=room, user=stranger)


def test_only_the_owner_seats_computer_players(players):
    room = create_room(owner=players[0], name="r", options={})
    with pytest.raises(ServiceError, match="owner"):
        add_bot(room=room, user=players[1], index=1, level="strong")
    add_bot(room=room, user=players[0], index=1, level="strong")
    with pytest.raises(ServiceError, match="taken"):
        add_bot(room=room, user=players[0], index=1, level="easy")
    assert Seat.objects.get(room=room, index=1).bot_level == "strong"


def test_a_round_starts_when_four_seats_are_filled_and_the_people_are_ready(room, players):
    assert set_ready(room=room, user=players[0]) is None
    rnd = start(room, players)
    assert rnd is not None and rnd.number == 1 and rnd.version == 0
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING
    assert len(rnd.seed_hash) == 64 and rnd.seed_revealed is None
    with pytest.raises(ServiceError, match="round"):
        leave_seat(room=room, user=players[1])


def test_computer_players_play_until_a_person_must_act(players):
    room = create_room(owner=players[0], name="r", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=players[0], index=index, level="strong")
    rnd = set_ready(room=room, user=players[0])
    run_bots(round_id=rnd.pk)
    engine = engine_of(rnd)
    assert engine.voids[1:] != [None, None, None]
    assert engine.phase == "ended" or engine.waiting_on() == [0]


# --- one move at a time ------------------------------------------------------------------


def test_a_full_round_of_four_people_through_the_service(room, players):
    rnd = start(room, players)
    play_to_the_end(rnd, players)
    rnd.refresh_from_db()
    engine = EngineRound.from_json(rnd.state)
    assert rnd.status == Round.Status.ENDED and rnd.seed_revealed == rnd.seed
    rows = [(e.payer_seat, e.payee_seat, e.amount, e.reason) for e in rnd.ledger.order_by("id")]
    assert rows == [(e["payer"], e["payee"], e["amount"], e["reason"]) for e in engine.ledger]
    for entry in rnd.ledger.all():
        assert entry.payer == players[entry.payer_seat]
        assert entry.event.kind == "payment" and entry.event.data["amount"] == entry.amount
    # The event log, replayed from the seed, rebuilds exactly the stored state.
    replay = EngineRound.deal(
        rnd.seed, rnd.dealer, RoomOptions.from_dict(room.options), shuffle=rnd.shuffle
    )
    from games.rules.round import parse_action

    for event in rnd.events.filter(kind="action").order_by("number"):
        replay.apply(event.seat, parse_action(event.data["action"]))
    assert replay.to_json() == rnd.state
    numbers = list(rnd.events.values_list("number", flat=True))
    assert numbers == list(range(1, len(numbers) + 1))
    room.refresh_from_db()
    assert room.status == Room.Status.OPEN


def test_the_next_round_is_dealt_by_the_next_dealer(room, players):
    first = start(room, players)
    play_to_the_end(first, players)
    second = start(room, players)
    first.refresh_from_db()
    assert second.number == 2 and second.dealer == first.state["next_dealer"]


def snapshot(rnd: Round):
    rnd.refresh_from_db()
    return (rnd.version, rnd.state, Event.objects.count(), LedgerEntry.objects.count())


def choose_voids(rnd, players, upto=4):
    for seat in range(upto):
        apply_action(
            round_id=rnd.pk,
            user=players[seat],
            action={"type": "void", "suit": "s"},
            expected_version=rnd.version,
        )
        rnd.refresh_from_db()


def test_a_stale_version_changes_nothing(room, players):
    rnd = start(room, players)
    choose_voids(rnd, players)
    engine = engine_of(rnd)
    dealer, seen_version = engine.current, rnd.version
    tiles = [a[1] for a in engine.legal_actions(dealer) if a[0] == "discard"]
    from games.rules.tiles import tile_str

    apply_action(
        round_id=rnd.pk,
        user=players[dealer],
        action={"type": "discard", "tile": tile_str(tiles[0])},
        expected_version=seen_version,
    )
    before = snapshot(rnd)
    # A move made on the table as it was before that discard is refused.
    for seat in range(4):
        with pytest.raises(StaleVersion):
            apply_action(
                round_id=rnd.pk,
                user=players[seat],
                action={"type": "pass"},
                expected_version=seen_version,
            )
    assert snapshot(rnd) == before


def test_answers_of_others_to_the_same_question_do_not_make_an_answer_stale(room, players):
    rnd = start(room, players)
    apply_action(
        round_id=rnd.pk, user=players[1], action={"type": "void", "suit": "m"}, expected_version=0
    )
    # Seat 2 looked at version 0 and chose meanwhile: still the same question.
    apply_action(
        round_id=rnd.pk, user=players[2], action={"type": "void", "suit": "p"}, expected_version=0
    )
    assert engine_of(rnd).voids[1:3] == [0, 1]
    with pytest.raises(StaleVersion):
        apply_action(
            round_id=rnd.pk,
            user=players[3],
            action={"type": "void", "suit": "m"},
            expected_version=5,
        )


def test_the_same_action_sent_twice_is_applied_once(room, players):
    rnd = start(room, players)
    action = {"type": "void", "suit": "p"}
    first = apply_action(round_id=rnd.pk, user=players[2], action=action, expected_version=0)
    before = snapshot(rnd)
    again = apply_action(round_id=rnd.pk, user=players[2], action=action, expected_version=0)
    assert (first.duplicate, again.duplicate) == (False, True)
    assert snapshot(rnd) == before


@pytest.mark.parametrize(
    "seat, action, message",
    [
        (1, {"type": "discard", "tile": "5m"}, "not your turn"),
        (None, {"type": "discard", "tile": "5m"}, "do not hold|void suit"),
        (None, {"type": "chow"}, "unknown action"),
        (None, {"type": "discard", "tile": "0m"}, "no tile 0"),
        (None, "discard", "an action is an object"),
    ],
)
def test_out_of_turn_and_illegal_moves_change_nothing(room, players, seat, action, message):
    rnd = start(room, players)
    choose_voids(rnd, players)
    engine = engine_of(rnd)
    dealer = engine.dealer
    seat = (dealer + 1) % 4 if seat is not None else dealer
    if isinstance(action, dict) and action.get("tile") == "5m" and seat == dealer:
        # A tile the dealer does not hold.
        missing = next(t for t in range(27) if not engine.hands[dealer][t])
        from games.rules.tiles import tile_str

        action = {"type": "discard", "tile": tile_str(missing)}
    before = snapshot(rnd)
    with pytest.raises(ServiceError, match=message):
        apply_action(
            round_id=rnd.pk, user=players[seat], action=action, expected_version=rnd.version
        )
    assert snapshot(rnd) == before


def test_a_strangers_action_changes_nothing(room, players):
    rnd = start(room, players)
    stranger = User.objects.create_user("stranger", password="x-long-password-1")
    before = snapshot(rnd)
    with pytest.raises(ServiceError, match="not seated"):
        apply_action(
            round_id=rnd.pk, user=stranger, action={"type": "void", "suit": "m"}, expected_version=0
        )
    assert snapshot(rnd) == before


def test_a_finished_round_takes_no_more_moves(room, players):
    rnd = start(room, players)
    play_to_the_end(rnd, players)
    rnd.refresh_from_db()
    with pytest.raises(ServiceError, match="ended"):
        apply_action(
            round_id=rnd.pk, user=players[0], action={"type": "pass"}, expected_version=rnd.version
        )


def test_the_database_refuses_what_must_never_happen(room, players):
    from django.db import IntegrityError, transaction

    rnd = start(room, players)
    event = rnd.events.first()
    for bad in (
        dict(payer_seat=1, payee_seat=1, amount=1),
        dict(payer_seat=1, payee_seat=2, amount=0),
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            LedgerEntry.objects.create(round=rnd, event=event, reason="ron", **bad)
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(round=rnd, number=event.number, version=0, kind="x")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(room=room, index=1).update(bot_level="easy")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_actions_on_one_round_serialise(players):
    room = create_room(owner=players[0], name="race", options={})
    for user in players[1:]:
        take_seat(room=room, user=user)
    rnd = start(room, players)
    choose_voids(rnd, players)
    engine = engine_of(rnd)
    dealer, version = engine.current, rnd.version

    def discard(tile):
        # The same player, two browser tabs, two different discards at the same moment.
        apply_action(
            round_id=rnd.pk,
            user=players[dealer],
            action={"type": "discard", "tile": tile},
            expected_version=version,
        )
        return "applied"

    tiles, outcomes = discards_from_two_tabs(engine, dealer, discard)
    if tiles[0] == tiles[1]:
        # The same click twice with the same version: the second is taken for the first
        # one sent again (as a page does on reconnecting), answered alike, applied once.
        assert outcomes == ["applied", "applied"]
    else:
        assert sorted(outcomes) == ["applied", "stale"]
    rnd.refresh_from_db()
    assert rnd.events.filter(kind="action", seat=dealer, version__gt=version).count() == 1
    assert len(EngineRound.from_json(rnd.state).discards[dealer]) <= 1  # one discard
