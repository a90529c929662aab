"""Living lattices (issue 16): `latweave add` and `remove` change a lattice's sources, `history`
lists the changes.

A lattice of several sources is a stack of layers (folder/layers.py), one per source, in order:
layer i holds what source i changes in the lattice of the sources before it. So a change reads
the lattice's source set (latweave/ingest/sources.py), makes the new one — `add` appends sources,
`remove` drops sources (`--source`) or documents of them (`--doc`) — keeps the layers of the
sources before the first that changed (their files linked, not written again) and writes the
layers from there on: `add` writes one layer per source added; removing the last source writes
none; removing a document of source i writes the layers from i on. A KB file's layer is read
from look-ups into the lattice's files (ingest/kb_layer.py: time and memory that grow with the
file, not the lattice); any other layer — and a KB file look-ups cannot read, the history says
why — is written from the lattice before it and the lattice of its source set, each built by the
source readers as `latweave build` builds it (ingest/layered.py). `latweave build A B` writes the
same layers, so a change gives exactly the full build's files, byte for byte, with the same
content hash (history.jsonl, the one file that differs, is left out of it): tests/test_living.py
checks on the shipped corpora, a KB, 2Wiki files, an extracted corpus and random sequences of
changes, tests/test_kb_layer.py the look-ups against the general path.

It is atomic as `build` is — the lattice at the path is the old or the new one at every instant, a
killed change changes nothing — and a change holds the lattice's lock from reading its sources to
installing the new folder (store.exclusive), so two changes to one lattice serialise and neither
is lost. Results saved from the old lattice then fail `latweave audit` ("the lattice changed since
this result was computed"), through the content hash their `lattice` stamp names. For
`--extract llm` lattices the per-window cache means the model is asked only for windows it has
not answered.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Sequence

from latweave.errors import LatweaveError, StoreError
from latweave.ingest.gate import Gate, kept_reports
from latweave.ingest.sources import (Given, Ledger, Source, SourceSet, contested_pairs, given, now, read_history,
                                     read_sources, stored_without)
from latweave.ingest.summary import BuildSummary
from latweave.folder.names import CORPUS_DOCUMENTS


def _check_names(sources: Sequence[Source]) -> None:
    seen: set[str] = set()
    for s in sources:
        if s.name in seen:
            raise LatweaveError(f"two sources are named {s.name!r}: a source's name is its documents' id "
                                "and its place in the lattice, so names are unique in one lattice",
                                hint="rename one of them, or `latweave remove --source` the one in the lattice first")
        seen.add(s.name)


def _derive(sources: SourceSet, paths: list[Path], out: Path, gate: Gate | None, ledger: Ledger, *, locked: bool,
            inputs, progress=None, llm=None, cache=None, base: tuple[Path, dict, int] | None = None) -> BuildSummary:
    """Build the lattice of `sources` (each read from the path beside it in `paths`) at `out`, a
    layer per source (folder/layers.py): layer i is what source i changes in the lattice of the
    sources before it, each of those lattices built by the source readers exactly as a build of
    those sources builds it. `base`: (the lattice folder, its manifest, k): its first k layers
    are the first k sources' and are kept."""
    from latweave.ingest.write import save_layers

    removed = [frozenset(s.removed) for s in sources.sources]
    n = len(sources.sources)
    if sources.kind == "corpus":
        from latweave.ingest.corpus import read_corpora

        manifest = save_layers(lambda i: read_corpora(paths[:i + 1], progress, removed[:i + 1]), n, out, gate,
                               ledger=ledger, locked=locked, inputs=inputs, base=base)
        return BuildSummary("corpus", out, manifest, gate)
    if sources.kind == "kb":
        from latweave.ingest.kb import BuildReport, kb_lattice

        options = sources.options
        reports: list[BuildReport] = []

        def kb_of(i: int):
            reports[:] = [BuildReport()]
            return kb_lattice(paths[:i + 1], options["format"], strict=options["strict"], report=reports[0],
                              functional=options["functional"], removed=frozenset().union(*removed[:i + 1]),
                              named=i == n - 1, layered=True)

        def fast(folder, manifest, i, stored, contested):
            """Layer i from look-ups (ingest/kb_layer.py), when the KB file allows it."""
            from latweave.ingest.kb_layer import LINE_FORMATS, Fallback, kb_step

            if options["format"] not in LINE_FORMATS or removed[i]:
                return None
            try:
                made = kb_step(folder, manifest, paths[i], i, options, stored_report=stored, contested_before=contested)
            except Fallback as why:
                ledger.change.setdefault("read", []).append({"source": sources.sources[i].name, "whole": str(why)})
                return None
            reports[:] = [made.build]
            ledger.change.setdefault("read", []).append({"source": sources.sources[i].name, "whole": None})
            return made

        manifest = save_layers(kb_of, n, out, gate, ledger=ledger, locked=locked, inputs=inputs, base=base, fast=fast)
        if not reports:    # no source read: the last one removed, the layers before kept as they are
            return BuildSummary("corpus", out, manifest, gate)
        report = reports[0]
        stored = {str(out / s.stored): f"{s.name} (stored in the lattice)" for s in sources.sources}
        report.sources[:] = [stored.get(p, p) for p in report.sources]
        return BuildSummary("kb", out, manifest, gate, report)
    if sources.options.get("extractor") == "rules":   # `--extract rules`: no model (ingest/rules/)
        return _derive_rules(paths, removed, n, out, gate, ledger, locked=locked, inputs=inputs, base=base)
    from latweave.ingest.extract import extract_lattice
    from latweave.ingest.extract.corpus import text_corpus_of
    from latweave.ingest.extract.run import default_cache
    from latweave.folder.names import CALLS_FILE
    from latweave.llm.client import LLMClient

    cache_dir = Path(cache) if cache is not None else default_cache(out)
    extracted: list = []
    clients: list = []

    def text_of(i: int):
        if llm is None:
            raise LatweaveError("this lattice's facts were extracted by a model: adding or removing a source asks "
                                "it about the windows it has not answered", hint="pass --model (and --base-url), "
                                "or set $LATWEAVE_MODEL, as for `latweave build --extract llm`")
        if not clients:
            clients.append(LLMClient(llm, record=cache_dir / CALLS_FILE))
        client = clients[0]
        lattice, report = extract_lattice(text_corpus_of(paths[:i + 1], removed[:i + 1]), llm, cache_dir, out,
                                          progress=progress, client=client)
        extracted[:] = [report]
        return lattice

    manifest = save_layers(text_of, n, out, gate, ledger=ledger, locked=locked, inputs=inputs, base=base)
    if not extracted:      # nothing extracted: the last source removed, the layers before kept as they are
        return BuildSummary("corpus", out, manifest, gate)
    return BuildSummary("extract", out, manifest, gate, replace(extracted[0], manifest=manifest))


