"""How the Spark engine holds relations: each one a DataFrame bound to its temporary view, *local*
when small, distributed otherwise.

A local relation is a LocalRelation in the driver's JVM: Spark folds filters and projections of it
while planning, and collects it without a job. It is made from a Java list of rows that a job
left in the JVM (`collectAsList`), never from SQL text; rows from Python (a batch's plan facts)
travel as JSON parameters of one query, which one job turns into such a list. A relation above
LOCAL_ROWS stays distributed: a cached Parquet scan, or the checkpoint of the job that made it.

Several relations travel together as one *tagged* union — (tag, n0, s0, n1, s1, ...), column j
of a relation in n<j> (a number) or s<j> (a symbol) — so that one job computes, counts or
collects all of them; `_slice` takes one back out. The session (spark_session.py) evaluates.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from functools import reduce
from pathlib import Path
from typing import Any, Iterator

from latweave.compile.parquet_facts import PARTITIONED
from latweave.engines import rows as checks
from latweave.folder.names import PARQUET_DIR

#: A relation of at most this many rows lives on the driver: its rows are kept in Python and its
#: view is a *local* relation (the rows as one JSON parameter, expanded by `from_json`), which Spark
#: plans as a broadcast leaf — no shuffle (its broadcast is one small job). Larger ones stay
#: distributed: Parquet scans, or the checkpointed result of a wave. Every relation distributed,
#: each join is a shuffle (docs/performance.md); local below this, see docs/spark.md.
LOCAL_ROWS = 20_000

#: The environment variable naming a copy of the lattice's `parquet/` at a URI every executor reads
#: (a cluster: s3a://…, hdfs://…, gs://…); the driver still reads the lattice folder itself.
PARQUET_COPY = "LATWEAVE_SPARK_PARQUET"

#: The setting a local wave sets to 1 while it runs (`Frames._one_partition`)
SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions"


class Frames:
    """Relations as views; a session subclass sets `ss` (its Spark session), `engine`, `program`,
    `F` (pyspark.sql.functions), and the dicts `df`, `count`, `rows`, and the lists `_cached`
    (this run's) and `_lattice` (the session's)."""

    F: Any   # pyspark.sql.functions (set by the session)
    ss: Any  # the session's SparkSession
    engine: Any  # the SparkEngine (its views, types and columns)

    # ------------------------------------------------------------ relations as views

    def _bind(self, name: str, df, count: int, rows: list | None) -> None:
        """`df` as relation `name`'s view; a local relation's (`rows` given) with a broadcast hint:
        Spark joins it by hashing its rows on every executor instead of shuffling both sides — its
        size is known, at most LOCAL_ROWS rows (the session's `autoBroadcastJoinThreshold=-1` is for
        sides Spark only estimates: spark_context.py)."""
        self.df[name], self.count[name], self.rows[name] = df, count, rows
        (df if rows is None else self.F.broadcast(df)).createOrReplaceTempView(self.engine.views[name])

    def _schema(self, name: str):
        """A relation's columns c0, c1, ... (a nullary one's: one boolean, c0)."""
        from pyspark.sql import types as T  # noqa: N812

        types = self.engine.types[name]
        kinds = {"number": T.LongType(), "symbol": T.StringType()}
        return T.StructType([T.StructField(f"c{j}", kinds[t], False) for j, t in enumerate(types)] if types
                            else [T.StructField("c0", T.BooleanType(), False)])

    def _jschema(self, name: str):
        return self.ss._jsparkSession.parseDataType(self._schema(name).json())

    def _from_jrows(self, jschema, jrows):
        from pyspark.sql import DataFrame

        return DataFrame(self.ss._jsparkSession.createDataFrame(jrows, jschema), self.ss)

    def _localise(self, df):
        """`df` computed once (one job) and kept as a local relation."""
        jschema = self.ss._jsparkSession.parseDataType(df.schema.json())
        return self._from_jrows(jschema, df._jdf.collectAsList())

    def _empty_local(self, name: str):
        return self._from_jrows(self._jschema(name), self.ss._jvm.java.util.ArrayList())

    def _bind_empty(self, name: str) -> None:
        self._bind(name, self._empty_local(name), 0, [])

    def _bind_rows(self, name: str, rows) -> None:
        self._bind_many({name: rows})

    def _bind_many(self, facts: dict) -> None:
        """Relations from Python rows (checked; distinct): the small ones uploaded together as one
        local relation (the rows travel as JSON parameters — data, never SQL text — and one job
        turns them into rows in the JVM); larger ones as distributed DataFrames."""
        small = {}
        for name in sorted(facts):
            rows = [tuple(r) for r in facts[name]]
            checks.check_rows(self.program.relation(name), rows, self.row_rules)
            rows = list(dict.fromkeys(rows))
            if not self.engine.types[name]:
                rows = [()] if rows else []
            if not rows:
                self._bind_empty(name)
            elif len(rows) <= LOCAL_ROWS:
                small[name] = rows
            else:
                df = self.ss.createDataFrame(rows, self._schema(name)).localCheckpoint(eager=True)
                self._cached.append(df)
                self._bind(name, df, len(rows), None)
        if not small:
            return
        frames = [(name, self._json_rows(name, rows)) for name, rows in small.items()]
        local = self._localise(self._tagged(frames))
        for tag, (name, _) in enumerate(frames):
            self._bind(name, self._slice(local, tag, name), len(small[name]), small[name])

    def _json_rows(self, name: str, rows: list):
        """`rows` as a DataFrame: one JSON parameter expanded by `from_json`."""
        types = self.engine.types[name]
        if not types:
            return self.ss.sql("SELECT TRUE AS c0")
        kinds = {"number": "bigint", "symbol": "string"}
        if all(t == "number" for t in types):
            cols = ", ".join(f"r[{j}] AS c{j}" for j in range(len(types)))
            return self.ss.sql(f"SELECT {cols} FROM (SELECT explode(from_json(:rows, 'array<array<bigint>>')) AS r)",
                               args={"rows": json.dumps(rows, separators=(",", ":"))})
        payload = json.dumps([{f"c{j}": v for j, v in enumerate(row)} for row in rows], separators=(",", ":"))
        schema = ",".join(f"c{j}:{kinds[t]}" for j, t in enumerate(types))
        return self.ss.sql(f"SELECT inline(from_json(:rows, 'array<struct<{schema}>>'))", args={"rows": payload})

    def _slice(self, tagged, tag: int, name: str):
        """Relation `name`'s rows of a tagged union, as columns c0, c1, ..."""
        F = self.F
        types = self.engine.types[name]
        part = tagged.where(F.col("tag") == tag)
        if not types:
            return part.select(F.lit(True).alias("c0"))
        return part.select(*[F.col(f"{'n' if t == 'number' else 's'}{j}").alias(f"c{j}")
                             for j, t in enumerate(types)])

    def _read_parquet(self, files: dict[str, list[Path]], inputs: set[str], copy: str | None = None,
                      layers=()) -> None:
        """Every lattice relation from its Parquet files (compile/parquet_facts.py
        `stored_parquet`; a partitioned relation's column, coord's d, from the folder names):
        counted in one job; the small ones made local in one more, the others cached. With `copy`
        (a URI Spark reads, e.g. s3a://bucket/zoo/parquet), the same files are read from there,
        each checked first to exist with its local file's size. `layers`: a lattice of several
        layers (`layered_parquet`: each later layer's rows added and taken away), applied in order."""
        from latweave.errors import EngineError

        F = self.F
        if copy and layers:
            raise EngineError(f"${PARQUET_COPY} holds a copy of a lattice's parquet/ folder, and this lattice has "
                              "layers (folder/layers.py) whose Parquet facts lie in layers/*/ too",
                              hint=f"unset ${PARQUET_COPY}: Spark reads the lattice folder's own files")
        locate = self._copy_of(files, copy) if copy else str
        cols_of = self.engine.columns
        kinds = {"number": "bigint", "symbol": "string"}

        def read(name: str, paths: list[Path], partitioned: bool):
            reader = self.ss.read
            if partitioned:  # d=<value>/part-0.parquet: the partition column from its folder
                reader = reader.option("basePath", locate(paths[0].parent.parent))
            df = reader.parquet(*map(locate, paths))
            return df.select(*[F.col(c).cast(kinds[t]).alias(f"c{j}")
                               for j, (c, t) in enumerate(zip(cols_of[name], self.engine.types[name]))])

        present = []
        for name in sorted(inputs):
            paths = files.get(name)
            changed = [(added.get(name), taken.get(name)) for added, taken in layers
                       if added.get(name) or taken.get(name)]
            if not paths and not changed:
                self._bind_empty(name)
                continue
            df = read(name, paths, name in PARTITIONED) if paths else None
            for added, taken in changed:   # a layer's rows taken away, then its rows added (sets: folder/layers.py)
                if taken and df is not None:
                    df = df.subtract(read(name, taken, False))
                if added:
                    more = read(name, added, name in PARTITIONED)
                    df = more if df is None else df.union(more)
            if df is None:
                self._bind_empty(name)
                continue
            present.append((name, df))
        if not present:
            return
        tagged = reduce(lambda a, b: a.unionByName(b),
                        [df.select(F.lit(i).alias("tag")) for i, (_, df) in enumerate(present)])
        counts = {tag: n for tag, n in tagged.groupBy("tag").count().collect()}
        small = [(name, df) for i, (name, df) in enumerate(present) if 0 < counts.get(i, 0) <= LOCAL_ROWS]
        made = self._local_wave(small) if small else {}
        for i, (name, df) in enumerate(present):
            if name in made:
                self._bind(name, *made[name])
            elif counts.get(i):
                df = df.cache()
                self._lattice.append(df)
                self._bind(name, df, counts[i], None)
            else:
                self._bind_empty(name)

    def _copy_of(self, files: dict[str, list[Path]], copy: str):
        """path -> its location under `copy`, a copy of the lattice's `parquet/` folder at a URI
        Spark reads; every file is looked up there first (Hadoop's FileSystem, as Spark reads it),
        and one missing or of another size than the lattice's own is an EngineError naming it."""
        from latweave.errors import EngineError

        root = next(p for paths in files.values() for p in paths)
        while root.name != PARQUET_DIR:
            root = root.parent
        base = copy.rstrip("/")

        def locate(path: Path) -> str:
            return "/".join([base, *path.relative_to(root).parts])

        jvm = self.ss.sparkContext._jvm
        conf = self.ss._jsparkSession.sessionState().newHadoopConf()
        for name in sorted(files):
            for path in files[name]:
                where = locate(path)
                hadoop = jvm.org.apache.hadoop.fs.Path(where)
                fs = hadoop.getFileSystem(conf)
                size = fs.getFileStatus(hadoop).getLen() if fs.exists(hadoop) else None
                if size != path.stat().st_size:
                    found = "is missing" if size is None else f"has {size:,} bytes, the lattice's {path.stat().st_size:,}"
                    raise EngineError(f"{where} {found}: ${PARQUET_COPY} must hold a copy of {root}",
                                      hint=f"copy the lattice's {PARQUET_DIR}/ folder there again (e.g. "
                                           f"aws s3 sync {root} {base}), or unset ${PARQUET_COPY}")
        return lambda path: locate(Path(path))

    # ------------------------------------------------------------ tagged unions

    def _tag_columns(self, tag: int, rel: str, width: int, source: str = "") -> list[str]:
        """Relation `rel`'s columns c0, c1, ... (read as `source`c<j>) as row `tag` of a tagged
        union `width` columns wide: (tag, n0, s0, n1, s1, ...), column j in n<j> (a number) or s<j>
        (a symbol), the other NULL — SQL expressions, for `_tagged` and `_tagged_sql` alike."""
        types = self.engine.types[rel]
        cols = [f"{tag} AS tag"]
        for j in range(width):
            t = types[j] if j < len(types) else None
            cols.append(f"CAST({f'{source}c{j}' if t == 'number' else 'NULL'} AS BIGINT) AS n{j}")
            cols.append(f"CAST({f'{source}c{j}' if t == 'symbol' else 'NULL'} AS STRING) AS s{j}")
        return cols

    def _tagged(self, frames: list[tuple[str, object]]):
        """One DataFrame of several relations' rows (`_tag_columns`), tag its position in `frames`."""
        width = max(len(self.engine.types[rel]) for rel, _ in frames)
        pieces = [df.selectExpr(*self._tag_columns(tag, rel, width)) for tag, (rel, df) in enumerate(frames)]
        return reduce(lambda a, b: a.unionByName(b), pieces)

    def _tagged_sql(self, parts: list[tuple[str, str]]) -> Any:
        """`_tagged` of several relations' SELECTs (relation, SQL text from the dialect), written as
        one query: Spark analyses it once, where a DataFrame per SELECT, its columns' casts and a
        union of each to the ones before were each analysed again in the JVM (a sixth of a run's
        time on the suite's small lattices: docs/spark.md)."""
        width = max(len(self.engine.types[rel]) for rel, _ in parts)
        pieces = []
        for tag, (rel, sql) in enumerate(parts):
            arity = len(self.engine.types[rel])
            named = f"({', '.join(f'c{j}' for j in range(arity))})" if arity else ""
            pieces.append(f"SELECT {', '.join(self._tag_columns(tag, rel, width, 'p.'))} FROM ({sql}) AS p{named}")
        return self.ss.sql(" UNION ALL ".join(pieces))

    def _split(self, frames: list[tuple[str, object]], rows) -> dict[str, list]:
        """Collected rows of `_tagged(frames)` -> relation -> its rows."""
        got: dict[str, list] = {rel: [] for rel, _ in frames}
        picks = {}
        for tag, (rel, _) in enumerate(frames):
            types = self.engine.types[rel]
            picks[tag] = (rel, [1 + 2 * j + (t == "symbol") for j, t in enumerate(types)])
        for row in rows:
            rel, cols = picks[row[0]]
            got[rel].append(tuple(row[k] for k in cols))
        return got

    @contextmanager
    def _one_partition(self) -> Iterator[None]:
        """Shuffles in one partition while the block runs: a local wave's few thousand rows, collected
        into the driver, spread over the session's partitions cost a task each for nothing (docs/spark.md)."""
        conf, before = self.ss.conf, self.ss.conf.get(SHUFFLE_PARTITIONS)
        conf.set(SHUFFLE_PARTITIONS, "1")
        try:
            yield
        finally:
            conf.set(SHUFFLE_PARTITIONS, before)

    def _local_wave(self, frames: list[tuple[str, object]], distinct: bool = False,
                    tagged: Any = None) -> dict[str, tuple]:
        """The relations of `frames` computed in one job and kept local: relation -> (DataFrame,
        rows, the rows in Python). `tagged`: their `_tagged` union, when the caller made it."""
        tagged = self._tagged(frames) if tagged is None else tagged
        with self._one_partition():
            local = self._localise(tagged.distinct() if distinct else tagged)
        got = self._split(frames, local.collect())  # a local relation: collected without a job
        return {rel: (self._slice(local, tag, rel), len(got[rel]), got[rel]) for tag, (rel, _) in enumerate(frames)}
