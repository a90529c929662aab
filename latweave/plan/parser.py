"""Plan text → Plan, through grammars/plan.lark (LALR) and a Transformer into frozen dataclasses.

Syntax errors become PlanError with the line, column, the offending line with a caret, what was
expected in words, and a label (`code`) with a hint, so a person or the LLM planner can repair
the plan. No lark exception escapes this module.
"""

from __future__ import annotations

import difflib
import json
from functools import lru_cache

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from latweave.errors import PlanError
from latweave.paths import GRAMMARS
from latweave.plan.ast import Arg, Compare, Constraint, Holds, Let, Meet, Name, Plan, Pos, Range, Ref, Union
from latweave.plan.printer import KEYWORDS

FORMS = ("meet", "same", "differ", "argmax", "argmin", "holds", "let")
_ALLOWED_OPS = {"<=", "=", "<", ">"}
_OP_HINTS = {
    ">=": "the plan language has no >=: use `> n`, or `in lo..hi` for a range",
    "==": "write a single = for an exact value",
    "!=": "there is no negation in a meet: use differ(dim, a, b) to compare two things",
    "=<": "did you mean <= (at or below)?",
    "=>": "did you mean > or in lo..hi?",
}

# How lark names terminals → how a person would.
_TERMINALS = {
    "LPAR": "'('", "RPAR": "')'", "COMMA": "','", "LSQB": "'['", "RSQB": "']'", "EQUAL": "'='",
    "NAME": "a name", "STRING": "a quoted string", "NUMBER": "a number", "DATE": "a date",
    "VAR": "a $variable", "OP": "an operator (<=, =, <, >)", "IN": "in", "ARROW": "'->'",
    "PIPE": "'|'", "_SEMI": "';'", "LET": "let", "MEET": "meet", "HOLDS": "holds",
    "BOOLCMP": "same or differ", "EXTREMUM": "argmax or argmin", "$END": "the end of the plan",
    "__ANON_0": "'..'", "DOUBLE_DOT": "'..'",
}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((GRAMMARS / "plan.lark").read_text(encoding="utf-8"), start="plan", parser="lalr",
                propagate_positions=True, maybe_placeholders=False, strict=True)


def _pos(meta_or_token) -> Pos | None:
    line = getattr(meta_or_token, "line", None)
    return Pos(line, meta_or_token.column) if line is not None else None


class _ToPlan(Transformer):
    @v_args(meta=True)
    def plan(self, meta, items):
        *lets, final = items
        return Plan(tuple(lets), final, _pos(meta))

    @v_args(meta=True)
    def let_stmt(self, meta, items):
        _, name, expr = items
        return Let(str(name), expr, _pos(meta))

    @v_args(meta=True)
    def union(self, meta, items):
        return Union(tuple(i for i in items if not isinstance(i, Token)), _pos(meta))

    @v_args(meta=True)
    def meet_expr(self, meta, items):
        project = items[3] if len(items) > 3 else None
        return Meet(items[1], project, _pos(meta))

    def constraints(self, items):
        return tuple(items)

    @v_args(meta=True)
    def relational(self, meta, items):
        dim, op, value = items
        if str(op) not in _ALLOWED_OPS:
            raise _OpError(op)
        return Constraint(dim, str(op), value, _pos(meta))

    @v_args(meta=True)
    def range(self, meta, items):
        dim, _, lo, hi = items
        return Constraint(dim, "in", Range(lo.text, hi.text, lo.pos), _pos(meta))

    @v_args(meta=True)
    def compare(self, meta, items):
        op, dim, *args = items
        return Compare(str(op), dim, tuple(args), _pos(meta))

    @v_args(meta=True)
    def arg(self, meta, items):
        term, *rest = items
        return Arg(term, tuple(r for r in rest if not isinstance(r, Token)), _pos(meta))

    @v_args(meta=True)
    def holds(self, meta, items):
        _, item, constraints = items
        return Holds(item, constraints, _pos(meta))

    def name(self, items):
        return str(items[0])

    @v_args(inline=True)
    def string(self, token):
        try:
            return Name(json.loads(token), _pos(token))
        except json.JSONDecodeError:
            raise _StringError(token) from None

    @v_args(inline=True)
    def number(self, token):
        return Name(str(token), _pos(token))

    date = number
    bare = number

    @v_args(inline=True)
    def ref(self, token):
        return Ref(str(token)[1:], _pos(token))


class _OpError(Exception):
    def __init__(self, token):
        self.token = token


class _StringError(Exception):
    def __init__(self, token):
        self.token = token


def _context(text: str, line: int, column: int) -> str:
    lines = text.splitlines() or [""]
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return f"  {source}\n  {' ' * (column - 1)}^"


def _expected(names) -> list[str]:
    return sorted({_TERMINALS.get(n, n.lower()) for n in names})


def _name_in_names(items) -> bool:
    return "NAME" in items


def parse_plan(text: str) -> Plan:
    """Parse plan text; raise PlanError (never a lark exception) when it is not a plan."""
    if not text.strip():
        raise PlanError("the plan is empty", code="empty_plan", line=1, column=1,
                        hint="write an expression such as meet(species <= mammal)")
    try:
        return _ToPlan().transform(_parser().parse(text))
    except VisitError as exc:
        inner = exc.orig_exc
        if isinstance(inner, _OpError):
            tok = inner.token
            raise PlanError(f"unknown operator '{tok}'", code="unknown_operator", line=tok.line,
                            column=tok.column, context=_context(text, tok.line, tok.column),
                            expected=["<=", "=", "<", ">", "in"], hint=_OP_HINTS.get(str(tok))) from None
        if isinstance(inner, _StringError):
            tok = inner.token
            raise PlanError(f"bad escape in string {tok}", code="bad_string", line=tok.line, column=tok.column,
                            context=_context(text, tok.line, tok.column),
                            hint='strings use JSON escapes: \\" \\\\ \\n \\t \\uXXXX') from None
        raise
    except UnexpectedInput as exc:
        raise _label(text, exc) from None


