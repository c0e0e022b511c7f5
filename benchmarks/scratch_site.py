"""Django for an in-process benchmark: its own SQLite file in ``folder``, the in-memory
channel layer, no timer loop of its own (the benchmark drives what it measures), and the
settings the benchmark needs changed; migrated and ready."""

import os


def setup_django(folder: str, **settings_changes) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "xuezhan.settings")
    os.environ["SQLITE_PATH"] = os.path.join(folder, "bench.sqlite3")
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    import warnings

    warnings.filterwarnings("ignore", message="SECRET_KEY is not set")
    warnings.filterwarnings("ignore", message="No directory at")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.IN_PROCESS_DRIVER = False
    for name, value in settings_changes.items():
        setattr(settings, name, value)
    call_command("migrate", verbosity=0)
