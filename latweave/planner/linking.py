"""Entity linking for the offline planner: find the lattice instances a question names.

Two tiers, both deterministic.

*Exact* (tried first, on every span): a mention is a span of the question between token
boundaries whose normalised text is an instance's key, an alias, or the key without a trailing
parenthetical ("Seven Sinners (1936 film)" is also found as "Seven Sinners"). Longer mentions win
over the shorter ones inside them.

*Fuzzy* (only on the stretches of the question no exact mention covers, so a fuzzy mention never
swallows an exact one), in five steps, the first that finds anything deciding:

1. folded: the span and the instance's key, alias or key without parenthetical are equal once
   accents are dropped (NFKD, combining marks removed), case is folded and punctuation is ignored
   ("Fedor Freso" → "Fedor Frešo", "Tum, My Pledge Of Love" → "Tum: My Pledge of Love");
2. untitled: the two are equal once honorifics and titles (Dame, Sir, Lord, Prince, Count, …;
   never a name's last word) are dropped as well ("Bertrand, Count Of Toulouse" → "Bertrand of
   Toulouse");
3. subset: the span's words without honorifics appear in order among the instance's, the last
   word being the instance's last word — its last name ("Alexandra Hasluck" → "Dame Alexandra
   Margaret Martin Hasluck"); at least two of those words are not particles ("of", "de", …) and
   the first is not one ("Duke Of Mecklenburg-Schwerin" names nobody); an initial fits a word
   ("R. Whidden Ganong" → "Rendol Whidden Ganong"); the name before a label's comma counts too
   ("Jacques-Victor Henry" → "Jacques-Victor Henry, Prince Royal of Haiti"). Found through an
   inverted index (word → entries), never by a scan of all instances.
4. alike: the two are equal once particles are dropped as well ("Joan De Beauchamp, Countess Of
   Ormond" → "Joan Beauchamp, Countess of Ormond"), or then differ in one word only, spelt one
   letter apart, both of at least five letters with the same first letter ("Elisabeth Of Moravia"
   → "Elizabeth of Moravia", "Henrietta Maria" → "Henriette Maria"; `latweave.lattice.alike`);
   at least two words that name. Found through an index of each name with one word left out.
5. resembles: the builder's own rules (`latweave.lattice.alike.alike`, with its guards) fit the
   span to a name sharing one of its less common words — a qualifier on either side ("Sophie Of
   Pomerania, Duchess Of Pomerania" → "Sophia of Pomerania"), a word the lattice's name leaves out
   ("Duke Siegfried August In Bavaria" → "Duke Siegfried in Bavaria") — one instance at the
   strongest rule that fits. Weaker than the rest, so marked `partial`: the planner holds a plan
   from it to the partial threshold.

A fuzzy span must begin and end with a capital or a digit (so that plain words do not link), or be
one token joined by underscores ("frederica_of_mecklenburg_strelitz" → "frederica_of_mecklenburg-
strelitz": a name as PathQuestion-format sets write them, whatever its case; a lower-case one
by the folded step only, so that "alexandra_hasluck" does not become "dame_alexandra_hasluck"),
and be a whole name: the words next to it are not capitalised (the question's first word aside), so
that "Alexandra Hasluck" in "Margaret Alexandra Hasluck" is not taken for someone.
A surface form that fits two different instances — in any tier — is reported as ambiguous, never
guessed; each Mention records how it was matched (`how`: exact, alias, stripped, fuzzy or partial).

*Partial*: an exact mention that is only a part of a longer capitalised name ("John" in "John
Tufton, 2Nd Baron Hothfield", "Cyprus" in "Helvis Of Cyprus", "Louis I" in "Louis I, Count Of
Nassau-Weilburg": `_whole`) does not cover its stretch, so the fuzzy tier may find the whole name
there; when it finds nothing, the part is kept, marked `partial` — the planner holds a plan from a
part of a name to its own threshold, set on dev.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, replace

from latweave.lattice.alike import TIERS, alike, core as bare_core, one_apart
from latweave.lattice.model import Lattice
from latweave.lattice.names import HONORIFICS, PARTICLES, fold, normalize

_TOKEN = re.compile(r"[\w\-\.]+(?:'(?![sS]\b)\w+)?|'[sS]\b|[^\w\s]", re.UNICODE)
_POSSESSIVE = re.compile(r"['\u2019][sS]")
_PAREN = re.compile(r"\s*\([^()]*\)\s*$")
_EDGE = " ?!.,;:\"'"

#: How a mention was matched, strongest first.
EXACT, ALIAS, STRIPPED, FUZZY, PARTIAL = "exact", "alias", "stripped", "fuzzy", "partial"


@dataclass(frozen=True)
class Mention:
    start: int          # character offsets in the question
    end: int
    surface: str
    instances: tuple[str, ...]   # instance keys it may denote (more than one: ambiguous)
    how: str = EXACT    # exact | alias | stripped | fuzzy | partial


def tokens(text: str) -> list[tuple[int, int]]:
    """Token character spans: words (with inner - and .), possessive 's, punctuation."""
    return [(m.start(), m.end()) for m in _TOKEN.finditer(text)]


