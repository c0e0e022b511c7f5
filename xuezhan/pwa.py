"""The site as an app on the home screen: the web app manifest, the service worker and
the page it shows offline.

The worker keeps the site's static files (scripts, styles, tile pictures, icons) so that
pages open fast on a phone, and shows the offline page when a page cannot be reached. It
never keeps a page: a table is live, and a stale copy of it would show tiles and turns
that are no longer true. It is served from the site's root so that its scope is the whole
site (a worker under /static/ could only look after /static/).
"""

import json

from django.http import HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

THEME_COLOUR = "#1f5f3f"  # the felt of the table, as in static/css/site.css
# Bump to make every browser drop the static files it keeps and fetch them anew.
CACHE_VERSION = "1"


@require_GET
@cache_control(max_age=3600)
def manifest(request):
    data = {
        "name": _("Xuezhan Daodi"),
        "short_name": _("Xuezhan"),
        "description": _("Sichuan mahjong, blood battle to the end, in the browser."),
        "lang": request.LANGUAGE_CODE,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {
                "src": static("icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "any maskable",
            },
            {"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return HttpResponse(
        json.dumps(data, ensure_ascii=False),
        content_type="application/manifest+json; charset=utf-8",
    )


@require_GET
@cache_control(no_cache=True)
def service_worker(request):
    response = render(
        request,
        "pwa/sw.js",
        {
            "cache_name": f"xuezhan-static-{CACHE_VERSION}",
            "static_prefix": static(""),
            "offline_url": "/offline/",
        },
        content_type="application/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def offline(request):
    return render(request, "pwa/offline.html")
