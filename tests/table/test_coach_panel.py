"""The coach (教练) at the table: the room's option, the switch in 设置 and the panel.

The panel shows only in a room that allows the coach, for the seated person who switched
it on, while their seat has a decision to make; never for a watcher. It reads only the
seat's own view (a round is played and at each of the seat's decisions every hidden tile
is dealt anew: the panel stays byte for byte the same), and its first candidate is 大师's
own choice. Only the seated person may flip the switch; the ranking leaves such rooms'
rounds out."""

import random
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from games.history import ranking
from games.models import Room, Round, Seat
from games.play.snapshot import load_snapshot
from games.players import coach
from games.players.expert.player import expert_action
from games.players.simulate import play_round
from games.rooms.forms import RoomForm
from games.rules.round import Round as EngineRound
from games.rules.tiles import tile_str
from games.table import coaching
from games.table.parts import render_table
from games.words import coach_words
from games.words.display import tile_name
from games.words.room_options import options_summary
from tests.history.ledger_rounds import ledger_round as finished_round
from tests.history.ledger_rounds import people
from tests.rules.states import scramble_hidden_tiles
from tests.rules.tables import table
from tests.table.pages import part, put
from tests.table.scenes import COACHED, TURN, WALL, render, seated_room

BUTTONS = {"pong": "碰", "kong": "杠", "win": "胡", "pass": "过", "zimo": "自摸"}
# Seat 0 to discard: 3m-6m and 1p-3p and 7p-9p, the 1s of the void to go first.


def whole_page(room, user) -> str:
    with translation.override("zh-hans"):
        return render_table(load_snapshot(room.pk), user=user, csrf="x").full()


def switch(room, user, on: bool) -> None:
    coaching.set_coach(room=room, user=user, on=on)


@pytest.mark.django_db
def test_the_panel_shows_only_where_allowed_switched_on_and_the_seat_decides():
    room, users = seated_room("k", COACHED)
    put(room, table(TURN, wall=WALL, voids="ssss", current=0, options=COACHED))
    watcher = User.objects.create_user("kw", password="x-long-password-1")

    # Allowed, switch off: a place for the panel, nothing in it.
    assert render(room, users[0])["me-coach"] == '<div id="me-coach"></div>'
    switch(room, users[0], True)
    html = whole_page(room, users[0])
    panel = part(html, "me-coach")
    assert 'aria-label="教练"' in panel and "大师：打出" in panel
    assert panel.count('<tr class="chosen">') == 1
    # Above the dock, which keeps the table's own names.
    assert html.index('id="me-coach"') < html.index('class="dock"')
    assert 'aria-label="一条"' in part(html, "me-hand")
    # A seat with nothing to decide gets no panel, even with its switch on.
    switch(room, users[1], True)
    assert render(room, users[1])["me-coach"] == '<div id="me-coach"></div>'
    # A watcher has no seat, so no panel and no place for one; nothing of the seat's.
    watched = whole_page(room, watcher)
    assert 'id="me-coach"' not in watched and "教练" not in watched and "大师" not in watched
    # Switched off again: gone.
    switch(room, users[0], False)
    assert render(room, users[0])["me-coach"] == '<div id="me-coach"></div>'
    # 托管: the computer plays the seat, so no advice.
    switch(room, users[0], True)
    Seat.objects.filter(room=room, index=0).update(auto_play=True)
    assert render(room, users[0])["me-coach"] == '<div id="me-coach"></div>'


@pytest.mark.django_db
def test_a_room_that_does_not_allow_the_coach_has_no_panel_and_no_switch(client):
    room, users = seated_room("n", {})
    put(room, table(TURN, wall=WALL, voids="ssss", current=0))
    with pytest.raises(coaching.SwitchRefused):
        switch(room, users[0], True)
    # Even a switch set behind the room's back shows nothing there.
    Seat.objects.filter(room=room, index=0).update(coach_for=users[0])
    assert "me-coach" not in render(room, users[0])
    assert 'id="me-coach"' not in whole_page(room, users[0])
    client.force_login(users[0])
    page = client.get(reverse("table", args=[room.code])).content.decode()
    assert 'id="coach-switch"' not in page and "不计入排行" not in page


