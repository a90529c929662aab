"""Whether two names in one question's evidence name one entity, and by how strong a rule.

The 2Wiki builder pools every question's evidence triples; one question's evidence is a chain
("A father E", "S place of birth V") whose link the dataset often spells two ways: "Theoderic the
Great" / "Theodoric the Great", "Sultan Bayezid II" / "Bayezid II", "Henry de Percy, 2nd Baron
Percy" / "Henry Percy", "William E. Bell" / "William Edwin Bell". `alike(e, s)` says which rule
finds the two names one, strongest first, or None:

    spelling    equal once accents, case, punctuation and spaces are folded away
                ("Andre DeToth" / "André de Toth")
    title       equal once titles and particles are dropped ("Emperor Trajan" / "Trajan",
                "Maria of Eicken" / "Maria van Eicken")
    qualifier   one name is the other with a qualifier: after a comma, or "of …"
                ("Henry de Percy, 2nd Baron Percy" / "Henry Percy", "George I of Greece" /
                "George I", "Adolf Frederick of Sweden" / "Adolf Frederick, King of Sweden")
    variant     the same words but one, spelt one letter apart or as its initial
                ("Theoderic" / "Theodoric", "E." / "Edwin")
    contains    written together, one name begins the other ("Abbas Uddin" / "Abbasuddin Ahmed")
    subset      the shorter name's words, in order, inside the longer's, with its first and last
                word ("Sir Paul Hasluck" / "Sir Paul Meernaa Caedwalla Hasluck")

Guards on every rule but `spelling`: two different ordinals or regnal numbers ("Charles III of
Spain" / "Charles I", "John de Mowbray, 2nd Duke" / "…, 3rd Duke") are two people, and so are a
name with "Jr." or "Sr." and one without ("John Smith" / "John Smith Jr."); a one-word
name matches only a whole name of at least RARE letters ("Oswiu" / "Oswiu of Northumbria"),
never a first name inside a longer one. The rules are tried on the names alone; the builder
decides what else must hold (the same document, one candidate at the strongest tier, no
contradiction: latweave/ingest/kb.py); the entity linker's alike step compares a question's name
with the lattice's by `core` and `one_apart`, and its last step, resembles, by `alike` itself
(latweave/planner/linking.py).
"""

from __future__ import annotations

import functools
import re

from latweave.lattice.names import HONORIFICS, PARTICLES, fold

#: Rule names, strongest first.
TIERS = ("spelling", "title", "qualifier", "variant", "contains", "subset")

#: Words dropped as titles when names are compared (a name's only word always stays).
TITLES = HONORIFICS | frozenset("president holy roman saint st pope general maharaja maharani raja rani "
                                "nawab begum pharaoh".split())
#: Words that tell a father from his son: a name with one matches only a name with the same.
GENERATIONS = frozenset({"jr", "sr", "junior", "senior"})
#: The fewest letters a one-word name needs to match.
RARE = 5

_NUMBER = re.compile(r"\d+(st|nd|rd|th)?|x{0,3}(ix|iv|v?i{0,3})")


def _numeral(word: str) -> bool:
    return bool(word) and _NUMBER.fullmatch(word) is not None


@functools.lru_cache(maxsize=1 << 16)
def core(words: tuple[str, ...]) -> tuple[str, ...]:
    """Folded words without titles and particles (all of them when nothing else is left)."""
    kept = tuple(w for w in words if w not in TITLES and w not in PARTICLES)
    return kept or words


def _numbers(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w for w in words[1:] if _numeral(w))


