"""Syntax errors labelled in words: what is wrong at the spot lark stopped, and how to fix it.

lark reports the token it could not use and the LALR state's terminals; that alone names the
wrong thing (`expected RPAR`) or the right thing too late. This module reads a little more: the
terminals the parser really accepts there (its interactive parser), and a rough scan of the text
before the error (which brackets are open, for which form, what came just before). From these it
picks one `code` with a message and a hint, so a person or the LLM planner can repair the plan.

Why not lark's `UnexpectedInput.match_examples`: it maps a parser state (and, for a token error,
the accepted terminals) to a label, but many of the messages below depend on more than the
state — the character that failed to lex (`'` vs `"` vs `$` in one state), the form an open
bracket belongs to, the position of that bracket, a did-you-mean over the form names — so a
label alone could not keep them.
"""

from __future__ import annotations

import difflib
import re
from typing import NamedTuple

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from latweave.errors import PlanError
from latweave.plan import source
from latweave.plan.printer import KEYWORDS

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
FORMS = ("meet", "same", "differ", "argmax", "argmin", "holds", "let")
DIFFERENCE_HINT = ("a difference is defined between two date dimensions, in days, and only argmax/argmin "
                   "compare it: argmax(date_of_death - date_of_birth, [\"A\", \"B\"])")
OP_HINTS = {
    "==": "write a single = for an exact value",
    "!=": "there is no negation in a meet: use differ(dim, a, b) to compare two things",
    # one spelling per meaning: the aliases are refused, never read silently as <= or >=
    "=<": "did you mean <= (at or below; on a number or date: at most)?",
    "=>": "did you mean >= (on a number or date: at least)?",
}

# How lark names terminals → how a person would.
_TERMINALS = {
    "LPAR": "'('", "RPAR": "')'", "COMMA": "','", "LSQB": "'['", "RSQB": "']'", "EQUAL": "'='",
    "NAME": "a name", "STRING": "a quoted string", "NUMBER": "a number", "DATE": "a date",
    "VAR": "a $variable", "OP": "an operator (<=, >=, =, <, >)", "IN": "in", "ARROW": "'->'", "MINUS": "'-'",
    "PIPE": "'|'", "AMP": "'&'", "IS": "is", "_SEMI": "';'", "LET": "let", "MEET": "meet", "HOLDS": "holds",
    "BOOLCMP": "same or differ", "EXTREMUM": "argmax or argmin", "$END": "the end of the plan",
    "__ANON_0": "'..'", "DOUBLE_DOT": "'..'",
}


def _expected(names) -> list[str]:
    return sorted({_TERMINALS.get(n, n.lower()) for n in names})


# A rough scan of the plan text, independent of the parser state: enough to know which brackets
# are open at the error, which form they belong to, and what came just before.
_SCAN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#[^\n]*|->|\.\.|<=|>=|==|!=|=<|=>|[()\[\],;|]|\$?[A-Za-z_][A-Za-z0-9_]*'
                   r'|\d[\d.\-]*|\S')   # a two-character operator is one token, as the grammar's OP lexes it


class _Tok(NamedTuple):
    text: str
    start: int
    end: int


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


def label_syntax_error(text: str, exc: UnexpectedInput) -> PlanError:
    """Name what is wrong at a syntax error, in words a person (or a planner) can act on: the
    first of the checks below that recognises the spot answers."""
    spot = _spot(text, exc)
    for check in _CHECKS:
        error = check(spot)
        if error is not None:
            return error
    raise AssertionError("unreachable: the last check always answers")  # pragma: no cover


class _Spot(NamedTuple):
    """Where lark stopped, as the checks read it."""

    text: str
    token: object              # lark's token (None at a character no token starts with)
    tok_type: str              # its type; "CHAR" for such a character, "$END" at the end
    tok_text: str
    offset: int
    toks: list                 # the tokens before it (a rough scan, comments skipped)
    opened: list               # the brackets open there, each with its form word or None
    prev: str                  # the token just before it
    form: str | None           # the innermost open form (meet, same, ...)
    accepts: set               # the terminals the parser accepts there
    found: str                 # the token as a message shows it
    line: int
    column: int
    expected: list             # `accepts` in words

    def err(self, message: str, code: str, hint: str | None = None, at: int | None = None) -> PlanError:
        ln, col = (self.line, self.column) if at is None else source.line_col(self.text, at)
        return PlanError(message, code=code, line=ln, column=col, context=source.context(self.text, ln, col),
                         expected=self.expected, hint=hint)