def _derive_rules(paths: list[Path], removed: list[frozenset[str]], n: int, out: Path, gate, ledger, *, locked: bool,
                  inputs, base) -> BuildSummary:
    """`_derive` for a text corpus the rules extract (latweave/ingest/rules/): a layer per source,
    each the rules' lattice of the sources up to it, as for a model's, with no cache to keep."""
    from latweave.ingest.extract.corpus import text_corpus_of
    from latweave.ingest.rules import rules_lattice
    from latweave.ingest.write import save_layers

    reports: list = []

    def text_of(i: int):
        lattice, report = rules_lattice(text_corpus_of(paths[:i + 1], removed[:i + 1]))
        reports[:] = [report]
        return lattice

    manifest = save_layers(text_of, n, out, gate, ledger=ledger, locked=locked, inputs=inputs, base=base)
    if not reports:
        return BuildSummary("corpus", out, manifest, gate)
    return BuildSummary("rules", out, manifest, gate, replace(reports[0], manifest=manifest))


@dataclass(frozen=True)
class Change:
    """One change of a lattice (`build`, `add` or `remove`): its history line and what the build
    of the new source set reported. Renders itself (what the command prints)."""

    out: Path | str
    line: dict
    summary: BuildSummary
    previous: dict | None = None    # the counts before the change

    @property
    def complete(self) -> bool:
        return self.summary.complete

    def to_dict(self) -> dict:
        return {"change": self.line, "build": self.summary.to_dict()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, indent=2)

    def __rich__(self):
        from rich.console import Group

        return Group(render_change(self.line, self.previous), self.summary)


