"""How a surface name becomes a key: the one normalisation every lookup goes through.

Keys identify values and instances across dimensions (a chain projects `directed_by` values and
looks them up as instances), so the same normalisation must apply to data, plans and LLM output.
"""

from __future__ import annotations

import re
import unicodedata

#: The root of every dimension.
TOP = "⊤"

_SPACE = re.compile(r"\s+")


def normalize(name: str) -> str:
    """NFC, underscores as spaces, whitespace collapsed, case folded.

    >>> normalize("  Directed_By ")
    'directed by'
    """
    text = unicodedata.normalize("NFC", name).replace("_", " ")
    text = _SPACE.sub(" ", text).strip().casefold()
    return text if text else name
