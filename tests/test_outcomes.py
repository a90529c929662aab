"""The one table (latweave/outcomes.py) from which the CLI's exit codes and the server's HTTP
statuses both come: every error class errors.py defines has its own row, every LatweaveError
subclass anywhere in the package resolves to one, and the command line and the server answer each
class exactly as the table says."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import latweave
from latweave import errors
from latweave.errors import EXIT_ABSTAIN, EXIT_OK, LatweaveError
from latweave.outcomes import OUTCOMES, exit_code, http_status, outcome


def every_error_class() -> list[type]:
    """Every LatweaveError subclass the package defines (modules needing an absent extra skipped)."""
    for info in pkgutil.walk_packages(latweave.__path__, "latweave."):
        try:
            importlib.import_module(info.name)
        except Exception:   # noqa: BLE001 - an optional dependency (pyspark, starlette) not installed here
            continue
    found, todo = set(), [LatweaveError]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub.__module__.startswith("latweave") and sub not in found:
                found.add(sub)
                todo.append(sub)
    return sorted(found | {LatweaveError}, key=lambda c: (c.__module__, c.__name__))


def an_instance(cls):
    """An instance of `cls`, whatever its constructor's keywords."""
    if cls.__name__ == "NotLive":
        class Report:
            live_blockers = ["species"]

            def to_dict(self):
                return {}

        return cls(Report())
    if cls.__name__ == "CorpusProblems":
        return cls([errors.CorpusError("one", file="f", line=1), errors.CorpusError("two", file="f", line=2)])
    params = inspect.signature(cls.__init__).parameters
    kwargs = {name: "x" for name in ("file", "path") if name in params}
    return cls("a message", **kwargs)


def test_every_class_of_errors_py_has_its_own_row():
    own = {cls for _, cls in inspect.getmembers(errors, inspect.isclass)
           if issubclass(cls, LatweaveError) and cls.__module__ == errors.__name__}
    assert own == {row.error for row in OUTCOMES}
    assert len(OUTCOMES) == len({row.error for row in OUTCOMES})


@pytest.mark.parametrize("cls", every_error_class(), ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_error_class_resolves_and_the_cli_exits_with_its_code(cls, capsys, monkeypatch):
    row = outcome(cls)
    assert issubclass(cls, row.error)
    assert row.exit not in (EXIT_OK, EXIT_ABSTAIN) and 400 <= row.http <= 599
    exc = an_instance(cls)
    assert (exit_code(exc), http_status(exc)) == (row.exit, row.http)

    import latweave.cli as cli

    def fails(args):
        raise exc

    monkeypatch.setattr(cli, "cmd_engines", fails)
    assert cli.main(["engines", "--json"]) == row.exit
    printed = capsys.readouterr().out
    pytest.importorskip("starlette")
    from latweave.serve.routes import error_response

    response = error_response(exc)
    assert response.status_code == row.http
    assert response.body.decode("utf-8") == printed   # the same JSON, byte for byte


def test_docs_serve_md_shows_the_table_as_it_is():
    from latweave.paths import RULES

    text = (RULES.parent / "docs" / "serve.md").read_text(encoding="utf-8")
    for row in OUTCOMES:
        assert f"| `{row.error.__name__}` | {row.exit} | {row.http} | {row.why} |" in text
