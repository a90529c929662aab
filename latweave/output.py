"""Where the command's output goes: a terminal (wrapped at its width, through a pager), or a pipe
or a file (never wrapped, never paged).

A proof listing can run to tens of thousands of lines. At a terminal it goes through a pager, as
git's and psql's output does: `$LATWEAVE_PAGER`, else `$PAGER`, else `less -FRX` (which quits at
once when the text fits one screen, keeps colours and leaves the text on the screen); a pager
set to `cat` or to nothing turns it off, as does `--no-pager`. Piped or redirected, the output is
written as it is: rich would otherwise wrap every line at 80 columns (its width when it sees no
terminal), and a name split over two lines is lost to grep.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from contextlib import contextmanager
from typing import Iterator, Mapping

#: The width rendered for a pipe or a file: wide enough that no line a result holds is wrapped
#: (a plan is at most 20,000 characters, a value 1,000), finite so that rich can lay out tables.
NO_WRAP = 1 << 20

#: The pager when none is set: git's (`less` with F: quit when it fits, R: colours, X: no
#: screen clearing).
DEFAULT_PAGER = "less -FRX"


_SURROGATE = re.compile("[\ud800-\udfff]")


def json_text(text: str) -> str:
    """JSON text that UTF-8 can encode: a lone surrogate (a byte that was not UTF-8, smuggled in
    through argv) is written as its JSON escape, which reads back as the same string. What
    `--json` prints, and what `latweave serve` answers, byte for byte."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def console(stderr: bool = False, **kwargs):
    """A safe console (latweave/terminal.py) on stdout or stderr: at a terminal, as wide as it is;
    otherwise NO_WRAP columns wide, so that no line is wrapped."""
    from latweave.terminal import console as safe_console

    stream = sys.stderr if stderr else sys.stdout
    if not is_terminal(stream):
        kwargs.setdefault("width", NO_WRAP)
    return safe_console(stderr=stderr, **kwargs)


def is_terminal(stream) -> bool:
    """Whether `stream` is a terminal (a replaced or closed stream is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):   # a replaced or closed stream
        return False


def pager_command(environ: Mapping[str, str] | None = None) -> str | None:
    """The pager to run (a shell command), or None for none: `$LATWEAVE_PAGER`, else `$PAGER`,
    else `less -FRX`; `cat` or an empty value means none."""
    environ = os.environ if environ is None else environ
    for name in ("LATWEAVE_PAGER", "PAGER"):
        if name in environ:
            command = environ[name].strip()
            return None if command in ("", "cat") else command
    return DEFAULT_PAGER


def _runnable(command: str) -> bool:
    """Whether the pager's program is there to run (a pager that is not installed is skipped, and
    the output printed as it would be without one)."""
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    return bool(words) and shutil.which(words[0]) is not None


def wants_pager(stream=None, environ: Mapping[str, str] | None = None) -> str | None:
    """The pager for output on `stream` (default stdout): its command when `stream` is a terminal
    and a pager is set (or the default one is installed), else None."""
    stream = sys.stdout if stream is None else stream
    if not is_terminal(stream):
        return None
    environ = os.environ if environ is None else environ
    command = pager_command(environ)
    if command == DEFAULT_PAGER and environ.get("TERM", "dumb") == "dumb":   # as git: less needs a real terminal
        return None
    return command if command is not None and _runnable(command) else None


@contextmanager
def paged(command: str) -> Iterator:
    """A safe console whose output goes through the pager `command`, at the terminal's width and
    with colours; on leaving, the pager's input is closed and it is waited for. A reader who quits
    the pager early ends the output quietly (what was not read is not written)."""
    import io

    from latweave.terminal import console as safe_console

    width = shutil.get_terminal_size().columns
    pager = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE)
    pipe = io.TextIOWrapper(pager.stdin, encoding="utf-8", errors="backslashreplace", write_through=True)
    try:
        yield safe_console(file=pipe, force_terminal=True, width=width, highlight=False, soft_wrap=False)
    except BrokenPipeError:   # the reader quit the pager before the end
        pass
    finally:
        try:
            pipe.close()
        except BrokenPipeError:
            pass
        while True:
            try:
                pager.wait()
                break
            except KeyboardInterrupt:   # Ctrl-C is the pager's (less ignores it); wait for it to end
                continue
