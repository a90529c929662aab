"""Writing a lattice of several sources as layers (folder/layers.py): each source after the
first as what it changes in the lattice of the sources before it.

`State` is a lattice as the next layer is computed against: its model with each predicate's id,
its symbols, its compiled facts and derived counts and worlds. `step(state, lattice, worlds)`
gives the `Layer` that turns the state's lattice into `lattice` — the lattice of one more source,
built by the source readers exactly as a build of those sources builds it — and the state after
it; the one writer (ingest/write.py `write_layer`) writes its folder. So a layer is a function of the lattices before and after
it, and the same sources in the same order give the same layers whether they were built at once
(`save_layers`) or added one change at a time (ingest/living.py).

What a step keeps: every symbol and predicate id the state has (a new string or predicate is
numbered after them, in sorted or canonical order), so the layers before are never rewritten.
What it writes: the strings and predicates new to the lattice, the ids it no longer holds, the
model rows whose content changed (keyed: a row replaces, a deletion deletes), each relation's
rows added and taken away (a set difference of the compiled facts), and the derived counts and
worlds that moved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from latweave.compile.facts import LATTICE_RELATIONS
from latweave.compile.lattice_facts import CompiledLattice, Contested, compile_lattice, lattice_strings
from latweave.compile.symbols import SymbolTable
from latweave.folder.layers import KEYS, REMOVED
from latweave.ingest.reader_state import kb_state
from latweave.lattice.model import Lattice, Predicate, predicate_key
from latweave.folder.store import dimension_rows, instance_row, load_lattice, manifest_counts
from latweave.folder.names import CLASSES, DIMENSIONS, INSTANCES, SYNONYMS, VALUES

#: The keyed model files a layer holds, each with the fields that make its key (a deletion's row).
KEYED = {DIMENSIONS: ("name",), VALUES: ("dimension", "key"),
         SYNONYMS: ("dimension", "surface"), CLASSES: ("dimension", "value"),
         INSTANCES: ("key",)}


@dataclass
class State:
    """A lattice, as the layer after it is computed against (see the module docstring)."""

    lattice: Lattice
    ids: dict[Predicate, int]            # every predicate's id
    symbols: SymbolTable
    next_id: int                         # one past the greatest predicate id ever given
    facts: Mapping[str, list[tuple[int, ...]]]
    counts: dict[tuple[int, int], int]
    worlds: Contested
    layers: int

    @classmethod
    def of(cls, lattice: Lattice, compiled: CompiledLattice, layers: int, next_id: int | None = None) -> "State":
        ids = {pred: p for p, pred in lattice.numbered()}
        return cls(lattice, ids, compiled.symbols, max(ids.values(), default=-1) + 1 if next_id is None else next_id,
                   compiled.facts, compiled.coord_counts(), compiled.worlds() or {}, layers)

    @classmethod
    def read(cls, folder: Path, manifest: dict, layers: int) -> "State":
        """The state of a lattice folder's first `layers` layers, read from its files."""
        from latweave.folder.layers import LayeredIds, layer_folders

        prefix = {**manifest, "layers": layers}
        lattice = load_lattice(folder, manifest=prefix)
        compiled = CompiledLattice.read(folder, prefix)
        ids = LayeredIds(layer_folders(folder, prefix))
        try:
            next_id = ids.end
        finally:
            ids.close()
        return cls.of(lattice, compiled, layers, next_id)


@dataclass
class Layer:
    """What one source changes in a lattice (folder/layers.py names the files)."""

    number: int
    symbols: list[str]                   # the new strings, numbered from `first_symbol`
    first_symbol: int
    predicates: list[tuple[int, Predicate]]
    first_predicate: int
    retracted: list[int]                 # predicate ids no longer held
    rows: dict[str, list[dict]]          # keyed model file → its rows, in key order
    documents: dict[str, object]         # new documents (id → text)
    gone_documents: list[str]
    added: dict[str, list[tuple[int, ...]]]
    taken: dict[str, list[tuple[int, ...]]]
    counts: list[tuple[int, int, int]]   # (d, v, n), n = 0 deletes
    worlds: list[dict]                   # worlds.jsonl rows; no worlds deletes
    totals: dict = field(default_factory=dict)   # the manifest's counts of the lattice through this layer
    reader_state: dict | None = None     # the reader's state through this layer (ingest/kb.py KB_STATE)


def reader_state(lattice: Lattice) -> dict | None:
    """What the reader that built `lattice` keeps beside its layer (settled), or None."""

    return kb_state(lattice) if lattice.reader_state is not None else None


