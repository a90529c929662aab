"""A document → its subject and its sentences, each sentence with whom it is about.

Subject tracking, the extractor's defence against attributing a relative's facts to the subject:

* the document's **subject** is its first line when that line is a title (no sentence ending but an
  abbreviation's ("George Nicholls Jr."), at
  most twelve words, followed by a line break: a 2Wiki paragraph's title, "Thomas Carr
  (director)"), else the name its lead sentence opens with ("Adaeze Okafor is …");
* the **lead sentence** is about the subject (Wikipedia's convention: "Victor David Sjöström (…)
  was …" under "Victor Sjöström", "Vishal Devgan (…), known as Ajay Devgn, is …" under "Ajay
  Devgn"); rules of scope "lead" (the life span in its parenthesis) read it alone;
* a later sentence is about the subject when it opens — after at most two leading phrases
  ("In 1979, …", "On 16 November 1601, at St Martin, …") — with "He", "She", "It", "The film",
  or words of the subject's own name followed by a verb ("Sjöström worked …", "Henry married …",
  never "Henry II, Duke of …": a capitalised word after it is another name);
* a sentence opening "Born in …, " ("Founded in …") is about the subject when its clause names
  it or opens with "his"/"her" ("Born in Liverpool, Lennon became …"), read from its start;
* a sentence opening "His / Her / Its / Their …" or "<subject>'s …" is *possessive*: rules of
  that scope read it from the noun on ("father was …"), and no subject rule reads it — so "His
  father was previously married to X" gives the subject no spouse;
* in a work's document (a lead "… is a 2010 American comedy film", or a title "Grown Ups (film)")
  He / She / His / Her are the plot's people or the makers, never the work: only It / Its / "The
  film" refer to it;
* every other sentence is about someone else and no rule reads it (the report counts them).

A sentence ends at a period before a capital, but not after an initial or an abbreviation, not
inside a parenthesis that closes soon after ("Ghutan (transl. Suffocation) is …"), and not after
dots alone ("... And God Created Them"); a later sentence's subject may carry a title ("Lord
Annesley was …"), and a leading phrase may end without a comma before a pronoun ("From 1988 to
2008 she was …").

Offsets are into the document's text, so every fact cites its sentence verbatim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


_ABBREV = frozenset("c ca st dr mr mrs ms jr sr lt gen col capt rev no vs mt ft co inc ltd sgt prof fr hon "
                    "u.s u.k b d fl approx est op vol lit transl trans".split())
_END = re.compile(r"[.!?][\"”’)\]]*\s+(?=[\"“(\[]?[A-Z0-9À-Þ])")
_CLOSES = re.compile(r"[^()]{0,80}\)")    # a parenthesis that closes soon after a cut (an unclosed one does not count)
_TITLE_LINE = re.compile(r"[^\n]{1,200}\n")
_LEAD_REF = re.compile(r"\s*(?P<ref>[^\n]{1,150}?)(?=\s*\(|,\s|\s+(?:is|was|are|were|has|had|refers?|may)\b)")
_LEADING = (r"(?:(?:In|On|By|From|After|Before|At|During|Later|Then|Thereafter|Subsequently|Eventually|Through|"
            r"Following|Upon|Until|Since|Throughout|Shortly|Soon|Very|Privately|Together)\b"
            r"(?:[^,.;]{0,60},\s+(?:[^,.;]{1,60},\s+)?|[^,.;]{0,40}?\s+(?=(?:he|she|it)\s+[a-z])))?")
_PRONOUN = (r"(?:He|She|It|he|she|it|The film|the film|The movie|the movie|This film|this film|The album|the album|"
            r"The magazine|the magazine|The museum|the museum|The company|the company|The lake|the lake)")
#: A title before the subject's name words ("Lord Annesley was …", "Lady Elizabeth was …").
_HONORIFIC = (r"(?:(?:Lord|Lady|Sir|Dame|Prince|Princess|King|Queen|Count|Countess|Duke|Duchess|Emperor|Empress|"
              r"Sheikh|Sheikha|Dr\.|Mr\.|Mrs\.|Ms\.|Miss)\s+)?")
_POSSESSIVE = r"(?:His|Her|Its|Their|his|her|its|their)"
#: A title that says its subject is a work: "Grown Ups (film)", "Numb (Rihanna song)".
_WORK_TITLE = re.compile(r"\((?:[^()]*\s)?(?:film|movie|song|album|single|novel|play|opera|musical|series|"
                         r"episode|video game|book)\)\s*$")
_WORK_POSSESSIVE = r"(?:Its|Their|its|their)"
#: A lead that says its subject is a work ("… is a 2010 American comedy film"): a later "He" or
#: "His wife …" there is a character or a maker, never the film.
_WORK_LEAD = re.compile(
    r"\b(?:is|was)\s+(?:an?|the)\s+(?:(?!(?:for|of|in|by|with|from|and|who|known|whose)\b)[\w'’\"“”-]+\s+){0,8}?"
    r"(?:film|movie|documentary|novel|song|single|album|sitcom|opera|musical|episode|video game)\b"
    r"(?![- ]+(?:director|producer|actor|actress|editor|critic|maker|composer|writer|score|studio|company|"
    r"distributor|festival|historian|scholar|star|singer|songwriter|executive))")
_BORN_OPENING = re.compile(r"(?:(?:Born|Founded|Established)\s+(?:in|on)|(?:Through|By|After|Following|Upon|Since)\s+(?:his|her)\s+marriage)\b")
_PAREN = re.compile(r"\s*\([^()]*\)\s*$")
_WORDS = re.compile(r"[^\W\d_][\w'’.\-]*")
_SKIP_WORDS = frozenset("the of and a an de von van da di le la du film in on at for with".split())


@dataclass(frozen=True)
class Sentence:
    """One sentence: [start, end) in the document, and whom it is about.

    `about` is "subject", "possessive" or "other"; `rest` is where rules start reading (the
    offset just after the reference to the subject), for the first two."""

    start: int
    end: int
    about: str
    rest: int
    lead: bool = False   # the document's first sentence (rules of scope "lead" read it alone)


@dataclass(frozen=True)
class Reading:
    """A document read: its subject, the sentences of its body, the names that refer to it."""

    subject: str | None
    sentences: tuple[Sentence, ...]
    names: tuple[str, ...]        # the subject's name words (what a later sentence may open with)


def strip_parenthetical(name: str) -> str:
    """"Thomas Carr (director)" → "Thomas Carr"."""
    return _PAREN.sub("", name).strip()


def split_sentences(text: str, start: int = 0) -> list[tuple[int, int]]:
    """[start, end) of each sentence of text[start:] (abbreviations and initials are no ends)."""
    spans = []
    at = start
    while at < len(text) and text[at].isspace():
        at += 1
    for m in _END.finditer(text, at):
        cut = m.start()
        word = re.search(r"([\w.]+)$", text[at:cut])
        token = word.group(1).lower() if word else ""
        if len(token) == 1 or token in _ABBREV or re.fullmatch(r"(?:\w\.)+\w?", token):
            continue   # an initial ("N. N. Pisharody"), an abbreviation ("c. 1583")
        if (text.count("(", at, cut) > text.count(")", at, cut) and _CLOSES.match(text, cut)) \
                or not re.search(r"\w", text[at:cut]):
            continue   # inside a parenthesis ("Ghutan (transl. Suffocation) is …"), or dots alone ("... And God")
        end = m.end() - len(m.group()) + len(m.group().rstrip())
        spans.append((at, end))
        at = m.end()
    tail = text[at:].rstrip()
    if tail.strip():
        spans.append((at, at + len(tail)))
    return spans


def _name_words(*names: str) -> tuple[str, ...]:
    words: list[str] = []
    for name in names:
        for w in _WORDS.findall(strip_parenthetical(name).split(",")[0]):
            w = w.rstrip(".")
            if len(w) >= 3 and w.lower() not in _SKIP_WORDS and w[0].isupper() and w not in words:
                words.append(w)
    return tuple(words)


def _squeezed(name: str) -> str:
    """Letters and digits only, case folded: "Mr. Fix- It" and "Mr. Fix-It" read alike."""
    return re.sub(r"[\W_]+", "", name.casefold())


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] == " ":
        at += 1
    return at


def read_document(text: str) -> Reading:
    """The document's subject and its sentences, each marked with whom it is about."""
    title = None
    body = 0
    first = _TITLE_LINE.match(text)
    if first is not None:
        line = first.group().strip()
        last = line.rsplit(" ", 1)[-1].rstrip(".").lower()
        if line and len(line.split()) <= 12 and (not line.endswith(".") or last in _ABBREV or len(last) == 1):
            title, body = line, first.end()
    spans = split_sentences(text, body)
    if not spans:
        return Reading(title, (), ())
    lead_start, lead_end = spans[0]
    lead = _LEAD_REF.match(text, lead_start, lead_end)
    ref = lead.group("ref").strip() if lead else ""
    subject = title if title is not None else (ref or None)
    if subject is None:
        return Reading(None, tuple(Sentence(s, e, "other", s) for s, e in spans), ())
    names = _name_words(subject, ref)
    # under a title the lead sentence is the title's (Wikipedia's convention, whatever name it
    # opens with: "Vishal Devgan (born …), known professionally as Ajay Devgn"); without one, its
    # opening name is the subject
    lead_about = lead is not None or title is not None
    name_alt = "|".join(re.escape(w) for w in sorted(names, key=lambda w: (-len(w), w)))
    work = ((lead is not None and _WORK_LEAD.search(text, lead.end(), lead_end) is not None)
            or (title is not None and _WORK_TITLE.search(title) is not None))
    pronoun = _PRONOUN.replace("He|She|It|he|she|it", "It|it") if work else _PRONOUN
    possessive = _WORK_POSSESSIVE if work else _POSSESSIVE
    opener = (rf"(?:{pronoun}|{_HONORIFIC}(?:{name_alt})(?:\s+(?:{name_alt}))*)" if name_alt else pronoun)
    about_re = re.compile(rf"{_LEADING}{opener}(?=\s*,|\s*\(|\s+[a-z])")
    owner = (rf"(?:{possessive}|(?:The film|The movie|{name_alt})(?:'s|’s))" if name_alt else
             rf"(?:{possessive}|(?:The film|The movie)(?:'s|’s))")
    possessive_re = re.compile(rf"{_LEADING}{owner}\s+")
    sentences = []
    for i, (s, e) in enumerate(spans):
        if i == 0:
            sentences.append(Sentence(s, e, "subject" if lead_about else "other", lead.end() if lead is not None else s,
                                      lead=True))
            continue
        m = possessive_re.match(text, s, e)
        if m is not None:
            sentences.append(Sentence(s, e, "possessive", _skip_space(text, m.end())))
            continue
        if _BORN_OPENING.match(text, s, e) and (about_re.search(text[s:e]) or possessive_re.search(text[s:e])):
            # "Born in Liverpool, Lennon …", "Born in Preston, his family …", "Founded in 1966, the museum …"
            sentences.append(Sentence(s, e, "subject", s))
            continue
        m = about_re.match(text, s, e)
        sentences.append(Sentence(s, e, "subject", _skip_space(text, m.end())) if m is not None
                         else Sentence(s, e, "other", s))
    return Reading(subject, tuple(sentences), names)
