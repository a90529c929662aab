"""Where a document's text lies in a lattice folder: in its documents.jsonl row, or in the source
the lattice keeps (issue 44: the KB text kept once).

A line-based KB file is one document whose text is the file's (ingest/kb.py reads it whole), and
the lattice keeps the file itself as its stored source (`sources/<sha256:16>/<name>`,
ingest/sources.py), which `add`, `remove` and a change's re-build read again. Keeping the text a
second time as one JSON string in documents.jsonl doubled the KB on disk (26 MB + 28 MB for the
100,000-person KB). So where the text's UTF-8 bytes *are* the stored source's bytes — its sha256
is the source's, which the build checks (no BOM, no \\r: the reader's decoding changed nothing) —
documents.jsonl's row names the stored file instead of holding the text:

    {"id": "kb.txt", "sha256": "<the text's sha256>", "source": "sources/<sha256:16>/kb.txt",
     "text_facts": {"ascii": true, "chars": ..., "block": 65536, "newlines": [...]}}

(`text_facts`: `StoredText`, read back by `facts_of`.)

The stored source is the copy kept, not documents.jsonl's, because it is the one a change must
read as given (any other stored form would be a second reader's), and it is the user's bytes,
verbatim; the row's sha256 pins the text into the layer's hash (folder/layers.py `layer_hashes`,
which leaves `sources/` out). A document whose text differs from its source's bytes (a BOM, \\r\\n
line ends, a 2Wiki file, a corpus document) keeps its text in its row as before. The auditor
reads the named file itself (proof/audit/files.py) and checks its sha256 against the row.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import NamedTuple

from latweave.errors import StoreError
from latweave.textio import NEWLINE_BLOCK, TextFacts, TextFile


class StoredText(NamedTuple):
    """A document's text as the lattice's stored source `path` (relative to the lattice folder),
    whose bytes are the text's UTF-8 bytes, of sha256 `sha256`: what `write_documents` writes as
    a reference row. `facts` (textio.TextFacts, worked out by `kept_once` in the pass that checks
    the sha256): the text's length, whether it is ASCII and its newlines per block, written into
    the row as `"text_facts"`, so that a proof's first citation neither decodes the whole source
    nor counts its newlines (folder/stored.py `document_file`, proof/lines.py: 2.6 GB read twice
    at 10M subjects, ~5 s of the first proof; 26 MB, ~60 ms at 100k)."""

    path: str
    sha256: str
    facts: TextFacts | None = None

    def row(self, doc: str) -> dict[str, object]:
        row: dict[str, object] = {"id": doc, "source": self.path, "sha256": self.sha256}
        if self.facts is not None:
            row[FACTS] = {"ascii": self.facts.ascii, "chars": self.facts.chars, "block": NEWLINE_BLOCK,
                          "newlines": list(self.facts.newlines)}
        return row


#: The field of a reference row that describes its text (`StoredText.facts`; `facts_of` reads it).
FACTS = "text_facts"


def facts_of(row: dict[str, object], size: int) -> TextFacts | None:
    """A reference row's `text_facts`, when they describe a file of `size` bytes in the blocks
    this reader counts in (else None: the reader reads the text as it did before the row had
    them). A text's sha256 is the row's."""
    got = row.get(FACTS)
    if not isinstance(got, dict) or got.get("block") != NEWLINE_BLOCK:
        return None
    ascii, chars, newlines = got.get("ascii"), got.get("chars"), got.get("newlines")
    if (not isinstance(ascii, bool) or not isinstance(chars, int) or not isinstance(newlines, list)
            or len(newlines) != -(-size // NEWLINE_BLOCK) + 1 or (ascii and chars != size)
            or not all(isinstance(n, int) for n in newlines)):
        return None
    return TextFacts(str(row.get("sha256")), chars, ascii, tuple(newlines))


def text_facts(text) -> TextFacts | None:
    """The facts (textio.TextFacts: sha256, length, ASCII, newlines per block) of a document
    text's UTF-8 bytes — a `str`, or a `textio.TextFile` (its mapped bytes, read once) — None for
    anything else."""
    if isinstance(text, str):
        return TextFacts.of(text.encode("utf-8"))
    if isinstance(text, TextFile):
        return TextFacts.of(text.raw, text.size)
    return None


def text_sha256(text) -> str | None:
    """The sha256 of a document text's UTF-8 bytes (a `str`, or a text that streams `chunks()`);
    None for anything else."""
    digest = hashlib.sha256()
    if isinstance(text, str):
        digest.update(text.encode("utf-8"))
    elif hasattr(text, "chunks"):
        for piece in text.chunks():
            digest.update(piece.encode("utf-8"))
    else:
        return None
    return digest.hexdigest()


def kept_once(documents, stored: dict[str, tuple[str, str]]) -> dict:
    """`documents` (id → text) with each text that a stored source holds byte for byte replaced
    by its `StoredText`: `stored` maps a document id to (the source's stored path, its sha256)
    — the ids a source's document may have (a KB file's name). A text is replaced only when its
    own sha256 is the source's, so the row can never name other bytes than the text's."""
    out = dict(documents)
    for doc, (path, sha) in stored.items():
        text = out.get(doc)
        if text is None or isinstance(text, StoredText):
            continue
        facts = text_facts(text)
        if facts is not None and facts.sha256 == sha:
            out[doc] = StoredText(path, sha, facts)
        elif facts is None and text_sha256(text) == sha:
            out[doc] = StoredText(path, sha)
    return out


def document_text(root: Path | str, row: dict) -> str:
    """The text of a documents.jsonl `row` of the lattice folder `root` (the lattice's own folder,
    not a layer's): the row's own, or its stored source's bytes, decoded. StoreError when the
    named file is missing or holds other bytes (the manifest's check catches it first)."""
    text = row.get("text")
    if text is not None:
        return text
    path = Path(root) / row["source"]
    try:
        data = path.read_bytes()
    except OSError:
        raise StoreError(f"{root}: {row['source']}, document {row['id']!r}'s text, is missing",
                         hint="rebuild the lattice; never edit a lattice folder by hand") from None
    if hashlib.sha256(data).hexdigest() != row["sha256"]:
        raise StoreError(f"{root}: {row['source']} is not document {row['id']!r}'s text (changed)",
                         hint="rebuild the lattice; never edit a lattice folder by hand")
    return data.decode("utf-8")
