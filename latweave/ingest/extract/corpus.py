"""A *text corpus*: documents to extract from, plus the names the extraction should use.

    documents/*.txt    one document each; its id is the path below documents/ without .txt
    dimensions.jsonl   optional: the preferred dimensions (the whitelist shown to the model), in
                       the corpus format — {"dimension", "kind", "functional"} and an optional
                       "description" for the prompt; a date or number kind makes it ordered
    variants.tsv       optional: variant<TAB>dimension — relation names the model may use,
                       mapped onto one dimension after extraction

Whitelisted taxonomy dimensions are always open (extracted values join under ⊤: there is no
hierarchy to check them against). `subject` is reserved: the builder binds every instance's own
name on it, so chains can start from a name; it is never asked of the model.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from latweave.ingest.corpus import corpus_field, jsonl_lines, tsv_lines
from latweave.errors import CorpusError
from latweave.lattice.model import DIMENSION_KINDS
from latweave.lattice.names import normalize
from latweave.textio import read_text
from latweave.folder.names import CORPUS_DIMENSIONS, CORPUS_DOCUMENTS, CORPUS_VARIANTS

#: The dimension every instance binds its own name on (as in KB lattices).
SUBJECT = "subject"


@dataclass(frozen=True)
class PreferredDimension:
    """A whitelisted dimension: its name is shown to the model, its kind types the values."""

    name: str
    kind: str = "taxonomy"
    functional: bool = False
    description: str = ""


@dataclass(frozen=True)
class TextCorpus:
    """A text corpus read into memory: documents by id (sorted), whitelist, variant table."""

    root: Path
    documents: tuple[tuple[str, str], ...]
    dimensions: tuple[PreferredDimension, ...]
    variants: tuple[tuple[str, str], ...]   # (variant, dimension), in file order

    @property
    def name(self) -> str:
        return self.root.resolve().name


def read_text_corpus(folder: Path | str) -> TextCorpus:
    """Read a text corpus folder; CorpusError (file and line) on anything malformed."""
    root = Path(folder)
    docs = root / CORPUS_DOCUMENTS
    if not docs.is_dir():
        raise CorpusError("not a text corpus: documents/ is missing", file=str(root),
                          hint="put one .txt file per document under documents/ (see corpora/bios/README.md)")
    documents = tuple((f.relative_to(docs).with_suffix("").as_posix(), read_text(f, CorpusError))
                      for f in sorted(docs.rglob("*.txt")))
    if not documents:
        raise CorpusError("documents/ holds no .txt file", file=str(docs))

    dimensions: list[PreferredDimension] = []
    path = root / CORPUS_DIMENSIONS
    if path.is_file():
        seen: set[str] = set()
        for line, obj in jsonl_lines(path):
            name = corpus_field(obj, "dimension", str, path, line)
            kind = corpus_field(obj, "kind", str, path, line, "taxonomy")
            if kind not in DIMENSION_KINDS:
                raise CorpusError(f"kind {kind!r} is not one of {DIMENSION_KINDS}", file=str(path), line=line)
            if normalize(name) in seen:
                raise CorpusError(f"dimension {name!r} is declared twice", file=str(path), line=line)
            seen.add(normalize(name))
            if normalize(name) == SUBJECT:
                continue  # reserved: bound by the builder, never extracted
            dimensions.append(PreferredDimension(
                name, kind, corpus_field(obj, "functional", bool, path, line, False),
                corpus_field(obj, "description", str, path, line, "")))

    variants: list[tuple[str, str]] = []
    path = root / CORPUS_VARIANTS
    if path.is_file():
        for _line, (variant, dimension) in tsv_lines(path, ("variant", "dimension")):
            variants.append((variant, dimension))
    return TextCorpus(root, documents, tuple(dimensions), tuple(variants))


def text_corpus_of(sources: list[Path], removed: list[frozenset[str]] | None = None) -> TextCorpus:
    """One text corpus from several sources, in order: the first is a text corpus folder (its
    dimensions.jsonl and variants.tsv are the whitelist and the variant table), each further one
    a text corpus folder (its documents; a whitelist or variant table unlike the first's is
    refused) or one document (a .txt file; its id is the file's name without .txt). Documents
    are sorted by id, as one folder's are, so the order sources come in does not matter;
    `removed`: each source's document ids left out. An id given twice is refused."""
    removed = removed or [frozenset()] * len(sources)
    first = read_text_corpus(sources[0])
    documents = {d: t for d, t in first.documents if d not in removed[0]}
    for n, path in enumerate(sources[1:], 1):
        path = Path(path)
        if path.is_dir():
            more = read_text_corpus(path)
            if (more.dimensions, more.variants) != (first.dimensions, first.variants) \
                    and (more.dimensions or more.variants):
                raise CorpusError("its dimensions.jsonl or variants.tsv differ from the lattice's first corpus "
                                  f"({first.name})", file=str(path),
                                  hint="add its documents alone, or give it the first corpus's whitelist")
            docs = more.documents
        else:
            docs = ((path.stem, read_text(path, CorpusError)),)
        for doc, text in docs:
            if doc in removed[n]:
                continue
            if doc in documents:
                raise CorpusError(f"document {doc!r} is already in the lattice", file=str(path),
                                  hint="remove it first (`latweave remove --doc ID`), or rename the file")
            documents[doc] = text
    kept = tuple(sorted(documents.items()))
    if not kept:
        raise CorpusError("no document would be left", file=str(sources[0]),
                          hint="a lattice needs at least one document; delete the lattice folder instead")
    return TextCorpus(first.root, kept, first.dimensions, first.variants)
