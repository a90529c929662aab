"""Where the packaged rules/ and grammars/ live (shipped as package data, found beside the code)."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    # An editable install or a checkout keeps rules/ and grammars/ at the repository top level;
    # a wheel ships them inside the package under latweave/_data/.
    for candidate in (_PACKAGE.parent / name, _PACKAGE / "_data" / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"latweave cannot find its {name}/ folder beside {_PACKAGE}")


RULES = _find("rules")
GRAMMARS = _find("grammars")
