"""Living lattices (issue 16): `add` and `remove` on a large KB lattice beside a full rebuild.

    .venv/bin/python bench/living.py                       # a 1,000,000-triple KB, 1,000 triples added
    .venv/bin/python bench/living.py --triples 100000 --added 1000 --work /tmp/living

Generates a PathQuestion-format KB of --triples lines (bench/build.py's people KB) and a part of
--added lines about the same people, then, each step in its own process (so that its peak
resident memory is its own), as a user runs them:

1. build the KB alone (the lattice before);
2. `add` the part to it;
3. a full build of the KB and the part (what `add` must equal: the content hashes are compared);
4. `remove` the part again (one source removed) — against the build of step 1.

Prints each step's time and peak memory and the ratio of each change to the full build it replaces;
then, for an LLM-extracted corpus (corpora/bios, a scripted OpenAI-compatible server on 127.0.0.1),
the requests a build and an `add` of one more document make. Asserts nothing.
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
    """One step in this process: its time and this process's peak memory."""
    import latweave

    started = time.perf_counter()
    if kind == "build":
        *sources, out = args
        manifest = latweave.build(sources, out, format="pathquestion").manifest
    elif kind == "add":
        lattice, *sources = args
        manifest = latweave.add(lattice, sources).summary.manifest
    else:
        lattice, *names = args
        manifest = latweave.remove(lattice, sources=names).summary.manifest
    elapsed = time.perf_counter() - started
    return {"s": elapsed, "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "content_hash": manifest["content_hash"], "counts": manifest["counts"]}


def run(kind: str, *args) -> dict:
    done = subprocess.run([sys.executable, __file__, "--step", kind, *map(str, args)], check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def llm_requests(work: Path) -> tuple[int, int, int]:
    """(windows, requests for a build of bios without one document, requests for adding it)."""
    from tests.support.bios_model import bios_script
    from tests.support.openai_server import ScriptedServer
    from tests.test_extract_build import bios_config

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
    ap.add_argument("--added", type=int, default=1_000, help="lines of the part added")
    ap.add_argument("--work", default=None, help="a folder for the KB and the lattices (default: a temporary one)")
    ap.add_argument("--step", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.step:
        print(json.dumps(step(args.step[0], args.step[1:])))
        return
    from bench.build import generate

    work = Path(args.work) if args.work else Path(tempfile.mkdtemp(prefix="living-"))
    work.mkdir(parents=True, exist_ok=True)
    kb, part = work / "kb.txt", work / f"part-{args.added}.txt"
    if not kb.exists():
        generate(kb, args.triples, seed=11)
    generate(part, args.added, seed=12)
    for name in ("lat", "full", "alone"):
        shutil.rmtree(work / name, ignore_errors=True)

    before = run("build", kb, work / "lat")
    added = run("add", work / "lat", part)
    full = run("build", kb, part, work / "full")
    removed = run("remove", work / "lat", part.name)
    windows, built, asked = llm_requests(Path(tempfile.mkdtemp(prefix="living-llm-", dir=work)))

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    c = full["counts"]
    print(f"living lattices: a {args.triples:,}-line KB ({c['instances']:,} instances, {c['predicates']:,} "
          f"predicates), {args.added:,} lines added; {cores} cores, one process per step")
    print("| step | time s | peak MiB | against the full build it replaces | same as the full build |")
    print("|---|---|---|---|---|")
    print(f"| build the KB | {before['s']:.1f} | {before['peak_mib']:,.0f} | | |")
    print(f"| add {args.added:,} lines | {added['s']:.1f} | {added['peak_mib']:,.0f} | "
          f"{added['s'] / full['s']:.2f}× the time, {added['peak_mib'] / full['peak_mib']:.2f}× the memory | "
          f"{'yes' if added['content_hash'] == full['content_hash'] else 'NO'} |")
    print(f"| full build of the KB and the part | {full['s']:.1f} | {full['peak_mib']:,.0f} | | |")
    print(f"| remove the part (one source) | {removed['s']:.1f} | {removed['peak_mib']:,.0f} | "
          f"{removed['s'] / before['s']:.2f}× the time, {removed['peak_mib'] / before['peak_mib']:.2f}× the memory | "
          f"{'yes' if removed['content_hash'] == before['content_hash'] else 'NO'} |")
    print(f"LLM corpus (bios): a build of 6 documents asked {built} window(s); adding the 7th asked {asked} "
          f"of the {windows} windows (the other {windows - asked} from the cache)")


if __name__ == "__main__":
    main()
