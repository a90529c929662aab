"""Plan text → Plan, through grammars/plan.lark (LALR) and a Transformer into frozen dataclasses.

Every node keeps the position it was parsed from, including the dimension after a meet's `->`
and the dimensions of a compare's measure, so the type checker can point at them. Syntax errors
become PlanError with the line, column, the offending line with a caret, what was expected in
words, and a label (`code`) with a hint (latweave/plan/syntax_errors.py), so a person or the LLM
planner can repair the plan. No lark exception escapes this module.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import NamedTuple, NoReturn

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedInput, VisitError

from latweave.errors import PlanError
from latweave.paths import GRAMMARS
from latweave.plan.ast import (Arg, Assertion, Claims, Compare, Constraint, Holds, Let, Meet, Name, Plan, Pos,
                               Range, Ref, Time, Union)
from latweave.plan.limits import (MAX_ARGS, MAX_ASSERTIONS, MAX_BRANCHES, MAX_CONSTRAINTS, MAX_LETS, MAX_PATH,
                                   MAX_PLAN_CONSTRAINTS, MAX_VALUE_CHARS, Counter, check_length, limit_error)
from latweave.plan.printer import print_name, to_text
from latweave.plan.source import context, source_lines
from latweave.plan.syntax_errors import DIFFERENCE_HINT, OP_HINTS, label_syntax_error

_ALLOWED_OPS = {"<=", ">=", "=", "<", ">"}   # `=<`, `=>` lex (for their hints) and are refused


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((GRAMMARS / "plan.lark").read_text(encoding="utf-8"), start=["plan", "claims"], parser="lalr",
                propagate_positions=True, maybe_placeholders=False, strict=True, cache=True)


def _pos(meta_or_token) -> Pos | None:
    line = getattr(meta_or_token, "line", None)
    return Pos(line, meta_or_token.column) if line is not None else None


class _Dim(NamedTuple):
    """A dimension name as written, and where (the AST keeps the two in separate fields)."""

    text: str
    pos: Pos | None


class _ToPlan(Transformer):
    @v_args(meta=True)
    def plan(self, meta, items):
        *lets, final = items
        return Plan(tuple(lets), final, _pos(meta))

    @v_args(meta=True)
    def claims(self, meta, items):
        lets = tuple(i for i in items if isinstance(i, Let))
        assertions = tuple(i for i in items if isinstance(i, Assertion))
        return Claims(lets, assertions, _pos(meta))

    @v_args(meta=True)
    def assertion(self, meta, items):
        expr, *rest = items
        winners = rest[1] if rest else None
        extremum = isinstance(expr, Compare) and expr.op in Compare.EXTREMA
        if not isinstance(expr, (Compare, Holds)):
            raise _ClaimError(expr, "a meet asks a question; a claim asserts one: holds(...), same(...), "
                                    "differ(...), or argmax/argmin(...) is <winner>", "not_a_claim",
                              "to claim that X meets constraints, write holds(X, dim <= value, ...)")
        if extremum and winners is None:
            raise _ClaimError(expr, f"{expr.op}(...) asks which one; a claim names it: add `is <winner>`",
                              "missing_winner", f"e.g. {expr.op}({expr.dimension}, [A, B]) is A")
        if not extremum and winners is not None:
            raise _ClaimError(rest[0], "only an argmax/argmin claim names winners with `is`", "misplaced_is",
                              "holds and same/differ are claims as they stand: drop `is ...`")
        return Assertion(expr, winners, _pos(meta))

    def winners(self, items):
        for item in items:
            if isinstance(item, Ref):
                raise _ClaimError(item, "a winner is named, not a $step", "ref_winner",
                                  "name the instance you claim wins, as the answer prints it")
        return tuple(items)

    @v_args(meta=True)
    def let_stmt(self, meta, items):
        _, name, expr = items
        return Let(str(name), expr, _pos(meta))

    @v_args(meta=True)
    def union(self, meta, items):
        return Union(tuple(i for i in items if not isinstance(i, Token)), _pos(meta))

    @v_args(meta=True)
    def meet_expr(self, meta, items):
        time = next((i for i in items if isinstance(i, Time)), None)
        project = next((i for i in items if isinstance(i, _Dim)), None)
        if project is None:
            return Meet(items[1], None, _pos(meta), time=time)
        return Meet(items[1], project.text, _pos(meta), project_pos=project.pos, time=time)

    @v_args(meta=True)
    def at_time(self, meta, items):
        _, when = items
        return Time(when.text, None, _pos(meta))

    @v_args(meta=True)
    def during_time(self, meta, items):
        _, lo, hi = items
        return Time(lo.text, hi.text, _pos(meta))

    def constraints(self, items):
        return tuple(items)

    @v_args(meta=True)
    def relational(self, meta, items):
        dim, op, value = items
        if str(op) not in _ALLOWED_OPS:
            raise _OpError(op)
        return Constraint(dim.text, str(op), value, _pos(meta))

    @v_args(meta=True)
    def range(self, meta, items):
        dim, _, lo, hi = items
        return Constraint(dim.text, "in", Range(lo.text, hi.text, lo.pos), _pos(meta))

    @v_args(meta=True)
    def compare(self, meta, items):
        op, (dim, minus, minus_token), *args = items
        if minus is not None and str(op) not in Compare.EXTREMA:
            raise _DifferenceError(op, minus_token)
        return Compare(str(op), dim.text, tuple(args), minus.text if minus else None, pos=_pos(meta),
                       dimension_pos=dim.pos, minus_pos=minus.pos if minus else None)

    def measure(self, items):
        """(dimension, subtracted dimension or None, the '-' token or None)."""
        if len(items) == 1:
            return items[0], None, None
        dim, minus_token, minus = items
        return dim, minus, minus_token

    @v_args(meta=True)
    def arg(self, meta, items):
        term, *rest = items
        return Arg(term, tuple(r.text for r in rest if not isinstance(r, Token)), _pos(meta))

    @v_args(meta=True)
    def holds(self, meta, items):
        _, item, constraints, *time = items
        return Holds(item, constraints, _pos(meta), time=time[0] if time else None)

    @v_args(inline=True)
    def name(self, token):
        return _Dim(str(token), _pos(token))

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


class _ClaimError(Exception):
    """An assertion that is no claim (a meet), or an `is` where none belongs (or missing)."""

    def __init__(self, node, message: str, code: str, hint: str):
        self.node, self.message, self.code, self.hint = node, message, code, hint


class _OpError(Exception):
    def __init__(self, token):
        self.token = token


class _StringError(Exception):
    def __init__(self, token):
        self.token = token


class _DifferenceError(Exception):
    """same/differ over a difference of dimensions (only an extremum orders a derived value)."""

    def __init__(self, op, token):
        self.op = op
        self.token = token


def _is_blank(text: str) -> bool:
    """Nothing but whitespace and comments (a string cannot span lines, so a line whose first
    non-blank character is # is a comment through and through)."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in source_lines(text))


_EMPTY_HINTS = {"plan": "write an expression such as meet(species <= mammal)",
                "claims": 'write an assertion such as same(nationality, "Ann", "Bob")'}


def _parse(text: str, start: str):
    """`text` read from the grammar's start symbol `start` ("plan" or "claims") and transformed;
    PlanError (never a lark exception) when it is none."""
    return _parse_keyed(text, start)[0]


def _parse_keyed(text: str, start: str) -> tuple:
    """(`_parse`'s plan, the key of the template it was read from — `template_key(text)` —
    and its names' texts in the order they are written; None, None when it was read from no
    template), from one reading of the text."""
    check_length(text)
    what = "plan" if start == "plan" else "claim"
    if _is_blank(text):
        raise PlanError(f"the {what} is empty" + (" (it has only comments)" if text.strip() else ""),
                        code=f"empty_{what}", line=1, column=1, context=context(text, 1, 1),
                        hint=_EMPTY_HINTS[start])
    try:
        keyed = _by_template(text, start)
        if keyed is not None:
            return keyed
        return _ToPlan().transform(_tree(text, start)), None, None
    except VisitError as exc:
        _raise_visit(text, exc.orig_exc)
    except UnexpectedInput as exc:
        error = label_syntax_error(text, exc)
        if start == "claims" and error.code == "missing_final":   # the plan's words name let steps, not `&`
            error = PlanError("the claim ends without an assertion (after `&`, or after its let steps)",
                              code="missing_assertion", line=error.line, column=error.column,
                              context=error.context, hint="end with an assertion, e.g. same(dim, A, B)")
        raise error from None


#: The longest text parsed by shape (a question is short; a long plan is seldom asked twice over,
#: and its tree kept would cost memory): at most SHAPES trees of at most this many characters.
SHAPED_CHARS = 1_000
SHAPES = 128

#: A comment or a string literal, as the grammar's COMMENT and STRING terminals read them (no other
#: terminal holds a `"` or a `#`, so the leftmost of either starts one of these)
_LEXEME = re.compile(r'#[^\n]*|"(?:[^"\\\n]|\\.)*"')


def _literals(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each string literal of `text` (comments skipped)."""
    return [m.span() for m in _LEXEME.finditer(text) if m.group().startswith('"')]


def _shape_of(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with each literal's content replaced by as many `x`s (positions kept)."""
    parts, at = [], 0
    for a, b in spans:
        parts += [text[at:a], '"', "x" * (b - a - 2), '"']
        at = b
    parts.append(text[at:])
    return "".join(parts)


def _tree(text: str, start: str) -> Tree:
    """Lark's parse tree of `text`, by its *shape*: the text with each string literal's content
    replaced by as many `x`s (so every position stays where it was) is parsed once, and its tree
    given the literals back. Questions asked of a lattice differ mostly in the names they quote,
    so a question asked for the first time is seldom a shape parsed for the first time.

    Sound because the literals are whole STRING tokens (checked on the shape's tree: the tokens
    sit exactly where the literals were, else the text is parsed as it is): the lexer reads the
    same tokens, of the same types at the same places, from the text as from its shape, so the
    parser makes the same tree — only the STRING tokens' text differs, and the transformer, which
    reads it, gets the text's. A shape that does not parse is parsed as the text itself, so every
    syntax error is the one the text gives."""
    if len(text) > SHAPED_CHARS:
        return _parser().parse(text, start=start)
    spans = _literals(text)
    if not spans:
        return _parser().parse(text, start=start)
    shape = _shape_tree(_shape_of(text, spans), start, tuple(a for a, _ in spans))
    if shape is None:
        return _parser().parse(text, start=start)
    return _with_strings(shape, {a: text[a:b] for a, b in spans})


@lru_cache(maxsize=SHAPES)
def _shape_tree(shape: str, start: str, literals: tuple[int, ...]) -> Tree | None:
    """The parse tree of a shape whose STRING tokens start exactly at `literals`; None when it
    does not parse or they do not."""
    try:
        tree = _parser().parse(shape, start=start)
    except UnexpectedInput:
        return None
    found = sorted(t.start_pos for t in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "STRING"))
    return tree if tuple(found) == literals else None


def _with_strings(tree: Tree, strings: dict[int, str]) -> Tree:
    """A copy of a shape's tree whose STRING tokens hold the text's literals (by start position);
    the rest (other tokens, positions) is shared, and never changed by the transformer."""
    children = []
    for child in tree.children:
        if isinstance(child, Tree):
            child = _with_strings(child, strings)
        elif isinstance(child, Token) and child.type == "STRING":
            child = Token.new_borrow_pos("STRING", strings[child.start_pos], child)
        children.append(child)
    return Tree(tree.data, children, tree._meta)


#: The plans whose text is kept, read once: a question asked again (the same text) is not read again.
TEXTS = 256


def parse_plan(text: str) -> Plan:
    """Parse plan text; raise PlanError (never a lark exception) when it is not a plan. A text of
    at most SHAPED_CHARS characters read before gives the plan it gave (plans are immutable; a
    text that does not parse is read, and refused, each time)."""
    if isinstance(text, str) and len(text) <= SHAPED_CHARS:
        return _parse_plan_kept(text)[0]
    return _parse_plan(text)


class ReadPlan(NamedTuple):
    """A plan as `parse_plan_keyed` read it: the plan, the key of the template it was read from
    (`template_key`) and the texts of its quoted names in the order they are written (both None
    when it was read from no template)."""

    plan: Plan
    key: tuple | None
    names: tuple[str, ...] | None


def parse_plan_keyed(text: str) -> ReadPlan:
    """`parse_plan(text)` with the key of its template and its names, from one reading — what a
    runner that keeps recipes by template (execute.py `check_text`) asks for, instead of reading
    the text again for the key and printing the plan for its canonical text (`template_text`)."""
    if isinstance(text, str) and len(text) <= SHAPED_CHARS:
        return _parse_plan_kept(text)
    return _parse_plan_keyed(text)


def _parse_plan(text: str) -> Plan:
    return _parse_plan_keyed(text)[0]


def _parse_plan_keyed(text: str) -> ReadPlan:
    plan, key, names = _parse_keyed(text, "plan")
    if key is None or names is None or not _within_limits(key, names):
        _check_limits(plan, text)
    return ReadPlan(plan, key, names)


def _within_limits(key: tuple, names: tuple[str, ...]) -> bool:
    """Whether the plan of template `key` with quoted names `names` is within the limits: the
    template's counts and bare values are (`_template_within_limits`, once per template), and its
    names' texts are."""
    return _template_within_limits(key) and not any(len(name) > MAX_VALUE_CHARS for name in names)


@lru_cache(maxsize=SHAPES)
def _template_within_limits(key: tuple) -> bool:
    """Whether the plan of template `key` is within every limit but its quoted names' lengths,
    which its texts fill in (the template holds masks of their spellings' lengths)."""
    template = _template(*key)
    return (template is not None and isinstance(template.plan, Plan)
            and not _over_limits(template.plan, skip=frozenset(map(id, template.names))))


_parse_plan_kept = lru_cache(maxsize=TEXTS)(_parse_plan_keyed)


# ---- plans by template: a shape's plan, its quoted names put in ------------------------------

#: The plan nodes that may hold a quoted name, with the fields that may (the rest are kept as they are)
_HOLDERS = {Plan: ("lets", "final"), Let: ("expr",), Meet: ("constraints",), Union: ("branches",),
            Constraint: ("value",), Compare: ("args",), Arg: ("term",), Holds: ("item", "constraints"),
            Claims: ("lets", "assertions"), Assertion: ("expr", "winners")}


class _Template(NamedTuple):
    """The plan (or claims) of a shape, and where its quoted names are: `names[i]` is the Name
    node the i-th literal became (each at its literal's position), `holding` the ids of the nodes
    above one (the nodes rebuilt for a text; every other node is shared, plans being immutable)."""

    plan: object
    names: tuple
    holding: frozenset


def _by_template(text: str, start: str):
    """(the plan of `text` from its shape's template, the template's key, its names' texts), when
    the shape has one: the transformer does not run again, only the nodes holding a quoted name
    are made anew. None when the text is not read this way (`_template_read`): then the text is
    parsed as before (`_tree`), errors and all."""
    read = _template_read(text, start)
    if read is None:
        return None
    template, key, texts = read
    return _put(template, texts), key, texts


def _put(template: "_Template", texts: tuple[str, ...]):
    """The template's plan with `texts` as its quoted names, in the order they are written."""
    new = {id(name): Name(t, name.pos) for name, t in zip(template.names, texts)}
    return _rebuilt(template.plan, template.holding, new)


def template_plan(key: tuple, names: tuple[str, ...]) -> Plan | None:
    """The plan `parse_plan_keyed` reads from template `key` (`template_of`) for a text whose
    quoted names are `names`, in the order written; None when `key` is no plan's template."""
    template = _template(*key)
    if template is None or key[1] != "plan" or len(names) != len(template.names):
        return None
    return _put(template, names)


def template_key(text: str, start: str = "plan") -> tuple | None:
    """The key of the template `parse_plan(text)` reads `text`'s plan from (`_by_template`): the
    text with each quoted name's content masked, and where the names start. Two texts of one key
    give plans alike but for the text of those names (each plan is the template's with its names
    put in). None when `text` is not read by a template (the plan is then no template's)."""
    read = _template_read(text, start)
    return None if read is None else read[1]


def _template_read(text: str, start: str) -> tuple[_Template, tuple, tuple[str, ...]] | None:
    """(the template `text` is read from, its key, the texts of its quoted names in order); None
    when it is read from none: a long text, no literal, a literal the shape's plan keeps as a
    bare string (a range's or a time's bound), a shape that does not parse or transform, a
    literal that is no JSON string."""
    if not isinstance(text, str) or len(text) > SHAPED_CHARS:
        return None
    spans = _literals(text)
    if not spans:
        return None
    key = (_shape_of(text, spans), start, tuple(a for a, _ in spans))
    template = _template(*key)
    if template is None:
        return None
    try:
        texts = tuple(_string(text[a:b]) for a, b in spans)
    except json.JSONDecodeError:
        return None
    return template, key, texts


#: A JSON string's content that is its text as it stands: no escape, no control character
_PLAIN = re.compile(r'[^\\\x00-\x1f]*')


def _string(literal: str) -> str:
    """The text of a string literal (with its quotes), as JSON reads it (JSONDecodeError where it
    is no JSON string) — most names have no escape, and are their content."""
    inner = literal[1:-1]
    return inner if _PLAIN.fullmatch(inner) else json.loads(literal)


def template_of(text: str) -> tuple[tuple, tuple[str, ...]] | None:
    """(the key of the template `parse_plan_keyed(text)` reads its plan from, the texts of its
    quoted names in order), when it reads it from one and the plan is within the limits; None
    otherwise (then only parsing the text says what it is, or which error). A caller that keeps
    what a template's plans share (execute.py's prepared templates) reads a text by this alone."""
    read = _template_read(text, "plan")
    if read is None or not _within_limits(read[1], read[2]):
        return None
    return read[1], read[2]


def template_text(key: tuple, names: tuple[str, ...]) -> str | None:
    """The canonical text (plan/printer.py `to_text`) of the plan of template `key` with `names`
    put in, in the order they are written — without printing the plan: the printer spells a
    quoted name by its text alone (`print_name`) and everything else of a template's plans alike,
    so the template's canonical text is printed once, with a marker for each name, and a plan's
    is that text with its names' spellings in the markers' places. None when the template has
    no such text (a marker not printed exactly once). tests/test_plan_shapes.py compares it with
    `to_text` on every template of the tests."""
    parts = _text_parts(key)
    if parts is None:
        return None
    pieces, order = parts
    out = [pieces[0]]
    for i, piece in zip(order, pieces[1:]):
        out.append(print_name(names[i]))
        out.append(piece)
    return "".join(out)


@lru_cache(maxsize=SHAPES)
def _text_parts(key: tuple) -> tuple[tuple[str, ...], tuple[int, ...]] | None:
    """(the canonical text of template `key` cut at its names, which name each cut is)."""
    template = _template(*key)
    if template is None or key[1] != "plan":
        return None
    markers = [print_name(f"\x00{i}\x00") for i in range(len(template.names))]   # quoted: \u0000 never bare
    new = {id(name): Name(f"\x00{i}\x00", name.pos) for i, name in enumerate(template.names)}
    text = to_text(_rebuilt(template.plan, template.holding, new))
    found = []
    for i, marker in enumerate(markers):
        if text.count(marker) != 1:
            return None
        found.append((text.index(marker), i))
    found.sort()
    pieces, at = [], 0
    for start, i in found:
        pieces.append(text[at:start])
        at = start + len(markers[i])
    pieces.append(text[at:])
    return tuple(pieces), tuple(i for _, i in found)


@lru_cache(maxsize=SHAPES)
def _template(shape: str, start: str, literals: tuple[int, ...]) -> _Template | None:
    tree = _shape_tree(shape, start, literals)
    if tree is None:
        return None
    try:
        plan = _ToPlan().transform(tree)
    except VisitError:
        return None
    at = {Pos(t.line, t.column): t.start_pos
          for t in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "STRING")}
    found: dict[int, Name] = {}
    holding: set[int] = set()

    def walk(node) -> bool:   # whether `node` holds a literal's Name
        if type(node) is Name:
            offset = at.get(node.pos)
            if offset is None:
                return False
            if offset in found:   # one Name per literal, or the template is not sound
                raise _Unsound
            found[offset] = node
            holding.add(id(node))
            return True
        if type(node) is tuple:
            inside = [walk(item) for item in node]
        elif type(node) in _HOLDERS:
            inside = [walk(getattr(node, f)) for f in _HOLDERS[type(node)]]
        else:
            return False
        if any(inside):
            holding.add(id(node))
            return True
        return False

    try:
        walk(plan)
    except _Unsound:
        return None
    if sorted(found) != list(literals):   # a literal kept as a bare string (a bound): no template
        return None
    return _Template(plan, tuple(found[a] for a in literals), frozenset(holding))


