from django.contrib import admin

from games.models import Event, LedgerEntry, Room, Round, RoundPlayer, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "owner", "status", "created_at")
    list_filter = ("status",)
    search_fields = ("code", "name", "owner__username")
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("room", "index", "user", "bot_level", "auto_play", "ready")
    list_filter = ("bot_level", "auto_play")


class RoundPlayerInline(admin.TabularInline):
    model = RoundPlayer
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    inlines = [RoundPlayerInline]
    list_display = ("room", "number", "dealer", "status", "version", "started_at", "ended_at")
    list_filter = ("status",)
    readonly_fields = ("seed_hash",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("round", "number", "version", "kind", "seat", "created_at")
    list_filter = ("kind",)


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):
    list_display = ("round", "payer_seat", "payee_seat", "amount", "reason", "created_at")
    list_filter = ("reason",)
