"""How a surface name becomes a key: the one normalisation every lookup goes through.

Keys identify values and instances across dimensions (a chain projects `directed_by` values and
looks them up as instances), so the same normalisation must apply to data, plans and LLM output.
`fold` is the looser comparison of two names, never a key: the entity linker's fuzzy tier and the
KB builder's entity resolution both compare names by it.
"""

from __future__ import annotations

import re
import unicodedata

#: The root of every dimension.
TOP = "⊤"


#: Honorifics and titles: the entity linker's untitled and subset steps ignore them (unless a
#: name's last word), and latweave.lattice.alike drops them when it compares two names.
HONORIFICS = frozenset("""
    dame sir lord lady mr mrs ms miss dr prof rev reverend madame mme monsieur don dona
    prince princess king queen emperor empress tsar tsarina czar shah sultan sultana emir caliph
    duke duchess archduke archduchess grand count countess earl baron baroness baronet viscount
    viscountess marquess marquis marchioness margrave margravine landgrave landgravine elector
    electress infante infanta crown hereditary freiherr freifrau graf grafin furst furstin
    herzog herzogin duc duchesse comte comtesse dowager baronet regent
""".split())
#: Particles: they may sit in a name but do not count towards the two words the linker's subset
#: step needs; latweave.lattice.alike drops them.
PARTICLES = frozenset("of the a an and de du des da di do dos das del della von van der den zu "
                      "zur in la le les el al bin ibn bint ben y e".split())


def normalize(name: str) -> str:
    """NFC, underscores as spaces, whitespace collapsed, case folded.

    >>> normalize("  Directed_By ")
    'directed by'
    """
    # (str.split() splits on exactly the characters `\s` matches — str.isspace() — and drops
    # them at both ends: the same as collapsing runs of them and stripping, at a third of the cost)
    text = " ".join(unicodedata.normalize("NFC", name).replace("_", " ").split()).casefold()
    return text if text else name


#: Letters NFKD does not decompose, and the marks dropped inside a word (O'Brien, ʿAbd, Ma'mun).
_FOLD = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe",
                       "ı": "i", "ß": "ss", "'": None, "\u2019": None, "\u2018": None, "`": None,
                       "\u02bf": None, "\u02be": None, "\u02bb": None, "\u02bc": None, "´": None})
_NONWORD = re.compile(r"[\W_]+", re.UNICODE)


def fold(text: str) -> tuple[str, ...]:
    """The words of a name with accents, case and punctuation folded away.

    >>> fold("Ulrich II, Count of Frešo-Łódź")
    ('ulrich', 'ii', 'count', 'of', 'freso', 'lodz')
    """
    text = unicodedata.normalize("NFKD", text.casefold()).translate(_FOLD)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return tuple(w for w in _NONWORD.split(text) if w)


def fold_joined(text: str) -> str:
    """`fold`'s words run together ("U.S." and "US": "us"), for matching spellings that write a
    name's words apart or together. An ASCII text skips the Unicode decomposition (the same
    result: it has no accents to drop), which is most of a knowledge base's values."""
    if text.isascii():
        return _NONWORD.sub("", text.casefold())
    return "".join(fold(text))


#: Characters that draw nothing although Unicode files them as letters or symbols (a Hangul
#: filler, the Braille blank, the Mongolian vowel separator): a name of only these is invisible.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")


def visible(name: str) -> bool:
    """Whether a name has at least one character that shows: not only whitespace, format
    characters (a zero-width space, a direction mark: category Cf), controls, unassigned code
    points or fillers. A name with none would print as nothing, so it names nothing.

    >>> visible("Whale"), visible(" \\u200b\\u200d "), visible("\\u3164")
    (True, False, False)
    """
    if name.isascii():   # (most names: among ASCII characters only ! to ~ show)
        return _ASCII_SHOWN.search(name) is not None
    return any(ch not in _BLANKS and unicodedata.category(ch)[0] not in "CZ" for ch in name)


#: The ASCII characters that show: not a control (Cc), not the space (Zs).
_ASCII_SHOWN = re.compile("[!-~]")


def find_name(text: str, name: str) -> tuple[int, int] | None:
    """The span of the first mention of `name` in `text` (case aside, any run of whitespace
    between its words, whole words only), or None: a `subject` binding's evidence."""
    words = name.split()
    if not words:
        return None
    pattern = re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, words)) + r"(?!\w)", re.IGNORECASE)
    match = pattern.search(text)
    return match.span() if match else None
