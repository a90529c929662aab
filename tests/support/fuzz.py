"""Fuzz targets and hypothesis strategies for bad input (issue 10): shared by tests/test_fuzz.py
(a few seconds) and bench/fuzz.py (minutes, counting cases and crashes).

A target takes one generated input and feeds it to latweave the way a user would. The contract
under test: every input either works or raises a `LatweaveError` (on the CLI: exits 0, 2 or 3 —
audit also 5) — never any other exception. `Crash` carries the input that broke the contract.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import tempfile
import traceback
from pathlib import Path

from hypothesis import strategies as st

from latweave.errors import LatweaveError

ROOT = Path(__file__).resolve().parents[2]
ZOO = ROOT / "corpora" / "zoo"


class Crash(Exception):
    """An input that raised something other than a LatweaveError (or exited with a bad code)."""

    def __init__(self, target: str, data, error: str):
        super().__init__(f"{target}: {error}\ninput: {data!r}"[:4000])
        self.target, self.data, self.error = target, data, error


def _guard(target: str, data, work):
    try:
        return work()
    except LatweaveError:
        return None
    except Exception:  # noqa: BLE001 - the very thing this harness looks for
        raise Crash(target, data, traceback.format_exc(limit=12)) from None


# ------------------------------------------------------------------------------ plan text

SEED_PLANS = (
    "meet(species <= mammal, habitat <= aquatic)",
    "meet(habitat = amphibious)",
    "meet(lifespan_years > 20, first_described in 1700..1800)",
    'meet(subject = "Blade Runner") -> directed_by',
    "let d = meet(species <= bird) -> diet\nmeet(diet = $d)",
    "meet(genre = comedy) | meet(genre = drama)",
    'same(habitat, "Whale", "Shark")',
    'argmin(lifespan_years, ["Whale", "Dog"])',
    'argmax(lifespan_years, ["Whale" -> species, "Dog"])',
    'argmax(date_of_death - date_of_birth, ["Nils Tvedt", "Fred Chittick"])',
    'holds("Whale", habitat <= aquatic)',
    "# a comment\nmeet(species <= whale, habitat <= terrestrial);",
    'meet(lifespan_years in 10..20, species = "C-3PO")',
)
TOKENS = ("meet", "(", ")", "species", "habitat", "diet", "lifespan_years", "first_described", "subject",
          "<=", "=", "<", ">", ">=", "!=", "==", "in", "..", ",", "->", "let", "d", "$d", "$x", "|", ";",
          "same", "differ", "argmax", "argmin", "holds", "[", "]", '"Whale"', '"a\\"b"', '"\\u0000"', "1",
          "-1", "1.5", "1961-04-27", "1961", "nan", "inf", "Infinity", "1e308", "9" * 400, "9" * 308, "0.5e3",
          "-", "#c", "٣", "0000-01-01", "1961-02-30", "9999-12-31",
          "\n", " ", "\t", "\r", "'", "$", ".", "{", "}", "mammal", "TOP", "\u2028", "\x1b[31m", "\udcff",
          "\ufeff", "é", "⊤")

_token_text = st.lists(st.sampled_from(TOKENS), max_size=40).map(" ".join)
_raw_text = st.text(max_size=200)


@st.composite
def _mutated(draw, seeds=SEED_PLANS) -> str:
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(("delete", "insert", "duplicate", "replace")))
        size = draw(st.integers(1, 8))
        if op == "delete":
            text = text[:at] + text[at + size:]
        elif op == "insert":
            text = text[:at] + draw(st.sampled_from(TOKENS) | st.text(max_size=3)) + text[at:]
        elif op == "duplicate":
            text = text[:at] + text[at:at + size] * draw(st.integers(2, 80)) + text[at:]
        else:
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at + size:]
    return text


plan_texts = st.one_of(_mutated(), _token_text, _raw_text)


def _lattice(folder: Path):
    from latweave.lattice.store import load_lattice

    return load_lattice(folder)


class Targets:
    """Every target, over one zoo lattice built once in a scratch folder."""

    def __init__(self, scratch: Path | None = None, run_engine: bool = True):
        from latweave.ingest.build import build_corpus

        self.scratch = Path(scratch or tempfile.mkdtemp(prefix="latweave-fuzz-"))
        self.zoo = self.scratch / "zoo-lattice"
        if not self.zoo.exists():
            build_corpus(ZOO, self.zoo)
        self.lattice = _lattice(self.zoo)
        self.run_engine = run_engine
        self._runner = None
        self.count: dict[str, int] = {}

    @property
    def runner(self):
        if self._runner is None:
            from latweave.execute import Runner

            self._runner = Runner(self.zoo, timeout=30)
        return self._runner

    def close(self) -> None:
        if self._runner is not None:
            self._runner.close()

    def _tick(self, name: str) -> None:
        self.count[name] = self.count.get(name, 0) + 1

    # ---- plans
    def plan_text(self, text: str) -> None:
        """Parse, print, re-parse, type-check and (when it checks) run a plan text."""
        from latweave.plan.check import check_plan
        from latweave.plan.printer import to_text
        from latweave.plan.read import read_plan

        self._tick("plan_text")

        def work():
            plan = read_plan(text)
            canonical = to_text(plan)
            again = read_plan(canonical)
            if again != plan:
                raise AssertionError(f"print/parse round trip changed the plan: {canonical!r}")
            check_plan(plan, self.lattice, text)
            if self.run_engine:
                result = self.runner.run_one(plan)
                json.dumps(result.to_dict())
                _render(result)

        _guard("plan_text", text, work)

    def json_plan(self, obj) -> None:
        """A JSON-form plan, as a JSON text (the CLI's way) and as an object."""
        from latweave.plan.check import check_plan
        from latweave.plan.json_form import plan_from_json
        from latweave.plan.printer import to_text
        from latweave.plan.read import read_plan

        self._tick("json_plan")

        def work():
            try:
                text = json.dumps(obj, ensure_ascii=False)
            except (ValueError, RecursionError):
                return
            plan = plan_from_json(text)
            read_plan(to_text(plan))
            check_plan(plan, self.lattice)

        _guard("json_plan", obj, work)

    # ---- corpus folders and KB files
    def corpus(self, files: dict) -> None:
        """A corpus folder: the zoo's files with some replaced (bytes) or removed (None); built."""
        from latweave.ingest.build import build_corpus

        self._tick("corpus")
        folder = Path(tempfile.mkdtemp(dir=self.scratch, prefix="corpus-"))
        try:
            shutil.copytree(ZOO, folder / "c")
            for name, data in files.items():
                path = folder / "c" / name
                if data is None:
                    path.unlink(missing_ok=True)
                else:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
            _guard("corpus", files, lambda: build_corpus(folder / "c", folder / "out", progress=lambda *a: None))
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def kb(self, fmt: str, data: bytes) -> None:
        """A KB file of format `fmt` (pathquestion, metaqa, 2wiki) holding `data`; built."""
        from latweave.ingest.kb import build_kb

        self._tick(f"kb_{fmt}")
        folder = Path(tempfile.mkdtemp(dir=self.scratch, prefix="kb-"))
        try:
            path = folder / ("kb.json" if fmt == "2wiki" else "kb.txt")
            path.write_bytes(data)

            def work():
                _manifest, report = build_kb(path, fmt, folder / "out")
                _render(report)

            _guard(f"kb_{fmt}", (fmt, data), work)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    # ---- saved results, through the CLI
    def result_file(self, data: bytes) -> None:
        """`latweave explain FILE` and `latweave audit --lattice ZOO FILE`: exit 0, 2, 3 (or 5)."""
        self._tick("result_file")
        path = Path(tempfile.mkdtemp(dir=self.scratch, prefix="result-")) / "r.json"
        try:
            path.write_bytes(data)
            for argv, ok in ((["explain", str(path)], {0, 2, 3}),
                             (["audit", "--lattice", str(self.zoo), str(path)], {0, 2, 5})):
                self._cli("result_file", argv, ok, data)
        finally:
            shutil.rmtree(path.parent, ignore_errors=True)

    def cli_plan(self, text: str) -> None:
        """`latweave run --lattice ZOO PLAN` and `check-plan`: exit 0, 2 or 3."""
        self._tick("cli_plan")
        if "\x00" in text:  # argv cannot hold NUL: give it as a file instead
            path = Path(tempfile.mkdtemp(dir=self.scratch, prefix="plan-")) / "p.txt"
            path.write_text(text, encoding="utf-8", errors="surrogateescape")
            argv = ["-f", str(path)]
        else:
            argv = [text]
        for extra in ([], ["--json"]):
            self._cli("cli_plan", ["run", "--lattice", str(self.zoo), *extra, *argv], {0, 2, 3}, text)
            self._cli("cli_plan", ["check-plan", "--lattice", str(self.zoo), *extra, *argv], {0, 2}, text)

    def _cli(self, target: str, argv: list[str], ok: set[int], data) -> None:
        from latweave.cli import main

        out, err = io.StringIO(), io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(argv)
        except SystemExit as exc:  # argparse
            code = exc.code
        except Exception:  # noqa: BLE001
            raise Crash(target, data, traceback.format_exc(limit=12)) from None
        if code not in ok:
            raise Crash(target, data, f"latweave {argv[0]} exited {code}: {err.getvalue()[-2000:]}")
        for stream in (out.getvalue(), err.getvalue()):
            if "\x1b" in stream or "Traceback" in stream:
                raise Crash(target, data, f"raw escape or traceback in the output: {stream[-2000:]!r}")
            try:  # a terminal with a strict UTF-8 stdout could not take it
                stream.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise Crash(target, data, f"output UTF-8 cannot encode: {exc}") from None


def _render(renderable) -> None:
    """Render to a throwaway terminal, as the CLI would (a crash here is a crash of the CLI)."""
    from rich.console import Console

    Console(file=io.StringIO(), width=100, color_system=None).print(renderable)


# ------------------------------------------------------------------------------ JSON plans

_KEYS = ("meet", "project", "union", "same", "differ", "argmax", "argmin", "args", "minus", "holds",
         "where", "ref", "let", "return", "projct", "")
_SCALARS = st.one_of(
    st.sampled_from(("species", "habitat", "lifespan_years", "first_described", "mammal", "Whale", "<=",
                     "=", "<", ">", "in", "d", "nan", "1961-04-27", "", "\x1b[31m")),
    st.integers(min_value=-10**30, max_value=10**30), st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(), st.none(), st.text(max_size=10))
json_values = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.sampled_from(_KEYS) | st.text(max_size=5), inner, max_size=4)),
    max_leaves=30)