def _spot(text: str, exc: UnexpectedInput) -> _Spot:
    accepts = _accepts(exc)
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
        line, column = source.line_col(text, end)
    else:
        line, column = source.line_col(text, offset)
    return _Spot(text, token, tok_type, tok_text, offset, toks, opened, prev, form, accepts,
                 _shown(tok_type, tok_text), line, column, _expected(accepts))


#: Characters no token starts with, whose mistake is clear: (message, code, hint).
_CHARACTERS = {
    '"': ("unterminated string", "unterminated_string",
          'close the string with " on the same line (write a newline inside it as \\n)'),
    "'": ("strings use double quotes", "single_quotes", 'write "Blade Runner", not \'Blade Runner\''),
    "$": ("'$' must be followed by a step name", "bad_variable", "bind a step with `let d = ...` and use it as $d"),
}

#: The plan ends right after this token: (message, code, hint).
_ENDS_AFTER = {
    "->": ("missing dimension name after '->'", "missing_projection",
           "name the dimension to project onto: meet(...) -> directed_by"),
    "let": ("let needs a step name", "missing_let_name", "write let d = meet(...)"),
    "-": ("missing the dimension to subtract after '-'", "missing_dimension", DIFFERENCE_HINT),
    "|": ("the plan ends after '|': another meet(...) must follow", "missing_branch",
          "join meets with |: meet(genre = comedy) | meet(genre = drama)"),
}


def _bad_character(s: _Spot) -> PlanError | None:
    """A character no token starts with."""
    tok_type, tok_text, prev, accepts, err = s.tok_type, s.tok_text, s.prev, s.accepts, s.err
    if tok_type == "CHAR":
        if tok_text in _CHARACTERS:
            return err(*_CHARACTERS[tok_text])
        if tok_text == "." and prev and prev[0].isdigit():
            return err("a range is written lo..hi, with exactly two dots", "bad_bound", "write dim in 10..20")
        hint = ('quote a value that has other characters: "C-3PO"' if "STRING" in accepts
                else "remove it, or quote the text it belongs to")
        return err(f"unexpected character {tok_text!r}", "bad_character", hint)
    return None


def _open_bracket(s: _Spot) -> PlanError | None:
    """A bracket left open."""
    text, tok_type, opened, accepts, err = s.text, s.tok_type, s.opened, s.accepts, s.err
    closers = {"(": "RPAR", "[": "RSQB"}
    if opened and closers[opened[-1][0].text] in accepts and (
            tok_type in {"$END", "_SEMI", "LET"} | _FORM_TOKENS or (tok_type == "RPAR" and opened[-1][0].text == "[")):
        open_tok = opened[-1][0]
        ln, col = source.line_col(text, open_tok.start)
        close = ")" if open_tok.text == "(" else "]"
        code = "unclosed_paren" if close == ")" else "unclosed_bracket"
        return err(f"missing '{close}' to close the '{open_tok.text}' at line {ln}, column {col}", code,
                   f"every {open_tok.text} needs its {close}")
    return None


def _early_end(s: _Spot) -> PlanError | None:
    """The plan ends too early."""
    tok_type, prev, accepts, err = s.tok_type, s.prev, s.accepts, s.err
    if tok_type == "$END":
        if prev in _ENDS_AFTER:
            return err(*_ENDS_AFTER[prev])
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
    return None


def _not_a_form(s: _Spot) -> PlanError | None:
    """The first token of an expression is not a form."""
    tok_type, tok_text, prev, accepts, found, err = s.tok_type, s.tok_text, s.prev, s.accepts, s.found, s.err
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
    return None


def _after_the_final(s: _Spot) -> PlanError | None:
    """Something after a complete final expression."""
    tok_type, tok_text, accepts, found, err = s.tok_type, s.tok_text, s.accepts, s.found, s.err
    if accepts and accepts <= {"$END", "_SEMI", "PIPE", "ARROW", "AT", "DURING"}:
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
    return None


