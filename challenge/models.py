"""The daily challenge (每日挑战): one deal a day, the same for everybody, played against
three 大师; and each person's one attempt at it."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Room, Round


class DailyChallenge(models.Model):
    """A day's deal. Its seed is secret until the day is over (``games.models.Room.
    is_sealed`` of the rooms dealt from it): the pages show only its SHA-256 until then."""

    day = models.DateField(_("day"), unique=True)  # in the site's time zone
    seed = models.CharField(max_length=64)
    seed_hash = models.CharField(max_length=64)
    dealer = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()  # where the person sits; 大师 in the others
    options = models.JSONField(default=dict)  # the room options of every table of the day
    ends_at = models.DateTimeField()  # the next day's midnight: no attempt starts after it
    # 大师's own game of the deal (four 大师; games.players.expert), played when the day's
    # deal was made: its net at ``seat`` is the par every attempt is measured against.
    expert_round = models.OneToOneField(Round, on_delete=models.PROTECT, related_name="+")
    par = models.IntegerField()

    class Meta:
        ordering = ["-day"]
        verbose_name = _("daily challenge")
        verbose_name_plural = _("daily challenges")

    def __str__(self) -> str:
        return f"daily challenge {self.day}"


class Attempt(models.Model):
    """One person's game of a day's deal: at most one each (a second start resumes it)."""

    challenge = models.ForeignKey(DailyChallenge, on_delete=models.CASCADE, related_name="attempts")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenge_attempts"
    )
    round = models.OneToOneField(Round, on_delete=models.PROTECT, related_name="+")
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["challenge", "started_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "user"], name="one_attempt_per_person_and_day"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} on {self.challenge.day}"


class DealSet(models.Model):
    """Deals a group of friends each play at a table of their own against three 大师
    (同牌对局): the same deals in the same order, compared deal by deal and with 大师's
    own result on each (its par). Secret until ``sealed_until`` and while anybody is
    still playing one of them; nobody starts after that."""

    code = models.CharField(max_length=12, unique=True)  # the link's code
    name = models.CharField(_("name"), max_length=60)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deal_sets"
    )
    deals = models.JSONField()  # [[seed, dealer], ...] in the order they are played
    hashes = models.JSONField()  # the SHA-256 of each seed, shown from the start
    seat = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)  # every table's room options (rounds: the deals)
    # 大师's own table of the deals (four 大师), played right after the set is stored: its
    # nets at ``seat`` are the pars, recorded once every game has ended (empty until then;
    # challenge.friends.complete).
    expert_room = models.OneToOneField(Room, on_delete=models.PROTECT, related_name="+")
    pars = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
    sealed_until = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("set of deals")
        verbose_name_plural = _("sets of deals")

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class DealSetTable(models.Model):
    """One person's table of a set of deals: at most one each (joining again returns to it)."""

    deal_set = models.ForeignKey(DealSet, on_delete=models.CASCADE, related_name="tables")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deal_set_tables"
    )
    room = models.OneToOneField(Room, on_delete=models.PROTECT, related_name="+")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deal_set", "joined_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["deal_set", "user"], name="one_table_per_person_and_deal_set"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} at {self.deal_set.code}"
