"""`latweave serve` under load, checked: clients on 127.0.0.1 run plans for a bounded time and every
answer is compared with the bytes a single-threaded command-line run prints for the same lattice
and plan (`latweave run --json --limit 100`, the server's default page, one subprocess per plan).

    .venv/bin/latweave build corpora/zoo --out /tmp/zoo
    .venv/bin/latweave build corpora/movies --out /tmp/movies
    .venv/bin/latweave build /tmp/kb-300k.txt --format pathquestion --out /tmp/l300k
    .venv/bin/python bench/serve.py --lattice zoo=/tmp/zoo --lattice movies=/tmp/movies \\
        --lattice kb=/tmp/l300k --plans kb=kb:/tmp/kb-300k.txt --clients 1 8 32 --seconds 10

One server (the real command, `latweave serve --port 0`, a subprocess) serves every lattice given;
each client is a thread with its own keep-alive connection (http.client: the lightest client, so
that the clients take little of the machine the server runs on), taking its lattice's plans in
turn from its own starting point. Before a lattice's runs, its plans are asked for `--warm` seconds by the most
clients (not counted): a session's first open and each plan's first run on it are paid there.
For each lattice and concurrency: requests, q/s, p50 / p99
milliseconds, errors (a status other than 200, or a dropped connection) and answers that differ
from the reference. The script exits 1 when any answer differs or any request fails.

Plans (`--plans NAME=SPEC`): `zoo` and `movies` are the broad plan sets of tests/support/plans.py
(the default for lattices named so); `kb:FILE[:COUNT]` are COUNT chains of one to three hops from
persons of a bench/kb_gen.py KB, drawn as bench/peers.py draws its first-asked questions (seeded,
blind to the answers); anything else is a file of plans, one a line. A plan whose reference run
fails (an exit other than 0, or 3 for an abstention) is left out, and said so.

`--once`: each plan is asked once, by whichever client is free, on a server started afresh for
each concurrency (warmed by one plan set apart): every request is the first time the server sees
its plan, as bench/peers.py asks its questions — a session's caches (the plan checked, its engine
pages) do not help, as they do when a few plans go round.

Two more modes:

* `--add NAME=SOURCE`: the lattice NAME (a copy in the work folder: the folder given is never
  written) is served with `--allow-writes`; a third of `--seconds` after the clients start, SOURCE
  is added through `POST /lattices/NAME/add`, and they go on until a third of `--seconds` after it
  returned. Each plan's reference is taken on the old lattice and on the new one (another copy,
  `latweave add` on the command line); every answer must be the one or the other byte for byte
  (never a mix), every request made after the add returned must get the new one, both must have
  been seen, and no request may fail.
* `--soak SECONDS`: `--soak-clients` clients ask every lattice's plans for SECONDS while the
  server process's resident memory (/proc/PID/status VmRSS) is sampled each `--sample` seconds;
  prints the samples each minute, then start, median, end, peak and the least-squares slope (MiB
  per minute) over the second half (after the warm-up), with the answers checked as above.

`--sessions N` is passed to `latweave serve` (read sessions per lattice). References are kept in
`--work` (`ref-<content hash>-<limit>.json`), so that a second run on the same lattice does not
run the command line again; delete them to take them afresh.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
#: The server's default page (`latweave serve --page-size`): the references are `run --limit 100`'s.
PAGE = 100
TOKEN = "serve-bench-token-" + os.urandom(8).hex()


# ------------------------------------------------------------------------------------- plans

def plans_of(spec: str) -> list[str]:
    """The plans `spec` names (the module docstring): zoo, movies, kb:FILE[:COUNT], or a file."""
    if spec in ("zoo", "movies"):
        from tests.support.plans import MOVIE_PLANS, ZOO_PLANS

        return list(ZOO_PLANS if spec == "zoo" else MOVIE_PLANS)
    if spec.startswith("kb:"):
        sys.path.insert(0, str(ROOT / "bench"))
        from peers import latweave_plan, questions

        path, _, count = spec[3:].partition(":")
        return [latweave_plan(subject, hops) for subject, hops in questions(Path(path), int(count or 90))]
    return [p for p in Path(spec).read_text(encoding="utf-8").split("\n") if p.strip()]


def content_hash(folder: Path) -> str:
    from latweave.folder.store import read_manifest

    return read_manifest(folder, verify=False)["content_hash"]


def reference(folder: Path, plans: list[str], work: Path) -> dict[str, bytes]:
    """Each plan's stdout from `latweave run --json --limit 100 --lattice FOLDER PLAN`, one
    subprocess at a time; a plan whose run fails is left out (and named)."""
    kept = work / f"ref-{content_hash(folder)}-{PAGE}.json"
    known = json.loads(kept.read_text(encoding="utf-8")) if kept.is_file() else {}
    out: dict[str, bytes] = {}
    began = time.monotonic()
    for plan in dict.fromkeys(plans):
        if plan not in known:
            done = subprocess.run([sys.executable, "-m", "latweave.cli", "run", "--json", "--limit", str(PAGE),
                                   "--lattice", str(folder), plan], capture_output=True, timeout=600)
            known[plan] = [done.returncode, done.stdout.decode("utf-8")]
        code, text = known[plan]
        if code in (0, 3):
            out[plan] = text.encode("utf-8")
        else:
            print(f"  left out (the command line exits {code}): {plan!r}", file=sys.stderr)
    kept.write_text(json.dumps(known, ensure_ascii=False), encoding="utf-8")
    print(f"  references of {folder}: {len(out)} plans ({time.monotonic() - began:.0f} s)", file=sys.stderr)
    return out


# ------------------------------------------------------------------------------------ server

class Server:
    """`latweave serve --port 0` in a subprocess: its address, its process id, stopped on exit."""

    def __init__(self, lattices: dict[str, Path], *, writes: bool = False, sessions: int | None = None):
        argv = [sys.executable, "-m", "latweave.cli", "serve", "--port", "0", "--max-body", str(16 << 20)]
        argv += [w for name, folder in lattices.items() for w in ("--lattice", f"{name}={folder}")]
        argv += ["--allow-writes"] if writes else []
        argv += ["--sessions", str(sessions)] if sessions else []
        self.process = subprocess.Popen(argv, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                                        env={**os.environ, "LATWEAVE_TOKEN": TOKEN if writes else ""})
        line = self.process.stderr.readline()
        if " on http://" not in line:
            self.process.kill()
            sys.exit(f"the server did not start: {line}{self.process.stderr.read()}")
        self.log: list[str] = []   # the server's last lines on stderr, drained so that it never blocks writing them
        threading.Thread(target=self._drain, daemon=True).start()
        address = line.split(" on http://", 1)[1].split()[0]
        host, _, port = address.rpartition(":")
        self.host, self.port, self.pid = host, int(port), self.process.pid
        self.headers = {"Content-Type": "application/json"}
        if writes:
            self.headers["Authorization"] = f"Bearer {TOKEN}"

    def _drain(self) -> None:
        for line in self.process.stderr:
            self.log = [*self.log[-40:], line]

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=600)

    def rss_mib(self) -> float:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS")

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        if any("Traceback" in line or "Error" in line for line in self.log):
            print("the server's log ends:\n" + "".join(self.log[-20:]), file=sys.stderr)


# ------------------------------------------------------------------------------------- load

@dataclass
class Tally:
    """What the clients saw: latencies, failures, and each answer's class."""

    latencies: list = field(default_factory=list)
    errors: int = 0
    differ: int = 0
    seen: dict = field(default_factory=dict)      # class of answer (e.g. "old", "new") → count
    samples: list = field(default_factory=list)   # (the status or exception, the plan, the lattice) of failures
    lock: threading.Lock = field(default_factory=threading.Lock)

    def failed(self, what: str, plan: str, name: str) -> None:
        with self.lock:
            self.errors += 1
            if len(self.samples) < 5:
                self.samples.append((what, plan, name))


