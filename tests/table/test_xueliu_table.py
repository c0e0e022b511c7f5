"""血流成河 (RULES.md section 13) on the site: the room form's block, the table's 已胡×n
and locked hand, the lobby and the words of the settlement and history."""

import random
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from games.history import my_rounds as history
from games.models import Room
from games.play.errors import ServiceError
from games.play.moves import apply_move
from games.rooms.seating import add_bot, create_room, set_ready
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound
from games.words.settlement_sentences import settlement_words
from games.words.settlement_words import amount_of, explain
from tests.rooms.forms import form_data
from tests.rules.random_rounds import XUELIU_OPTION_SETS, pick
from tests.rules.tables import act, table
from tests.table.pages import page, part, put
from tests.table.scenes import DISCARDER, IDLE, WAITS_5P, two_wins
from tests.tables import four_people

pytestmark = pytest.mark.django_db


def test_the_room_form_offers_the_way_to_play_in_its_own_block(client):
    owner = User.objects.create_user("owner", password="x-long-password-1")
    client.force_login(owner)
    with translation.override("zh-hans"):
        html = client.get(reverse("create_room"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    block = re.search(r'<fieldset class="form-block mode-block">.*?</fieldset>', html, re.S)
    assert block, "the way to play has a block of its own"
    block = block.group(0)
    assert re.search(r'<option value="xuezhan" selected>血战到底[^<]*</option>', block)
    assert re.search(r'<option value="xueliu">血流成河[^<]*</option>', block)
    assert 'name="xueliu_kongs"' in block and "暗杠 +2 番" in block
    assert "牌墙摸完一局才结束" in block  # the help text says what the mode does
    # Chosen, it is the room's; the kong rule only with 血流成河.
    client.post(reverse("create_room"), form_data(name="血流", mode="xueliu", xueliu_kongs="fan"))
    client.post(reverse("create_room"), form_data(name="血战", mode="xuezhan", xueliu_kongs="fan"))
    xueliu = Room.objects.get(name="血流").options
    assert xueliu["mode"] == "xueliu" and xueliu["xueliu_kongs"] == "fan"
    assert Room.objects.get(name="血战").options == RoomOptions().to_dict()


def test_a_bad_mode_is_a_form_error_and_makes_no_room(client):
    owner = User.objects.create_user("owner", password="x-long-password-1")
    client.force_login(owner)
    response = client.post(reverse("create_room"), form_data(mode="xuexue"))
    assert response.status_code == 200 and response.context["form"].errors["mode"]
    assert not Room.objects.exists()


def test_the_table_shows_each_seats_wins_and_the_mode(client):
    room, users = four_people("x")
    two_wins(room)
    for viewer in (users[0], users[2]):
        html = page(room, viewer)
        head = part(html, "seat-1-head")
        assert "已胡×2" in head and head.count('alt="五筒"') == 2
        assert 'class="shown-hand"' in part(html, "seat-1-hand")  # laid down, locked
        assert "已胡" not in part(html, "seat-3-head")
    client.force_login(users[0])
    html = client.get(
        reverse("table", kwargs={"code": room.code}), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert '<p class="room-mode">四人三房 · 血流成河</p>' in html
    banner = part(page(room, users[0]), "win-banner")
    assert "x1" in banner and "3 分" in banner  # this win's three payments, not both wins'


def test_a_locked_hand_may_discard_only_the_tile_it_drew():
    room, users = four_people("l")
    engine = table(
        [DISCARDER, WAITS_5P, IDLE, IDLE],
        wall="2s2s3s1m2m",
        options={"mode": "xueliu", "last_four_must_win": False},
    )
    act(engine, 0, "discard", "5p")
    act(engine, 1, "win")
    act(engine, 2, "discard", "1s")
    act(engine, 3, "discard", "1s")
    act(engine, 0, "discard", "3s")  # seat 1 draws 1m
    Room.objects.filter(pk=room.pk).update(options=engine.options.to_dict())
    put(room, engine)
    hand = part(page(room, users[1]), "me-hand")
    # Of the 14 tiles only the 1m (drawn, and the same tile in the hand) may go.
    buttons = re.findall(r"<button[^>]*>", hand)
    assert len(buttons) == 14
    free = [b for b in buttons if 'aria-disabled="true"' not in b]
    assert len(free) == 2 and all('value="1m"' in b for b in free)
    with translation.override("zh-hans"), pytest.raises(ServiceError) as refused:
        apply_move(
            room_id=room.pk,
            user=users[1],
            expected_version=0,
            action={"type": "discard", "tile": "2m"},
        )
    assert "锁定" in str(refused.value)


def test_the_lobby_names_the_way_to_play(client):
    owner = User.objects.create_user("owner", password="x-long-password-1")
    create_room(owner=owner, name="河", options={"mode": "xueliu", "xueliu_kongs": "fan"})
    create_room(owner=owner, name="战", options={})
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "血流成河" in html and "血战到底" in html


def test_several_wins_of_one_seat_read_in_the_history():
    room, users = four_people("h")
    engine = two_wins(room)
    names = {seat: f"h{seat}" for seat in range(4)}
    with translation.override("zh-hans"):
        text = history.outcome(engine.to_json(), 1, names)
    assert text.startswith("胡了 2 次：") and text.count("平胡") == 2


@pytest.mark.parametrize("options", XUELIU_OPTION_SETS, ids=["money", "fan"])
def test_every_payment_of_random_xueliu_rounds_is_explained_and_sums_back(options):
    rng = random.Random(f"xueliu words {options}")
    several = 0
    for number in range(25):
        state = EngineRound.deal(f"xl-{number}", number % 4, RoomOptions.from_dict(options))
        while state.phase != "ended":
            state.apply(*pick(state, rng))
        explained = explain(state.to_json())
        assert [(e.payer, e.payee, e.amount, e.reason) for e in explained] == [
            (e["payer"], e["payee"], e["amount"], e["reason"]) for e in state.ledger
        ]
        for e in explained:
            assert e.detailed and amount_of(e.arithmetic) == e.amount, (options, number, e)
            if e.win is not None:
                # The row is explained by the very win it pays.
                assert e.win["ledger_from"] <= e.index
        seats = [w["seat"] for w in state.winners]
        several += len(seats) > len(set(seats))
        with translation.override("zh-hans"):
            words = settlement_words(state.view(None), ["东", "南", "西", "北"], state.options)
        assert len(words.payments) == len(state.ledger)
        won = {w["seat"] for w in state.winners}
        if won:
            assert any(
                "已胡牌，算作听牌" in "".join(text for text, _term in line) for line in words.checks
            )
    assert several  # some seat won more than once in these rounds


def test_a_finished_xueliu_round_reads_every_win_on_its_page_replay_and_history(client):
    from tests.play.xueliu_rounds import play_round

    owner = User.objects.create_user("owner", password="x-long-password-1")
    room = create_room(owner=owner, name="血流", options={"mode": "xueliu"})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    rng = random.Random(7)
    for _ in range(6):  # secret seeds: play until a seat wins twice in one round
        rnd = play_round(owner, set_ready(room=room, user=owner), rng)
        seats = [w["seat"] for w in rnd.state["winners"]]
        twice = [seat for seat in set(seats) if seats.count(seat) > 1]
        if twice:
            break
    else:
        raise AssertionError("in six rounds no seat won twice")
    client.force_login(owner)
    headers = {"HTTP_ACCEPT_LANGUAGE": "zh-hans"}
    html = client.get(reverse("round_detail", args=[rnd.pk]), **headers).content.decode()
    wins = re.search(r"<h2>胡牌</h2>\s*<ol>(.*?)</ol>", html, re.S)
    assert wins and wins.group(1).count("<li>") == len(seats)
    assert html.count("付给") == len(rnd.state["ledger"])
    # The replay's last frame: the seat that won twice reads 已胡×n.
    frame = client.get(
        reverse("round_replay", args=[rnd.pk, rnd.version]), **headers
    ).content.decode()
    head = part(frame, f"replay-seat-{twice[0]}-head")
    assert f"已胡×{seats.count(twice[0])}" in head
    # The owner's history says how the round went for seat 0: each of its wins.
    with translation.override("zh-hans"):
        said = history.outcome(rnd.state, 0, history.seat_names(rnd))
    page = client.get(reverse("my_rounds"), **headers).content.decode()
    assert escape(said) in page
