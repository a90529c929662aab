"""One SQL statement per plan shape: the specialised rules run as a single query.

datalog/specialize.py turns the rules, for one plan shape, into patterns over the lattice's
relations, each after what it reads. Here they become one `WITH RECURSIVE` statement through the
session's SQL dialect: each pattern a common table expression (its rules' SELECTs, as the dialect
writes every rule; a pattern that reads itself the recursive kind, its rules that do not read it
first), and the statement's rows every output pattern's rows, tagged with their relation,
padded to one width. The plan's values are the statement's parameters, so a shape's statement is
written and prepared once (`FusedPlan`, cached per session by the shape's key) and every plan of
that shape binds its own values. Decoding the rows gives the outputs `Session.run` returns: per
relation, the distinct rows in `sorted_rows` order — what the rules evaluated stratum by stratum
give (tests/test_fused.py compares them on every plan the tests run).

Why: evaluated rule by rule, a 3-hop chain question on a 100,000-person KB ran ~156 statements
and a Python loop around them (docs/performance.md, issue 44); fused, it runs one.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from latweave.datalog.ir import Atom, Negation, Program, Rule
from latweave.datalog.specialize import Pattern, Specialized, term_of
from latweave.engines.dialects.sql import Sql, ident
from latweave.engines.rows import sorted_rows


@dataclass(frozen=True)
class FusedPlan:
    """A plan shape's statements, and how its rows are read back. `staged`: (table, its CREATE,
    the statement that fills it, how many values it binds) for each pattern kept in a table of
    its own (`STAGE`), run in order before `sql`, whose rows are the outputs and which binds the
    first `binds` values; `tags[i]` is the (relation, arity) of the rows tagged i; `outputs` the
    output relations it computes, in the program's order (every one, unless rendered for `only`
    some: then a run's outputs are a `Partial`)."""

    sql: str
    tags: tuple[tuple[str, int], ...]
    outputs: tuple[str, ...]
    staged: tuple[tuple[str, str, str, int], ...] = ()
    binds: int = 0
    #: the output relations whose every column is a number
    numeric: frozenset[str] = frozenset()
    #: the specialised program it was written from (another set of outputs is written from it)
    spec: Specialized | None = field(default=None, compare=False, repr=False)
    #: whether it computes fewer than the program's outputs
    partial: bool = False

    def __post_init__(self):
        # per tag: (its relation's slot in `outputs`, where its row ends); per relation: whether
        # its rows are all numbers -- worked out once per shape, not per run
        slot = {name: i for i, name in enumerate(self.outputs)}
        object.__setattr__(self, "_cut", tuple((slot[relation], 1 + arity) for relation, arity in self.tags))
        object.__setattr__(self, "_sort", tuple((name, name in self.numeric) for name in self.outputs))

    def decode(self, rows: list[tuple]) -> dict[str, list[tuple]]:
        """The statement's rows as the outputs of a run: each relation's distinct rows, sorted."""
        found: list[list] = [[] for _ in self.outputs]
        cut = self._cut
        for row in rows:
            at, end = cut[row[0]]
            found[at].append(row[1:end])
        out: dict[str, list[tuple]] = {}
        for (name, numeric), got in zip(self._sort, found):
            if not got:
                out[name] = []
            elif len(got) == 1:   # one row: distinct and sorted as it is
                out[name] = got
            else:   # rows may come twice (two patterns; a pattern's union). All-number rows sort
                # as tuples of ints: sorted_rows' order, without its key
                out[name] = sorted(set(got)) if numeric else sorted_rows(got)
        return out


#: When a pattern is kept in a table of its own. SQLite copies a common table expression's SELECT
#: at every reference before it evaluates it once, so a pattern read by many others, each read by
#: many more, grows the statement it parses exponentially: past 65,535 references to one table
#: SQLite refuses it (an argmin over three things' spans on a lattice with contested coordinates
#: reached 245,490). A pattern read more than once whose SELECTs expand to more than `STAGE`
#: table references is therefore filled by a statement of its own into a TEMP table, which the
#: patterns after it read as one reference. A chain of meets stays one statement.
STAGE = 128


#: The most SELECTs one compound (a UNION) may join: SQLite refuses more than 500.
COMPOUND = 450