@pytest.mark.django_db
def test_a_claim_shows_the_expert_s_answer_and_its_reason_in_one_line():
    room, users = seated_room("c", COACHED)
    engine = table(
        [
            "2m3m4m5m6m7m1p2p3p6p7p8p9p4m",
            "1m2m3m4m5m6m7m8m9m1p2p3p9p",
            "9p9p1m3m5m7m9m2p4p6p8p1p3p",
            "1m3m5m7m8m8m9m2p2p4p7p1p6p",
        ],
        wall=WALL,
        voids="ssss",
        current=0,
        options=COACHED,
    )
    engine.apply(0, ("discard", 17))  # 9p: seat 2 may pong, seat 1 may win
    put(room, engine)
    for seat in (1, 2):
        switch(room, users[seat], True)
        panel = render(room, users[seat])["me-coach"]
        advice = coach.advise(engine, seat)
        assert 'aria-label="教练"' in panel and "<table" not in panel  # no discard list
        assert advice.choice == expert_action(
            engine, seat, engine.legal_actions(seat), random.Random(0)
        )
        # The table's own button words for 大师's answer, and its reason in one line.
        assert f"大师：{BUTTONS[advice.choice[0]]} · " in panel
        with translation.override("zh-hans"):
            assert coach_words.reason_words(advice.reason, advice.figures) in panel
        assert panel.count("<p") == 1
    # Seat 3 is not asked: nothing to advise.
    switch(room, users[3], True)
    assert render(room, users[3])["me-coach"] == '<div id="me-coach"></div>'


def _panel(engine: EngineRound, seat: int) -> str:
    with translation.override("zh-hans"):
        return coaching.panel(engine, seat, coach.advise(engine, seat))


@pytest.mark.parametrize(
    "seed, options",
    [
        ("coach-panel-a", COACHED),
        ("coach-panel-b", {**COACHED, "mode": "xueliu", "exchange_three": True}),
    ],
)
def test_the_panel_reveals_nothing_the_seat_cannot_see_and_leads_with_the_expert_s_choice(
    seed, options
):
    """A whole round of four computers; at each decision of seat 1, the panel for seat 1
    is rendered, then rendered again with the other hands and the wall dealt anew from
    the same unseen tiles: byte for byte the same. Its first row is 大师's discard."""
    from games.rules.options import RoomOptions

    scrambler = random.Random(11)
    counts = {"panels": 0, "discards": 0, "claims": 0}

    def check(state, seat, action, seconds):
        if seat != 1:
            return
        html = _panel(state, 1)
        if html == '<div id="me-coach"></div>':
            assert coach.advise(state, 1) is None
            return
        counts["panels"] += 1
        for _ in range(2):
            assert _panel(scramble_hidden_tiles(state, 1, scrambler), 1) == html
        expert = expert_action(state, 1, state.legal_actions(1), random.Random(0))
        rows = re.findall(r"<tr( class=\"chosen\")?><th scope=\"row\">(.*?)</th>", html)
        if rows:
            counts["discards"] += 1
            assert rows[0][0] and all(not chosen for chosen, _ in rows[1:])
            if expert[0] == "discard":
                with translation.override("zh-hans"):
                    assert rows[0][1].endswith(str(tile_name(tile_str(expert[1]))))
        else:
            counts["claims"] += 1

    for index in range(2):
        state = EngineRound.deal(
            seed=f"{seed}-{index}", dealer=index, options=RoomOptions.from_dict(options)
        )
        play_round(
            state, ("expert", "strong", "expert", "strong"), random.Random(index), on_decision=check
        )
    assert counts["discards"] >= 10 and counts["claims"] >= 1


# --- the switch ------------------------------------------------------------------------


def post_switch(client, room, data, *, htmx=True):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("table_coach", args=[room.code]), data, **headers)


def coach_for(room, index):
    return Seat.objects.get(room=room, index=index).coach_for_id


