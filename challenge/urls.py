from django.urls import path

from challenge import views

app_name = "challenge"

urlpatterns = [
    path("", views.today, name="today"),
    path("start/", views.start, name="start"),
    path("<str:day>/", views.past_day, name="day"),
]
