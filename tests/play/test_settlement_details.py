"""What the engine records to explain a settlement (the waits behind 查叫, the kong payment
each 退税 gives back) is new: rounds stored before it still verify and still show their
payments, with less detail."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.history import replay
from games.models import Round
from games.rules.round import SETTLEMENT_DETAILS
from tests.play.settled_rounds import a_round_that_ran_out_of_wall

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_DELAY_SECONDS = 0


def test_a_round_stored_before_the_settlement_details_still_verifies_and_shows(client):
    owner = User.objects.create_user("liuju", password="x-long-password-1")
    rnd = a_round_that_ran_out_of_wall(owner)
    assert set(SETTLEMENT_DETAILS) <= set(rnd.state["settlement"])
    assert replay.check(rnd).ok

    old = dict(
        rnd.state,
        settlement={
            k: v for k, v in rnd.state["settlement"].items() if k not in SETTLEMENT_DETAILS
        },
    )
    Round.objects.filter(pk=rnd.pk).update(state=old)
    rnd.refresh_from_db()
    assert replay.check(rnd).ok
    client.force_login(owner)
    html = client.get(reverse("round_detail", args=[rnd.pk])).content.decode()
    assert html.count("付给") == len(rnd.state["ledger"])

    # What the settlement decided is still checked: a changed figure is found.
    changed = dict(old, settlement=dict(old["settlement"], pigs=[0, 1, 2, 3]))
    Round.objects.filter(pk=rnd.pk).update(state=changed)
    rnd.refresh_from_db()
    assert not replay.check(rnd).ok
