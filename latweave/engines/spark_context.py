"""Where latweave finds Spark: pyspark, a Java it can run, and one SparkSession per master.

Spark 4 runs on Java 17 or 21. pyspark starts its JVM from `$JAVA_HOME/bin/java` when JAVA_HOME is
set, else from the `java` on PATH; `java_problem()` asks the same one for its version, so a
machine without Java (or with Java 11) is told so in one sentence — by `latweave engines`, by
`--engine spark`, and by the tests that skip — instead of pyspark's "Java gateway process exited".

The master is, first to last: the `master` argument (`--spark-master URL`), `$LATWEAVE_SPARK_MASTER`,
then `local[*]` (every core of this machine). With `$SPARK_REMOTE` set (Spark Connect,
`sc://host:15002`) and no master named, the session is a Spark Connect client instead, and no
local JVM is needed. One SparkSession is made per master per process and reused: starting a JVM
costs seconds; an engine session takes `newSession()` of it (its own temporary views and SQL
settings, the same SparkContext).

The driver's JVM is started quietly (spark_jvm.py: its output read, not shown; log4j at ERROR)
unless `-v` or `$LATWEAVE_SPARK_LOG` asks for its lines.

Settings chosen here, each for a reason:
- `spark.ui.enabled=false`: no web server on a port nobody asked for;
- `spark.driver.host` and `spark.driver.bindAddress` 127.0.0.1 on a local master (and
  SPARK_LOCAL_IP for its JVM): nothing else reaches a local session, so nothing binds beyond loopback;
- `spark.sql.shuffle.partitions`: `$LATWEAVE_SPARK_PARTITIONS`, else twice the local cores on a
  local master (Spark's 200 turn a small query into 200 tasks); a cluster keeps Spark's own (and
  adaptive execution coalesces small shuffles there);
- `spark.driver.memory`: `$LATWEAVE_SPARK_DRIVER_MEMORY`, else on a local master a third of the
  machine's memory, at least 4g (local mode runs everything in the driver's JVM, and 4g ran out
  building a large KB: docs/performance.md), and 4g for a cluster's driver;
- `spark.buffer.pageSize`: 1 MB up to an 8 GB driver on a local master (spark_jvm.page_size: why);
- `spark.sql.codegen.wholeStage=false` on every master: a run is many small stages wherever it
  runs, and compiling each one's Java costs more than it saves (docs/performance.md; the
  cluster's test module ran slower with it on, in one suite run);
- `spark.sql.autoBroadcastJoinThreshold=-1`: Spark may not broadcast a join's side. It estimates
  the size of a join's output, not counts it, and broadcasting a side estimated small exhausted the
  driver (docs/performance.md); sort-merge joins spill instead;
- `spark.sql.ansi.enabled=true`: arithmetic overflow is an error, never a wrapped number;
- `spark.sql.session.timeZone=UTC`: nothing here reads times, but a cluster's default must not leak in.

An engine session (spark_session.py: its own `newSession()`) sets two SQL settings of its own on a
local master (`engine_settings`; a build's session keeps Spark's), where a run is hundreds of stages
over a few rows each and compiling each new expression or re-planning after each stage costs more
than the rows: `spark.sql.codegen.factoryMode=NO_CODEGEN` (expressions interpreted, never compiled:
a setting Spark marks internal — a version that ignores it is only slower) and
`spark.sql.adaptive.enabled=false` (each wave planned once). With local relations broadcast
(spark_frames.py) they took the zoo and movies' 96-plan batch from 190–230 s of the JVM's CPU to
~150 s (docs/spark.md). A cluster keeps Spark's defaults.

Spark's Python workers run this interpreter (`$PYSPARK_PYTHON`, set when unset): the Spark build
splits KB lines in them with latweave's own code. On a cluster, every executor needs latweave
installed in the Python that `$PYSPARK_PYTHON` names there.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from typing import Any

from latweave.engines import spark_jvm

#: The Java major versions Spark 4 runs on.
JAVA_VERSIONS = (17, 21)
DEFAULT_MASTER = "local[*]"
#: The longest `java -version` may take before the probe gives up (and kills it).
JAVA_PROBE_TIMEOUT_S = 30.0

_LOCK = threading.Lock()
_SESSIONS: dict[str, object] = {}
_JAVA: dict[str, str | None] = {}


def pyspark_problem() -> str | None:
    """Why pyspark cannot be used here, or None."""
    try:
        import pyspark
    except ImportError as exc:
        return f"the pyspark package cannot be imported ({exc}); pip install 'latweave[spark]'"
    major = int(pyspark.__version__.split(".")[0])
    if major < 4:
        return f"pyspark {pyspark.__version__} is installed; latweave needs pyspark 4 (pip install 'latweave[spark]')"
    return None


def java_command() -> str | None:
    """The java pyspark will start: $JAVA_HOME/bin/java, else `java` on PATH."""
    home = os.environ.get("JAVA_HOME")
    if home:
        path = os.path.join(home, "bin", "java")
        return path if os.access(path, os.X_OK) else None
    return shutil.which("java")


def java_problem() -> str | None:
    """Why the Java pyspark would start cannot run Spark 4, or None (asked once per process)."""
    java = java_command()
    key = java or ""
    if key not in _JAVA:
        _JAVA[key] = _ask_java(java)
    return _JAVA[key]


def _version_text(java: str, timeout: float) -> str:
    """What `java -version` prints (stderr, then stdout). The probe runs in its own process group,
    and a probe past `timeout` is killed with everything it started (a `java` that is a wrapper
    script leaves no orphan behind), then TimeoutExpired is raised."""
    with subprocess.Popen([java, "-version"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, start_new_session=True) as child:
        try:
            out, err = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(child.pid, signal.SIGKILL)   # the group: the child and its children
            except ProcessLookupError:
                pass
            child.kill()
            child.wait()
            raise
    return err + out


def _ask_java(java: str | None, timeout: float = JAVA_PROBE_TIMEOUT_S) -> str | None:
    if java is None:
        where = "$JAVA_HOME/bin/java" if os.environ.get("JAVA_HOME") else "`java` on PATH"
        return (f"Spark needs Java {JAVA_VERSIONS[0]} or {JAVA_VERSIONS[1]} and there is no {where}; "
                f"install one (Debian: apt install openjdk-17-jre-headless) or set JAVA_HOME")
    try:
        text = _version_text(java, timeout)
    except subprocess.TimeoutExpired:
        return (f"{java} -version did not answer within {timeout:g} s; Spark needs Java {JAVA_VERSIONS[0]} "
                f"or {JAVA_VERSIONS[1]}")
    except (OSError, subprocess.SubprocessError) as exc:
        return f"{java} -version failed ({exc}); Spark needs Java {JAVA_VERSIONS[0]} or {JAVA_VERSIONS[1]}"
    match = re.search(r'version "(\d+)(?:\.(\d+))?', text)
    if not match:
        return f"cannot read the version {java} prints; Spark needs Java {JAVA_VERSIONS[0]} or {JAVA_VERSIONS[1]}"
    major = int(match.group(1)) if match.group(1) != "1" else int(match.group(2) or 0)
    if major < JAVA_VERSIONS[0]:
        return f"{java} is Java {major}; Spark 4 needs Java {JAVA_VERSIONS[0]} or newer (set JAVA_HOME to one)"
    return None


def remote() -> str | None:
    """The Spark Connect address from $SPARK_REMOTE, or None."""
    return os.environ.get("SPARK_REMOTE") or None


def master_of(master: str | None = None) -> str:
    """The master a session is made for (see the module docstring)."""
    return master or os.environ.get("LATWEAVE_SPARK_MASTER") or DEFAULT_MASTER


def spark_problem(master: str | None = None) -> str | None:
    """Why no Spark session can be made here, or None."""
    problem = pyspark_problem()
    if problem is None and not (remote() and not (master or os.environ.get("LATWEAVE_SPARK_MASTER"))):
        problem = java_problem()
    return problem


def partitions(master: str | None = None) -> int | None:
    """Shuffle partitions: $LATWEAVE_SPARK_PARTITIONS, else twice this machine's cores on a local
    master, else None (a cluster keeps Spark's own setting: this machine's cores say nothing of it)."""
    value = os.environ.get("LATWEAVE_SPARK_PARTITIONS")
    if value:
        return int(value)
    return max(2, 2 * (os.cpu_count() or 1)) if master_of(master).startswith("local") else None


def driver_memory(master: str | None = None) -> str:
    """spark.driver.memory: `$LATWEAVE_SPARK_DRIVER_MEMORY`, else, on a local master (where the one
    JVM is driver and executors), a third of this machine's memory and at least 4g, else 4g."""
    value = os.environ.get("LATWEAVE_SPARK_DRIVER_MEMORY")
    if value:
        return value
    from latweave.engines.base import machine_memory

    total = machine_memory() if master_of(master).startswith("local") else None
    return "4g" if total is None else f"{max(4, total // 3 // 2**30)}g"


