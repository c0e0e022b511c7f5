"""The tournaments' socket: a tournament page's live leaderboard (tournaments.socket)."""

from django.urls import path

from tournaments.socket import TournamentConsumer

websocket_urlpatterns = [
    path("ws/tournaments/<str:code>/", TournamentConsumer.as_asgi()),
]