def _counted(counts: dict, before: dict | None) -> str:
    parts = []
    for key in ("instances", "predicates", "documents"):
        now = counts.get(key, 0)
        delta = "" if before is None or key not in before else f" ({now - before[key]:+,})"
        parts.append(f"{now:,} {key}{delta}")
    return ", ".join(parts)


def render_change(line: dict, before: dict | None = None):
    """A history line as a few lines of text: what changed, the counts (with the change in each
    against `before`, the counts of the line before), the contested coordinates it created and
    resolved."""
    from rich.text import Text

    text = Text()
    names = ", ".join(s["name"] for s in line.get("sources", ()))
    text.append(f"{line['time']}  ", style="dim")
    if line["change"] == "build":
        text.append("built from ", style="bold")
        text.append(names)
    elif line["change"] == "add":
        text.append("added ", style="bold")
        text.append(names)
    elif line["change"] == "replace":
        text.append("replaced ", style="bold")
        text.append(names)
    else:
        text.append("removed ", style="bold")
        removed = [names] if names else []
        if line.get("docs"):
            removed.append(f"document{'s' if len(line['docs']) > 1 else ''} {', '.join(line['docs'])} "
                           f"(from {', '.join(line.get('from', ()))})")
        text.append("; ".join(removed))
    text.append("\n  " + _counted(line.get("counts", {}), before))
    legitimacy = line.get("legitimacy")
    if legitimacy and line["change"] != "build":
        checked, n = legitimacy["checked"], len(legitimacy["checked"]) + len(legitimacy["kept"])
        names = f": {', '.join(checked[:5])}" + (f" and {len(checked) - 5} more" if len(checked) > 5 else "") \
            if checked else ""
        text.append(f"\n  legitimacy: {len(checked)} of {n} dimensions checked again{names}")
    contested = line.get("contested", {})
    for verb in ("created", "resolved"):
        pairs = contested.get(verb, ())
        if pairs:
            shown = "; ".join(f"{inst} on {dim}" for inst, dim in pairs[:5])
            more = f" and {len(pairs) - 5} more" if len(pairs) > 5 else ""
            text.append(f"\n  contested coordinate{'s' if len(pairs) > 1 else ''} {verb}: {shown}{more}")
    return text


@dataclass(frozen=True)
class History:
    """A lattice's changes, oldest first (history.jsonl), and its sources now (sources.json).
    Renders itself; serialises to JSON."""

    lattice: Path | str
    lines: tuple[dict, ...]
    sources: SourceSet | None = None

    def to_json(self) -> str:
        return json.dumps({"lattice": str(self.lattice), "changes": list(self.lines),
                           "sources": None if self.sources is None else self.sources.to_dict()},
                          ensure_ascii=False, sort_keys=True, indent=2)

    def __rich__(self):
        from rich.console import Group
        from rich.text import Text

        if not self.lines:
            return Text(f"{self.lattice}: no recorded changes (built before sources were kept, or not by "
                        "`latweave build`)")
        parts = [render_change(line, self.lines[n - 1].get("counts") if n else None)
                 for n, line in enumerate(self.lines)]
        if self.sources is not None:
            now = Text("sources now: ", style="bold")
            now.append(", ".join(s.name + (f" (without {', '.join(s.removed)})" if s.removed else "")
                                 for s in self.sources.sources))
            parts.append(now)
        return Group(*parts)


def history(lattice: Path | str) -> History:
    from latweave.folder.store import read_manifest

    read_manifest(lattice)  # a lattice, complete: StoreError otherwise
    return History(lattice, tuple(read_history(lattice)), read_sources(lattice))


def _options(kind: str, fmt: str, strict: bool, functional, llm, rules: bool = False) -> dict:
    if kind == "kb":
        return {"format": fmt, "functional": None if functional is None else sorted(functional), "strict": strict}
    if kind == "text" and rules:
        from latweave.ingest.rules import load_rules

        return {"extractor": "rules", "rules": load_rules().digest}
    if kind == "text":
        return {"model": llm.model}
    return {}


