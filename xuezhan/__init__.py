"""The Django project, on top of everything: settings, the ASGI entry point, the URLs, the
health page, the error pages, the channel layers, the connection pool's retry, the web
app's manifest, the headers, the static files' storage.

May import: every app and common. Nothing of the site imports it (only manage.py, the
tests and the benchmarks): what the apps need lives in common or is handed in.
"""
