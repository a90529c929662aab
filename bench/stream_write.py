"""The streamed writer alone (ingest/stream.py `write_stream`), timed and its peak memory measured.

    .venv/bin/python bench/stream_write.py prepare /tmp/pb/kb-100k.txt /tmp/streamw/p100k
    .venv/bin/python bench/stream_write.py write /tmp/streamw/p100k /tmp/streamw/w100k [--flat] [--profile N]
        [--kb /tmp/pb/kb-100k.txt] [--baseline]

`prepare` reads a pathquestion KB with the Python reader (kb.py `kb_lattice`, the lattice `latweave
build` writes) and stores what `write_stream` takes, so that `write` runs in a process that never
held the lattice: the head (pickled; with `--flat` the flat dimensions — tests/support/split.py's:
`subject`, the entity-valued relations and their inverses — declared with ⊤ alone), their values
(one `key<TAB>label` file each, read on each call) and the rows (plain tuples pickled in chunks,
read as written, each predicate made a `Predicate` as it is read, as a build's stream makes it).
`write` prints the write's seconds (wall and CPU), µs per predicate, and the process's peak RSS (ru_maxrss: the
head, the reading of the rows and the writer); `--profile N` prints cProfile's N costliest functions.
"""

from __future__ import annotations

import argparse
import json
import pickle
import resource
import shutil
import sys
import time
from pathlib import Path

import os

#: the latweave to time: this checkout's, or another's ($LATWEAVE_SOURCE: a checkout's root, e.g. main's for a "before")
sys.path.insert(0, os.environ.get("LATWEAVE_SOURCE") or str(Path(__file__).resolve().parents[1]))

CHUNK = 2000   # instances a pickled chunk


def prepare(kb: Path, out: Path) -> None:
    from latweave.ingest.kb import kb_lattice
    from tests.support.split import split

    lattice = kb_lattice(kb, "pathquestion")
    shutil.rmtree(out, ignore_errors=True)
    (out / "flat").mkdir(parents=True)
    for flat in (False, True):
        head, values, rows = split(lattice, flat=flat)
        (out / ("head-flat.pickle" if flat else "head.pickle")).write_bytes(pickle.dumps(head, protocol=5))
    for i, (key, pairs) in enumerate(sorted(values.items())):
        with (out / "flat" / f"{i:04d}.tsv").open("w", encoding="utf-8") as f:
            f.write(key + "\n")
            for pair in pairs():   # a line-based KB's cells hold no tab or newline
                f.write("\t".join(pair) + "\n")
    with (out / "rows.pickle").open("wb") as f:   # plain tuples: the reader makes the Predicates, as a build's does
        for at in range(0, len(rows), CHUNK):
            pickle.dump([(label, [(p.instance, p.dimension, p.value, p.evidence.doc, p.evidence.source_text,
                                   p.evidence.start, p.evidence.end, p.confidence) for p in preds])
                         for label, preds in rows[at:at + CHUNK]], f, protocol=5)
    print(f"{len(rows)} instances, {len(lattice.predicates)} predicates, {len(values)} flat dimensions "
          f"({sum(1 for v in values.values() for _ in v())} values)")


def _rows(path: Path):
    from latweave.lattice.model import Evidence, Predicate

    with path.open("rb") as f:
        while True:
            try:
                chunk = pickle.load(f)
            except EOFError:
                return
            for label, preds in chunk:
                yield label, [Predicate(x, d, v, Evidence(doc, text, start, end), confidence=c)
                              for x, d, v, doc, text, start, end, c in preds]


def _values(path: Path):
    def read():
        with path.open(encoding="utf-8") as f:
            next(f)
            for line in f:
                key, label = line.rstrip("\n").split("\t")
                yield key, label
    return read


