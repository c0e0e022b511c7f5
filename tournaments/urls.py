"""The tournaments' pages under /tournaments/ (tournaments.views)."""

from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.new_tournament, name="new"),
    path("<str:code>/", views.detail, name="detail"),
    path("<str:code>/join/", views.join, name="join"),
    path("<str:code>/check-in/", views.check_in, name="check_in"),
    path("<str:code>/withdraw/", views.withdraw, name="withdraw"),
    path("<str:code>/start/", views.start_now, name="start_now"),
]
