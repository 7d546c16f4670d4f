"""The computer players' imports (issue 37): building one player loads only what it plays
with, and no module of ``truf_tui.ai`` imports, however late, one that imports it back."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import truf_tui.ai

AI = Path(truf_tui.ai.__file__).parent
# the expert's modules and the solved strategy's, and the offline solver
EXPERT_STACK = ("expert", "exploit", "solved", "habits", "threshold")


def test_an_easy_truc_bot_loads_none_of_the_experts_modules() -> None:
    code = (
        "import sys\n"
        "from truf_tui.ai import make_bot\n"
        "from truf_tui.engine import truc\n"
        "s = truc.new_game(seed=1)\n"
        "make_bot('truc', 'easy', seed=1).choose(s.observation(s.to_move))\n"
        f"stack = {EXPERT_STACK!r}\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('truf_tui.') and any(\n"
        "    part.startswith(stack) or part == 'solve' for part in m.split('.')[1:])))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == []


def _module(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _under_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, package: str, modules: set[str]) -> set[str]:
    """The package's ``modules`` that ``tree`` imports when it runs, at load time or inside
    a function (imports under ``if TYPE_CHECKING:`` never run): ``from P import name`` is
    the module ``P.name`` where there is one, else ``P``."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _under_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for a in node.names:
                if f"{base}.{a.name}" in modules:
                    out.add(f"{base}.{a.name}")
                elif base in modules:
                    out.add(base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the package at ``root`` it imports."""
    files = {_module(p, root): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        graph[name] = _imports(ast.parse(path.read_text()), package, set(files)) - {name}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (its modules in import order, the first repeated at the end),
    or None."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def walk(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state and (found := walk(n)) is not None:
                return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := walk(m)) is not None:
            return found
    return None


def test_no_module_of_the_computer_players_imports_one_that_imports_it_back() -> None:
    graph = import_graph(AI)
    assert "truf_tui.ai.expert" in graph and "truf_tui.ai.truc_ai" in graph
    assert cycle(graph) is None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
