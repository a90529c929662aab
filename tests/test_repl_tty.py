"""`latweave repl` at a real terminal (a pseudo-terminal): Tab completion of commands, dimensions
and values, `:help` and `:dims`, history kept between two sessions (per lattice, appended, never
through a link), Ctrl-C at the prompt and while a plan runs — keystrokes in, screen out."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from latweave.repl_history import history_path

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
RUN = "import sys; from latweave.cli import main; sys.exit(main())"


def _asleep_in_select(pid: int, attempts: int = 2000) -> bool:
    """Whether the child sleeps in select()/poll() (/proc/<pid>/wchan), polled, bounded in count."""
    for _ in range(attempts):
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            wchan = Path(f"/proc/{pid}/wchan").read_text()
        except OSError:
            return False
        if state == "S" and ("poll" in wchan or "select" in wchan):
            return True
        time.sleep(0.01)
    return False


def _controlling_terminal() -> None:
    import fcntl
    import termios

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """A child process on a pseudo-terminal: `send` keystrokes, `expect` text on its screen."""

    started: list = []   # every child, so that a failed test leaves none running (`_no_child_left`)

    def __init__(self, args: list[str], env: dict, setup: str = ""):
        import pty

        self.master, slave = pty.openpty()
        # the terminal is the child's controlling terminal, in a session of its own: Ctrl-C typed
        # there (\x03) is a SIGINT to the child, as at a real terminal
        self.proc = subprocess.Popen([sys.executable, "-c", setup + RUN, *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True, start_new_session=True,
                                     preexec_fn=_controlling_terminal)
        Terminal.started.append(self.proc)
        os.close(slave)
        self.seen = ""

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def expect(self, pattern: str, timeout: float = 60.0) -> str:
        """Read until `pattern` (a regex) appears in what was shown since the last expect."""
        deadline = time.monotonic() + timeout
        buffer = ""
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536).decode(errors="replace")
                except OSError:   # the child closed the terminal
                    break
                buffer += ANSI.sub("", chunk)
                if re.search(pattern, buffer):
                    self.seen += buffer
                    return buffer
        raise AssertionError(f"{pattern!r} never appeared; the screen showed:\n{buffer[-2000:]}")

    def interrupt(self, pattern: str, at_prompt: bool = True) -> str:
        """Ctrl-C, then `expect(pattern)`. At a prompt, only once the child sleeps in readline's
        select(): CPython's readline acts on a signal only there — one that lands while it still
        handles a keystroke or draws the prompt waits for the next key (a person would press
        Ctrl-C again)."""
        if at_prompt:
            assert _asleep_in_select(self.proc.pid), "the REPL never waited for a key"
        self.send("\x03")
        return self.expect(pattern)

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=60)
        finally:
            os.close(self.master)


@pytest.fixture(autouse=True)
def _no_child_left():
    """A test that failed midway (a child waiting for keys, or in ENDLESS's statement) kills it."""
    yield
    while Terminal.started:
        proc = Terminal.started.pop()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))   # history_path() here says where the child's is
    return {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "HOME": str(tmp_path),
            "XDG_STATE_HOME": str(tmp_path / "state"), "COLUMNS": "100", "LINES": "40"}


def test_completion_help_dims_and_history_at_a_terminal(zoo_lattice, env, tmp_path):
    term = Terminal(["repl", "--lattice", str(zoo_lattice)], env)
    term.expect(r":quit leaves")
    term.send(":he\t\r")                                 # a command, completed
    term.expect(r"Commands:[\s\S]*:dims")
    term.send("meet(spec\t <= mamm\t)\r\r")               # a dimension, then one of its values
    shown = term.expect(r"Whale")
    assert "meet(species <= mammal)" in shown
    assert re.search(r"Bat[\s\S]*Dog[\s\S]*Whale", shown)
    term.send(":dims\r")
    dims = term.expect(r"wingspan|lifespan_years[^\n]*\n[\s\S]*>")
    assert re.search(r"species \(taxonomy[^)]*\): .*mammal", dims) and "habitat" in dims
    assert all(len(row) <= 100 for row in dims.splitlines())   # broken to fit, between values:
    assert "salamander < amphibian" in dims
    term.send(":q\r")
    assert term.close() == 0
    history = history_path(zoo_lattice).read_text()
    assert history_path(zoo_lattice).parent == tmp_path / "state" / "latweave" / "history"
    assert "meet(species <= mammal)" in history and ":dims" in history

    again = Terminal(["repl", "--lattice", str(zoo_lattice)], env)   # a new session: the history is back
    again.expect(r":quit leaves")
    again.send("\x1b[A\x1b[A\x1b[A")                        # up three times: :q, :dims, then the plan
    again.expect(r"meet\(species <= mammal\)")
    again.send("\r\r")
    assert re.search(r"Bat[\s\S]*Dog[\s\S]*Whale", again.expect(r"Whale[\s\S]*\n> "))
    again.send("\x04")                                     # Ctrl-D at the prompt leaves
    assert again.close() == 0


