"""Plan text → Plan, through grammars/plan.lark (LALR) and a Transformer into frozen dataclasses.

Syntax errors become PlanError with the line, column, the offending line with a caret, what was
expected in words, and a label (`code`) with a hint, so a person or the LLM planner can repair
the plan. No lark exception escapes this module.
"""

from __future__ import annotations

import difflib
import json
import re
from functools import lru_cache

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, VisitError

from latweave.errors import PlanError
from latweave.paths import GRAMMARS
from latweave.plan.ast import Arg, Compare, Constraint, Holds, Let, Meet, Name, Plan, Pos, Range, Ref, Union
from latweave.plan.limits import MAX_ARGS, MAX_BRANCHES, MAX_CONSTRAINTS, MAX_LETS, Counter, check_length
from latweave.plan.printer import KEYWORDS

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
FORMS = ("meet", "same", "differ", "argmax", "argmin", "holds", "let")
_ALLOWED_OPS = {"<=", "=", "<", ">"}
DIFFERENCE_HINT = ("a difference is defined between two date dimensions, in days, and only argmax/argmin "
                   "compare it: argmax(date_of_death - date_of_birth, [\"A\", \"B\"])")
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
    "VAR": "a $variable", "OP": "an operator (<=, =, <, >)", "IN": "in", "ARROW": "'->'", "MINUS": "'-'",
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
        op, (dim, minus, minus_token), *args = items
        if minus is not None and str(op) not in Compare.EXTREMA:
            raise _DifferenceError(op, minus_token)
        return Compare(str(op), dim, tuple(args), minus, pos=_pos(meta))

    def measure(self, items):
        """(dimension, subtracted dimension or None, the '-' token or None)."""
        if len(items) == 1:
            return items[0], None, None
        dim, minus_token, minus = items
        return dim, minus, minus_token

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


class _DifferenceError(Exception):
    """same/differ over a difference of dimensions (only an extremum orders a derived value)."""

    def __init__(self, op, token):
        self.op = op
        self.token = token


def _source_lines(text: str) -> list[str]:
    """The plan's lines as the lexer counts them: only '\n' ends a line (a string value may hold
    other line separators, such as U+2028, that str.splitlines would break on)."""
    return text.split("\n")


#: Characters of a plan line shown in an error's context (a longer line is cut around the spot).
_CONTEXT_WIDTH = 100


