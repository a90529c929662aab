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

from latweave.errors import LatweaveError, PlanError

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
    from latweave.folder.store import load_lattice

    return load_lattice(folder)


class Targets:
    """Every target, over one zoo lattice built once in a scratch folder."""

    def __init__(self, scratch: Path | None = None, run_engine: bool = True):
        from latweave.ingest.builds import build_corpus

        self.scratch = Path(scratch or tempfile.mkdtemp(prefix="latweave-fuzz-"))
        self.zoo = self.scratch / "zoo-lattice"
        if not self.zoo.exists():
            build_corpus(ZOO, self.zoo)
        self.lattice = _lattice(self.zoo)
        self.run_engine = run_engine
        self._runner = None
        self._closers: list = []
        self.count: dict[str, int] = {}
        self.figures: dict[str, dict[str, int]] = {}   # per target, outcomes by kind (bench/fuzz.py prints them)

    @property
    def runner(self):
        if self._runner is None:
            from latweave.execute import Runner

            self._runner = Runner(self.zoo, timeout=30)
        return self._runner

    def close(self) -> None:
        if self._runner is not None:
            self._runner.close()
        for close in self._closers:
            close()

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
        from latweave.ingest.builds import build_corpus

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
        from latweave.ingest.builds import build_kb

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

    # ---- files latweave writes for a user, LLM deadlines, a disk that fills up (issue 34)
    def _saved_result(self) -> Path:
        """A real saved result of the zoo lattice (made once)."""
        path = self.scratch / "saved" / "r.json"
        if not path.exists():
            path.parent.mkdir(exist_ok=True)
            self._cli("explain_export", ["run", "meet(species <= mammal, habitat <= aquatic)", "--lattice",
                                         str(self.zoo), "--save", str(path)], {0}, "setup")
        return path

    def explain_export(self, case: dict) -> None:
        """`latweave explain R --svg/--html T` or `run --save T`, T being absent, a user's file, an
        earlier export, a folder, a FIFO or a link: exit 0, 2 or 3; a user's file, folder or FIFO
        untouched; no temporary file left; an export written carries its marker."""
        import os

        from latweave.explain_export import MARKER

        self._tick("explain_export")
        folder = Path(tempfile.mkdtemp(dir=self.scratch, prefix="export-"))
        try:
            result = self._saved_result()
            if case["result"] is not None:
                result = folder / "given.json"
                result.write_bytes(case["result"])
            target = folder / "out"
            kind, flag = case["existing"], case["flag"]
            if kind == "user":
                target.write_bytes(case["user_bytes"])
            elif kind == "ours":
                self._cli("explain_export", ["explain", str(self._saved_result()), flag if flag != "--save"
                                             else "--svg", str(target)], {0}, case)
                if flag == "--save":
                    target.write_bytes(self._saved_result().read_bytes())
            elif kind == "folder":
                target.mkdir()
            elif kind == "fifo":
                os.mkfifo(target)
            elif kind == "dangling":
                target.symlink_to(folder / "nowhere")
            elif kind == "link_user":
                (folder / "mine").write_bytes(case["user_bytes"])
                target.symlink_to(folder / "mine")
            before = sorted(p.name for p in folder.iterdir())
            kept = target.read_bytes() if kind == "user" else (folder / "mine").read_bytes() if kind == "link_user" else None
            argv = (["run", "meet(species <= mammal)", "--lattice", str(self.zoo), "--save", str(target)]
                    if flag == "--save" else ["explain", str(result), flag, str(target)])
            self._cli("explain_export", argv, {0, 2, 3}, case)
            after = sorted(p.name for p in folder.iterdir())
            if set(after) not in (set(before), set(before) | {"out"}):   # "out" only if it was written
                raise Crash("explain_export", case, f"the folder changed: {before} -> {after}")
            # (bytes that read as a saved result are one, for --save: it may replace them)
            if kind in ("user", "link_user") and not (flag == "--save" and _reads_as_saved(kept)) and (
                    target.read_bytes() if kind == "user" else (folder / "mine").read_bytes()) != kept:
                raise Crash("explain_export", case, "a file latweave did not write was overwritten")
            if kind == "fifo" and not target.is_fifo() or kind == "folder" and not target.is_dir():
                raise Crash("explain_export", case, f"the {kind} at the target was replaced")
            if kind in ("none", "ours") and flag != "--save" and target.is_file():
                if MARKER not in target.read_text(encoding="utf-8", errors="replace"):
                    raise Crash("explain_export", case, "an export without latweave's marker")
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def _llm_server(self):
        """One scripted OpenAI-compatible server for every llm_deadline case (its script is the
        current case's actions, then 500s)."""
        if getattr(self, "_server", None) is None:
            from tests.support.openai_server import ScriptedServer, Status

            self._actions: list = []

            def script(body, n):
                return self._actions.pop(0) if self._actions else Status(500, "fuzz: no more actions")

            self._server = ScriptedServer(script).__enter__()
            self._closers.append(lambda: self._server.__exit__(None, None, None))
        return self._server

    def llm_deadline(self, case: dict) -> None:
        """One completion against a server that trickles, streams without end, stalls, sends
        garbage or errors: a Completion or an LLMError, never another exception, and a trickle cut
        off at the deadline (what the server sent before the client hung up is counted, not timed:
        a few bytes at 0.05-0.2 s each per attempt, never the whole)."""
        from latweave.llm import LLMClient, LLMConfig

        self._tick("llm_deadline")
        server = self._llm_server()
        self._actions[:] = list(case["actions"])
        first = len(server.sent)
        config = LLMConfig(model="fuzz", base_url=server.base_url, timeout_s=case["timeout_s"],
                           max_retries=case["max_retries"], backoff_s=0.01)
        _guard("llm_deadline", case, lambda: LLMClient(config).complete([{"role": "user", "content": "hi"}]))
        sent = server.sent[first:]   # as the client left it (a trickle it waited out would be whole)
        most = case["timeout_s"] / 0.05 + 3
        if any(n > most for n in sent):
            raise Crash("llm_deadline", case, f"the server sent {sent} bytes in trickles, past {most:.0f} each")

    def llm_transport(self, case: dict) -> None:
        """The transport's edges: headers that trickle, JSON nested past the reader's depth (as the
        body, or as the message content) and base URLs of every shape. A Completion or a
        LatweaveError (an unreachable endpoint, a refused URL), never another exception; a server
        whose headers never end is cut off after a few lines (what it sent is counted, not timed).
        `self.figures["llm_transport"]` counts the outcomes."""
        from latweave.llm import LLMClient, LLMConfig, LLMError, LLMUnavailable
        from latweave.llm.config import url_problem

        self._tick("llm_transport")
        figures = self.figures.setdefault("llm_transport", {})
        server = self._llm_server()
        url = case.get("url")
        if url is None:
            url = server.base_url
            self._actions[:] = list(case["actions"])
            first = len(server.sent)
        elif url_problem(url) is None and _host(url) not in ("127.0.0.1", "::1", "localhost"):
            figures["skipped (a host off this machine)"] = figures.get("skipped (a host off this machine)", 0) + 1
            return
        outcome = []

        def work():
            try:
                config = LLMConfig(model="fuzz", base_url=url, timeout_s=case["timeout_s"],
                                   max_retries=case["max_retries"], backoff_s=0.01)
                LLMClient(config).complete([{"role": "user", "content": "hi"}])
                outcome.append("completion")
            except LLMUnavailable:
                outcome.append("unavailable (exit 7)")
                raise
            except LLMError:
                outcome.append("refused by the server")
                raise
            except LatweaveError:
                outcome.append("refused setting (exit 2)")
                raise

        _guard("llm_transport", case, work)
        key = outcome[0] if outcome else "crash"
        figures[key] = figures.get(key, 0) + 1
        if case.get("url") is None:
            sent = server.settled().sent[first:]
            # an endless header stream is cut at the deadline: a few lines at 0.05-0.2 s each, never hundreds
            most = (case["max_retries"] + 1) * (case["timeout_s"] / 0.05 + 3)
            if any(n > most for n in sent):
                raise Crash("llm_transport", case, f"the server sent {sent} pieces, past {most:.0f}")

    def llm_config(self, data: dict) -> None:
        """An LLM config file with these fields: resolved (every value then in range) or a
        LatweaveError naming the file."""
        from latweave.llm.config import LLMConfig, value_problem

        self._tick("llm_config")
        path = Path(tempfile.mkdtemp(dir=self.scratch, prefix="llm-")) / "llm.json"
        try:
            try:
                path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8", errors="surrogatepass")
            except (ValueError, RecursionError):
                return

            def work():
                config = LLMConfig.resolve(model="fuzz", config_file=str(path))
                for name in data:
                    if value_problem(name, getattr(config, name)) is not None:
                        raise AssertionError(f"{name}={getattr(config, name)!r} was accepted")
            try:
                _guard("llm_config", data, work)
            except Crash:
                raise
        finally:
            shutil.rmtree(path.parent, ignore_errors=True)

    def disk_full(self, case: dict) -> None:
        """`build` or `add` over a copy of a zoo lattice in a child whose files may not grow past
        `limit` bytes: exit 0, or exit 2 naming the lattice with no traceback and the old lattice
        byte-identical; never a temporary folder left behind."""
        import hashlib

        from tests.support.disk_full import fsize_cli

        self._tick("disk_full")
        folder = Path(tempfile.mkdtemp(dir=self.scratch, prefix="full-"))
        try:
            lattice = folder / "lat"
            shutil.copytree(self.zoo, lattice, symlinks=True)

            def snapshot():
                return {p.relative_to(lattice).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                        for p in sorted(lattice.rglob("*")) if p.is_file()}
            before = snapshot()
            source = ROOT / "corpora" / case["source"]
            argv = (["build", str(ZOO), str(source), "--out", str(lattice)] if case["command"] == "build"
                    else ["add", str(source), "--lattice", str(lattice)])
            done = fsize_cli(case["limit"], argv)
            if done.returncode not in (0, 2) or "Traceback" in done.stderr:
                raise Crash("disk_full", case, f"exit {done.returncode}: {done.stderr[-2000:]}")
            if done.returncode == 2:
                if f"while writing {lattice}" not in done.stderr:
                    raise Crash("disk_full", case, f"the error names no lattice: {done.stderr[-600:]}")
                if snapshot() != before:
                    raise Crash("disk_full", case, "the old lattice changed")
            left = [p.name for p in folder.iterdir() if p.name.startswith(".lat.")]
            if [n for n in left if not n.endswith(".lock")]:
                raise Crash("disk_full", case, f"left behind: {left}")
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    # ---- manifest fields (issue 42.1)
    MANIFEST_PLANS = ("meet(species <= mammal)", "meet(genre <= drama)", "meet(species <= animal) -> diet")

    def _layered(self) -> tuple[Path, dict]:
        """The zoo with the movies added (two layers), built once, and each MANIFEST_PLANS plan's
        genuine answers on it."""
        if getattr(self, "_two", None) is None:
            import latweave

            folder = self.scratch / "zoo-movies-lattice"
            if not folder.exists():
                latweave.build(ZOO, folder)
                latweave.add(folder, [ROOT / "corpora" / "movies"])
            with latweave.open(folder, "sqlite") as session:
                self._two = (folder, {plan: session.run(plan).answers for plan in self.MANIFEST_PLANS})
            self.manifest_figures = {"refused": 0, "answered as before": 0, "wrong, audit failed": 0,
                                     "wrong, audit ok": 0}
        return self._two

    def manifest_field(self, case: tuple) -> None:
        """One field of a two-layer lattice's manifest.json set to a drawn value (or deleted):
        every plan is refused (a LatweaveError), answers as on the genuine lattice, or answers
        otherwise and fails its audit — never a wrong answer that audits ok."""
        import json as json_module

        import latweave

        self._tick("manifest_field")
        path_in, value = case
        genuine, answers = self._layered()
        folder = Path(tempfile.mkdtemp(dir=self.scratch, prefix="manifest-")) / "lat"
        try:
            shutil.copytree(genuine, folder)
            manifest_path = folder / "manifest.json"
            manifest = json_module.loads(manifest_path.read_text(encoding="utf-8"))
            where, key = manifest, path_in[-1]
            for part in path_in[:-1]:
                where = where[part]
            if value is _DELETE:
                where.pop(key, None)
            else:
                where[key] = value
            manifest_path.write_text(json_module.dumps(manifest, indent=2, sort_keys=True), encoding="utf-8")

            def work():
                for plan in self.MANIFEST_PLANS:
                    try:
                        with latweave.open(folder, "sqlite") as session:
                            result = session.run(plan)
                    except LatweaveError:
                        self.manifest_figures["refused"] += 1
                        continue
                    if result.answers == answers[plan]:
                        self.manifest_figures["answered as before"] += 1
                        continue
                    try:
                        ok = latweave.audit(result, lattice=folder).ok
                    except LatweaveError:
                        ok = False
                    if ok:
                        self.manifest_figures["wrong, audit ok"] += 1
                        raise AssertionError(f"{plan}: {result.answers} instead of {answers[plan]}, and it audits ok")
                    self.manifest_figures["wrong, audit failed"] += 1
            _guard("manifest_field", case, work)
        finally:
            shutil.rmtree(folder.parent, ignore_errors=True)

    # ---- the Python API
    def api(self, case: tuple) -> None:
        """One public call given a hostile value (None, numbers, bytes, junk lists and dicts, the
        JSON form of a plan, text): it returns, or raises a LatweaveError — a session stays usable
        after it, and a closed one refuses to run."""
        import latweave

        self._tick("api")
        call, value = case

        def work():
            if call == "open":
                latweave.open(value).close()
            elif call == "closed":
                session = latweave.open(self.zoo)
                session.close()
                try:
                    session.run(value)
                except LatweaveError as exc:
                    if "closed" not in exc.message and not isinstance(exc, PlanError):
                        raise AssertionError(f"a closed session said {exc.message!r}") from None
                    raise
                raise AssertionError("a closed session ran a plan")
            elif call == "audit":
                latweave.audit(value, lattice=self.zoo)
            elif call == "audit_lattice":
                latweave.audit({}, lattice=value)
            elif call == "parse_plan":
                latweave.parse_plan(value)
            elif call in ("add", "remove"):
                lattice = Path(tempfile.mkdtemp(dir=self.scratch, prefix="api-")) / "lat"
                try:
                    shutil.copytree(self.zoo, lattice)
                    if call == "add":
                        latweave.add(lattice, value)
                    else:
                        latweave.remove(lattice, sources=value)
                finally:
                    shutil.rmtree(lattice.parent, ignore_errors=True)
            else:   # run, run_many, check, verify on an open session
                with latweave.open(self.zoo) as session:
                    try:
                        getattr(session, call)(value)
                    finally:   # whatever the value did, the session still answers
                        if session.run("meet(species <= bird)").answers != ("Eagle", "Penguin"):
                            raise AssertionError("the session answers otherwise after a bad call")

        _guard("api", case, work)


