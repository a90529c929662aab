"""What a question asks for, read off its words, and a planner that abstains when its plan's last
hop answers something else ("Where did X's father die?" answered by a date of death).

On a KB lattice every relation a question names is there, and the offline planner's best plan
ends on it; on a lattice extracted from a few paragraphs the asked relation is often missing,
and the best plan that does ground ends on a neighbour (`date of death` for "where … die").
`ASKS` says, per cue, which dimensions a question with that cue may end on; the first cue that
fits the question decides. A plan that ends on another dimension is no answer: the planner
abstains `out_of_scope`. Comparisons (a compare's verdict or extremum) are not checked. The
table is data over question words only; it never reads an answer.

Five more checks, for the same reason: every dimension a plan takes is one the question says
(`SAYS`: a planner fitted on 2Wiki, moved onto another set's questions, otherwise finds *some*
plan that grounds); a relation the question names on its way ("X's father's
birthday", `NEEDS`) is a hop of the plan; a *choice* ("…, A or B?") is answered by a compare, never
by a chain; a yes/no question ("Are both … ?") by a verdict (`same` / `differ`), never by an
extremum or a chain; and a compare's dimension must fit the question's cue (`COMPARES`: "born
first" compares dates of birth, "came out first" publication dates or inceptions, "more
directors" nothing the lattice holds).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Protocol, cast

from latweave.lattice.names import normalize
from latweave.planner.base import PlanOutput, Planner
from latweave.reasons import Reason

#: (cue, the dimensions the last hop may be), first match wins. Cues are case-insensitive.
ASKS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple((re.compile(cue, re.IGNORECASE), frozenset(dims)) for cue, dims in (
    (r"\bplace of birth\b|\bwhere\b.*\bborn\b|\bborn where\b", {"place of birth"}),
    (r"\bplace of death\b|\bwhere\b.*\b(?:die|died|death)\b", {"place of death"}),
    (r"\bplace of burial\b|\bburied\b", {"place of burial"}),
    (r"\bdate of birth\b|\bbirthday\b|\bwhen\b.*\bborn\b", {"date of birth"}),
    (r"\bdate of death\b|\bwhen\b.*\b(?:die|died)\b", {"date of death"}),
    (r"\bnationality\b|\bwhich country\b|\bwhat country\b|\bcountry of citizenship\b", {
        "country of citizenship", "country", "country of origin"}),
    (r"\b(?:study|studied|educated|graduate|graduated)\b", {"educated at"}),
    (r"\baward\b", {"award received"}),
    (r"\bwork at\b|\bemployer\b|\bwork for\b", {"employer"}),
    (r"^who\b.*\b(?:stepchild|stepchildren|stepson|stepdaughter)\b", {"child"}),
    (r"^who\b.*\b(?:stepfather|stepmother|(?:son|daughter|child)-in-law)\b", {"spouse"}),
    (r"^who\b.*\b(?:spouse|husband|wife)\b", {"spouse"}),
    (r"^who\b.*\b(?:father|grandfather)\b", {"father"}),
    (r"^who\b.*\b(?:mother|grandmother)\b", {"mother"}),
    (r"^\s*when\b|\b(?:what|which)\s+year\b", {"date of birth", "date of death", "publication date", "inception"}),
    (r"^\s*who(?:m|se)?\b", {"director", "father", "mother", "spouse", "composer", "producer", "performer", "child",
                            "publisher", "founder", "author", "screenwriter"}),
))
#: (cue, the dimensions a compare may be over), first match wins.
COMPARES: tuple[tuple[re.Pattern, frozenset[str] | None], ...] = tuple(
    (re.compile(cue, re.IGNORECASE), None if dims is None else frozenset(dims)) for cue, dims in (
        (r"\bmore\s+(?:directors|children|members|albums|films|songs|goals|siblings|spouses)\b", ()),
        (r"\b(?:born|older|younger|oldest|youngest|age)\b", {"date of birth"}),
        (r"\b(?:died|die|death)\b", {"date of death"}),
        (r"\b(?:released|came out|come out|published|founded|established|formed|opened|created|launched|built|"
         r"started|recent|newer|earlier)\b", {"publication date", "inception", "date of establishment"}),
        (r"\b(?:nationality|country)\b", {"country of citizenship", "country", "country of origin"}),
    ))
#: (cue, a dimension some hop of the plan must take): the relations a question names on its way
#: ("X's father's birthday" is no birthday of X's own when the father is missing).
NEEDS: tuple[tuple[re.Pattern, str], ...] = tuple((re.compile(cue, re.IGNORECASE), dim) for cue, dim in (
    (r"\bfather\b|\bpaternal\b|\bgrandfather\b|\bfather-in-law\b", "father"),
    (r"\bmother\b|\bmaternal\b|\bgrandmother\b|\bmother-in-law\b", "mother"),
    (r"\bhusband\b|\bwife\b|\bspouse\b|-in-law\b", "spouse"),
    (r"\bdirector\b|\bdirected\b", "director"),
    (r"\bcomposer\b", "composer"),
    (r"\bperformer\b", "performer"),
    (r"\bproducer\b", "producer"),
))
#: dimension → the words that say it: every dimension a plan takes (a hop, a compare's) must be
#: said by the question, or the plan answers a question nobody asked (a planner fitted on one set,
#: moved onto another set's questions, finds *some* plan that grounds).
SAYS: dict[str, re.Pattern] = {dim: re.compile(cue, re.IGNORECASE) for dim, cue in {
    "director": r"\bdirect(?:or|ors|ed|ing)\b",
    "date of birth": r"\b(?:born|birth|birthday|older|younger|oldest|youngest|age|lived|longer)\b",
    "date of death": r"\b(?:died|die|dies|death|lived|longer)\b",
    "place of birth": r"\b(?:born|birth|birthplace|hometown)\b",
    "place of death": r"\b(?:died|die|dies|death)\b",
    "publication date": r"\b(?:released?|came|come|published|publication|recent|recently|earlier|first|"
                        r"later|newer|older|year|when)\b",
    "inception": r"\b(?:found|founded|established|formed|created|inception|opened|started|launched|earlier|"
                 r"first|later|older|newer|year|when)\b",
    "country of citizenship": r"\b(?:nationality|nationalities|country|countries|citizen|citizenship|from)\b",
    "country of origin": r"\b(?:nationality|country|countries|from|origin)\b",
    "country": r"\b(?:country|countries|located|from|nation)\b",
    "father": r"\b(?:father|paternal|grandfather|grandparent|dad|parent|parents|in-law)\b|-in-law\b",
    "mother": r"\b(?:mother|maternal|grandmother|grandparent|mom|parent|parents)\b|-in-law\b",
    "spouse": r"\b(?:spouse|husband|wife|married|partner|step\w*)\b|-in-law\b",
    "composer": r"\b(?:composer|composed|music)\b",
    "producer": r"\b(?:producer|produced)\b",
    "performer": r"\b(?:performer|performers|performed|performs|performing|singer|sang|sung)\b",
}.items()}
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_COMPARED = re.compile(r"(?:argmin|argmax|same|differ)\(\s*([\w]+)")
_HOP = re.compile(r"->\s*([\w]+)")
_COUNT = re.compile(r"^\s*how\s+(?:many|much|long|old|far|big|large|tall|high)\b", re.IGNORECASE)
_LIFESPAN = re.compile(r"\blived longer\b|\blive longer\b", re.IGNORECASE)
_LAST_HOP = re.compile(r"->\s*([^\s;)]+)\s*$")
_COMPARE = re.compile(r"^(argmin|argmax|same|differ)\(\s*([^,\s]+)")
_CHOICE = re.compile(r"\S\s+or\s+\S[^?]*\?\s*$")
_RELATIVE = re.compile(r"^\W*\w+\b.*?\b(?:who|whose|whom|that|which)\b", re.IGNORECASE)
_SAME = re.compile(r"\b(?:same|both)\b", re.IGNORECASE)
_DIFFERENT = re.compile(r"\b(?:differ|different|differs)\b", re.IGNORECASE)
_YES_NO = re.compile(r"^\s*(?:are|is|was|were|do|does|did)\b", re.IGNORECASE)


def asked(question: str) -> frozenset[str] | None:
    """The dimensions the question's answer may come from, or None when no cue says."""
    for cue, dims in ASKS:
        if cue.search(question):
            return dims
    return None


