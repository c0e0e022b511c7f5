"""A tournament's stored parts: the tournament (its format, rules, clock and scoring),
its entries (who signed up, checked in, withdrew, and how many rounds in a row they
missed) and its tables (a room each, with who was seated where). The standings are
never stored: they are a sum over the ledger of the rounds played at its tables
(tournaments.standings)."""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Room

MAX_ENTRIES = 400  # a field the site can seat at once: 100 tables of four
PLACEMENT_DEFAULT = {4: [4, 2, 1, 0], 3: [3, 1, 0], 2: [1, 0]}  # points by place, best first


class Tournament(models.Model):
    class Format(models.TextChoices):
        ARENA = "arena", _("Arena (限时积分赛)")
        SWISS = "swiss", _("Swiss shift (瑞士移位)")
        DUPLICATE = "duplicate", _("Duplicate (复式)")

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Signing up")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Scoring(models.TextChoices):
        NET = "net", _("Net points of each round")
        PLACEMENT = "placement", _("Placement points of each round")

    name = models.CharField(_("tournament name"), max_length=40)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_made"
    )
    # A private tournament is found by its link (``code``: unguessable); a site tournament
    # (made by staff) is listed for everybody.
    code = models.CharField(max_length=32, unique=True)
    listed = models.BooleanField(default=False)
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.ARENA)
    options = models.JSONField(default=dict)  # the tables' rules: RoomOptions.to_dict()
    starts_at = models.DateTimeField()
    minutes = models.PositiveSmallIntegerField(default=60)  # the arena's window
    # The Swiss shift: ``stages`` stages of ``stage_rounds`` rounds at each table, everyone
    # re-seated by standing between two stages; ``stage`` the one being played (0: none).
    stages = models.PositiveSmallIntegerField(default=4)
    stage_rounds = models.PositiveSmallIntegerField(default=2)
    stage = models.PositiveSmallIntegerField(default=0)
    scoring = models.CharField(max_length=10, choices=Scoring.choices, default=Scoring.NET)
    max_entries = models.PositiveSmallIntegerField(default=MAX_ENTRIES)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "starts_at"], name="tournament_due")]

    def __str__(self) -> str:
        return self.name

    @property
    def ends_at(self):
        return self.starts_at + timedelta(minutes=self.minutes)

    @property
    def staged(self) -> bool:
        """Played in stages, everybody re-seated by standing between two (the Swiss
        shift, the duplicate), not seated as they come free (the arena)."""
        return self.format != self.Format.ARENA

    @property
    def table_size(self) -> int:
        return int(self.options.get("players", 4))

    @property
    def placement_points(self) -> list[int]:
        return PLACEMENT_DEFAULT[self.table_size]


class Entry(models.Model):
    """A person in a tournament: signed up, then seated whenever they are free."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    joined_at = models.DateTimeField(default=timezone.now)
    # Said "I am here" in the last minutes before the start (or joined once it ran): only
    # those checked in are seated.
    checked_in_at = models.DateTimeField(null=True, blank=True)
    # Free and waiting for a table since then (None: seated, or not running yet).
    waiting_since = models.DateTimeField(null=True, blank=True)
    # Rounds in a row the computer played all of their moves (托管): two and they are out.
    missed = models.PositiveSmallIntegerField(default=0)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_person")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"


class TournamentTable(models.Model):
    """A table of a tournament: one room, one round, the entries seated by the clock."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    room = models.OneToOneField(Room, on_delete=models.CASCADE, related_name="tournament_table")
    number = models.PositiveIntegerField()  # 1, 2, … in the order they were seated
    stage = models.PositiveSmallIntegerField(default=0)  # the Swiss shift's stage (0: arena)
    entries = models.JSONField(default=list)  # entry ids by seat; None: a computer (bye)
    started_at = models.DateTimeField(default=timezone.now)
    # Set once its round ended and its people went back to waiting (or out).
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_table_number")
        ]

    def __str__(self) -> str:
        return f"table {self.number} of {self.tournament}"