def _staged(spec: Specialized, uses: Counter) -> set[str]:
    """The patterns kept in tables of their own: in order, each read more than once whose SELECTs
    expand to more than `STAGE` table references once SQLite has copied into them every pattern
    they read (a staged pattern is one reference)."""
    refs: dict[str, int] = {}
    staged: set[str] = set()
    for p in spec.patterns:   # each after what it reads
        refs[p.name] = n = sum(1 if a.relation in staged or a.relation not in refs else refs[a.relation]
                               for rule in p.rules for a in (*rule.positive, *rule.negative))
        if uses[p.name] > 1 and n > STAGE:
            staged.add(p.name)
    return staged


def render(spec: Specialized, program: Program, dialect: Sql, prefix: str = "",
           only: frozenset[str] | None = None) -> FusedPlan | None:
    """The statements of a specialised program, written by `dialect` (whose join order and
    quoting every SELECT follows); `prefix` names the tables of its staged patterns (unique per
    shape in a session). With `only`, the statements of those output relations alone (and of
    what they read): a caller that reads few outputs first runs less. None when a union would
    join more than `COMPOUND` SELECTs (the caller runs the rules as written)."""
    whole = spec
    uses = _uses(whole)   # the whole's: a part materialises (and stages) what the whole does
    if only is not None:
        spec = _restricted(spec, only)
    arity = {r.name: r.arity for r in program.relations}
    patterns = {p.name: p for p in spec.patterns}
    staged = _staged(spec, uses)
    table = {name: f"{prefix}{name}" for name in staged}

    bodies: dict[str, str] = {}   # pattern -> its union, written once (several statements may need it)

    def cte(p: Pattern, as_name: str | None = None) -> str:
        if p.name not in bodies:
            rules = [_renamed(rule, table, keep=p.name) for rule in p.rules]
            bodies[p.name] = dialect.union([dialect.select(rule, [ident(a.relation) for a in rule.positive])
                                            for rule in rules])
        # read more than once: evaluated once
        hint = "MATERIALIZED " if materialized(p) else ""
        return f"{ident(as_name or p.name)}({_columns(p)}) AS {hint}({bodies[p.name]})"

    def materialized(p: Pattern) -> bool:
        return uses[p.name] > 1 and not p.recursive

    def needed(roots) -> list[Pattern]:
        """The unstaged patterns `roots` read, directly or through other unstaged ones, in order."""
        want, todo = set(), [r for r in roots if r not in staged]
        while todo:
            name = todo.pop()
            if name not in want:
                want.add(name)
                todo += [r for r in patterns[name].reads if r not in staged]
        return [p for p in spec.patterns if p.name in want]

    def with_clause(ps: list[Pattern], last: str | None = None) -> str:
        parts = [cte(p) for p in ps] + ([last] if last else [])
        return f"WITH RECURSIVE {', '.join(parts)} " if parts else ""

    fills = []
    for p in spec.patterns:
        if p.name in staged:
            create = f"CREATE TEMP TABLE IF NOT EXISTS {ident(table[p.name])}({_columns(p)})"
            head = with_clause(needed(r for r in p.reads if r != p.name), cte(p, "this"))
            fill = f"{head}INSERT INTO {ident(table[p.name])} SELECT * FROM \"this\""
            fills.append((table[p.name], create, fill, _binds(fill)))
    outputs = tuple(r.name for r in program.outputs if only is None or r.name in only)
    partial = len(outputs) < len(program.outputs)
    width = max((arity[name] for name in outputs), default=0)
    roots = [n for names in spec.outputs.values() for n in names]
    ps = needed(roots)
    tags, parts = [], []
    for name in outputs:
        for pattern in spec.outputs.get(name, ()):
            open_columns = iter(range(arity[name]))
            cols = [str(len(tags))]
            for value in patterns[pattern].signature:
                cols.append(f"c{next(open_columns)}" if value is None else dialect.term(term_of(value)))
            cols += ["NULL"] * (width - arity[name])
            parts.append(f"SELECT {', '.join(cols)} FROM {ident(table.get(pattern, pattern))}")
            tags.append((name, arity[name]))
    numeric = frozenset(r.name for r in program.outputs if all(c.type == "number" for c in r.columns))
    if not parts:
        return FusedPlan("", (), outputs, numeric=numeric, spec=whole, partial=partial)
    first = _first_reads([ident(p.name) for p in ps if materialized(p)], width + 1)
    if len(first) + len(parts) > COMPOUND or any(len(p.rules) > COMPOUND for p in spec.patterns):
        return None
    sql = with_clause(ps) + " UNION ALL ".join(first + parts)
    return FusedPlan(sql, tuple(tags), outputs, tuple(fills), _binds(sql), numeric, whole, partial)