@pytest.mark.django_db
def test_only_the_seated_person_can_flip_the_switch(client):
    room, users = seated_room("s", COACHED)
    client.force_login(users[2])
    with translation.override("zh-hans"):
        answer = post_switch(client, room, {"on": ["0", "1"]})
    assert answer.status_code == 200 and coach_for(room, 2) == users[2].pk
    assert '<input type="checkbox" name="on" value="1" checked>' in answer.content.decode()
    # The table page shows the switch in 设置, on, with what it means for the ranking.
    page = client.get(reverse("table", args=[room.code]), HTTP_ACCEPT_LANGUAGE="zh-hans")
    text = page.content.decode()
    assert 'id="coach-switch"' in text and " checked>" in text and "教练已开启 · 不计入排行" in text

    # Somebody without a seat (a watcher, a stranger): a clear refusal, nothing changes.
    stranger = User.objects.create_user("s-x", password="x-long-password-1")
    client.force_login(stranger)
    with translation.override("zh-hans"):
        refused = post_switch(client, room, {"on": ["0"]}).content.decode()
    assert "只有坐在这张牌桌上的玩家才能开关教练" in refused and 'role="alert"' in refused
    assert 'type="checkbox"' not in refused  # no switch to show them
    assert coach_for(room, 2) == users[2].pk and coach_for(room, 0) is None
    plain = post_switch(client, room, {"on": ["0", "1"]}, htmx=False)
    assert plain.status_code == 302
    assert [s.coach_for_id for s in Seat.objects.filter(room=room)] == [
        None,
        None,
        users[2].pk,
        None,
    ]
    # The table page of a watcher has no switch.
    watched = client.get(reverse("table", args=[room.code])).content.decode()
    assert 'id="coach-switch"' not in watched

    # Logged out: to the log-in page, nothing changes.
    client.logout()
    assert post_switch(client, room, {"on": ["0"]}).status_code == 302
    assert coach_for(room, 2) == users[2].pk

    # Malformed posts from the seated person: refused, nothing changes.
    client.force_login(users[2])
    for data in ({}, {"on": "yes"}, {"on": ["1", "2"]}, {"on": ""}):
        with translation.override("zh-hans"):
            answer = post_switch(client, room, data).content.decode()
        assert "教练开关只能是开或关" in answer, data
        assert coach_for(room, 2) == users[2].pk
    # A GET changes nothing either.
    assert client.get(reverse("table_coach", args=[room.code])).status_code == 405
    # Off, by the seated person.
    post_switch(client, room, {"on": "0"})
    assert coach_for(room, 2) is None


@pytest.mark.django_db
def test_the_switch_is_the_person_s_not_the_seat_s():
    room, users = seated_room("p", COACHED)
    switch(room, users[3], True)
    seat = Seat.objects.get(room=room, index=3)
    assert seat.coach_on
    newcomer = User.objects.create_user("p-new", password="x-long-password-1")
    Seat.objects.filter(pk=seat.pk).update(user=newcomer)
    assert not Seat.objects.get(pk=seat.pk).coach_on


# --- the room's option and the ranking --------------------------------------------------


@pytest.mark.django_db
def test_the_room_form_offers_the_coach_and_says_it_is_not_ranked(client):
    user = User.objects.create_user("f0", password="x-long-password-1")
    client.force_login(user)
    form_page = client.get(reverse("create_room"), HTTP_ACCEPT_LANGUAGE="zh-hans")
    text = form_page.content.decode()
    assert 'name="coaching"' in text and "允许使用教练" in text and "不计入排行榜" in text
    defaults = {**RoomForm().initial, **{n: f.initial for n, f in RoomForm().fields.items()}}
    data = {k: ("" if v is None else v) for k, v in defaults.items() if v is not False}
    form = RoomForm(data={**data, "coaching": "on"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["options"]["coaching"] is True
    plain = RoomForm(data=data)
    assert plain.is_valid() and "coaching" not in plain.cleaned_data["options"]
    with translation.override("zh-hans"):
        assert "教练已开启 · 不计入排行" in options_summary({"coaching": True})
        assert "教练已开启 · 不计入排行" not in options_summary({})


@pytest.mark.django_db
def test_rounds_of_a_room_that_allows_the_coach_are_not_ranked():
    owner = User.objects.create(username="owner")
    plain = Room.objects.create(name="平", owner=owner, options={})
    coached = Room.objects.create(name="教", owner=owner, options={"coaching": True})
    a, b, c, d = people("ana", "bo", "cai", "du")
    for _ in range(5):
        finished_round(plain, [a, b, c, d], [(1, 0, 2)])
    for _ in range(5):
        finished_round(coached, [a, b, c, d], [(0, 1, 8)])  # bo would lead with these
    rows = {row.name: (row.rounds, row.net) for row in ranking.all_time()}
    assert rows["ana"] == (5, 10) and rows["bo"] == (5, -10)
    assert Round.objects.filter(room=coached).count() == 5
