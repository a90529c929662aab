"""What shape a question has, read from its text and its linked mentions alone.

Three shapes, the same for every baseline:

* `choice` — two consecutive mentions are joined by nothing but "or" (and commas): "Which film
  came out first, A or B?", "Was A or B born first?"; or, in a question that is not yes/no, by
  "and": "Who was born first out of A and B?". Its options are the last such pair (an "or" pair
  first); `order` is "min" when the first cue word is one of EARLIER (first, earlier, older,
  ...), "max" when it is one of LATER (later, last, younger, recently, ...), None without one;
* `yesno` — otherwise, when it opens with an auxiliary (Is, Are, Was, Were, Do, Does, Did, Has,
  Have, Had, Can, Could, Will, Would) and links at least two different entities: "Do the movies A
  and B originate from the same country?". Its options are the first two mentions;
* `plain` — everything else; its seeds are every instance the mentions link, in mention order.

Mentions come from the planner's `EntityLinker`; a mention that names several instances
(ambiguous) keeps all of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from latweave.planner.linking import EntityLinker

_AUX = re.compile(r"^\W*(is|are|was|were|do|does|did|has|have|had|can|could|will|would)\b", re.IGNORECASE)
_JOIN = re.compile(r"^[\s,]*(or|and)[\s,]*$", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")
EARLIER = frozenset("first earlier earliest older oldest before sooner".split())
LATER = frozenset("later latest last younger youngest recently recent newer newest after".split())


@dataclass(frozen=True)
class Option:
    """One side of a comparison: the text as the question writes it, and what it links to."""

    surface: str
    keys: tuple[str, ...]


@dataclass(frozen=True)
class Form:
    kind: str                              # plain | choice | yesno
    seeds: tuple[str, ...]                 # every linked instance key, in mention order, once
    options: tuple[Option, ...] = ()       # choice / yesno: two
    order: str | None = None               # choice: "min" | "max" | None
    #: the question with every mention cut out (what relation words are matched against)
    rest: str = ""


def analyse(question: str, linker: EntityLinker) -> Form:
    mentions = linker.mentions(question)
    seeds = tuple(dict.fromkeys(k for m in mentions for k in m.instances))
    rest, at = [], 0
    for m in mentions:
        rest.append(question[at:m.start])
        at = m.end
    rest = " ".join(rest + [question[at:]])
    options = [Option(m.surface, tuple(m.instances)) for m in mentions]
    pairs = [(a, b, _JOIN.match(question[a.end:b.start]).group(1).casefold())
             for a, b in zip(mentions, mentions[1:])
             if a.instances != b.instances and _JOIN.match(question[a.end:b.start])]
    either = [(a, b) for a, b, join in pairs if join == "or"]
    if _AUX.match(question) and not either:
        distinct = list({o.keys: o for o in options}.values())
        if len(distinct) >= 2:
            return Form("yesno", seeds, tuple(distinct[:2]), None, rest)
    if pairs:
        a, b = either[-1] if either else pairs[-1][:2]
        return Form("choice", seeds, (Option(a.surface, tuple(a.instances)), Option(b.surface, tuple(b.instances))),
                    _order(rest), rest)
    return Form("plain", seeds, (), None, rest)


def _order(text: str) -> str | None:
    for word in _WORD.findall(text.casefold()):
        if word in EARLIER:
            return "min"
        if word in LATER:
            return "max"
    return None
