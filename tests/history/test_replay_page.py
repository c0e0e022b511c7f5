"""The replay of a finished round: it opens at the deal near the top of the round's page,
draws the live table's board with every hand face up, steps from the deal to the stored
final state, and has named controls whose steps are plain links without JavaScript."""

import re
from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from games.history import my_rounds as history
from games.history.replay import replay
from games.models import Event
from games.rules.tiles import from_counts, tile_str
from tests.history.played_rounds import play_rounds

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_DELAY_SECONDS = 0


@pytest.fixture
def played(client):
    owner = User.objects.create_user("huifang", password="x-long-password-1")
    room, (rnd,) = play_rounds(owner, 1, name="回放")
    client.force_login(owner)
    return rnd


def part(html: str, part_id: str) -> str:
    """The inside of the element with this id (hands, melds and rivers hold no element of
    their own kind)."""
    found = re.search(rf'<(\w+) id="{part_id}"[^>]*>(.*?)</\1>', html, re.S)
    assert found, f"no #{part_id} in the replay"
    return found.group(2)


def frame_of(html: str) -> str:
    """The replay's frame (the step's caption and board) within the round's page."""
    start = html.index('<div id="replay-frame"')
    end = html.find('<p class="visually-hidden replay-said"', start)
    return html[start : end if end != -1 else len(html)].strip()


def tiles(html: str, part_id: str) -> list[str]:
    """The tiles pictured in one part, as codes ("5m"), in page order."""
    return re.findall(r"tiles/(\d[mps])\.svg", part(html, part_id))


def net_shown(html: str, seat: int) -> int:
    head = part(html, f"replay-seat-{seat}-head")
    return int(re.search(r'class="round-net[^"]*"[^>]*>\+?(-?\d+)<', head).group(1))


def steps_of(rnd) -> int:
    return Event.objects.filter(round=rnd, kind="action").count()


def test_the_round_page_opens_the_replay_at_the_deal_above_the_ledger(client, played):
    rnd = played
    steps = steps_of(rnd)
    html = client.get(reverse("round_detail", args=[rnd.pk])).content.decode()
    # The first thing after the title: before the final hands and the payments.
    assert html.index('id="replay"') < html.index("最终手牌") < html.index("<h2>账目</h2>")
    assert f"第 0 / {steps} 步" in html and "发牌。" in html
    for seat in range(4):
        hand = tiles(html, f"replay-seat-{seat}-hand")  # face up: pictures, not backs
        assert len(hand) == (14 if seat == rnd.dealer else 13)
        assert tiles(html, f"replay-seat-{seat}-river") == []
        assert tiles(html, f"replay-seat-{seat}-melds") == []
    assert "tile-back" not in frame_of(html)
    assert "牌墙剩 55 张" in part(html, "center")  # 108 tiles less the 53 dealt
    # The dealt hands are the seed's deal: the replay at step 0.
    dealt = replay(rnd, 0)
    for seat in range(4):
        assert Counter(tiles(html, f"replay-seat-{seat}-hand")) == Counter(
            tile_str(t) for t in dealt.hand_tiles(seat)
        )
    # The board is the live table's: seats in turn order around the centre.
    assert 'class="seat seat-bottom"' in html and 'class="seat seat-top"' in html
    assert 'class="middle"' in html and 'id="center"' in html


