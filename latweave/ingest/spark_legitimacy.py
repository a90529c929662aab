"""The legitimacy report of a lattice whose instances live in Spark: `check_lattice`'s, equal to it.

`legitimacy.check.check_lattice` needs a whole `Lattice`. Of its parts, the per-dimension checks
read the dimension graphs alone (the head of a streamed build holds them); the formal context
(`legitimacy.fca`) and the dependent dimensions (`legitimacy.dependence`) read every predicate.
Here those two are Spark aggregations over the predicates `(ikey, dkey, vkey)`, written from the
Python functions' definitions:

* co-occurring attributes: attributes (dimension, value) of at least `min_support` objects grouped
  by their sorted extent, groups of two or more;
* implications m → {m}'' minus m's co-occurring group: attribute k is in {m}'' exactly when every
  object of m has k, i.e. |ext(m) ∩ ext(k)| = |ext(m)|, and k's extent differs from m's exactly when
  it is larger — counted only when `fca.implication_work` (the same sum, counted here) is within
  its cap, as the Python check does: the pair count is quadratic in an object's attributes;
* dependent dimensions: per instance and dimension the set of values; a pair of dimensions is
  broken when one value set of either side meets two of the other.

The `subject` dimension never contributes (each value names one instance: support 1, and as many
distinct values as instances), so it is left out of the joins. The concept count (NextClosure) runs
on the collected context only when objects × attributes is within fca.MAX_CELLS, as in
`check_fca`. Results are sorted on the driver exactly as the Python functions sort them; no
contested coordinates exist in a streamed lattice (its writer refuses them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import SimpleNamespace

from latweave.ingest.flat import flat_dimension_report
from latweave.lattice.model import Lattice
from latweave.lattice.names import normalize
from latweave.legitimacy import fca as fca_mod
from latweave.legitimacy.check import dimension_report
from latweave.legitimacy.dependence import Dependence
from latweave.legitimacy.dependence import dependent_dimensions as python_dependence
from latweave.legitimacy.report import FcaReport, LatticeReport

_SUBJECT = normalize("subject")


def lattice_report(F, head: Lattice, predicates, *, flat_values: Mapping | None = None, labels=None,
                   min_support: int = 2, dependence_min_support: int = 5,
                   max_cells: int = fca_mod.MAX_CELLS, max_concepts: int = fca_mod.MAX_CONCEPTS,
                   max_work: int = fca_mod.MAX_IMPLICATION_WORK) -> LatticeReport:
    """`check_lattice(lattice)` of the lattice `head` + `predicates` (a DataFrame with columns
    ikey, dkey, vkey: the keys of every predicate) — `F` is pyspark.sql.functions. A context within
    `max_cells` is collected and checked by the Python functions themselves; a larger one in Spark.
    `flat_values`: the head's flat dimensions' values, as `write_stream` takes them (the head
    declares those dimensions with ⊤ alone: ingest/flat.py), whose reports `flat_dimension_report`
    reads from them; `labels`: a DataFrame (dkey, vkey, vlabel) of their labels, which the formal
    context's attributes name."""
    flat_values = flat_values or {}
    dims = tuple(replace(flat_dimension_report(d, flat_values[d.key]) if d.key in flat_values else dimension_report(d),
                         functional=d.functional, contested=0)
                 for d in sorted(head.dimensions.values(), key=lambda d: d.name))
    incidence = predicates.select("ikey", "dkey", "vkey").distinct()
    incidence = (incidence.join(labels.select("dkey", "vkey", "vlabel"), ["dkey", "vkey"], "left")
                 if labels is not None else incidence.withColumn("vlabel", F.lit(None).cast("string"))) \
        .select("ikey", "dkey", "vkey", "vlabel")
    n_g, n_m, incidences = incidence.agg(F.countDistinct("ikey"), F.countDistinct("dkey", "vkey"),
                                         F.count(F.lit(1))).first()
    if n_g * n_m <= max_cells:
        fca, dependent = collected_report(head, [tuple(row) for row in incidence.collect()], (n_g, n_m, incidences),
                                          min_support=min_support, dependence_min_support=dependence_min_support,
                                          max_cells=max_cells, max_concepts=max_concepts, max_work=max_work)
    else:
        fca = fca_report(F, head, incidence, (n_g, n_m, incidences), min_support=min_support, max_cells=max_cells,
                         max_concepts=max_concepts, max_work=max_work)
        dependent = dependent_dimensions(F, head, incidence, min_support=dependence_min_support)
    return LatticeReport(name=head.name, dimensions=dims, fca=fca, dependent=dependent)