@st.composite
def _json_plan_like(draw):
    """A plan-shaped object with holes: mostly valid structure, some parts drawn at random."""
    value = draw(st.one_of(_SCALARS, st.builds(lambda name: {"ref": name}, st.sampled_from(("d", "x", "")))))
    constraint = st.lists(st.one_of(st.sampled_from(("species", "lifespan_years")), json_values),
                          min_size=0, max_size=4).map(lambda c: c) | st.tuples(
        st.sampled_from(("species", "habitat", "lifespan_years")), st.sampled_from(("<=", "=", "<", ">", "in")),
        st.just(value) | st.lists(_SCALARS, max_size=3)).map(list)
    meet = st.fixed_dictionaries({"meet": st.lists(constraint, max_size=4)},
                                 optional={"project": st.sampled_from(("diet", "habitat")) | json_values})
    form = st.one_of(
        meet,
        st.fixed_dictionaries({"union": st.lists(meet | json_values, max_size=3)}),
        st.fixed_dictionaries({st_op: st.sampled_from(("habitat", "lifespan_years")) | json_values
                               for st_op in [draw(st.sampled_from(("same", "differ", "argmax", "argmin")))]}
                              | {"args": st.lists(st.just(value) | _SCALARS, max_size=4)},
                              optional={"minus": json_values}),
        st.fixed_dictionaries({"holds": st.just(value), "where": st.lists(constraint, max_size=3)}),
    )
    if draw(st.booleans()):
        return draw(form)
    return {"let": draw(st.lists(st.tuples(st.sampled_from(("d", "x", "1", "")), form).map(list), max_size=3)),
            "return": draw(form)}