class _Unsound(Exception):
    pass


def _rebuilt(node, holding: frozenset, new: dict):
    """`node` with the Names of `new` (by id) replaced, the nodes above them made anew."""
    if id(node) not in holding:
        return node
    kind = type(node)
    if kind is Name:
        return new[id(node)]
    if kind is tuple:
        return tuple([_rebuilt(item, holding, new) for item in node])
    copy = object.__new__(kind)
    fields = dict(node.__dict__)
    for f in _HOLDERS[kind]:
        fields[f] = _rebuilt(fields[f], holding, new)
    copy.__dict__.update(fields)
    return copy


def parse_claims(text: str) -> Claims:
    """Parse a claim (`let` steps and assertions joined by `&`); PlanError like `parse_plan`."""
    claims = _parse(text, "claims")
    if len(claims.assertions) > MAX_ASSERTIONS:
        pos = claims.assertions[MAX_ASSERTIONS].pos or Pos(1, 1)
        raise limit_error(f"the claim has {len(claims.assertions):,} assertions", "too_many_assertions",
                          "assertions of one claim", MAX_ASSERTIONS, line=pos.line, column=pos.column,
                          context=context(text, pos.line, pos.column))
    for assertion in claims.assertions:
        _check_limits(claims.plan_of(assertion), text)
    return claims


