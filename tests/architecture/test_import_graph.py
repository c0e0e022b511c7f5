"""The code's structure, read from its imports (every import, also one inside a function):
no import circle anywhere in the site's packages (PACKAGES), no loop between packages
(accounts, challenge, common, xuezhan, and each part of games counted as one), nothing but
xuezhan itself imports the project package xuezhan, and the layers of games run one way,
each importing only those below it:

    rules ← words ← models ← play ← rooms ← table ← history ← rulebook ← entry points

(entry points: the URLs, the socket routing, the in-process loop, the admin, the
management commands, the app's start-up (games.apps, which hands games' functions to the
hooks of accounts and of play) and the pages' views of each package). See
docs/architecture.md."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Every top-level folder of the site's Python code; not the tests, the benchmarks, the
# tools, the harness that starts sites for them (tests/architecture/test_test_imports.py
# keeps the site from importing them) or manage.py, which may import anything.
PACKAGES = ("games", "accounts", "xuezhan", "challenge", "clubs", "tournaments", "common", "deploy")
NOT_THE_SITE = {"tests", "benchmarks", "tools", "harness"}

# The layers of games, lowest first: a module may import its own layer and those below.
LAYERS = [
    ("games.rules",),
    ("games.players",),  # the computer players, the coach, hints, review: above the engine
    ("games.words", "games.templatetags"),  # template tags, but table_tags: see below
    ("games.models",),
    ("games.play",),
    ("games.rooms",),
    ("games.table", "games.templatetags.table_tags"),
    ("games.history",),
    ("games.rulebook",),
    (
        "games.urls",
        "games.routing",
        "games.driver",
        "games.admin",
        "games.management",
        "games.apps",
        "games.table.views",
        "games.table.consumers",
        "games.table.lobby_socket",
        "games.rooms.views",
        "games.history.views",
        "games.rulebook.views",
    ),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    }


def import_graph() -> dict[str, set[str]]:
    """module -> the project's modules it imports (a name imported from a package counts
    as its module when it is one)."""
    modules = project_modules()

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imported = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported.update(filter(None, (known(alias.name) for alias in node.names)))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                for alias in node.names:
                    # The module named, else the module (or package) it comes from.
                    target = known(f"{base}.{alias.name}")
                    if target:
                        imported.add(target)
        imported.discard(name)
        graph[name] = imported
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def package_of(module: str) -> str:
    """The unit a loop between packages is counted in: a top-level package (accounts,
    challenge, common, xuezhan), and in games each of its sub-packages and modules
    (games.rules, games.table, games.driver …)."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "games" and len(parts) > 1 else parts[0]


def package_graph(graph: dict[str, set[str]]) -> dict[str, dict[str, list[str]]]:
    """package -> the packages it imports -> the imports between modules that make it."""
    packages: dict[str, dict[str, list[str]]] = {}
    for module, imported in graph.items():
        here = packages.setdefault(package_of(module), {})
        for target in imported:
            there = package_of(target)
            if there != package_of(module):
                here.setdefault(there, []).append(f"{module} -> {target}")
    return packages


def loops_between_packages(graph: dict[str, set[str]]) -> list[str]:
    """Each loop between packages, with the imports that close it, as text."""
    packages = package_graph(graph)
    found = []
    for group in circles({name: set(targets) for name, targets in packages.items()}):
        edges = [
            f"    {name} -> {there}: {', '.join(sorted(packages[name][there]))}"
            for name in group
            for there in sorted(packages[name])
            if there in group
        ]
        found.append(" <-> ".join(group) + "\n" + "\n".join(edges))
    return found


def layer_of(module: str) -> int | None:
    best = None
    for number, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[1]:
                    best = (number, len(prefix))
    return None if best is None else best[0]


def test_no_import_circle():
    assert circles(import_graph()) == []


def test_no_loop_between_packages():
    """Counting every import, also one inside a function: a package that imports another
    is never imported back by it, nor through others."""
    loops = loops_between_packages(import_graph())
    assert loops == [], "loops between packages:\n" + "\n".join(loops)


def test_nothing_imports_the_project_package():
    """xuezhan (settings, ASGI, URLs, the health page) sits on top: the apps and common
    never import it; what they need of it is below them or handed in."""
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in import_graph().items()
        if package_of(module) != "xuezhan"
        for target in targets
        if package_of(target) == "xuezhan"
    )
    assert upward == [], "imports of xuezhan:\n" + "\n".join(upward)


def test_common_and_accounts_stay_below_the_game():
    """common (counters, limits, names, health, drain) imports no app of the site, and
    accounts imports nothing of games, challenge or xuezhan: games fills accounts' hooks
    (accounts.hooks) from games.apps."""
    above = {
        "common": ("accounts", "games", "challenge", "clubs", "tournaments", "xuezhan"),
        "accounts": ("games", "challenge", "clubs", "tournaments", "xuezhan"),
    }
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in import_graph().items()
        for target in targets
        if package_of(target).split(".")[0] in above.get(package_of(module), ())
    )
    assert upward == [], "imports up from common or accounts:\n" + "\n".join(upward)


def test_every_package_of_the_site_is_checked():
    """A new top-level folder of Python code is checked too, unless it is not the site's."""
    folders = {
        folder.name
        for folder in ROOT.iterdir()
        if folder.is_dir()
        and not folder.name.startswith(".")
        and next(folder.rglob("*.py"), None) is not None
    }
    assert folders - NOT_THE_SITE == set(PACKAGES)


def test_the_layers_of_games_run_one_way():
    graph = import_graph()
    upward = []
    for module, imported in graph.items():
        here = layer_of(module)
        if here is None:
            continue
        for target in imported:
            there = layer_of(target)
            if there is not None and there > here:
                upward.append(f"{module} -> {target}")
    assert upward == []


def test_games_never_imports_the_challenge_the_clubs_or_the_tournaments():
    """The daily challenge, the sets of deals, the clubs and the tournaments are built on
    games (its tables, rounds and history), never the other way: games learns of them only
    through the hooks it offers (games.play.dealing.fixed_deal_sources,
    games.rooms.seating.seat_guards, games.play.broadcast.room_list_hooks,
    games.driver.periodic_hooks)."""
    graph = import_graph()
    upward = [
        (module, target)
        for module, targets in graph.items()
        if module.startswith("games")
        for target in targets
        if target.startswith(("challenge", "clubs", "tournaments"))
    ]
    assert upward == []


def test_every_module_of_games_has_a_layer():
    unplaced = [
        m for m in import_graph() if m.startswith("games.") and layer_of(m) is None and m != "games"
    ]
    assert unplaced == []


def test_no_module_over_500_lines():
    long = [
        f"{name} ({len(path.read_text().splitlines())})"
        for name, path in project_modules().items()
        if len(path.read_text().splitlines()) > 500
    ]
    assert long == []


def test_the_checks_find_a_circle_and_an_upward_import():
    """The checks above can fail: a made-up circle and a made-up upward import."""
    assert circles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]
    assert layer_of("games.rules.round.state") < layer_of("games.play.moves")
    assert layer_of("games.table.views") > layer_of("games.history.replay")
    made_up = {
        "games.table.views": {"games.driver"},
        "games.driver": {"games.table.parts"},
        "accounts.views": {"common.text"},
        "common.text": set(),
    }
    (loop,) = loops_between_packages(made_up)
    assert loop.startswith("games.driver <-> games.table")
    assert "games.driver -> games.table.parts" in loop
    assert package_of("games.rules.round.state") == "games.rules"
    assert package_of("games.driver") == "games.driver"
    assert package_of("accounts.views") == "accounts"
