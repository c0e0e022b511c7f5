import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_see_the_lobby(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "大厅" in html
    assert "/accounts/signup/" in html


def test_the_page_loads_htmx_from_the_site_itself(client):
    html = client.get("/").content.decode()
    assert "/static/django_htmx/htmx-2.min.js" in html
    assert "/static/django_htmx/ext/hx-ws-2.min.js" in html
    # Nothing is loaded from another host: every script, style and image is our own.
    assert not re.search(r'(?:src|href)="(?:https?:)?//', html)


@pytest.mark.parametrize(
    "path",
    [
        "/static/django_htmx/htmx-2.min.js",
        "/static/django_htmx/ext/hx-ws-2.min.js",
        "/static/css/site.css",
    ],
)
def test_static_files_are_served_by_the_site(live_server, path):
    import urllib.request

    with urllib.request.urlopen(live_server.url + path) as response:
        assert response.status == 200
        assert len(response.read()) > 100


def test_the_layout_works_on_a_phone(client):
    html = Client().get("/").content.decode()
    assert 'name="viewport"' in html and "width=device-width" in html
