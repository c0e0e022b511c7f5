from django.urls import path

from games import consumers

websocket_urlpatterns = [
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    path("ws/tables/<str:code>/", consumers.TableConsumer.as_asgi()),
]
