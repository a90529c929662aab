"""Sources sent to a server's `add`: written into a private temporary folder under their own
names, for `latweave.add` to read and store (the lattice keeps its own copy: ingest/sources.py).

A source is `{"name": "b.txt", "content": "..."}` (a file: a KB file, a document) or
`{"name": "zoo-more", "files": {"facts.jsonl": "...", "documents/a.txt": "..."}}` (a corpus
folder). A name is one path component and a file's path stays inside its folder: nothing a
request says is joined to a path outside the temporary folder. The whole upload is bounded by
the server's body bound (it came in one body) and the folder is deleted afterwards.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Iterator

from latweave.errors import LatweaveError

#: A source's name, or one component of a file's path inside a folder source.
PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]{0,127}")
#: Sources one `add` may send.
MAX_SOURCES = 64
#: Files one folder source may hold.
MAX_FILES = 10_000

_HINT = '{"sources": [{"name": "b.txt", "content": "..."}]} or {"name": "part", "files": {"facts.jsonl": "..."}}'


def _part(text, what: str) -> str:
    if not isinstance(text, str) or not PART.fullmatch(text):
        raise LatweaveError(f"{what} {text!r} is not a plain name: letters, digits, _ . + - (not first)", hint=_HINT)
    return text


def _relative(path, source: str) -> PurePosixPath:
    if not isinstance(path, str) or not path:
        raise LatweaveError(f"source {source!r}: a file's path is text", hint=_HINT)
    parts = path.split("/")
    for part in parts:
        _part(part, f"source {source!r}: the path component")
    return PurePosixPath(*parts)


@contextmanager
def written(sources, bound: int) -> Iterator[list[Path]]:
    """The sources written under a new temporary folder: their paths, in the order given; the
    folder removed on leaving. LatweaveError for a malformed source, before anything is written."""
    if not isinstance(sources, list) or not sources:
        raise LatweaveError("sources is a non-empty list of sources", hint=_HINT)
    if len(sources) > MAX_SOURCES:
        raise LatweaveError(f"{len(sources)} sources in one add; at most {MAX_SOURCES}", hint="add them in turns")
    plan: list[tuple[str, dict[PurePosixPath, str] | str]] = []
    names, size = set(), 0
    for source in sources:
        if not isinstance(source, dict) or not ({"content"} <= source.keys()) ^ ({"files"} <= source.keys()):
            raise LatweaveError("each source is {name, content} (a file) or {name, files} (a folder)", hint=_HINT)
        name = _part(source.get("name"), "source name")
        if name in names:
            raise LatweaveError(f"the source name {name!r} is given twice", hint=_HINT)
        names.add(name)
        if "content" in source:
            if not isinstance(source["content"], str):
                raise LatweaveError(f"source {name!r}: content is text", hint=_HINT)
            size += len(source["content"])
            plan.append((name, source["content"]))
            continue
        files = source["files"]
        if not isinstance(files, dict) or not files or len(files) > MAX_FILES:
            raise LatweaveError(f"source {name!r}: files is an object of 1 to {MAX_FILES:,} paths → texts", hint=_HINT)
        mapped = {}
        for path, text in sorted(files.items()):
            if not isinstance(text, str):
                raise LatweaveError(f"source {name!r}: {path!r} is not text", hint=_HINT)
            mapped[_relative(path, name)] = text
            size += len(text)
        plan.append((name, mapped))
    if size > bound:   # (the body bound already holds; this keeps the folder's size to it too)
        from latweave.errors import TooLarge

        raise TooLarge(f"the sources hold {size:,} characters, over the server's bound of {bound:,}",
                       hint="add them in smaller parts")
    root = Path(tempfile.mkdtemp(prefix="latweave-upload-"))
    try:
        paths = []
        for name, body in plan:
            target = root / name
            if isinstance(body, str):
                target.write_text(body, encoding="utf-8")
            else:
                for relative, text in body.items():
                    file = target.joinpath(*relative.parts)
                    file.parent.mkdir(parents=True, exist_ok=True)
                    file.write_text(text, encoding="utf-8")
            paths.append(target)
        yield paths
    finally:
        shutil.rmtree(root, ignore_errors=True)
