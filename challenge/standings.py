"""What the challenge's pages show of a day: its ranking, and a person's calendar."""

from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from challenge import days
from challenge.models import Attempt, DailyChallenge
from games.models import Round
from games.words import labels


@dataclass(frozen=True)
class Entry:
    rank: int
    name: str
    points: int
    against_par: int  # points minus the par: above zero, better than 大师 on this deal
    round_id: int
    mine: bool


def ranking(challenge: DailyChallenge, user: AbstractBaseUser | None = None) -> list[Entry]:
    """Everybody who has finished the day's deal, by points (equal points share a rank,
    listed by who finished first)."""
    finished = (
        Attempt.objects.filter(challenge=challenge, round__status=Round.Status.ENDED)
        .select_related("user", "round", "challenge")
        .order_by("round__ended_at", "pk")
    )
    scored = sorted(((days.points(a), a) for a in finished), key=lambda pair: -pair[0])
    entries, rank, last = [], 0, None
    for position, (points, attempt) in enumerate(scored, start=1):
        if points != last:
            rank, last = position, points
        entries.append(
            Entry(
                rank=rank,
                name=labels.person_name(attempt.user.username),
                points=points,
                against_par=points - challenge.par,
                round_id=attempt.round_id,
                mine=user is not None and attempt.user_id == user.pk,
            )
        )
    return entries


def outcome_open(*, finished: bool, sealed: bool) -> bool:
    """May the viewer see how the deal went (the par, the ranking, 大师's game)? Once they
    have played it to its end (``finished``), or once the day's deal is no longer secret
    (``sealed``: ``Room.is_sealed`` of 大师's table): before, the par alone would tell them
    whether the deal is a good one."""
    return finished or not sealed


@dataclass(frozen=True)
class Day:
    day: date
    par: int | None  # None while the viewer may not know it
    points: int | None  # the viewer's, once finished
    against_par: int | None
    playing: bool  # the viewer's attempt is still being played
    seed: str | None  # once the day's deal is no longer secret
    seed_hash: str


def calendar(user: AbstractBaseUser, *, limit: int = 30) -> list[Day]:
    """The latest ``limit`` days that had a challenge, newest first, with the viewer's
    result on each."""
    challenges = list(DailyChallenge.objects.select_related("expert_round__room")[:limit])
    attempts = {
        a.challenge_id: a
        for a in Attempt.objects.filter(user=user, challenge__in=challenges).select_related(
            "round", "challenge"
        )
    }
    now = timezone.now()
    shown = []
    for challenge in challenges:
        attempt = attempts.get(challenge.pk)
        sealed = challenge.expert_round.room.is_sealed(now)
        done = days.finished(attempt)
        points = days.points(attempt) if done else None
        shown.append(
            Day(
                day=challenge.day,
                par=challenge.par if outcome_open(finished=done, sealed=sealed) else None,
                points=points,
                against_par=points - challenge.par if done else None,
                playing=attempt is not None and not done,
                seed=None if sealed else challenge.seed,
                seed_hash=challenge.seed_hash,
            )
        )
    return shown
