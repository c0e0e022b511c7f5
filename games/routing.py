from django.urls import path

from games.table import consumers, lobby_socket

websocket_urlpatterns = [
    path("ws/lobby/", lobby_socket.LobbyConsumer.as_asgi()),
    path("ws/tables/<str:code>/", consumers.TableConsumer.as_asgi()),
]
