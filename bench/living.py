"""Living lattices (issue 16): `add` and `remove` on a large KB lattice beside the builds they replace.

    .venv/bin/python bench/living.py                       # a 1,000,000-line KB, 1,000 lines added
    .venv/bin/python bench/living.py --triples 200000 --added 1000 --work /tmp/living

Generates a PathQuestion-format KB of --triples lines (bench/build.py's people KB) and two parts
of --added lines about the same people, then, each step in its own process (so that its peak
resident memory is its own), as a user runs them:

1. build the KB alone (one source: one layer), and open it once (a query's verification);
2. `add` the first part, then the second (each a layer, read from look-ups: ingest/kb_layer.py);
3. the full builds they must equal (content hash): the KB and the two parts as three sources; the
   KB and the first part with each layer written from the two whole lattices (the general path
   ingest/layered.py takes where look-ups cannot read a file: forced here), against the lattice
   after the first add;
4. `remove` the second part, then the first (each the last source: its layer dropped), against
   the lattices after the first add and of the KB alone;
5. the rebuild the goal is measured against: one source holding the KB's lines and the first
   part's (what rebuilding from scratch, without layers, costs).

A step's time is the library call's, with latweave's modules imported first; its wall time (the
whole process: Python, imports, the call) is printed too. Prints each step's time and peak memory
and each change's ratio to the build it replaces; then, for an LLM-extracted corpus (corpora/bios,
a scripted OpenAI-compatible server on 127.0.0.1), the requests a build and an `add` of one more
document make. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def step(kind: str, args: list[str]) -> dict:
    """One step in this process: its time (latweave's modules imported first) and this process's
    peak memory."""
    import latweave
    import latweave.api  # noqa: F401  (imported before the clock starts: the call is what is timed)
    # (and what a build or change imports when called: latweave.api imports them when first used)
    import latweave.engines.sqlite_layers  # noqa: F401
    import latweave.ingest.kb_layer  # noqa: F401
    import latweave.ingest.living  # noqa: F401
    import latweave.ingest.write  # noqa: F401
    from latweave.folder.store import read_manifest

    if kind == "whole":   # every layer from the two whole lattices: what look-ups stand in for
        from latweave.ingest import kb_layer

        def whole(*_, **__):
            raise kb_layer.Fallback("the general path, forced by the bench")
        kb_layer.kb_step = whole
    started = time.perf_counter()
    read = None
    if kind in ("build", "whole"):
        from latweave.ingest.sources import read_history

        *sources, out = args
        manifest = latweave.build(sources, out, format="pathquestion").manifest
        read = read_history(out)[-1].get("read")
    elif kind == "open":
        manifest = read_manifest(args[0], cached=True)
    elif kind == "add":
        lattice, *sources = args
        change = latweave.add(lattice, sources)
        manifest, read = change.summary.manifest, change.line.get("read")
    else:
        lattice, *names = args
        manifest = latweave.remove(lattice, sources=names).summary.manifest
    elapsed = time.perf_counter() - started
    return {"s": elapsed, "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "content_hash": manifest["content_hash"], "counts": manifest["counts"], "read": read,
            "layers": manifest.get("layers", 1)}


def run(kind: str, *args) -> dict:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, __file__, "--step", kind, *map(str, args)], check=True,
                          capture_output=True, text=True)
    return {**json.loads(done.stdout.strip().splitlines()[-1]), "wall": time.perf_counter() - started}


def llm_requests(work: Path) -> tuple[int, int, int]:
    """(windows, requests for a build of bios without one document, requests for adding it)."""
    from tests.support.bios_model import bios_script
    from tests.support.openai_server import ScriptedServer
    from tests.support.bios_model import bios_config

    import latweave

    corpus = work / "bios"
    shutil.copytree(ROOT / "corpora" / "bios", corpus)
    held = corpus / "documents" / "hana-sato.txt"
    held.rename(work / "hana-sato.txt")
    with ScriptedServer(bios_script) as server:
        config = bios_config(server)
        latweave.build(corpus, work / "bios-lattice", llm=config)
        built = len(server.requests)
        change = latweave.add(work / "bios-lattice", [work / "hana-sato.txt"], llm=config)
        return change.summary.report.windows, built, len(server.requests) - built


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--triples", type=int, default=1_000_000, help="lines of the generated KB")
    ap.add_argument("--added", type=int, default=1_000, help="lines of each part added")
    ap.add_argument("--work", default=None, help="a folder for the KB and the lattices (default: a temporary one)")
    ap.add_argument("--step", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.step:
        print(json.dumps(step(args.step[0], args.step[1:])))
        return
    from bench.build import generate

    work = Path(args.work) if args.work else Path(tempfile.mkdtemp(prefix="living-"))
    work.mkdir(parents=True, exist_ok=True)
    kb, part, part2 = work / "kb.txt", work / f"part-{args.added}.txt", work / f"part2-{args.added}.txt"
    if not kb.exists():
        generate(kb, args.triples, seed=11)
    generate(part, args.added, seed=12)
    generate(part2, args.added, seed=13)
    merged = work / "kb-and-part.txt"
    with merged.open("w", encoding="utf-8") as out:
        out.write(kb.read_text(encoding="utf-8") + part.read_text(encoding="utf-8"))
    for name in ("lat", "full", "whole", "merged"):
        shutil.rmtree(work / name, ignore_errors=True)

    rows = []

    def row(label: str, got: dict, against: dict | None = None, same: dict | None = None, note: str = "") -> None:
        ratio = (f"{got['s'] / against['s']:.4f}× the time ({100 * got['s'] / against['s']:.2f} %), "
                 f"{got['peak_mib'] / against['peak_mib']:.2f}× the memory") if against else ""
        equal = "" if same is None else "yes" if got["content_hash"] == same["content_hash"] else "NO"
        rows.append(f"| {label} | {got['s']:.2f} | {got['wall']:.1f} | {got['peak_mib']:,.0f} | {ratio} | {equal} | {note} |")

    def how(got: dict) -> str:
        read = got.get("read") or []
        return "; ".join("look-ups" if r["whole"] is None else f"whole: {r['whole']}" for r in read)

    built = run("build", kb, work / "lat")
    opened = run("open", work / "lat")
    added = run("add", work / "lat", part)
    first = dict(added)
    added2 = run("add", work / "lat", part2)
    full = run("build", kb, part, part2, work / "full")
    whole = run("whole", kb, part, work / "whole")
    removed2 = run("remove", work / "lat", part2.name)
    removed = run("remove", work / "lat", part.name)
    rebuilt = run("build", merged, work / "merged")

    row("build the KB (1 source)", built)
    row("open it once (verify: hashes recorded by the build)", opened)
    row(f"`add` {args.added:,} lines (layer 2)", added, rebuilt, whole, how(added))
    row(f"`add` {args.added:,} more (layer 3)", added2, rebuilt, full, how(added2))
    row("full build: the KB and both parts (3 sources)", full, None, None, how(full))
    row("full build: the KB and the first part, each layer from two whole lattices", whole, None, first, how(whole))
    row("`remove` the second part (the last source)", removed2, rebuilt, first)
    row("`remove` the first part (now the last)", removed, rebuilt, built)
    row("rebuild: one source of the KB's and the first part's lines", rebuilt)

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    c = built["counts"]
    print(f"living lattices: a {args.triples:,}-line KB ({c['instances']:,} instances, {c['predicates']:,} "
          f"predicates), parts of {args.added:,} lines; {cores} cores, one process per step")
    print("| step | time s | wall s | peak MiB | against the rebuild | same lattice as | read |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print("(\"same lattice as\": the content hash equals that of — add: the build of its layers from whole lattices "
          "(first) and the full build of three sources (second); remove: the lattice after the first add, and the "
          "KB built alone)")
    windows, llm_built, asked = llm_requests(Path(tempfile.mkdtemp(prefix="living-llm-", dir=work)))
    print(f"LLM corpus (bios): a build of 6 documents asked {llm_built} window(s); adding the 7th asked {asked} "
          f"of the {windows} windows (the other {windows - asked} from the cache)")


if __name__ == "__main__":
    main()