def ask(conn: http.client.HTTPConnection, headers: dict, name: str, plan: str) -> tuple[int, bytes]:
    conn.request("POST", f"/lattices/{name}/run", body=json.dumps({"plan": plan}).encode(), headers=headers)
    answer = conn.getresponse()
    return answer.status, answer.read()


def drive(server: Server, work: list[tuple[str, str]], judge, clients: int, seconds: float, tally: Tally,
          during=None, once: bool = False, until=None) -> float:
    """`clients` threads ask the (lattice, plan) pairs of `work` in turn for `seconds`; `judge(name,
    plan, bytes, began)` names each 200 answer's class (None: it differs from every reference).
    `during(stop)` runs beside them (the add). `once`: each pair is asked once, by whichever client
    is free (the run ends sooner when they are all asked). `until()`: when the clients stop instead
    of after `seconds`. Returns the wall seconds."""
    stop = time.monotonic() + seconds
    until = until or (lambda: time.monotonic() >= stop)
    shared = iter(range(len(work)))
    shared_lock = threading.Lock()

    def client(k: int) -> None:
        conn = server.connection()
        i = k * max(1, len(work) // clients)   # each client starts at its own place in the plans
        try:
            while not until():
                if once:
                    with shared_lock:
                        i = next(shared, None)
                    if i is None:
                        return
                name, plan = work[i % len(work)]
                i += 1
                began = time.perf_counter()
                try:
                    status, body = ask(conn, server.headers, name, plan)
                except (OSError, http.client.HTTPException) as exc:
                    tally.failed(repr(exc), plan, name)
                    conn.close()
                    conn = server.connection()
                    continue
                took = time.perf_counter() - began
                verdict = judge(name, plan, body, began) if status == 200 else None
                with tally.lock:
                    tally.latencies.append(took)
                if status != 200:
                    tally.failed(f"{status} {body[:200]!r}", plan, name)
                elif verdict is None:
                    with tally.lock:
                        tally.differ += 1
                        if len(tally.samples) < 5:
                            tally.samples.append(("differs", plan, name))
                else:
                    with tally.lock:
                        tally.seen[verdict] = tally.seen.get(verdict, 0) + 1
        finally:
            conn.close()

    threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(clients)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    if during is not None:
        during(stop)
    for thread in threads:
        thread.join()
    return time.monotonic() - began


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))] if sorted_values else float("nan")


