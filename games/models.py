"""Rooms, seats, rounds, their event log and their ledger.

The engine state of a round lives in ``Round.state`` (JSON) with a ``version`` that goes
up by one with every applied action; ``Event`` is the append-only log that rebuilds it,
and ``LedgerEntry`` holds every payment. Scores are sums over the ledger, never a stored
copy that could drift.
"""

import secrets
import string

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.rules.round import CURRENT_SHUFFLE

CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "01IO")
CODE_LENGTH = 6
SEATS = 4  # the most at a table; a room has Room.players seats (RULES.md section 14)
BOT_LEVELS = [("easy", _("Easy")), ("strong", _("Strong")), ("expert", _("Expert"))]


def new_room_code() -> str:
    """A short code to share a room; no 0/O or 1/I to misread."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def insert_room(**fields) -> "Room | None":
    """A new Room row, its code drawn again on the rare clash; None if five draws clash.
    Each try is a savepoint: a clash does not undo the caller's transaction."""
    for _attempt in range(5):
        try:
            with transaction.atomic():
                return Room.objects.create(**fields)
        except IntegrityError:  # a code already taken: draw another
            continue
    return None


class Room(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        PLAYING = "playing", _("Playing")
        CLOSED = "closed", _("Closed")

    code = models.CharField(_("code"), max_length=12, unique=True, default=new_room_code)
    name = models.CharField(_("name"), max_length=60)
    options = models.JSONField(_("room options"), default=dict)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_rooms"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    # Rounds still to start by themselves while only computer players sit here.
    auto_rounds = models.PositiveIntegerField(default=0)
    # People not seated here may watch the table live (the owner switches it off).
    allow_watching = models.BooleanField(_("others may watch"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When a person was last seen here: a table socket of theirs opened or closed, or
    # they moved. A room nobody has been at for a while closes (games.rooms.idle_rooms).
    last_active = models.DateTimeField(default=timezone.now, db_index=True)
    # A room whose deal others will play too (the daily challenge, games.challenge): until
    # then, and while any round dealt from the same seed is still being played, its seed
    # stays secret, its finished rounds are shown only to people who have played the same
    # deal to its end, nobody watches it and the lobby does not list it (``is_sealed``).
    sealed_until = models.DateTimeField(null=True, blank=True)
    # The lobby lists the room for anyone to join or watch; a club's rooms are its
    # members' only (clubs: the club's page lists them instead).
    listed = models.BooleanField(default=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("room")
        verbose_name_plural = _("rooms")

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    @property
    def players(self) -> int:
        """How many sit at the table (RULES.md section 14; the options store it only
        when it is not four)."""
        return self.options.get("players", SEATS)

    def is_sealed(self, now=None) -> bool:
        """Is this room's deal still secret (``sealed_until``)? Until that time, and after
        it while a round on one of its seeds is being played anywhere: a game begun just
        before the day's end must not find the seed shown meanwhile."""
        if self.sealed_until is None:
            return False
        if (now or timezone.now()) < self.sealed_until:
            return True
        seeds = Round.objects.filter(room=self).values("seed_hash")
        return Round.objects.filter(seed_hash__in=seeds, status=Round.Status.PLAYING).exists()


class Seat(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
    )
    bot_level = models.CharField(max_length=10, choices=BOT_LEVELS, blank=True)
    auto_play = models.BooleanField(default=False)
    ready = models.BooleanField(default=False)  # ready for the next round
    timeouts = models.PositiveSmallIntegerField(default=0)  # missed deadlines in a row
    # Where the person sat down from (games.rooms.origins): a digest of the address and
    # the accounts their browser has logged in to, only to warn the table of two players
    # from one network or one browser. Cleared when the seat is freed.
    address_key = models.CharField(max_length=16, blank=True, default="")
    browser_accounts = models.JSONField(default=list, blank=True)
    # Refreshed while the player's table socket is open; a seat not seen for the grace
    # period is played automatically until its player is back.
    last_seen = models.DateTimeField(null=True, blank=True)
    # A table socket of the player is open (set when one opens and by the heartbeat,
    # cleared when one closes): the others see 离线 at once, not after the grace period.
    online = models.BooleanField(default=False)
    # The coach (教练) switched on in the table's settings, in a room that allows it: the
    # person it was switched on for. It is on only while that person sits here, so a
    # seat taken by somebody else starts without it (``coach_on``).
    coach_for = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["room", "index"]
        constraints = [
            models.UniqueConstraint(fields=["room", "index"], name="one_seat_per_index"),
            models.UniqueConstraint(
                fields=["room", "user"], condition=Q(user__isnull=False), name="one_seat_per_user"
            ),
            models.CheckConstraint(
                condition=Q(index__gte=0) & Q(index__lt=SEATS), name="seat_index_0_to_3"
            ),
            models.CheckConstraint(
                condition=~(Q(user__isnull=False) & ~Q(bot_level="")),
                name="seat_user_or_bot_not_both",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.room.code} seat {self.index}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.bot_level

    @property
    def coach_on(self) -> bool:
        """The coach is switched on for the person sitting here."""
        return self.coach_for_id is not None and self.coach_for_id == self.user_id


class Watcher(models.Model):
    """One open table socket of somebody watching a room without a seat there.

    A row per socket, written when it opens and deleted when it closes; each process
    refreshes ``last_seen`` of its own rows every few seconds (games.table.watchers), so
    rows of a process that died stop being counted after a while and are then deleted.
    The room's watch count is the number of distinct users with a fresh row: every
    process reads the same number.
    """

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="watchers")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="watching"
    )
    channel = models.CharField(max_length=200, unique=True)  # the socket's channel name
    last_seen = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [models.Index(fields=["room", "last_seen"], name="watcher_room_seen")]

    def __str__(self) -> str:
        return f"{self.user_id} watching {self.room_id}"


class Round(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        ENDED = "ended", _("Ended")

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField()
    seed_hash = models.CharField(max_length=64, db_index=True)
    # The seed stays secret while the round is played (it gives away the wall); the
    # history shows it once the round has ended.
    seed = models.CharField(max_length=64)
    # How the seed ordered the wall (games.rules.round.shuffled_wall): rounds dealt before
    # the shuffle was keyed by the secret seed keep theirs, and keep verifying.
    shuffle = models.PositiveSmallIntegerField(default=CURRENT_SHUFFLE)
    state = models.JSONField()
    version = models.PositiveIntegerField(default=0)
    # The number of the round's last event, so that a move numbers its events without
    # asking the log for its maximum.
    last_event = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    # When something must next happen: a computer's move, or a person's default move.
    # None when nothing is due. Workers claim rounds whose deadline has passed.
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # When the decision now pending began: a person's time runs from here.
    decision_started_at = models.DateTimeField(null=True, blank=True)
    # The tile on offer (a discard, an added kong) while its pause lasts: ``until`` (ISO
    # time), ``version`` (the round's version when it was offered) and, once nobody has
    # taken it but the pause still runs, ``state``: the engine at the moment of the offer,
    # which the table keeps showing (games.play.offers). None otherwise.
    offer = models.JSONField(null=True, blank=True)
    # The round's latest public happening, for the table's sound and motion: its kind
    # (deal, discard, pong, kong, win, zimo), seat, tile and the version it came with
    # (games.play.cues). An answer nobody sees (a pass) leaves it as it was.
    cue = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["room", "number"]
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="one_round_number_per_room"),
        ]
        indexes = [
            # Some rooms' finished rounds that ended in a span of time, found without
            # reading a round's row (its state is large): a club's standings of a week or
            # a month and the periods it played in (clubs.standings, clubs.periods).
            models.Index(fields=["room", "status", "ended_at"], name="round_room_status_ended"),
        ]

    def __str__(self) -> str:
        return f"{self.room.code} round {self.number}"

    @property
    def seed_revealed(self) -> str | None:
        """The seed, once the round has ended and its room's deal is no longer sealed."""
        if self.status != self.Status.ENDED or self.room.is_sealed():
            return None
        return self.seed


class RoundPlayer(models.Model):
    """Who sat where in one round: seats change between rounds, history must not."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="round_seats",
    )
    bot_level = models.CharField(max_length=10, choices=BOT_LEVELS, blank=True)

    class Meta:
        ordering = ["round", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "seat"], name="one_player_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.round} seat {self.seat}"


class Event(models.Model):
    """One line of a round's append-only log: an action or what the engine did."""

    WIN = "win"  # the engine's line of a win: its seat, how, fan, patterns, points

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="events")
    number = models.PositiveIntegerField()
    version = models.PositiveIntegerField()  # the round's version after this event
    kind = models.CharField(max_length=30)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_event_number_per_round"),
        ]
        indexes = [
            # The wins of many rounds without reading the rest of their logs (a round has
            # a hundred lines, and one to three wins): a club's standings (clubs.standings).
            models.Index(fields=["round"], condition=Q(kind="win"), name="event_wins"),
        ]

    def __str__(self) -> str:
        return f"{self.round} #{self.number} {self.kind}"


class LedgerEntry(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="ledger")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="payments")
    payer_seat = models.PositiveSmallIntegerField()
    payee_seat = models.PositiveSmallIntegerField()
    payer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="payments_made",
    )
    payee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="payments_received",
    )
    amount = models.PositiveIntegerField()
    reason = models.CharField(max_length=30)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "id"]
        verbose_name_plural = _("ledger entries")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_is_positive"),
            models.CheckConstraint(
                condition=~Q(payer_seat=F("payee_seat")), name="no_payment_to_oneself"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.payer_seat}→{self.payee_seat} {self.amount} {self.reason}"
