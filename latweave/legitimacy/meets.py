"""Are meets unique? Competing lower bounds, and meets on demand in the Dedekind–MacNeille completion.

A finite poset with a top is a lattice iff every pair has a greatest lower bound (Davey & Priestley,
*Introduction to Lattices and Order*, 2nd ed. 2002, §2.14). With ⊥ added every pair has some
common lower bound; the meet of a and b fails to exist exactly when ↓a ∩ ↓b has two or more
maximal elements, and those are the lower bounds that compete.

Only pairs with a common lower bound other than ⊥ can fail, and such a pair sits above an element
with two or more upper covers (the two upward paths from a common lower bound to incomparable a
and b must part somewhere). So the check enumerates incomparable pairs in the up-sets of the
multi-parent elements only; a tree has none and passes without looking at a single pair.

Where meets compete, the Dedekind–MacNeille completion (Davey & Priestley §7.38–7.44) is the
smallest lattice the poset embeds in, preserving every meet and join that exists. Its elements
are the cuts L(U(A)); every cut is an intersection of principal down-sets, so the meet of a and b
there is simply the cut ↓a ∩ ↓b. The completion's new elements are therefore found by closing
the competing intersections under intersection with principal down-sets and with each other —
never by enumerating the 2^|P| subsets. A new cut is named by its maximal elements, `⋁{c, d}`,
because in the completion it is exactly the join of those elements.
"""

from __future__ import annotations

from dataclasses import dataclass

from latweave.legitimacy.poset import Poset, bits


@dataclass(frozen=True)
class Competition:
    """Elements a and b (indices) have no meet: `lower_bounds` are their maximal common lower bounds."""

    a: int
    b: int
    lower_bounds: tuple[int, ...]


@dataclass(frozen=True)
class MeetCheck:
    """The verdict on a poset's meets: `competing` pairs, and whether every candidate was checked."""

    pairs_checked: int
    competing: tuple[Competition, ...]
    complete: bool = True

    @property
    def unique(self) -> bool | None:
        """True when every meet exists, False when one is missing, None when not fully checked."""
        if self.competing:
            return False
        return True if self.complete else None


@dataclass(frozen=True)
class Cut:
    """A completion element that is not in the poset: the down-set `down` (a bitset over the poset)."""

    down: int
    generators: tuple[int, ...]
    label: str


def _by_label(poset: Poset, items) -> tuple[int, ...]:
    return tuple(poset.sorted(items))


def check_meets(poset: Poset, *, pair_cap: int = 2_000_000) -> MeetCheck:
    """Check every pair that could lack a meet; name the pairs whose maximal lower bounds compete.

    `pair_cap` bounds the number of candidate pairs examined; beyond it the check stops and says
    it is incomplete (`MeetCheck.complete` is False) rather than run for minutes.
    """
    n = poset.size
    bottom = poset.bottom
    multi = [i for i in range(n) if i != bottom and i != poset.top and not poset.has_one_upper_cover(i)]
    seen: set[tuple[int, int]] = set()
    competing: list[Competition] = []
    complete = True
    for z in multi:
        above = list(bits(poset.up[z] ^ (1 << z)))
        for x, a in enumerate(above):
            for b in above[x + 1:]:
                if (a, b) in seen or poset.comparable(a, b):
                    continue
                if len(seen) >= pair_cap:
                    complete = False
                    break
                seen.add((a, b))
                if poset.meet(a, b) is None:
                    rivals = poset.maximal(poset.down[a] & poset.down[b])
                    first, second = _by_label(poset, (a, b))
                    competing.append(Competition(first, second, _by_label(poset, rivals)))
            if not complete:
                break
        if not complete:
            break
    competing.sort(key=lambda c: (poset.sort_key(c.a), poset.sort_key(c.b)))
    return MeetCheck(len(seen), tuple(competing), complete)


def meet_cut(poset: Poset, a: int, b: int) -> int:
    """The meet of a and b in the Dedekind–MacNeille completion, as a down-set bitset over `poset`.

    It is a principal down-set ↓m exactly when m = a ∧ b exists in the poset itself.
    """
    return poset.down[a] & poset.down[b]


def completion_cuts(poset: Poset, competing: tuple[Competition, ...]) -> list[Cut]:
    """The elements the Dedekind–MacNeille completion adds, sorted by label.

    Starts from the intersections ↓a ∩ ↓b of the competing pairs and closes them under
    intersection with principal down-sets (only those of elements above one of the cut's
    generators can give something new) and with each other, keeping the non-principal results.
    """
    def principal(cut: int) -> bool:
        return cut == poset.down[(cut & -cut).bit_length() - 1]

    found: dict[int, None] = {}
    work = [meet_cut(poset, c.a, c.b) for c in competing]
    while work:
        cut = work.pop()
        if cut in found or principal(cut):
            continue
        found[cut] = None
        reach = 0
        for m in poset.maximal(cut):
            if m != poset.bottom:
                reach |= poset.up[m]
        for x in bits(reach):
            work.append(cut & poset.down[x])
        for other in list(found):
            work.append(cut & other)
    cuts = []
    for cut in found:
        generators = _by_label(poset, poset.maximal(cut))
        label = "⋁{" + ", ".join(poset.labels[g] for g in generators) + "}"
        cuts.append(Cut(cut, generators, label))
    cuts.sort(key=lambda c: (c.label, c.down))
    return cuts


def completion(poset: Poset, cuts: list[Cut]) -> Poset:
    """The Dedekind–MacNeille completion as a Poset: the original elements plus `cuts`.

    Order is inclusion of down-sets: an original x lies above a cut C iff x is an upper bound of
    C, below it iff x ∈ C; cuts are ordered among themselves by inclusion.
    """
    if not cuts:
        return poset
    edges = []
    for i in range(poset.size):
        for c in poset.lower_covers(i):
            edges.append((poset.keys[i], poset.keys[c]))
    labels = dict(zip(poset.keys, poset.labels))
    for cut in cuts:
        key = cut.label
        labels[key] = cut.label
        uppers = poset.all
        for m in poset.maximal(cut.down):
            edges.append((key, poset.keys[m]))
            uppers &= poset.up[m]
        for u in poset.minimal(uppers):
            edges.append((poset.keys[u], key))
        for other in cuts:
            if other is not cut and other.down & cut.down == other.down:
                edges.append((key, other.label))
    ranks = dict(zip(poset.keys, poset.ranks)) if poset.ranks else None
    return Poset.from_edges(poset.name, edges, labels, elements=poset.keys, add_bottom=False, ranks=ranks)
