"""`latweave build KB --engine duckdb`: a line-based KB joined in DuckDB, written by the streamed writer.

The lattice is the one the Python build writes from the same file(s) — every file byte for byte
(tests/test_kb_duckdb.py compares them), with the same conventions (kb.py's docstring) — but no
Python `Lattice` of the whole KB is made. The same job as ingest/spark_kb.py (whose steps this
follows one for one), on DuckDB: in this process, on every core, spilling to disk beyond its
memory limit, with no Java.

* The lines are split by kb.py's own rules in worker processes, over line-aligned byte ranges
  of the document's text (ingest/kb_lines_split.py), into part files DuckDB reads; each line
  keeps its file, number and character offset in its document (per-range counts, summed here).
* Relation kinds, duplicates (the first evidence kept: file order, then line), first spellings,
  each instance's first mention and the refusal of contested coordinates are SQL aggregations;
  the ordered values were parsed once per distinct spelling and range with kb.py's `parse_value`.
* The *head* holds the dimensions and the ordered dimensions' values (`_head_values`); the flat
  dimensions' values — `subject`, the entity-valued relations and their inverses, a value for
  nearly every subject — stay in DuckDB (table `labels`) and the writer reads them in key order
  (`write_stream(flat_values=...)`, ingest/flat.py); `ingest.stream`'s writer takes the instances
  from DuckDB sorted by key, encoded (`_Encoded`: each predicate's slots joined in SQL, its
  predicates.jsonl line and each instance's instances.jsonl line spelled in SQL too —
  folder/sql_lines.py, from each line's text carried as its JSON string from the split — so that
  the writer's Python only moves them; its queries sort while the writer writes values.blocks).
* The legitimacy gate reports as `gate.Gate` does (ingest/duckdb_legitimacy.py; a flat
  dimension's part from its values' digest and leaves summed in SQL, `flat.flat_dimension_report`;
  the formal context's labels of flat values from `labels`).

Refused (`BulkRefused`, a CorpusError naming the file and line, with the hint to build without
`--engine duckdb`): a line with a period (start/end fields) and two values of one subject on a
functional relation (a contested coordinate: the streamed writer does not settle them). Nothing
at `--out` is touched then, and the plain `latweave build` falls back to the Python build
(ingest/living.py `build_sources`).

`ledger`: the build is a living lattice's first (`latweave build`): the source kept, its
history, the reader's state and the documents named by the kept source — the folder
`living.build_sources` writes through the Python model, byte for byte.

Memory: DuckDB's (`memory_limit`: $LATWEAVE_DUCKDB_MEMORY, else half the machine's, as the DuckDB
engine's sessions take it; it spills past it). A KB larger than 1/32 of the machine's memory has
its tables in a database file in a scratch folder beside `--out`, removed at the end, not in
memory (a smaller one stays in memory: `connect`): a table DuckDB stores is compressed
(dictionary and FSST for the key columns) where one of an in-memory database spills as it is —
the 10M-subject KB's triples spilled 40 GB that way and did not finish (docs/performance.md). The
triples table `t` is dropped as soon as the instances are declared. The streamed writer's arrays
(ingest/stream.py, ingest/flat.py: a few dozen bytes a value and a predicate, no Python object per
value or instance held), the head (dimensions and ordered values), and the documents as
`textio.TextFile`s, sliced, never held whole.
"""

from __future__ import annotations

import codecs
import itertools
from concurrent.futures import Future, ThreadPoolExecutor
from operator import lt
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterable, Iterator, NamedTuple, Sequence

from latweave.compile.symbols import encode_symbol
from latweave.errors import CorpusError, EngineError, LatticeError, LatweaveError
from latweave.folder.store import check_target
from latweave.ingest.flat import FlatDimension
from latweave.ingest.gate import Gate, NotLive, report_writer
from latweave.ingest.kb import (FUNCTIONAL, INVERSE, ORDERED_SHARE, SUBJECT, SUBJECT_SHARE, BuildReport)
from latweave.ingest.kb_lines_split import COLUMNS, LINE_FORMATS, split_files
from latweave.ingest.write import gc_paused
from latweave.ingest.stream import EncodedRows, Slots
from latweave.ingest.spark_kb import kb_files, name_documents, prepare
from latweave.lattice.model import Dimension, Lattice
from latweave.lattice.names import normalize
from latweave.textio import TextFile, second_bom

#: The formats the bulk build reads.
DUCKDB_FORMATS = LINE_FORMATS
_SUBJECT_KEY = normalize(SUBJECT)
_HINT = "build without --engine duckdb (the Python build settles it)"
#: DuckDB's own limit on a line of a CSV (its default): part rows longer than this raise it.
_LINE_BYTES = 2_097_152
#: Rows fetched from DuckDB at a time while the instances stream out.
FETCH_ROWS = 50_000
#: Instances whose predicates are fetched together (and cut apart in Python) as the stream is written.
CHUNK_INSTANCES = 4096


class BulkRefused(CorpusError):
    """What the bulk build does not build (a period, a contested coordinate): the Python build does."""


