"""The REPL's history file (latweave/repl_history.py) without a terminal: one file per lattice
folder, entries round-trip (a plan's several lines, a line ending in a backslash), a FIFO is
neither read (it would block) nor written, and a huge file is read from its end alone."""

from __future__ import annotations

import os
import sys

import pytest

from latweave.repl_history import MAX_ENTRIES, History, decode, encode, history_path


def test_one_file_per_lattice_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    a, b = history_path(tmp_path / "out" / "movies"), history_path(tmp_path / "old" / "movies")
    assert a != b and a.parent == b.parent == tmp_path / "state" / "latweave" / "history"
    assert a.name.startswith("movies-") and history_path(str(tmp_path / "out" / "movies")) == a


def test_entries_round_trip(tmp_path):
    entries = ["meet(species <= mammal)", "let d = meet(subject = \"Blade Runner\") -> directed_by\n"
               "meet(directed_by = $d) -> subject", ":dims", 'meet(subject = "a\\\\")', "é ünïcode"]
    history = History(tmp_path / "h")
    for entry in entries:
        history.append(entry)
    assert history.read() == entries and decode(b"".join(map(encode, entries)).decode()) == entries
    assert encode("x \\\ny") == b"x \\ \\\ny\n"                     # a line's own backslash is not a continuation
    assert decode("x \\ \\\ny\n") == ["x \\ \ny"]


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs")
def test_a_fifo_is_neither_read_nor_written(tmp_path):
    fifo = tmp_path / "h"
    os.mkfifo(fifo)
    history = History(fifo)
    assert history.refused == f"{fifo} is not a regular file"
    assert history.read() == []              # returns at once: nothing is waited for
    history.append("meet(species <= mammal)")   # no writer blocks, no error


def test_a_huge_file_is_read_from_its_end(tmp_path):
    path = tmp_path / "h"
    path.write_bytes(b"".join(b"meet(species <= x%d)\n" % n for n in range(200_000)))   # 5 MB
    entries = History(path).read()
    assert len(entries) == MAX_ENTRIES and entries[-1] == "meet(species <= x199999)"
    assert entries[0] == f"meet(species <= x{200_000 - MAX_ENTRIES})"