def test_stepping_from_the_deal_to_the_last_move_ends_at_the_stored_final_state(client, played):
    rnd = played
    steps = steps_of(rnd)
    assert steps == rnd.version > 20
    for step in range(steps + 1):
        html = client.get(reverse("round_replay", args=[rnd.pk, step])).content.decode()
        assert f"第 {step} / {steps} 步" in html
        # Every tile of the 108 is somewhere on the board at every step.
        shown = sum(
            len(tiles(html, f"replay-seat-{s}-{p}"))
            for s in range(4)
            for p in ("hand", "melds", "river")
        )
        wall = int(re.search(r"牌墙剩 (\d+) 张", part(html, "center")).group(1))
        # (A tile on offer is pictured in the centre too; it is counted in its river.)
        assert shown + wall == 108, f"step {step}"
    # The last step is the round as stored: hands, melds, discards and each seat's points.
    state, nets = rnd.state, history.nets(rnd)
    for seat in range(4):
        assert Counter(tiles(html, f"replay-seat-{seat}-hand")) == Counter(
            tile_str(t) for t in from_counts(state["hands"][seat])
        )
        melded = [
            tile_str(tile)
            for kind, tile in state["melds"][seat]
            for _ in range(3 if kind == "pong" else 4)
        ]
        assert tiles(html, f"replay-seat-{seat}-melds") == melded
        assert tiles(html, f"replay-seat-{seat}-river") == [
            tile_str(t) for t in state["discards"][seat]
        ]
        assert net_shown(html, seat) == nets[seat]
    assert html.count('class="badge won"') == len(state["winners"])
    assert "本局结束。" in part(html, "center")
    # And the engine replayed move by move is the stored state, field for field.
    assert replay(rnd, steps).to_json() == rnd.state


def test_the_controls_have_names_in_chinese_and_english(client, played):
    rnd = played
    url = reverse("round_detail", args=[rnd.pk])
    html = client.get(url).content.decode()
    steps = steps_of(rnd)
    slider = re.search(r'<input type="range"[^>]*>', html).group(0)
    assert 'aria-label="步数"' in slider and 'min="0"' in slider
    assert f'max="{steps}"' in slider and 'value="0"' in slider
    assert f'aria-valuetext="第 0 / {steps} 步"' in slider
    for name in ("回到发牌", "上一步", "下一步", "跳到最后"):
        assert f'aria-label="{name}"' in html
    assert re.search(r'class="replay-play[^"]*"[^>]*>.*?播放</span></button>', html)
    assert re.search(r"速度</span>\s*<select", html)
    for speed in ("0.5×", "1×", "2×", "4×"):
        assert f">{speed}</option>" in html
    assert "空格" in html
    # The script is a static file: the page carries no inline script (the CSP).
    assert "js/replay.js" in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert " style=" not in frame_of(html)

    with translation.override("en"):
        client.cookies["django_language"] = "en"
        english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Step 0 of {steps}" in english and 'aria-label="Step"' in english
    for name in ("Back to the deal", "Previous move", "Next move", "To the end"):
        assert f'aria-label="{name}"' in english
    assert "Play</span>" in english and "Speed" in english
    assert "第 0" not in english and "播放" not in english


def test_without_javascript_every_step_is_a_link_and_the_frame_is_the_servers(client, played):
    rnd = played
    steps = steps_of(rnd)
    url = reverse("round_detail", args=[rnd.pk])
    html = client.get(url, {"step": 5}).content.decode()
    assert f"第 5 / {steps} 步" in html
    assert 'href="?step=4#replay"' in html and 'href="?step=6#replay"' in html
    assert 'href="?step=0#replay"' in html and f'href="?step={steps}#replay"' in html
    # The slider is sent by "Go" as ?step=n.
    assert re.search(r'<form class="replay-controls" method="get" action="#replay">', html)
    assert 'name="step"' in html and "跳转</button>" in html
    # The frame the script swaps in is the very one the page draws at that step.
    fragment = client.get(reverse("round_replay", args=[rnd.pk, 5])).content.decode()
    assert frame_of(html) == fragment.strip()
    # A step that is not one: the deal, or the last move; the bounds are disabled.
    assert "第 0 / " in client.get(url, {"step": "abc"}).content.decode()
    last = client.get(url, {"step": 99999}).content.decode()
    assert f"第 {steps} / {steps} 步" in last
    assert re.search(r'class="button replay-forward"[^>]*aria-disabled="true"', last)
    beyond = client.get(reverse("round_replay", args=[rnd.pk, steps + 50])).content.decode()
    assert f"第 {steps} / {steps} 步" in beyond
