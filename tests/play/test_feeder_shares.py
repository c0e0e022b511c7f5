"""承包 (kong_bloom_from_discard = feeder_all) is one ledger entry per payer and payee
(RULES.md section 8). Rounds stored before that wrote one row per covered share: they
keep their rows, still verify, and the history names each row's share."""

import json
import secrets
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from games.history import replay
from games.models import Round
from games.play.steps import run_bots
from games.rooms.seating import add_bot, create_room, set_auto_play, set_ready
from games.rules.round import Round as EngineRound

pytestmark = pytest.mark.django_db

# With this seed and East dealing, four 高手 play a round in which seat 2 feeds seat 3 a
# kong and seat 3 wins on its replacement draw at 2 fan: seat 2 covers three shares of 4.
BLOOM_SEED = "0000000000000000000000000000000e"


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_DELAY_SECONDS = 0
    settings.OFFER_PAUSE_SECONDS = 0


def play_the_bloom_round(monkeypatch) -> Round:
    monkeypatch.setattr(secrets, "token_hex", lambda n=None: BLOOM_SEED)
    monkeypatch.setattr(secrets, "randbelow", lambda n: 0)
    owner = User.objects.create_user("chengbao", password="x-long-password-1")
    room = create_room(
        owner=owner, name="feeder", options={"kong_bloom_from_discard": "feeder_all"}
    )
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    rnd = set_ready(room=room, user=owner)
    set_auto_play(room=room, user=owner, on=True)
    run_bots(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.ENDED and rnd.dealer == 0
    return rnd


def bloom_rows(rnd: Round) -> list[tuple]:
    """The rows of seat 3's bloom on the kong seat 2 fed."""
    return [
        (e.payer_seat, e.payee_seat, e.amount, e.reason)
        for e in rnd.ledger.all()
        if e.reason == "zimo" and e.payer_seat == 2 and e.payee_seat == 3
    ]


def test_a_new_round_stores_the_feeders_payment_once_and_shows_it_once(client, monkeypatch):
    rnd = play_the_bloom_round(monkeypatch)
    assert bloom_rows(rnd) == [(2, 3, 12, "zimo")]
    assert replay.check(rnd).ok
    exported = services_export(client, rnd)
    assert [p for p in exported["payments"] if "covers" in p] == [
        {"payer": 2, "payee": 3, "amount": 12, "reason": "zimo", "covers": [0, 1, 2]}
    ]
    html = client.get(reverse("round_detail", args=[rnd.pk])).content.decode()
    # One sentence names the three shares (the glossary explains 承包 once more).
    assert html.count("承包 chengbao、电脑南（高手） 和自己的份") == 1 and "3 份共 12" in html


def test_a_round_stored_with_a_row_per_share_still_verifies_and_shows_each_share(
    client, monkeypatch
):
    # The engine as it was: a row per share (games.history.replay sets share_rows for such rounds).
    loaded = EngineRound.from_json.__func__

    def as_before(cls, data):
        engine = loaded(cls, data)
        engine.share_rows = True
        return engine

    with monkeypatch.context() as before:
        before.setattr(EngineRound, "from_json", classmethod(as_before))
        rnd = play_the_bloom_round(monkeypatch)
    assert bloom_rows(rnd) == [(2, 3, 4, "zimo")] * 3
    assert replay.check(rnd).ok
    out = StringIO()
    call_command("verify_rounds", stdout=out)
    assert f"round {rnd.pk} " in out.getvalue() and "MISMATCH" not in out.getvalue()
    client.force_login(User.objects.get(username="chengbao"))
    html = client.get(reverse("round_detail", args=[rnd.pk])).content.decode()
    # One line per row, each naming the share it pays.
    assert html.count("电脑西（高手） 承包") == 3 and "份共" not in html


def services_export(client, rnd: Round) -> dict:
    client.force_login(User.objects.get(username="chengbao"))
    response = client.get(reverse("round_export", args=[rnd.pk]))
    return json.loads(response.content)