def build_sources(paths: Sequence[Path | str], out: Path | str, *, fmt: str = "corpus", gate: Gate | None = None,
                  strict: bool = False, functional=None, progress=None, llm=None, cache=None,
                  engine: str = "python", rules: bool = False) -> BuildSummary:
    """`latweave build SOURCE... --out DIR`: the lattice of the sources, in order, written at `out`
    with its source set, their stored forms and a history that starts here. Without a `gate`, the
    legitimacy report is written all the same (a gate that allows whatever it finds): a lattice
    that can be changed keeps each layer's report, whoever built it. `engine`: "python" (the
    source readers' model, ingest/write.py), "duckdb" (one line-based KB file joined in DuckDB,
    ingest/kb_duckdb.py: the same folder, byte for byte; what it does not build is refused with
    a hint) or "auto" (duckdb where it builds the KB, else python: `latweave build`'s default)."""
    if not paths:
        raise LatweaveError("no source to build from", hint="pass a corpus folder or a KB file")
    gate = gate if gate is not None else Gate(allow=True)
    kind = "text" if llm is not None or rules else "corpus" if fmt == "corpus" else "kb"
    givens = [given(p, kind, fmt) for p in paths]
    _check_names([g.source for g in givens])
    sources = SourceSet(kind, tuple(g.source for g in givens), _options(kind, fmt, strict, functional, llm, rules))
    change = {"change": "build", "time": now(), "paths": [str(p) for p in paths],
              "sources": [{"name": g.source.name, "sha256": g.source.sha256} for g in givens]}
    if cache is not None:
        change["cache"] = str(cache)
    ledger = Ledger(sources, tuple(givens), change)
    inputs = [*paths, cache] if cache is not None else list(paths)
    if engine != "python":
        bulk = _bulk(paths, Path(out), fmt if kind == "kb" else None, gate, ledger, strict=strict,
                     functional=functional, inputs=inputs, explicit=engine == "duckdb")
        if bulk is not None:
            return bulk
    return _derive(sources, [Path(p) for p in paths], Path(out), gate, ledger, locked=False, inputs=inputs,
                   progress=progress, llm=llm, cache=cache)


def _bulk(paths: Sequence[Path | str], out: Path, fmt: str | None, gate: Gate, ledger: Ledger, *, strict: bool,
          functional, inputs, explicit: bool) -> BuildSummary | None:
    """The first build of one line-based KB file, joined in DuckDB (ingest/kb_duckdb.py), or None
    where the bulk build does not build it and the Python build is to (refused instead when
    `explicit`: `--engine duckdb` was asked for)."""
    from latweave.ingest.kb_duckdb import DUCKDB_FORMATS, BulkRefused, build_kb_duckdb

    if len(paths) != 1 or fmt not in DUCKDB_FORMATS:
        if explicit:
            raise LatweaveError("--engine duckdb builds one line-based KB file (--format tsv, pathquestion or metaqa)",
                                hint="drop --engine duckdb (the Python build reads the others)")
        return None
    try:
        manifest, report = build_kb_duckdb(paths[0], fmt, out, strict=strict, gate=gate, functional=functional,
                                           ledger=ledger, inputs=inputs)
    except BulkRefused:
        if explicit:
            raise
        return None   # (nothing written: the bulk build refuses before writing)
    return BuildSummary("kb", out, manifest, gate, report)


def _recorded(lattice: Path) -> tuple[SourceSet, dict]:
    """The source set of a lattice folder and its manifest (verified: StoreError otherwise)."""
    from latweave.folder.layers import layer_count
    from latweave.folder.store import read_manifest

    manifest = read_manifest(lattice, cached=True)  # complete and unchanged: StoreError otherwise
    sources = read_sources(lattice)
    if sources is None:
        raise StoreError(f"{lattice}: this lattice records no sources, so it cannot be changed in place",
                         hint="build it again with `latweave build` (lattices built before sources were kept, "
                              "by --engine spark or by `latweave eval` record none)")
    if layer_count(manifest) != len(sources.sources):
        raise StoreError(f"{lattice}: this lattice has {layer_count(manifest)} layer(s) for "
                         f"{len(sources.sources)} source(s)", hint="build it again with `latweave build`")
    return sources, manifest


def _kept_layers(before: SourceSet, after: SourceSet) -> int:
    """How many leading sources two source sets share (name, stored form and removed documents
    alike): the layers a change keeps."""
    k = 0
    for a, b in zip(before.sources, after.sources):
        if a != b:
            break
        k += 1
    return k