def test_a_value_is_completed_for_the_dimension_before_the_operator(zoo_lattice):
    """The completer itself: values follow the dimension named before the operator; elsewhere
    commands, keywords and dimensions; an ordered dimension offers no values (intervals)."""
    from latweave import api
    from latweave.plan.parser import parse_plan
    from latweave.plan.printer import KEYWORDS
    from latweave.repl_editing import COMMANDS, Completer

    with api.open(zoo_lattice) as session:
        completer = Completer(session.lattice)
    assert completer.candidates("meet(habitat <= aq", "aq") == ["aquatic"]
    assert completer.candidates("meet(species = ma", "ma") == ["mammal"]
    assert completer.candidates("meet(hab", "hab") == ["habitat"]
    assert completer.candidates(":d", ":d") == [":dims"]
    assert completer.candidates("ar", "ar") == ["argmax", "argmin"]
    assert completer.candidates("meet(lifespan_years <= 1", "1") == []
    assert completer.candidates("meet(lifes", "lifes") == ["lifespan_years"]   # not its key, `lifespan years`
    for word in completer.words:   # every word offered parses where it is offered
        if word not in COMMANDS and word not in KEYWORDS:
            parse_plan(f"meet({word} <= x)")


def test_a_quoted_name_is_completed_from_the_instances(tmp_path):
    """Inside a quoted name, Tab offers the instances whose names begin so (bisected in the stored
    view's sorted file; a model's keys are sorted once), the closing quote included; a word after
    a space in the name completes the rest of it; an empty quote offers nothing (not every name)."""
    import latweave
    from latweave.folder.store import load_lattice
    from latweave.paths import RULES
    from latweave.repl_editing import Completer

    folder = tmp_path / "movies"
    latweave.build([RULES.parent / "corpora" / "movies"], folder)
    with latweave.open(folder) as session:
        for lattice in (session.lattice, load_lattice(folder)):
            completer = Completer(lattice)
            assert completer.candidates('meet(subject = "Bla', '"Bla') == ['"Blade Runner"']
            assert completer.candidates('meet(subject = "Blade R', "R") == ['Runner"']
            assert completer.candidates('meet(subject = "blade r', "r") == ['Runner"']   # any case
            assert completer.candidates('meet(subject = "', '"') == []
            assert completer.candidates('meet(subject = "Zz', '"Zz') == []
            assert completer.candidates('meet(directed_by = "Ridley S', "S") == ['Scott"']


#: Set up in the child before the CLI: the first plan run first runs a statement that never ends
#: (SQLite, the single-plan engine), saying PAUSED from inside it once it has begun — a plan busy
#: inside the database, where Python itself sees no signal (only the REPL's watcher stops it).
ENDLESS = """
from latweave.engines import sql_session
_run, _runs = sql_session.SqlSession.run, []
def run(self, facts):
    _runs.append(facts)
    if len(_runs) == 1:
        self.con.create_function("paused", 0, lambda: print("PAUSED", flush=True) or 1)
        self.con.execute("WITH RECURSIVE c(x) AS (SELECT paused() UNION ALL SELECT x + 1 FROM c) "
                         "SELECT count(*) FROM c").fetchall()
    return _run(self, facts)
sql_session.SqlSession.run = run
"""