def _let(s: _Spot) -> PlanError | None:
    """A let without its step name or its '='."""
    tok_type, tok_text, prev, accepts, found, err = s.tok_type, s.tok_text, s.prev, s.accepts, s.found, s.err
    if prev == "let" and accepts == {"NAME"}:
        if tok_type == "EQUAL" or tok_text == "=":
            return err("let needs a name before '='", "missing_let_name", "write let d = meet(...)")
        return err(f"let needs a step name, found {found}", "missing_let_name",
                   "a step name is letters, digits and _, starting with a letter: let d = meet(...)")
    if accepts == {"EQUAL"}:
        return err(f"expected '=' after let {prev}, found {found}", "missing_equals", f"write let {prev} = meet(...)")
    return None


def _commas(s: _Spot) -> PlanError | None:
    """An empty item between commas, or a trailing comma."""
    (text, token, tok_type, offset, toks, opened, prev, form, err) = (
        s.text, s.token, s.tok_type, s.offset, s.toks, s.opened, s.prev, s.form, s.err)
    if tok_type == "COMMA" and prev in ("(", ",", "["):
        return err("an empty item between commas" if prev == "," else "nothing before ','", "missing_constraint"
                   if form in ("meet", "holds") else "missing_value",
                   f"write {_USAGE.get(form, 'meet(dim <= value)')}")
    trailing = (tok_type in ("RPAR", "RSQB") and prev == ",") or (
        tok_type == "COMMA" and _next_closer(text, token))
    if trailing and not (form == "holds" and tok_type == "RPAR" and _holds_items(text, toks, opened) <= 2):
        at = toks[-1].start if tok_type != "COMMA" else offset
        return err("a trailing ',' before the closing bracket", "trailing_comma", "remove the last ','", at=at)
    return None


def _form_specific(s: _Spot) -> PlanError | None:
    """What one form needs: holds an item and a constraint, same/differ two things, argmax/argmin a list."""
    tok_type, prev, form, accepts, found, err = s.tok_type, s.prev, s.form, s.accepts, s.found, s.err
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
    return None


def _difference(s: _Spot) -> PlanError | None:
    """A difference of two dimensions."""
    (tok_type, toks, opened, prev, form, accepts, found, err) = (
        s.tok_type, s.toks, s.opened, s.prev, s.form, s.accepts, s.found, s.err)
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
    return None


def _in_a_constraint(s: _Spot) -> PlanError | None:
    """Inside a constraint: operator, value, range, comma (and, last, anything else)."""
    (tok_type, tok_text, prev, form, accepts, found, err) = (
        s.tok_type, s.tok_text, s.prev, s.form, s.accepts, s.found, s.err)
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
    if accepts == _BOUND_TOKENS and prev in ("at", "during"):
        return err(f"`{prev}` takes a time: a year, a date or a quoted date, found {found}", "bad_time",
                   "write meet(...) at 1990, at 1990-05, at \"May 1990\" or during 1990..1995")
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


#: The checks, in the order they are tried: the first that recognises the spot answers.
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KEYWORDS = {"meet", "holds", "same", "differ", "argmax", "argmin", "let", "in", "at", "during", "is"}


def _several_words(s: _Spot) -> PlanError | None:
    """Two bare words in a row where a value ends (`subject = Blade Runner`): a name of several
    words, which needs quotes."""
    if s.tok_type != "NAME" or not s.toks or not ({"COMMA", "RPAR", "RSQB"} & s.accepts):
        return None
    before = s.toks[-1]
    if not _WORD.fullmatch(before.text) or before.text in _KEYWORDS or s.tok_text in _KEYWORDS:
        return None
    words, after = [before.text], ""
    for m in _SCAN.finditer(s.text, s.offset):   # the bare words that follow, as the name goes on
        if not _WORD.fullmatch(m.group()) or m.group() in _KEYWORDS:
            after = m.group()
            break
        words.append(m.group())
    if after in ("<", "=", ">", "in", "<=", ">=", "==", "!=", "=<", "=>"):   # `mammal habitat <= aquatic`: a ',' missing, not a name
        return None
    name = " ".join(words)
    return s.err(f"a name of several words needs quotes: found {before.text} {s.tok_text} unquoted",
                 "unquoted_name", f'write "{name}"', at=before.start)


_CHECKS = (_bad_character, _open_bracket, _early_end, _not_a_form, _after_the_final, _let, _several_words, _commas,
           _form_specific, _difference, _in_a_constraint)


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
