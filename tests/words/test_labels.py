from django.utils import translation

from games.words.labels import describe_patterns


def test_a_wins_patterns_read_the_same_whatever_order_they_are_stored_in():
    """PostgreSQL's jsonb gives keys back in its own order."""
    with translation.override("zh-hans"):
        stored = describe_patterns({"pinghu": 0, "gen": 1, "gangshanghua": 1})
        reloaded = describe_patterns({"gangshanghua": 1, "gen": 1, "pinghu": 0})
    assert stored == reloaded == "平胡 + 1 根 + 杠上花"