def compared(question: str) -> frozenset[str] | None:
    """The dimensions a compare answering the question may be over, or None when no cue says."""
    for cue, dims in COMPARES:
        if cue.search(question):
            return dims
    return None


def _without_names(question: str, plan_text: str) -> str:
    """The question without the names the plan quotes: a cue inside a title ("Happy Mother's Day",
    "What's Your Husband Doing?") says nothing of what is asked."""
    out = question
    for name in sorted(set(_QUOTED.findall(plan_text)), key=len, reverse=True):
        at = out.casefold().find(name.casefold())
        if at >= 0 and len(name) > 2:
            out = out[:at] + " " + out[at + len(name):]
    return out


def typed(question: str) -> bool:
    """Does a cue say what the answer is — a relation asked (`ASKS`), or the measure of a choice or
    a yes/no question (`COMPARES`)? A question with a relative clause after its first word ("Where
    was one of the runners born who …", "a singer born in which year") is not: its cue may be
    about someone the clause describes, not the name the plan starts from."""
    if _COUNT.match(question):
        return False
    if _CHOICE.search(question) or _YES_NO.match(question):
        return bool(compared(question))
    return asked(question) is not None and not _RELATIVE.search(question)


def misfit(question: str, plan_text: str) -> str | None:
    """Why the plan does not answer what the question asks (None when nothing says it does not)."""
    text = plan_text.strip()
    if _COUNT.match(question):
        return "a count or a measure: no plan of these dimensions answers it"
    choice = _CHOICE.search(question) is not None
    yes_no = _YES_NO.match(question) is not None and not choice   # "Was A or B born first?" is a choice
    question = _without_names(question, text)
    hops = {normalize(h) for h in _HOP.findall(text)}
    taken = hops | {normalize(d) for d in _COMPARED.findall(text)}
    for dim in sorted(taken):
        says = SAYS.get(dim)
        if says is not None and not says.search(question):
            return f"the plan takes {dim!r}, which the question does not say"
    for cue, dim in NEEDS:
        if cue.search(question) and dim not in hops and not (dim == "spouse" and "inverse spouse" in hops):
            return f"the question names {dim!r}, the plan takes no {dim!r} hop"
    last_line = text.splitlines()[-1] if text else ""
    compare = _COMPARE.match(last_line)
    if compare is None:
        if yes_no:
            return "a yes/no question is answered by a verdict, not a chain"
        if choice:
            return "a choice between two is answered by a compare, not a chain"
        m = _LAST_HOP.search(text)
        dims = asked(question)
        if m is None or dims is None:
            return None
        last = normalize(m.group(1))
        if last.startswith("inverse ") or last in dims:
            return None
        return f"asks {sorted(dims)}, the plan ends on {last!r}"
    kind, dim = compare.group(1), normalize(compare.group(2))
    if yes_no and kind in ("argmin", "argmax"):
        return "a yes/no question is answered by a verdict, not an extremum"
    if not yes_no and kind in ("same", "differ"):
        return "a verdict answers a yes/no question only"
    if kind == "differ" and _SAME.search(question) and not _DIFFERENT.search(question):
        return "asks whether the two are the same: `same` answers it, not `differ`"
    if kind == "same" and _DIFFERENT.search(question) and not _SAME.search(question):
        return "asks whether the two differ: `differ` answers it, not `same`"
    if _LIFESPAN.search(question):
        return None if re.search(r"date_of_death\s*-\s*date_of_birth", last_line) else \
            "who lived longer is a compare of date of death - date of birth"
    dims = compared(question)
    if dims is not None and dim not in dims:
        return f"compares {dim!r}, the question asks about {sorted(dims) or 'nothing the lattice holds'}"
    return None