def _label(text: str, exc: UnexpectedInput) -> PlanError:
    line, column = exc.line, exc.column
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        lines = text.rstrip().splitlines()
        line, column = len(lines), len(lines[-1]) + 1
    context = _context(text, line, column)
    at = dict(line=line, column=column, context=context)

    if isinstance(exc, UnexpectedCharacters):
        char = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
        if char == '"':
            return PlanError("unterminated string", code="unterminated_string", **at,
                             hint="close the string with \" on the same line")
        if char == "'":
            return PlanError("strings use double quotes", code="single_quotes", **at,
                             hint='write "Blade Runner", not \'Blade Runner\'')
        if char == "$":
            return PlanError("'$' must be followed by a step name", code="bad_variable", **at,
                             hint="bind a step with `let d = ...` and use it as $d")
        return PlanError(f"unexpected character {char!r}", code="bad_character", **at,
                         expected=_expected(exc.allowed or ()))

    token = getattr(exc, "token", None)
    expected = set(getattr(exc, "expected", ()) or ())
    shown = _expected(expected)
    tok_type = getattr(token, "type", "$END")
    tok_text = str(token) if token is not None and tok_type != "$END" else ""

    if tok_type == "$END":
        if "RPAR" in expected and len(expected) <= 3:
            return PlanError("missing ')'", code="unclosed_paren", expected=shown, **at,
                             hint="every ( needs its )")
        if "RSQB" in expected:
            return PlanError("missing ']'", code="unclosed_bracket", expected=shown, **at)
        if "NAME" in expected and len(expected) == 1:
            return PlanError("missing dimension name after '->'", code="missing_projection", expected=shown, **at)
        if {"MEET", "BOOLCMP", "EXTREMUM", "HOLDS"} <= expected:
            return PlanError("the plan ends after its let steps: add the final expression",
                             code="missing_final", expected=shown, **at)
        return PlanError("the plan ends too early", code="unexpected_end", expected=shown, **at)

    if tok_type == "NAME" and ("MEET" in expected or "LET" in expected):
        close = difflib.get_close_matches(tok_text, FORMS, n=1, cutoff=0.6)
        hint = f"did you mean '{close[0]}'?" if close else f"a plan is built from {', '.join(FORMS)}"
        return PlanError(f"unknown form '{tok_text}'", code="unknown_form", expected=shown, hint=hint, **at)
    if expected <= {"$END", "_SEMI", "PIPE", "ARROW"} and tok_type in ("MEET", "BOOLCMP", "EXTREMUM", "HOLDS"):
        return PlanError("a plan has one final expression", code="two_finals", expected=shown, **at,
                         hint="bind earlier steps with `let name = ...`, or join meets with |")
    if "LPAR" in expected and len(expected) == 1:
        return PlanError(f"expected '(' after the form name, found {tok_text!r}", code="missing_paren",
                         expected=shown, **at)
    if "LSQB" in expected:
        return PlanError("argmax/argmin take a bracketed list of things", code="missing_list", expected=shown,
                         **at, hint='write argmax(dim, ["A", "B"])')
    if expected == {"NAME"} and tok_type == "RPAR":
        return PlanError("a trailing ',' or an empty constraint list", code="missing_constraint",
                         expected=shown, **at, hint="meet needs at least one constraint: meet(dim <= value)")
    if expected == {"NAME"} and tok_type == "EQUAL":
        return PlanError("let needs a name before '='", code="missing_let_name", expected=shown, **at,
                         hint="write let d = meet(...)")
    if "OP" in expected and "IN" in expected:
        return PlanError(f"expected an operator after the dimension, found {tok_text!r}",
                         code="missing_operator", expected=shown, **at,
                         hint="constraints read dim <= value, dim = value, dim < n, dim > n or dim in lo..hi")
    if {"STRING", "NUMBER"} <= expected and "NAME" in expected:
        return PlanError(f"missing value, found {tok_text!r}", code="missing_value", expected=shown, **at)
    if {"STRING", "NUMBER"} <= expected:
        return PlanError(f"a range bound must be a number, a date or a quoted string, found {tok_text!r}",
                         code="bad_bound", expected=shown, **at, hint="write dim in 10..20")
    if "COMMA" in expected and tok_type == "RPAR":
        return PlanError("too few arguments", code="too_few_arguments", expected=shown, **at,
                         hint="same/differ compare at least two things; holds needs a thing and a constraint")
    if tok_type == "EQUAL" and "OP" not in expected:
        return PlanError("unexpected '='", code="unexpected_token", expected=shown, **at)
    if "COMMA" in expected or "RPAR" in expected:
        return PlanError(f"expected ',' or ')', found {tok_text!r}", code="missing_comma", expected=shown, **at)
    if tok_text in KEYWORDS:
        return PlanError(f"'{tok_text}' is a keyword here", code="misplaced_keyword", expected=shown, **at,
                         hint="quote it to use it as a value: \"" + tok_text + "\"")
    return PlanError(f"unexpected {tok_text!r}", code="unexpected_token", expected=shown, **at)
