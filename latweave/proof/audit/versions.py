"""Which version of a lattice a saved result names, and whether this folder still holds it.

A result's `lattice` stamp names the content hash of the lattice it was computed on and each of
its layers' hashes (files.layer_hashes). A change keeps the layers before the first one it
changes, byte for byte, so after `latweave add` the version a result was computed on is still
here: the first k layers of the folder, when their hashes are the k the result names — and the
audit reads those alone (LatticeFiles.first). Otherwise the audit fails and says exactly why:
the layers were removed or rewritten since, or the folder is another lattice altogether.
"""

from __future__ import annotations


def why_not(stamp: dict, then: str, lattice) -> str | None:
    """None when `lattice` (LatticeFiles, verified) holds the version `stamp` names beneath its
    later layers; else why the result cannot be audited against it."""
    now = lattice.content_hash or ""
    hashes = f"(content hash {then[:12]}… then, {now[:12]}… now)"
    named = stamp.get("layers")
    if not (isinstance(named, list) and named and all(isinstance(h, str) for h in named)):
        return (f"the lattice changed since this result was computed {hashes}, and the result names no layer "
                "hashes (saved by an older latweave), so no earlier version can be looked for here: run the plan "
                "again on the lattice as it is")
    held, k = lattice.layer_hashes, len(named)
    if held[:1] != named[:1]:
        return (f"another lattice: the result was computed on a lattice whose first layer is not this one's "
                f"{hashes} — another lattice altogether, or this one rebuilt, or with its first source removed "
                "or replaced: audit it against the lattice it names, or run the plan again here")
    same = 0
    while same < min(k, len(held)) and held[same] == named[same]:
        same += 1
    if same == k:
        return None
    if same == len(held):
        gone = f"layer {same} was" if k - same == 1 else f"layers {same} to {k - 1} were"
        return (f"the lattice changed since this result was computed {hashes}: the result's version had {k} "
                f"layers, this lattice has {len(held)} — {gone} removed since (`latweave remove`), so that "
                "version is gone: run the plan again on the lattice as it is")
    return (f"the lattice changed since this result was computed {hashes}: the result's version had {k} "
            f"layer(s), and layer {same} of this lattice is no longer the one it had — a `remove` rewrote the "
            f"layers from {same} on — so that version is gone: run the plan again on the lattice as it is")