def build_kb_duckdb(path: Path | str | Sequence[Path | str], fmt: str, out: Path | str, *, strict: bool = False,
                    report: BuildReport | None = None, gate: Gate | None = None,
                    functional: Iterable[str] | None = None, ledger=None, inputs=None,
                    name: str | None = None) -> tuple[dict, BuildReport]:
    """`build_kb`'s lattice of the KB file(s) at `path` (a file, a folder of part files in name
    order, or a list of files read in order as one KB) of format `fmt`, joined in DuckDB and
    written by the streamed writer at `out` (atomically; through `gate` when given); returns
    (manifest, report). `ledger`: a living lattice's first build (module docstring)."""
    if fmt not in DUCKDB_FORMATS:
        raise LatweaveError(f"--engine duckdb builds a line-based KB (tsv, pathquestion, metaqa), not {fmt}",
                            hint="build it without --engine duckdb")
    report = report if report is not None else BuildReport()
    report.format = fmt
    files = kb_files(path) if isinstance(path, (str, Path)) else [Path(p) for p in path]
    first = path if isinstance(path, (str, Path)) else files[0]
    inputs = ((path,) if isinstance(path, (str, Path)) else tuple(files)) if inputs is None else tuple(inputs)
    check_target(out, inputs)
    texts: list[TextFile] = []
    scratch = Path(tempfile.mkdtemp(prefix=".latweave-duckdb-", dir=_scratch_parent(out)))
    job = None
    try:
        for p in files:  # read once, never held: bad bytes located here, as the Python build does
            with open(p, "rb") as head:   # two byte-order marks are refused, as textio.decode refuses them
                if head.read(6) == codecs.BOM_UTF8 * 2:
                    raise second_bom(str(p), CorpusError)
            texts.append(TextFile(p, CorpusError))
        one_valued = set(FUNCTIONAL[fmt] if functional is None else {normalize(r) for r in functional})
        job = _Job(Path(first), files, texts, fmt, report, strict, one_valued, scratch, name, ledger is not None)
        with gc_paused():   # (ingest/write.py: rows by the million, hardly a cycle)
            job.read()
            prepare(job, one_valued, functional, report)
            return job.write(out, gate, ledger, inputs), report
    except _duckdb_errors() as exc:  # DuckDB failed (out of memory, its spill disk full): a line, nothing at `out` touched
        raise _failed(exc) from None
    finally:
        if job is not None:
            job.close()
        for text in texts:
            text.close()
        shutil.rmtree(scratch, ignore_errors=True)


def _duckdb_errors() -> tuple[type[BaseException], ...]:
    import duckdb

    return (duckdb.Error,)


def _failed(exc: BaseException) -> EngineError:
    """The error for a DuckDB failure during a build, with what to change (as spark_kb's `_failed`)."""
    from latweave.engines.duckdb_engine import memory_limit

    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    memory = memory_limit()
    if "memory" in reason.lower():
        hint = (f"DuckDB had {memory} ($LATWEAVE_DUCKDB_MEMORY) and spills the rest into a folder beside --out: "
                "raise it, or free memory or disk there")
    else:
        hint = "check the disk beside --out (DuckDB spills there) and retry; or build without --engine duckdb"
    return EngineError(f"DuckDB failed while building the KB: {reason}", hint=hint)


def _scratch_parent(out: Path | str) -> str | None:
    """Where the build's scratch goes: beside `--out` (the disk the lattice is written to), or the
    system's temporary folder when that folder does not exist yet."""
    parent = Path(os.path.abspath(out)).parent
    return str(parent) if parent.is_dir() and os.access(parent, os.W_OK) else None


#: A KB whose text is at most this share of the machine's memory is joined in an in-memory
#: database; a larger one in a database file (module docstring). DuckDB's tables took ~11× the
#: text at 1M subjects (3.0 GB for 265 MB); the file costs 1–5 % at 100k–300k subjects (22.0–22.6
#: against 22.9–23.1 s, 68.2 against 71.4 s: docs/performance.md) and saves the spill beyond memory.
IN_MEMORY_SHARE = 1 / 32


def connect(scratch: Path, text_bytes: int = 0):
    """A DuckDB connection for one build of a KB of `text_bytes`: in memory when the KB is small
    beside the machine's memory (`IN_MEMORY_SHARE`), else a database file in `scratch` (its tables
    compressed: module docstring); threads = cores, memory bounded (the DuckDB engine's
    `memory_limit`), spilling into `scratch`."""
    import duckdb

    from latweave.engines.base import machine_memory
    from latweave.engines.duckdb_engine import memory_limit

    total = machine_memory()
    where = ":memory:" if total is not None and text_bytes <= total * IN_MEMORY_SHARE else str(scratch / "build.duckdb")
    return duckdb.connect(where, config={"threads": os.cpu_count() or 1, "memory_limit": memory_limit(),
                                         "temp_directory": str(scratch / "duckdb"), "preserve_insertion_order": False})


#: The processes busy beside DuckDB while a lattice is written: this thread (the stream), the
#: engine database's child and the predicates' deflating child (ingest/stream.py).
BUSY_WRITING = 3


def streaming_threads() -> int:
    """DuckDB's threads while the lattice is written (`_Job.write`): the cores the writer's own
    processes leave, at least one. Its queries then — the gate's on a side thread, the stream's
    sorts on another — each run on the thread that asked, as its workers would have on a machine
    already busy: at 300k subjects on two cores a second worker thread added ~2 s of CPU to the
    build and took none off its wall (docs/performance.md, round twenty)."""
    return max(1, (os.cpu_count() or 1) - BUSY_WRITING)


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _fetched(cursor) -> Iterator[tuple]:
    """The rows of a cursor's executed query, fetched FETCH_ROWS at a time."""
    while batch := cursor.fetchmany(FETCH_ROWS):
        yield from batch