def collected_report(head: Lattice, rows: list[tuple[str, ...]], sizes: tuple[int, int, int], *,
                     min_support: int, dependence_min_support: int, max_cells: int, max_concepts: int,
                     max_work: int) -> tuple[FcaReport, tuple[Dependence, ...]]:
    """The formal-context and dependence parts of `check_lattice`'s report, by the Python functions
    themselves, from `rows`: the distinct (ikey, dkey, vkey) of a context within `max_cells`, each
    with the value's label after them where the head lacks it (a flat dimension's: ingest/flat.py)
    (`sizes`: its objects, attributes and rows). Shared with ingest/duckdb_legitimacy.py."""
    n_g, n_m, incidences = sizes
    context = fca_mod.FormalContext.from_incidence((row[0], _attribute(head, *row[1:])) for row in rows)
    concepts = fca_mod.next_closure_concepts(context, max_concepts=max_concepts, max_cells=max_cells)
    skipped = fca_mod.implications_skipped(fca_mod.implication_work(context, min_support=min_support),
                                           min_support=min_support, max_work=max_work)
    fca = FcaReport(objects=n_g, attributes=n_m, incidences=incidences,
                    concepts=len(concepts.found) if concepts.complete else None, message=concepts.message,
                    co_occurring=fca_mod.co_occurring(context, min_support=min_support),
                    implications=() if skipped else fca_mod.implications(context, min_support=min_support),
                    implications_skipped=skipped, min_support=min_support)
    # what the check reads of a lattice: its dimensions and its predicates in canonical order
    # (instance, dimension, value: legitimacy/dependence.py groups them as they lie)
    ordered = [SimpleNamespace(instance=i, dimension=d, value=v) for i, d, v, *_ in sorted(rows)]
    keyed = SimpleNamespace(dimensions=head.dimensions, predicates=ordered, sorted_predicates=lambda: ordered)
    return fca, python_dependence(keyed, min_support=dependence_min_support)


def _attribute(head: Lattice, dkey: str, vkey: str, label: str | None = None) -> tuple[str, str]:
    """An attribute as the formal context names it: (dimension name, value label); `label`, a
    flat dimension's value's (read with the incidence), else the head's."""
    dim = head.dimensions[dkey]
    return dim.name, label if label is not None else dim.labels.get(vkey, vkey)


def fca_report(F, head: Lattice, incidence, sizes: tuple[int, int, int], *, min_support: int = 2,
               max_cells: int = fca_mod.MAX_CELLS, max_concepts: int = fca_mod.MAX_CONCEPTS,
               max_work: int = fca_mod.MAX_IMPLICATION_WORK) -> FcaReport:
    """`legitimacy.check.check_fca` of a context too large to collect (see the module docstring):
    `incidence` holds the distinct (ikey, dkey, vkey) and, where the head lacks a value (a flat
    dimension's), its label as vlabel; `sizes` its objects, attributes and rows."""
    n_g, n_m, incidences = sizes
    if "vlabel" not in incidence.columns:   # no flat dimension's labels: the head's
        incidence = incidence.withColumn("vlabel", F.lit(None).cast("string"))
    # the function's own verdict and message, from the sizes alone (a context over the cap is not enumerated)
    concepts = fca_mod.next_closure_concepts(SimpleNamespace(objects=range(n_g), attributes=range(n_m)),
                                             max_concepts=max_concepts, max_cells=max_cells)
    if concepts.complete:
        raise ValueError("fca_report is for contexts above max_cells; collect a smaller one")

    inc = incidence.filter(F.col("dkey") != _SUBJECT)
    support = inc.groupBy("dkey", "vkey").agg(F.count(F.lit(1)).alias("n"))
    extents = inc.groupBy("dkey", "vkey", "vlabel").agg(F.sort_array(F.collect_list("ikey")).alias("extent")) \
        .filter(F.size("extent") >= min_support)
    groups = extents.groupBy("extent").agg(F.collect_list(F.struct("dkey", "vkey", "vlabel")).alias("members")) \
        .filter(F.size("members") > 1).select(F.size("extent").alias("n"), "members")
    co = [fca_mod.CoOccurrence(tuple(sorted(_attribute(head, m["dkey"], m["vkey"], m["vlabel"])
                                            for m in row["members"])),
                               row["n"]) for row in groups.collect()]
    co.sort(key=lambda c: (-c.support, c.attributes))

    skipped = fca_mod.implications_skipped(implication_work(F, incidence, min_support=min_support),
                                           min_support=min_support, max_work=max_work)
    if skipped:
        return FcaReport(objects=n_g, attributes=n_m, incidences=incidences, concepts=None, message=concepts.message,
                         co_occurring=tuple(co), implications=(), implications_skipped=skipped,
                         min_support=min_support)
    a = inc.join(support.filter(F.col("n") >= min_support), ["dkey", "vkey"]) \
        .select("ikey", F.col("dkey").alias("ad"), F.col("vkey").alias("av"), F.col("vlabel").alias("al"),
                F.col("n").alias("an"))
    b = inc.join(support, ["dkey", "vkey"]) \
        .select("ikey", F.col("dkey").alias("bd"), F.col("vkey").alias("bv"), F.col("vlabel").alias("bl"),
                F.col("n").alias("bn"))
    implied = a.join(b, "ikey").filter(F.col("bn") > F.col("an")) \
        .groupBy("ad", "av", "al", "an", "bd", "bv", "bl").agg(F.count(F.lit(1)).alias("both")) \
        .filter(F.col("both") == F.col("an")) \
        .groupBy("ad", "av", "al", "an").agg(F.collect_list(F.struct("bd", "bv", "bl")).alias("then"))
    implications = [fca_mod.Implication(_attribute(head, row["ad"], row["av"], row["al"]),
                                        tuple(sorted(_attribute(head, k["bd"], k["bv"], k["bl"])
                                                     for k in row["then"])),
                                        row["an"]) for row in implied.collect()]
    implications.sort(key=lambda i: (-i.support, i.premise))
    return FcaReport(objects=n_g, attributes=n_m, incidences=incidences,
                     concepts=len(concepts.found) if concepts.complete else None, message=concepts.message,
                     co_occurring=tuple(co), implications=tuple(implications), min_support=min_support)


