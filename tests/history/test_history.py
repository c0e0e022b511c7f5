"""The settlement history: my rounds, a round's page (ledger, JSON, replay), the room's
scoreboard and a player's statistics, and who may see them."""

import json
import re
from datetime import timedelta
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone, translation

from games.history import my_rounds as history
from games.models import Room, Round
from games.rooms.seating import add_bot, create_room, set_ready, set_watching
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound
from games.rules.round import parse_action
from games.words.settlement_sentences import settlement_words
from tests.history.played_rounds import made_up_round, play_rounds, win

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_DELAY_SECONDS = 0


@pytest.fixture
def owner():
    return User.objects.create_user("lanlan", password="x-long-password-1")


def test_the_round_page_and_its_json_hold_the_engines_payments(client, owner):
    room, (rnd,) = play_rounds(owner, 1)
    engine = EngineRound.from_json(rnd.state)
    client.force_login(owner)
    html = client.get(reverse("round_detail", args=[rnd.pk])).content.decode()
    for entry in engine.ledger:
        assert f" {entry['amount']}" in html
    assert html.count("付给") == len(engine.ledger)
    assert rnd.seed in html and rnd.seed_hash in html
    # Each payment with its arithmetic, as on the table, and the terms explained.
    with translation.override("zh-hans"):
        words = settlement_words(rnd.state, history.seat_names(rnd))
    text = unescape(re.sub(r"<[^>]+>", "", html))
    for line in words.payments:
        assert "".join(part for part, _ in line) in text
    assert "<summary>术语</summary>" in html and 'class="term"' in html
    assert "settlement.css" in html

    data = client.get(reverse("round_export", args=[rnd.pk])).json()
    assert [(p["payer"], p["payee"], p["amount"], p["reason"]) for p in data["payments"]] == [
        (e["payer"], e["payee"], e["amount"], e["reason"]) for e in engine.ledger
    ]
    assert data["nets"] == engine.net() and sum(data["nets"]) == 0
    for seat in range(4):
        paid = sum(p["amount"] for p in data["payments"] if p["payer"] == seat)
        got = sum(p["amount"] for p in data["payments"] if p["payee"] == seat)
        assert data["nets"][seat] == got - paid


def test_replaying_the_exported_events_from_the_seed_gives_the_same_round(client, owner):
    room, (rnd,) = play_rounds(owner, 1)
    client.force_login(owner)
    data = json.loads(client.get(reverse("round_export", args=[rnd.pk])).content)
    # Only the download and the public engine: deal from the seed, apply every action.
    import hashlib

    assert hashlib.sha256(data["seed"].encode()).hexdigest() == data["seed_sha256"]
    engine = EngineRound.deal(data["seed"], data["dealer"], RoomOptions.from_dict(data["options"]))
    for event in data["events"]:
        if event["kind"] == "action":
            engine.apply(event["seat"], parse_action(event["data"]["action"]))
    assert engine.to_json() == rnd.state
    assert [[e["payer"], e["payee"], e["amount"], e["reason"]] for e in engine.ledger] == [
        [p["payer"], p["payee"], p["amount"], p["reason"]] for p in data["payments"]
    ]


def test_my_rounds_lists_newest_first_with_net_and_outcome(client, owner, settings):
    settings.HISTORY_PAGE_SIZE = 2
    room, rounds = play_rounds(owner, 3)
    client.force_login(owner)
    response = client.get(reverse("my_rounds"))
    page = response.context["page"]
    assert page.paginator.count == 3 and page.paginator.num_pages == 2
    listed = [item["row"].round.pk for item in response.context["items"]]
    assert listed == [rounds[2].pk, rounds[1].pk]
    for item in response.context["items"]:
        assert item["row"].net == EngineRound.from_json(item["row"].round.state).net()[0]
        assert item["outcome"]
    second = client.get(reverse("my_rounds"), {"page": 2})
    assert [i["row"].round.pk for i in second.context["items"]] == [rounds[0].pk]
    # On a phone each row is a card whose every value says which column it is.
    html = response.content.decode()
    labels = re.findall(r'<td data-label="([^"]+)"', html)
    assert labels[:6] == ["日期", "房间", "座位", "庄", "输赢", "结果"] and len(labels) == 12


def test_filters_by_room_date_and_result(client, owner):
    room_a, rounds_a = play_rounds(owner, 2, name="A")
    room_b, rounds_b = play_rounds(owner, 1, name="B")
    Round.objects.filter(pk=rounds_a[0].pk).update(ended_at=timezone.now() - timedelta(days=10))
    client.force_login(owner)

    def listed(**params):
        response = client.get(reverse("my_rounds"), params)
        return {item["row"].round.pk for item in response.context["items"]}

    assert listed(room=room_b.code.lower()) == {rounds_b[0].pk}
    week_ago = (timezone.now() - timedelta(days=7)).date().isoformat()
    assert listed(**{"from": week_ago}) == {rounds_a[1].pk, rounds_b[0].pk}
    assert listed(to=week_ago) == {rounds_a[0].pk}
    nets = {r.pk: EngineRound.from_json(r.state).net()[0] for r in rounds_a + rounds_b}
    assert listed(result="won") == {pk for pk, net in nets.items() if net > 0}
    assert listed(result="lost") == {pk for pk, net in nets.items() if net < 0}


