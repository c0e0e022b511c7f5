"""RULES.md sections 8 and 9: payments, the end of the round and the next dealer."""

from games.rules.round import Round
from games.rules.tiles import parse_tiles
from tests.rules.payment_scenes import (
    DISCARDER,
    IDLE,
    WAITS_5P,
    WAITS_5P_TOO,
    bloom_table,
    kong_then_discard,
    ready_by_wall_empty,
)
from tests.rules.tables import act, ledger, table


def test_a_win_on_a_discard_is_paid_by_the_discarder_base_times_two_to_the_fan():
    state = table([DISCARDER, WAITS_5P, IDLE, IDLE], wall="1s", options={"base": 2})
    act(state, 0, "discard", "5p")
    act(state, 1, "win")
    assert ledger(state) == [(0, 1, 2, "ron")]


def test_a_self_drawn_win_is_paid_by_every_other_active_player():
    state = table([IDLE, "123m456m789m111p55p", IDLE, IDLE], current=1, out=(2,), wall="1s")
    act(state, 1, "zimo")
    assert ledger(state) == [(0, 1, 1, "zimo"), (3, 1, 1, "zimo")]  # seat 2 is out


def test_zimo_bonus_base_adds_the_base_per_payer():
    state = table(
        [IDLE, "123m456m789m111p55p", IDLE, IDLE],
        current=1,
        wall="1s",
        options={"zimo_bonus": "base", "base": 3},
    )
    act(state, 1, "zimo")
    assert ledger(state) == [(seat, 1, 3 * 1 + 3, "zimo") for seat in (0, 2, 3)]


def test_players_who_are_out_pay_nothing_for_a_later_kong():
    state = table(["5555m2244668899p", IDLE, IDLE, IDLE], out=(1,), wall="3p")
    act(state, 0, "concealed_kong", "5m")
    assert ledger(state) == [(2, 0, 2, "kong_concealed"), (3, 0, 2, "kong_concealed")]


def test_call_transfer_gives_the_kong_income_in_full_to_each_winner_of_gangshangpao():
    state = kong_then_discard()
    assert ledger(state)[3:] == [
        (0, 1, 2, "ron"),
        (0, 1, 6, "kong_transfer"),
        (0, 2, 2, "ron"),
        (0, 2, 6, "kong_transfer"),
    ]
    assert state.winners[0]["patterns"] == {"pinghu": 0, "gangshangpao": 1}


def test_without_call_transfer_the_kong_maker_keeps_the_kong_income():
    state = kong_then_discard(kong_transfer=False)
    assert [e for e in ledger(state) if e[3] == "kong_transfer"] == []


def test_a_bloom_on_an_exposed_kong_is_paid_like_any_self_drawn_win_by_default():
    state = bloom_table()
    assert state.winners[0]["patterns"] == {"pinghu": 0, "gen": 1, "gangshanghua": 1}
    assert ledger(state) == [
        (0, 1, 2, "kong_exposed"),
        (0, 1, 4, "zimo"),
        (2, 1, 4, "zimo"),
        (3, 1, 4, "zimo"),
    ]


def test_a_bloom_paid_as_a_discard_win_falls_on_the_feeder_alone_without_zimo_bonus():
    state = bloom_table(kong_bloom_from_discard="ron", zimo_bonus="base")
    assert [(w["seat"], w["how"]) for w in state.winners] == [(1, "zimo")]
    assert ledger(state) == [(0, 1, 2, "kong_exposed"), (0, 1, 4, "zimo")]


# --- section 9: the end of the round ------------------------------------------------------


def test_a_pig_pays_every_player_who_is_not_a_pig_even_those_who_won():
    state = ready_by_wall_empty(seat3=IDLE, out=(1,))
    assert state.end == "wall_empty"
    assert state.settlement["pigs"] == [2]
    assert sorted(e for e in ledger(state) if e[3] == "pig") == [
        (2, 0, 16, "pig"),
        (2, 1, 16, "pig"),
        (2, 3, 16, "pig"),
    ]


def test_pig_fan_option():
    state = ready_by_wall_empty(options={"pig_fan": 1}, seat3=IDLE)
    assert (2, 0, 2, "pig") in ledger(state)


def test_players_who_are_not_ready_pay_the_ready_ones_their_best_win():
    state = ready_by_wall_empty()
    not_ready = [e for e in ledger(state) if e[3] == "not_ready"]
    # Seat 0 waits on a plain win (1), seat 3 on 对对胡 (2); the pig (seat 2) pays no 查叫.
    assert sorted(not_ready) == [(1, 0, 1, "not_ready"), (1, 3, 2, "not_ready")]
    assert state.settlement["ready"] == {"0": 0, "3": 1}


def test_the_settlement_records_each_ready_players_waits_and_the_wait_that_sets_chajiao():
    state = ready_by_wall_empty(options={"cap": 2}, seat3="111m333m555m77m99m")
    assert state.settlement["waits"] == {"0": ["5p"], "3": ["7m", "9m"]}
    # Either wait makes 清对 (3 fan), which the room's cap cuts to the 2 that 查叫 charges;
    # the first of them is recorded.
    best = state.settlement["best"]["3"]
    assert (best["tile"], best["pattern"], best["raw_fan"], best["fan"]) == ("7m", "qingdui", 3, 2)
    assert state.settlement["ready"]["3"] == best["fan"]
    assert (1, 3, 4, "not_ready") in ledger(state)


