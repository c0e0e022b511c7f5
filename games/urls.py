from django.urls import path

from games import history_views, info_views, views

urlpatterns = [
    path("", views.lobby, name="home"),
    path("rooms/new/", views.create_room, name="create_room"),
    path("join/", views.join, name="join"),
    path("t/<str:code>/", views.table, name="table"),
    path("t/<str:code>/fragment/", views.table_fragment, name="table_fragment"),
    path("t/<str:code>/sit/", views.sit, name="sit"),
    path("t/<str:code>/leave/", views.leave, name="leave"),
    path("t/<str:code>/bot/add/", views.add_bot, name="add_bot"),
    path("t/<str:code>/bot/fill/", views.fill_bots, name="fill_bots"),
    path("t/<str:code>/bot/remove/", views.remove_bot, name="remove_bot"),
    path("t/<str:code>/ready/", views.ready, name="ready"),
    path("t/<str:code>/free/", views.free_seat, name="free_seat"),
    path("t/<str:code>/act/", views.table_action, name="table_action"),
    path("t/<str:code>/watching/", views.set_watching, name="set_watching"),
    path("t/<str:code>/scores/", history_views.room_scores, name="room_scores"),
    path("history/", history_views.my_rounds, name="my_rounds"),
    path("rules/", info_views.rules, name="rules"),
    path("ranking/", info_views.ranking_page, name="ranking"),
    path("rounds/<int:round_id>/", history_views.round_detail, name="round_detail"),
    path("rounds/<int:round_id>/replay/<int:step>/", history_views.round_replay,
         name="round_replay"),
    path("rounds/<int:round_id>/export.json", history_views.round_export, name="round_export"),
]
