import pytest
from django.db import OperationalError, connection
from django.test import override_settings


@pytest.mark.django_db
def test_healthz_reports_database_and_channel_layer_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {"database": "ok", "channel_layer": "ok"},
    }


@pytest.mark.django_db(transaction=True)
def test_healthz_reports_a_broken_database_as_unhealthy(client, monkeypatch):
    if connection.is_in_memory_db() if connection.vendor == "sqlite" else False:
        # Django keeps an in-memory test database open whatever we do (closing it would
        # destroy it), so here the failure is injected where a real one would surface.
        def unreachable(*args, **kwargs):
            raise OperationalError("unable to open database file")

        monkeypatch.setattr(connection, "cursor", unreachable)
        response = client.get("/healthz")
    else:
        # A real outage: point the connection at a port where no server listens (and a
        # new pool at it, with a short wait, where PostgreSQL's connections are pooled).
        original = dict(connection.settings_dict)
        pooled = bool(original.get("OPTIONS", {}).get("pool"))
        connection.close()
        if pooled:
            connection.close_pool()
            connection.settings_dict["OPTIONS"] = {
                "pool": dict(original["OPTIONS"]["pool"], timeout=1, min_size=0)
            }
        connection.settings_dict["PORT"] = "1"
        connection.settings_dict["NAME"] = (
            "/nonexistent-directory/db.sqlite3"
            if (connection.vendor == "sqlite")
            else original["NAME"]
        )
        try:
            response = client.get("/healthz")
        finally:
            connection.close()
            if pooled:
                connection.close_pool()
            connection.settings_dict.clear()
            connection.settings_dict.update(original)
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unhealthy"
    assert body["checks"]["database"].startswith("error")
    assert body["checks"]["channel_layer"] == "ok"


@pytest.mark.django_db
def test_healthz_reports_a_broken_channel_layer_as_unhealthy(client):
    unreachable = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]},
        }
    }
    from channels.layers import channel_layers

    with override_settings(CHANNEL_LAYERS=unreachable):
        channel_layers.backends.clear()
        try:
            response = client.get("/healthz")
        finally:
            channel_layers.backends.clear()
    assert response.status_code == 503
    assert response.json()["checks"]["channel_layer"].startswith("error")
    assert response.json()["checks"]["database"] == "ok"
