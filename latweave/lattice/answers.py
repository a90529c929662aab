"""How an answer text is compared with another: SQuAD's normalisation, plus dates and underscores.

Scoring (`latweave.eval.metrics`) and the offline planner's training (which checks whether a
candidate plan's answers are the gold ones) must agree on when two answers are the same, so the
one normalisation lives here, beside `names.normalize` (which makes lookup keys, not answers).

Lowercase, drop punctuation, drop the articles a/an/the, collapse whitespace — after turning
underscores into spaces (PathQuestion writes `united_kingdom`) and a text that names exactly one
day into its canonical form (2WikiMultihopQA's gold "7 August 1672" and the lattice's date value
1672-08-07 are the same answer; a year alone stays text).
"""

from __future__ import annotations

import re
import string

_PUNCT = set(string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_DAY = re.compile(r"^-?\d{4}-\d{2}-\d{2}$")
_PADDED_YEAR = re.compile(r"^(?=\d{4}$)0+(\d{1,3})$")   # the lattice writes year 922 as "0922"


def _day(text: str) -> str | None:
    """The canonical day (YYYY-MM-DD) a text names, when it names exactly one day, else None:
    "7 August 1672", "August 7, 1672" and the engine's "1672-08-07" are one answer."""
    if not any(ch.isdigit() for ch in text) or len(text) > 40:
        return None
    from latweave.lattice.ordered import parse_ordered

    try:
        canonical = parse_ordered(text.strip(), "date").canonical
    except Exception:  # noqa: BLE001 - not a date: compared as text
        return None
    return canonical if _DAY.match(canonical) else None


def normalize_answer(text: str) -> str:
    """An answer text in the form answers are compared in.

    >>> normalize_answer("The  United_Kingdom!")
    'united kingdom'
    >>> normalize_answer("7 August 1672") == normalize_answer("1672-08-07")
    True
    """
    day = _day(str(text))
    text = (day if day is not None else _PADDED_YEAR.sub(r"\1", str(text).strip())).replace("_", " ").lower()
    text = "".join(ch for ch in text if ch not in _PUNCT)
    text = _ARTICLES.sub(" ", text)
    return " ".join(text.split())
