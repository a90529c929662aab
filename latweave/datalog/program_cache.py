"""The parsed rules kept on disk: a Program read back instead of parsed again, keyed by what made it.

Parsing rules/*.dl with lark takes a tenth of a second or more, and importing lark most of
another: every process that opens an engine pays it — a `latweave add` (which keeps the SQLite
engine database up to date with the rules' strata: engines/sqlite_layers.py), a `latweave run`,
each CLI call. The parse is a pure function of the rule files' texts, the grammar and this
package's transformer, parser and IR (`_SOURCES`), so its result is kept in latweave's cache folder (`$LATWEAVE_CACHE`,
folder/store.py `cache_root`), never inside a lattice, as data (JSON, never pickle: reading the
cache runs no code), under the sha256 of those inputs (`key`). A file is used only when its name
and its recorded key are that key and the sha256 it records of its payload is the payload's; any
other file — truncated, edited, of another version — is ignored and the rules are parsed again.
Writing it is best effort and atomic (a temporary file renamed): a cache that cannot be written
only means parsing next time.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from pathlib import Path
from typing import Callable, Sequence

from latweave.datalog.ir import Arith, Atom, Column, Comparison, Const, Negation, Origin, Program, Relation, Rule, Var, Wildcard

#: Bumped when the encoding below changes (the key covers the parser's and the IR's source too).
CODEC = "latweave-program/1"

_HERE = Path(__file__).resolve().parent
#: The modules whose code makes the Program from a text: the transformer (syntax.py), the
#: assembly and checks (parser.py), the IR it builds (ir.py), and this codec.
_SOURCES = ("syntax.py", "parser.py", "ir.py", "program_cache.py")


def key(texts: Sequence[tuple[str, str]], grammar: str) -> str:
    """The sha256 naming a parse: of the codec, the grammar, the source of the modules that make
    and encode it (`_SOURCES`), and each rule file's name and text in reading order."""
    digest = hashlib.sha256(CODEC.encode())
    for part in (grammar, *((_HERE / name).read_text(encoding="utf-8") for name in _SOURCES)):
        digest.update(b"\0" + hashlib.sha256(part.encode()).digest())
    for name, text in texts:
        digest.update(b"\0" + name.encode() + b"\0" + hashlib.sha256(text.encode()).digest())
    return digest.hexdigest()


def cached(texts: Sequence[tuple[str, str]], grammar: str, parse: Callable[[], Program]) -> Program:
    """The program of these rule texts: read from the cache when a valid entry is there, else
    `parse()`d and the entry written."""
    from latweave.folder.store import cache_root

    name = key(texts, grammar)
    path = cache_root() / "rules" / f"{name}.json"
    program = _read(path, name)
    if program is None:
        program = parse()
        _write(path, name, program)
    return program


def _read(path: Path, name: str) -> Program | None:
    try:
        record = json.loads(path.read_bytes())
        payload = record["program"]
        if record.get("key") != name or record.get("sha256") != _digest(payload):
            return None
        return decode(payload)
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
        return None


def _write(path: Path, name: str, program: Program) -> None:
    payload = encode(program)
    text = json.dumps({"key": name, "sha256": _digest(payload), "program": payload}, separators=(",", ":"))
    tmp = path.with_name(f".{path.name}.tmp-{secrets.token_hex(6)}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):   # (where the folder cannot be made, neither can this)
            tmp.unlink(missing_ok=True)


def _digest(payload) -> str:
    return hashlib.sha256(json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()).hexdigest()


def encode(program: Program) -> dict:
    """The program as JSON values: relations and rules in their order (the rule numbering)."""
    return {"relations": [[r.name, [[c.name, c.type] for c in r.columns], r.is_input, r.is_output,
                           None if r.origin is None else [r.origin.file, r.origin.line]] for r in program.relations],
            "rules": [[_literal(r.head), [_literal(lit) for lit in r.body], [r.origin.file, r.origin.line]]
                      for r in program.rules]}


def decode(payload: dict) -> Program:
    """`encode`'s inverse (ValueError on a shape it never writes)."""
    relations = tuple(Relation(name, tuple(Column(*c) for c in cols), bool(i), bool(o),
                               None if origin is None else Origin(*origin))
                      for name, cols, i, o, origin in payload["relations"])
    rules = tuple(Rule(_atom(head), tuple(map(_unliteral, body)), Origin(*origin))
                  for head, body, origin in payload["rules"])
    return Program(relations, rules)


def _term(t) -> list:
    if isinstance(t, Var):
        return ["v", t.name]
    if isinstance(t, Wildcard):
        return ["_"]
    if isinstance(t, Const):
        return ["c", t.value]
    if isinstance(t, Arith):
        return ["a", t.op, _term(t.left), _term(t.right)]
    raise ValueError(f"a term the rules never hold: {t!r}")


def _unterm(t: list):
    tag = t[0]
    if tag == "v":
        return Var(t[1])
    if tag == "_":
        return Wildcard()
    if tag == "c":
        if not isinstance(t[1], (int, str)) or isinstance(t[1], bool):
            raise ValueError(f"a constant of another type: {t[1]!r}")
        return Const(t[1])
    if tag == "a":
        return Arith(t[1], _unterm(t[2]), _unterm(t[3]))
    raise ValueError(f"unknown term tag {tag!r}")


def _literal(lit) -> list:
    if isinstance(lit, Atom):
        return ["atom", lit.relation, [_term(a) for a in lit.args]]
    if isinstance(lit, Negation):
        return ["not", _literal(lit.atom)]
    if isinstance(lit, Comparison):
        return ["cmp", lit.op, _term(lit.left), _term(lit.right)]
    raise ValueError(f"a literal the rules never hold: {lit!r}")


def _atom(t: list) -> Atom:
    if t[0] != "atom":
        raise ValueError(f"not an atom: {t[0]!r}")
    return Atom(t[1], tuple(map(_unterm, t[2])))


def _unliteral(t: list):
    if t[0] == "not":
        return Negation(_atom(t[1]))
    if t[0] == "cmp":
        return Comparison(t[1], _unterm(t[2]), _unterm(t[3]))
    return _atom(t)
