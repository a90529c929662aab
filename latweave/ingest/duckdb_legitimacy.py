"""The legitimacy report of a lattice whose predicates live in DuckDB: `check_lattice`'s, equal to it.

The DuckDB twin of ingest/spark_legitimacy.py (its module docstring gives the definitions, from
`legitimacy.fca` and `legitimacy.dependence`): the per-dimension checks on the head's dimension
graphs; the formal context and the dependent dimensions, which read every predicate, collected
and checked by the Python functions themselves when the context is within fca.MAX_CELLS
(spark_legitimacy.collected_report, shared), else as SQL aggregations over the distinct
(ikey, dkey, vkey), on integer ids (`_numbered`: ranks that keep the keys' order, so the groups
and pairs are the same) — co-occurring attributes grouped by their sorted extent, implications by
extent containment counted per pair (only when `fca.implication_work`, counted here too, is
within its cap), dependent dimensions by the value sets per instance and dimension. Results are
sorted here exactly as the Python functions sort them; a streamed lattice has no contested
coordinates (its writer refuses them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import SimpleNamespace

from latweave.folder.sql_lines import has_control, json_string
from latweave.ingest.flat import FlatSummary, flat_dimension_report
from latweave.ingest.spark_legitimacy import _attribute, collected_report
from latweave.lattice.model import Lattice
from latweave.lattice.names import normalize
from latweave.legitimacy import fca as fca_mod
from latweave.legitimacy.check import dimension_report
from latweave.legitimacy.dependence import Dependence
from latweave.legitimacy.report import FcaReport, LatticeReport

_SUBJECT = normalize("subject")


def dimension_reports(head: Lattice, flat_values: Mapping | None = None,
                      summaries: Mapping[str, FlatSummary] | None = None) -> tuple:
    """The per-dimension part of the report, by name: each dimension's checks on the head's
    graphs, a flat dimension's (`flat_values`, as `write_stream` takes them: the head declares it
    with ⊤ alone) read from its values (ingest/flat.py `flat_dimension_report`), or from its
    `summaries` (`flat_summaries`) where it has one."""
    flat_values, summaries = flat_values or {}, summaries or {}
    return tuple(replace(flat_dimension_report(d, flat_values[d.key], summary=summaries.get(d.key))
                         if d.key in flat_values else dimension_report(d), functional=d.functional, contested=0)
                 for d in sorted(head.dimensions.values(), key=lambda d: d.name))


def flat_summaries(con, head: Lattice, flat: Mapping, labels: str = "labels", keys: str = "keys",
                   limit: int | None = None, cap: int | None = None) -> dict[str, FlatSummary]:
    """The `FlatSummary` of each flat dimension (`flat`: dimension key → its scanned
    FlatDimension), read in SQL from `labels` (dkey, vkey, vlabel: ids into `keys`, as the DuckDB
    build holds them): each value's digest row `[key, label, [], null]` as legitimacy/check.py's
    `_json` writes it, sha256'd and summed as four 64-bit limbs (rows with a control character
    hashed in Python, `value_hash`), and its leaves in (label, key) order — all of them within the
    gate's `cap`, the first `limit` above it — so that the writer's Python never reads a flat
    dimension's values for its report (a fourth read, with a hash and a JSON row a value)."""
    from latweave.ingest.gate import STORED_LIST_LIMIT
    from latweave.legitimacy.check import CLOSURE_CAP, value_hash

    limit = STORED_LIST_LIMIT if limit is None else limit
    cap = CLOSURE_CAP if cap is None else cap
    if not flat:
        return {}
    ids = dict(con.execute(f"SELECT key, id FROM {keys} WHERE key IN (SELECT unnest(?::VARCHAR[]))",
                           [sorted(flat)]).fetchall())
    # one pass over a dimension's values: each row's control-character test, the sha256 of the
    # others' digest rows summed as four 64-bit limbs (each a HUGEINT sum: exact below 2^63 values),
    # and the rows with a control character listed for Python. Two passes with eight 32-bit limbs
    # took ~3.2 s of a thread for 1.7M values, this one ~2.35 s (docs/performance.md, round twenty-one)
    row = f"'[' || {json_string('key')} || ', ' || {json_string('label')} || ', [], null]'"
    limbs = ", ".join(f"sum(('0x' || substr(h, {1 + 16 * i}, 16))::UBIGINT)::VARCHAR" for i in range(4))
    out = {}
    for dkey in sorted(flat):
        values = f"FROM {labels} l JOIN {keys} k ON k.id = l.vkey WHERE l.dkey = {int(ids[dkey])}"
        *sums, odd = con.execute(f"""
            SELECT {limbs}, list([key, label]) FILTER (WHERE odd) FROM (
              SELECT key, label, odd, CASE WHEN odd THEN NULL ELSE sha256({row}) END AS h FROM (
                SELECT k.key AS key, l.vlabel AS label, {has_control("k.key || l.vlabel")} AS odd {values}))""").fetchone()
        total = sum(int(x or 0) << (64 * (3 - i)) for i, x in enumerate(sums))
        total += sum(value_hash([key, label, [], None]) for key, label in odd or ())
        leaves = tuple(con.execute(f"SELECT l.vlabel, k.key {values} ORDER BY l.vlabel, l.vkey "
                                   f"LIMIT {int(limit) if flat[dkey].n > cap else int(cap)}").fetchall())
        out[dkey] = FlatSummary(total, leaves)
    return out


