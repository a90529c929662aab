"""Saved results (`latweave run --save` / `--json`): written without losing a user's file, and
read back, for `explain` and `audit`.

`write_saved` replaces only what is already a saved result or verification (it reads as one):
any other file at that path is the user's and is refused, untouched; the new file is written
beside it and renamed over it, so a reader sees the old file or the new one, never half.

A result file is user input like any other: it may be another JSON document, hand-edited, cut
short or not UTF-8. `read_result` checks its shape — an object whose `status` is answer, verdict
or abstain and whose fields have the types `Result.to_dict` writes, with a proof that is a tree of
nodes `explain` can render — and raises a `SourceError` naming the file and what is wrong, so
nothing downstream meets a list where it expects an object. Whether the proof's steps *follow*
from a lattice is the auditor's question, not this module's.
"""

from __future__ import annotations

import json
from pathlib import Path

from latweave.errors import SourceError
from latweave.textio import json_problem, read_text

STATUSES = ("answer", "verdict", "abstain")
#: A proof tree deeper than this is refused (saved proofs are a few dozen levels deep; rendering
#: walks the tree recursively).
MAX_PROOF_DEPTH = 400

_HINT = "give a file written by `latweave run --save FILE` or `latweave run --json`"
_OPTIONAL = {  # field -> (allowed types, in words)
    "answers": ((list,), "a list of strings"),
    "verdict": ((bool, type(None)), "true, false or null"),
    "reason": ((str, type(None)), "a string or null"),
    "reasons": ((list,), "a list of strings"),
    "witness": ((dict,), "an object"),
    "proof": ((dict,), "an object"),
    "plan": ((str, type(None)), "a string or null"),
    "contested": ((list,), "a list of objects"),
    "page": ((dict,), "an object"),
    "lattice": ((dict,), "an object"),
}
#: a page's fields (`latweave run --limit`): name -> the least whole number it may be
_PAGE = {"offset": 0, "limit": 1, "total": 0, "contested_total": 0}


def _json_of(path: Path | str):
    """The JSON a saved file holds; SourceError (with the line, for bad JSON) otherwise."""
    file = str(path)
    try:
        return json.loads(read_text(path))
    except json.JSONDecodeError as exc:
        raise SourceError(f"not JSON: {exc.msg} (column {exc.colno})", file=file, line=exc.lineno,
                          hint=_HINT) from None
    except (ValueError, RecursionError) as exc:
        raise SourceError(f"not a result: {json_problem(exc)}", file=file, hint=_HINT) from None
    except OSError as exc:   # missing, a folder, unreadable
        raise SourceError(f"cannot read the file ({exc.strerror or exc})", file=file,
                          hint="give the path of a result saved with `latweave run --save FILE`") from None


def write_saved(path: Path | str, text: str) -> None:
    """Write a result's JSON `text` to `path` atomically; SourceError (nothing written) when
    `path` is a folder, a FIFO or device (never read), or a file that is not a saved result or
    verification (latweave/owned_file.py)."""
    from latweave.owned_file import write_owned

    write_owned(path, text, _is_saved, what="a saved result",
                hint="give a new file name (--save replaces only a result it saved before)")


def _stamped(obj: dict) -> list:
    """The results of a saved file that carry a `lattice` stamp: the result itself, or each of a
    verification's assertions' results."""
    if "assertions" in obj:
        return [entry.get("result") if isinstance(entry, dict) else None for entry in obj["assertions"]]
    return [obj]


def with_folder(obj: dict, folder: Path | str) -> dict:
    """A result's or verification's JSON object with the lattice folder it was computed on named
    in its `lattice` stamp ("folder": the absolute path), as `--save` writes it: `latweave audit
    FILE` then finds the lattice without `--lattice` — and checks it by the content hash beside
    it, so a folder that holds another lattice by then fails the audit. Kept out of `--json`,
    which is the same bytes wherever the lattice is."""
    import os

    where = os.path.abspath(folder)
    for result in _stamped(obj):
        if isinstance(result, dict) and isinstance(result.get("lattice"), dict):
            result["lattice"] = {**result["lattice"], "folder": where}
    return obj