json_plans = st.one_of(_json_plan_like(), json_values)

# ------------------------------------------------------------------------------ files

def _zoo_lines(name: str) -> list[bytes]:
    return (ZOO / name).read_bytes().splitlines(keepends=True)


CORPUS_FILES = ("dimensions.jsonl", "hierarchy.tsv", "synonyms.tsv", "aliases.tsv", "facts.jsonl",
                "documents/whale.txt")
_BAD_BYTES = st.sampled_from((b"\xff", b"\xc3", b"\xef\xbb\xbf", b"\x00", b"\r", b"\t", b"\n", b"{", b"[",
                              b"\"", b"\\", b"nan", b"NaN", b"1e999", b"9" * 5000, b"[" * 3000,
                              b"\xe2\x80\xa8", b"\x1b[31m", b"TOP", b"\t\t"))


@st.composite
def _mutated_file(draw, name: str) -> bytes | None:
    if draw(st.integers(0, 20)) == 0:
        return None  # the file removed
    lines = _zoo_lines(name)
    if draw(st.integers(0, 10)) == 0:
        return draw(st.binary(max_size=300))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        line = lines[i] if lines else b""
        at = draw(st.integers(0, len(line)))
        choice = draw(st.integers(0, 6 if name.endswith(".jsonl") else 4))
        if choice >= 5:  # a JSON line with one field (or one evidence field) given another JSON value
            try:
                obj = json.loads(line)
            except ValueError:
                obj = None
            if isinstance(obj, dict) and obj:
                holder = obj["evidence"] if choice == 6 and isinstance(obj.get("evidence"), dict) else obj
                key = draw(st.sampled_from(sorted(holder) + ["start", "end", "qualifiers", "confidence"]))
                holder[key] = draw(json_values)
                line = json.dumps(obj, ensure_ascii=False).encode("utf-8", errors="surrogatepass") + b"\n"
        elif choice == 0:
            line = line[:at] + draw(_BAD_BYTES) + line[at:]
        elif choice == 1:
            line = line[:at] + line[at + draw(st.integers(1, 20)):]
        elif choice == 2:
            line = draw(st.binary(max_size=60)) + b"\n"
        elif choice == 3:
            line = line.replace(b'"', b"", 1) if draw(st.booleans()) else line.replace(b"\t", b"", 1)
        else:
            line = draw(_BAD_BYTES) + line
        if lines:
            lines[i] = line
        else:
            lines.append(line)
    return b"".join(lines)


