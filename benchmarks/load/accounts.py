"""The simulated people's accounts and logged-in sessions, written straight into the
site's database by a script run in the site's environment (one precomputed password
hash: the slow hash is not what the benchmark measures)."""

PASSWORD = "load-bench-pass-phrase-9"

CREATE_PEOPLE = """
import json, sys
import django
django.setup()
from importlib import import_module
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password

count, prefix, password = int(sys.argv[1]), sys.argv[2], sys.argv[3]
User = get_user_model()
hashed = make_password(password)  # once: the slow hash is not what this measures
names = [f"{prefix}{i:04d}" for i in range(count)]
User.objects.bulk_create([User(username=name, password=hashed) for name in names])
users = {u.username: u for u in User.objects.filter(username__in=names)}
Store = import_module(settings.SESSION_ENGINE).SessionStore
keys = []
for name in names:
    user = users[name]
    session = Store()
    session["_auth_user_id"] = user._meta.pk.value_to_string(user)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.create()
    keys.append(session.session_key)
print(json.dumps({"session_cookie": settings.SESSION_COOKIE_NAME,
                  "language_cookie": settings.LANGUAGE_COOKIE_NAME, "keys": keys}))
"""
