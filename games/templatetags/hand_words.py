"""What a hand was worth, for pages that list a player's wins (the profile's biggest
hand): "清一色 + 1 根 · 3 番"; a plain win says its points, "平胡 · 1 分", never "0 番"
(games.words.labels.hand_worth)."""

from django import template

from games.words import labels

register = template.Library()


@register.filter
def biggest_hand(biggest: dict) -> str:
    """``biggest``: the profile's biggest hand (games.history.my_rounds.player_stats),
    its fan, its patterns in words and its round. A plain win's points are the win's own
    as the round recorded them (a round stored before they were: the room's base)."""
    fan = biggest["fan"]
    points = None
    if not fan:
        state = getattr(biggest.get("round"), "state", None) or {}
        plain = [
            w
            for w in state.get("winners") or ()
            if not w.get("fan")
            and labels.describe_patterns(w.get("patterns") or {}) == biggest["patterns"]
        ]
        points = next((w["points"] for w in plain if "points" in w), None)
        if points is None:
            points = (state.get("options") or {}).get("base", 1)
    return labels.hand_worth(biggest["patterns"], fan, points)
