"""Keeping an account (accounts.keeping): a forgotten password reset by e-mail, the
e-mail address for it, the sessions one is logged in with ("log out everywhere else"),
and deleting the account, each with its limit."""

import importlib
import re
from datetime import timedelta

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts import keeping
from accounts.middleware import forget_touches
from accounts.models import DeviceSession
from games.history import my_rounds as history
from games.history import ranking
from games.models import LedgerEntry, Room, Round, RoundPlayer, Seat
from games.play.steps import run_bots
from games.rooms.seating import set_auto_play
from tests.tables import four_people

pytestmark = pytest.mark.django_db

PASSWORD = "bamboo-7-dots-9"
NEW_PASSWORD = "another-long-phrase-42"
PHONE = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Mobile Safari/537.36"
)
LAPTOP = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like "
    "Gecko) Version/17.5 Safari/605.1.15"
)


def browser(user_agent=LAPTOP, address="10.0.0.1", language=None) -> Client:
    headers = {"HTTP_USER_AGENT": user_agent, "REMOTE_ADDR": address}
    if language:
        headers["HTTP_ACCEPT_LANGUAGE"] = language
    return Client(**headers)


def log_in(username="lanlan", password=PASSWORD, **kwargs) -> Client:
    client = browser(**kwargs)
    response = client.post(reverse("accounts:login"), {"username": username, "password": password})
    assert response.status_code == 302, response.content.decode()[:2000]
    return client


def logged_in(client) -> bool:
    return client.get(reverse("accounts:profile")).status_code == 200


@pytest.fixture
def lanlan():
    return User.objects.create_user("lanlan", email="lanlan@example.com", password=PASSWORD)


# --- Resetting a forgotten password ---------------------------------------------------------


def ask_for_reset(email, **kwargs):
    return browser(**kwargs).post(reverse("accounts:password_reset"), {"email": email})


def reset_link(message) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)


def test_the_log_in_page_links_to_the_reset(client):
    html = client.get(reverse("accounts:login")).content.decode()
    assert reverse("accounts:password_reset") in html
    assert "忘记密码？" in html