def without_folder(stamp: dict | None) -> dict | None:
    """A `lattice` stamp as `--json` prints it: the folder `--save` adds (with_folder) left out."""
    if not isinstance(stamp, dict):
        return stamp
    return {key: value for key, value in stamp.items() if key != "folder"}


def folder_of(obj: dict) -> str | None:
    """The lattice folder a saved result (or verification: its first assertion's) names, if any."""
    for result in _stamped(obj)[:1]:
        stamp = result.get("lattice") if isinstance(result, dict) else None
        folder = stamp.get("folder") if isinstance(stamp, dict) else None
        if isinstance(folder, str) and folder:
            return folder
    return None


def _is_saved(path: Path) -> bool:
    try:
        read_saved(path)
    except SourceError:
        return False
    return True


def read_result(path: Path | str) -> dict:
    """The saved result at `path`, its shape checked (SourceError otherwise)."""
    return check_result(_json_of(path), str(path))


def read_saved(path: Path | str) -> dict:
    """A saved result, or a saved verification (`latweave verify --save`: a claim and its
    assertions, each with a result), its shape checked (SourceError otherwise)."""
    file = str(path)
    obj = _json_of(path)
    if isinstance(obj, dict) and "assertions" in obj and "status" not in obj:
        if not isinstance(obj["assertions"], list) or not isinstance(obj.get("claim"), (str, type(None))):
            raise SourceError("not a saved verification: it needs \"claim\" (text, or null) and \"assertions\" (a list)",
                              file=file, hint="save one with `latweave verify --save FILE`")
        for n, entry in enumerate(obj["assertions"], 1):
            if not isinstance(entry, dict):
                raise SourceError(f"not a saved verification: assertion {n} is no object", file=file)
            check_result(entry.get("result"), f"{file} (assertion {n})")
        return obj
    return check_result(obj, file)


def check_result(obj, file: str = "<result>") -> dict:
    """`obj` when it has the shape of a saved result; SourceError naming what is wrong otherwise."""
    def bad(message: str) -> SourceError:
        return SourceError(f"not a saved result: {message}", file=file, hint=_HINT)

    if not isinstance(obj, dict):
        raise bad(f"the file holds a JSON {_json_type(obj)}, not an object")
    status = obj.get("status")
    if status not in STATUSES:
        raise bad(f"\"status\" is {json.dumps(status)[:60]}, not one of {', '.join(STATUSES)}"
                  if "status" in obj else "it has no \"status\"")
    for name, (types, words) in _OPTIONAL.items():
        if name in obj and (not isinstance(obj[name], types)
                            or (bool not in types and isinstance(obj[name], bool))):
            raise bad(f"\"{name}\" must be {words}, not a JSON {_json_type(obj[name])}")
    for name in ("answers", "reasons"):
        if not all(isinstance(x, str) for x in obj.get(name, ())):
            raise bad(f"\"{name}\" must be a list of strings")
    if not all(isinstance(x, dict) for x in obj.get("contested", ())):
        raise bad("\"contested\" must be a list of objects")
    if status == "verdict" and not isinstance(obj.get("verdict"), bool):
        raise bad("a verdict needs \"verdict\": true or false")
    if status == "abstain" and not isinstance(obj.get("reason"), str):
        raise bad("an abstention needs its \"reason\" (a string)")
    _check_contested(obj.get("contested", []), "\"contested\"", bad, answers=status == "answer")
    if "page" in obj:
        _check_page(obj["page"], status, bad)
    for reason, detail in obj.get("witness", {}).items():
        if isinstance(detail, dict) and "contested" in detail:
            _check_contested(detail["contested"], f"\"witness\".{reason}.contested", bad)
    proof = obj.get("proof") or {}
    trees = proof.get("trees", [proof] if proof else [])
    if not isinstance(trees, list):
        raise bad("\"proof\".\"trees\" must be a list of proof nodes")
    _check_trees(trees, bad)
    return obj