#: How many materialised patterns one SELECT of `_first_reads` names (SQLite joins 64 tables at most).
FIRST_READS = 32


def _first_reads(tables: list[str], width: int) -> list[str]:
    """SELECTs that return nothing and name `tables` (the statement's materialised patterns, each
    after what it reads), put first in the statement: SQLite then materialises each pattern at
    the head of the statement, in that order, and every other reference to it is a reuse.

    Why: SQLite plans a materialised common table expression's first reference with the row
    count it estimates for its SELECT, and every later reference (a reuse of the table it filled)
    with the default size of a table it knows nothing of, ~1M rows (select.c: `nRowLogEst` is set
    where the CTE is materialised, left at its default where the materialisation is reused).
    A pattern's estimate is often far too small (`admits` of a constraint, estimated from one
    `constraint_value` row, is a value's whole down-set: 26,508 coordinates on bench/spine.py's
    1.2M lattice), and a pattern first read inside another's join was then scanned once per
    outer row where a reuse gets an automatic index. Which reference came first depended on the
    order of the outputs' SELECTs: the statement of a question's outputs alone
    (engines/partial.py) planned such a meet in 350 ms where the whole statement took 40 ms.
    Read here first, every pattern's rules are planned with the patterns they read at the
    default size, the same in the whole statement and in any part of it."""
    nulls = ", ".join(["NULL"] * width)
    return [f"SELECT {nulls} FROM {' CROSS JOIN '.join(tables[i:i + FIRST_READS])} WHERE 0"
            for i in range(0, len(tables), FIRST_READS)]


def _uses(spec: Specialized) -> Counter:
    """How many times each pattern is read: by other patterns' rules, and as an output."""
    names = {p.name for p in spec.patterns}
    uses = Counter(a.relation for p in spec.patterns for rule in p.rules
                   for a in (*rule.positive, *rule.negative) if a.relation in names and a.relation != p.name)
    uses.update(name for names_ in spec.outputs.values() for name in names_)
    return uses


def _restricted(spec: Specialized, only: frozenset[str]) -> Specialized:
    """`spec` for the output relations in `only`: their patterns and those they read, directly or
    not, in the same order."""
    outputs = {name: patterns for name, patterns in spec.outputs.items() if name in only}
    reads = {p.name: p.reads for p in spec.patterns}
    want: set[str] = set()
    todo = [n for names in outputs.values() for n in names]
    while todo:
        name = todo.pop()
        if name not in want:
            want.add(name)
            todo += reads[name]
    return Specialized(tuple(p for p in spec.patterns if p.name in want), outputs)


def _binds(statement: str) -> int:
    """How many of the shape's values `statement` binds: the highest parameter it names (SQLite
    takes exactly that many)."""
    return max(map(int, re.findall(r"\?(\d+)", statement)), default=0)


def _columns(p: Pattern) -> str:
    """A pattern's column list: one per column it leaves open (a nullary one: its flag c0)."""
    return ", ".join(f"c{j}" for j in range(max(1, sum(1 for v in p.signature if v is None))))


def _renamed(rule: Rule, table: dict[str, str], keep: str) -> Rule:
    """`rule` reading each staged pattern from its table (its own name stays: a recursive
    pattern reads itself)."""
    if not table:
        return rule

    def atom(a: Atom) -> Atom:
        return Atom(table[a.relation], a.args) if a.relation in table and a.relation != keep else a
    body = tuple(Negation(atom(lit.atom)) if isinstance(lit, Negation) else atom(lit) if isinstance(lit, Atom) else lit
                 for lit in rule.body)
    return replace(rule, body=body)
