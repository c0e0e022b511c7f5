"""Who may import the tests, the benchmarks and the harness (every import, also one inside
a function):

- no module imports a test module (``tests/**/test_*.py``): what tests share lives in
  helper modules (tests/table/sockets.py, tests/rules/states.py, …) or conftest fixtures;
- benchmarks, tools and the harness import nothing from tests;
- the harness imports nothing from benchmarks or tools (they stand on it);
- tests import a benchmark only to test it: from tests/benchmarks/, or the deployment's
  fault tests running the fault benchmark;
- the site (games, accounts, challenge, xuezhan) imports none of tests, benchmarks, tools
  and harness."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ("games", "accounts", "challenge", "clubs", "tournaments", "xuezhan")
OUTSIDE_THE_SITE = ("tests", "benchmarks", "tools", "harness")
# A test that runs a benchmark it does not test: the fault tests drive the fault benchmark.
RUNS_A_BENCHMARK = {"tests.deploy.faults": {"benchmarks.bench_faults"}}


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path) -> dict[str, Path]:
    return {
        module_name(root, path): path
        for top in (*SITE, *OUTSIDE_THE_SITE)
        if (root / top).is_dir()
        for path in (root / top).rglob("*.py")
        if "migrations" not in path.parts
    }


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules ``path`` imports: a name imported from a package counts as its module
    when it is one (``from tests.rules import test_x``); relative imports resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            named = {f"{base}.{alias.name}" for alias in node.names}
            found |= named & known.keys()
            if named - known.keys():  # a name defined in ``base`` itself
                found.add(base)
    return found


def is_test_module(name: str) -> bool:
    return name.startswith("tests.") and name.rpartition(".")[2].startswith("test_")


def top(name: str) -> str:
    return name.partition(".")[0]


def problems(root: Path) -> list[str]:
    known = modules(root)
    found = []
    for name, path in sorted(known.items()):
        for imported in sorted(imports_of(name, path, known)):
            where = top(imported)
            if where not in (*SITE, *OUTSIDE_THE_SITE):
                continue
            if is_test_module(imported) and imported != name:
                found.append(f"{name} imports the test module {imported}")
            elif top(name) in ("benchmarks", "tools", "harness") and where == "tests":
                found.append(f"{name} imports {imported} from the tests")
            elif top(name) == "harness" and where in ("benchmarks", "tools"):
                found.append(f"{name} (the harness) imports {imported}")
            elif (
                top(name) == "tests"
                and where == "benchmarks"
                and not name.startswith("tests.benchmarks.")
                and not any(
                    imported == b or imported.startswith(b + ".")
                    for b in RUNS_A_BENCHMARK.get(name, ())
                )
            ):
                found.append(f"{name} imports the benchmark {imported} it does not test")
            elif top(name) in SITE and where in OUTSIDE_THE_SITE:
                found.append(f"{name} (the site) imports {imported}")
    return found


def test_tests_benchmarks_tools_and_the_harness_import_one_way():
    assert problems(ROOT) == []


def test_the_check_sees_each_kind_of_wrong_import(tmp_path):
    files = {
        "tests/__init__.py": "",
        "tests/table/__init__.py": "",
        "tests/table/test_a.py": "def helper(): ...\n",
        "tests/table/test_b.py": "def test_b():\n    from tests.table.test_a import helper\n",
        "tests/table/test_c.py": "from tests.table import test_a\n",
        "tests/table/test_d.py": "from .test_a import helper\n",
        "tests/table/test_e.py": "from benchmarks import bench_x\n",
        "tests/table/sockets.py": "from tests.table.test_a import helper\n",
        "tests/benchmarks/__init__.py": "",
        "tests/benchmarks/test_bench_x.py": "from benchmarks import bench_x\n",
        "benchmarks/__init__.py": "",
        "benchmarks/bench_x.py": "import tests.table.sockets\n",
        "tools/shot.py": "from tests.table.sockets import connect\n",
        "harness/__init__.py": "",
        "harness/site.py": "from benchmarks.bench_x import run\n",
        "games/__init__.py": "",
        "games/views.py": "def view():\n    from harness.site import Site\n",
        "accounts/__init__.py": "",
        "accounts/models.py": "import benchmarks\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert problems(tmp_path) == [
        "accounts.models (the site) imports benchmarks",
        "benchmarks.bench_x imports tests.table.sockets from the tests",
        "games.views (the site) imports harness.site",
        "harness.site (the harness) imports benchmarks.bench_x",
        "tests.table.sockets imports the test module tests.table.test_a",
        "tests.table.test_b imports the test module tests.table.test_a",
        "tests.table.test_c imports the test module tests.table.test_a",
        "tests.table.test_d imports the test module tests.table.test_a",
        "tests.table.test_e imports the benchmark benchmarks.bench_x it does not test",
        "tools.shot imports tests.table.sockets from the tests",
    ]
