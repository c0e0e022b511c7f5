"""The code's structure, read from its imports (every import, also one inside a function):
no import circle anywhere in games, accounts, xuezhan and challenge, and the layers of games
run one way, each importing only those below it:

    rules ← words ← models ← play ← rooms ← table ← history ← rulebook ← entry points

(entry points: the URLs, the socket routing, the in-process loop, the admin, the
management commands and the pages' views of each package). See docs/architecture.md."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "accounts", "xuezhan", "challenge")

# The layers of games, lowest first: a module may import its own layer and those below.
LAYERS = [
    ("games.rules",),
    ("games.players",),  # the computer players, the coach, hints, review: above the engine
    ("games.words", "games.templatetags"),  # template tags, but table_tags: see below
    ("games.models", "games.apps"),
    ("games.play",),
    ("games.rooms",),
    ("games.table", "games.templatetags.table_tags"),
    ("games.history",),
    ("games.rulebook",),
    ("games.urls", "games.routing", "games.driver", "games.admin", "games.management",
     "games.table.views", "games.table.consumers", "games.table.lobby_socket",
     "games.rooms.views", "games.history.views",
     "games.rulebook.views"),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {module_name(path): path for package in PACKAGES
            for path in (ROOT / package).rglob("*.py") if "migrations" not in path.parts}


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


def test_games_never_imports_the_challenge():
    """The daily challenge and the sets of deals are built on games (its tables, rounds and
    history), never the other way: games learns of them only through the hook it offers
    (games.play.dealing.fixed_deal_sources)."""
    graph = import_graph()
    upward = [(module, target) for module, targets in graph.items() if module.startswith("games")
              for target in targets if target.startswith("challenge")]
    assert upward == []


def test_every_module_of_games_has_a_layer():
    unplaced = [m for m in import_graph() if m.startswith("games.") and layer_of(m) is None
                and m != "games"]
    assert unplaced == []


def test_no_module_over_500_lines():
    long = [f"{name} ({len(path.read_text().splitlines())})"
            for name, path in project_modules().items()
            if len(path.read_text().splitlines()) > 500]
    assert long == []


def test_the_checks_find_a_circle_and_an_upward_import():
    """The checks above can fail: a made-up circle and a made-up upward import."""
    assert circles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]
    assert layer_of("games.rules.round.state") < layer_of("games.play.moves")
    assert layer_of("games.table.views") > layer_of("games.history.replay")