HEADER = f"{'lattice':>8} {'clients':>7} {'requests':>9} {'q/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'differ':>7}"


def row(name: str, clients: int, tally: Tally, wall: float) -> str:
    lat = sorted(tally.latencies)
    return (f"{name:>8} {clients:>7} {len(lat):>9} {len(lat) / wall:>8.1f} {percentile(lat, .5) * 1e3:>8.2f} "
            f"{percentile(lat, .99) * 1e3:>8.2f} {tally.errors:>7} {tally.differ:>7}")


def exact(expected: dict[str, dict[str, bytes]]):
    def judge(name, plan, body, began):
        return "same" if body == expected[name][plan] else None
    return judge


def report_failures(tally: Tally) -> None:
    for what, plan, name in tally.samples:
        print(f"  {name}: {what}: {plan!r}", file=sys.stderr)


# ------------------------------------------------------------------------------------- modes

def load(lattices, plans, expected, args) -> int:
    """Each lattice at each concurrency (the module docstring); with --once, each plan asked once, on
    a server started afresh for each concurrency and warmed by one plan set apart (`clients` of it
    at once, so that the sessions those clients will use are open before the clock starts)."""
    bad = 0
    server = None if args.once else Server(lattices, sessions=args.sessions)
    try:
        print(HEADER + ("  (each plan asked once, fresh server)" if args.once else ""), flush=True)
        for name in lattices:
            work = [(name, p) for p in plans[name] if p in expected[name]]
            if not args.once and args.warm:   # sessions opened and their caches warm before the clock starts
                warm = Tally()
                drive(server, work, exact(expected), max(args.clients), args.warm, warm)
                report_failures(warm)
                bad += warm.errors + warm.differ
            for clients in args.clients:
                if args.once:
                    server = Server(lattices, sessions=args.sessions)
                    drive(server, work[:1] * clients, exact(expected), clients, 600, Tally(), once=True)
                tally = Tally()
                wall = drive(server, work[1:] if args.once else work, exact(expected), clients, args.seconds, tally,
                             once=args.once)
                print(row(name, clients, tally, wall), flush=True)
                report_failures(tally)
                bad += tally.errors + tally.differ
                if args.once:
                    server.close()
        if not args.once:
            print(f"server RSS at the end: {server.rss_mib():.0f} MiB")
    finally:
        if server is not None:
            server.close()
    return bad


