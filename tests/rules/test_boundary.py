"""docs/architecture.md: the engine (games/rules/) and the computer players above it
(games/players/) are pure Python, and the engine knows nothing of its players. Every file of
both packages is read, sub-packages too, and every import counts, also one inside a function."""

import ast
from pathlib import Path

import games.players
import games.rules

RULES_DIR = Path(games.rules.__file__).parent
PLAYERS_DIR = Path(games.players.__file__).parent
ROOT = RULES_DIR.parents[1]
FRAMEWORKS = {"django", "channels"}


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, by its full name (relative imports resolved), and for
    ``from a import b`` also ``a.b``, which may be a module (``from games import players``)."""
    package = list(path.relative_to(ROOT).parent.parts)  # what ``from .`` names
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def python_files(directory: Path) -> list[Path]:
    return sorted(directory.rglob("*.py"))


def test_every_file_is_read_sub_packages_too():
    rules, players = python_files(RULES_DIR), python_files(PLAYERS_DIR)
    assert len(rules) >= 20 and len(players) >= 15
    assert RULES_DIR / "round" / "turn.py" in rules
    assert PLAYERS_DIR / "expert" / "player.py" in players


def test_the_engine_and_its_players_import_nothing_from_django():
    offenders = []
    for path in python_files(RULES_DIR) + python_files(PLAYERS_DIR):
        found = {m for m in imported_modules(path) if m.split(".")[0] in FRAMEWORKS}
        if found:
            offenders.append(f"{path.relative_to(ROOT)} imports {sorted(found)}")
    assert offenders == []


def test_the_engine_imports_nothing_of_its_players():
    offenders = []
    for path in python_files(RULES_DIR):
        found = {
            m
            for m in imported_modules(path)
            if m == "games.players" or m.startswith("games.players.")
        }
        if found:
            offenders.append(f"{path.relative_to(ROOT)} imports {sorted(found)}")
    assert offenders == []