def test_a_reset_link_by_e_mail_sets_a_new_password_and_ends_every_session(lanlan):
    elsewhere = log_in(user_agent=PHONE)
    response = ask_for_reset("LanLan@Example.com")
    assert response.status_code == 302
    assert response.url == reverse("accounts:password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["lanlan@example.com"]
    assert "血战到底" in message.subject and "lanlan" in message.body

    client = browser()
    form_page = client.get(reset_link(message), follow=True)
    assert form_page.context["validlink"]
    response = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.url == reverse("accounts:password_reset_complete")
    lanlan.refresh_from_db()
    assert lanlan.check_password(NEW_PASSWORD)
    assert not logged_in(elsewhere)
    assert logged_in(log_in(password=NEW_PASSWORD))
    # The link works once.
    again = browser().get(reset_link(message), follow=True)
    assert not again.context["validlink"]
    assert "这个链接已经失效" in again.content.decode()


def test_the_reset_answers_the_same_whether_the_address_is_known_or_not(lanlan):
    known = ask_for_reset("lanlan@example.com")
    unknown = ask_for_reset("nobody@example.com", address="10.0.0.2")
    assert (known.status_code, known.url) == (unknown.status_code, unknown.url)
    assert len(mail.outbox) == 1
    done = browser().get(known.url)
    assert done.status_code == 200 and "如果有账户使用这个电子邮件地址" in done.content.decode()


@pytest.mark.parametrize("make", ["inactive", "no_password", "no_email"])
def test_no_link_goes_to_an_account_that_cannot_use_it(make):
    user = User.objects.create_user("lanlan", email="lanlan@example.com", password=PASSWORD)
    if make == "inactive":
        user.is_active = False
    elif make == "no_password":
        user.set_unusable_password()
    else:
        user.email = ""
    user.save()
    assert ask_for_reset("lanlan@example.com").status_code == 302
    assert mail.outbox == []


def test_too_many_resets_for_one_address_are_refused_known_or_not(lanlan, settings):
    settings.MAILS_PER_EMAIL = "2/h"
    for email in ("lanlan@example.com", "nobody@example.com"):
        for attempt in range(2):
            assert ask_for_reset(email, address=f"10.1.0.{attempt}").status_code == 302
        response = ask_for_reset(email.upper(), address="10.9.9.9")
        assert response.status_code == 429
        assert re.search(r"密码重置请求过多，请 \d+ 分钟后再试。", response.content.decode())
    assert len(mail.outbox) == 2
    response = ask_for_reset("LANLAN@example.com", address="10.9.9.9", language="en")
    assert "Too many password reset requests" in response.content.decode()


def test_too_many_resets_from_one_address_are_refused(lanlan, settings):
    settings.PASSWORD_RESETS_PER_ADDRESS = "3/h"
    for number in range(3):
        assert ask_for_reset(f"someone{number}@example.com").status_code == 302
    assert ask_for_reset("lanlan@example.com").status_code == 429
    assert mail.outbox == []
    assert ask_for_reset("lanlan@example.com", address="10.0.0.2").status_code == 302


def test_the_reset_needs_a_csrf_token(lanlan):
    response = Client(enforce_csrf_checks=True).post(
        reverse("accounts:password_reset"), {"email": "lanlan@example.com"}
    )
    assert response.status_code == 403 and mail.outbox == []


def test_the_reset_e_mail_is_in_the_language_of_the_page(lanlan):
    ask_for_reset("lanlan@example.com", language="en")
    assert mail.outbox[0].subject == "Reset your password at Xuezhan Daodi"
    assert "choose a new password" in mail.outbox[0].body


# --- The e-mail address ---------------------------------------------------------------------


def set_email(client, email, password=PASSWORD):
    return client.post(reverse("accounts:email"), {"email": email, "password": password})


def test_the_profile_has_an_account_section(lanlan, client):
    client.force_login(lanlan)
    html = client.get(reverse("accounts:profile")).content.decode()
    for name in (
        "accounts:password_change",
        "accounts:email",
        "accounts:sessions",
        "accounts:delete",
    ):
        assert f'href="{reverse(name)}"' in html
    assert 'name="email" value="lanlan@example.com"' in html
    assert "用于重置密码的电子邮件" in html


def test_a_new_address_is_saved_once_its_link_is_opened():
    user = User.objects.create_user("lanlan", password=PASSWORD)
    client = log_in()
    response = set_email(client, " Lan.Lan@EXAMPLE.com ")
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.email == ""  # not before the link is opened
    (message,) = mail.outbox
    assert message.to == ["Lan.Lan@example.com"]
    link = re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)
    # Nobody else's session can use it.
    User.objects.create_user("other", password=PASSWORD)
    assert log_in("other").get(link).status_code == 400
    assert log_in("other").post(link).status_code == 400
    # Opening it shows the address and a button; only the button saves it.
    page = client.get(link)
    assert page.status_code == 200 and "Lan.Lan@example.com" in page.content.decode()
    user.refresh_from_db()
    assert user.email == ""
    response = client.post(link)
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.email == "Lan.Lan@example.com"
    ask_for_reset("lan.lan@example.com")
    assert len(mail.outbox) == 2 and mail.outbox[1].to == ["Lan.Lan@example.com"]


def test_a_link_that_was_tampered_with_or_is_too_old_saves_nothing(lanlan):
    from accounts import email_address

    client = log_in()
    set_email(client, "x@example.com")
    link = re.search(r"https?://[^/\s]+(/\S+)", mail.outbox[0].body).group(1)
    assert client.post(link[:-3] + "xx/").status_code == 400
    # A link works for LINK_DAYS: with them gone by, it is refused.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(email_address, "LINK_DAYS", -1)
        assert client.get(link).status_code == 400
        assert client.post(link).status_code == 400
    lanlan.refresh_from_db()
    assert lanlan.email == "lanlan@example.com"


def test_an_address_another_account_has_is_taken_the_same(lanlan):
    User.objects.create_user("other", password=PASSWORD)
    response = set_email(log_in("other"), "lanlan@example.com")
    assert response.status_code == 302 and len(mail.outbox) == 1


def test_the_address_needs_the_password_and_must_be_one(lanlan):
    client = log_in()
    response = set_email(client, "new@example.com", password="not-it")
    assert response.status_code == 200
    assert response.context["form"].errors["password"]
    response = set_email(client, "not an address")
    assert response.context["form"].errors["email"]
    assert mail.outbox == []
    lanlan.refresh_from_db()
    assert lanlan.email == "lanlan@example.com"