def _cache(history: list[dict], cache) -> Path | None:
    """The extraction cache a change uses: the one given, else the last one the history names."""
    if cache is not None:
        return Path(cache)
    for line in reversed(history):
        if line.get("cache"):
            return Path(line["cache"])
    return None


def _change(lattice: Path | str, make: Callable[[SourceSet], tuple[SourceSet, list[Given], dict]], *,
            allow: bool, progress, llm, cache) -> Change:
    from latweave.folder.store import exclusive

    lattice = Path(lattice)
    with exclusive(lattice):
        before, manifest = _recorded(lattice)
        sources, new, change = make(before)
        change["replaced"] = manifest["content_hash"]   # the version this change replaces (audit names it)
        if llm is not None and sources.kind == "text":   # the model that answers the windows not cached
            sources = SourceSet(sources.kind, sources.sources, {**sources.options, "model": llm.model})
        history = read_history(lattice)
        cache = _cache(history, cache) if sources.kind == "text" else None
        if cache is not None:
            change["cache"] = str(cache)
        fresh = {g.source.name: g.path for g in new}
        paths = [fresh.get(s.name) or lattice / s.stored for s in sources.sources]
        ledger = Ledger(sources, tuple(new), change, previous=lattice, history=history,
                        contested_before=contested_pairs(lattice))
        gate = Gate(allow=allow, kept=kept_reports(lattice))   # dimensions that did not change keep their verdicts
        inputs = [g.path for g in new] + ([cache] if cache is not None else [])
        k = _kept_layers(before, sources) if sources.options == before.options else 0
        summary = _derive(sources, paths, lattice, gate, ledger, locked=True, inputs=inputs, progress=progress,
                          llm=llm, cache=cache, base=(lattice, manifest, k) if k else None)
    return Change(lattice, ledger.written, summary, ledger.history[-1].get("counts") if ledger.history else None)


def add(lattice: Path | str, paths: Sequence[Path | str], *, allow: bool = False, progress=None, llm=None,
        cache=None, replace: bool = False) -> Change:
    """`latweave add --lattice DIR SOURCE...`: the sources appended to the lattice's, in order.
    `replace` (`add --replace`): each source instead takes the place of the lattice's source of
    its name — a source refreshed: the lattice then is the build of its sources with the new one
    where the old one was (its documents removed since start afresh), one change, one atomic
    write, never the old source gone and the new one not yet in."""
    if not paths:
        raise LatweaveError("nothing to add", hint="pass the corpus folders, documents or KB files to add")
    if replace:
        return _change(lattice, _replacing(paths), allow=allow, progress=progress, llm=llm, cache=cache)

    def make(before: SourceSet):
        new = [given(p, before.kind, before.options.get("format")) for p in paths]
        sources = SourceSet(before.kind, before.sources + tuple(g.source for g in new), dict(before.options))
        _check_names(sources.sources)
        change = {"change": "add", "time": now(), "paths": [str(p) for p in paths],
                  "sources": [{"name": g.source.name, "sha256": g.source.sha256} for g in new]}
        return sources, new, change

    return _change(lattice, make, allow=allow, progress=progress, llm=llm, cache=cache)


def _replacing(paths: Sequence[Path | str]):
    """The `make` of `add --replace`: each given source in place of the lattice's of its name."""
    def make(before: SourceSet):
        new = [given(p, before.kind, before.options.get("format")) for p in paths]
        _check_names([g.source for g in new])
        known = {s.name: n for n, s in enumerate(before.sources)}
        for g in new:
            if g.source.name not in known:
                raise LatweaveError(f"{g.path}: the lattice has no source named {g.source.name!r} to replace",
                                    hint="its sources: " + ", ".join(known) + "; add a new source without --replace")
        fresh = {g.source.name: g.source for g in new}
        sources = SourceSet(before.kind, tuple(fresh.get(s.name, s) for s in before.sources), dict(before.options))
        was = {s.name: s.sha256 for s in before.sources}
        change = {"change": "replace", "time": now(), "paths": [str(p) for p in paths],
                  "sources": [{"name": g.source.name, "sha256": g.source.sha256, "was": was[g.source.name]}
                              for g in new]}
        return sources, new, change
    return make