def _reads_as_saved(data: bytes) -> bool:
    """Whether `data` reads as a saved result (what `run --save` may replace)."""
    from latweave.result_file import check_result

    try:
        check_result(json.loads(data.decode("utf-8")))
    except (LatweaveError, ValueError, RecursionError):
        return False
    return True


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


# ------------------------------------------------------------------------------ issue 34: exports, LLM, disk

@st.composite
def export_cases(draw) -> dict:
    """An export (`explain --svg/--html`) or `run --save` onto a target that is absent, a user's
    file, an earlier export, a folder, a FIFO, a link to nothing or a link to a user's file."""
    return {"flag": draw(st.sampled_from(("--svg", "--html", "--save"))),
            "existing": draw(st.sampled_from(("none", "user", "ours", "folder", "fifo", "dangling", "link_user"))),
            "user_bytes": draw(st.sampled_from((b"", b'{"value": "mine"}\n', b"<svg>mine</svg>",
                                                b'{"status": "answer"}', b"<!DOCTYPE html>\n<html>mine"))
                               | st.binary(max_size=64)),
            "result": draw(st.none() | st.none() | result_files())}


@st.composite
def llm_cases(draw) -> dict:
    """Server behaviours (one per attempt) and a short deadline."""
    from tests.support.openai_server import Status, delay, raw, reply, trickle

    action = st.one_of(
        st.builds(trickle, st.sampled_from((0.05, 0.2)), st.sampled_from((None, 40, 400))),
        st.builds(lambda s: delay(s, reply("late")), st.sampled_from((0.1, 2.0))),
        st.builds(raw, st.binary(max_size=40)),
        st.builds(lambda c: Status(c, "fuzz"), st.sampled_from((400, 404, 429, 500, 503))),
        st.builds(reply, st.text(max_size=20)))
    return {"actions": draw(st.lists(action, min_size=1, max_size=3)),
            "timeout_s": draw(st.sampled_from((0.3, 0.6))), "max_retries": draw(st.integers(0, 1))}


