"""Which version of a lattice a saved result names, and whether this folder still holds it.

A result's `lattice` stamp names the content hash of the lattice it was computed on and each of
its layers' hashes (files.layer_hashes). A change keeps the layers before the first one it
changes, byte for byte, so after `latweave add` the version a result was computed on is still
here: the first k layers of the folder, when their hashes are the k the result names — and the
audit reads those alone (LatticeFiles.first). Otherwise the audit fails and says exactly why:
the change (history.jsonl records the version each change replaced) that dropped or rewrote
its layers, or that the folder is another lattice altogether.
"""

from __future__ import annotations

_AGAIN = "run the plan again on the lattice as it is"


def why_not(stamp: dict, then: str, lattice) -> str | None:
    """None when `lattice` (LatticeFiles, verified) holds the version `stamp` names beneath its
    later layers; else why the result cannot be audited against it."""
    now = lattice.content_hash or ""
    hashes = f"(content hash {then[:12]}… then, {now[:12]}… now)"
    named = stamp.get("layers")
    if not (isinstance(named, list) and named and all(isinstance(h, str) for h in named)):
        named = None
    held = lattice.layer_hashes
    same = 0
    if named is not None:
        while same < min(len(named), len(held)) and held[same] == named[same]:
            same += 1
        if same == len(named):
            return None
    replaced = [n for n, line in enumerate(lattice.past) if line.get("replaced") == then]
    if not replaced and (named is None or same == 0):
        recorded = any(isinstance(line.get("replaced"), str) for line in lattice.past)
        hedge = "" if recorded else (" (or this one before a change that rewrote its first layer: it records "
                                     "no earlier versions)")
        return (f"another lattice: the result was computed on a lattice that is not this one, nor an earlier "
                f"version of it {hashes}{hedge}: audit it against the lattice it names, or {_AGAIN}")
    since = ""
    if replaced:
        changes = lattice.past[replaced[0]:]
        first, last = changes[0], changes[-1]
        since = f": {len(changes)} change(s) since, " + (
            f"the `{first.get('change')}` of {first.get('time')}" if len(changes) == 1 else
            f"from the `{first.get('change')}` of {first.get('time')} to the `{last.get('change')}` of {last.get('time')}")
    if named is None:
        return (f"the lattice changed since this result was computed {hashes}{since}, and the result names no "
                f"layer hashes (saved by an older latweave), so that version cannot be looked for here: {_AGAIN}")
    k = len(named)
    if same == len(held):
        gone = f"layer {same} was" if k - same == 1 else f"layers {same} to {k - 1} were"
        what = f"its version had {k} layers, this lattice has {len(held)}: {gone} removed"
    else:
        what = f"layer {same} of its version is no longer this lattice's: a change rewrote the layers from {same} on"
    return f"the lattice changed since this result was computed {hashes}{since}; {what}, so that version is gone: {_AGAIN}"
