"""A plain win (平胡) counts no fan: wherever a win is told — my rounds, the coach —
it says 平胡 and its points, never "0 番"."""

from django.utils import translation

from games.history.my_rounds import _one_win
from games.words import coach_words


def plain(how="discard", points=1):
    return {"seat": 0, "how": how, "fan": 0, "patterns": {}, "points": points, "from": 2}


def test_my_rounds_tell_a_plain_win_by_its_points():
    names = {2: "兰兰"}
    with translation.override("zh-hans"):
        told = _one_win(plain(), names)
        assert "平胡" in told and "1 分" in told and "0 番" not in told
        assert "0 番" not in _one_win(plain("zimo", 2), names)
    with translation.override("en"):
        told = _one_win(plain(), names)
        assert "Plain win" in told and "1 point" in told and "0 fan" not in told
    with translation.override("zh-hans"):
        bigger = {**plain(), "fan": 2, "patterns": {"qingyise": 2}}
        assert "2 番" in _one_win(bigger, names)


def test_the_coach_calls_a_plain_win_plain():
    with translation.override("zh-hans"):
        for reason in ("win", "zimo"):
            said = coach_words.reason_words(reason, (0,))
            assert "平胡" in said and "0 番" not in said
        assert "2 番" in coach_words.reason_words("win", (2,))
    with translation.override("en"):
        assert "0 fan" not in coach_words.reason_words("win", (0,))