def spark(master: str | None = None):
    """The process's SparkSession for `master` (made on first use)."""
    from latweave.errors import EngineUnavailable

    problem = spark_problem(master)
    if problem is not None:
        raise EngineUnavailable(f"engine 'spark' cannot run here: {problem}")
    use_remote = remote() if not (master or os.environ.get("LATWEAVE_SPARK_MASTER")) else None
    key = f"remote:{use_remote}" if use_remote else f"master:{master_of(master)}"
    with _LOCK:
        session = _SESSIONS.get(key)
        if session is not None and not _stopped(session):
            return session
        from pyspark.sql import SparkSession

        # Spark's Python workers (the Spark build splits KB lines in them) run this interpreter,
        # which has latweave's dependencies, unless $PYSPARK_PYTHON names another
        if not os.environ.get("PYSPARK_PYTHON"):
            os.environ["PYSPARK_PYTHON"] = sys.executable
        if use_remote:
            builder = SparkSession.builder.appName("latweave").remote(use_remote)
            for name, value in settings(None, remote=True).items():
                builder = builder.config(name, value)
            session = builder.getOrCreate()
        else:
            session = _classic(master_of(master))
        _SESSIONS[key] = session
        return session


def settings(master: str | None, remote: bool = False) -> dict[str, str]:
    """The session's Spark settings, in the order the module docstring gives them, then
    `$LATWEAVE_SPARK_CONF`'s (which win)."""
    conf: dict[str, str] = {}
    if not remote:
        conf.update({"spark.master": master_of(master), "spark.app.name": "latweave",
                     "spark.ui.enabled": "false", "spark.driver.memory": driver_memory(master),
                     "spark.ui.showConsoleProgress": "false", "spark.sql.codegen.wholeStage": "false"})
        if master_of(master).startswith("local"):   # one JVM, nobody else to reach it: loopback only
            conf.update({"spark.driver.host": "127.0.0.1", "spark.driver.bindAddress": "127.0.0.1",
                         **spark_jvm.pages(conf["spark.driver.memory"])})
        options = spark_jvm.java_options()
        if options is not None:
            conf["spark.driver.extraJavaOptions"] = options
    conf["spark.sql.autoBroadcastJoinThreshold"] = "-1"
    shuffle = None if remote else partitions(master)
    if shuffle is not None:
        conf["spark.sql.shuffle.partitions"] = str(shuffle)
    conf.update({"spark.sql.ansi.enabled": "true", "spark.sql.session.timeZone": "UTC"})
    return {**conf, **user_conf()}