def test_an_empty_address_removes_it(lanlan):
    client = log_in()
    assert set_email(client, "").status_code == 302
    lanlan.refresh_from_db()
    assert lanlan.email == "" and mail.outbox == []


def test_too_many_confirmation_e_mails_are_refused(lanlan, settings):
    settings.EMAIL_CONFIRMATIONS_PER_USER = "2/h"
    client = log_in()
    for number in range(2):
        assert set_email(client, f"n{number}@example.com").status_code == 302
    response = set_email(client, "n3@example.com")
    assert response.status_code == 429
    assert "确认邮件发送过多" in response.content.decode()
    assert len(mail.outbox) == 2


# --- Sessions -------------------------------------------------------------------------------


def test_the_sessions_page_lists_each_browser_and_marks_this_one(lanlan):
    phone = log_in(user_agent=PHONE)
    laptop = log_in(user_agent=LAPTOP)
    assert DeviceSession.objects.filter(user=lanlan).count() == 2
    response = laptop.get(reverse("accounts:sessions"))
    rows = response.context["rows"]
    assert sorted(row["device"] for row in rows) == ["Chrome · Android", "Safari · Mac"]
    assert [row["device"] for row in rows if row["current"]] == ["Safari · Mac"]
    assert "本浏览器" in response.content.decode()
    assert phone.session.session_key not in response.content.decode()


def test_a_session_records_its_use_at_most_once_a_minute(lanlan):
    client = log_in()
    row = DeviceSession.objects.get(user=lanlan)
    an_hour_ago = timezone.now() - timedelta(hours=1)
    DeviceSession.objects.filter(pk=row.pk).update(last_seen=an_hour_ago)
    client.get(reverse("home"))  # within the minute of the log-in: not written
    row.refresh_from_db()
    assert row.last_seen == an_hour_ago
    forget_touches(client.session.session_key)  # a minute later
    client.get(reverse("home"), HTTP_USER_AGENT=PHONE)
    row.refresh_from_db()
    assert row.last_seen > an_hour_ago and row.user_agent == PHONE


def test_a_session_from_before_is_recorded_when_used(lanlan, client):
    client.force_login(lanlan)
    DeviceSession.objects.all().delete()
    forget_touches(client.session.session_key)
    client.get(reverse("home"), HTTP_USER_AGENT=PHONE)
    assert DeviceSession.objects.get(user=lanlan).user_agent == PHONE


def test_log_out_everywhere_else(lanlan):
    phone = log_in(user_agent=PHONE)
    tablet = log_in(user_agent=PHONE)
    laptop = log_in(user_agent=LAPTOP)
    response = laptop.post(reverse("accounts:end_other_sessions"))
    assert response.url == reverse("accounts:sessions")
    assert not logged_in(phone) and not logged_in(tablet)
    assert logged_in(laptop)
    page = laptop.get(reverse("accounts:sessions"))
    assert [row["current"] for row in page.context["rows"]] == [True]
    assert "只在这里登录" in page.content.decode()
    assert DeviceSession.objects.filter(user=lanlan).count() == 1


def test_log_out_everywhere_else_leaves_other_people_alone(lanlan):
    User.objects.create_user("other", password=PASSWORD)
    other = log_in("other")
    log_in().post(reverse("accounts:end_other_sessions"))
    assert logged_in(other)


def test_log_out_everywhere_else_is_a_post_with_a_csrf_token(lanlan):
    laptop = log_in()
    assert laptop.get(reverse("accounts:end_other_sessions")).status_code == 405
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(lanlan)
    assert guarded.post(reverse("accounts:end_other_sessions")).status_code == 403


def test_log_out_everywhere_else_is_limited(lanlan, settings):
    settings.SESSION_ENDINGS_PER_USER = "2/h"
    laptop = log_in()
    for _ in range(2):
        laptop.post(reverse("accounts:end_other_sessions"))
    phone = log_in(user_agent=PHONE)
    response = laptop.post(reverse("accounts:end_other_sessions"))
    assert response.status_code == 429
    assert re.search(
        r"你最近退出其他登录的次数太多，请 \d+ 分钟后再试。", response.content.decode()
    )
    assert logged_in(phone)