def implication_work(F, incidence, *, min_support: int = 2) -> int:
    """`fca.implication_work` of the context `incidence` (distinct ikey, dkey, vkey; `subject` included,
    as in the Python context): per object, its attributes × those of at least `min_support` objects."""
    support = incidence.groupBy("dkey", "vkey").agg(F.count(F.lit(1)).alias("n"))
    per = incidence.join(support, ["dkey", "vkey"]).groupBy("ikey").agg(
        F.count(F.lit(1)).alias("own"), F.sum(F.when(F.col("n") >= min_support, 1).otherwise(0)).alias("supported"))
    return per.agg(F.sum(F.col("own") * F.col("supported"))).first()[0] or 0


def dependent_dimensions(F, head: Lattice, incidence, *, min_support: int = 5) -> tuple[Dependence, ...]:
    """`legitimacy.dependence.dependent_dimensions` of the lattice (see the module docstring)."""
    values = incidence.filter(F.col("dkey") != _SUBJECT).groupBy("ikey", "dkey") \
        .agg(F.sort_array(F.collect_set("vkey")).alias("vals"))
    x = values.select("ikey", F.col("dkey").alias("d1"), F.col("vals").alias("v1"))
    y = values.select("ikey", F.col("dkey").alias("d2"), F.col("vals").alias("v2"))
    pairs = x.join(y, "ikey").filter(F.col("d1") < F.col("d2")).select("d1", "d2", "v1", "v2").persist()
    try:
        forward = pairs.groupBy("d1", "d2", "v1").agg(F.countDistinct("v2").alias("k")).filter(F.col("k") > 1)
        backward = pairs.groupBy("d1", "d2", "v2").agg(F.countDistinct("v1").alias("k")).filter(F.col("k") > 1)
        broken = forward.select("d1", "d2").union(backward.select("d1", "d2")).distinct()
        stats = pairs.groupBy("d1", "d2").agg(F.count(F.lit(1)).alias("shared"),
                                              F.countDistinct("v1").alias("distinct")) \
            .join(broken, ["d1", "d2"], "left_anti") \
            .filter((F.col("shared") >= min_support) & (F.col("distinct") >= 2)
                    & (F.col("distinct") < F.col("shared")))
        out = []
        for row in stats.collect():
            first, second = sorted(head.dimensions[k].name for k in (row["d1"], row["d2"]))
            out.append(Dependence(first, second, row["shared"], row["distinct"]))
    finally:
        pairs.unpersist()
    return tuple(sorted(out, key=lambda d: (d.first, d.second)))