def _keyed(rows: Iterable[dict], name: str) -> dict:
    key = KEYS[name]
    return {key(row): row for row in rows}


def _diff_rows(old: Mapping, new: Mapping, name: str) -> list[dict]:
    """The rows of a keyed file that turn `old` (key → row) into `new`: changed or new rows, and
    a deletion for each key gone, in key order."""
    fields = KEYED[name]
    out = []
    for key in sorted(old.keys() | new.keys()):
        if key not in new:
            row = old[key]
            out.append({**{f: row[f] for f in fields if f in row}, **({"key": key} if name == INSTANCES else {}),
                        REMOVED: True})
        elif old.get(key) != new[key]:
            out.append(new[key])
    return out


def model_rows(lattice: Lattice) -> dict[str, dict]:
    """Each keyed model file's rows of `lattice` (key → row; instances with their key)."""
    out = {name: _keyed(rows, name) for name, rows in dimension_rows(lattice).items()}
    out[INSTANCES] = {i.key: {"key": i.key, **instance_row(i)} for i in lattice.instances.values()}
    return out


def worlds_row(pair: tuple[str, str], held: list) -> dict:
    """A worlds.jsonl row (as lattice_facts.write_derived writes them)."""
    return {"instance": pair[0], "dimension": pair[1], "worlds": [
        {"value": w.value, "support": list(w.support), "predicates": ps} for w, ps in held]}


def step(state: State, lattice: Lattice, worlds: dict, old_rows: dict | None = None) -> tuple[Layer, State]:
    """The layer that turns `state`'s lattice into `lattice` (settled: `worlds`), and the state
    after it. `old_rows`: model_rows of the state's lattice, when the caller has them."""
    old_ids = state.ids
    held = lattice.predicates
    kept = {pred: p for pred, p in old_ids.items() if pred in held}
    new = sorted((pred for pred in held if pred not in old_ids), key=predicate_key)
    first = state.next_id
    ids = {**kept, **{pred: first + i for i, pred in enumerate(new)}}
    lattice.ids = ids
    retracted = sorted(p for pred, p in old_ids.items() if pred not in held)

    symbols = state.symbols.appended(lattice_strings(lattice))
    compiled = compile_lattice(lattice, worlds, symbols)
    added, taken = {}, {}
    for name in LATTICE_RELATIONS:
        before, after = set(state.facts[name]), set(compiled.facts[name])
        added[name] = sorted(after - before)
        taken[name] = sorted(before - after)

    old_rows = model_rows(state.lattice) if old_rows is None else old_rows
    new_rows = model_rows(lattice)
    rows = {name: _diff_rows(old_rows[name], new_rows[name], name) for name in KEYED}

    counts_after = compiled.coord_counts()
    counts = [(d, v, counts_after.get((d, v), 0)) for d, v in sorted(state.counts.keys() | counts_after.keys())
              if state.counts.get((d, v)) != counts_after.get((d, v))]
    worlds_after = compiled.contested or {}
    world_rows = [worlds_row(pair, worlds_after.get(pair, [])) for pair in sorted(state.worlds.keys() | worlds_after.keys())
                  if _worlds_key(state.worlds.get(pair)) != _worlds_key(worlds_after.get(pair))]

    documents = {d: lattice.documents[d] for d in sorted(lattice.documents.keys() - state.lattice.documents.keys())}
    gone = sorted(state.lattice.documents.keys() - lattice.documents.keys())
    layer = Layer(state.layers, symbols_new(state.symbols, symbols), len(state.symbols), [(ids[p], p) for p in new],
                  first, retracted, rows, documents, gone, added, taken, counts, world_rows,
                  manifest_counts(lattice), reader_state(lattice))
    after = State(lattice, ids, symbols, first + len(new), compiled.facts, counts_after, worlds_after, state.layers + 1)
    return layer, after


def settled(lattice: Lattice) -> dict:
    """Validate a lattice and settle its contested coordinates (coordinates.settle, which may add
    the meet of overlapping intervals as a value: so before anything reads its values)."""
    from latweave.lattice.coordinates import settle

    lattice.validate()
    return settle(lattice)


def symbols_new(before: SymbolTable, after: SymbolTable) -> list[str]:
    return [after.text(i) for i in range(len(before), len(after))]


def _worlds_key(held) -> list | None:
    return None if not held else [(w.value, w.support, list(ps)) for w, ps in held]
