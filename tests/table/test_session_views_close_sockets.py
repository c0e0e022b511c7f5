"""The pages that end sessions close the sockets opened with them, through the views a
person uses: "log out everywhere else" and a password change close the other sessions'
table and lobby sockets; deleting the account closes every socket of theirs."""

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.urls import reverse

from tests.table.sockets import (
    another_session,
    closed_for_session,
    lobby_socket,
    make_table,
    not_closed,
    settle,
    table_socket,
)

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "bamboo-7-dots-9"
NEW_PASSWORD = "another-long-phrase-42"


@sync_to_async
def with_password(user) -> None:
    user.set_password(PASSWORD)
    user.save()


@pytest.mark.parametrize("ending", ["end_other_sessions", "password_change"])
async def test_ending_the_other_sessions_from_the_page_closes_their_sockets(ending):
    room, users, _cookies = await make_table()
    await with_password(users[0])  # (sessions from before it are over already)
    keeper, _cookie, _key = await another_session(users[0])
    _stolen, stolen_cookie, _key = await another_session(users[0])
    stolen_table = await table_socket(room.code, stolen_cookie)
    stolen_lobby = await lobby_socket("192.0.2.7", stolen_cookie)
    await settle(stolen_table)
    if ending == "end_other_sessions":
        response = await sync_to_async(keeper.post)(reverse("accounts:end_other_sessions"))
    else:
        response = await sync_to_async(keeper.post)(
            reverse("accounts:password_change"),
            {
                "old_password": PASSWORD,
                "new_password1": NEW_PASSWORD,
                "new_password2": NEW_PASSWORD,
            },
        )
    assert response.status_code == 302
    await closed_for_session(stolen_table)
    await closed_for_session(stolen_lobby)
    for communicator in (stolen_table, stolen_lobby):
        await communicator.disconnect()


async def test_deleting_the_account_closes_its_sockets():
    _room, users, cookies = await make_table()
    person = await sync_to_async(User.objects.create_user)("leaving", password=PASSWORD)
    browser, cookie, _key = await another_session(person)
    lobby = await lobby_socket("192.0.2.8", cookie)
    someone_else = await lobby_socket("192.0.2.9", cookies[1])
    response = await sync_to_async(browser.post)(reverse("accounts:delete"), {"password": PASSWORD})
    assert response.status_code == 302
    await closed_for_session(lobby)
    assert await not_closed(someone_else)
    for communicator in (lobby, someone_else):
        await communicator.disconnect()