def lattice_report(con, head: Lattice, predicates: str, *, dims: tuple | None = None, labels: str | None = None,
                   keys: str | None = None,
                   flat_values: Mapping | None = None, min_support: int = 2,
                   dependence_min_support: int = 5, max_cells: int = fca_mod.MAX_CELLS,
                   max_concepts: int = fca_mod.MAX_CONCEPTS,
                   max_work: int = fca_mod.MAX_IMPLICATION_WORK) -> LatticeReport:
    """`check_lattice(lattice)` of the lattice `head` + the DuckDB table `predicates` (columns ikey,
    dkey, vkey at least) on the connection `con`; `dims`: `dimension_reports(head, flat_values)`,
    when computed already; `labels`: a table (dkey, vkey, vlabel) of the labels of the values the
    head lacks (its flat dimensions', `flat_values`)."""
    fca, dependent = context_report(con, head, predicates, labels=labels, keys=keys, min_support=min_support,
                                    dependence_min_support=dependence_min_support, max_cells=max_cells,
                                    max_concepts=max_concepts, max_work=max_work)
    return LatticeReport(name=head.name, dimensions=dimension_reports(head, flat_values) if dims is None else dims,
                         fca=fca,
                         dependent=dependent)


def context_report(con, head: Lattice, predicates: str, *, labels: str | None = None, keys: str | None = None,
                   min_support: int = 2, dependence_min_support: int = 5, max_cells: int = fca_mod.MAX_CELLS,
                   max_concepts: int = fca_mod.MAX_CONCEPTS,
                   max_work: int = fca_mod.MAX_IMPLICATION_WORK) -> tuple[FcaReport, tuple[Dependence, ...]]:
    """The formal-context and dependence parts of the report (module docstring); `labels`: as
    `lattice_report` takes it. `keys`: a table (id, key) when the predicates' (and the labels')
    ikey, dkey and vkey are integer ids into it, ranks that keep the keys' order (the DuckDB
    build's: ingest/key_ids.py) — the context is then made and numbered on the ids, and the keys
    spelled only where the report names them."""
    if keys is not None:   # on ids: the labels are read where a value is named (`_numbered`'s attr_named)
        con.execute(f"CREATE OR REPLACE TEMP TABLE incidence AS SELECT DISTINCT ikey, dkey, vkey FROM {predicates}")
    elif labels is None:
        con.execute(f"CREATE OR REPLACE TEMP TABLE incidence AS SELECT DISTINCT ikey, dkey, vkey, "
                    f"NULL::VARCHAR AS vlabel FROM {predicates}")
    else:
        con.execute(f"CREATE OR REPLACE TEMP TABLE incidence AS SELECT i.*, l.vlabel FROM "
                    f"(SELECT DISTINCT ikey, dkey, vkey FROM {predicates}) i LEFT JOIN {labels} l USING (dkey, vkey)")
    try:
        n_g, n_m, incidences = con.execute("SELECT count(DISTINCT ikey), count(DISTINCT (dkey, vkey)), count(*) "
                                           "FROM incidence").fetchone()
        if n_g * n_m <= max_cells:
            spelled = ("SELECT ikey, dkey, vkey, vlabel FROM incidence" if keys is None else
                       f"SELECT gi.key, gd.key, gv.key, {'l.vlabel' if labels else 'NULL'} FROM incidence i "
                       f"JOIN {keys} gi ON gi.id = i.ikey JOIN {keys} gd ON gd.id = i.dkey JOIN {keys} gv ON gv.id = i.vkey"
                       + (f" LEFT JOIN {labels} l ON l.dkey = i.dkey AND l.vkey = i.vkey" if labels else ""))
            rows = [row if row[3] is not None else row[:3] for row in con.execute(spelled).fetchall()]
            fca, dependent = collected_report(head, rows, (n_g, n_m, incidences), min_support=min_support,
                                              dependence_min_support=dependence_min_support, max_cells=max_cells,
                                              max_concepts=max_concepts, max_work=max_work)
        else:
            _numbered(con, keys, labels)
            fca = fca_report(con, head, (n_g, n_m, incidences), min_support=min_support, max_cells=max_cells,
                             max_concepts=max_concepts, max_work=max_work)
            dependent = dependent_dimensions(con, head, min_support=dependence_min_support)
    finally:
        _drop_numbered(con)
        con.execute("DROP TABLE IF EXISTS incidence")
    return fca, dependent


