"""`latweave build KB --engine spark`: a line-based KB read and joined by Spark, written by the streamed writer.

The lattice is the one `ingest.builds.build_kb` builds from the same file(s) — every file byte for
byte (tests/test_spark_kb.py compares them) — with the same conventions (kb.py's docstring), but
no Python `Lattice` of the whole KB is ever made:

* Spark reads the lines (a file, or a folder of part files taken in name order) and splits them in
  its Python workers with kb.py's own splitting; each line keeps its file, number and character
  offset in its document (per-partition line and character counts, summed on the driver), so a
  predicate cites its exact line, offsets passed, never searched;
* relation kinds, duplicates (the first evidence kept: file order, then line), first spellings and
  each instance's first mention are Spark aggregations; the ordered values are parsed once per
  distinct spelling with kb.py's `parse_value`;
* the driver builds the *head* (dimensions with their values, ⊤, bounds and synonyms) and
  `ingest.stream`'s writer takes the instances from Spark sorted by key: flat predicate rows
  (range partitions, `toLocalIterator`: one partition on the driver at a time), grouped by
  instance on the driver;
* the legitimacy gate reports as `gate.Gate` does: the per-dimension checks on the head's
  dimension graphs, the formal-context and dependence parts (which need the instances) as Spark
  aggregations equal to `legitimacy.fca` / `legitimacy.dependence` (NextClosure's concept count,
  capped at fca.MAX_CELLS cells, on the collected context as before).

Refused, with a LatweaveError naming the file and line and the hint to build without
`--engine spark`: a 2Wiki file (its entity resolution and per-question documents are Python-only),
and two values of one subject on a functional relation (a contested coordinate: the streamed
writer does not settle them). Nothing at `--out` is touched then. Spark failing (its JVM out of
memory, say) is an EngineError with Spark's reason and what to change, and touches nothing either.

Memory: the driver holds the head with the ordered dimensions' values; the flat dimensions'
(`subject`, which names every instance, the entity-valued relations and their inverses) are
read from Spark in key order when the writer and the gate ask (`write_stream(flat_values=...)`,
ingest/flat.py: arrays of ints on the driver, ~30 bytes a value); instances, predicates and facts stream, and so do the documents: each KB file is a
`textio.TextFile`, read once when the build starts (bad bytes located as the Python build does),
then sliced for the evidence checks and streamed into documents.jsonl, never held whole.
"""

from __future__ import annotations

import codecs
import itertools
from pathlib import Path
from typing import Iterable, Iterator

from latweave.engines.spark_context import driver_memory, spark_errors, spark_message
from latweave.errors import CorpusError, EngineError, LatticeError, LatweaveError
from latweave.ingest.gate import Gate, NotLive, report_writer
from latweave.ingest.kb import (FORMATS, FUNCTIONAL, INVERSE, ORDERED_SHARE, PATHQUESTION_SHAPE, SUBJECT,
                                SUBJECT_SHARE, BuildReport, metaqa_split, parse_value, unreadable_value)
from latweave.ingest.kb_lines import is_header
from latweave.lattice.model import Dimension, Evidence, Lattice, Predicate
from latweave.ingest.write import write_stream
from latweave.lattice.names import normalize, visible
from latweave.folder.store import check_target
from latweave.textio import TextFile, second_bom

#: The formats Spark reads: one triple per line.
SPARK_FORMATS = ("tsv", "pathquestion", "metaqa")
_SHAPE = {"tsv": PATHQUESTION_SHAPE, "pathquestion": PATHQUESTION_SHAPE, "metaqa": "subject|relation|object"}
_SUBJECT_KEY = normalize(SUBJECT)
_HINT = "build without --engine spark (the Python build settles it)"


def kb_files(path: Path | str) -> list[Path]:
    """The KB's files: `path` itself, or the files of folder `path` in name order (hidden ones skipped)."""
    path = Path(path)
    if path.is_dir():
        files = sorted((p for p in path.iterdir() if p.is_file() and not p.name.startswith(".")),
                       key=lambda p: p.name)
        if not files:
            raise CorpusError("a KB folder with no part files", file=str(path),
                              hint="pass a KB file, or a folder of KB part files")
        return files
    if not path.is_file():
        raise CorpusError("no such KB file or folder", file=str(path))
    return [path]