def _forms(name: str, words: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The name's core, and the cores of the name before its comma and before its first "of"
    (`words`: the name folded)."""
    heads = [words]
    if "," in name:
        heads.append(fold(name.split(",")[0]))
    for h in list(heads):
        if "of" in h[1:]:
            heads.append(h[:h.index("of", 1)])
    return {core(h) for h in heads if h}


def _enough(form: tuple[str, ...], whole: bool) -> bool:
    """Does a matched form say enough to name someone? Two words that are not numerals, or one of
    RARE letters that is a whole name."""
    named = [w for w in form if not _numeral(w) and len(w) > 1]
    return len(named) >= 2 or (whole and len(named) == 1 and len(named[0]) >= RARE)


def one_apart(a: str, b: str) -> bool:
    """Spelt one letter apart (a substitution, insertion or deletion), both of RARE letters with
    the same first letter; a plural's or possessive's "s" is not such a letter."""
    if min(len(a), len(b)) < RARE or abs(len(a) - len(b)) > 1 or a[0] != b[0]:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    if long == short + "s":
        return False   # "Williams" is not "William"
    i = next((n for n, (x, y) in enumerate(zip(short, long)) if x != y), len(short))
    return long[i + 1:] == short[i:]   # the one letter left out at the first mismatch: linear, not quadratic


def _variant(x: tuple[str, ...], y: tuple[str, ...]) -> bool:
    if len(x) != len(y) or len(x) < 2:
        return False
    apart = [(a, b) for a, b in zip(x, y) if a != b]
    if len(apart) != 1:
        return False
    a, b = apart[0]
    return one_apart(a, b) or (len(a) == 1 and b.startswith(a)) or (len(b) == 1 and a.startswith(b))


def _in_order(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    it = iter(long)
    return all(any(w == x for x in it) for w in short)


def _contains(x: tuple[str, ...], y: tuple[str, ...]) -> bool:
    """Written together, the shorter begins the longer's first word(s) (at least eight letters)."""
    if len("".join(x)) > len("".join(y)):
        x, y = y, x
    joined = "".join(x)
    return len(joined) >= 8 and len(x) > 1 and any("".join(y[:n]) == joined for n in range(1, len(y)))


def blocking_keys(name: str) -> frozenset[str]:
    """Keys that two names share whenever `alike` fits them, so that a caller compares only names
    sharing one, never every pair: the folded words (every rule but two keeps a word of each), and
    the first three letters of the name written together ("^abd": `spelling` and `contains` may
    share no word, "Abdol-Hossein Farmanfarma" / "Abdol-Hossein Farman Farma", "Abbas Uddin" /
    "Abbasuddin Ahmed", but one joined name begins the other)."""
    words = fold(name)
    joined = "".join(words)
    return frozenset(words) | ({"^" + joined[:3]} if joined else frozenset())


def alike(a: str, b: str) -> str | None:
    """The strongest rule by which names `a` and `b` are one entity's (see the module), or None.

    >>> alike("Andre DeToth", "André de Toth"), alike("Emperor Trajan", "Trajan")
    ('spelling', 'title')
    >>> alike("Henry de Percy, 2nd Baron Percy", "Henry Percy"), alike("George I of Greece", "George I")
    ('qualifier', 'qualifier')
    >>> alike("Theoderic the Great", "Theodoric the Great"), alike("William E. Bell", "William Edwin Bell")
    ('variant', 'variant')
    >>> alike("Abbas Uddin", "Abbasuddin Ahmed"), alike("Sir Paul Hasluck", "Sir Paul Meernaa Caedwalla Hasluck")
    ('contains', 'subset')
    >>> alike("Oswiu", "Oswiu of Northumbria"), alike("Ada", "Ada of Holland")
    ('qualifier', None)
    >>> alike("Charles III of Spain", "Charles I"), alike("John Smith", "John Smith Jr."), alike("John Smith", "John Brown")
    (None, None, None)
    >>> alike("Elisabeth of Bavaria", "Empress Elisabeth of Austria")   # a first name is not enough
    """
    fa, fb = fold(a), fold(b)
    if not fa or not fb:
        return None
    if "".join(fa) == "".join(fb):
        return "spelling" if a != b else None
    na, nb = _numbers(fa), _numbers(fb)
    if (na and nb and na != nb) or GENERATIONS.intersection(fa) != GENERATIONS.intersection(fb):
        return None
    ca, cb = core(fa), core(fb)
    if ca == cb and _enough(ca, True):
        return "title"
    forms_a, forms_b = _forms(a, fa), _forms(b, fb)
    for form in sorted(forms_a & forms_b):
        if _enough(form, form in (ca, cb)):
            return "qualifier"
    if _variant(fa, fb) or any(_variant(x, y) for x in sorted(forms_a) for y in sorted(forms_b)):
        return "variant"
    if _contains(fa, fb):
        return "contains"
    short, long = (ca, cb) if len(ca) <= len(cb) else (cb, ca)
    if (_enough(short, False) and len(short) < len(long) and short[0] == long[0] and short[-1] == long[-1]
            and _in_order(short, long)):
        return "subset"
    return None
