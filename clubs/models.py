"""A club's stored parts: the club, its members (owner, admins, members; pending until an
admin approves when the club asks it), its invites, its bans, its standing tables (楼层:
a rule set with a name), the rooms opened from them, the pairs who may not sit at one
table (禁止同桌) and the log of every admin action. The standings are never stored: they
are a sum over the ledger of the rounds played in the club's rooms (clubs.standings)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Room

MAX_MEMBERS = 500


class Club(models.Model):
    class Period(models.TextChoices):
        WEEK = "week", _("Week")
        MONTH = "month", _("Month")

    name = models.CharField(_("club name"), max_length=40)
    announcement = models.TextField(_("announcement"), max_length=1000, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_clubs"
    )
    # Joining by an invite admits at once, or waits for an admin's approval.
    approval = models.BooleanField(_("admins approve who joins"), default=False)
    period = models.CharField(max_length=5, choices=Period.choices, default=Period.WEEK)
    # Members who do not sit at a table may watch it (the club's choice).
    members_watch = models.BooleanField(_("members may watch the tables"), default=True)
    created_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)  # its history stays

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", _("Owner")
        ADMIN = "admin", _("Admin")
        MEMBER = "member", _("Member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships"
    )
    role = models.CharField(max_length=6, choices=Role.choices, default=Role.MEMBER)
    # Pending: joined by an invite of a club whose admins approve, not approved yet.
    pending = models.BooleanField(default=False)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"

    @property
    def is_admin(self) -> bool:
        return not self.pending and self.role in (self.Role.OWNER, self.Role.ADMIN)


class Invite(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    code = models.CharField(max_length=32, unique=True)  # secrets.token_urlsafe: unguessable
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"invite to {self.club}"


class Ban(models.Model):
    """A person the admins removed for good: no invite lets them back."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="bans")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_ban_per_club")]

    def __str__(self) -> str:
        return f"{self.user} banned from {self.club}"


class ClubTable(models.Model):
    """A standing table (楼层): a named rule set (every room option) members open rooms
    from with one press."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(_("table name"), max_length=40)
    options = models.JSONField(default=dict)  # validated RoomOptions.to_dict()
    computers = models.BooleanField(_("computers may fill seats"), default=True)
    created_at = models.DateTimeField(default=timezone.now)
    archived_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.name


class ClubRoom(models.Model):
    """A room opened from a club's table: its rounds count in the club's ledger."""

    room = models.OneToOneField(Room, on_delete=models.CASCADE, related_name="club_room")
    table = models.ForeignKey(ClubTable, on_delete=models.PROTECT, related_name="rooms")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rooms")

    def __str__(self) -> str:
        return f"{self.room} of {self.club}"


class Apart(models.Model):
    """禁止同桌: two members the admins keep from sitting at one table."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="apart")
    first = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "first", "second"], name="one_apart_per_pair"),
            models.CheckConstraint(condition=Q(first__lt=models.F("second")), name="apart_ordered"),
        ]

    def __str__(self) -> str:
        return f"{self.first} and {self.second} apart in {self.club}"


class AdminAction(models.Model):
    """The club's admin log: who did what, to whom, when."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="admin_log")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    action = models.CharField(max_length=20)  # a key of clubs.log_words.ACTIONS
    target = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    detail = models.CharField(max_length=200, blank=True)
    at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.action} in {self.club}"
