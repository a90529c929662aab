"""A Spark standalone cluster on 127.0.0.1 for a test or a bench: a master and N workers, each a
process of its own started by pyspark's own launcher (`bin/spark-class`), stopped by its id.

`standalone(root, workers=2)` is a context manager yielding a `Cluster` once the master runs and
every worker has registered with it; on leaving (also on an exception) it stops every process it
started, and any process those started (the executors a worker launched), by pid: SIGTERM, then
SIGKILL after a grace period. Nothing listens beyond loopback: SPARK_LOCAL_IP=127.0.0.1 (the RPC
endpoints and the web UIs bind it), the web UIs on ports the system picks (`--webui-port 0`),
the master's REST submission server off (it binds a fixed port, 6066); `listening()` reads the
sockets a process listens on from /proc, for the caller to check. Each worker has `cores` cores
and `memory` of memory for executors; the daemons themselves get SPARK_DAEMON_MEMORY=256m.

A cluster that cannot start (no Java, no pyspark, not Linux, a master or worker that exits or does
not register within `timeout` s) raises `NoCluster` with the reason and the last lines of the
process's log: a test skips with it, never passes silently.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

#: how long the master and the workers may take to start and register (they take ~12 s on 2 quiet cores, minutes on a loaded machine)
START_TIMEOUT_S = 300.0


class NoCluster(RuntimeError):
    """The cluster could not start here (the message says why)."""


@dataclass(frozen=True)
class Cluster:
    """A running standalone cluster: its master URL, its processes' pids (master first), and each
    worker's work directory (one folder per application, one per executor inside it)."""

    master: str
    pids: tuple[int, ...]
    work_dirs: tuple[Path, ...]
    logs: tuple[Path, ...]

    def env(self) -> dict[str, str]:
        """The environment a driver on this machine needs for this cluster (its address loopback)."""
        return {"SPARK_LOCAL_IP": "127.0.0.1", "LATWEAVE_SPARK_MASTER": self.master}


def spark_class() -> Path:
    import pyspark

    return Path(pyspark.__file__).parent / "bin" / "spark-class"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SPARK_", "PYSPARK_"))}
    env.update({"SPARK_LOCAL_IP": "127.0.0.1", "SPARK_DAEMON_MEMORY": "256m",
                "SPARK_MASTER_OPTS": "-Dspark.master.rest.enabled=false",
                "PYSPARK_PYTHON": sys.executable})
    return env


def _tail(path: Path, lines: int = 5) -> str:
    try:
        return " | ".join(path.read_text(errors="replace").strip().splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _wait(what: str, proc: subprocess.Popen, log: Path, found, deadline: float):
    """Wait until `found(log text)` returns a value; NoCluster when the process exits or time runs out."""
    while True:
        got = found(log.read_text(errors="replace") if log.exists() else "")
        if got:
            return got
        if proc.poll() is not None:
            raise NoCluster(f"the Spark {what} exited ({proc.returncode}) before it was ready: {_tail(log)}")
        if time.monotonic() > deadline:
            raise NoCluster(f"the Spark {what} was not ready within {START_TIMEOUT_S:g} s: {_tail(log)}")
        time.sleep(0.25)


def _children(pid: int) -> list[int]:
    """Every descendant of `pid` now (from /proc), deepest last."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                kids = Path(f"/proc/{parent}/task/{task}/children").read_text().split()
            except OSError:
                continue
            for kid in map(int, kids):
                if kid not in found:
                    found.append(kid)
                    todo.append(kid)
    return found


def processes(cluster: Cluster) -> list[int]:
    """The cluster's processes now: the master, the workers and what they started (executors)."""
    pids = list(cluster.pids)
    for pid in cluster.pids:
        pids += [p for p in _children(pid) if p not in pids]
    return pids


def _stop(procs: list[subprocess.Popen], grace: float = 20.0) -> None:
    """SIGTERM each process and what it started, by pid; SIGKILL what is left after `grace` s."""
    pids = []
    for proc in procs:
        pids += [proc.pid] + _children(proc.pid)
    for pid in reversed(pids):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    for proc in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            if Path(f"/proc/{pid}").exists() and _state(pid) != "Z":
                os.kill(pid, signal.SIGKILL)
    for proc in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=10)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "?"


def alive(pid: int) -> bool:
    return Path(f"/proc/{pid}").exists() and _state(pid) not in ("Z", "?")


@contextlib.contextmanager
def standalone(root: Path, workers: int = 2, cores: int = 1, memory: str = "1g"):
    """The cluster (module docstring); `root` holds its logs and the workers' work directories."""
    if not sys.platform.startswith("linux"):
        raise NoCluster("the cluster helper reads /proc (Linux only)")
    from latweave.engines.spark_context import spark_problem

    problem = spark_problem("spark://127.0.0.1:7077")
    if problem is not None:
        raise NoCluster(problem)
    launcher = spark_class()
    if not os.access(launcher, os.X_OK):
        raise NoCluster(f"pyspark's launcher {launcher} is not executable")
    root.mkdir(parents=True, exist_ok=True)
    env = _env()
    procs: list[subprocess.Popen] = []
    deadline = time.monotonic() + START_TIMEOUT_S

    def start(name: str, *args: str) -> tuple[subprocess.Popen, Path]:
        log = root / f"{name}.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen([str(launcher), *args], stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT, env=env, cwd=root, start_new_session=True)
        procs.append(proc)
        return proc, log

    try:
        master_proc, master_log = start("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                                        "--port", "0", "--webui-port", "0")
        url = _wait("master", master_proc, master_log,
                    lambda text: (m := re.search(r"Starting Spark master at (spark://127\.0\.0\.1:\d+)", text))
                    and m.group(1), deadline)
        work_dirs, logs = [], [master_log]
        for i in range(1, workers + 1):
            work = root / f"work{i}"
            work.mkdir(exist_ok=True)
            proc, log = start(f"worker{i}", "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                              "--port", "0", "--webui-port", "0", "--cores", str(cores), "--memory", memory,
                              "--work-dir", str(work), url)
            work_dirs.append(work)
            logs.append(log)
        for i, (proc, log) in enumerate(zip(procs[1:], logs[1:]), 1):
            _wait(f"worker {i}", proc, log, lambda text: "Successfully registered with master" in text, deadline)
        yield Cluster(url, tuple(p.pid for p in procs), tuple(work_dirs), tuple(logs))
    finally:
        _stop(procs)


def listening(pid: int) -> list[str]:
    """The addresses `pid` listens on (TCP, v4 and v6), as "host:port", read from /proc."""
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
    except OSError:
        return []
    found = []
    for table in ("tcp", "tcp6"):
        try:
            rows = Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if fields[3] == "0A" and fields[9] in inodes:   # LISTEN
                address, port = fields[1].split(":")
                found.append(f"{_address(address)}:{int(port, 16)}")
    return sorted(found)


def _address(hex_address: str) -> str:
    """/proc/net/tcp's address (little-endian 32-bit words) as text: 127.0.0.1, ::ffff:127.0.0.1, ::1."""
    import ipaddress

    raw = bytes.fromhex(hex_address)
    ip = ipaddress.ip_address(b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4)))
    mapped = getattr(ip, "ipv4_mapped", None)
    return f"[{ip}]" if ip.version == 6 and mapped is None else str(mapped or ip)


def loopback(address: str) -> bool:
    import ipaddress

    return ipaddress.ip_address(address.rsplit(":", 1)[0].strip("[]")).is_loopback