def remove(lattice: Path | str, *, sources: Sequence[str] = (), docs: Sequence[str] = (), allow: bool = False,
           progress=None, llm=None, cache=None) -> Change:
    """`latweave remove --lattice DIR --source NAME... | --doc ID...`: the named sources dropped
    (a path is taken by its name), or the named documents removed from the sources that hold
    them (with every fact and event of that source whose evidence is in one). Every predicate
    whose evidence came only from what is removed goes; a fact also evidenced elsewhere stays,
    with its remaining evidence."""
    if not sources and not docs:
        raise LatweaveError("nothing to remove", hint="pass --source NAME or --doc ID")
    lattice_path = Path(lattice)

    with tempfile.TemporaryDirectory(prefix="latweave-remove-") as scratch:
        def make(before: SourceSet):
            names = [Path(s).name for s in sources]
            known = [s.name for s in before.sources]
            for name in names:
                if name not in known:
                    raise LatweaveError(f"{name!r} is not a source of this lattice",
                                        hint="its sources: " + ", ".join(known) + " (`latweave history --lattice DIR`)")
            kept = [s for s in before.sources if s.name not in names]
            if not kept:
                raise LatweaveError("that would remove every source of the lattice",
                                    hint="a lattice needs at least one source; delete the lattice folder instead")
            wanted, removed_from, edited = set(docs), [], []
            if docs:
                kept, removed_from, edited = _remove_docs(lattice_path, before, kept, wanted, Path(scratch))
            change = {"change": "remove", "time": now(),
                      "sources": [{"name": s.name, "sha256": s.sha256} for s in before.sources if s.name in names]}
            if docs:
                change["docs"] = sorted(wanted)
                change["from"] = removed_from
            return SourceSet(before.kind, tuple(kept), dict(before.options)), edited, change

        return _change(lattice, make, allow=allow, progress=progress, llm=llm, cache=cache)


def _remove_docs(lattice: Path, before: SourceSet, kept: list[Source], wanted: set[str], scratch: Path):
    """The kept sources with the `wanted` documents deleted from every one that holds them (a
    source of one document is dropped; any other is stored again without them and what cites
    them, under `scratch`: ingest/sources.stored_without), the names of those sources, and the
    edited sources' new stored forms; a document no kept source holds is refused."""
    out, found, removed_from, edited, earlier = [], set(), [], [], []
    for s in kept:
        held = _documents_of(lattice / s.stored, s, before) & wanted
        held -= set(s.removed)
        if held:
            removed_from.append(s.name)
            found |= held
            if s.type == "document":
                continue         # a document added on its own: removing it removes the source
            g = stored_without(lattice / s.stored, s, frozenset({*s.removed, *held}), before.kind,
                               before.options.get("format"), list(earlier), scratch)
            edited.append(g)
            s = g.source
            earlier.append((g.path, frozenset()))
        else:
            earlier.append((lattice / s.stored, frozenset(s.removed)))
        out.append(s)
    missing = sorted(wanted - found)
    if missing:
        raise LatweaveError(f"no source of this lattice holds the document(s) {', '.join(map(repr, missing))}",
                            hint="a corpus document's id is its path below documents/ without .txt; a 2Wiki "
                                 "question's is `<file name>#<_id>`; a line-based KB file is one document: "
                                 "remove it with --source")
    return out, removed_from, edited


def _documents_of(stored: Path, source: Source, sources: SourceSet) -> set[str]:
    """The document ids a stored source holds (a line-based KB file's one document cannot be
    removed alone: it is the whole source)."""
    if source.type == "folder":
        docs = stored / CORPUS_DOCUMENTS
        return {f.relative_to(docs).with_suffix("").as_posix() for f in docs.rglob("*.txt")} if docs.is_dir() else set()
    if source.type == "document":
        return {Path(source.name).stem}
    if sources.options.get("format") == "2wiki":
        ids = set()
        with stored.open(encoding="utf-8") as handle:
            for line in handle:
                record = json.loads(line)
                if isinstance(record, dict) and isinstance(record.get("_id"), str):
                    ids.add(f"{source.name}#{record['_id']}")
        return ids
    return set()