def _numbered(con, keys: str | None = None, labels: str | None = None) -> None:
    """The context of table `incidence` on integer ids (made once, kept until `_drop_numbered`):
    `attr` (di, vi: the attribute's dkey and vkey; m: its rank by (dkey, vkey); d: its
    dimension's rank by dkey), `inc` (g: the object's rank by ikey, m, d), and the view
    `attr_named` (m, d, dkey, vkey, vlabel) that names an attribute where the report lists it.
    Ranks keep the keys' order, so a group, a sorted list or a `<` on ids is the same as on the
    keys — and the joins and groupings the report makes at scale run on integers, not strings.
    `keys`: `incidence` holds ids into that table (`context_report`), and `labels` (on the same
    ids) the flat values' labels: both read by `attr_named` alone."""
    try:
        con.execute("SELECT 1 FROM inc LIMIT 0")
        return
    except Exception:   # noqa: BLE001 — (duckdb.CatalogException: not made yet)
        pass
    columns = {row[0] for row in con.execute("DESCRIBE incidence").fetchall()}
    vlabel = "vlabel" if "vlabel" in columns else "NULL::VARCHAR"
    con.execute(f"""CREATE OR REPLACE TEMP TABLE attr AS
                    SELECT dkey AS di, vkey AS vi, (row_number() OVER (ORDER BY dkey, vkey))::INTEGER AS m,
                           (dense_rank() OVER (ORDER BY dkey))::INTEGER AS d{'' if keys else ', vlabel'}
                    FROM (SELECT dkey, vkey{'' if keys else f', any_value({vlabel}) AS vlabel'}
                          FROM incidence GROUP BY dkey, vkey)""")
    if keys is None:
        con.execute("CREATE OR REPLACE TEMP VIEW attr_named AS SELECT m, d, di AS dkey, vi AS vkey, vlabel FROM attr")
    else:
        label = "l.vlabel" if labels else "NULL::VARCHAR"
        joined = f" LEFT JOIN {labels} l ON l.dkey = a.di AND l.vkey = a.vi" if labels else ""
        con.execute(f"""CREATE OR REPLACE TEMP VIEW attr_named AS
                        SELECT a.m, a.d, kd.key AS dkey, kv.key AS vkey, {label} AS vlabel FROM attr a
                        JOIN {keys} kd ON kd.id = a.di JOIN {keys} kv ON kv.id = a.vi{joined}""")
    con.execute("""CREATE OR REPLACE TEMP TABLE inc AS
                   SELECT o.g, a.m, a.d FROM incidence i
                   JOIN (SELECT ikey, (row_number() OVER (ORDER BY ikey))::INTEGER AS g
                         FROM (SELECT DISTINCT ikey FROM incidence)) o USING (ikey)
                   JOIN attr a ON a.di = i.dkey AND a.vi = i.vkey""")


