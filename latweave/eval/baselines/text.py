"""Words for the baselines: one tokeniser for questions, evidence lines and relation names.

Every baseline compares words of the question with words of the lattice (its evidence text, its
relation names), so they all go through `words` here and compare alike:

* case folded, accents kept, split on anything that is not a letter or a digit (underscores too:
  PathQuestion writes `anna_of_x`), camelCase split (`placeOfBirth` → place, of, birth);
* stopwords dropped (question words, articles, auxiliaries, prepositions);
* a plural `s` stripped (`children` stays: no rule for it; `parents` → parent), and the few
  word families whose inflections share no prefix folded onto one word: born → birth, died/dies/
  dead → death. These are English morphology, not synonyms: `husband` never becomes `spouse`.

`relation_words` splits a relation name the same way, after dropping a namespace (`__a__b` and
Freebase's `people.person.place_of_birth` keep their last part as the relation, the rest as
extra words) and the `inverse ` prefix the KB builder gives reversed relations.

`match(a, b)` is the looser comparison relation names get: equal, or one a prefix of the other
with at least four letters in common (`nation` ~ `nationality`, `child` ~ `children`).

>>> words("Where was anna_of_x 's husband born?")
('anna', 'husband', 'birth')
>>> relation_words("inverse place_of_birth"), relation_words("people__person__placeOfBirth")
(('place', 'birth'), ('people', 'person', 'place', 'birth'))
"""

from __future__ import annotations

import re

STOPWORDS = frozenset("""
    a an the of in on at to for from by with as and or but not no nor is are was were be been being
    am do does did doing done has have had having can could will would shall should may might must
    what which who whom whose where when why how that this these those there here it its it's
    his her hers him he she they them their theirs we us our you your i me my mine s
    name named called also than then so too very both either neither each any all some one ones
    same other another between out into onto about over under up down off
""".split())

#: Inflections that share no prefix with the word they inflect (see the module docstring).
FAMILIES = {"born": "birth", "died": "death", "dies": "death", "die": "death", "dead": "death"}

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SPLIT = re.compile(r"[^\w]+|_+", re.UNICODE)
#: Shortest common prefix for `match` to call two different words one.
PREFIX = 4


def stem(word: str) -> str:
    """A lower-case word in the form compared: its family's word, or without a plural `s`."""
    if word in FAMILIES:
        return FAMILIES[word]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _raw(text: str) -> list[str]:
    return [t for t in _SPLIT.split(_CAMEL.sub(" ", str(text)).casefold()) if t]


def words(text: str) -> tuple[str, ...]:
    """The content words of a text, in order, stemmed, stopwords and single letters dropped
    (digits stay: a year is a word)."""
    out = []
    for token in _raw(text):
        if token in STOPWORDS or (len(token) < 2 and not token.isdigit()):
            continue
        out.append(stem(token))
    return tuple(out)


def relation_words(name: str) -> tuple[str, ...]:
    """A relation name's words: namespaces (`__a__b`, dots, slashes), `_`, spaces and camelCase
    all split, the `inverse ` prefix dropped."""
    text = str(name)
    if text.casefold().startswith("inverse "):
        text = text[len("inverse "):]
    return words(re.sub(r"__+|[./]", " ", text))


def match(a: str, b: str) -> bool:
    """Whether two (stemmed) words count as one for relation names: equal, or one a prefix of
    the other of at least PREFIX letters."""
    if a == b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= PREFIX and long.startswith(short)


def matched(question: tuple[str, ...] | frozenset[str], relation: tuple[str, ...]) -> frozenset[str]:
    """The question words that some word of `relation` matches."""
    return frozenset(q for q in question if any(match(q, r) for r in relation))
