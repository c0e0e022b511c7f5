"""The seats between rounds, in the order a keyboard meets them: the owner's one button
that fills every empty seat with a computer comes before each seat's own 坐这里 and
加电脑 buttons (it was the 15th Tab stop behind them), and a sealed table (seats fixed)
still offers neither."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone, translation

from games.models import Room
from games.rooms.seating import create_room

pytestmark = pytest.mark.django_db


def controls(html: str) -> list[str]:
    """The seating card's buttons and fields, in document (Tab) order."""
    card = html[html.index('<section id="seating"') :]
    card = card[: card.index("</section>")]
    return re.findall(r"<(?:button|select)[^>]*>([^<]*)", card)


def test_filling_the_empty_seats_is_the_first_control_of_the_seats(client):
    owner = User.objects.create_user("ordered", password="x-long-password-1")
    room = create_room(owner=owner, name="t", options={})
    client.force_login(owner)
    with translation.override("zh-hans"):
        html = client.get(f"/t/{room.code}/").content.decode()
    found = controls(html)
    fill = next(i for i, text in enumerate(found) if "用电脑补满" in text)
    first_add = next(i for i, text in enumerate(found) if text.startswith("加电脑"))
    assert fill < first_add and fill <= 1, found  # the level's list, then the button
    assert found.count("加电脑（高手）") == 3


def test_a_sealed_table_offers_no_fill_and_no_computer(client):
    owner = User.objects.create_user("sealedo", password="x-long-password-1")
    room = create_room(owner=owner, name="t", options={})
    Room.objects.filter(pk=room.pk).update(sealed_until=timezone.now() + timedelta(days=1))
    client.force_login(owner)
    with translation.override("zh-hans"):
        html = client.get(f"/t/{room.code}/").content.decode()
    assert not any("用电脑补满" in t or t.startswith("加电脑") for t in controls(html))