def _context(text: str, line: int, column: int) -> str:
    lines = _source_lines(text)
    source = lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""
    if len(source) > _CONTEXT_WIDTH:  # a long line: a window around the spot, cut ends marked …
        start = max(0, min(column - 1 - _CONTEXT_WIDTH * 2 // 3, len(source) - _CONTEXT_WIDTH))
        end = start + _CONTEXT_WIDTH
        source = ("…" if start else "") + source[start:end] + ("…" if end < len(source) else "")
        column = column - start + (1 if start else 0)
    # keep tabs under tabs, so the caret lines up however the terminal expands them
    pad = "".join("\t" if ch == "\t" else " " for ch in source[:max(column - 1, 0)])
    pad += " " * max(column - 1 - len(source), 0)
    return f"  {source}\n  {pad}^"


def _expected(names) -> list[str]:
    return sorted({_TERMINALS.get(n, n.lower()) for n in names})


# A rough scan of the plan text, independent of the parser state: enough to know which brackets
# are open at the error, which form they belong to, and what came just before.
_SCAN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#[^\n]*|->|\.\.|[()\[\],;|]|\$?[A-Za-z_][A-Za-z0-9_]*|\d[\d.\-]*|\S')


class _Tok:
    __slots__ = ("text", "start", "end")

    def __init__(self, text: str, start: int, end: int):
        self.text, self.start, self.end = text, start, end


def _scan(text: str, upto: int) -> tuple[list[_Tok], list[tuple[_Tok, str | None]]]:
    """The tokens before offset `upto` (comments skipped), and the brackets still open there,
    each with the form word that precedes it (meet, same, ...) or None."""
    toks: list[_Tok] = []
    opened: list[tuple[_Tok, str | None]] = []
    for m in _SCAN.finditer(text, 0, upto):
        word = m.group()
        if word.startswith("#"):
            continue
        tok = _Tok(word, m.start(), m.end())
        if word in "([":
            form = toks[-1].text if toks and word == "(" and _IDENT.fullmatch(toks[-1].text) else None
            opened.append((tok, form))
        elif word in ")]" and opened:
            opened.pop()
        toks.append(tok)
    return toks, opened


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _accepts(exc: UnexpectedInput) -> set[str]:
    """The terminals that would really fit at the error (the LALR state's `expected` is too wide:
    states are shared, so it lists tokens that only fit in other contexts)."""
    interactive = getattr(exc, "interactive_parser", None)
    if interactive is not None:
        try:
            return set(interactive.accepts())
        except Exception:  # noqa: BLE001 - a diagnostic aid must never mask the real error
            pass
    return set(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())


def _is_blank(text: str) -> bool:
    """Nothing but whitespace and comments (a string cannot span lines, so a line whose first
    non-blank character is # is a comment through and through)."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in _source_lines(text))


def parse_plan(text: str) -> Plan:
    """Parse plan text; raise PlanError (never a lark exception) when it is not a plan."""
    check_length(text)
    if _is_blank(text):
        raise PlanError("the plan is empty" + (" (it has only comments)" if text.strip() else ""),
                        code="empty_plan", line=1, column=1, context=_context(text, 1, 1),
                        hint="write an expression such as meet(species <= mammal)")
    try:
        plan = _ToPlan().transform(_parser().parse(text))
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
        if isinstance(inner, _DifferenceError):
            tok = inner.token
            raise PlanError(f"{inner.op} compares the values of one dimension, not a difference of two",
                            code="misplaced_difference", line=tok.line, column=tok.column,
                            context=_context(text, tok.line, tok.column), hint=DIFFERENCE_HINT) from None
        raise PlanError(f"cannot read the plan: {inner}", code="invalid_plan", line=1, column=1) from None
    except UnexpectedInput as exc:
        raise _label(text, exc) from None
    _check_limits(plan, text)
    return plan


def _check_limits(plan: Plan, text: str) -> None:
    """Refuse a plan over a size limit (latweave/plan/limits.py), at the first item over it."""
    counter = Counter()

    def at(node) -> dict:
        pos = getattr(node, "pos", None)
        if pos is None:
            return {}
        return {"line": pos.line, "column": pos.column, "context": _context(text, pos.line, pos.column)}

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


_FORM_TOKENS = {"MEET", "BOOLCMP", "EXTREMUM", "HOLDS"}
_VALUE_TOKENS = {"NAME", "STRING", "NUMBER", "DATE", "VAR"}
_BOUND_TOKENS = {"STRING", "NUMBER", "DATE"}
_USAGE = {
    "meet": "meet(dim <= value, ...)",
    "holds": 'holds("Whale", habitat <= aquatic)',
    "same": 'same(dim, "A", "B")',
    "differ": 'differ(dim, "A", "B")',
    "argmax": 'argmax(dim, ["A", "B"])',
    "argmin": 'argmin(dim, ["A", "B"])',
}


def _shown(tok_type: str, tok_text: str) -> str:
    return "the end of the plan" if tok_type == "$END" else repr(tok_text)


def _label(text: str, exc: UnexpectedInput) -> PlanError:
    """Name what is wrong at a syntax error, in words a person (or a planner) can act on."""
    accepts = _accepts(exc)
    shown = _expected(accepts)
    token = getattr(exc, "token", None)
    if isinstance(exc, UnexpectedCharacters):
        tok_type, offset = "CHAR", exc.pos_in_stream
        tok_text = text[offset] if offset < len(text) else ""
    elif isinstance(exc, UnexpectedEOF) or token is None or token.type == "$END":
        tok_type, tok_text, offset = "$END", "", len(text)
    else:
        tok_type, tok_text = token.type, str(token)
        offset = token.start_pos if token.start_pos is not None else len(text)

    toks, opened = _scan(text, offset)
    prev = toks[-1].text if toks else ""
    form = next((f for t, f in reversed(opened) if f is not None), None)
    if tok_type == "$END":
        end = toks[-1].end if toks else 0  # just after the last token: past any trailing comment
        line, column = _line_col(text, end)
    else:
        line, column = _line_col(text, offset)

    def err(message: str, code: str, hint: str | None = None, at: int | None = None) -> PlanError:
        ln, col = (line, column) if at is None else _line_col(text, at)
        return PlanError(message, code=code, line=ln, column=col, context=_context(text, ln, col),
                         expected=shown, hint=hint)

    # ---- a character no token starts with ----
    if tok_type == "CHAR":
        if tok_text == '"':
            return err("unterminated string", "unterminated_string",
                       'close the string with " on the same line (write a newline inside it as \\n)')
        if tok_text == "'":
            return err("strings use double quotes", "single_quotes", 'write "Blade Runner", not \'Blade Runner\'')
        if tok_text == "$":
            return err("'$' must be followed by a step name", "bad_variable",
                       "bind a step with `let d = ...` and use it as $d")
        if tok_text == "." and prev and prev[0].isdigit():
            return err("a range is written lo..hi, with exactly two dots", "bad_bound", "write dim in 10..20")
        hint = ('quote a value that has other characters: "C-3PO"' if "STRING" in accepts
                else "remove it, or quote the text it belongs to")
        return err(f"unexpected character {tok_text!r}", "bad_character", hint)

    found = _shown(tok_type, tok_text)

    # ---- a bracket left open ----
    closers = {"(": "RPAR", "[": "RSQB"}
    if opened and closers[opened[-1][0].text] in accepts and (
            tok_type in {"$END", "_SEMI", "LET"} | _FORM_TOKENS or (tok_type == "RPAR" and opened[-1][0].text == "[")):
        open_tok = opened[-1][0]
        ln, col = _line_col(text, open_tok.start)
        close = ")" if open_tok.text == "(" else "]"
        code = "unclosed_paren" if close == ")" else "unclosed_bracket"
        return err(f"missing '{close}' to close the '{open_tok.text}' at line {ln}, column {col}", code,
                   f"every {open_tok.text} needs its {close}")

    # ---- the plan ends too early ----
    if tok_type == "$END":
        if prev == "->":
            return err("missing dimension name after '->'", "missing_projection",
                       "name the dimension to project onto: meet(...) -> directed_by")
        if prev == "let":
            return err("let needs a step name", "missing_let_name", "write let d = meet(...)")
        if prev == "-":
            return err("missing the dimension to subtract after '-'", "missing_dimension", DIFFERENCE_HINT)
        if prev == "|":
            return err("the plan ends after '|': another meet(...) must follow", "missing_branch",
                       "join meets with |: meet(genre = comedy) | meet(genre = drama)")
        if prev == "=" and _FORM_TOKENS <= accepts:
            return err("the let ends after '=': bind a meet(...) or a union of meets", "missing_expression",
                       "write let d = meet(...)")
        if _FORM_TOKENS <= accepts:
            return err("the plan ends after its let steps: add the final expression", "missing_final",
                       "end with the expression that answers the question, e.g. meet(directed_by = $d) -> subject")
        if accepts and accepts <= _VALUE_TOKENS:
            return err(f"missing value after {prev!r}", "missing_value", "write dim <= value or dim = value")
        if accepts == {"EQUAL"}:
            return err(f"expected '=' after let {prev}", "missing_equals", f"write let {prev} = meet(...)")
        if accepts == {"LPAR"}:
            return err(f"expected '(' after {prev!r}", "missing_paren", f"write {_USAGE.get(prev, prev + '(...)')}")
        return err("the plan ends too early", "unexpected_end")

    # ---- the first token of an expression is not a form ----
    if _FORM_TOKENS <= accepts and tok_type not in accepts:
        if tok_type == "NAME":
            close = difflib.get_close_matches(tok_text, FORMS, n=1, cutoff=0.6)
            hint = f"did you mean '{close[0]}'?" if close else f"a plan is built from {', '.join(FORMS)}"
            return err(f"unknown form '{tok_text}'", "unknown_form", hint)
        if tok_type == "VAR":
            return err(f"{tok_text} cannot stand alone as an expression", "unexpected_token",
                       f"use it inside a constraint: meet(dim = {tok_text})")
        if tok_type == "LET" and prev == "=":
            return err("a let cannot bind another let", "missing_expression", "write let d = meet(...)")
        if prev == "|":
            return err(f"another meet(...) must follow '|', found {found}", "missing_branch",
                       "join meets with |: meet(genre = comedy) | meet(genre = drama)")
        return err(f"expected an expression (meet, same, differ, argmax, argmin or holds), found {found}",
                   "unexpected_token", "a plan is `let` steps, then one expression such as meet(dim <= value)")

    # ---- something after a complete final expression ----
    if accepts and accepts <= {"$END", "_SEMI", "PIPE", "ARROW"}:
        if tok_type in _FORM_TOKENS:
            return err("a plan has one final expression", "two_finals",
                       "bind earlier steps with `let name = ...`, or join meets with |")
        if tok_type == "LET":
            return err("a let must come before the final expression", "misplaced_let",
                       "move the let above the expression that ends the plan")
        if tok_type == "ARROW":
            return err("a meet projects onto one dimension: only one '->' per meet", "double_projection",
                       "chain steps: let d = meet(...) -> directed_by, then meet(subject = $d) -> nationality")
        if tok_type == "RPAR" or tok_type == "RSQB":
            return err(f"{found} closes nothing", "unbalanced_paren", "remove it")
        if tok_type == "NAME":
            close = difflib.get_close_matches(tok_text, FORMS, n=1, cutoff=0.6)
            if close:
                return err(f"unknown form '{tok_text}' after the final expression", "two_finals",
                           f"did you mean '{close[0]}'? A plan has one final expression: bind earlier steps "
                           "with `let name = ...`")
        return err(f"unexpected {found} after the final expression", "trailing_input",
                   "a plan is `let` steps, then one expression; separate steps with newlines or ;")

    # ---- let ----
    if prev == "let" and accepts == {"NAME"}:
        if tok_type == "EQUAL" or tok_text == "=":
            return err("let needs a name before '='", "missing_let_name", "write let d = meet(...)")
        return err(f"let needs a step name, found {found}", "missing_let_name",
                   "a step name is letters, digits and _, starting with a letter: let d = meet(...)")
    if accepts == {"EQUAL"}:
        return err(f"expected '=' after let {prev}, found {found}", "missing_equals", f"write let {prev} = meet(...)")

    # ---- commas ----
    if tok_type == "COMMA" and prev in ("(", ",", "["):
        return err("an empty item between commas" if prev == "," else "nothing before ','", "missing_constraint"
                   if form in ("meet", "holds") else "missing_value",
                   f"write {_USAGE.get(form, 'meet(dim <= value)')}")
    trailing = (tok_type in ("RPAR", "RSQB") and prev == ",") or (
        tok_type == "COMMA" and _next_closer(text, token))
    if trailing and not (form == "holds" and tok_type == "RPAR" and _holds_items(text, toks, opened) <= 2):
        at = toks[-1].start if tok_type != "COMMA" else offset
        return err("a trailing ',' before the closing bracket", "trailing_comma", "remove the last ','", at=at)

    # ---- form-specific ----
    if form == "holds":
        if tok_type == "RPAR" and (prev == "," or "COMMA" in accepts):
            return err("holds needs a constraint after the thing it checks", "missing_constraint",
                       f"write {_USAGE['holds']}")
        if tok_type == "OP" and accepts == {"COMMA"}:
            return err("holds takes the thing to check first, then its constraints", "missing_item",
                       f"write {_USAGE['holds']}")
    if form in ("same", "differ") and tok_type == "RPAR" and "COMMA" in accepts:
        return err(f"{form} needs at least two things to compare", "too_few_arguments", f"write {_USAGE[form]}")
    if form in ("same", "differ", "argmax", "argmin") and prev == "(" and accepts == {"NAME"}:
        return err(f"{form} takes the dimension to compare on first, found {found}", "missing_dimension",
                   f"write {_USAGE[form]}")
    if "LSQB" in accepts and tok_type != "LSQB":
        return err("argmax/argmin take a bracketed list of things", "missing_list", 'write argmax(dim, ["A", "B"])')
    if accepts == {"LPAR"}:
        return err(f"expected '(' after {prev!r}, found {found}", "missing_paren",
                   f"write {_USAGE.get(prev, prev + '(...)')}")

    # ---- a difference of two dimensions ----
    if tok_type == "MINUS":
        if form in ("argmax", "argmin", "same", "differ") and _in_measure(toks, opened):
            return err("a difference takes exactly two dimensions: d1 - d2", "bad_difference", DIFFERENCE_HINT)
        where = ("in a constraint" if form in ("meet", "holds")
                 else "in an argument" if form in ("argmax", "argmin", "same", "differ") else "here")
        return err(f"a difference of dimensions is compared only by argmax/argmin, not {where}",
                   "misplaced_difference", DIFFERENCE_HINT)
    if prev == "-" and accepts == {"NAME"}:
        return err(f"expected the dimension to subtract after '-', found {found}", "missing_dimension",
                   DIFFERENCE_HINT)

    # ---- inside a constraint ----
    if prev == "->" and accepts == {"NAME"}:
        return err(f"expected a dimension name after '->', found {found}", "missing_projection",
                   "dimension names are written bare: meet(...) -> directed_by")
    if accepts == {"NAME"} and tok_type == "RPAR":
        return err(f"{form or 'meet'} needs at least one constraint", "missing_constraint",
                   "write meet(dim <= value)")
    if {"OP", "IN"} <= accepts:
        return err(f"expected an operator after the dimension, found {found}", "missing_operator",
                   "constraints read dim <= value, dim = value, dim < n, dim > n or dim in lo..hi")
    if accepts and accepts <= _VALUE_TOKENS and "NAME" in accepts:
        return err(f"missing value, found {found}", "missing_value",
                   "write a value after the operator: a name, a \"quoted string\", a number, a date or $step")
    if accepts == _BOUND_TOKENS:
        return err(f"a range bound must be a number, a date or a quoted string, found {found}", "bad_bound",
                   "write dim in 10..20")
    if accepts == {"__ANON_0"} or accepts == {"DOUBLE_DOT"}:
        return err(f"a range is written lo..hi, found {found}", "incomplete_range", "write dim in 10..20")
    if "COMMA" in accepts:
        closer = "']'" if "RSQB" in accepts else "')'"
        return err(f"expected ',' or {closer}, found {found}", "missing_comma",
                   "separate constraints and arguments with ','")
    if tok_text in KEYWORDS:
        return err(f"'{tok_text}' is a keyword here", "misplaced_keyword",
                   "quote it to use it as a value: \"" + tok_text + "\"")
    return err(f"unexpected {found}", "unexpected_token")


def _next_closer(text: str, token) -> bool:
    """Whether the next token after `token` (a ',') closes a bracket."""
    if token is None or token.end_pos is None:
        return False
    following = _scan(text[token.end_pos:], len(text) - token.end_pos)[0]
    return bool(following) and following[0].text in (")", "]")


def _in_measure(toks: list, opened: list) -> bool:
    """Whether the innermost open bracket is a compare's '(' with no ',' yet: its first place,
    where the compared dimension (or difference) is written."""
    if not opened or opened[-1][0].text != "(":
        return False
    start = opened[-1][0].start
    return not any(t.text == "," for t in toks if t.start > start)


def _holds_items(text: str, toks: list, opened: list) -> int:
    """How many comma-separated items the innermost holds( has so far."""
    start = next(t.start for t, f in reversed(opened) if f == "holds")
    depth, items = 0, 1
    for t in toks:
        if t.start <= start:
            continue
        if t.text in "([":
            depth += 1
        elif t.text in ")]":
            depth -= 1
        elif t.text == "," and depth == 0:
            items += 1
    return items
