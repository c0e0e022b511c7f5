"""血流成河 rounds (RULES.md section 13) played through games.play by computer
players: stored, paid and replayable like any round."""

import random
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from games.history import replay
from games.models import Round
from games.rooms.seating import add_bot, create_room, set_ready
from games.rules.round import Round as EngineRound
from tests.play.xueliu_rounds import play_round

pytestmark = pytest.mark.django_db


def check_round(rnd: Round, options: dict) -> None:
    assert rnd.status == Round.Status.ENDED
    state = rnd.state
    assert state["end"] == "wall_empty" and not state["wall"]
    assert state["options"]["mode"] == "xueliu"
    if options.get("exchange_three"):
        # The three tiles moved before the void was chosen, and the log says so.
        kinds = [e.kind for e in rnd.events.order_by("number")]
        assert kinds.index("tiles_exchanged") < kinds.index("void_chosen")
    rows = [(e.payer_seat, e.payee_seat, e.amount, e.reason) for e in rnd.ledger.order_by("id")]
    assert rows == [(e["payer"], e["payee"], e["amount"], e["reason"]) for e in state["ledger"]]
    net = [0] * 4
    for payer, payee, amount, _reason in rows:
        net[payer] -= amount
        net[payee] += amount
    assert sum(net) == 0 and net == EngineRound.from_json(state).net()
    # Nobody is ever out, and each win laid one tile beside its winner.
    assert state["out"] == [False] * 4
    for seat in range(4):
        wins = [w for w in state["winners"] if w["seat"] == seat]
        assert len(state["win_tiles"][seat]) == len(wins)
    if options.get("xueliu_kongs") == "fan":
        assert not any(r.startswith("kong_") for *_, r in rows)
    # The log replays to the stored state and ledger.
    assert replay.check(rnd).ok
    out = StringIO()
    call_command("verify_rounds", "--round", str(rnd.pk), stdout=out)
    assert ": ok" in out.getvalue()


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "xueliu"},
        {"mode": "xueliu", "xueliu_kongs": "fan"},
        {"mode": "xueliu", "exchange_three": True},
    ],
    ids=["kong money", "kongs as fan", "with 换三张"],
)
def test_xueliu_rounds_of_bots_end_at_the_empty_wall_zero_sum_and_verify(options):
    """Rounds are dealt from secret seeds: play on (at most six) until some seat has won
    twice in one round, which bots do in most rounds."""
    owner = User.objects.create_user("owner", password="x-long-password-1")
    room = create_room(owner=owner, name="血流", options=options)
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    rng = random.Random(3)
    for _ in range(6):
        rnd = play_round(owner, set_ready(room=room, user=owner), rng)
        check_round(rnd, options)
        seats = [w["seat"] for w in rnd.state["winners"]]
        if len(seats) > len(set(seats)):
            return
    raise AssertionError("in six rounds no seat won twice")