def user_conf() -> dict[str, str]:
    """`$LATWEAVE_SPARK_CONF`'s settings (`key=value,...`)."""
    return {n.strip(): v.strip() for n, _, v in (s.partition("=") for s in os.environ.get("LATWEAVE_SPARK_CONF", "").split(",") if s)}


def engine_settings(master: str | None = None) -> dict[str, str]:
    """The SQL settings an engine session sets on its own Spark session (the module docstring):
    on a local master, interpreted expressions and no adaptive execution; none on a cluster. A
    setting `$LATWEAVE_SPARK_CONF` names is left to it."""
    chosen, named = {"spark.sql.codegen.factoryMode": "NO_CODEGEN", "spark.sql.adaptive.enabled": "false"}, user_conf()
    return {k: v for k, v in chosen.items() if k not in named} if master_of(master).startswith("local") else {}


def _classic(master: str) -> Any:
    """A SparkSession on a context of its own, its JVM started by spark_jvm (quiet unless asked)."""
    from pyspark import SparkConf, SparkContext
    from pyspark.sql import SparkSession

    conf = SparkConf(loadDefaults=False).setAll(list(settings(master).items()))
    # the process's JVM outlives a stopped context and is reused (pyspark keeps its gateway)
    gateway = None if getattr(SparkContext, "_gateway", None) is not None else \
        spark_jvm.launch(conf, loopback=master.startswith("local"))
    context = SparkContext(conf=conf, gateway=gateway)
    if not spark_jvm.verbose():
        context.setLogLevel("ERROR")
    return SparkSession(context)


def _stopped(session) -> bool:
    try:
        sc = session.sparkContext
    except Exception:  # Spark Connect sessions have no SparkContext
        return False
    return getattr(sc, "_jsc", None) is None


def spark_errors() -> tuple[type[BaseException], ...]:
    """The exceptions a Spark call raises (its own, and Py4J's when the JVM fails or is gone);
    none without pyspark (then no Spark call was made)."""
    try:
        from py4j.protocol import Py4JError
        from pyspark.errors import PySparkException
    except ImportError:
        return ()
    return (PySparkException, Py4JError, ConnectionError)  # (py4j reconnecting to a JVM that has gone)


def spark_message(exc: BaseException) -> str:
    """The first line of what Spark says (the JVM's exception, not Py4J's call site); when the JVM
    is gone and cannot say it, that."""
    from py4j.protocol import Py4JNetworkError

    java = getattr(exc, "java_exception", None)
    try:
        text = str(java) if java is not None else str(exc)
    except Exception:  # noqa: BLE001 - the JVM that would render its exception has stopped
        text = ""
    if isinstance(exc, (Py4JNetworkError, ConnectionError)) or not text.strip() or "str() failed" in text:
        return "Spark's JVM stopped (out of memory, or killed) before it answered"
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].endswith(":"):  # the exception's class, its message on the next line
        return f"{lines[0]} {lines[1]}"
    return lines[0] if lines else type(exc).__name__
