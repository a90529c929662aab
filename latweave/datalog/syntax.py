"""The rules' concrete syntax: grammars/datalog.lark parsed by lark, the tree turned into the IR's
items (datalog/parser.py assembles and validates them). Kept apart so that reading the rules back
from latweave's cache (datalog/program_cache.py) imports no lark."""

from __future__ import annotations

from functools import lru_cache

from lark import Lark, Transformer, v_args
from lark.exceptions import UnexpectedInput

from latweave.datalog.ir import Arith, Atom, Column, Comparison, Const, Negation, Origin, Rule, Var, Wildcard
from latweave.errors import RuleError
from latweave.paths import GRAMMARS


@lru_cache(maxsize=1)
def _parser() -> Lark:
    # cache=True: Lark keeps the built LALR tables in a file of its own in the temporary folder,
    # keyed by the grammar and the options: reading them back is far cheaper than building them
    # (see docs/performance.md)
    return Lark(
        (GRAMMARS / "datalog.lark").read_text(encoding="utf-8"),
        parser="lalr", propagate_positions=True, maybe_placeholders=True, cache=True,
    )


class _ToIR(Transformer):
    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def _origin(self, meta) -> Origin:
        return Origin(self.file, getattr(meta, "line", 0))

    def start(self, items):
        return items

    @v_args(meta=True)
    def decl(self, meta, children):
        name, *cols = children
        return ("decl", str(name), tuple(c for c in cols if c is not None), self._origin(meta))

    def column(self, children):
        return Column(str(children[0]), str(children[1]))

    @v_args(meta=True)
    def input(self, meta, children):
        return ("input", str(children[0]), self._origin(meta))

    @v_args(meta=True)
    def output(self, meta, children):
        return ("output", str(children[0]), self._origin(meta))

    @v_args(meta=True)
    def rule(self, meta, children):
        head, *body = children
        return ("rule", Rule(head, tuple(body), self._origin(meta)))

    def atom(self, children):
        name, *args = children
        return Atom(str(name), tuple(a for a in args if a is not None))

    def negation(self, children):
        return Negation(children[0])

    def comparison(self, children):
        left, op, right = children
        return Comparison(str(op), left, right)

    def add(self, children):
        return Arith("+", children[0], children[1])

    def sub(self, children):
        return Arith("-", children[0], children[1])

    def name(self, children):
        text = str(children[0])
        return Wildcard() if text == "_" else Var(text)

    def number(self, children):
        return Const(int(children[0]))

    def string(self, children):
        import json

        return Const(json.loads(str(children[0])))


def parse_text(text: str, file: str = "<rules>") -> list:
    """Parse one file's text into raw items (declarations, directives, rules)."""
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        raise RuleError(
            f"syntax error at column {exc.column}: {exc.get_context(text).rstrip()}",
            file=file, line=exc.line,
            hint="rules/ must stay inside the subset defined by grammars/datalog.lark",
        ) from None
    return _ToIR(file).transform(tree)
