"""Settings for the 血战到底 site.

Everything that differs between a laptop and a deployment comes from the environment:
DATABASE_URL, REDIS_URL, SECRET_KEY, DEBUG, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS.
Unset, the site runs on a SQLite file and the in-memory channel layer.
"""

import os
import secrets
import warnings
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from xuezhan.pool_retry import reconnect_while_waited_for

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_flag("DEBUG", default=False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    # A fresh key per process keeps a forgotten setting from shipping a known key;
    # sessions then do not survive a restart, which is why production must set one.
    SECRET_KEY = "dev-" + secrets.token_urlsafe(50)
    if not DEBUG:
        warnings.warn(
            "SECRET_KEY is not set: using a random key; sessions end at every restart.",
            RuntimeWarning,
            stacklevel=1,
        )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # daphne first: it replaces runserver with an ASGI server that speaks WebSocket.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "accounts",
    "games",
    "challenge",
    "clubs",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "xuezhan.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Notes when each logged-in session was last used, and from which browser.
    "accounts.middleware.DeviceSessionMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "xuezhan.urls"
ASGI_APPLICATION = "xuezhan.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------
# SQLite by default: WAL lets readers work while one writer commits, IMMEDIATE takes the
# write lock at the start of every transaction (so two moves never deadlock on upgrade),
# and the timeout makes a second writer wait instead of failing at once.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}

# SQLite connections are kept open for good (CONN_MAX_AGE None): opening one and setting
# its pragmas cost more than a whole move. PostgreSQL goes through a pool instead
# (psycopg_pool): every request thread and every socket borrows a connection for one
# unit of work and gives it back, so page loads can wait for a connection but never run
# the server out of them ("too many clients"). DB_POOL_SIZE bounds it per process.
SQLITE_DEFAULTS = {"OPTIONS": SQLITE_OPTIONS, "CONN_MAX_AGE": None}
POSTGRES_POOL = {
    "min_size": 2,
    "max_size": int(os.environ.get("DB_POOL_SIZE", "16")),
    "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "20")),
    # After the database was away, psycopg_pool tries to reconnect with a backoff that
    # doubles up to this timeout (5 min by default): after a 25 s outage its next try
    # could come half a minute late, and the clicks held meanwhile (games.table.
    # reconnect) with it. Giving up after 2 s instead, the next request that needs a
    # connection (the reconnect probe asks every 0.5 s) starts a fresh try at once.
    "reconnect_timeout": 2.0,
    # ...and when it gives up while a request waits, it tries again at once, or that
    # request would wait out the whole timeout after the database is back.
    "reconnect_failed": reconnect_while_waited_for,
}

if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"])}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"].update(SQLITE_DEFAULTS, OPTIONS=dict(SQLITE_OPTIONS))
    else:
        DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps the connections
        DATABASES["default"]["OPTIONS"] = {"pool": dict(POSTGRES_POOL)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            **SQLITE_DEFAULTS,
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Channel layer --------------------------------------------------------------------
REDIS_READ_TIMEOUT_SECONDS = 30
if os.environ.get("REDIS_URL"):
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "xuezhan.channel_layer.ResilientRedisChannelLayer",
            # A consumer waits for its next message with a blocking pop that Redis ends
            # after 5 s (channels_redis' brpop_timeout). redis-py 8 also gives up on any
            # read after 5 s by default, so an idle socket could lose that race and crash
            # with "Timeout reading from Redis": the client waits longer than the server.
            "CONFIG": {
                "hosts": [
                    {
                        "address": os.environ["REDIS_URL"],
                        "socket_timeout": REDIS_READ_TIMEOUT_SECONDS,
                    }
                ],
                # Sites sharing one Redis (tests' sites beside each other) keep
                # their groups apart by it.
                "prefix": os.environ.get("CHANNEL_LAYER_PREFIX", "asgi"),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "xuezhan.channel_layer.InMemoryChannelLayer"}}

# --- Cache ----------------------------------------------------------------------------
# The throttles below count in the cache: Redis where there is one, so that every process
# counts together; otherwise the process's own memory, which is right for the one-process
# default (each process would count apart).
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            # Sites sharing one Redis (tests' sites beside each other) keep apart by it.
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "xuezhan"),
        }
    }
else:
    # Room for many counters: at the default 300, a flood of log-ins under made-up names
    # would push out the counts of the accounts actually attacked.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        }
    }