def _check_page(page: dict, status: str, bad) -> None:
    """A page's window and totals are whole numbers (offset, total ≥ 0, limit ≥ 1); only an answer
    set is paged. Whether they are the right ones is the auditor's question."""
    if status != "answer":
        raise bad(f"a {status} has no \"page\" (only an answer set is paged)")
    for name, least in _PAGE.items():
        if name not in page and name == "contested_total":
            continue
        if not (_is_int(page.get(name)) and page[name] >= least):
            raise bad(f"\"page\".\"{name}\" must be a whole number, at least {least}")
    if not isinstance(page.get("more", False), bool):
        raise bad("\"page\".\"more\" must be true or false")


def _check_trees(trees: list, bad) -> None:
    """Every node is what the renderer reads: an axiom (a string, with optional evidence) or a
    step (its premises, a string, and a list of children). Iterative: no recursion on input depth."""
    stack = [(node, f"proof node {i}", 1) for i, node in enumerate(trees)]
    while stack:
        node, where, depth = stack.pop()
        if depth > MAX_PROOF_DEPTH:
            raise bad(f"the proof is nested deeper than {MAX_PROOF_DEPTH} levels")
        if not isinstance(node, dict):
            raise bad(f"{where} is a JSON {_json_type(node)}, not an object")
        if "axiom" in node:
            if not isinstance(node["axiom"], str):
                raise bad(f"{where}: \"axiom\" must be a string")
            _check_evidence(node.get("evidence"), where, bad)
            continue
        if not isinstance(node.get("premises"), str):
            raise bad(f"{where} has neither \"axiom\" nor \"premises\" (a string)")
        if "note" in node and not isinstance(node["note"], (str, type(None))):
            raise bad(f"{where}: \"note\" must be a string")
        children = node.get("children", [])
        if not isinstance(children, list):
            raise bad(f"{where}: \"children\" must be a list")
        stack.extend((child, f"{where}.{i}", depth + 1) for i, child in enumerate(children))


def _check_contested(entries, where: str, bad, answers: bool = False) -> None:
    """Contested answers, items or values as the renderer reads them: objects naming what is
    contested (strings) with lists of stated coordinates (objects with instance, dimension, value
    and optional evidence)."""
    if not isinstance(entries, list):
        raise bad(f"{where} must be a list of objects")
    for i, entry in enumerate(entries):
        here = f"{where}[{i}]"
        if not isinstance(entry, dict):
            raise bad(f"{here} is a JSON {_json_type(entry)}, not an object")
        if answers and not isinstance(entry.get("answer"), str):
            raise bad(f"{here} needs its \"answer\" (a string)")
        if "values" in entry:
            if not (isinstance(entry.get("item"), str) and "dimension" in entry):
                raise bad(f"{here} needs \"item\" (a string) and \"dimension\"")
            sides = [("values", entry["values"])]
        else:
            if not isinstance(entry.get("answer", entry.get("item", "")), str):
                raise bad(f"{here}: \"answer\" / \"item\" must be a string")
            sides = [(k, entry[k]) for k in ("supported_by", "contradicted_by") if entry.get(k)]
        for side, stated in sides:
            if not isinstance(stated, list):
                raise bad(f"{here}.{side} must be a list of objects")
            for j, one in enumerate(stated):
                if not (isinstance(one, dict) and all(k in one for k in ("instance", "dimension", "value"))):
                    raise bad(f"{here}.{side}[{j}] must be an object with instance, dimension and value")
                _check_evidence(one.get("evidence"), f"{here}.{side}[{j}]", bad)


def _check_evidence(evidence, where: str, bad) -> None:
    if evidence and (not isinstance(evidence, dict) or not all(
            isinstance(evidence.get(k), str) for k in ("source_text", "doc")) or not all(
            k in evidence and (evidence[k] is None or _is_int(evidence[k])) for k in ("start", "end"))):
        raise bad(f"{where}: \"evidence\" must be an object with \"doc\" and \"source_text\" "
                  "(strings), \"start\" and \"end\" (integers or null)")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_type(value) -> str:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return {dict: "object", list: "list", str: "string", int: "number", float: "number"}.get(type(value), "value")
