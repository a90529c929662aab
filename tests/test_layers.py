"""Every import in `latweave/` points down the layers (or sideways within one), and the packages
form no cycle.

The layers, lowest first — a module may import its own layer and the ones below, never above:

    0  errors, paths, reasons, textio, terminal,    vocabulary and plumbing
       collector
    1  lattice, folder                              the knowledge lattice; its folder on disk
    2  legitimacy, plan, datalog                    checks on a lattice; the plan language; the rules' IR
    3  compile, llm                                 lattice + plans → facts; the model client
    4  engines                                      Datalog IR → a dialect, run
    5  proof                                        the typed proof model, decoding, the auditor
    6  result, result_file                          one result type and its files
    7  execute, prepared, ranking                   compile, evaluate, decode; a template's questions
                                                    along a prepared path; order inside an answer set
    8  ingest                                       sources → lattices (corpora, KBs, LLM extraction)
    9  planner                                      questions → plans
    10 eval, ask, verify                            benchmarks; question → result; claim → verdicts
    11 api                                          the Python API
    12 cli, repl                                    the terminal front ends
    13 latweave (the package itself: lazy re-exports of the API)

Imports inside functions and under `if TYPE_CHECKING:` count as well: a lazy import is still an
arrow. The auditor (`proof.audit`) also stays independent of what it checks: it may not import
the compiler, the engines or the proof extractor.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from pathlib import Path

import latweave
import pytest

PACKAGE = Path(latweave.__file__).resolve().parent

LAYERS: dict[str, int] = {
    "errors": 0, "outcomes": 0, "paths": 0, "reasons": 0, "textio": 0, "child": 0, "terminal": 0, "output": 0, "owned_file": 0,
    "write_failure": 0, "collector": 0,
    "lattice": 1, "folder": 1,
    "legitimacy": 2, "plan": 2, "datalog": 2,
    "compile": 3, "llm": 3,
    "engines": 4,
    "proof": 5,
    "result": 6, "result_file": 6, "explain_export": 6,
    "execute": 7, "prepared": 7, "ranking": 7,
    "ingest": 8,
    "planner": 9,
    "eval": 10, "ask": 10, "verify": 10, "suggest": 10,
    "api": 11,
    "cli": 12, "repl": 12, "repl_editing": 12, "serve": 12,
    "repl_history": 12,
    "": 13,
}

#: What the independent checker may never import (it would share the bugs it should catch).
AUDIT_FORBIDDEN = ("latweave.compile", "latweave.engines", "latweave.datalog", "latweave.execute",
                   "latweave.proof.extract", "latweave.proof.contested")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[str, int]]:
    """(imported latweave module, line) for every import statement in the file, at any depth."""
    return _imports_of(path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py")


@functools.lru_cache(maxsize=None)
def _parsed(text: str) -> ast.Module:
    """A source's tree, parsed once per test process (several tests here walk every module:
    parsing the package took ~3 s a test). The trees are only read."""
    return ast.parse(text)


def _imports_of(text: str, name: str, is_package: bool) -> list[tuple[str, int]]:
    package = name if is_package else name.rpartition(".")[0]
    found = []
    for node in ast.walk(_parsed(text)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            targets = [target]
            if not node.module or target == "latweave":  # `from latweave import x`: x may be a module
                targets = [f"{target}.{alias.name}" for alias in node.names]
            found += [(t, node.lineno) for t in targets if t == "latweave" or t.startswith("latweave.")]
        elif isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names if a.name.startswith("latweave")]
    return found


def _part(module: str) -> str:
    """The layer key of a module: its first component under latweave ('' for the package)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _layer(module: str) -> int:
    part = _part(module)
    if part in LAYERS:
        return LAYERS[part]
    if (PACKAGE / part).is_dir() or (PACKAGE / f"{part}.py").is_file():
        raise AssertionError(f"latweave.{part} has no layer: add it to LAYERS in {__file__}")
    return -1  # not a latweave module (e.g. `from latweave import __version__`)


def _edges() -> list[tuple[str, str, int, Path]]:
    edges = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "_data" in path.relative_to(PACKAGE).parts:
            continue
        source = _module_name(path)
        for target, line in _imports(path):
            edges.append((source, target, line, path))
    return edges


def test_every_module_has_a_layer():
    for path in sorted(PACKAGE.rglob("*.py")):
        if "_data" not in path.relative_to(PACKAGE).parts:
            assert _layer(_module_name(path)) >= 0


@pytest.mark.slow
def test_every_import_points_down():
    upward = [f"{path.relative_to(PACKAGE.parent)}:{line}: {source} (layer {_layer(source)}) imports "
              f"{target} (layer {_layer(target)})"
              for source, target, line, path in _edges()
              if _layer(target) > _layer(source)]
    assert not upward, "imports that point up the layers:\n" + "\n".join(upward)


