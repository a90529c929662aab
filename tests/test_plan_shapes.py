"""Plans parsed by shape (latweave/plan/parser.py `_tree`): a text whose quoted names differ from
one parsed before reuses that parse. The tree — and so the plan, every position in it, and every
error — must be exactly what parsing the text itself gives."""

from __future__ import annotations

import dataclasses

import pytest
from lark import Token, Tree
from lark.exceptions import UnexpectedInput, VisitError

from latweave.errors import PlanError
from latweave.plan import parser
from latweave.plan.parser import parse_claims, parse_plan

TEXTS = [
    'let a = meet(subject = "person_00001234") -> parents\nlet b = meet(subject = $a) -> place_of_birth\n'
    'meet(subject = $b) -> country',
    'meet(subject = "person_00001234") -> place_of_birth',
    'meet(subject = "Blade Runner", genre = thriller) -> directed_by # "a quoted" comment',
    '# "leading comment"\nmeet(x = "a#b", y = "c\\"d", z = "\\u00e9t\\u00e9") -> w',
    'meet(x = "é€ 中文", y = "") -> w ; ',
    'meet(born in "1990".."1995") -> name',
    'meet(born in 1990..1995, x = "a") at "1990" -> name',
    'holds("Whale", species <= mammal) during "1990".."1995"',
    'same(nationality, "Ann", "Bob")',
    'argmax(lifespan_years, ["Whale", Dog, "Cat" -> habitat])',
    'meet(x = "a") | meet(x = "b") -> y',
    # errors: from the lexer, the parser and the transformer
    'meet(x = "unterminated) -> y',
    'meet(x = "a\\qb") -> y',
    'meet("x" = 1) -> y',
    'meet(x = "a" "b") -> y',
    'meet(x = "a") ->',
    'let a = "x"\nmeet(x = $a)',
    'meet(x = "a\nb") -> y',
    'meet(x == "a") -> y # "',
]
CLAIMS = [
    'argmax(lifespan_years, ["Whale", "Dog"]) is "Whale"',
    'same(nationality, "Ann", "Bob") & holds("Ann", x = "y")',
    'meet(x = "a") -> y',
]


def same_tree(a, b) -> None:
    """Equal in every respect the transformer can see: rule names, token types, text, positions."""
    assert type(a) is type(b)
    if isinstance(a, Tree):
        assert a.data == b.data and len(a.children) == len(b.children)
        for attr in ("line", "column", "end_line", "end_column", "start_pos", "end_pos", "empty"):
            assert getattr(a.meta, attr, None) == getattr(b.meta, attr, None), attr
        for x, y in zip(a.children, b.children):
            same_tree(x, y)
    else:
        assert isinstance(a, Token) and a.type == b.type and str(a) == str(b)
        for attr in ("line", "column", "end_line", "end_column", "start_pos", "end_pos"):
            assert getattr(a, attr) == getattr(b, attr), attr


def outcome(parse, text):
    """The parsed plan with every position, or the error with all its fields."""
    try:
        return ("plan", _deep(parse(text)))
    except PlanError as exc:
        return ("error", exc.message, exc.code, exc.line, exc.column, exc.context, exc.hint)


def _deep(node):
    if dataclasses.is_dataclass(node):
        return (type(node).__name__, tuple((f.name, _deep(getattr(node, f.name))) for f in dataclasses.fields(node)))
    if isinstance(node, tuple):
        return tuple(_deep(n) for n in node)
    return node


@pytest.mark.parametrize("start,text", [("plan", t) for t in TEXTS] + [("claims", t) for t in CLAIMS])
def test_a_text_parsed_by_its_shape_gives_the_tree_of_the_text_itself(start, text):
    try:
        direct = parser._parser().parse(text, start=start)
    except UnexpectedInput as exc:
        with pytest.raises(type(exc)):
            parser._tree(text, start)
        return
    for variant in (text, text.replace("a", "q"), text):   # first parse, another shape, a reuse
        try:
            direct = parser._parser().parse(variant, start=start)
        except UnexpectedInput:
            continue
        same_tree(parser._tree(variant, start), direct)


def reference(text: str):
    """parse_plan as it was before shapes: the text itself through Lark, then the transformer."""
    parser.check_length(text)
    try:
        tree = parser._parser().parse(text, start="plan")
    except UnexpectedInput as exc:
        raise parser.label_syntax_error(text, exc) from None
    try:
        plan = parser._ToPlan().transform(tree)
    except VisitError as exc:
        parser._raise_visit(text, exc.orig_exc)
    parser._check_limits(plan, text)
    return plan


@pytest.mark.parametrize("text", TEXTS)
def test_plans_and_errors_are_those_of_the_text(text):
    """parse_plan's result (positions included) or error (every field) is the text's own, asked
    once, asked again, and asked with the names changed (the shape's parse reused)."""
    for variant in (text, text, text.replace("person_00001234", "person_00009999"), text.replace("a", "b")):
        assert outcome(parse_plan, variant) == outcome(reference, variant)


@pytest.mark.parametrize("text", CLAIMS)
def test_claims_are_those_of_the_text(text):
    assert outcome(parse_claims, text) == outcome(parse_claims, text.replace("Whale", "Dolphin").replace("Dolphin", "Whale"))


