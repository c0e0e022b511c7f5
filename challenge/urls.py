from django.urls import path

from challenge import views

app_name = "challenge"

urlpatterns = [
    path("", views.today, name="today"),
    path("start/", views.start, name="start"),
    path("room/<str:code>/", views.room_results, name="room_results"),
    path("friends/new/", views.new_deal_set, name="new_deal_set"),
    path("friends/<str:code>/", views.deal_set_page, name="deal_set"),
    path("friends/<str:code>/join/", views.join_deal_set, name="join_deal_set"),
    path("<str:day>/", views.past_day, name="day"),
]