def _stage_peaks() -> dict:
    """The RSS peak (MB, sampled every 20 ms) while each of the writer's stages runs: the model
    files (values, symbols, instances, predicates), the derived counts, the engine database."""
    import threading

    from latweave.ingest import stream

    peaks: dict = {}
    stage = ["start"]
    page = os.sysconf("SC_PAGE_SIZE") / 2 ** 20

    def sample():
        with open("/proc/self/statm") as statm:
            while True:
                statm.seek(0)
                rss = int(statm.read().split()[1]) * page
                peaks[stage[0]] = max(peaks.get(stage[0], 0), rss)
                time.sleep(0.02)

    threading.Thread(target=sample, daemon=True).start()
    for name in ("model_files", "_derived", "engine_db"):
        method = getattr(stream.StreamFiles, name, None)
        if method is None:
            continue

        def staged(self, *args, method=method, name=name):
            stage[0] = name
            try:
                return method(self, *args)
            finally:
                stage[0] = "after " + name
        setattr(stream.StreamFiles, name, staged)
    return peaks


def write(prepared: Path, out: Path, flat: bool, profile: int, baseline: bool = False, kb: Path | None = None) -> None:
    from latweave.ingest.write import write_stream

    head = pickle.loads((prepared / ("head-flat.pickle" if flat else "head.pickle")).read_bytes())
    values = None
    if flat:
        values = {}
        for path in sorted((prepared / "flat").glob("*.tsv")):
            with path.open(encoding="utf-8") as f:
                values[next(f).rstrip("\n")] = _values(path)
    documents = None
    if kb is not None:   # the KB's one document read from its file (textio.TextFile), as the Spark build's is
        from latweave.textio import TextFile

        (doc,) = head.documents
        del head.documents[doc]
        documents = {doc: TextFile(kb)}
    shutil.rmtree(out, ignore_errors=True)
    counted = [0]

    def rows():
        for label, preds in _rows(prepared / "rows.pickle"):
            counted[0] += len(preds)
            yield label, preds

    if baseline:   # the rows read and made, nothing written: what the write's figures include of this script
        started, cpu = time.perf_counter(), time.process_time()
        for _ in rows():
            pass
        print(json.dumps({"baseline": True, "seconds": round(time.perf_counter() - started, 2),
                          "cpu_seconds": round(time.process_time() - cpu, 2), "predicates": counted[0],
                          "cpu_us_per_predicate": round((time.process_time() - cpu) / counted[0] * 1e6, 2)}))
        return
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024   # the head loaded, nothing written yet
    peaks = _stage_peaks()
    started, cpu = time.perf_counter(), time.process_time()
    if profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        manifest = prof.runcall(write_stream, head, rows(), out, documents=documents,
                                **({"flat_values": values} if flat else {}))
        pstats.Stats(prof).sort_stats("tottime").print_stats(profile)
    else:
        manifest = write_stream(head, rows(), out, documents=documents, **({"flat_values": values} if flat else {}))
    took, cpu = time.perf_counter() - started, time.process_time() - cpu
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"flat": flat, "seconds": round(took, 2), "predicates": counted[0],
                      "us_per_predicate": round(took / max(counted[0], 1) * 1e6, 2),
                      "cpu_seconds": round(cpu, 2), "cpu_us_per_predicate": round(cpu / max(counted[0], 1) * 1e6, 2),
                      "peak_rss_mb": round(rss), "rss_before_write_mb": round(before),
                      "peak_rss_mb_by_stage": {k: round(v) for k, v in peaks.items()},
                      "counts": manifest["counts"]}))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("kb", type=Path)
    p.add_argument("out", type=Path)
    w = sub.add_parser("write")
    w.add_argument("prepared", type=Path)
    w.add_argument("out", type=Path)
    w.add_argument("--flat", action="store_true")
    w.add_argument("--profile", type=int, default=0)
    w.add_argument("--baseline", action="store_true", help="read the rows only (this script's own share)")
    w.add_argument("--kb", type=Path, help="the KB file prepared: its document read from it, not held")
    args = parser.parse_args(argv)
    if args.command == "prepare":
        prepare(args.kb, args.out)
    else:
        write(args.prepared, args.out, args.flat, args.profile, args.baseline, args.kb)
    return 0


if __name__ == "__main__":
    sys.exit(main())