class _Admitting(Protocol):
    """A planner that filters its own candidates by a check it is handed (the offline one)."""

    def plan(self, question: str, qid: str = "",
             admit: Callable[[str, str], str | None] | None = None) -> PlanOutput: ...


@dataclass
class AnswerTypeChecked(Planner):
    """A planner whose plans must answer what the question asks (`misfit`), else it abstains.

    A planner that can filter its own candidates (`admits_plans`: the offline one) is handed `misfit`
    first — for a question whose answer type a cue says (`typed`) — so the best plan that fits
    competes with the other fitting plans only, not with a better-scored plan of another answer
    type that would be refused afterwards ("What is the date of birth of X's husband?" is not lost
    to spouse → date of death). Its margin still answers to the planner's threshold. A question no
    cue types ("The birthplace of X is a port city of what bay?") is not filtered: there a plan
    that merely fits is a guess."""

    planner: Planner
    name: str = "offline+answer-type"

    def plan(self, question: str, qid: str = "") -> PlanOutput:
        from latweave.plan.printer import to_text

        if getattr(self.planner, "admits_plans", False):   # (the check handed over per call: no state kept)
            out = cast(_Admitting, self.planner).plan(question, qid, admit=misfit if typed(question) else None)
        else:
            out = self.planner.plan(question, qid)
        if out.plan is None:
            return out
        why = misfit(question, to_text(out.plan))
        if why is None:
            return out
        return PlanOutput(None, Reason.OUT_OF_SCOPE, out.score, {**out.trace, "answer_type": why})
