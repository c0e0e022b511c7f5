"""Start the production layout on this machine: nginx in front of N daphne processes and
a worker, under supervisord, on PostgreSQL and Redis (`make prod`).

    .venv/bin/python deploy/prod.py [--web 2] [--listen 127.0.0.1:8080] [--run .prod]
                                    [--render-only]

DATABASE_URL and REDIS_URL default to the machine's own PostgreSQL (database
``xuezhan``, created if missing) and Redis (db 0). SECRET_KEY, if unset, is made once and
kept in ``<run>/secret_key``. Every other setting of xuezhan/settings.py passes through
from the environment. The configuration is written to ``<run>/`` from deploy/*.in;
``--render-only`` stops there (for a supervisor of your own, or a test).
"""

import argparse
import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

DEPLOY = Path(__file__).resolve().parent
ROOT = DEPLOY.parent
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/xuezhan"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
FIRST_WEB_PORT = 8101


def fill(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace("{{" + key + "}}", value)
    if "{{" in template:
        raise ValueError(
            "a placeholder was left unfilled: " + template[template.index("{{") :][:40]
        )
    return template


def web_ports(count: int, first: int = FIRST_WEB_PORT) -> list[int]:
    return [first + i for i in range(count)]


def render(
    run: Path,
    *,
    listen: str,
    ports: list[int],
    static_root: Path,
    environment: dict[str, str],
    python: str = sys.executable,
) -> None:
    """Write nginx.conf and supervisord.conf into ``run``."""
    run.mkdir(parents=True, exist_ok=True)
    for kind in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (run / "nginx-tmp" / kind).mkdir(parents=True, exist_ok=True)
    # max_fails=0: nginx never marks a process down. A killed or draining one refuses the
    # connection at once and the request goes to the next; with max_fails=1, a process
    # restarted after a kill could still count as down when the other one drained, and
    # nginx answered "no live upstreams" (bench_faults' kill-then-drain sequence).
    servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=0;" for port in ports)
    (run / "nginx.conf").write_text(
        fill(
            (DEPLOY / "nginx.conf.in").read_text(),
            {
                "run": str(run),
                "listen": listen,
                "servers": servers,
                "static_root": str(static_root),
            },
        )
    )
    env_line = ",".join(f'{key}="{value}"' for key, value in sorted(environment.items()))
    programs = "\n\n".join(
        f"""[program:web-{n}]
command={python} -m daphne --proxy-headers -b 127.0.0.1 -p {port} xuezhan.asgi:application
directory={ROOT}
environment={env_line}
autorestart=true
; SIGTERM drains: no new sockets, moves finished, sockets moved to the others.
stopsignal=TERM
stopwaitsecs=30
redirect_stderr=true
stdout_logfile={run}/web-{n}.log"""
        for n, port in enumerate(ports, start=1)
    )
    (run / "supervisord.conf").write_text(
        fill(
            (DEPLOY / "supervisord.conf.in").read_text(),
            {
                "run": str(run),
                "root": str(ROOT),
                "python": python,
                "environment": env_line,
                "web_programs": programs,
            },
        )
    )


def site_environment(run: Path, listen: str) -> dict[str, str]:
    """What every process of the site is started with, on top of the inherited
    environment."""
    host, _, port = listen.rpartition(":")
    key_file = run / "secret_key"
    if not os.environ.get("SECRET_KEY") and not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    origins = [f"http://{name}:{port}" for name in (host, "localhost", "127.0.0.1")]
    return {
        "DATABASE_URL": os.environ.get("DATABASE_URL", DEFAULT_DATABASE),
        "REDIS_URL": os.environ.get("REDIS_URL", DEFAULT_REDIS),
        "SECRET_KEY": os.environ.get("SECRET_KEY") or key_file.read_text().strip(),
        "ALLOWED_HOSTS": os.environ.get("ALLOWED_HOSTS", f"{host},localhost,127.0.0.1"),
        "CSRF_TRUSTED_ORIGINS": os.environ.get("CSRF_TRUSTED_ORIGINS", ",".join(origins)),
        "STATIC_COLLECTED": "1",
        "STATIC_ROOT": os.environ.get("STATIC_ROOT", str(run / "static")),
        # nginx overwrites X-Real-IP with the client's address: count limits by it.
        "RATELIMIT_IP_META_KEY": "HTTP_X_REAL_IP",
        # A process whose sockets the proxy moved away gives their deadlines up this fast.
        "TIMER_TAKEOVER_SECONDS": os.environ.get("TIMER_TAKEOVER_SECONDS", "1.5"),
    }


def ensure_database(url: str) -> None:
    """Create the database of ``url`` on its server if it is not there yet."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            return
        conn.execute(f'CREATE DATABASE "{name}"')


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--web", type=int, default=2, help="web processes (daphne)")
    parser.add_argument("--listen", default="127.0.0.1:8080", help="nginx's address")
    parser.add_argument("--run", default=str(ROOT / ".prod"), help="configuration and logs")
    parser.add_argument("--render-only", action="store_true")
    args = parser.parse_args(argv)
    run = Path(args.run).resolve()
    run.mkdir(parents=True, exist_ok=True)
    site = site_environment(run, args.listen)
    render(
        run,
        listen=args.listen,
        ports=web_ports(args.web),
        static_root=Path(site["STATIC_ROOT"]),
        environment=site,
    )
    print(f"configuration written to {run}")
    if args.render_only:
        return 0
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        print("nginx is not installed: apt-get install nginx-light", file=sys.stderr)
        return 1
    env = dict(os.environ, **site)
    ensure_database(site["DATABASE_URL"])
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "collectstatic", "--noinput", "-v0")
    supervisord = Path(sys.executable).with_name("supervisord")
    print(f"serving on http://{args.listen}/ (Ctrl-C stops every process)")
    os.execve(str(supervisord), [str(supervisord), "-c", str(run / "supervisord.conf")], env)


if __name__ == "__main__":
    sys.exit(main())
