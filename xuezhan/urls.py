from django.contrib import admin
from django.urls import include, path

from xuezhan import health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("", include("games.urls")),
]

handler400 = "xuezhan.errors.bad_request"
handler403 = "xuezhan.errors.permission_denied"
handler404 = "xuezhan.errors.page_not_found"
handler500 = "xuezhan.errors.server_error"