def _drop_numbered(con) -> None:
    con.execute("DROP VIEW IF EXISTS attr_named")
    for table in ("inc", "attr"):
        con.execute(f"DROP TABLE IF EXISTS {table}")


def _dimensions(con) -> dict[int, str]:
    """Each dimension's id in `attr` → its key (read off one attribute of each)."""
    firsts = [m for (m,) in con.execute("SELECT min(m) FROM attr GROUP BY d").fetchall()]
    if not firsts:
        return {}
    marks = ", ".join("?" for _ in firsts)
    return dict(con.execute(f"SELECT d, dkey FROM attr_named WHERE m IN ({marks})", firsts).fetchall())


def _subject_d(dimensions: Mapping[int, str]) -> int:
    """The `subject` dimension's id among `_dimensions` (-1 when it has none)."""
    return next((d for d, key in dimensions.items() if key == _SUBJECT), -1)


def _row(member) -> tuple[str, ...]:
    """A (dkey, vkey, vlabel) struct as DuckDB returns it (a tuple, or a dict of its unnamed fields)."""
    return tuple(member.values()) if isinstance(member, dict) else tuple(member)


def fca_report(con, head: Lattice, sizes: tuple[int, int, int], *, min_support: int = 2,
               max_cells: int = fca_mod.MAX_CELLS, max_concepts: int = fca_mod.MAX_CONCEPTS,
               max_work: int = fca_mod.MAX_IMPLICATION_WORK) -> FcaReport:
    """`legitimacy.check.check_fca` of the context in table `incidence` (distinct ikey, dkey, vkey,
    and vlabel where the head lacks the value's label), too large to collect; `sizes`: its
    objects, attributes and rows. On integer ids (`_numbered`)."""
    n_g, n_m, incidences = sizes
    concepts = fca_mod.next_closure_concepts(SimpleNamespace(objects=range(n_g), attributes=range(n_m)),
                                             max_concepts=max_concepts, max_cells=max_cells)
    if concepts.complete:
        raise ValueError("fca_report is for contexts above max_cells; collect a smaller one")
    _numbered(con)
    subject = _subject_d(_dimensions(con))
    con.execute(f"CREATE OR REPLACE TEMP TABLE support AS SELECT m, count(*) AS n FROM inc WHERE d <> {subject} "
                "GROUP BY m")
    try:
        groups = con.execute(f"""
            WITH extents AS (SELECT m, list_sort(list(g)) AS extent FROM inc WHERE d <> {subject} GROUP BY m
                             HAVING count(*) >= {int(min_support)})
            SELECT len(extent), list((a.dkey, a.vkey, a.vlabel)) FROM extents JOIN attr_named a USING (m)
            GROUP BY extent HAVING count(*) > 1""").fetchall()
        co = [fca_mod.CoOccurrence(tuple(sorted(_attribute(head, *_row(m)) for m in members)), n) for n, members in groups]
        co.sort(key=lambda c: (-c.support, c.attributes))
        skipped = fca_mod.implications_skipped(implication_work(con, min_support=min_support),
                                               min_support=min_support, max_work=max_work)
        if skipped:
            return FcaReport(objects=n_g, attributes=n_m, incidences=incidences, concepts=None,
                             message=concepts.message, co_occurring=tuple(co), implications=(),
                             implications_skipped=skipped, min_support=min_support)
        implied = con.execute(f"""
            WITH a AS (SELECT g, m AS am, n AS an FROM inc JOIN support USING (m) WHERE n >= {int(min_support)}),
                 b AS (SELECT g, m AS bm, n AS bn FROM inc JOIN support USING (m)),
                 both_ AS (SELECT am, an, bm, count(*) AS k FROM a JOIN b USING (g) WHERE bn > an
                           GROUP BY am, an, bm)
            SELECT x.dkey, x.vkey, x.vlabel, an, list((y.dkey, y.vkey, y.vlabel)) FROM both_
            JOIN attr_named x ON x.m = am JOIN attr_named y ON y.m = bm WHERE k = an GROUP BY x.dkey, x.vkey, x.vlabel, an""").fetchall()
        implications = [fca_mod.Implication(_attribute(head, ad, av, al),
                                            tuple(sorted(_attribute(head, *_row(m)) for m in then)), an)
                        for ad, av, al, an, then in implied]
        implications.sort(key=lambda i: (-i.support, i.premise))
    finally:
        con.execute("DROP TABLE IF EXISTS support")
    return FcaReport(objects=n_g, attributes=n_m, incidences=incidences,
                     concepts=len(concepts.found) if concepts.complete else None, message=concepts.message,
                     co_occurring=tuple(co), implications=tuple(implications), min_support=min_support)


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def implication_work(con, *, min_support: int = 2) -> int:
    """`fca.implication_work` of the context in table `incidence` (`subject` included, as in the
    Python context): per object, its attributes × those of at least `min_support` objects."""
    _numbered(con)
    return con.execute(f"""
        WITH support AS (SELECT m, count(*) AS n FROM inc GROUP BY m),
             per AS (SELECT g, count(*) AS own, count(*) FILTER (WHERE n >= {int(min_support)}) AS supported
                     FROM inc JOIN support USING (m) GROUP BY g)
        SELECT coalesce(sum(own * supported), 0) FROM per""").fetchone()[0]