def test_the_settlement_records_which_kong_payment_each_refund_gives_back():
    state = table(["5555m2244668899p", IDLE, IDLE, IDLE], wall="3s")
    act(state, 0, "concealed_kong", "5m")
    act(state, 0, "discard", "3s")
    refunds = [i for i, e in enumerate(state.ledger) if e["reason"] == "kong_refund"]
    given_back = [state.ledger[row] for row in state.settlement["refunds"]]
    assert len(given_back) == len(refunds) == 3
    for row, kong in zip(refunds, given_back, strict=True):
        refund = state.ledger[row]
        assert kong["reason"] == "kong_concealed"
        assert (kong["payer"], kong["payee"], kong["amount"]) == (
            refund["payee"],
            refund["payer"],
            refund["amount"],
        )


def test_ready_difference_settles_between_ready_players():
    state = ready_by_wall_empty(options={"ready_difference": True})
    assert [e for e in ledger(state) if e[3] == "ready_difference"] == [
        (0, 3, 1, "ready_difference")
    ]
    plain = ready_by_wall_empty()
    assert [e for e in ledger(plain) if e[3] == "ready_difference"] == []


def test_a_player_not_ready_at_the_end_gives_back_the_kong_income():
    state = table(["5555m2244668899p", IDLE, IDLE, IDLE], wall="3s")
    act(state, 0, "concealed_kong", "5m")
    act(state, 0, "discard", "3s")
    assert state.end == "wall_empty"
    assert [e for e in ledger(state) if e[3] == "kong_refund"] == [
        (0, 1, 2, "kong_refund"),
        (0, 2, 2, "kong_refund"),
        (0, 3, 2, "kong_refund"),
    ]
    assert state.net() == [0, 0, 0, 0]


def test_a_ready_kong_maker_keeps_the_kong_income():
    state = table(["5555m123p456p789p1p", IDLE, IDLE, IDLE], wall="3s")
    act(state, 0, "concealed_kong", "5m")
    act(state, 0, "discard", "3s")  # and waits on 1p
    assert [e for e in ledger(state) if e[3] == "kong_refund"] == []


def test_a_pong_on_the_last_discard_still_happens_then_the_round_ends():
    state = table([DISCARDER, IDLE, "55p11223366899s", IDLE], voids="ssms")
    act(state, 0, "discard", "5p")
    act(state, 2, "pong")
    act(state, 2, "discard", "8s")
    assert state.end == "wall_empty" and state.melds[2]


def test_the_round_ends_when_one_player_is_left_without_settlement():
    state = table(["123m456p789s1123s5p", IDLE, IDLE, WAITS_5P], voids="psss", out=(1, 2))
    act(state, 0, "discard", "5p")
    act(state, 3, "win")
    assert state.end == "one_left" and state.settlement is None
    assert ledger(state) == [(0, 3, 1, "ron")]  # seat 0 holds three suits, yet pays no pig


# --- the next dealer ------------------------------------------------------------------------


def test_nobody_won_so_the_dealer_stays():
    state = table(["123m456m789m111p5p9s", IDLE, IDLE, IDLE], dealer=2)
    act(state, 0, "discard", "9s")
    assert state.end == "wall_empty" and not state.winners and state.next_dealer == 2


def test_the_first_winner_deals_next():
    state = table([DISCARDER, IDLE, IDLE, WAITS_5P], dealer=1)
    act(state, 0, "discard", "5p")
    act(state, 3, "win")
    assert state.end == "wall_empty" and state.next_dealer == 3


def test_after_several_winners_on_the_first_win_the_discarder_deals_next():
    state = table([DISCARDER, WAITS_5P, WAITS_5P_TOO, IDLE], dealer=3)
    act(state, 0, "discard", "5p")
    act(state, 1, "win")
    act(state, 2, "win")
    assert state.end == "wall_empty" and state.next_dealer == 0


# --- 天胡 and 地胡 -------------------------------------------------------------------------


def dealt(dealer_hand, wall, **options):
    from games.rules.options import RoomOptions

    hands = [
        parse_tiles(dealer_hand),
        parse_tiles(WAITS_5P_TOO),
        parse_tiles("2233446677889p"),
        parse_tiles("1122334455667m"),
    ]
    state = Round.from_deal(
        hands, parse_tiles(wall), dealer=0, options=RoomOptions.from_dict(options)
    )
    for seat, suit in enumerate((2, 2, 2, 2)):
        state.apply(seat, ("void", suit))
    return state


def test_tianhu_when_the_dealer_wins_on_the_first_14_tiles():
    state = dealt("123m456m789m111p55p", "1s2s3s4s5s")
    assert state.hands[0] and ("zimo", None) in state.legal_actions(0)
    act(state, 0, "zimo")
    assert state.winners[0]["pattern"] == "tianhu"


def test_dihu_when_a_player_wins_on_the_first_draw():
    state = dealt("88m99m111p1234567s", "5p1s2s3s4s5s")
    act(state, 0, "discard", "1s")
    act(state, 1, "zimo")
    assert state.winners[0]["pattern"] == "dihu"


def test_no_tianhu_or_dihu_with_the_option_off():
    state = dealt("123m456m789m111p55p", "1s2s3s4s5s", tiandi_hu=False)
    act(state, 0, "zimo")
    assert state.winners[0]["pattern"] == "pinghu"
