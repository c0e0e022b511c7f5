"""Every limit of the site holds when its requests come all at once, as a hostile user
sends them: against the real site (daphne), many requests in flight together, counting
what got through. A limit that checked first and counted after let them all pass (40
guesses at one password, 10 sign-ups, 10 rooms, 12 sets).

On the zero-setup default (one process, SQLite, the process's memory for counters) and,
with the real services, on two processes sharing PostgreSQL and Redis, the requests
spread over both."""

import asyncio
import itertools
import re
import uuid

import pytest
from django.conf import settings

from harness.site import Site, postgres_database

aiohttp = pytest.importorskip("aiohttp")

PASSWORD = "bamboo-7-dots-9"
LIMITS = {
    # Small numbers where each request hashes a password: the point is the count, and a
    # hash is a quarter of a second of this machine.
    "LOGIN_FAILURES_PER_ACCOUNT": "10/15m",
    "LOGIN_FAILURES_PER_ADDRESS": "15/15m",
    "SIGNUPS_PER_ADDRESS": "5/h",
    "OPEN_ROOMS_PER_USER": "3",
    "MAILS_PER_EMAIL": "5/h",
    "PASSWORD_RESETS_PER_ADDRESS": "10/h",
    "EMAIL_CONFIRMATIONS_PER_USER": "5/h",
    "PASSWORD_CONFIRM_FAILURES_PER_USER": "5/15m",
    "SESSION_ENDINGS_PER_USER": "10/h",
    # The tests say which address each request comes from, as a proxy in front would.
    "RATELIMIT_IP_META_KEY": "HTTP_X_REAL_IP",
}


def _sqlite_site(workdir):
    site = Site(workdir, **LIMITS)
    site.prepare()
    return site, [site.start()]


@pytest.fixture(
    scope="module",
    params=[
        "sqlite",
        pytest.param("services", marks=[pytest.mark.postgres, pytest.mark.redis]),
    ],
)
def site_urls(request, tmp_path_factory):
    workdir = tmp_path_factory.mktemp(f"limits-{request.param}")
    if request.param == "sqlite":
        site, urls = _sqlite_site(workdir)
        try:
            yield urls
        finally:
            site.stop_all()
        return
    redis_url = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"][0]["address"]
    with postgres_database("limits") as database_url:
        site = Site(workdir, DATABASE_URL=database_url, REDIS_URL=redis_url, **LIMITS)
        site.prepare()
        try:
            yield [site.start(), site.start()]
        finally:
            site.stop_all()


class Visitor:
    """One browser: its own cookies, from one address, on one of the site's processes."""

    def __init__(self, url: str, address: str) -> None:
        self.url = url
        self.headers = {"X-Real-IP": address}
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))

    async def form(self, path: str) -> str:
        """Open the page of a form: its CSRF token."""
        async with self.session.get(self.url + path, headers=self.headers) as response:
            html = await response.text()
            assert response.status == 200, (path, response.status, html[:500])
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)

    async def post(self, path: str, data: dict, token: str) -> int:
        async with self.session.post(
            self.url + path,
            data={**data, "csrfmiddlewaretoken": token},
            headers=self.headers,
            allow_redirects=False,
        ) as response:
            await response.read()
            return response.status

    async def close(self) -> None:
        await self.session.close()


def new_address() -> str:
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"


async def sign_up(url: str, name: str) -> Visitor:
    visitor = Visitor(url, new_address())
    token = await visitor.form("/accounts/signup/")
    status = await visitor.post(
        "/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD}, token
    )
    assert status == 302
    return visitor


async def all_at_once(visitors, path: str, data_of, *, post_to: str | None = None) -> list[int]:
    """Every visitor opens the form's page first; then all their posts go in the same
    instant (to ``post_to``, where the form posts elsewhere)."""
    tokens = await asyncio.gather(*(v.form(path) for v in visitors))
    return list(
        await asyncio.gather(
            *(
                v.post(post_to or path, data_of(i), token)
                for i, (v, token) in enumerate(zip(visitors, tokens, strict=True))
            )
        )
    )


def visitors_of(urls, count: int, address: str) -> list[Visitor]:
    return [Visitor(url, address) for url, _ in zip(itertools.cycle(urls), range(count))]


def run(coroutine):
    return asyncio.run(coroutine)


def name() -> str:
    return "p" + uuid.uuid4().hex[:10]