def _batched(con, query: str, params: Sequence = ()) -> Iterator[tuple]:
    """The rows of `query` on a cursor of its own, fetched FETCH_ROWS at a time (the cursor closed
    when they end or the reader stops)."""
    cursor = con.cursor()
    try:
        cursor.execute(query, list(params))
        yield from _fetched(cursor)
    finally:
        cursor.close()


class _Job:
    """One DuckDB build: its connection, tables and the head."""

    def __init__(self, path: Path, files: list[Path], texts: list[TextFile], fmt: str, report: BuildReport,
                 strict: bool, one_valued: set[str], scratch: Path, name: str | None, living: bool = False):
        self.path, self.files, self.texts, self.fmt = path, files, texts, fmt
        self.report, self.strict, self.one_valued, self.scratch = report, strict, one_valued, scratch
        self.sources = [str(p) for p in files]
        self.living = living   # a living lattice's first build: its reader state needs the silent subjects
        self.con = connect(scratch, sum(t.size for t in texts))
        self.head = Lattice(name=name if name is not None else path.stem)
        self.inverse: dict[str, str] = {}      # entity-valued relation key → its inverse dimension's key

    def close(self) -> None:
        self.con.close()

    def sql(self, text: str, params: Sequence = ()):
        return self.con.execute(text, list(params))

    def _problem(self, kind: str, message: str, f: int, line: int) -> None:
        self.report.problem(kind, message, file=self.sources[f], line=line,
                            locator=None if kind == "malformed" else f"line {line}", strict=self.strict)

    def read(self) -> None:
        """The lines split (kb_lines_split.py), then the triples table `t` in DuckDB."""
        parts = split_files(self.fmt, [t.text_path for t in self.texts], self.scratch)
        self.skipped = sorted((f, line, kind, message) for f, _part, _line, _chars, problems, *_ in parts
                              for kind, line, message in problems)
        types = {"line": "BIGINT", "start": "BIGINT", "stop": "BIGINT", "date_bad": "INTEGER",
                 "number_bad": "INTEGER"}
        columns = "{" + ", ".join(f"'{c}': '{types.get(c, 'VARCHAR')}'" for c in COLUMNS) + "}"
        selects = [f"SELECT {f} AS f, line + {line} AS line, ({f}::BIGINT << 40) | (line + {line}) AS ord, "
                   f"start + {chars} AS start, stop + {chars} AS stop, s, r, o, skey, rkey, okey, date, number, "
                   f"date_bad, number_bad, source FROM read_csv({_quoted(str(part))}, delim='\t', quote='', escape='', "
                   f"header=false, auto_detect=false, new_line='\\n', columns={columns}, "
                   f"max_line_size={max(_LINE_BYTES, 4 * longest + 2)})"
                   for f, part, line, chars, _, written, longest in parts if written]
        if not selects:
            selects = ["SELECT 0::BIGINT f, 0::BIGINT line, 0::BIGINT ord, 0::BIGINT start, 0::BIGINT stop, "
                       "''::VARCHAR s, ''::VARCHAR r, ''::VARCHAR o, ''::VARCHAR skey, ''::VARCHAR rkey, "
                       "''::VARCHAR okey, NULL::VARCHAR date, NULL::VARCHAR number, NULL::INTEGER date_bad, "
                       "NULL::INTEGER number_bad, ''::VARCHAR source WHERE false"]
        self.sql("CREATE TABLE t AS " + " UNION ALL ".join(selects))
        for _, part, *_ in parts:
            part.unlink(missing_ok=True)

    def classify(self) -> None:
        """The reader's problems, the relations in first-seen order and their kinds (kb.classify_relation),
        and the head's dimensions."""
        report = self.report
        report.sources.extend(self.sources)
        for f, line, kind, message in self.skipped:
            if kind == "period":   # periods are the Python build's: never dropped silently
                raise BulkRefused(message, file=self.sources[f], line=line,
                                  hint="build without --engine duckdb: the Python build reads start/end fields")
            self._problem(kind, message, f, line)
        relations = self.sql("""
            WITH subjects AS (SELECT DISTINCT skey AS key FROM t)
            SELECT rkey, arg_min(r, ord) AS name, min(ord) AS first, count(*) AS total,
                   count(*) FILTER (WHERE subjects.key IS NOT NULL) AS as_subject,
                   count(date) AS date, count(number) AS number, count(date_bad) AS date_bad,
                   count(number_bad) AS number_bad
            FROM t LEFT JOIN subjects ON t.okey = subjects.key
            GROUP BY rkey ORDER BY first""").fetchall()
        report.triples_read += sum(row[3] for row in relations) + sum(k == "relation" for _, _, k, _ in self.skipped)
        self.used = [f for (f,) in self.sql("SELECT DISTINCT f FROM t ORDER BY f").fetchall()]

        head = self.head
        head.add_dimension(Dimension(SUBJECT, "taxonomy", functional=True, open=True))
        self.kinds: dict[str, str] = {}
        for rkey, name, _, total, as_subject, date, number, date_bad, number_bad in relations:
            kind = "taxonomy"
            if total and as_subject < SUBJECT_SHARE * total:
                for which, ok, bad in (("date", date, date_bad), ("number", number, number_bad)):
                    if ok and ok >= ORDERED_SHARE * (total - bad):
                        kind = which
                        break
            functional = rkey in self.one_valued
            self.kinds[rkey] = kind
            head.add_dimension(Dimension(name, kind, functional=functional, open=True))
            if kind == "taxonomy":
                self.inverse[rkey] = head.add_dimension(Dimension(INVERSE + name, "taxonomy", open=True)).key
            report.relations[name] = {"kind": kind, "triples": total, "functional": functional,
                                      "entity_valued": kind == "taxonomy"}

    def keep(self) -> None:
        """Each triple's value key (the object's key, or its parsed key on an ordered relation); a
        value that does not parse is reported; a triple seen twice enters once, with its first evidence."""
        self.sql("CREATE TABLE kinds (rkey VARCHAR, rkind VARCHAR)")
        if self.kinds:
            self.con.executemany("INSERT INTO kinds VALUES (?, ?)", sorted(self.kinds.items()))
        self.sql("CREATE TABLE entity (rkey VARCHAR, ikey VARCHAR)")
        if self.inverse:
            self.con.executemany("INSERT INTO entity VALUES (?, ?)", sorted(self.inverse.items()))
        self.sql("""CREATE TABLE v AS SELECT t.*, rkind,
                        CASE rkind WHEN 'taxonomy' THEN okey WHEN 'date' THEN date ELSE number END AS vkey
                    FROM t JOIN kinds USING (rkey)""")
        for f, line, o, kind, rkey in self.sql(
                "SELECT f, line, o, rkind, rkey FROM v WHERE vkey IS NULL ORDER BY ord").fetchall():
            self._problem("value", f"{o!r} is not a {kind} value of {self.head.dimensions[rkey].name!r}", f, line)
        self.sql("""CREATE TABLE kept AS
                    SELECT skey, rkey, vkey, count(*) AS seen, min(ord) AS ord, arg_min(f, ord) AS f,
                           arg_min(line, ord) AS line, arg_min(start, ord) AS start, arg_min(stop, ord) AS stop,
                           arg_min(s, ord) AS s, arg_min(o, ord) AS o, arg_min(rkind, ord) AS rkind,
                           arg_min(source, ord) AS source
                    FROM v WHERE vkey IS NOT NULL GROUP BY skey, rkey, vkey""")
        rows, seen = self.sql("SELECT count(*), sum(seen) FROM kept").fetchone()
        self.kept_rows = rows
        self.report.duplicates += (seen or 0) - rows
        self.sql("DROP TABLE v")

    def refuse_contested(self) -> None:
        """Two values of one subject on a functional relation: refused, naming the first such line."""
        functional = sorted(self.one_valued & set(self.kinds))
        if not functional:
            return
        marks = ", ".join("?" for _ in functional)
        second = self.sql(f"""
            WITH ranked AS (SELECT *, row_number() OVER (PARTITION BY skey, rkey ORDER BY ord) AS rank
                            FROM kept WHERE rkey IN ({marks}))
            SELECT b.f, b.line, b.s, b.o, b.rkey, a.f, a.line, a.o FROM ranked b
            JOIN ranked a ON a.skey = b.skey AND a.rkey = b.rkey AND a.rank = 1
            WHERE b.rank = 2 ORDER BY b.ord LIMIT 1""", functional).fetchone()
        if second is None:
            return
        f, line, s, o, rkey, f1, line1, o1 = second
        name = self.head.dimensions[rkey].name
        raise BulkRefused(f"{s!r} has a second value on functional relation {name!r}: {o!r} here, {o1!r} at "
                          f"{self.sources[f1]}:{line1} — a contested coordinate, which --engine duckdb does not "
                          "build", file=self.sources[f], line=line, hint=_HINT)

    def declare(self) -> None:
        """The documents, the instances (every subject, every object of an entity-valued relation:
        the first mention's spelling) and every dimension's values into the head."""
        self.docs, self.documents = name_documents(self.files, self.sources, self.texts, self.used)
        self.sql("""CREATE TABLE inst AS
                    SELECT key, arg_min(label, mention) AS label, arg_min(f, mention) AS f, arg_min(start, mention) AS start,
                           arg_min(stop, mention) AS stop, arg_min(source, mention) AS source FROM (
                        SELECT skey AS key, s AS label, 2 * ord AS mention, f, start, stop, source FROM t
                        UNION ALL
                        SELECT okey, o, 2 * ord + 1, f, start, stop, source FROM t JOIN entity USING (rkey))
                    GROUP BY key""")
        self.instance_rows = self.sql("SELECT count(*) FROM inst").fetchone()[0]
        # the subjects whose every triple was skipped (kb.py's reader state), while `t` is here
        self.silent = [k for (k,) in self.sql("SELECT DISTINCT skey FROM t EXCEPT SELECT DISTINCT skey FROM kept "
                                              "ORDER BY 1").fetchall()] if self.living else []
        # the flat dimensions' values with their labels (the first spelling): they stay here, the
        # writer and the gate read them in key order (`flat_values`), the head holds ⊤ alone
        self.sql(f"""CREATE TABLE labels AS
                     SELECT {_quoted(_SUBJECT_KEY)} AS dkey, key AS vkey, label AS vlabel FROM inst
                     UNION ALL SELECT rkey, vkey, arg_min(o, ord) FROM kept JOIN entity USING (rkey)
                               GROUP BY rkey, vkey
                     UNION ALL SELECT ikey, skey, arg_min(s, ord) FROM kept JOIN entity USING (rkey)
                               GROUP BY ikey, skey""")
        self._head_values()
        self.sql("DROP TABLE t")   # (every later step reads kept, inst and labels)

    def _head_values(self) -> None:
        """The ordered dimensions' values, declared in the head: the one place that does (the flat
        dimensions' — `subject`, the entity-valued relations and their inverses — are the writer's
        `flat_values`)."""
        head = self.head
        # ordered values through value_for_fact, first spelling first (its bounds, as the Python build adds them)
        for dkey, vkey, spelling in self.sql("""
                SELECT rkey, vkey, arg_min(o, ord) AS o FROM kept WHERE rkind <> 'taxonomy'
                GROUP BY rkey, vkey ORDER BY min(ord), rkey""").fetchall():
            if head.dimensions[dkey].value_for_fact(spelling) != vkey:
                raise LatticeError(f"value {spelling!r} of {head.dimensions[dkey].name!r} does not parse to the key "
                                   "it was grouped by", hint=_HINT)

    def flat_values(self) -> dict:
        """dimension key → a callable giving its (value key, label) pairs in ascending key order:
        `subject` (every instance's own name), each entity-valued relation (its objects, first
        spelling) and its inverse (the relation's subjects, first spelling). Read from the table
        `labels` on ids (`number`: an id's order is its key's), spelled by `self.spellings`."""
        spell = self.spellings.get

        def query(dkey: str):
            def values() -> Iterator[tuple[str, str]]:
                for vkey, label in _batched(self.con, "SELECT l.vkey, l.vlabel FROM labels l JOIN keys d "
                                                      "ON d.id = l.dkey WHERE d.key = ? ORDER BY l.vkey", [dkey]):
                    yield spell(vkey), label
            return values

        flat = [_SUBJECT_KEY, *(k for rkey, ikey in self.inverse.items() for k in (rkey, ikey))]
        return {dkey: query(dkey) for dkey in sorted(flat)}

    def number(self) -> None:
        """The keys as integer ids (ingest/key_ids.py: table `keys`, ranks that keep the keys'
        order) and the tables the writer and the gate read, on them: `preds` (ikey, dkey, vkey, f,
        start, stop, source: its line's JSON string) of every predicate — each instance's own name
        on `subject`, each kept triple, and its inverse when the relation is entity-valued;
        `names` (id, label, and its first mention's f, start, stop, source) of the instances;
        `labels` (dkey, vkey, vlabel) of the flat dimensions' values. The string tables are dropped;
        `self.spellings` reads a key back by id."""
        from latweave.ingest.key_ids import Spellings, number_keys

        subject = _quoted(_SUBJECT_KEY)
        _, kind = number_keys(self.con, ["SELECT key FROM inst", "SELECT vkey FROM kept", "SELECT rkey FROM kinds",
                                         "SELECT ikey FROM entity", f"SELECT {subject}"])
        (subject_id,) = self.sql(f"SELECT id FROM keys WHERE key = {subject}").fetchone()
        self.subject_id = subject_id
        self.sql("""CREATE TABLE names AS SELECT k.id, i.label, i.f, i.start, i.stop, i.source
                    FROM inst i JOIN keys k ON k.key = i.key""")
        self.sql("""CREATE TABLE kept_ids AS SELECT s.id AS s, r.id AS r, v.id AS v, k.f, k.start, k.stop, k.source
                    FROM kept k
                    JOIN keys s ON s.key = k.skey JOIN keys r ON r.key = k.rkey JOIN keys v ON v.key = k.vkey""")
        self.sql("""CREATE TABLE entity_ids AS SELECT r.id AS r, i.id AS i FROM entity e
                    JOIN keys r ON r.key = e.rkey JOIN keys i ON i.key = e.ikey""")
        self.sql(f"""CREATE TABLE preds AS
                     SELECT id AS ikey, {subject_id}::{kind} AS dkey, id AS vkey, f, start, stop, source FROM names
                     UNION ALL SELECT s, r, v, f, start, stop, source FROM kept_ids
                     UNION ALL SELECT v, e.i, s, f, start, stop, source FROM kept_ids JOIN entity_ids e USING (r)""")
        self.sql("""CREATE TABLE label_ids AS SELECT d.id AS dkey, v.id AS vkey, l.vlabel FROM labels l
                    JOIN keys d ON d.key = l.dkey JOIN keys v ON v.key = l.vkey""")
        for table in ("kept_ids", "entity_ids", "kept", "inst", "labels"):
            self.sql(f"DROP TABLE {table}")
        self.sql("ALTER TABLE label_ids RENAME TO labels")
        self.spellings = Spellings(self.con)

    def write(self, out, gate: Gate | None, ledger, inputs) -> dict:
        """The lattice at `out`, the instances streamed in key order with the flat dimensions'
        values (`flat_values`), through the legitimacy gate: its per-dimension checks (the head's
        dimensions, the flat ones read from DuckDB) and its formal-context and dependence parts
        in DuckDB first; the verdict is taken before the folder is installed (an attachment of
        the one atomic write), so a refusal leaves `--out` untouched."""
        from latweave.ingest.duckdb_legitimacy import context_report, dimension_reports, flat_summaries
        from latweave.ingest.write import write_stream
        from latweave.legitimacy.report import LatticeReport

        report, head = self.report, self.head
        self.number()
        self.con.execute(f"SET threads = {streaming_threads()}")   # (no query runs now: the setting is global)
        # the gate's formal context and dependence, then the large flat dimensions' digests and
        # first leaves: SQL, on DuckDB's threads while this one scans the flat dimensions and writes
        # (its own connection to the database: the temporary tables are its own). The context goes
        # first, before the scan: it needs none of it, and the scan is Python on one core, which
        # left DuckDB's threads idle for its 1.5 s (300k KB; docs/performance.md, round nineteen)
        side = ThreadPoolExecutor(1) if gate is not None else None
        cursor = self.con.cursor() if gate is not None else None
        written = [0, 0]
        judged: list = []
        made: dict = {}   # the writer's counts (the history line) and the flat values' classes (the reader state)
        encoded = None
        try:
            context = side.submit(context_report, cursor, head, "preds", labels="labels", keys="keys") \
                if side is not None else None
            # the flat dimensions scanned once, for the writer and the gate's per-dimension part
            flat = {key: FlatDimension(head.dimensions[key], values, keys_vouched=True).scan()
                    for key, values in self.flat_values().items()}
            summaries = side.submit(flat_summaries, cursor, head, flat) if side is not None else None

            def legitimacy(folder: Path) -> None:
                """The gate's verdict (NotLive: the write is abandoned) and legitimacy.json (while the
                writer's engine database is written beside: write.write_stream)."""
                assert gate is not None and context is not None and summaries is not None   # (attached with a gate)
                fca, dependent = context.result()
                verdict = LatticeReport(name=head.name, dimensions=dimension_reports(head, flat, summaries.result()),
                                        fca=fca, dependent=dependent)
                gate.report = verdict
                if not verdict.ok and not gate.allow:
                    raise NotLive(verdict)
                judged.append(verdict)
                report_writer(verdict)(folder)

            attachments = {}
            if gate is not None:
                attachments["legitimacy"] = legitimacy
            if ledger is not None:
                attachments["sources"] = self._living(ledger, judged, made)
            encoded = _Encoded(self, written)
            manifest = write_stream(head, encoded, out, inputs=inputs, attachments=attachments,
                                    documents=self.documents, flat_values=flat,
                                    stored_sources=_stored_sources(ledger), made=made,
                                    instance_values=_SUBJECT_KEY)
        finally:
            if encoded is not None:
                encoded.close()   # (its queries ended before the connection closes, whatever happened)
            if side is not None:   # (the SQL ended before its connection closes)
                side.shutdown(wait=True, cancel_futures=True)
                cursor.close()
        report.instances, report.predicates = written
        report.dimensions, report.documents = len(head.dimensions), len(self.documents)
        return manifest

    def _living(self, ledger, judged: list, made: dict):
        """The attachment that makes the folder a living lattice's (what `write.save_layers` writes
        for one source with a ledger): the sources kept, the reader's state, sources.json and
        history.jsonl (their counts and the flat dimensions' classes the writer's, `made`;
        documents.jsonl, naming the kept source where its bytes are the text, is the writer's:
        `stored_sources`)."""
        from latweave.ingest.layered import reader_state
        from latweave.ingest.write import write_reader_state

        silent = self.silent   # the subjects whose every triple was skipped (declare)

        def attach(folder: Path) -> None:
            ledger.store(folder)
            self.head.reader_state = {"silent_subjects": silent}
            try:
                state = reader_state(self.head)
            finally:
                self.head.reader_state = None
            # the flat dimensions' values are the writer's (the head holds ⊤ alone): their classes too
            state["classed"] = dict(sorted({**state["classed"], **{
                key: dict(sorted(members.items())) for key, members in made["members"].items() if members}}.items()))
            write_reader_state(folder, state)
            if judged:   # (the legitimacy attachment ran first: names sort before this one's)
                legitimacy = judged[0]
                names = [d.name for d in legitimacy.dimensions]
                checked = set(names) if legitimacy.checked is None else set(legitimacy.checked)
                ledger.change["legitimacy"] = {"checked": [n for n in names if n in checked],
                                               "kept": sorted(set(names) - checked)}
            ledger.write(folder, made["counts"], frozenset(), {})   # (the stream is written when attachments run)
        return attach