@st.composite
def corpus_files(draw) -> dict:
    names = draw(st.lists(st.sampled_from(CORPUS_FILES), min_size=1, max_size=3, unique=True))
    return {name: draw(_mutated_file(name)) for name in names}


_KB_CELL = st.one_of(st.sampled_from(("alice", "bob", "knows", "born", "1961-04-27", "1961", "nan", "12",
                                      "inverse knows", "subject", "x (y)", "x", " ", "", "\ufeffalice",
                                      "esc\x1b[31mred", "9" * 400)),
                     st.text(max_size=8))


@st.composite
def kb_files(draw) -> tuple[str, bytes]:
    fmt = draw(st.sampled_from(("pathquestion", "metaqa", "2wiki")))
    if draw(st.integers(0, 5)) == 0:
        return fmt, draw(st.binary(max_size=400))
    rows = draw(st.lists(st.lists(_KB_CELL, min_size=1, max_size=4), max_size=12))
    if fmt == "2wiki":
        records = [{"_id": draw(st.sampled_from(("q1", "q2", "", 5))), "evidences": rows}
                   for _ in range(draw(st.integers(1, 2)))]
        text = (json.dumps(records, ensure_ascii=False) if draw(st.booleans())
                else "\n".join(json.dumps(r, ensure_ascii=False) for r in records))
    else:
        sep = "\t" if fmt == "pathquestion" else "|"
        text = "\n".join(sep.join(r) for r in rows)
    data = text.encode("utf-8", errors="surrogatepass")
    if draw(st.booleans()):
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(_BAD_BYTES) + data[at:]
    return fmt, data