def test_a_stranger_gets_404_for_someone_elses_round_when_the_room_cannot_be_watched(client, owner):
    room, (rnd,) = play_rounds(owner, 1)
    # (A room that may be watched shows its finished rounds to its watchers:
    # tests/table/test_spectators.py.)
    set_watching(room=room, user=owner, allowed=False)
    stranger = User.objects.create_user("stranger", password="x-long-password-1")
    client.force_login(stranger)
    for name, args in (
        ("round_detail", [rnd.pk]),
        ("round_export", [rnd.pk]),
        ("round_replay", [rnd.pk, 1]),
        ("room_scores", [room.code]),
    ):
        assert client.get(reverse(name, args=args)).status_code == 404
    # Their own history shows nothing of it.
    assert client.get(reverse("my_rounds")).context["page"].paginator.count == 0


def test_a_round_being_played_has_no_page_yet(client, owner):
    room = create_room(owner=owner, name="r", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    rnd = set_ready(room=room, user=owner)
    client.force_login(owner)
    assert client.get(reverse("round_detail", args=[rnd.pk])).status_code == 404


def test_history_needs_a_login(client):
    assert client.get(reverse("my_rounds")).status_code == 302


def test_the_room_scoreboard_sums_the_ledger_and_draws_the_running_totals(client, owner):
    room, rounds = play_rounds(owner, 2)
    client.force_login(owner)
    response = client.get(reverse("room_scores", args=[room.code]))
    totals = {s.name: s.total for s in response.context["series"]}
    for seat, name in history.seat_names(rounds[0]).items():
        expected = sum(EngineRound.from_json(r.state).net()[seat] for r in rounds)
        assert totals[name] == expected
    html = response.content.decode()
    assert html.count("<polyline") == 4 and "<svg" in html


# --- statistics on a made-up history, computed by hand ------------------------------------


def test_statistics_of_a_small_made_up_history(owner):
    other = User.objects.create_user("other", password="x-long-password-1")
    room = Room.objects.create(owner=owner, name="made up", code="MADEUP")
    players = [owner, other, None, None]
    # Round 1: lanlan (seat 0) wins self-drawn, 清一色 2 fan: +4 from each of three.
    made_up_round(
        room,
        1,
        players,
        {
            "winners": [win(0, "zimo", 2, {"qingyise": 2})],
            "settlement": None,
            "end": "one_left",
        },
        [(1, 0, 4, "zimo"), (2, 0, 4, "zimo"), (3, 0, 4, "zimo")],
        days_ago=3,
    )
    # Round 2: seats 1 and 2 both win on lanlan's one discard (1 and 0 fan), and at the
    # end lanlan is a flower pig who pays 16 to each of the three others.
    made_up_round(
        room,
        2,
        players,
        {
            "winners": [
                win(1, "ron", 1, {"duiduihu": 1}, 0, 7),
                win(2, "ron", 0, {"pinghu": 0}, 0, 7),
            ],
            "settlement": {"pigs": [0], "ready": {}, "not_ready": [0, 3]},
            "end": "wall_empty",
        },
        [
            (0, 1, 2, "ron"),
            (0, 2, 1, "ron"),
            (0, 1, 16, "pig"),
            (0, 2, 16, "pig"),
            (0, 3, 16, "pig"),
        ],
        days_ago=2,
    )
    # Round 3: lanlan wins on seat 3's discard with 龙七对 4 fan (+16), then deals in
    # to nobody; seat 1 pays lanlan 2 for an exposed kong.
    made_up_round(
        room,
        3,
        players,
        {
            "winners": [win(0, "ron", 4, {"longqidui": 4}, 3, 20)],
            "settlement": None,
            "end": "one_left",
        },
        [(3, 0, 16, "ron"), (1, 0, 2, "kong_exposed")],
        days_ago=1,
    )

    stats = history.player_stats(user=owner)
    assert stats.rounds == 3
    assert stats.wins == 2 and stats.self_drawn == 1
    assert stats.dealt_in == 1  # one discard, two winners on it
    assert stats.pigs == 1
    assert stats.average_fan == 3.0  # (2 + 4) / 2
    assert stats.biggest["fan"] == 4 and "龙七对" in stats.biggest["patterns"]
    # Round nets: +12, -(2 + 1 + 48) = -51, +18 → -21 in all.
    assert [total for _, total in stats.running] == [12, -39, -21]
    assert stats.net == -21


@pytest.mark.parametrize(
    "query, said",
    [
        ("from=2026-13-40", "不是日期"),
        ("to=yesterday", "不是日期"),
        ("result=maybe", "未知的结果筛选"),
        ("from=2026-05-02&to=2026-05-01", "晚于"),
    ],
)
def test_a_filter_that_cannot_be_used_is_said_not_dropped(client, query, said):
    user = User.objects.create_user("filterer", password="x-long-password-1")
    client.force_login(user)
    response = client.get(reverse("my_rounds") + "?" + query)
    assert response.status_code == 200
    assert said in response.content.decode()
