"""The site's pages of games, each from the package whose part of the game it shows."""

from django.urls import path

from games.history import views as history_views
from games.rooms import views as room_views
from games.rulebook import views as rulebook_views
from games.table import views as table_views

urlpatterns = [
    path("", room_views.lobby, name="home"),
    path("rooms/new/", room_views.create_room, name="create_room"),
    path("join/", room_views.join, name="join"),
    path("t/<str:code>/", table_views.table, name="table"),
    path("t/<str:code>/fragment/", table_views.table_fragment, name="table_fragment"),
    path("t/<str:code>/sit/", room_views.sit, name="sit"),
    path("t/<str:code>/leave/", room_views.leave, name="leave"),
    path("t/<str:code>/bot/add/", room_views.add_bot, name="add_bot"),
    path("t/<str:code>/bot/fill/", room_views.fill_bots, name="fill_bots"),
    path("t/<str:code>/bot/remove/", room_views.remove_bot, name="remove_bot"),
    path("t/<str:code>/ready/", room_views.ready, name="ready"),
    path("t/<str:code>/free/", room_views.free_seat, name="free_seat"),
    path("t/<str:code>/act/", table_views.table_action, name="table_action"),
    path("t/<str:code>/coach/", table_views.table_coach, name="table_coach"),
    path("t/<str:code>/watching/", room_views.set_watching, name="set_watching"),
    path("t/<str:code>/scores/", history_views.room_scores, name="room_scores"),
    path("history/", history_views.my_rounds, name="my_rounds"),
    path("rules/", rulebook_views.rules, name="rules"),
    path("ranking/", history_views.ranking_page, name="ranking"),
    path("rounds/<int:round_id>/", history_views.round_detail, name="round_detail"),
    path(
        "rounds/<int:round_id>/replay/<int:step>/", history_views.round_replay, name="round_replay"
    ),
    path("rounds/<int:round_id>/export.json", history_views.round_export, name="round_export"),
]