#: Up to this many dimensions, dependence checks every pair of them; past it, only the pairs
#: that share `min_support` objects (found by one join of every object's dimensions first).
PAIRS_WITHOUT_FILTER = 24


def dependent_dimensions(con, head: Lattice, *, min_support: int = 5) -> tuple[Dependence, ...]:
    """`legitimacy.dependence.dependent_dimensions` of the lattice in table `incidence` (on
    integer ids: `_numbered`). Each object's value set on a dimension becomes one integer
    (`vals`: the value's rank for a single value, a negative id per distinct set otherwise), and
    each pair of dimensions is checked on its own query, whose rows are those of the objects
    the two share (never the pairs of every dimension at once: at 10M objects those are ~10⁹
    rows): d1 and d2 determine each other on them exactly when the distinct (set₁, set₂) pairs
    are as many as the distinct set₁ and as the distinct set₂."""
    _numbered(con)
    dimensions = _dimensions(con)
    subject = _subject_d(dimensions)
    con.execute(f"""CREATE OR REPLACE TEMP TABLE sets AS
                    SELECT g, d, list_sort(list(DISTINCT m)) AS l FROM inc WHERE d <> {subject} GROUP BY g, d""")
    try:
        con.execute("""CREATE OR REPLACE TEMP TABLE vals AS
                       SELECT g, d, s FROM (
                           SELECT g, d, l[1]::BIGINT AS s FROM sets WHERE len(l) = 1
                           UNION ALL
                           SELECT g, d, n.s FROM sets JOIN (
                               SELECT l, -(row_number() OVER (ORDER BY l)) AS s
                               FROM (SELECT DISTINCT l FROM sets WHERE len(l) > 1)) n USING (l))
                       ORDER BY d""")   # (clustered by dimension: a pair's query reads two runs of it)
        con.execute("DROP TABLE sets")
        present = [d for (d,) in con.execute("SELECT DISTINCT d FROM vals ORDER BY d").fetchall()]
        if len(present) <= PAIRS_WITHOUT_FILTER:
            pairs = [(d1, d2) for i, d1 in enumerate(present) for d2 in present[i + 1:]]
        else:
            pairs = con.execute(f"""SELECT x.d, y.d FROM vals x JOIN vals y USING (g) WHERE x.d < y.d
                                    GROUP BY x.d, y.d HAVING count(*) >= {int(min_support)}
                                    ORDER BY x.d, y.d""").fetchall()
        out = []
        for d1, d2 in pairs:
            shared, distinct, distinct_second, combos = con.execute("""
                SELECT count(*), count(DISTINCT x.s), count(DISTINCT y.s), count(DISTINCT (x.s, y.s))
                FROM (SELECT g, s FROM vals WHERE d = ?) x JOIN (SELECT g, s FROM vals WHERE d = ?) y USING (g)""",
                                                                    [d1, d2]).fetchone()
            if shared >= min_support and 2 <= distinct < shared and combos == distinct == distinct_second:
                first, second = sorted(head.dimensions[dimensions[k]].name for k in (d1, d2))
                out.append(Dependence(first, second, shared, distinct))
    finally:
        con.execute("DROP TABLE IF EXISTS sets")
        con.execute("DROP TABLE IF EXISTS vals")
    return tuple(sorted(out, key=lambda d: (d.first, d.second)))
