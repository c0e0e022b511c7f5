import pytest

from games.rules.tiles import (
    WALL_SIZE,
    format_tiles,
    full_set,
    parse_tile,
    parse_tiles,
    rank_of,
    suit_letter,
    tile_str,
)


def test_108_tiles_four_of_each_of_27_kinds():
    tiles = full_set()
    assert len(tiles) == WALL_SIZE == 108
    assert {tiles.count(t) for t in set(tiles)} == {4}
    assert {suit_letter(t) for t in tiles} == {"m", "p", "s"}
    assert {rank_of(t) for t in tiles} == set(range(1, 10))


def test_notation_digits_then_their_suit():
    assert [tile_str(t) for t in parse_tiles("123m45p")] == ["1m", "2m", "3m", "4p", "5p"]
    assert tile_str(parse_tile("5m")) == "5m"
    assert format_tiles(parse_tiles("9s1m5p1m")) == "11m5p9s"


@pytest.mark.parametrize(
    "text, message",
    [
        ("5z", "unknown suit"),
        ("1E", "unknown suit"),
        ("05m", "no tile 0"),
        ("123", "no suit"),
        ("m", "no digits"),
        ("11111m", "5 copies of 1m"),
        (None, "written as text"),
    ],
)
def test_malformed_notation_is_a_clear_error(text, message):
    with pytest.raises(ValueError, match=message):
        parse_tiles(text)


def test_one_tile_means_one():
    with pytest.raises(ValueError, match="one tile"):
        parse_tile("12m")