def session(master: str | None = None):
    """The SparkSession, or EngineUnavailable (exit 4, as for `run --engine spark`) saying why
    Spark cannot run here. The KB's lines are split in Spark's Python workers: they run this
    interpreter (spark_context sets $PYSPARK_PYTHON unless it names one)."""
    from latweave.engines.spark_context import spark, spark_problem
    from latweave.errors import EngineUnavailable

    problem = spark_problem(master)
    if problem is not None:
        raise EngineUnavailable(f"--engine spark cannot run here: {problem}",
                            hint="build without --engine spark (the Python build needs neither Java nor pyspark)")
    active = spark(master)
    if not hasattr(active, "sparkContext") or getattr(active.sparkContext, "_jsc", None) is None:
        raise LatweaveError("build --engine spark reads the KB through Spark's RDD API, which Spark Connect "
                            "($SPARK_REMOTE) does not offer", hint="pass --spark-master URL (or local[*])")
    return active


# ------------------------------------------------------------------------------------------ lines

def _split_partition(fmt: str, bases: dict[int, tuple[int, int, int]]):
    """The per-partition parser: every line → a triple row or a problem row (kb.py's messages)."""
    shape = _SHAPE[fmt]
    split = (lambda t: t.split("\t")) if fmt in ("tsv", "pathquestion") else metaqa_split
    reserved = normalize(SUBJECT)

    def parse(index: int, lines: Iterable[str]) -> Iterator[tuple]:
        f, line, start = bases[index]
        for raw in lines:
            if line == 0 and start == 0 and raw.startswith("\ufeff"):  # the BOM, dropped as read_text does
                raw = raw[1:]
            line += 1
            at, start = start, start + len(raw) + 1
            cells = split(raw)
            if not raw.strip() and len(cells) <= 1:   # a blank line; `\t\t` is three empty fields
                continue
            if fmt == "tsv" and line == 1 and is_header(cells):   # a header, skipped as kb.read_tsv_kb does
                continue
            if fmt in ("tsv", "pathquestion") and len(cells) in (4, 5):
                yield ("period", f, line, "a line with start/end fields (a period) — which --engine spark "
                       "does not read", None, None, None, None, None, None, None, None)
                continue
            if len(cells) != 3:
                yield ("malformed", f, line, f"expected {shape}, found {len(cells)} field(s)", None,
                       None, None, None, None, None, None, None)
                continue
            if not all(visible(c) for c in cells):   # kb.py's messages
                what = "empty field" if not all(c.strip() for c in cells) else "a field with no visible character"
                yield ("malformed", f, line, f"{what} in {shape}", None, None, None, None, None, None,
                       None, None)
                continue
            s, r, o = (c.strip() for c in cells)
            rkey = normalize(r)
            if rkey == reserved or rkey.startswith(INVERSE):
                yield ("relation", f, line, f"relation {r!r} collides with the dimension naming "
                       f"({SUBJECT!r}, {INVERSE!r}…); triple skipped", None, None, None, None, None, None,
                       None, None)
                continue
            yield ("triple", f, line, raw, at, at + len(raw), s, r, o, normalize(s), rkey, normalize(o))
    return parse


def _counts(index: int, lines: Iterable[str]) -> Iterator[tuple[int, int, int, bool]]:
    """(partition, lines, characters with one per line end, whether its first line starts with a BOM)."""
    n = chars = 0
    bom = False
    for raw in lines:
        if n == 0:
            bom = raw.startswith("\ufeff")
        n += 1
        chars += len(raw) + 1
    yield index, n, chars, bom


