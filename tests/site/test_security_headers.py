"""Production headers: a strict Content-Security-Policy on every page, no inline script,
and with HTTPS=1 a deployment that `manage.py check --deploy` passes."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.rooms.seating import create_room

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def test_every_page_carries_a_strict_content_security_policy(client):
    owner = User.objects.create_user("csp", password="x-long-password-1")
    room = create_room(owner=owner, name="t", options={})
    client.force_login(owner)
    for url in (reverse("home"), reverse("accounts:profile"), f"/t/{room.code}/", "/no/such/page/"):
        response = client.get(url)
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        html = response.content.decode()
        # No inline script: every <script> has a src on the site itself.
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert re.search(r'src="/static/', tag), tag
        assert not re.search(r"\son[a-z]+=", html)  # no inline event handlers


def test_with_https_the_deployment_check_passes():
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        DEBUG="0",
        HTTPS="1",
        ALLOWED_HOSTS="mahjong.example.org",
        SECRET_KEY="k" * 10 + "-a-long-and-random-enough-production-key-7Q2z9Xw",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_template_styles_an_element_inline():
    """The policy's style-src 'self' makes browsers drop every style="…" attribute: the
    scoreboard's colour key once showed as blank squares so. Styles live in the CSS files
    (SVG presentation attributes such as fill= are not styles and are allowed)."""
    inline = [
        f"{path.relative_to(ROOT)}: {line.strip()}"
        for path in (ROOT / "templates").rglob("*.html")
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(r"\sstyle=", line)
    ]
    assert inline == []