def test_a_password_change_logs_out_the_other_sessions_and_keeps_this_one(lanlan):
    phone = log_in(user_agent=PHONE)
    laptop = log_in(user_agent=LAPTOP)
    response = laptop.post(
        reverse("accounts:password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    assert logged_in(laptop)
    assert not logged_in(phone)
    rows = laptop.get(reverse("accounts:sessions")).context["rows"]
    assert [(row["device"], row["current"]) for row in rows] == [("Safari · Mac", True)]


def test_a_log_out_forgets_its_session(lanlan):
    client = log_in()
    client.post(reverse("accounts:logout"))
    assert not DeviceSession.objects.exists()


def test_expired_sessions_are_not_listed(lanlan):
    phone = log_in(user_agent=PHONE)
    laptop = log_in()
    Session.objects.filter(pk=phone.session.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    rows = laptop.get(reverse("accounts:sessions")).context["rows"]
    assert len(rows) == 1 and rows[0]["current"]


def test_sessions_from_before_the_migration_are_recorded_by_it(lanlan):
    log_in(user_agent=PHONE)
    DeviceSession.objects.all().delete()
    migration = importlib.import_module("accounts.migrations.0001_device_sessions")
    migration.record_existing_sessions(apps, None)
    assert DeviceSession.objects.get().user == lanlan


@pytest.mark.parametrize(
    "agent, name",
    [
        (PHONE, "Chrome · Android"),
        (LAPTOP, "Safari · Mac"),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
            "Edge · Windows",
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
            "like Gecko) Mobile/15E148 MicroMessenger/8.0.49",
            "微信 · iPhone",
        ),
        (
            "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
            "Firefox · Linux",
        ),
        ("", "未知浏览器"),
    ],
)
def test_device_names(agent, name):
    assert keeping.device_name(agent) == name


# --- Deleting the account -------------------------------------------------------------------


def delete(client, password=PASSWORD):
    return client.post(reverse("accounts:delete"), {"password": password})


def played_round(prefix="p"):
    """Four people who have played a round to its end, and are still seated."""
    room, users = four_people(prefix)
    rnd = room.rounds.get()
    for user in users:
        set_auto_play(room=room, user=user, on=True)
    run_bots(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.ENDED
    room.refresh_from_db()
    assert room.status == Room.Status.OPEN
    return room, users, rnd


def test_deleting_keeps_the_others_history_and_the_ledger_whole(settings):
    room, users, rnd = played_round()
    leaver = users[1]
    for user in users:
        user.set_password(PASSWORD)
        user.email = f"{user.username}@example.com"
        user.save()
    ledger_before = list(
        LedgerEntry.objects.order_by("pk").values_list(
            "payer_seat", "payee_seat", "payer_id", "payee_id", "amount"
        )
    )
    names_before = history.seat_names(rnd)
    stats_before = history.player_stats(user=users[0])
    elsewhere = log_in(leaver.username, user_agent=PHONE)
    client = log_in(leaver.username)

    response = delete(client)
    assert response.status_code == 302 and response.url == reverse("home")
    assert "你的账户已删除" in client.get(reverse("home")).content.decode()
    assert not logged_in(client) and not logged_in(elsewhere)

    gone = User.objects.get(pk=leaver.pk)
    assert gone.username.startswith("已注销玩家#") and not gone.is_active
    assert gone.email == "" and not gone.has_usable_password()
    assert not DeviceSession.objects.filter(user=gone).exists()
    # The history: the same round, the same seats, the deleted player under the new name.
    names = history.seat_names(rnd)
    tag = gone.username.removeprefix("已注销玩家")
    assert names[1] == gone.username  # in Chinese, as stored
    with translation.override("en"):
        assert history.seat_names(rnd)[1] == f"Deleted player {tag}"
    assert {seat: name for seat, name in names.items() if seat != 1} == {
        seat: name for seat, name in names_before.items() if seat != 1
    }
    assert RoundPlayer.objects.get(round=rnd, seat=1).user_id == leaver.pk
    # The ledger: not a row changed, and each round still sums to zero.
    assert (
        list(
            LedgerEntry.objects.order_by("pk").values_list(
                "payer_seat", "payee_seat", "payer_id", "payee_id", "amount"
            )
        )
        == ledger_before
    )
    assert sum(history.nets(rnd)) == 0
    by_person = {user.pk: 0 for user in users}
    for entry in LedgerEntry.objects.filter(round=rnd):
        by_person[entry.payer_id] -= entry.amount
        by_person[entry.payee_id] += entry.amount
    assert sum(by_person.values()) == 0
    assert by_person[leaver.pk] == history.nets(rnd)[1]
    assert history.player_stats(user=users[0]).net == stats_before.net
    # A deleted account is no longer ranked; the others are.
    ranked = {standing.name for standing in ranking.standings(min_rounds=1)}
    assert gone.username not in ranked and users[0].username in ranked
    # The others' round page still opens and names the seat.
    other = browser()
    other.force_login(users[0])
    page = other.get(reverse("round_detail", args=[rnd.pk]))
    assert page.status_code == 200 and gone.username in page.content.decode()
    # Their seat at the waiting table is free; the room is still there.
    assert Seat.objects.get(room=room, index=1).user_id is None
    # The name is free again, and the old password opens nothing.
    response = browser().post(
        reverse("accounts:login"), {"username": leaver.username, "password": PASSWORD}
    )
    assert response.status_code == 200
    response = browser().post(
        reverse("accounts:signup"),
        {"username": leaver.username, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    newcomer = User.objects.get(username=leaver.username)
    assert newcomer.pk != leaver.pk
    assert history.player_stats(user=newcomer).rounds == 0
    # No reset link goes to the deleted account.
    ask_for_reset(f"{leaver.username}@example.com")
    assert mail.outbox == []


def test_deleting_waits_while_a_round_is_played_at_ones_seat():
    room, users = four_people("q")
    for user in users:
        user.set_password(PASSWORD)
        user.save()
    client = log_in(users[2].username)
    page = client.get(reverse("accounts:delete"))
    assert reverse("table", args=[room.code]) in page.content.decode()
    response = delete(client)
    assert response.status_code == 409
    assert "正在进行一局" in response.content.decode()
    user = User.objects.get(pk=users[2].pk)
    assert user.is_active and user.username == "q2"
    assert Seat.objects.get(room=room, index=2).user_id == user.pk
    assert logged_in(client)


def test_deleting_needs_the_password_and_wrong_ones_are_limited(lanlan, settings):
    settings.PASSWORD_CONFIRM_FAILURES_PER_USER = "3/15m"
    client = log_in()
    for _ in range(2):
        response = delete(client, password="wrong")
        assert response.status_code == 200 and response.context["form"].errors["password"]
    # The e-mail form counts toward the same limit.
    assert set_email(client, "x@example.com", password="wrong").status_code == 200
    response = delete(client)  # the right password, too late
    assert response.status_code == 429
    assert re.search(r"密码错误次数过多，请 \d+ 分钟后再试。", response.content.decode())
    assert set_email(client, "x@example.com").status_code == 429
    lanlan.refresh_from_db()
    assert lanlan.is_active and lanlan.username == "lanlan"


def test_deleting_needs_a_csrf_token(lanlan):
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(lanlan)
    assert delete(guarded).status_code == 403
    lanlan.refresh_from_db()
    assert lanlan.is_active


@pytest.mark.parametrize("name", ["accounts:email", "accounts:sessions", "accounts:delete"])
def test_the_pages_need_a_login(client, name):
    url = reverse(name)
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('accounts:login')}?next={url}"


@pytest.mark.parametrize(
    "name",
    [
        "accounts:password_reset",
        "accounts:password_reset_done",
        "accounts:password_reset_complete",
        "accounts:email",
        "accounts:sessions",
        "accounts:delete",
    ],
)
@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_pages_speak_both_languages_and_have_no_inline_script(lanlan, name, language):
    client = browser(language=language)
    client.force_login(lanlan)
    response = client.get(reverse(name))
    assert response.status_code == 200
    html = response.content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert " style=" not in html and " onclick=" not in html
    # The name a deleted account takes is the same in every language.
    body = html.split("<main", 1)[1].split("</main>", 1)[0].replace(keeping.DELETED_NAME, "")
    has_chinese = bool(re.search(r"[\u4e00-\u9fff]", body))
    assert has_chinese == (language == "zh-hans"), name
