"""With DEBUG off (as `make run` serves), errors show the site's own pages in the
player's language: never Django's technical pages, nor bare English ones."""

import pytest
from django.test import Client, override_settings
from django.urls import path

from xuezhan import urls as site_urls

pytestmark = pytest.mark.django_db


def boom(request):
    raise RuntimeError("a bug")


urlpatterns = [*site_urls.urlpatterns, path("boom/", boom)]
handler404 = site_urls.handler404
handler500 = site_urls.handler500


def test_a_missing_page_is_the_sites_own_in_chinese(client, settings):
    settings.DEBUG = False
    response = client.get("/no/such/page/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "找不到页面" in html and "返回大厅" in html
    assert "Page not found" not in html and "URLconf" not in html


def test_a_missing_page_in_english_for_an_english_player(client, settings):
    settings.DEBUG = False
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get("/no/such/page/").content.decode()
    assert "Page not found" in html and "Back to the lobby" in html


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_a_server_error_shows_no_trace():
    client = Client(raise_request_exception=False)
    response = client.get("/boom/")
    html = response.content.decode()
    assert response.status_code == 500
    assert "出错了" in html and "你的牌局已保存" in html
    assert "RuntimeError" not in html and "Traceback" not in html


def test_an_expired_form_is_explained_in_chinese(settings):
    settings.DEBUG = False
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "x", "password": "y"})
    html = response.content.decode()
    assert response.status_code == 403
    assert "表单已过期" in html and "CSRF verification failed" not in html


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/no/such/page/"])
def test_a_host_the_site_does_not_serve_is_a_bad_request_in_chinese(settings, path):
    """A Host header not in ALLOWED_HOSTS is answered 400 by a page that needs no host
    (the framed page's share card asked for it again: a 500)."""
    settings.DEBUG = False
    response = Client(raise_request_exception=False, HTTP_HOST="evil.example").get(path)
    html = response.content.decode()
    assert response.status_code == 400
    assert "请求有误" in html or "无法理解" in html, html
    assert "evil.example" not in html and "Traceback" not in html