def _raise_visit(text: str, inner: BaseException) -> NoReturn:
    """Raise the PlanError for an error the transformer raised (never a lark exception)."""
    if isinstance(inner, _ClaimError):
        node = inner.node
        pos = Pos(node.line, node.column) if isinstance(node, Token) else getattr(node, "pos", None) or Pos(1, 1)
        raise PlanError(inner.message, code=inner.code, line=pos.line, column=pos.column,
                        context=context(text, pos.line, pos.column), hint=inner.hint) from None
    if isinstance(inner, _OpError):
        tok = inner.token
        raise PlanError(f"unknown operator '{tok}'", code="unknown_operator", line=tok.line,
                        column=tok.column, context=context(text, tok.line, tok.column),
                        expected=["<=", ">=", "=", "<", ">", "in"], hint=OP_HINTS.get(str(tok))) from None
    if isinstance(inner, _StringError):
        tok = inner.token
        raise PlanError(f"bad escape in string {tok}", code="bad_string", line=tok.line, column=tok.column,
                        context=context(text, tok.line, tok.column),
                        hint='strings use JSON escapes: \\" \\\\ \\n \\t \\uXXXX') from None
    if isinstance(inner, _DifferenceError):
        tok = inner.token
        raise PlanError(f"{inner.op} compares the values of one dimension, not a difference of two",
                        code="misplaced_difference", line=tok.line, column=tok.column,
                        context=context(text, tok.line, tok.column), hint=DIFFERENCE_HINT) from None
    raise PlanError(f"cannot read the plan: {inner}", code="invalid_plan", line=1, column=1) from None


