from django.contrib import admin
from django.urls import include, path

from accounts.forms import AdminLoginForm
from accounts.views import admin_login
from xuezhan import health, pwa

# Every log-in to the admin goes through the site's limits on failed log-ins.
admin.site.login_form = AdminLoginForm

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("i18n/", include("django.conf.urls.i18n")),
    # The admin's log-in, held to the site's limits (accounts.views.admin_login): before
    # admin.site.urls, whose own "login/" it stands in for.
    path("admin/login/", admin_login, name="admin_login"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("challenge/", include("challenge.urls")),
    path("clubs/", include("clubs.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("", include("games.urls")),
]

handler400 = "xuezhan.errors.bad_request"
handler403 = "xuezhan.errors.permission_denied"
handler404 = "xuezhan.errors.page_not_found"
handler500 = "xuezhan.errors.server_error"