def soak(lattices, plans, expected, args) -> int:
    work = [(name, p) for name in lattices for p in plans[name] if p in expected[name]]
    server = Server(lattices, sessions=args.sessions)
    samples: list[tuple[float, float]] = []
    tally = Tally()

    def sampler(stop: float) -> None:
        began = time.monotonic()
        shown = 0
        while time.monotonic() < stop:
            samples.append((time.monotonic() - began, server.rss_mib()))
            if samples[-1][0] >= shown:
                print(f"  {samples[-1][0]:>6.0f} s  RSS {samples[-1][1]:>7.1f} MiB  requests {len(tally.latencies):>8}",
                      flush=True)
                shown += 60
            time.sleep(args.sample)
        samples.append((time.monotonic() - began, server.rss_mib()))

    try:
        wall = drive(server, work, exact(expected), args.soak_clients, args.soak, tally, during=sampler)
    finally:
        server.close()
    print(HEADER)
    print(row("all", args.soak_clients, tally, wall))
    report_failures(tally)
    rss = [r for _, r in samples]
    half = [(t, r) for t, r in samples if t >= samples[-1][0] / 2]
    slope = _slope(half) * 60
    print(f"RSS MiB over {wall:.0f} s ({len(samples)} samples): start {rss[0]:.1f}, median {statistics.median(rss):.1f}, "
          f"end {rss[-1]:.1f}, peak {max(rss):.1f}; slope over the second half {slope:+.2f} MiB/min "
          f"(whole run {_slope(samples) * 60:+.2f} MiB/min)")
    return tally.errors + tally.differ


