from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import email_address, keeping, views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", keeping.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(
            template_name="accounts/password_change_done.html"
        ),
        name="password_change_done",
    ),
    path("profile/", views.profile, name="profile"),
    path("password/reset/", keeping.PasswordResetView.as_view(), name="password_reset"),
    path(
        "password/reset/sent/", keeping.PasswordResetDoneView.as_view(), name="password_reset_done"
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        keeping.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/complete/",
        keeping.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("email/", email_address.email, name="email"),
    path("email/confirm/<str:token>/", email_address.email_confirm, name="email_confirm"),
    path("sessions/", keeping.sessions, name="sessions"),
    path("sessions/end-others/", keeping.end_other_sessions, name="end_other_sessions"),
    path("delete/", keeping.delete, name="delete"),
]