def _inside_the_statement(pid: int, attempts: int = 2000) -> bool:
    """Whether the child has run 50 ms on the CPU since it said PAUSED: it is then deep in the
    endless statement, past the Python that announced it (where a signal would be seen at once).
    Polled from /proc/<pid>/stat's utime, bounded in count, not in time."""
    def utime() -> int:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[11])

    start = utime()
    for _ in range(attempts):
        if utime() >= start + 5:
            return True
        time.sleep(0.01)
    return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_ctrl_c_drops_the_line_and_stops_a_running_plan(zoo_lattice, env):
    """Ctrl-C at the prompt drops what was typed (one line, or a plan's lines so far) and prompts
    again; while a plan runs — inside a database statement — it stops the plan, the session is
    opened afresh and the next plan answers; a trailing `;;` runs a plan; Ctrl-D leaves, exit 0."""
    term = Terminal(["repl", "--lattice", str(zoo_lattice)], env, setup=ENDLESS)
    term.expect(r":quit leaves[\s\S]*> ")
    term.send("meet(spec")                                      # half a line...
    term.expect(r"meet\(spec")
    term.interrupt(r"\n> ")                                      # ...dropped
    term.send("meet(species <= mammal,\r")                       # a plan's first line...
    term.expect(r"\.\.\. ")
    term.interrupt(r"\n> ")                                      # ...dropped: the prompt is `> ` again
    term.send("meet(species <= bird)\r\r")
    term.expect(r"PAUSED", timeout=20)
    assert _inside_the_statement(term.proc.pid)
    term.interrupt(r"interrupted: the plan was stopped[\s\S]*\n> ", at_prompt=False)
    term.send("meet(species <= bird);;\r")
    term.expect(r"answer Eagle, Penguin[\s\S]*\n> ")
    term.send("\x04")
    assert term.close() == 0
    assert "Traceback" not in term.seen and "error" not in term.seen


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_ctrl_c_stops_a_batch_with_130_and_no_traceback(zoo_lattice):
    """Reading a pipe, Ctrl-C (SIGINT) while a plan runs ends the REPL: `interrupted`, exit 130."""
    import signal

    proc = subprocess.Popen([sys.executable, "-c", ENDLESS + RUN, "repl", "--lattice", str(zoo_lattice)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    Terminal.started.append(proc)
    proc.stdin.write("meet(species <= bird)\n\nmeet(species <= mammal)\n\n")
    proc.stdin.flush()
    assert proc.stdout.readline() == "PAUSED\n" and _inside_the_statement(proc.pid)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err
    assert "answer" not in out   # the batch stopped: the second plan did not run


def test_history_is_appended_to_never_rewritten(zoo_lattice, env):
    """A history file of the user's 2,000 lines (no newline at its end) keeps them all: the session's
    entries are appended after them; a plan of two lines is one entry, recalled whole later."""
    path = history_path(zoo_lattice)
    path.parent.mkdir(parents=True)
    mine = "".join(f"meet(species <= x{n})\n" for n in range(2000)) + "their last line"
    path.write_text(mine, encoding="utf-8")
    term = Terminal(["repl", "--lattice", str(zoo_lattice)], env)
    term.expect(r":quit leaves")
    term.send("meet(species <= mammal,\r")
    term.expect(r"\.\.\. ")
    term.send("     habitat <= aquatic)\r\r")
    term.expect(r"answer Whale[\s\S]*\n> ")
    term.send(":q\r")
    assert term.close() == 0
    assert path.read_text(encoding="utf-8") == (mine + "\nmeet(species <= mammal,\\\n     habitat <= aquatic)\n:q\n")

    again = Terminal(["repl", "--lattice", str(zoo_lattice)], env)
    again.expect(r":quit leaves")
    again.send("\x1b[A\x1b[A")                                 # :q, then the plan, both of its lines
    again.expect(r"meet\(species <= mammal,\s*\n\s*habitat <= aquatic\)")
    again.send("\r\r")
    again.expect(r"answer Whale[\s\S]*\n> ")
    again.send("\x04")
    assert again.close() == 0
    plan = "meet(species <= mammal,\\\n     habitat <= aquatic)\n"
    assert path.read_text(encoding="utf-8") == mine + "\n" + plan + ":q\n" + plan


def test_a_history_that_is_a_link_is_never_written_through(zoo_lattice, env, tmp_path):
    """The history file symlinked to a user's file: the REPL says history is not saved, and the
    user's file is byte for byte what it was (readline's writer would have cut it to 1,000 lines)."""
    mine = tmp_path / "my_history"
    mine.write_text("".join(f"line {n}\n" for n in range(2000)), encoding="utf-8")
    before = mine.read_bytes()
    path = history_path(zoo_lattice)
    path.parent.mkdir(parents=True)
    path.symlink_to(mine)
    term = Terminal(["repl", "--lattice", str(zoo_lattice)], env)
    term.expect(r"history not saved: .* is a symbolic link")
    term.send("meet(species <= bird)\r\r")
    term.expect(r"answer Eagle, Penguin[\s\S]*\n> ")
    term.send(":q\r")
    assert term.close() == 0
    assert mine.read_bytes() == before and path.is_symlink()
