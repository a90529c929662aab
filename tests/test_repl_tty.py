"""`latweave repl` at a real terminal (a pseudo-terminal): Tab completion of commands, dimensions
and values, `:help` and `:dims`, and history kept between two sessions — keystrokes in, screen out."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
RUN = "import sys; from latweave.cli import main; sys.exit(main())"


class Terminal:
    """A child process on a pseudo-terminal: `send` keystrokes, `expect` text on its screen."""

    def __init__(self, args: list[str], env: dict):
        import pty

        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen([sys.executable, "-c", RUN, *args], stdin=slave, stdout=slave, stderr=slave,
                                     env=env, close_fds=True)
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

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=60)
        finally:
            os.close(self.master)


@pytest.fixture
def env(tmp_path):
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
    term.send(":q\r")
    assert term.close() == 0
    history = (tmp_path / "state" / "latweave" / "repl_history").read_text()
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
    from latweave.repl_editing import Completer

    with api.open(zoo_lattice) as session:
        completer = Completer(session.lattice)
    assert completer.candidates("meet(habitat <= aq", "aq") == ["aquatic"]
    assert completer.candidates("meet(species = ma", "ma") == ["mammal"]
    assert completer.candidates("meet(hab", "hab") == ["habitat"]
    assert completer.candidates(":d", ":d") == [":dims"]
    assert completer.candidates("ar", "ar") == ["argmax", "argmin"]
    assert completer.candidates("meet(lifespan_years <= 1", "1") == []


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