# --- Accounts -------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Log-in takes a user name in any case: names are unique regardless of case. The first
# backend alone tries passwords, one hash per log-in whatever the name; ModelBackend only
# keeps the sessions it logged in valid (accounts.backends).
AUTHENTICATION_BACKENDS = [
    "accounts.backends.NameInAnyCaseBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# Sessions live in the database (Django's default backend, not set here): the sessions
# page lists them (accounts.models.DeviceSession) and ends them.

# --- E-mail: password-reset links ------------------------------------------------------
# Printed on the console unless EMAIL_HOST names an SMTP server (then EMAIL_PORT,
# EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS; DEFAULT_FROM_EMAIL is the sender).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS", default=True)
    EMAIL_TIMEOUT = 20
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")

# --- Internationalisation -------------------------------------------------------------
LANGUAGE_CODE = "zh-hans"
LANGUAGES = [
    ("zh-hans", _("Simplified Chinese")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Asia/Shanghai"
USE_TZ = True

# --- Static files: served by the site itself (htmx included), no CDN -----------------
STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
# `make run` collects the files with compressed copies (STATIC_COLLECTED=1), which
# WhiteNoise sends to browsers that take them: a table's first load is a fraction of the
# bytes. Without a collect (tests, `make dev`) the files are served as they lie.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "xuezhan.static_storage.CommentlessCompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = not env_flag("STATIC_COLLECTED", default=False)
WHITENOISE_AUTOREFRESH = DEBUG

# --- Security -------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads no cookie; forms carry the token.
X_FRAME_OPTIONS = "DENY"
CSRF_FAILURE_VIEW = "xuezhan.errors.csrf_failure"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# HTTPS=1 where the site is served over HTTPS (behind a proxy that terminates TLS and
# sets X-Forwarded-Proto): cookies only over HTTPS, HTTP redirected, browsers told to
# come back over HTTPS only (HSTS).
HTTPS = env_flag("HTTPS", default=False)
if HTTPS and not DEBUG:
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    # The health check answers the load balancer over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# Content-Security-Policy (xuezhan.security): the site's own scripts, styles, pictures
# and sockets only; no inline script anywhere, no frames.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# --- Play -----------------------------------------------------------------------------
# The pause before a computer player moves, so that people can follow the table.
BOT_DELAY_SECONDS = float(os.environ.get("BOT_DELAY", "0.6"))
# Every discard (and added kong) stays on offer at least this long, for everyone alike,
# whether or not somebody may claim it: a pause only when somebody could claim would tell
# the table about their hidden tiles (games.play.offers). Computer claimants answer within it.
# The table spends it on motion (the tile slides into its river and rests there glowing).
# 0.5 s keeps a round of one person and three computers under a minute; 1.0 s makes it
# about 83 s (benchmarks/bench_pace.py measures it).
OFFER_PAUSE_SECONDS = float(os.environ.get("OFFER_PAUSE", "0.5"))
# Rooms with the secret claim window (option claim_window = "secret"): every discard is on
# offer this long, and a person asked answers within it or passes (games.play.offers).
SECRET_CLAIM_SECONDS = float(os.environ.get("SECRET_CLAIM_SECONDS", "3.0"))
# After every win that the round goes on from (血战到底), the table holds the win's moment
# this long before the next draw, for everyone alike: the winner's hand laid down and the
# win said large (games.play.offers). Computers and clocks wait for it too.
WIN_PAUSE_SECONDS = float(os.environ.get("WIN_PAUSE", "2.5"))
# How long a player may be disconnected before the seat plays itself (托管).
DISCONNECT_GRACE_SECONDS = float(os.environ.get("DISCONNECT_GRACE", "5"))
# The pause between two rounds that computer players play by themselves.
NEXT_ROUND_PAUSE = float(os.environ.get("NEXT_ROUND_PAUSE", "3"))
# Timers and computer players run inside the web process too (the one-process default);
# `manage.py run_worker` runs the same loop apart. Both may run together.
IN_PROCESS_DRIVER = env_flag("IN_PROCESS_DRIVER", default=True)
# Several processes (a deployment with Redis): the process holding a room's sockets (the
# proxy pins each room to one) applies its due steps and renders them from memory; any
# other process, and the worker, takes a due step over only once it is this late (the
# holder died or is draining). One process alone takes every step at once.
TIMER_TAKEOVER_SECONDS = float(
    os.environ.get("TIMER_TAKEOVER_SECONDS", "1.5" if os.environ.get("REDIS_URL") else "0")
)
# Draining (SIGTERM to a daphne process, games.table.drain): how long /healthz says
# "draining" before the open sockets are asked to reconnect, so that the proxy has taken
# the process out of its rotation by then (its check interval), and how long the drain
# waits at most for moves being applied.
DRAIN_NOTICE_SECONDS = float(os.environ.get("DRAIN_NOTICE_SECONDS", "0"))
DRAIN_MOVES_SECONDS = float(os.environ.get("DRAIN_MOVES_SECONDS", "10"))
# How often an open table socket tells the server its player is still there.
PRESENCE_SECONDS = float(os.environ.get("PRESENCE_SECONDS", "5"))
# Rounds per page of a player's history.
HISTORY_PAGE_SIZE = int(os.environ.get("HISTORY_PAGE_SIZE", "20"))

# --- Limits (common.limits): what one person or one address may use ------------------
# Rates are "count/period" (s, m, h, d; "15m" is fifteen minutes), counted in the cache.
# Only failed log-ins count: after too many for one account (any address) or from one
# address (any account), log-in is refused until the period ends.
LOGIN_FAILURES_PER_ACCOUNT = os.environ.get("LOGIN_FAILURES_PER_ACCOUNT", "10/15m")
LOGIN_FAILURES_PER_ADDRESS = os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "30/15m")
# Accounts created from one address.
SIGNUPS_PER_ADDRESS = os.environ.get("SIGNUPS_PER_ADDRESS", "5/h")
# Keeping an account (accounts.keeping_limits): password-reset requests per address;
# e-mails to one address (reset links and address confirmations together), whether an
# account has it or not; confirmation e-mails a person asks for; wrong passwords typed
# to confirm the e-mail address, deleting the account or changing the password, per
# person; "log out
# everywhere else", per person.
PASSWORD_RESETS_PER_ADDRESS = os.environ.get("PASSWORD_RESETS_PER_ADDRESS", "10/h")
MAILS_PER_EMAIL = os.environ.get("MAILS_PER_EMAIL", "5/h")
EMAIL_CONFIRMATIONS_PER_USER = os.environ.get("EMAIL_CONFIRMATIONS_PER_USER", "5/h")
PASSWORD_CONFIRM_FAILURES_PER_USER = os.environ.get("PASSWORD_CONFIRM_FAILURES_PER_USER", "5/15m")
SESSION_ENDINGS_PER_USER = os.environ.get("SESSION_ENDINGS_PER_USER", "10/h")
# The address of a request is REMOTE_ADDR (an IPv6 address counts by its /64), of a
# socket the peer daphne saw. Behind a reverse proxy both are the proxy's own: set
# RATELIMIT_IP_META_KEY to the header the proxy sets itself (e.g. HTTP_X_REAL_IP, one it
# overwrites: never a raw X-Forwarded-For, which any client can write), and run daphne
# with --proxy-headers only behind a proxy that overwrites X-Forwarded-For.
if os.environ.get("RATELIMIT_IP_META_KEY"):
    RATELIMIT_IP_META_KEY = os.environ["RATELIMIT_IP_META_KEY"]
# Rooms one person may have opened that wait for players (before their first round or
# between two), seated there or not (one they left with nobody seated closes when they
# open another).
OPEN_ROOMS_PER_USER = int(os.environ.get("OPEN_ROOMS_PER_USER", "3"))
# Sockets open at once, counted by each process for itself: table sockets and lobby
# sockets per person, lobby sockets per address for visitors who have not logged in. One
# more closes the oldest of that person (or address): the newest wins.
TABLE_SOCKETS_PER_USER = int(os.environ.get("TABLE_SOCKETS_PER_USER", "8"))
LOBBY_SOCKETS_PER_USER = int(os.environ.get("LOBBY_SOCKETS_PER_USER", "8"))
ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS = int(
    os.environ.get("ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS", "20")
)
# Quick phrases at the table (games.table.phrases), per person: at least this many seconds
# between two, and at most this many in any minute.
PHRASE_INTERVAL_SECONDS = float(os.environ.get("PHRASE_INTERVAL_SECONDS", "3"))
PHRASES_PER_MINUTE = int(os.environ.get("PHRASES_PER_MINUTE", "10"))
# Tournaments (tournaments.clock): seconds a player waits for a table of people before
# computers fill it (a small field); the browser tests' site waits less.
TOURNAMENT_FILL_SECONDS = float(os.environ.get("TOURNAMENT_FILL_SECONDS", "30"))
# Seconds a tournament table shows a round's settlement before it moves on (the next
# round of its stage dealt, or its players back to the tournament's page for their next
# table): long enough to read who won and what was paid.
TOURNAMENT_SETTLEMENT_SECONDS = float(os.environ.get("TOURNAMENT_SETTLEMENT_SECONDS", "8"))
# Seconds a player seated at a new tournament table has to get there (the table's page and
# its socket: up to 8 s when a whole field is seated at once, benchmarks/bench_arena)
# before the absence's grace starts to count: until then their decisions stay theirs.
TOURNAMENT_ARRIVAL_SECONDS = float(os.environ.get("TOURNAMENT_ARRIVAL_SECONDS", "10"))
# A tournament table's watchers see it this many moves late (games.table.delayed): about
# two turns of the table, discards and claims, so a call is long made when it is seen.
TOURNAMENT_WATCH_DELAY_MOVES = 8

# Clubs (clubs.club_limits), per person: admin actions (invitations, approvals, removals,
# tables, the club's settings), and joining or making a club.
CLUB_ADMIN_ACTIONS_PER_USER = os.environ.get("CLUB_ADMIN_ACTIONS_PER_USER", "60/10m")
CLUB_JOINS_PER_USER = os.environ.get("CLUB_JOINS_PER_USER", "20/h")