def _check_limits(plan: Plan, text: str) -> None:
    """Refuse a plan over a size limit (latweave/plan/limits.py), at the first item over it."""
    if not _over_limits(plan):
        return
    _refuse_over_limits(plan, text)


def _over_limits(plan: Plan, skip: frozenset[int] = frozenset()) -> bool:
    """Whether some count or value of `plan` is over a limit (nothing is located: a plan within
    every limit, the common case, is passed by this walk alone; `_refuse_over_limits` then says
    where, with the errors it always gave). `skip`: the ids of Names whose length is not looked at."""
    total = 0

    def values(v) -> bool:
        if type(v) is Name:
            return id(v) not in skip and len(v.text) > MAX_VALUE_CHARS
        if type(v) is Range:
            return len(v.lo) > MAX_VALUE_CHARS or len(v.hi) > MAX_VALUE_CHARS
        return False

    def constraints(cs) -> bool:
        nonlocal total
        total += len(cs)
        return len(cs) > MAX_CONSTRAINTS or total > MAX_PLAN_CONSTRAINTS or any(values(c.value) for c in cs)

    def expr(e) -> bool:
        if isinstance(e, Meet):
            return constraints(e.constraints)
        if isinstance(e, Union):
            return len(e.branches) > MAX_BRANCHES or any([expr(b) for b in e.branches])
        if isinstance(e, Compare):
            return len(e.args) > MAX_ARGS or any(len(a.path) > MAX_PATH or values(a.term) for a in e.args)
        if isinstance(e, Holds):
            return values(e.item) or constraints(e.constraints)
        return False

    return len(plan.lets) > MAX_LETS or any([expr(let.expr) for let in plan.lets]) or expr(plan.final)