def test_a_question_asked_first_reuses_the_parse_of_its_shape():
    """Forty first-asked questions of one shape (only the quoted person differs) parse the shape
    once; each plan still holds its own person, at the same position."""
    parser._shape_tree.cache_clear()
    parser._template.cache_clear()
    shape = ('let a = meet(subject = "person_{:08d}") -> parents\nlet b = meet(subject = $a) -> place_of_birth\n'
             'meet(subject = $b) -> country')
    plans = [parse_plan(shape.format(i)) for i in range(40)]
    info = parser._template.cache_info()
    assert (info.misses, info.hits) == (1, 39)
    assert parser._shape_tree.cache_info().misses == 1   # the shape's tree, transformed once into its template
    assert [p.lets[0].expr.constraints[0].value.text for p in plans] == [f"person_{i:08d}" for i in range(40)]
    assert {p.lets[0].expr.constraints[0].value.pos for p in plans} == {parser.Pos(1, 24)}


def test_a_long_text_is_parsed_as_it_is_and_its_shape_not_kept():
    """Past SHAPED_CHARS a text is parsed as written (a long plan is seldom asked twice over, and
    a kept tree of it would cost memory): the same plan as ever, no shape kept."""
    text = "meet(" + ", ".join(f'd{i} = "value number {i}"' for i in range(60)) + ") -> w"
    assert len(text) > parser.SHAPED_CHARS
    parser._shape_tree.cache_clear()
    assert outcome(parse_plan, text) == outcome(reference, text)
    assert parser._shape_tree.cache_info().currsize == 0


NAMES = ["person_00009999", "", "a\\\"b", "\\u00e9t\\u00e9", "x#y", "a\\qb", "é€ 中文", "1990"]


@pytest.mark.parametrize("text", TEXTS)
def test_a_plan_made_from_its_shapes_template_is_the_texts_own(text):
    """A text read through its shape's template (the transformer not run again, its quoted names
    put in) gives the plan, every position included, or the error that the text itself gives:
    first asked, each literal in turn replaced by other names (escapes, an empty one, one that is
    no JSON string), the plan's text not kept."""
    import re

    literals = [m.group() for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"', text)]
    variants = [text] + [text.replace(lit, f'"{name}"', 1) for lit in literals for name in NAMES]
    for variant in variants:
        assert outcome(parser._parse_plan, variant) == outcome(reference, variant), variant


def test_a_plan_asked_again_is_the_plan_read_before():
    """The same text twice: the plan read the first time (a text is read once), equal to a fresh
    parse in every field; a text over SHAPED_CHARS is not kept."""
    parser._parse_plan_kept.cache_clear()
    text = TEXTS[0]
    first = parse_plan(text)
    assert parse_plan(text) is first
    assert outcome(parse_plan, text) == outcome(reference, text)
    long = "meet(" + ", ".join(f'd{i} = "value number {i}"' for i in range(60)) + ") -> w"
    assert parse_plan(long) is not parse_plan(long)


@pytest.mark.parametrize("text", TEXTS[:11])   # the texts that parse
def test_a_plans_key_names_and_canonical_text_are_read_with_it(text):
    """`parse_plan_keyed`: the plan `parse_plan` gives, the key `template_key` gives, and names
    whose `template_text` is the printer's canonical text of the plan — for each text and each
    variant of its literals that parses (names needing quotes, bare-printable ones, a keyword)."""
    import re

    from latweave.plan.printer import to_text

    literals = [m.group() for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"', text)]
    variants = [text] + [text.replace(lit, f'"{name}"', 1) for lit in literals for name in NAMES + ["meet", "x y"]]
    read_some = 0
    for variant in variants:
        try:
            plan = parser._parse_plan(variant)
        except PlanError:
            assert variant != text
            continue
        read = parser.parse_plan_keyed(variant)
        assert read.plan == plan and read.key == parser.template_key(variant), variant
        if read.key is None:
            assert read.names is None
            continue
        read_some += 1
        assert parser.template_text(read.key, read.names) == to_text(plan), variant
    assert read_some or parser.template_key(text) is None   # a template's text gave its names


def test_a_plan_read_by_its_template_is_held_to_every_limit():
    """A text read by a template (`_by_template`) is checked against the limits by its template's
    counts (once per template) and its names' lengths: a template over a limit refuses each of its
    texts, every time, with the error the text parsed whole gives."""
    from latweave.plan import limits

    n = limits.MAX_CONSTRAINTS + 1
    text = "meet(" + ", ".join(f'a<="v{i}"' for i in range(n)) + ")"
    assert len(text) <= parser.SHAPED_CHARS and parser.template_key(text) is not None
    other = text.replace('"v0"', '"w0"')   # the same template, another name
    for t in (text, other, text):
        with pytest.raises(PlanError) as err:
            parse_plan(t)
        assert err.value.code == "too_many_constraints"
    # within the limits, a template's texts are read as the plan parsed whole
    ok = "meet(" + ", ".join(f'a<="v{i}"' for i in range(n - 1)) + ")"
    for t in (ok, ok.replace('"v0"', '"w0"')):
        assert parse_plan(t) == parser._ToPlan().transform(parser._parser().parse(t, start="plan"))
    assert parser._template_within_limits(parser.template_key(ok))
    assert not parser._template_within_limits(parser.template_key(text))
