"""docs/architecture.md: nothing in games/rules/ may import Django."""

import ast
from pathlib import Path

import games.rules

RULES_DIR = Path(games.rules.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_rules_engine_imports_nothing_from_django():
    files = sorted(RULES_DIR.glob("*.py"))
    assert len(files) >= 5
    for path in files:
        offenders = {m for m in imported_modules(path) if m.split(".")[0] in {"django", "channels"}}
        assert not offenders, f"{path.name} imports {offenders}"
