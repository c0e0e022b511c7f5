"""The tournaments' pages (issue 48): the list, a new tournament's form, a tournament's
page with its leaderboard and the buttons for the person looking, in both languages; a
tournament's socket sends the leaderboard once per change and language; an unknown code
is 404 and bad input a message, never an error page."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test import Client
from django.test.signals import template_rendered
from django.urls import reverse
from django.utils import timezone

from tests.table.sockets import HOST, ORIGIN, session_cookie
from tournaments import clock, entries, live
from tournaments.models import Entry, Tournament, TournamentTable
from xuezhan.asgi import application

LANGUAGES = ("zh-hans", "en")
ONE_MINUTE = timedelta(minutes=1)


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


def client_of(user, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def new_arena(creator, minutes_away=30) -> Tournament:
    return entries.create(
        creator=creator,
        name="周末竞技场",
        options={},
        starts_at=timezone.now() + timedelta(minutes=minutes_away),
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_making_a_tournament_from_its_form_and_its_page(language):
    creator = person("creator")
    client = client_of(creator, language)
    form = client.get(reverse("tournaments:new"))
    assert form.status_code == 200 and f'lang="{language}"' in form.content.decode()
    starts = (timezone.localtime() + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    data = {
        "name": "周五夜赛",
        "format": "arena",
        "stages": 4,
        "stage_rounds": 2,
        "rules": "three_two_suits",
        "starts_at": starts,
        "minutes": 45,
        "scoring": "placement",
        "max_entries": 40,
    }
    response = client.post(reverse("tournaments:new"), data)
    tournament = Tournament.objects.get(name="周五夜赛")
    assert response["Location"] == reverse("tournaments:detail", args=[tournament.code])
    assert tournament.options["players"] == 3 and tournament.scoring == "placement"
    page = client.get(response["Location"]).content.decode()
    assert "周五夜赛" in page and 'id="leaderboard"' in page
    assert "3/1/0" in page  # the placement points of a table of three
    assert f'ws-connect="/ws/tournaments/{tournament.code}/"' in page
    # A mistake comes back with the form, in words.
    again = client.post(reverse("tournaments:new"), {**data, "minutes": 5})
    assert again.status_code == 200 and Tournament.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_sign_up_and_withdraw_from_the_page_and_the_leaderboard_shows_it(language):
    tournament = new_arena(person("creator"))
    ana = person("ana")
    client = client_of(ana, language)
    url = reverse("tournaments:detail", args=[tournament.code])
    client.post(reverse("tournaments:join", args=[tournament.code]))
    page = client.get(url).content.decode()
    assert "ana" in page[page.index('id="leaderboard"') :]
    assert reverse("tournaments:withdraw", args=[tournament.code]) in page
    # Check-in opens 15 minutes before the start: refused now, in words.
    response = client.post(reverse("tournaments:check_in", args=[tournament.code]), follow=True)
    assert response.status_code == 200 and "messages" in response.content.decode()
    assert Entry.objects.get(user=ana).checked_in_at is None
    client.post(reverse("tournaments:withdraw", args=[tournament.code]))
    assert Entry.objects.get(user=ana).withdrawn_at is not None
    assert reverse("tournaments:join", args=[tournament.code]) in client.get(url).content.decode()


@pytest.mark.django_db
def test_the_list_unknown_codes_and_get_on_an_action():
    creator = person("creator")
    private = new_arena(creator)
    listed = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("tournaments:list")).content.decode()
    assert "周末竞技场" not in listed  # a private one is found by its link only
    assert "周末竞技场" in client_of(creator).get(reverse("tournaments:list")).content.decode()
    assert Client().get(reverse("tournaments:detail", args=["nope"])).status_code == 404
    join = reverse("tournaments:join", args=[private.code])
    assert client_of(person("x")).get(join).status_code == 405
    # Somebody not logged in sees the leaderboard and is asked to log in.
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("tournaments:detail", args=[private.code]))
    assert page.status_code == 200 and "Log in to take part" in page.content.decode()


@pytest.mark.django_db
def test_the_running_leaderboard_links_each_players_table():
    tournament = new_arena(person("creator"), minutes_away=1)
    people = [person(f"p{i}") for i in range(4)]
    for user in people:
        entries.join(
            tournament=tournament, user=user, now=tournament.starts_at - timedelta(1 / 1440)
        )
    clock.tick(now=tournament.starts_at + timedelta(seconds=1))
    table = TournamentTable.objects.get(tournament=tournament)
    page = client_of(people[0]).get(reverse("tournaments:detail", args=[tournament.code]))
    html = page.content.decode()
    assert f'data-table="{table.room.code}"' in html  # tournament-live.js takes them there
    assert reverse("table", args=[table.room.code]) in html  # and anybody may watch


@pytest.mark.django_db(transaction=True)
async def test_a_change_reaches_every_page_rendered_once_per_language():
    @sync_to_async
    def setting():
        tournament = new_arena(person("creator"))
        watchers = [person(f"w{i}") for i in range(3)]
        entries.join(tournament=tournament, user=watchers[0])  # the board has a row
        return tournament, [session_cookie(u) for u in watchers]

    tournament, cookies = await setting()
    sockets = []
    for i in range(6):
        language = "zh-hans" if i % 2 else "en"
        headers = [
            HOST,
            ORIGIN,
            (b"cookie", cookies[i % 3] + f"; django_language={language}".encode()),
        ]
        socket = WebsocketCommunicator(
            application, f"/ws/tournaments/{tournament.code}/", headers=headers
        )
        connected, _ = await socket.connect()
        assert connected
        sockets.append(socket)
    nobody = WebsocketCommunicator(
        application, "/ws/tournaments/nope/", headers=[HOST, ORIGIN, (b"cookie", cookies[0])]
    )
    assert not (await nobody.connect())[0]  # no such tournament
    # A page that opens its socket is sent the whole board, once.
    for socket in sockets:
        assert '<section id="leaderboard"' in await socket.receive_from(timeout=5)
    rendered = []

    def count(sender, template, **kwargs):
        if template.name == live.BOARD_TEMPLATE:
            rendered.append(template)

    template_rendered.connect(count)
    try:
        newcomer = await sync_to_async(person)("newcomer")
        await sync_to_async(entries.join)(tournament=tournament, user=newcomer)
        messages = [await s.receive_from(timeout=5) for s in sockets]
    finally:
        template_rendered.disconnect(count)
    assert len(rendered) == 2
    for i, html in enumerate(messages):
        # Then only what changed: the newcomer's row, in the page's language.
        assert '<section id="leaderboard"' not in html and 'id="leaderboard-changes"' in html
        assert "newcomer" in html and html.count("<tr ") == 1
        assert ('data-label="得分"' if i % 2 else 'data-label="Points"') in html
    for s in sockets:
        assert await s.receive_nothing(timeout=0.2)
        await s.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_page_that_opens_later_is_sent_the_board_as_it_is_then_the_same_changes():
    @sync_to_async
    def setting():
        tournament = new_arena(person("creator"))
        first, later = person("first"), person("later")
        entries.join(tournament=tournament, user=first)
        return tournament, session_cookie(first), session_cookie(later)

    tournament, first_cookie, later_cookie = await setting()

    async def opened(cookie):
        socket = WebsocketCommunicator(
            application,
            f"/ws/tournaments/{tournament.code}/",
            headers=[HOST, ORIGIN, (b"cookie", cookie + b"; django_language=en")],
        )
        assert (await socket.connect())[0]
        return socket

    early = await opened(first_cookie)
    assert '<section id="leaderboard"' in await early.receive_from(timeout=5)
    ana = await sync_to_async(person)("ana")
    await sync_to_async(entries.join)(tournament=tournament, user=ana)
    change = await early.receive_from(timeout=5)
    assert 'id="leaderboard-changes"' in change and ">ana<" in change
    late = await opened(later_cookie)
    whole = await late.receive_from(timeout=5)
    assert '<section id="leaderboard"' in whole and ">ana<" in whole and ">first<" in whole
    bo = await sync_to_async(person)("bo")
    await sync_to_async(entries.join)(tournament=tournament, user=bo)
    assert await early.receive_from(timeout=5) == await late.receive_from(timeout=5)
    for socket in (early, late):
        await socket.disconnect()


@pytest.mark.django_db
def test_a_finished_tournament_shows_its_final_standings_and_every_rounds_page():
    from tests.tournaments.arena_rounds import play_out

    tournament = new_arena(person("creator"), minutes_away=1)
    people = [person(f"p{i}") for i in range(4)]
    for user in people:
        entries.join(
            tournament=tournament, user=user, now=tournament.starts_at - timedelta(1 / 1440)
        )
    clock.tick(now=tournament.starts_at + timedelta(seconds=1))
    rnd = play_out(TournamentTable.objects.get(tournament=tournament))
    clock.tick(now=tournament.ends_at + timedelta(seconds=1))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    page = client_of(person("visitor")).get(reverse("tournaments:detail", args=[tournament.code]))
    html = page.content.decode()
    assert reverse("round_detail", args=[rnd.pk]) in html and "p0" in html
    assert client_of(person("other")).get(reverse("round_detail", args=[rnd.pk])).status_code == 200


@pytest.mark.django_db
def test_staff_schedule_a_site_tournament_everybody_sees_and_nobody_else_can():
    data = {
        "name": "本站周赛",
        "format": "arena",
        "stages": 4,
        "stage_rounds": 2,
        "rules": "book",
        "starts_at": (timezone.localtime() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M"),
        "minutes": 60,
        "scoring": "net",
        "max_entries": 200,
        "listed": "on",
    }
    somebody = client_of(person("somebody"))
    assert 'name="listed"' not in somebody.get(reverse("tournaments:new")).content.decode()
    somebody.post(reverse("tournaments:new"), {**data, "name": "冒充"})
    assert not Tournament.objects.get(name="冒充").listed  # the box is not theirs to tick
    staff = person("staff")
    staff.is_staff = True
    staff.save()
    client_of(staff).post(reverse("tournaments:new"), data)
    assert Tournament.objects.get(name="本站周赛").listed
    listed = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("tournaments:list")).content.decode()
    assert "本站周赛" in listed and "冒充" not in listed