def _read_lines(active, files: list[Path], fmt: str):
    """The DataFrame of every line's triple or problem (kind, f, line, text, start, end, s, r, o,
    skey, rkey, okey), one file after another in `files` order."""
    from pyspark.sql.types import LongType, StringType, StructField, StructType

    sc = active.sparkContext
    rdds = [sc.textFile(str(p.resolve())) for p in files]
    owner = [f for f, rdd in enumerate(rdds) for _ in range(rdd.getNumPartitions())]
    lines = sc.union(rdds) if len(rdds) > 1 else rdds[0]
    counted = sorted(lines.mapPartitionsWithIndex(_counts).collect())
    bases, line, start, previous = {}, 0, 0, None
    for index, n, chars, bom in counted:
        if owner[index] != previous:  # a file's first partition: its BOM is no character of the document
            line, start, previous = 0, 0, owner[index]
            chars -= bom
        bases[index] = (owner[index], line, start)
        line, start = line + n, start + chars
    schema = StructType([StructField("kind", StringType(), False), StructField("f", LongType(), False),
                         StructField("line", LongType(), False), StructField("text", StringType()),
                         StructField("start", LongType()), StructField("end", LongType()),
                         StructField("s", StringType()), StructField("r", StringType()),
                         StructField("o", StringType()), StructField("skey", StringType()),
                         StructField("rkey", StringType()), StructField("okey", StringType())])
    return active.createDataFrame(lines.mapPartitionsWithIndex(_split_partition(fmt, bases)), schema)


def _parsed_partition(rows: Iterable) -> Iterator[tuple]:
    cache: dict = {}
    for row in rows:
        o = row[0]
        yield (o, parse_value(o, "date", cache), parse_value(o, "number", cache),
               unreadable_value(o, "date", cache), unreadable_value(o, "number", cache))
        if len(cache) > 4096:
            cache.clear()


# ------------------------------------------------------------------------------------------ build

def build_kb_spark(path: Path | str, fmt: str, out: Path | str, *, strict: bool = False,
                   report: BuildReport | None = None, gate: Gate | None = None,
                   functional: Iterable[str] | None = None, master: str | None = None) -> tuple[dict, BuildReport]:
    """`build_kb`'s lattice of the KB at `path` (a file or a folder of part files) of format `fmt`,
    read with Spark and written by the streamed writer at `out` (atomically; through `gate` when
    given); returns (manifest, report). See the module docstring for what is refused."""
    if fmt == "2wiki":
        raise LatweaveError("--engine spark reads line-based KBs (tsv, pathquestion, metaqa); a 2wiki file's entity "
                            "resolution and per-question documents are built in Python",
                            hint="build it without --engine spark")
    if fmt not in SPARK_FORMATS:
        raise LatweaveError(f"unknown KB format {fmt!r}" if fmt not in FORMATS else
                            f"--engine spark builds a KB file, not a {fmt}",
                            hint=f"--format one of {', '.join(SPARK_FORMATS)} with --engine spark")
    report = report if report is not None else BuildReport()
    report.format = fmt
    files = kb_files(path)
    check_target(out, (path,))
    texts: list[TextFile] = []
    job = None
    try:
        for p in files:  # read once, never held: bad bytes located here, as the Python build does
            texts.append(TextFile(p, CorpusError))
        one_valued = set(FUNCTIONAL[fmt] if functional is None else {normalize(r) for r in functional})
        job = _Job(session(master), Path(path), files, texts, fmt, report, strict, one_valued)
        prepare(job, one_valued, functional, report)
        return job.write(out, gate), report
    except spark_errors() as exc:  # Spark failed (or its JVM died): said in a line; nothing at `out` touched
        raise _failed(exc, master) from None
    finally:
        if job is not None:
            job.release()
        for text in texts:
            text.close()


def prepare(job, one_valued: set[str], functional: Iterable[str] | None, report: BuildReport) -> None:
    """A bulk build's steps between reading and writing, the same for Spark's job and DuckDB's
    (ingest/kb_duckdb.py): the relations classified, `--functional` names checked against them,
    duplicates dropped, contested coordinates refused, the head declared."""
    job.classify()
    missing = sorted(r for r in one_valued if r not in job.head.dimensions)
    if functional is not None and missing:
        raise LatweaveError(f"--functional names relation(s) the KB does not have: {', '.join(missing)}",
                            hint="its relations: " + ", ".join(sorted(report.relations)))
    job.keep()
    job.refuse_contested()
    job.declare()


