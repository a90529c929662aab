"""The driver's JVM started quietly: what it prints is kept from the user's terminal unless asked for.

pyspark starts the driver's JVM (`spark-submit … pyspark-shell`) with the terminal as its stdout
and stderr, and a plain `latweave run --engine spark` printed eight lines there that were not
latweave's: the JVM's own "WARNING: Using incubator modules" (no JVM flag silences it), Spark's
"Using Spark's default log4j profile" (twice) and "Setting default log level", the hostname
loopback warning and Hadoop's native-library warning. Here, unless the user asks for them:

- the JVM gets `spark_log4j2.properties` (shipped beside this module: root logger and the shell's
  logger at ERROR) through `-Dlog4j2.configurationFile` in `spark.driver.extraJavaOptions`, so
  Spark logs only errors, and never says which profile it took;
- its stdout and stderr go to a pipe that a daemon thread reads, keeping the last `TAIL` lines:
  when the JVM exits before it answers (a bad Java option, say), the error names what it said last.
  Spark's failures reach latweave as exceptions with Spark's message (spark_context.spark_message),
  not through these lines.

`LATWEAVE_SPARK_LOG=1` (or `-v` on a command that takes `--spark-master`) leaves the JVM as pyspark
starts it: Spark's own log configuration, its lines on the terminal. The choice is made when the
process's JVM starts; one JVM serves every session of the process (spark_context).

`page_size`: the size of the local JVM's memory pages, which a run's many small broadcasts pay.
"""

from __future__ import annotations

import collections
import os
import re
import threading
from typing import Any, BinaryIO
from pathlib import Path

#: the environment variable that shows the JVM's lines
LOG_ENV = "LATWEAVE_SPARK_LOG"
#: the log4j2 configuration of a quiet JVM
LOG4J2 = Path(__file__).with_name("spark_log4j2.properties")
#: how many of the JVM's last lines are kept for an error
TAIL = 40

_verbose = False
_tail: collections.deque[str] = collections.deque(maxlen=TAIL)


def show_logs() -> None:
    """Let the JVM this process starts print on the terminal (the CLI's `-v`)."""
    global _verbose
    _verbose = True


def verbose() -> bool:
    """Whether the JVM's lines reach the terminal: `-v`, or `$LATWEAVE_SPARK_LOG` set and not 0."""
    return _verbose or os.environ.get(LOG_ENV, "").strip() not in ("", "0")


def java_options() -> str | None:
    """spark.driver.extraJavaOptions for a quiet driver (None when verbose: Spark's own logging)."""
    return None if verbose() else f"-Dlog4j2.configurationFile={LOG4J2.as_uri()}"


def launch(conf: Any, loopback: bool = False) -> Any:
    """The driver's JVM started for `conf` (a pyspark SparkConf, passed to spark-submit), its output
    read into the tail unless verbose; returns pyspark's gateway to it. A JVM that exits before it
    answers is an EngineError naming its last line. `loopback` (a local master): the JVM gets
    SPARK_LOCAL_IP=127.0.0.1 unless it is set, so that Spark neither looks for another address when
    this machine's name resolves to loopback (and warns it did) nor binds one."""
    saved = os.environ.get("SPARK_LOCAL_IP")
    if loopback and saved is None:
        os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"   # launch_gateway gives the JVM this environment
    try:
        return _launch(conf)
    finally:
        if loopback and saved is None:
            os.environ.pop("SPARK_LOCAL_IP", None)


def _launch(conf: Any) -> Any:
    from pyspark.errors import PySparkRuntimeError
    from pyspark.java_gateway import launch_gateway

    from latweave.errors import EngineError

    if verbose():
        return launch_gateway(conf)  # type: ignore[no-untyped-call]
    _tail.clear()
    read, write_fd = os.pipe()   # the JVM's stdout and stderr (and its children's): read here, never shown
    reader = threading.Thread(target=_drain, args=(os.fdopen(read, "rb"),), name="spark-jvm-output", daemon=True)
    reader.start()
    write: int | None = write_fd
    try:
        gateway = launch_gateway(conf, popen_kwargs={"stdout": write_fd, "stderr": write_fd})  # type: ignore[no-untyped-call]
    except PySparkRuntimeError as exc:
        if exc.getCondition() != "JAVA_GATEWAY_EXITED":
            raise
        os.close(write_fd)
        write = None
        reader.join(timeout=10)   # the JVM has exited: its output ends
        said = " / ".join([line.strip() for line in _tail if line.strip()][-3:]) or "it printed nothing"
        raise EngineError(f"spark: the JVM exited before it started: {said}",
                          hint=f"set {LOG_ENV}=1 (or pass -v) to see all it printed") from None
    finally:
        if write is not None:
            os.close(write)   # the JVM holds its own copy
    return gateway


def _drain(stream: BinaryIO) -> None:
    for raw in iter(stream.readline, b""):
        _tail.append(raw.decode("utf-8", "replace").rstrip("\n"))
    stream.close()


def page_size(memory: str) -> str | None:
    """spark.buffer.pageSize on a local master, for a driver of `memory` (spark.driver.memory's
    spelling): the least power of two, at least 1 MB, of which 8,192 pages — the most one task
    addresses — cover the whole heap; None for a spelling not understood (Spark's own then).

    Spark's default grows with the heap, to 64 MB for a driver of 4 GB and more. Every broadcast
    of a multi-column key builds a hash table of at least one page, held by the driver until its
    broadcast is cleaned, and a run broadcasts local relations by the hundred: 64 MB pages were
    gigabytes allocated and zeroed for tables of a few thousand rows (and once a run that failed
    "Not enough memory to build and broadcast the table"). docs/spark.md has the figures."""
    found = re.fullmatch(r"(\d+)([kmgt]?)b?", memory.strip().lower())
    if found is None:
        return None
    size = int(found[1]) * 1024 ** " kmgt".index(found[2] or "m")   # no unit: MiB, as Spark reads it
    pages, mb = -(-size // 8192 // 2**20), 1
    while mb < pages:
        mb *= 2
    return f"{mb}m"


def pages(memory: str) -> dict[str, str]:
    """`page_size`'s setting for a driver of `memory`: none where its spelling is not understood."""
    size = page_size(memory)
    return {} if size is None else {"spark.buffer.pageSize": size}
