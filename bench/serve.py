"""`latweave serve` under load, checked: clients on 127.0.0.1 run plans for a bounded time and every
answer is compared with the bytes a single-threaded run gives (`latweave run --json --limit L`'s).

    .venv/bin/latweave build corpora/zoo --out /tmp/zoo
    .venv/bin/python bench/serve.py --lattice zoo=/tmp/zoo --clients 1 8 32 --seconds 10

The server is the real command (`latweave serve --port 0`, a subprocess); each client is a thread
with its own keep-alive `httpx.Client`, taking the plans in turn. For each concurrency: requests,
q/s, p50 / p99 milliseconds, errors (a status other than 200) and answers that differ from the
reference (the count must be 0). Plans: `--plans FILE` (one a line), else the demo's for a lattice
named zoo. (Issue 45 part 5 extends this: the movies and a 300k-person KB, an `add` while clients
ask, memory over a soak; docs/performance.md will hold the figures.)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ZOO_PLANS = ("meet(species <= mammal, habitat <= aquatic)", "meet(species <= animal)",
             'argmax(lifespan_years, ["Whale", "Dog"])', "meet(species <= whale, habitat <= terrestrial)",
             "meet(lifespan_years > 20)", 'same(diet, "Whale", "Shark")')


def reference(folder: str, plans: list[str], limit: int) -> dict[str, bytes]:
    """Each plan's bytes as `latweave run --json --limit L` prints them, run single-threaded here."""
    import latweave
    from latweave.output import json_text

    with latweave.open(folder) as session:
        return {plan: (json_text(session.run(plan, limit=limit).to_json()) + "\n").encode() for plan in plans}


def start(specs: list[str]) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([sys.executable, "-m", "latweave.cli", "serve", "--port", "0",
                                *[w for spec in specs for w in ("--lattice", spec)]],
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                               env={**os.environ, "LATWEAVE_TOKEN": ""})
    line = process.stderr.readline()
    if " on http://" not in line:
        process.kill()
        sys.exit(f"the server did not start: {line}")
    return process, line.split(" on ", 1)[1].split()[0]


def load(url: str, name: str, plans: list[str], expected: dict[str, bytes], clients: int, seconds: float) -> dict:
    import httpx

    latencies: list[float] = []
    errors, differ = [0], [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(k: int) -> None:
        with httpx.Client(base_url=url, timeout=60) as http:
            i = k
            while time.monotonic() < stop:
                plan = plans[i % len(plans)]
                i += 1
                began = time.perf_counter()
                answer = http.post(f"/lattices/{name}/run", json={"plan": plan})
                took = time.perf_counter() - began
                with lock:
                    latencies.append(took)
                    if answer.status_code != 200:
                        errors[0] += 1
                    elif answer.content != expected[plan]:
                        differ[0] += 1

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - began
    latencies.sort()
    n = len(latencies)
    return {"clients": clients, "requests": n, "qps": n / wall, "p50_ms": latencies[n // 2] * 1e3,
            "p99_ms": latencies[min(n - 1, int(n * 0.99))] * 1e3, "errors": errors[0], "differ": differ[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lattice", required=True, metavar="NAME=DIR")
    parser.add_argument("--plans", default=None, metavar="FILE")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    name, _, folder = args.lattice.partition("=")
    plans = Path(args.plans).read_text(encoding="utf-8").split("\n") if args.plans else list(ZOO_PLANS)
    plans = [p for p in plans if p.strip()]
    expected = reference(folder, plans, 100)   # the server's default page: 100 answers
    process, url = start([args.lattice])
    try:
        print(f"{'clients':>7} {'requests':>9} {'q/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'differ':>7}")
        for clients in args.clients:
            r = load(url, name, plans, expected, clients, args.seconds)
            print(f"{r['clients']:>7} {r['requests']:>9} {r['qps']:>8.0f} {r['p50_ms']:>8.2f} {r['p99_ms']:>8.2f} "
                  f"{r['errors']:>7} {r['differ']:>7}", flush=True)
    finally:
        process.terminate()
        process.wait(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