def _host(url: str) -> str | None:
    from urllib.parse import urlsplit

    try:
        return urlsplit(url).hostname
    except ValueError:
        return None


#: Pieces of base URLs: each shape the tester tried, and the neighbours of a good one.
_URL_PARTS = {
    "scheme": ("http", "https", "HTTP", "ftp", "file", "", "http:", "ws"),
    "host": ("127.0.0.1", "[::1]", "[::1", "::1]", "localhost", "", "a b", "[::1]x", "127.0.0.1\n", "%41"),
    "port": ("", ":1", ":9", ":0", ":65535", ":65536", ":99999", ":abc", ":-1", ":", ":1:2"),
    "path": ("", "/", "/v1", "/v1/", "/v1?x=1", "/v1#f", "/\u00e9", "/%zz", "/v1/chat/completions"),
}


@st.composite
def llm_transport_cases(draw) -> dict:
    """A server that trickles its headers or nests its JSON too deeply, or a base URL of any shape
    (pieces put together, or any short text), with a short deadline."""
    from tests.support.openai_server import Status, raw, reply, slow_headers

    depth = st.sampled_from((50, 900, 1_000, 100_000, 200_000))
    action = st.one_of(
        st.builds(slow_headers, st.sampled_from((0.05, 0.2)), st.sampled_from((None, 2, 40)),
                  st.builds(reply, st.sampled_from(("ok", '{"plan": "x"}')))),
        st.builds(lambda n, o: raw(o * n), depth, st.sampled_from((b"[", b'{"a":', b'{"choices":['))),
        st.builds(lambda n, o: reply(o * n), depth, st.sampled_from(("[", '{"plan":'))),
        st.builds(lambda c: Status(c, "fuzz"), st.sampled_from((429, 500))),
        st.just(reply("ok")))
    case = {"timeout_s": draw(st.sampled_from((0.3, 0.6))), "max_retries": draw(st.integers(0, 1))}
    shape = draw(st.sampled_from(("server", "parts", "text")))
    if shape == "server":
        case["actions"] = draw(st.lists(action, min_size=1, max_size=2))
    elif shape == "parts":
        p = {k: draw(st.sampled_from(v)) for k, v in _URL_PARTS.items()}
        case["url"] = f"{p['scheme']}://{p['host']}{p['port']}{p['path']}"
    else:
        case["url"] = draw(st.text(max_size=30))
    return case


