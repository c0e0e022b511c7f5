"""The site on the home screen and in chats: a web app manifest, a service worker that
keeps static files only (never a page of a live table) and shows a friendly offline page,
and share cards that say what a link is."""

import json
import re

import pytest
from django.contrib.auth.models import User

from games.rooms.seating import add_bot, create_room
from tests.tables import four_people

pytestmark = pytest.mark.django_db


def meta(html: str, name: str) -> str:
    found = re.search(rf'<meta (?:property|name)="{re.escape(name)}" content="([^"]*)"', html)
    assert found, name
    return found.group(1)


def test_the_manifest_makes_a_standalone_app_with_icons_and_the_theme(client):
    response = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response["Content-Type"].startswith("application/manifest+json")
    data = json.loads(response.content)
    assert data["display"] == "standalone" and data["start_url"] == "/"
    assert data["name"] == "血战到底" and data["theme_color"] == "#1f5f3f"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#1f5f3f">' in page
    # Any other page's link says what the site is.
    assert meta(page, "og:title") == "血战到底：在线四川麻将"


def test_the_worker_is_served_from_the_root_and_never_keeps_a_page(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    script = response.content.decode()
    # Only what lies under the static prefix goes into the cache; pages come from the
    # network, the offline page when there is none.
    assert 'var STATIC = "/static/"' in script and "cache.put(request" in script
    assert script.count("cache.put(") == 1
    assert "caches.match(OFFLINE)" in script
    # Registered by a script of the site's own (no inline script: strict CSP).
    page = client.get("/").content.decode()
    assert re.search(r'<script src="/static/js/pwa\.js" defer>', page)


@pytest.mark.parametrize("language, words", [("zh-hans", "没有网络连接"), ("en", "No connection")])
def test_the_offline_page_says_what_happened_in_the_players_language(client, language, words):
    html = client.get("/offline/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in html


def test_a_tables_link_says_the_room_and_how_many_seats_are_free(client):
    owner = User.objects.create_user("fang", password="x-long-password-1")
    room = create_room(owner=owner, name="周五局", options={})
    add_bot(room=room, user=owner, index=1, level="strong")
    # A chat's preview fetches the link without logging in: the log-in page it lands on
    # names the table; a logged-in player's table page does too.
    anonymous = client.get(f"/t/{room.code}/", HTTP_ACCEPT_LANGUAGE="zh-hans", follow=True)
    assert meta(anonymous.content.decode(), "og:title") == f"来打血战：房间 {room.code}，差 2 人"
    client.force_login(owner)
    html = client.get(f"/t/{room.code}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert meta(html, "og:title") == f"来打血战：房间 {room.code}，差 2 人"
    assert meta(html, "twitter:card") == "summary_large_image"
    assert meta(html, "og:image").endswith("/static/icons/share-card.png")
    assert meta(html, "og:image").startswith("http")


def test_a_played_tables_link_invites_to_watch(client):
    room, users = four_people("og")
    html = client.get(f"/t/{room.code}/", HTTP_ACCEPT_LANGUAGE="en", follow=True).content.decode()
    assert meta(html, "og:title") == f"Watch the table: room {room.code}"


def test_a_finished_rounds_link_gives_its_standings(client, settings):
    from tests.play.settled_rounds import a_round_that_ran_out_of_wall

    settings.BOT_DELAY_SECONDS = 0
    owner = User.objects.create_user("share", password="x-long-password-1")
    rnd = a_round_that_ran_out_of_wall(owner)
    client.force_login(owner)
    html = client.get(f"/rounds/{rnd.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert meta(html, "og:title") == f"{rnd.room.name} 第 {rnd.number} 局"
    description = meta(html, "og:description")
    nets = [int(n) for n in re.findall(r"([+-]\d+)", description)]
    assert len(nets) == 4 and nets == sorted(nets, reverse=True) and sum(nets) == 0
    assert "，" in description