def name_documents(files: list[Path], sources: list[str], texts: list[TextFile],
                   used) -> tuple[dict[int, str], dict[str, TextFile]]:
    """A bulk build's documents: one per file that gave a triple (`used`, file indexes in order),
    named as kb.EvidenceFiles names it (the file's name, its path where two share a name) →
    (file index → document id, document id → its text as read from the file)."""
    docs: dict[int, str] = {}
    documents: dict[str, TextFile] = {}
    for f in used:
        doc = files[f].name if files[f].name not in documents else sources[f]
        documents[doc] = texts[f]
        docs[f] = doc
    return docs, documents


def _failed(exc: BaseException, master: str | None) -> EngineError:
    """The error for a Spark failure during a build, with what to change."""
    message = spark_message(exc)
    memory = driver_memory(master)
    hint = (f"in local mode Spark's one JVM has spark.driver.memory ({memory}) for everything: set "
            f"LATWEAVE_SPARK_DRIVER_MEMORY higher, or build without --engine spark"
            if "JVM stopped" in message or "memory" in message.lower() else
            "build without --engine spark (the Python build needs neither Java nor pyspark)")
    return EngineError(f"build --engine spark: Spark failed: {message}", hint=hint)


class _Job:
    """One Spark build: its frames (persisted while they are reused) and the head on the driver."""

    def __init__(self, active, path: Path, files: list[Path], texts: list[TextFile], fmt: str, report: BuildReport,
                 strict: bool, one_valued: set[str]):
        from pyspark import StorageLevel
        from pyspark.sql import functions

        self.F, self.active, self.path, self.files, self.texts = functions, active, path, files, texts
        self.report, self.strict, self.one_valued = report, strict, one_valued
        self.sources = [str(p) for p in files]
        for file in files:   # two byte-order marks are refused, as textio.decode refuses them
            with open(file, "rb") as head:
                if head.read(6) == codecs.BOM_UTF8 * 2:
                    raise second_bom(str(file), CorpusError)
        self.held: list = []
        self.rows = self._hold(_read_lines(active, files, fmt), StorageLevel.MEMORY_AND_DISK)
        self.head = Lattice(name=path.stem)
        self.inverse: dict[str, str] = {}      # entity-valued relation key → its inverse dimension's key

    def _hold(self, frame, level=None):
        frame = frame.persist(level) if level is not None else frame.persist()
        self.held.append(frame)
        return frame

    def release(self) -> None:
        """Unpersist what the build held (nothing to do when Spark has already stopped)."""
        for frame in reversed(self.held):
            try:
                frame.unpersist()
            except spark_errors():
                return

    def _problem(self, kind: str, message: str, f: int, line: int) -> None:
        self.report.problem(kind, message, file=self.sources[f], line=line,
                            locator=None if kind == "malformed" else f"line {line}", strict=self.strict)

    def classify(self) -> None:
        """The reader's problems, the relations in first-seen order and their kinds (kb.classify_relation),
        and the head's dimensions."""
        F, report = self.F, self.report
        report.sources.extend(self.sources)
        skipped = self.rows.filter(F.col("kind") != "triple").select("kind", "f", "line", "text") \
            .orderBy("f", "line").collect()
        for kind, f, line, message in skipped:
            if kind == "period":   # periods are the Python build's: never dropped silently
                raise CorpusError(message, file=self.sources[f], line=line,
                                  hint="build without --engine spark: the Python build reads start/end fields")
            self._problem(kind, message, f, line)
        self.triples = triples = self.rows.filter(F.col("kind") == "triple").drop("kind")
        objects = triples.groupBy("rkey", "o", "okey").agg(F.count(F.lit(1)).alias("n"))
        digits = objects.select("o").distinct().filter(F.col("o").rlike(r"\d")   # and nan, inf: kb.unreadable_value
                                                       | F.col("o").rlike(r"(?i)^\s*[+-]?(nan|inf|infinity)\s*$"))
        self.parsed = self._hold(self.active.createDataFrame(digits.rdd.mapPartitions(_parsed_partition),
                                                             "o string, date string, number string, "
                                                             "date_bad boolean, number_bad boolean"))
        subjects = triples.select(F.col("skey").alias("key")).distinct().withColumn("is_subject", F.lit(True))
        tally = objects.join(self.parsed, "o", "left").join(subjects, objects.okey == subjects.key, "left") \
            .groupBy("rkey").agg(F.sum("n").alias("total"),
                                 F.sum(F.when(F.col("is_subject"), F.col("n")).otherwise(0)).alias("as_subject"),
                                 F.sum(F.when(F.col("date").isNotNull(), F.col("n")).otherwise(0)).alias("date"),
                                 F.sum(F.when(F.col("number").isNotNull(), F.col("n")).otherwise(0)).alias("number"),
                                 F.sum(F.when(F.col("date_bad"), F.col("n")).otherwise(0)).alias("date_bad"),
                                 F.sum(F.when(F.col("number_bad"), F.col("n")).otherwise(0)).alias("number_bad"))
        first = triples.groupBy("rkey").agg(F.min(F.struct("f", "line", "r")).alias("first"),
                                            F.collect_set("f").alias("files"))
        relations = sorted(((r["first"]["f"], r["first"]["line"]), r) for r in tally.join(first, "rkey").collect())
        report.triples_read += sum(r["total"] for _, r in relations) + sum(k == "relation" for k, *_ in skipped)
        self.used = sorted({f for _, r in relations for f in r["files"]})   # files that gave a triple

        head = self.head
        head.add_dimension(Dimension(SUBJECT, "taxonomy", functional=True, open=True))
        self.kinds: dict[str, str] = {}
        for _, row in relations:
            kind = "taxonomy"
            if row["total"] and row["as_subject"] < SUBJECT_SHARE * row["total"]:
                for name in ("date", "number"):
                    if row[name] and row[name] >= ORDERED_SHARE * (row["total"] - row[name + "_bad"]):
                        kind = name
                        break
            rkey, name = row["rkey"], row["first"]["r"]
            functional = rkey in self.one_valued
            self.kinds[rkey] = kind
            head.add_dimension(Dimension(name, kind, functional=functional, open=True))
            if kind == "taxonomy":
                self.inverse[rkey] = head.add_dimension(Dimension(INVERSE + name, "taxonomy", open=True)).key
            report.relations[name] = {"kind": kind, "triples": row["total"], "functional": functional,
                                      "entity_valued": kind == "taxonomy"}

    def keep(self) -> None:
        """Each triple's value key (the object's key, or its parsed key on an ordered relation); a
        value that does not parse is reported; a triple seen twice enters once, with its first evidence."""
        F = self.F
        kinds = self.active.createDataFrame(sorted(self.kinds.items()), "rkey string, rkind string")
        valued = self.triples.join(F.broadcast(kinds), "rkey").join(self.parsed, "o", "left").withColumn(
            "vkey", F.when(F.col("rkind") == "taxonomy", F.col("okey"))
            .when(F.col("rkind") == "date", F.col("date")).otherwise(F.col("number")))
        unparsed = valued.filter(F.col("vkey").isNull()).select("f", "line", "o", "rkind", "rkey") \
            .orderBy("f", "line").collect()
        for f, line, o, kind, rkey in unparsed:
            self._problem("value", f"{o!r} is not a {kind} value of {self.head.dimensions[rkey].name!r}", f, line)
        self.kept = self._hold(valued.filter(F.col("vkey").isNotNull()).groupBy("skey", "rkey", "vkey").agg(
            F.min(F.struct("f", "line", "start", "end", "text", "s", "o", "rkind")).alias("t"),
            F.count(F.lit(1)).alias("seen")).select("skey", "rkey", "vkey", "seen", "t.*"))
        seen = self.kept.agg(F.count(F.lit(1)), F.sum("seen")).first()
        self.kept_rows = seen[0]
        self.report.duplicates += (seen[1] or 0) - seen[0]
        entity = self.active.createDataFrame(sorted(self.inverse.items()), "rkey string, ikey string")
        self.entity = F.broadcast(entity)

    def refuse_contested(self) -> None:
        """Two values of one subject on a functional relation: refused, naming the first such line."""
        from pyspark.sql import Window

        F = self.F
        functional = sorted(self.one_valued & set(self.kinds))
        if not functional:
            return
        ranked = self.kept.filter(F.col("rkey").isin(functional)).withColumn(
            "rank", F.row_number().over(Window.partitionBy("skey", "rkey").orderBy("f", "line")))
        second = ranked.filter(F.col("rank") == 2).orderBy("f", "line").first()
        if second is None:
            return
        first = ranked.filter((F.col("rank") == 1) & (F.col("skey") == second["skey"])
                              & (F.col("rkey") == second["rkey"])).first()
        name = self.head.dimensions[second["rkey"]].name
        raise CorpusError(f"{second['s']!r} has a second value on functional relation {name!r}: {second['o']!r} "
                          f"here, {first['o']!r} at {self.sources[first['f']]}:{first['line']} — a contested "
                          "coordinate, which --engine spark does not build", file=self.sources[second["f"]],
                          line=second["line"], hint=_HINT)

    def declare(self) -> None:
        """The documents, the instances (every subject, every object of an entity-valued relation:
        the first mention's spelling) and every dimension's values into the head."""
        F, head = self.F, self.head
        self.docs, self.documents = name_documents(self.files, self.sources, self.texts, self.used)
        mentions = self.triples.select(F.col("skey").alias("key"), "f", "line", F.lit(0).alias("pos"),
                                       F.col("s").alias("label"), "start", "end", "text").unionByName(
            self.triples.join(self.entity, "rkey").select(F.col("okey").alias("key"), "f", "line",
                                                          F.lit(1).alias("pos"), F.col("o").alias("label"),
                                                          "start", "end", "text"))
        self.instances = self._hold(mentions.groupBy("key").agg(
            F.min(F.struct("f", "line", "pos", "label", "start", "end", "text")).alias("m")).select("key", "m.*"))
        self.instance_rows = self.instances.count()
        # relation values (ordered ones through value_for_fact, first spelling first: its synonyms)
        # into the head; the flat dimensions' values — `subject`'s (every instance), an entity-valued
        # relation's (its objects, first spelling) and its inverse's (its subjects) — stay in Spark:
        # the writer and the gate read them from `flat_values` (ingest/flat.py), the driver never
        # holds them
        values = self.kept.groupBy("rkey", "vkey").agg(F.min(F.struct("f", "line", "o", "rkind")).alias("m")) \
            .select(F.col("rkey").alias("dkey"), "vkey", "m.*")
        inverse = self.kept.join(self.entity, "rkey").groupBy("ikey", "skey").agg(
            F.min(F.struct("f", "line", "s")).alias("m")).select(F.col("ikey").alias("dkey"), F.col("skey").alias("vkey"),
                                                                 F.col("m.s").alias("vlabel"))
        ordered = values.filter(F.col("rkind") != "taxonomy")
        for dkey, vkey, _, _, spelling, _ in _in_order(ordered, ["f", "line", "dkey"], self.kept_rows) \
                .toLocalIterator(True):
            if head.dimensions[dkey].value_for_fact(spelling) != vkey:
                raise LatticeError(f"value {spelling!r} of {head.dimensions[dkey].name!r} does not parse to the key "
                                   "it was grouped by", hint=_HINT)
        self.labels = self._hold(
            self.instances.select(F.lit(_SUBJECT_KEY).alias("dkey"), F.col("key").alias("vkey"),
                                  F.col("label").alias("vlabel"))
            .unionByName(values.filter(F.col("rkind") == "taxonomy").select("dkey", "vkey", F.col("o").alias("vlabel")))
            .unionByName(inverse))
        sizes = dict(self.labels.groupBy("dkey").count().collect())
        flat = [_SUBJECT_KEY, *(k for rkey, ikey in self.inverse.items() for k in (rkey, ikey))]
        self.flat_values = {dkey: self._flat(dkey, sizes.get(dkey, 0)) for dkey in sorted(flat)}

    def _flat(self, dkey: str, rows: int):
        """The callable giving flat dimension `dkey`'s (value key, label) pairs in key order (held
        by Spark, sorted once; read a range partition at a time)."""
        if not rows:
            return lambda: iter(())
        F = self.F
        frame = self._hold(_in_order(self.labels.filter(F.col("dkey") == dkey).select("vkey", "vlabel"), ["vkey"], rows))
        return lambda: ((key, label) for key, label in frame.toLocalIterator(True))

    def predicates(self):
        """(ikey, dkey, vkey, f, start, end, text) of every predicate: each instance's own name on
        `subject`, each kept triple, and its inverse when the relation is entity-valued."""
        F = self.F
        own = self.instances.select(F.col("key").alias("ikey"), F.lit(_SUBJECT_KEY).alias("dkey"),
                                    F.col("key").alias("vkey"), "f", "start", "end", "text")
        forward = self.kept.select(F.col("skey").alias("ikey"), F.col("rkey").alias("dkey"), "vkey", "f", "start",
                                   "end", "text")
        backward = self.kept.join(self.entity, "rkey").select(
            F.col("vkey").alias("ikey"), F.col("ikey").alias("dkey"), F.col("skey").alias("vkey"), "f", "start",
            "end", "text")
        return own.unionByName(forward).unionByName(backward)

    def write(self, out, gate: Gate | None) -> dict:
        """The legitimacy gate, then the lattice at `out`, the instances streamed in key order."""
        F, report = self.F, self.report
        predicates = self._hold(self.predicates())
        legitimacy = None
        if gate is not None:
            from latweave.ingest.spark_legitimacy import lattice_report

            gate.report = legitimacy = lattice_report(F, self.head, predicates, flat_values=self.flat_values,
                                                      labels=self.labels)
            if not legitimacy.ok and not gate.allow:
                raise NotLive(legitimacy)
        # flat rows, each predicate with its instance's label, in key order (range partitions of
        # about ROWS_PER_PARTITION predicates), grouped by instance here: no per-instance arrays in
        # the JVM (a collect_list of every instance's predicates exhausts the driver at scale:
        # docs/performance.md)
        flat = predicates.join(self.instances.select(F.col("key").alias("ikey"), "label"), "ikey") \
            .select("ikey", "label", "dkey", "vkey", "f", "start", "end", "text")
        flat = _in_order(flat, ["ikey"], self.instance_rows + 2 * self.kept_rows)
        docs, written = self.docs, [0, 0]

        def stream() -> Iterator[tuple[str, list[Predicate]]]:
            for ikey, rows in itertools.groupby(flat.toLocalIterator(True), key=lambda row: row[0]):
                label, preds = None, []
                for _, label, dkey, vkey, f, start, end, text in rows:
                    preds.append(Predicate(ikey, dkey, vkey, Evidence(docs[f], text, start, end)))
                written[0] += 1
                written[1] += len(preds)
                yield label, preds

        manifest = _write_stream(self.head, stream(), out, legitimacy, inputs=(self.path,), documents=self.documents,
                                 flat_values=self.flat_values)
        report.instances, report.predicates = written
        report.dimensions, report.documents = len(self.head.dimensions), len(self.documents)
        return manifest


#: Rows per partition of a frame the driver reads in order: `toLocalIterator` pickles one whole
#: partition in the driver's JVM, so a partition must stay small whatever the KB's size (Spark's
#: shuffle partitions, or partitions of whole instances with their predicates as one array,
#: exhausted the driver: docs/performance.md); the rows are flat, and counted in predicates.
ROWS_PER_PARTITION = 50_000


def _in_order(frame, columns: list[str], rows: int):
    """`frame` ordered by `columns` (what orderBy gives), in ranges of about ROWS_PER_PARTITION
    rows (`rows`: about how many it has), read by toLocalIterator one range at a time."""
    parts = max(1, -(-rows // ROWS_PER_PARTITION))
    return frame.repartitionByRange(parts, *columns).sortWithinPartitions(*columns)


def _write_stream(head: Lattice, rows, out, legitimacy, *, inputs, documents, flat_values) -> dict:
    """`write.write_stream`, with the gate's report written beside the lattice as `save_lattice` writes it."""
    extra = {"legitimacy": report_writer(legitimacy)} if legitimacy is not None else None
    return write_stream(head, rows, out, inputs=inputs, attachments=extra, documents=documents,
                        flat_values=flat_values)