_CONFIG_VALUES = st.one_of(st.integers(-10**12, 10**12), st.floats(allow_nan=True, allow_infinity=True),
                           st.sampled_from((1e9, 1e300, -5, 0, 0.5, 3, 20, 21, True, None, "5", "", [], {})),
                           st.text(max_size=8))
llm_configs = st.dictionaries(st.sampled_from(("timeout_s", "max_retries", "backoff_s", "temperature", "seed",
                                               "concurrency", "context_chars", "max_output_tokens", "base_url",
                                               "api_key")), _CONFIG_VALUES, max_size=4)


@st.composite
def disk_cases(draw) -> dict:
    """A `build` or `add` in a child whose files may not grow past `limit` bytes."""
    return {"command": draw(st.sampled_from(("build", "add"))),
            "source": draw(st.sampled_from(("movies", "awards"))),
            "limit": draw(st.sampled_from((500, 4_000, 20_000, 60_000, 150_000, 400_000))
                          | st.integers(200, 500_000))}


# ------------------------------------------------------------------------------ the Python API

API_CALLS = ("run", "run_many", "check", "verify", "open", "closed", "audit", "audit_lattice", "parse_plan",
             "add", "remove")
api_values = st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
    st.binary(max_size=12), st.text(max_size=24), st.sampled_from(SEED_PLANS),
    st.just({"meet": [["species", "<=", "bird"]]}), st.just({"meet": [["lifespan_years", "=", float("inf")]]}),
    st.lists(st.one_of(st.none(), st.integers(), st.sampled_from(SEED_PLANS), st.text(max_size=8)), max_size=3),
    json_values, st.just(object()), st.just(ROOT / "corpora" / "nowhere"))
api_cases = st.tuples(st.sampled_from(API_CALLS), api_values)


# ------------------------------------------------------------------------------ manifest fields

#: A drawn "value" that deletes the field instead.
_DELETE = object()
_FIELD_PATHS = (("format",), ("schema_version",), ("name",), ("content_hash",), ("files",), ("sizes",),
                ("counts",), ("layers",), ("counts", "instances"), ("counts", "predicates"), ("counts", "documents"),
                ("counts", "dimensions"), ("counts", "values"), ("sizes", "instances.jsonl"),
                ("sizes", "layers/000001/predicates.blocks"), ("lines",),
                ("lines", "predicates.blocks"), ("lines", "layers/000001/values.blocks"), ("files", "layers/000001/instances.jsonl"),
                ("files", "layers/000001/layer.json"), ("files", "history.jsonl"))
_FIELD_VALUES = st.one_of(st.just(_DELETE), st.integers(-3, 4), st.sampled_from((10**12, 1.0, 2.0, True, None, "",
                          "2", "0" * 64, [], {}, [1, 2])), st.text(max_size=8))
manifest_cases = st.tuples(st.sampled_from(_FIELD_PATHS), _FIELD_VALUES)