def test_guesses_at_one_account_sent_together_are_tried_ten_times(site_urls):
    async def scenario():
        owner = name()
        await (await sign_up(site_urls[0], owner)).close()
        guessers = visitors_of(site_urls, 40, new_address())
        statuses = await all_at_once(
            guessers, "/accounts/login/", lambda i: {"username": owner, "password": f"guess-{i}"}
        )
        # Even the right password is refused now, from a browser the account never used.
        late = Visitor(site_urls[-1], new_address())
        token = await late.form("/accounts/login/")
        right = await late.post(
            "/accounts/login/", {"username": owner, "password": PASSWORD}, token
        )
        for visitor in [*guessers, late]:
            await visitor.close()
        return statuses, right

    statuses, right = run(scenario())
    assert statuses.count(200) == 10  # tried, and wrong
    assert statuses.count(429) == 30  # refused without trying
    assert right == 429


def test_guesses_from_one_address_sent_together_are_tried_up_to_its_limit(site_urls):
    async def scenario():
        guessers = visitors_of(site_urls, 25, new_address())
        statuses = await all_at_once(
            guessers, "/accounts/login/", lambda i: {"username": name(), "password": "guess"}
        )
        for visitor in guessers:
            await visitor.close()
        return statuses

    statuses = run(scenario())
    assert statuses.count(200) == 15 and statuses.count(429) == 10


def test_sign_ups_sent_together_make_five_accounts(site_urls):
    async def scenario():
        visitors = visitors_of(site_urls, 10, new_address())
        statuses = await all_at_once(
            visitors,
            "/accounts/signup/",
            lambda i: {"username": name(), "password1": PASSWORD, "password2": PASSWORD},
        )
        for visitor in visitors:
            await visitor.close()
        return statuses

    statuses = run(scenario())
    assert statuses.count(302) == 5 and statuses.count(429) == 5


async def same_person(urls, count: int) -> list[Visitor]:
    """``count`` tabs of one logged-in person, spread over the site's processes."""
    first = await sign_up(urls[0], name())
    tabs = []
    for url, _ in zip(itertools.cycle(urls), range(count)):
        tab = Visitor(url, first.headers["X-Real-IP"])
        tab.session.cookie_jar.update_cookies(
            {cookie.key: cookie.value for cookie in first.session.cookie_jar}
        )
        tabs.append(tab)
    await first.close()
    return tabs


def room_form(room_name: str) -> dict:
    from games.rooms.forms import RoomForm

    data = {key: field.initial for key, field in RoomForm().fields.items()}
    data = {
        k: ("on" if v is True else v) for k, v in data.items() if v is not False and v is not None
    }
    return {**data, "name": room_name}


def test_rooms_opened_together_stop_at_three_waiting(site_urls):
    async def scenario():
        tabs = await same_person(site_urls, 10)
        statuses = await all_at_once(tabs, "/rooms/new/", lambda i: room_form(f"room {i}"))
        for tab in tabs:
            await tab.close()
        return statuses

    statuses = run(scenario())
    assert statuses.count(302) == 3 and statuses.count(429) == 7


def test_reset_requests_for_one_address_sent_together_send_five_mails(site_urls):
    async def scenario():
        visitors = visitors_of(site_urls, 12, new_address())
        email = f"{name()}@example.com"
        statuses = await all_at_once(
            visitors, "/accounts/password/reset/", lambda i: {"email": email}
        )
        for visitor in visitors:
            await visitor.close()
        return statuses

    statuses = run(scenario())
    assert statuses.count(302) == 5 and statuses.count(429) == 7


def test_passwords_typed_together_to_delete_the_account_are_tried_five_times(site_urls):
    async def scenario():
        tabs = await same_person(site_urls, 12)
        statuses = await all_at_once(
            tabs, "/accounts/delete/", lambda i: {"password": f"guess-{i}"}
        )
        token = await tabs[0].form("/accounts/delete/")
        right = await tabs[0].post("/accounts/delete/", {"password": PASSWORD}, token)
        for tab in tabs:
            await tab.close()
        return statuses, right

    statuses, right = run(scenario())
    assert statuses.count(200) == 5 and statuses.count(429) == 7
    assert right == 429  # not deleted: the limit holds the right password too


def test_confirmation_mails_asked_together_stop_at_five(site_urls):
    async def scenario():
        tabs = await same_person(site_urls, 10)
        statuses = await all_at_once(
            tabs,
            "/accounts/email/",
            lambda i: {"email": f"{name()}@example.com", "password": PASSWORD},
        )
        for tab in tabs:
            await tab.close()
        return statuses

    statuses = run(scenario())
    assert statuses.count(302) == 5 and statuses.count(429) == 5


def test_logging_out_everywhere_else_together_stops_at_its_limit(site_urls):
    async def scenario():
        tabs = await same_person(site_urls, 14)
        statuses = await all_at_once(
            tabs, "/accounts/sessions/", lambda i: {}, post_to="/accounts/sessions/end-others/"
        )
        for tab in tabs:
            await tab.close()
        return statuses

    statuses = run(scenario())
    assert statuses.count(302) == 10 and statuses.count(429) == 4
