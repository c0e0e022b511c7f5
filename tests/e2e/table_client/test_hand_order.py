"""The player's hand in the order chosen in the table settings, after every update,
with the drawn tile last."""

import pytest

from tests.e2e.table_client.page import SWAP, hand, open_settings

pytestmark = pytest.mark.e2e


def my_hand(page):
    return page.evaluate("[...document.querySelectorAll('#me-hand button.tile')].map(b => b.value)")


def test_the_hand_is_shown_in_the_order_chosen_with_the_drawn_tile_last(open_table):
    page = open_table()
    # The default: 万 筒 条 by rank, the void suit (条 here) last, then the drawn tile.
    assert my_hand(page) == [
        "1m",
        "2m",
        "3m",
        "5m",
        "6m",
        "2p",
        "2p",
        "7p",
        "8p",
        "9p",
        "1s",
        "3s",
        "4s",
        "5p",
    ]
    # The buttons are only moved: still in the discard form, the drawn one still apart.
    assert page.locator("#me-hand form > button.tile").count() == 14
    assert page.locator("#me-hand .drawn-gap + button.drawn").count() == 1

    open_settings(page)
    page.get_by_role("radio", name="缺门放最前").check()
    assert my_hand(page) == [
        "1s",
        "3s",
        "4s",
        "1m",
        "2m",
        "3m",
        "5m",
        "6m",
        "2p",
        "2p",
        "7p",
        "8p",
        "9p",
        "5p",
    ]
    page.get_by_role("radio", name="条、筒、万，缺门放最后").check()
    # 条 is the void suit here, so it still goes last.
    assert my_hand(page) == [
        "2p",
        "2p",
        "7p",
        "8p",
        "9p",
        "1m",
        "2m",
        "3m",
        "5m",
        "6m",
        "1s",
        "3s",
        "4s",
        "5p",
    ]

    # The next update brings a hand in the server's order: it is sorted again.
    page.evaluate(SWAP, hand(["9p", "1m", "6s", "5m", "2p", "1p"], drawn="3m", void="m"))
    assert my_hand(page) == ["6s", "1p", "2p", "9p", "1m", "5m", "3m"]
    # The choice holds across a reload.
    page.reload()
    assert my_hand(page) == [
        "2p",
        "2p",
        "7p",
        "8p",
        "9p",
        "1m",
        "2m",
        "3m",
        "5m",
        "6m",
        "1s",
        "3s",
        "4s",
        "5p",
    ]


def test_a_hand_without_a_drawn_tile_is_sorted_too(open_table):
    page = open_table()
    page.evaluate(SWAP, hand(["9s", "1m", "6p", "5m"], void="p"))
    assert my_hand(page) == ["1m", "5m", "9s", "6p"]