_stated = st.fixed_dictionaries({"instance": st.text(max_size=5), "dimension": st.text(max_size=5),
                                 "value": st.text(max_size=5) | json_values},
                                optional={"evidence": st.fixed_dictionaries(
                                    {"doc": st.text(max_size=4), "source_text": st.text(max_size=6),
                                     "start": st.integers(0, 9) | json_values, "end": st.integers(0, 9)}) | json_values})
_contested = st.one_of(
    st.fixed_dictionaries({"answer": st.text(max_size=5) | json_values},
                          optional={"supported_by": st.lists(_stated | json_values, max_size=2) | json_values,
                                    "contradicted_by": st.lists(_stated, max_size=2), "argument": json_values}),
    st.fixed_dictionaries({"item": st.text(max_size=5) | json_values, "dimension": st.text(max_size=5),
                           "values": st.lists(_stated, max_size=2) | json_values}),
    json_values)


@st.composite
def result_files(draw) -> bytes:
    """Saved results: a real one mutated, or random JSON, or random bytes."""
    choice = draw(st.integers(0, 3))
    if choice == 0:
        return draw(st.binary(max_size=200))
    if choice == 1:
        return json.dumps(draw(json_values)).encode()
    status = draw(st.sampled_from(("answer", "verdict", "abstain", "ANSWER", 5, None)))
    node = st.recursive(
        st.fixed_dictionaries({"axiom": st.text(max_size=10) | json_values},
                              optional={"evidence": st.fixed_dictionaries(
                                  {"doc": st.text(max_size=5) | json_values, "source_text": st.text(max_size=10),
                                   "start": st.integers(-3, 99) | json_values, "end": st.integers(0, 99)})}),
        lambda inner: st.fixed_dictionaries({"premises": st.text(max_size=10) | json_values,
                                             "children": st.lists(inner, max_size=3) | json_values},
                                            optional={"note": st.text(max_size=5) | json_values}),
        max_leaves=8)
    obj = {"status": status,
           "answers": draw(st.lists(st.text(max_size=8), max_size=3) | json_values),
           "verdict": draw(st.sampled_from((True, False, None, "yes"))),
           "reason": draw(st.sampled_from(("empty", "unknown_anchor", None, 3))),
           "reasons": draw(st.lists(st.text(max_size=6), max_size=2)),
           "witness": draw(st.dictionaries(st.text(max_size=6), json_values, max_size=2) | json_values),
           "proof": draw(st.fixed_dictionaries({"trees": st.lists(node, max_size=2)}) | node | json_values),
           "plan": draw(st.sampled_from(SEED_PLANS) | st.none() | json_values),
           "contested": draw(st.lists(_contested, max_size=2) | json_values)}
    if draw(st.booleans()) and isinstance(obj["witness"], dict):
        obj["witness"]["conflict"] = {"conflicts": [], "contested": draw(st.lists(_contested, max_size=2))}
    for key in draw(st.lists(st.sampled_from(sorted(obj)), max_size=2)):
        obj.pop(key, None)
    return json.dumps(obj, ensure_ascii=False).encode("utf-8", errors="surrogatepass")