def _slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (t, y)."""
    if len(points) < 2:
        return 0.0
    mt = statistics.fmean(t for t, _ in points)
    my = statistics.fmean(y for _, y in points)
    den = sum((t - mt) ** 2 for t, _ in points)
    return sum((t - mt) * (y - my) for t, y in points) / den if den else 0.0


def add_while_asking(lattices, plans, args, work_dir: Path) -> int:
    """The --add mode (the module docstring)."""
    name, _, source = args.add.partition("=")
    source = Path(source)
    old_dir, new_dir = work_dir / "add-old" / name, work_dir / "add-new" / name
    for copy in (old_dir, new_dir):
        if copy.exists():
            shutil.rmtree(copy)
        shutil.copytree(lattices[name].resolve(), copy)
    done = subprocess.run([sys.executable, "-m", "latweave.cli", "add", "--lattice", str(new_dir), str(source)],
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"latweave add failed: {done.stderr}")
    old = reference(old_dir, plans[name], work_dir)
    new = reference(new_dir, plans[name], work_dir)
    work = [(name, p) for p in plans[name] if p in old and p in new]
    added: dict[str, float] = {}

    def judge(_name, plan, body, began):
        if body == new[plan]:
            return "new"
        if body == old[plan]:
            # an old answer to a request made after the add had returned: a stale lattice
            return "old" if "done" not in added or began < added["done"] else "stale"
        return None

    def add(stop: float) -> None:
        time.sleep(args.seconds / 3)
        body = json.dumps({"sources": [{"name": source.name, "content": source.read_text(encoding="utf-8")}]})
        conn = server.connection()
        added["began"] = time.perf_counter()
        try:
            conn.request("POST", f"/lattices/{name}/add", body=body.encode(), headers=server.headers)
            answer = conn.getresponse()
            status, text = answer.status, answer.read()
        except (OSError, http.client.HTTPException) as exc:
            status, text = repr(exc), b""
        finally:
            added["done"] = time.perf_counter()
            conn.close()
        if status != 200:
            print(f"the add answered {status}: {text[:500]!r}", file=sys.stderr)
            added["failed"] = 1

    bad = 0
    print(f"{'lattice':>8} {'clients':>7} {'requests':>9} {'old':>6} {'new':>6} {'stale':>6} {'mixed':>6} "
          f"{'errors':>7} {'add s':>6} {'p50 ms':>8} {'p99 ms':>8}")
    for clients in args.clients:
        for copy in (old_dir,):   # a fresh old lattice for each concurrency
            shutil.rmtree(copy)
            shutil.copytree(lattices[name].resolve(), copy)
        server = Server({name: old_dir}, writes=True, sessions=args.sessions)
        tally = Tally()
        added.clear()
        try:
            # on until the add has returned and a third of --seconds after it, however long it took
            drive(server, work, judge, clients, args.seconds, tally, during=add,
                  until=lambda: "done" in added and time.perf_counter() > added["done"] + args.seconds / 3)
        finally:
            server.close()
        lat = sorted(tally.latencies)
        seen = tally.seen
        print(f"{name:>8} {clients:>7} {len(lat):>9} {seen.get('old', 0):>6} {seen.get('new', 0):>6} "
              f"{seen.get('stale', 0):>6} {tally.differ:>6} {tally.errors:>7} "
              f"{added.get('done', 0) - added.get('began', 0):>6.2f} {percentile(lat, .5) * 1e3:>8.2f} "
              f"{percentile(lat, .99) * 1e3:>8.2f}", flush=True)
        report_failures(tally)
        bad += tally.errors + tally.differ + seen.get("stale", 0) + added.get("failed", 0)
        bad += 0 if seen.get("new") and seen.get("old") else 1   # both versions must have been asked
    return bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lattice", action="append", required=True, metavar="NAME=DIR")
    parser.add_argument("--plans", action="append", default=[], metavar="NAME=SPEC",
                        help="zoo, movies, kb:FILE[:COUNT] or a file of plans (default: the lattice's name)")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--seconds", type=float, default=10.0, help="per lattice and concurrency")
    parser.add_argument("--sessions", type=int, default=None, help="latweave serve --sessions")
    parser.add_argument("--warm", type=float, default=10.0, metavar="SECONDS",
                        help="before each lattice's runs, its plans asked by the most clients for SECONDS, not counted "
                             "(the sessions opened, their caches warm)")
    parser.add_argument("--once", action="store_true",
                        help="each plan asked once (first-asked), on a fresh server for each concurrency")
    parser.add_argument("--add", default=None, metavar="NAME=SOURCE")
    parser.add_argument("--soak", type=float, default=None, metavar="SECONDS")
    parser.add_argument("--soak-clients", type=int, default=8)
    parser.add_argument("--sample", type=float, default=2.0, metavar="SECONDS")
    parser.add_argument("--work", default=None, help="where references and copies are kept (default: a temporary folder)")
    args = parser.parse_args()
    lattices = {spec.partition("=")[0]: Path(spec.partition("=")[2]) for spec in args.lattice}
    specs = {name: name for name in lattices} | dict(spec.split("=", 1) for spec in args.plans)
    plans = {name: plans_of(specs[name]) for name in lattices}
    work_dir = Path(args.work) if args.work else Path(tempfile.mkdtemp(prefix="latweave-serve-bench-"))
    work_dir.mkdir(parents=True, exist_ok=True)
    try:
        if args.add:
            bad = add_while_asking(lattices, plans, args, work_dir)
        else:
            expected = {name: reference(folder, plans[name], work_dir) for name, folder in lattices.items()}
            bad = soak(lattices, plans, expected, args) if args.soak else load(lattices, plans, expected, args)
    finally:
        if not args.work:
            shutil.rmtree(work_dir, ignore_errors=True)
    if bad:
        print(f"FAILED: {bad} (answers that differ, requests that failed, stale or mixed answers)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