def untitled(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words without honorifics; a name's last word always stays."""
    return tuple(w for i, w in enumerate(words) if w not in HONORIFICS or i == len(words) - 1)


#: The fewest letters of a word the alike step lets differ by one letter.
ALIKE_LETTERS = 5
#: The resembles step looks for names through words in at most this many names (a commoner word —
#: "john", "prince" — narrows nothing), and compares the span with at most RESEMBLE_NAMES of them
#: (a span of common words only is no name the step can place: it finds nothing, in bounded time).
RESEMBLE_POSTING = 400
RESEMBLE_NAMES = 2_000
_ORDINAL = re.compile(r"\d+(st|nd|rd|th)?|[ivxlc]+")


def _content(words) -> int:
    """Words that name: no particle, honorific, ordinal or numeral, nor a single-letter initial."""
    return sum(len(w) > 1 and w not in PARTICLES and w not in HONORIFICS and not _ORDINAL.fullmatch(w)
               for w in words)


def _capital(word: str) -> bool:
    return word[:1].isupper()


def _subsequence(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """`short` in order within `long`; a one-letter word of `short` is an initial ("R." fits
    "Rendol")."""
    it = iter(long)
    return all(any(w == x or (len(w) == 1 and x.startswith(w)) for x in it) for w in short)


class EntityLinker:
    def __init__(self, lattice: Lattice, max_tokens: int = 12):
        self.max_tokens = max_tokens
        index: dict[str, set[str]] = defaultdict(set)
        stripped_only: dict[str, set[str]] = defaultdict(set)
        folded: dict[tuple, set[str]] = defaultdict(set)
        folded_stripped: dict[tuple, set[str]] = defaultdict(set)
        titleless: dict[tuple, set[str]] = defaultdict(set)
        entries: list[tuple[tuple[str, ...], str]] = []      # (untitled words, instance key)
        cores: dict[tuple, set[str]] = defaultdict(set)      # words without titles, particles
        gapped: dict[tuple, set[tuple[str, str]]] = defaultdict(set)   # core with a word left out
        self.names_of: dict[str, tuple[str, ...]] = {}
        for key, inst in lattice.instances.items():
            names = self.names_of[key] = (inst.label, *inst.aliases)
            for surface in (key, *(normalize(a) for a in inst.aliases)):
                index[surface].add(key)
                stripped = normalize(_PAREN.sub("", surface))
                if stripped and stripped != surface:
                    stripped_only[stripped].add(key)
            for name in names:
                words = fold(name)
                if words:
                    folded[words].add(key)
                bare = fold(_PAREN.sub("", name))
                if bare and bare != words:
                    folded_stripped[bare].add(key)
                core = untitled(bare or words)
                if _content(core) >= 2:
                    titleless[core].add(key)
                    entries.append((core, key))
                plain = bare_core(bare or words)
                if _content(plain) >= 2:
                    cores[plain].add(key)
                    for i, w in enumerate(plain):
                        if len(w) >= ALIKE_LETTERS:
                            gapped[(i, plain[:i] + plain[i + 1:])].add((w, key))
                # "Jacques-Victor Henry, Prince Royal of Haiti": the name before the comma, for
                # the subset step only
                head = untitled(fold(name.split(",")[0])) if "," in name else ()
                if _content(head) >= 2 and head != core:
                    entries.append((head, key))
        # A surface that is exactly some instance's own key (or alias) denotes that instance only;
        # a key without its parenthetical ("Seven Sinners" for "Seven Sinners (1936 film)") is a
        # weaker form: it names every instance it strips from (ambiguous when more than one).
        self.index = {s: ({s} if s in lattice.instances else keys) for s, keys in index.items()}
        self.keys = frozenset(lattice.instances)
        self.stripped = {s: keys for s, keys in stripped_only.items() if s not in self.index}
        self.folded = dict(folded)
        self.folded_stripped = {s: keys for s, keys in folded_stripped.items() if s not in self.folded}
        self.titleless = dict(titleless)
        self.cores = dict(cores)
        self.gapped = dict(gapped)
        # Inverted index for the subset step: word → entries holding it; last word → entries.
        self.entries = entries
        self.by_word: dict[str, set[int]] = defaultdict(set)
        self.by_last: dict[str, set[int]] = defaultdict(set)
        for n, (core, _) in enumerate(entries):
            for w in set(core):
                self.by_word[w].add(n)
            self.by_last[core[-1]].add(n)

    @staticmethod
    def _forms(raw: str) -> list[tuple[str, bool]]:
        """(form, whether a parenthetical was dropped): the span as written, without edge
        punctuation, then each without a trailing parenthetical disambiguator."""
        forms: list[tuple[str, bool]] = []
        for text in (raw.strip(), raw.strip(_EDGE)):
            if text and all(text != f for f, _ in forms):
                forms.append((text, False))
        for text, _ in list(forms):
            bare = _PAREN.sub("", text).strip(_EDGE)
            if bare and all(bare != f for f, _ in forms):
                forms.append((bare, True))
        return forms

    def _lookup(self, raw: str) -> tuple[str, tuple[str, ...], str] | None:
        """(surface, instance keys, how) a span names exactly, or None.

        Tried in order: the span as written (a title may end in "?", "!" or "."), the span without
        edge punctuation, then each of those without a trailing parenthetical disambiguator
        ("Two Tickets To Paradise (Film)" → "Two Tickets to Paradise"), then the key-without-
        parenthetical forms. Case never matters (keys are case folded). A form reached only by
        dropping a parenthetical must be written with a capital or a digit, so that a plain word
        ("later") does not link to a title ("Later (song)")."""
        forms = self._forms(raw)
        for text, dropped in forms:
            norm = normalize(text)
            keys = self.index.get(norm)
            if keys:
                how = STRIPPED if dropped else (EXACT if norm in self.keys else ALIAS)
                return text, tuple(sorted(keys)), how
        for text, _ in forms:
            keys = self.stripped.get(normalize(text))
            if keys and any(ch.isupper() or ch.isdigit() for ch in text):
                return text, tuple(sorted(keys)), STRIPPED
        return None

    def _fuzzy(self, raw: str) -> tuple[str, tuple[str, ...], str] | None:
        """(surface, instance keys, how) a span names by the fuzzy tier, or None (see the module)."""
        forms = [text for text, _ in self._forms(raw)]
        if not forms:
            return None
        hit = self._fuzzier(forms)
        if hit is not None:
            return (*hit, FUZZY)
        if not self._named(forms[-1]):
            return None
        hit = self._resembles(forms[-1])
        return (*hit, PARTIAL) if hit is not None else None

    @staticmethod
    def _named(bare: str) -> bool:
        """Capitalised at both ends, two words that name, the first no particle."""
        words_of = bare.split()
        if not words_of or not all(w[0].isupper() or w[0].isdigit() for w in (words_of[0], words_of[-1])):
            return False
        core = untitled(fold(bare))
        return _content(core) >= 2 and core[0] not in PARTICLES

    def _resembles(self, bare: str) -> tuple[str, tuple[str, ...]] | None:
        """5. resembles: `alike` against the names sharing a less common word of the span."""
        words = sorted({w for w in untitled(fold(bare)) if len(w) > 1 and w not in PARTICLES})
        postings = [self.by_word.get(w, ()) for w in words]
        keys = sorted({self.entries[n][1] for got in postings if len(got) <= RESEMBLE_POSTING for n in got})
        if len(keys) > RESEMBLE_NAMES:
            return None
        best, found = len(TIERS), set()
        for key in keys:
            for name in self.names_of[key]:
                tier = alike(bare, name)
                if tier is None:
                    continue
                rank = TIERS.index(tier)
                if rank < best:
                    best, found = rank, set()
                if rank == best:
                    found.add(key)
        return (bare, tuple(sorted(found))) if found else None

    def _fuzzier(self, forms: list[str]) -> tuple[str, tuple[str, ...]] | None:
        """Steps 1 to 4 of the fuzzy tier, on the span's `_forms`."""
        bare = forms[-1]
        words_of = bare.split()
        joined = len(words_of) == 1 and "_" in bare.strip("_")   # one token joined by "_": a name as written
        if not words_of or not (joined or all(w[0].isupper() or w[0].isdigit() for w in (words_of[0], words_of[-1]))):
            return None
        for text in forms:                                    # 1. folded
            keys = self.folded.get(fold(text))
            if keys:
                return text, tuple(sorted(keys))
        for text in forms:
            keys = self.folded_stripped.get(fold(text))
            if keys:
                return text, tuple(sorted(keys))
        folded = fold(bare)
        core = untitled(folded)
        if _content(core) < 2 or core[0] in PARTICLES:   # a name starts with a name, not "of"
            return None
        if joined and not bare[:1].isupper():
            return None   # a lower-case joined token: the folded step only (its words all said, in order)
        keys = self.titleless.get(core)                       # 2. untitled
        if keys:
            return bare, tuple(sorted(keys))
        ids = self.by_last.get(core[-1], set())                # 3. subset
        postings = sorted((self.by_word.get(w, set()) for w in set(core[:-1]) if len(w) > 1), key=len)
        found = set()
        if ids and not (postings and not postings[0]):
            for n in ids.intersection(*postings) if postings else ids:
                entry, key = self.entries[n]
                if len(entry) >= len(core) and _subsequence(core, entry):
                    found.add(key)
        if found:
            return bare, tuple(sorted(found))
        return self._alike(bare, folded)

    def _alike(self, bare: str, folded: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
        """4. alike: equal without particles, or then one word spelt one letter apart (`folded`:
        the span's words, folded)."""
        plain = bare_core(folded)
        if _content(plain) < 2:
            return None
        keys = self.cores.get(plain)
        if keys:
            return bare, tuple(sorted(keys))
        found = set()
        for i, w in enumerate(plain):
            if len(w) >= ALIKE_LETTERS:
                found |= {key for x, key in self.gapped.get((i, plain[:i] + plain[i + 1:]), ())
                          if x[0] == w[0] and one_apart(x, w)}
        return (bare, tuple(sorted(found))) if found else None

    def mentions(self, question: str) -> list[Mention]:
        """Maximal mentions, left to right; nested shorter matches are dropped. Exact mentions
        first; fuzzy ones only in the stretches no exact mention covers."""
        spans = tokens(question)
        found: list[Mention] = []
        for i in range(len(spans)):
            for j in range(min(len(spans), i + self.max_tokens) - 1, i - 1, -1):
                start, end = spans[i][0], spans[j][1]
                hit = self._lookup(question[start:end])
                if hit is None:
                    continue
                surface, keys, how = hit
                found.append(Mention(start, end, surface, keys, how))
                break
        words = [question[s:e] for s, e in spans]
        at = {s: n for n, (s, _) in enumerate(spans)}
        to = {e: n for n, (_, e) in enumerate(spans)}
        maximal = self._maximal(found)
        exact = [m for m in maximal if self._whole(words, at[m.start], to[m.end])]
        partial = [replace(m, how=PARTIAL) for m in maximal if m not in exact]
        covered = [any(m.start < e and s < m.end for m in exact) for s, e in spans]
        fuzzy: list[Mention] = []
        for i in range(len(spans)):
            if covered[i]:
                continue
            last = i
            while last + 1 < min(len(spans), i + self.max_tokens) and not covered[last + 1]:
                last += 1
            if i > 1 and _capital(words[i - 1]):
                continue   # the name goes on to the left: a part of it names nobody
            for j in range(last, i - 1, -1):
                if not self._ends(words, j):
                    continue
                if _POSSESSIVE.fullmatch(words[j]):
                    continue   # a name ends before its possessive ("Stafford's" is no "Stafford")
                start, end = spans[i][0], spans[j][1]
                hit = self._fuzzy(question[start:end])
                if hit is None:
                    continue
                surface, keys, how = hit
                fuzzy.append(Mention(start, end, surface, keys, how))
                break
        fuzzy = self._maximal(fuzzy)
        partial = [p for p in partial if not any(f.start < p.end and p.start < f.end for f in fuzzy)]
        return sorted(exact + fuzzy + partial, key=lambda m: m.start)

    @staticmethod
    def _whole(words: list[str], first: int, last: int) -> bool:
        """Do tokens first..last make a whole name, not a part of a longer capitalised one ("John"
        in "John Tufton, 2Nd Baron Hothfield", "Cyprus" in "Helvis Of Cyprus")? Not when the word
        before is capitalised (the question's first word aside), nor the word after, nor when a
        comma and a title follow ("Louis I, Count Of Nassau-Weilburg")."""
        if first > 1 and _capital(words[first - 1]):
            return False
        return EntityLinker._ends(words, last)

    @staticmethod
    def _ends(words: list[str], last: int) -> bool:
        """Does a name end at token `last`: no capitalised word after it, nor a comma and a title?"""
        if last + 1 < len(words) and _capital(words[last + 1]):
            return False
        title = fold(words[last + 2]) if last + 2 < len(words) and words[last + 1] == "," else ()
        return not (title and title[0] in HONORIFICS)

    @staticmethod
    def _maximal(found: list[Mention]) -> list[Mention]:
        found = sorted(found, key=lambda m: (m.start, -(m.end - m.start)))
        maximal: list[Mention] = []
        for m in found:
            if any(o.start <= m.start and m.end <= o.end and o != m for o in found):
                continue
            if maximal and m.start < maximal[-1].end:
                continue
            maximal.append(m)
        return maximal