@pytest.mark.slow
def test_no_cycle_between_packages():
    graph: dict[str, set[str]] = defaultdict(set)
    for source, target, _, _ in _edges():
        a, b = _part(source), _part(target)
        if a != b and _layer(target) >= 0:
            graph[a].add(b)
    state: dict[str, int] = {}
    cycle: list[str] = []

    def visit(node: str, stack: list[str]) -> bool:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle.extend(stack[stack.index(nxt):] + [node, nxt] if nxt in stack else [node, nxt])
                return True
            if nxt not in state and visit(nxt, stack + [node]):
                return True
        state[node] = 2
        return False

    for node in sorted(graph):
        if node not in state and visit(node, []):
            break
    assert not cycle, f"a cycle between packages: {' -> '.join(cycle)}"


@pytest.mark.slow
def test_the_auditor_does_not_import_what_it_checks():
    shared = [f"{path.relative_to(PACKAGE.parent)}:{line}: imports {target}"
              for source, target, line, path in _edges()
              if source.startswith("latweave.proof.audit")
              and any(target == f or target.startswith(f + ".") for f in AUDIT_FORBIDDEN)]
    assert not shared, "the auditor shares machinery with what it checks:\n" + "\n".join(shared)


def test_the_scan_sees_lazy_typing_and_relative_imports():
    """So that the tests above cannot pass by not seeing an import."""
    text = ("from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from latweave.eval.datasets import Example\n"
            "def f():\n    import latweave.engines.base\n"
            "from ..proof import model\n"
            "from latweave import api\n")
    found = sorted(_imports_of(text, "latweave.planner.offline", False), key=lambda f: f[1])
    assert found == [("latweave.eval.datasets", 3), ("latweave.engines.base", 5), ("latweave.proof", 6),
                     ("latweave.api", 7)]
    upward = sorted(t for t, _ in found if _layer(t) > _layer("latweave.planner.offline"))
    assert upward == ["latweave.api", "latweave.eval.datasets"]
    assert _layer("latweave.cli") > _layer("latweave.lattice.model") > _layer("latweave.errors")


def _module_graph(prefixes: tuple[str, ...]) -> dict[str, set[str]]:
    """Module → the modules it imports, among the modules under `prefixes` (a package's own
    `__init__` re-exports left out: importing a package runs it, and it imports its modules)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for source, target, _, path in _edges():
        if path.name == "__init__.py" or not source.startswith(prefixes) or not target.startswith(prefixes):
            continue
        if (PACKAGE.parent / (target.replace(".", "/") + ".py")).is_file():
            graph[source].add(target)
    return graph


def test_ingest_and_the_folder_form_no_cycle_of_modules():
    """The readers sit below the writer, the writer below the changes that use it: no module of
    ingest/ or folder/ reaches itself through its imports (lazy ones included)."""
    graph = _module_graph(("latweave.ingest", "latweave.folder"))

    def reaches(start: str) -> bool:
        return _reaches(graph, start)

    assert graph, "the scan found no import inside ingest/ and folder/"
    cyclic = sorted(m for m in graph if reaches(m))
    assert not cyclic, f"modules on an import cycle: {cyclic}"


def _calls(name: str) -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = _parsed(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                called = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
                if called == name:
                    found.append(str(path.relative_to(PACKAGE)))
    return sorted(set(found))


def test_one_writer_writes_a_lattice_folder():
    """The atomic write of a lattice folder is called from the one writer (ingest/write.py) and,
    for a bare model without facts, from the store itself — never from a reader."""
    assert _calls("write_folder") == ["folder/store.py", "ingest/write.py"]
    assert _calls("save_layers") == ["ingest/living.py", "ingest/write.py"]


def test_only_folder_names_spells_a_file_name_of_the_format():
    """Every file name of the lattice and corpus formats is spelled once, in folder/names.py: a
    string literal anywhere else that is one of them (docstrings and messages aside) fails."""
    from latweave.folder import names

    spelled = {value for key, value in vars(names).items()
               if key.isupper() and isinstance(value, str) and "." in value}
    assert {"manifest.json", "instances.jsonl", "engine/sqlite.db", "hierarchy.tsv"} <= spelled
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if "_data" in rel.parts or rel == Path("folder/names.py"):
            continue
        tree = _parsed(path.read_text(encoding="utf-8"))
        docstrings = {id(node.value) for node in ast.walk(tree)
                      if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
        in_fstring = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}
        found += [f"{rel}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and node.value in spelled
                  and id(node) not in docstrings and id(node) not in in_fstring]
    assert not found, "file names spelled outside folder/names.py:\n" + "\n".join(found)


def test_the_engines_form_no_cycle_of_modules_and_the_stored_format_imports_no_engine():
    """No module of engines/ reaches itself through its imports (lazy ones included), and the
    SQLite engine database's format (sqlite_store.py) imports no engine: the session reads and
    writes the file through it, never the reverse."""
    graph = _module_graph(("latweave.engines",))
    assert graph["latweave.engines.sqlite_engine"], "the scan found no import inside engines/"
    cyclic = sorted(m for m in graph if _reaches(graph, m))
    assert not cyclic, f"modules on an import cycle: {cyclic}"
    # the dialect's table names; the plan and index types, for typing only; the per-process cache
    # of what is worked out from a program (no engine)
    assert sorted(graph["latweave.engines.sqlite_store"]) == [
        "latweave.engines.dialects.sql", "latweave.engines.dialects.sqlite", "latweave.engines.per_program",
        "latweave.engines.seminaive"]


def _reaches(graph: dict[str, set[str]], start: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt == start:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False
