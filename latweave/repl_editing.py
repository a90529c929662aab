"""The REPL's line editing at a terminal: history kept between sessions, and Tab completion of
commands, plan keywords, dimension names, — after `dimension <op>` — that dimension's values, and
inside a quoted name ("Blade R…) the instances whose names begin so.

Built on the standard library's `readline` (GNU readline or libedit, whichever Python was built
with): `input()` then edits lines (arrows, Ctrl-A/E, Ctrl-R search) with no other dependency.
Where `readline` is missing (Windows without pyreadline) the REPL still runs, without editing.

History lives in `$XDG_STATE_HOME/latweave/repl_history` (default `~/.local/state/...`), at most
`HISTORY_LENGTH` lines; a history that cannot be read or written is skipped, never an error — it
is a convenience, and the user's file is only ever appended to by readline's own writer.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_left
from pathlib import Path

from latweave.lattice.names import TOP, normalize
from latweave.plan.printer import KEYWORDS, print_dimension, print_name

#: The REPL's own commands (each explained by `:help`).
COMMANDS = (":dims", ":help", ":json", ":limit", ":more", ":q", ":quit")
HISTORY_LENGTH = 1000
#: Values offered for one dimension at most (an ordered dimension's are intervals: none offered).
MAX_VALUES = 5000
#: Instance names offered at once, inside a quoted name.
MAX_NAMES = 50
_AFTER_OPERATOR = re.compile(r"([A-Za-z_][\w ]*?|\"[^\"]*\")\s*(<=|=|<|>|\bin\b)\s*\"?$")   # the plan language's operators


def history_path() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(state) / "latweave" / "repl_history"


class Completer:
    """Tab completion over one lattice's vocabulary (dimension names as the plan language spells
    them, and each small taxonomy's values), sorted so that a prefix is found by bisection."""

    def __init__(self, lattice):
        self.instances = lattice.instances
        self._keys: list[str] | None = None   # a model's instance keys, sorted (a stored view bisects its file)
        self.dimensions: dict[str, object] = {}
        for dim in sorted(lattice.dimensions.values(), key=lambda d: d.key):
            self.dimensions[print_dimension(dim.name)] = dim
            self.dimensions.setdefault(dim.key, dim)
        words = set(COMMANDS) | set(KEYWORDS) | set(self.dimensions)
        self.words = sorted(words)
        self._values: dict[str, list[str]] = {}

    def values(self, dim) -> list[str]:
        if dim.key not in self._values:
            labels = [] if dim.ordered or len(dim.labels) > MAX_VALUES else \
                sorted(print_name(label) for key, label in dim.labels.items() if key != TOP)
            self._values[dim.key] = labels
        return self._values[dim.key]

    def names(self, typed: str) -> list[str]:
        """The labels of up to MAX_NAMES instances whose names begin with `typed` (normalised)."""
        prefix = normalize(typed) if typed.strip() else ""
        if not prefix:
            return []
        if hasattr(self.instances, "starting"):
            keys = self.instances.starting(prefix, MAX_NAMES)
        else:
            if self._keys is None:
                self._keys = sorted(self.instances)
            keys = []
            for key in self._keys[bisect_left(self._keys, prefix):]:
                if not key.startswith(prefix) or len(keys) == MAX_NAMES:
                    break
                keys.append(key)
        return [self.instances[key].label for key in keys]

    def candidates(self, line: str, word: str) -> list[str]:
        """What `word` (the text being completed, at the end of `line` so far) may become."""
        if line.count('"') % 2:   # inside a quoted name: an instance's, completed with its closing quote
            typed = line[line.rindex('"') + 1:]
            lead = typed[: len(typed) - len(word)] if not word.startswith('"') else ""
            out = []
            for label in self.names(typed if not word.startswith('"') else word[1:]):
                if label[: len(lead)].casefold() == lead.casefold():
                    rest = label[len(lead):] + '"'
                    out.append('"' + rest if word.startswith('"') else rest)
            return out
        before = line[: len(line) - len(word)]
        match = _AFTER_OPERATOR.search(before.rstrip() + (" " if before.endswith(" ") else ""))
        pool = self.words
        if match:
            name = match.group(1).strip().strip('"')
            dim = self.dimensions.get(name) or self.dimensions.get(print_dimension(name))
            if dim is not None:
                pool = self.values(dim)
        start = bisect_left(pool, word)
        out = []
        for candidate in pool[start:]:
            if not candidate.startswith(word):
                break
            out.append(candidate)
        return out


class LineEditor:
    """readline set up for the REPL (completion, history); `close()` saves the history."""

    def __init__(self, lattice):
        try:
            import readline
        except ImportError:   # no line editing here; input() still reads lines
            self.readline = None
            return
        self.readline = readline
        self.completer = Completer(lattice)
        self._matches: list[str] = []
        readline.set_completer(self._complete)
        readline.set_completer_delims(" \t\n(),[]|&;$")
        if "libedit" in (getattr(readline, "__doc__", "") or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
        readline.set_history_length(HISTORY_LENGTH)
        self.history = history_path()
        try:
            readline.read_history_file(self.history)
        except (OSError, ValueError):
            pass   # no history yet (or unreadable): start empty

    def _complete(self, word: str, state: int) -> str | None:
        if state == 0:
            self._matches = self.completer.candidates(self.readline.get_line_buffer()[: self.readline.get_endidx()],
                                                      word)
        return self._matches[state] if state < len(self._matches) else None

    def close(self) -> None:
        if self.readline is None:
            return
        try:
            self.history.parent.mkdir(parents=True, exist_ok=True)
            self.readline.write_history_file(self.history)
        except OSError:
            pass   # a read-only home: the session's history is not kept, nothing else changes