def _refuse_over_limits(plan: Plan, text: str) -> None:
    counter = Counter()

    def at(node) -> dict:
        pos = getattr(node, "pos", None)
        if pos is None:
            return {}
        return {"line": pos.line, "column": pos.column, "context": context(text, pos.line, pos.column)}

    def value(v) -> None:
        for t in ((v.lo, v.hi) if isinstance(v, Range) else (v.text,) if isinstance(v, Name) else ()):
            counter.value(t, **at(v))

    def constraints(cs) -> None:
        counter.meet(len(cs), **at(cs[min(len(cs), MAX_CONSTRAINTS + 1) - 1]))
        for c in cs:
            value(c.value)

    def expr(e) -> None:
        if isinstance(e, Meet):
            constraints(e.constraints)
        elif isinstance(e, Union):
            counter.branches(len(e.branches), **at(e.branches[min(len(e.branches), MAX_BRANCHES + 1) - 1]))
            for b in e.branches:
                expr(b)
        elif isinstance(e, Compare):
            counter.arguments(len(e.args), **at(e.args[min(len(e.args), MAX_ARGS + 1) - 1]))
            for a in e.args:
                counter.path(len(a.path), **at(a))
                value(a.term)
        elif isinstance(e, Holds):
            value(e.item)
            constraints(e.constraints)

    counter.lets(len(plan.lets), **at(plan.lets[min(len(plan.lets), MAX_LETS + 1) - 1] if plan.lets else plan))
    for let in plan.lets:
        expr(let.expr)
    expr(plan.final)
