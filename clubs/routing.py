"""The clubs' socket: a club page's live list of tables (clubs.socket)."""

from django.urls import path

from clubs.socket import ClubConsumer

websocket_urlpatterns = [
    path("ws/clubs/<int:club_id>/", ClubConsumer.as_asgi()),
]
