from django.contrib import admin

from challenge.models import Attempt, DailyChallenge, DealSet, DealSetTable


@admin.register(DailyChallenge)
class DailyChallengeAdmin(admin.ModelAdmin):
    list_display = ("day", "seed_hash", "dealer", "par")
    # The seed gives the wall away: never shown here while others may still play it.
    exclude = ("seed",)
    readonly_fields = (
        "day",
        "seed_hash",
        "dealer",
        "seat",
        "options",
        "ends_at",
        "expert_round",
        "par",
    )


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("challenge", "user", "round", "started_at")
    readonly_fields = ("challenge", "user", "round")


@admin.register(DealSet)
class DealSetAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "owner", "created_at", "sealed_until")
    exclude = ("deals",)
    readonly_fields = (
        "code",
        "owner",
        "hashes",
        "seat",
        "options",
        "expert_room",
        "pars",
        "sealed_until",
    )


@admin.register(DealSetTable)
class DealSetTableAdmin(admin.ModelAdmin):
    list_display = ("deal_set", "user", "room", "joined_at")
    readonly_fields = ("deal_set", "user", "room")