class _Started(NamedTuple):
    """What `_Encoded.begin` started: the thread its queries run on, the stream's two queries
    (their future and cursors) and the slot counts (their cursor and future)."""

    side: ThreadPoolExecutor
    executed: Future
    instances: Any
    predicates: Any
    counter: Any
    counted: Future


class _Encoded(EncodedRows):
    """A DuckDB build's instances as the writer's encoded rows (ingest/stream.py `EncodedRows`):
    each predicate's dimension and value slots joined in SQL (a flat dimension's value k: its
    rank among the dimension's values in `labels`, the writer's order; a head value: the slot the
    writer gives its string, for the dimension that declares it), the rows sorted by ids (the
    keys' order: the canonical one), each line spelled in SQL from the keys' JSON strings and its
    KB line's (folder/sql_lines.py) without a Predicate. What the writer's `_checked` would refuse
    cannot come from here: one line a kept triple (each (instance, dimension, value) once: the
    (instance, dimension slot, value slot) of the stream checked ascending, `_instances`), values
    declared (a predicate no join finds is counted missing, and refused), no qualifier, no
    contested functional coordinate (`refuse_contested`), evidence the KB line it names (its text
    carried from the split, where the line was read)."""

    def __init__(self, job: "_Job", written: list[int]):
        self.job, self.written = job, written
        self._started: _Started | None = None   # (`begin`)
        self._tabled = False   # the slots' tables made (`_slotted`)
        self._expected = 0

    def _slotted(self, slots: Slots) -> None:
        """Where the writer keeps each dimension's and value's string (`slots`), as tables (once):
        `dslots` (a dimension's id, its slot, its first value's slot when it is flat), `hslots` (a
        head value's dimension and value ids, its slot), `flatk` (a flat value's dimension and
        value ids, its position k among the dimension's values: the writer's key order)."""
        if self._tabled:
            return
        self._tabled = True
        job, head = self.job, self.job.head
        # (tables, not TEMP ones: the queries read them on cursors of their own, connections of their own)
        # the head's few dimension keys by id, looked up once (every predicate's dkey is one)
        dimension = dict(job.sql("SELECT id, key FROM keys WHERE key IN (SELECT unnest(?::VARCHAR[]))",
                                 [sorted(head.dimensions)]).fetchall())
        ids = sorted(dimension)
        job.sql("""CREATE TABLE dslots AS SELECT unnest(?::INTEGER[]) AS id,
                   unnest(?::INTEGER[]) AS slot, unnest(?::INTEGER[]) AS base""",
                [ids, [slots.head[dimension[i]] for i in ids], [slots.flat.get(dimension[i]) for i in ids]])
        declared = [(key, value, slots.head[value]) for key, d in sorted(head.dimensions.items())
                    if key not in slots.flat for value in sorted(d.labels)]
        job.sql("""CREATE TABLE hslots AS
                   SELECT d.id AS did, v.id AS vid, h.slot FROM (SELECT unnest(?::VARCHAR[]) AS dkey,
                   unnest(?::VARCHAR[]) AS vkey, unnest(?::INTEGER[]) AS slot) h
                   JOIN keys d ON d.key = h.dkey JOIN keys v ON v.key = h.vkey""",
                [[d for d, _, _ in declared], [v for _, v, _ in declared], [n for _, _, n in declared]])
        job.sql("""CREATE TABLE flatk AS SELECT dkey, vkey,
                   (row_number() OVER (PARTITION BY dkey ORDER BY vkey) - 1)::INTEGER AS k FROM labels""")

    def number_symbols(self, small, slots: Slots, final, out) -> int:
        """The symbols numbered here (`EncodedRows.number_symbols`): every string — the head's
        (`small`) and the flat values' keys — ranked in one window (DuckDB compares VARCHARs by
        their UTF-8 bytes: the code-point order the writer's merge sorts by), each slot's rank
        into `final`, symbols.jsonl's lines spelled in SQL (folder/sql_lines.py) — instead of the
        writer's merge of every flat dimension read again from here, in Python."""
        from latweave.folder.sql_lines import json_table

        job, con = self.job, self.job.con
        self._slotted(slots)
        job.sql("CREATE TABLE hstr AS SELECT unnest(?::VARCHAR[]) AS s, unnest(?::BIGINT[]) AS slot",
                [list(small), list(range(len(small)))])
        job.sql("""CREATE TABLE strs AS SELECT s, slot FROM hstr UNION ALL
                   SELECT k.key, d.base + f.k FROM flatk f JOIN dslots d ON d.id = f.dkey JOIN keys k ON k.id = f.vkey""")
        job.sql("CREATE TABLE syms AS SELECT s, row_number() OVER (ORDER BY s) - 1 AS id FROM (SELECT DISTINCT s FROM strs)")
        for slot, id_ in _batched(con, "SELECT t.slot, y.id FROM strs t JOIN syms y USING (s)"):
            final[slot] = id_
        json_table(con, "symjson", "SELECT id, s FROM syms")
        (count,) = job.sql("SELECT count(*) FROM symjson").fetchone()
        out.writelines(line for (line,) in _batched(con, "SELECT j || chr(10) FROM symjson ORDER BY id"))
        for table in ("hstr", "strs", "syms", "symjson"):
            job.sql(f"DROP TABLE {table}")
        return count

    def begin(self, slots: Slots) -> None:
        """The tables the stream reads, then its two queries (instances, predicates) run on a
        thread of their own: DuckDB sorts on its threads while the writer writes values.blocks."""
        from latweave.folder.sql_lines import instance_line, json_table, predicate_line

        if self._started is not None:
            return
        job = self.job
        con = job.con
        self._slotted(slots)
        (self._expected,) = job.sql("SELECT count(*) FROM preds").fetchone()
        # every predicate with its dimension's and value's slots: streamed in order here, counted
        # per slot pair when the stream ends (`slot_counts`)
        job.sql("""CREATE VIEW slotted AS
            SELECT p.ikey, p.dkey, p.vkey, p.f, p.start, p.stop, p.source, d.slot AS ds, d.base + l.k AS vs
              FROM preds p JOIN dslots d ON d.id = p.dkey JOIN flatk l ON l.dkey = p.dkey AND l.vkey = p.vkey
            UNION ALL
            SELECT p.ikey, p.dkey, p.vkey, p.f, p.start, p.stop, p.source, d.slot, h.slot FROM preds p
              JOIN dslots d ON d.id = p.dkey JOIN hslots h ON h.did = p.dkey AND h.vid = p.vkey""")
        # the strings of the lines as JSON strings (folder/sql_lines.py): the keys', the
        # documents' (a few), the instances' labels; the source texts' came so (kb_lines_split.py)
        json_table(con, "kjson", "SELECT id, key FROM keys")
        json_table(con, "ljson", "SELECT id, label FROM names")
        docs = sorted(job.docs.items())
        job.sql("CREATE TABLE djson AS SELECT unnest(?::INTEGER[]) AS f, unnest(?::VARCHAR[]) AS j",
                [[f for f, _ in docs], [encode_symbol(doc) for _, doc in docs]])
        line = predicate_line("i.j", "d.j", "v.j", "o.j", "s.start", "s.stop", "s.source")
        # per instance in key order: its `subject` predicate's value slot (its position among the
        # subjects), its line and how many predicates it has; then every predicate in canonical
        # order with its slots and line — fetched an instance chunk's worth at a time (`_instances`)
        instances, predicates = con.cursor(), con.cursor()

        def execute() -> None:
            instances.execute(f"""
                SELECT g.ikey, g.own, {instance_line('l.j')}, g.n FROM (
                    SELECT ikey, count(*) AS n, max(vs) FILTER (WHERE dkey = ? AND vkey = ikey) AS own
                    FROM slotted GROUP BY ikey) g JOIN ljson l ON l.id = g.ikey
                ORDER BY g.ikey""", [job.subject_id])
            predicates.execute(f"""
                SELECT s.ikey, s.ds, s.vs, {line} FROM slotted s JOIN kjson i ON i.id = s.ikey
                  JOIN kjson d ON d.id = s.dkey JOIN kjson v ON v.id = s.vkey JOIN djson o ON o.f = s.f
                ORDER BY s.ikey, s.dkey, s.vkey""")

        # the predicates per (dimension slot, value slot), for the writer's derived counts
        # (`slot_counts`): counted on the same thread once the sorts are done, while the stream is
        # written — after it, the count ran beside the engine database's child's last sorts
        counter = con.cursor()

        def count() -> None:
            counter.execute("CREATE TABLE slot_counts AS SELECT ds, vs, count(*) AS n FROM slotted GROUP BY ds, vs")

        side = ThreadPoolExecutor(1)
        self._started = _Started(side, side.submit(execute), instances, predicates, counter, side.submit(count))

    def rows(self, slots: Slots) -> Iterator[tuple[int, str, list[str], list[int], list[int]]]:
        self.begin(slots)
        started = self._started
        assert started is not None
        job, written = self.job, self.written
        try:
            started.executed.result()
            yield from self._instances(_fetched(started.instances), started.predicates, slots.flat[_SUBJECT_KEY])
        finally:
            self.close()
        if written[1] != self._expected:
            raise LatticeError(f"{self._expected - written[1]} predicate(s) named a value no dimension declares",
                               hint=_HINT)
        started.counted.result()   # (the slot counts, made by `begin`'s thread: `slot_counts` reads them)
        job.sql("DROP VIEW slotted")
        for table in ("dslots", "hslots", "flatk", "kjson", "ljson", "djson"):
            job.sql(f"DROP TABLE {table}")

    def close(self) -> None:
        """The queries `begin` started (the stream's two, the slot counts) waited for and their
        cursors closed (at most once)."""
        started, self._started = self._started, None
        if started is None:
            return
        started.side.shutdown(wait=True)
        for cursor in (started.instances, started.predicates, started.counter):
            cursor.close()

    def _instances(self, instances: Iterator[tuple], predicates, first: int) -> Iterator[tuple]:
        """The writer's items from the instances' rows and the predicates' cursor (`rows`): the
        predicates of a chunk of instances fetched together, their columns cut per instance;
        refused unless every instance's predicates come in canonical order, none twice
        ((instance, dimension slot, value slot) ascending over the whole stream: the slots keep
        the keys' order) and as many as its count."""
        written = self.written
        last = (-1, -1, -1)
        for chunk in iter(lambda: list(itertools.islice(instances, CHUNK_INSTANCES)), []):
            rows = predicates.fetchmany(sum(row[3] for row in chunk))
            ikeys, dims, values, lines = (list(column) for column in zip(*rows)) if rows else ([], [], [], [])
            keys = list(zip(ikeys, dims, values))
            if not (all(map(lt, keys, keys[1:])) and (not keys or last < keys[0])):
                raise LatticeError("the instances' predicates came out of order or repeated", hint=_HINT)
            at = 0
            for ikey, own, line, n in chunk:
                end = at + n
                if end > len(keys) or keys[at][0] != ikey or keys[end - 1][0] != ikey:
                    raise LatticeError(f"instance {line.strip()} came without its {n} predicates", hint=_HINT)
                written[0] += 1
                written[1] += n
                yield (-1 if own is None else own - first), line, lines[at:end], dims[at:end], values[at:end]
                at = end
            if keys:
                last = keys[-1]

    def slot_counts(self) -> Iterator[tuple[int, int, int]]:
        """The predicates per (dimension slot, value slot), counted by DuckDB while `rows`
        streamed (`begin`; `EncodedRows.slot_counts`); the table dropped once read."""
        yield from _batched(self.job.con, "SELECT ds, vs, n FROM slot_counts")
        self.job.sql("DROP TABLE slot_counts")


def _stored_sources(ledger) -> dict[str, tuple[str, str]]:
    """The documents a kept source holds (write.save_layers' `_stored_sources`)."""
    from latweave.ingest.write import _stored_sources as stored

    return stored(ledger)
