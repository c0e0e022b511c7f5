"""What a player's profile page (``accounts.views.profile``, through
``accounts.hooks.profile_parts``, which ``games.apps`` fills) shows of their play: their
statistics over every finished round they played, and their place in the ranking."""

from games.history import my_rounds, ranking
from games.words import labels


def profile_parts(user) -> dict:
    stats = my_rounds.player_stats(user=user)
    # Tables for three and two, counted apart (RULES.md section 14), where they played.
    smaller = [
        (labels.TABLE_SIZE_NAMES[players], found)
        for players in my_rounds.TABLE_SIZES[1:]
        if (found := my_rounds.player_stats(user=user, players=players)).rounds
    ]
    chart = (
        my_rounds.line_chart([[0] + [total for _, total in stats.running]])
        if (stats.running)
        else None
    )
    return {
        "stats": stats,
        "chart": chart,
        "ranks": ranking.ranks_of(user),
        "smaller_tables": smaller,
    }
