"""The `latweave` command: parses arguments, calls the library, prints renderables. Nothing else.

Exit codes: 0 answered (an answer set or a verdict; for audit: the proof checks out), 3 abstained,
2 user error (bad arguments, plan, corpus or lattice), 4 engine failure or engine not available
here, 5 audit failed (a step of the proof does not follow from the lattice), 6 the lattice may
not go live (`check`, `build`: some dimension's meets are not unique), 7 the LLM endpoint could not
be reached (`ask`, `verify --text`, `build --extract llm`: after the client's retries) — a fault of
the connection, told apart from an abstention on the question (3) and from bad input (2).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from pathlib import Path

# the exit statuses live in errors.py (the REPL's batches exit with them too); tests import them from here
from latweave.errors import (EXIT_ABSTAIN, EXIT_AUDIT, EXIT_ENGINE, EXIT_INTERRUPTED, EXIT_TERMINATED,  # noqa: F401
                             EXIT_LLM_UNREACHABLE, EXIT_NOT_LIVE, EXIT_OK, EXIT_USER, LatweaveError)
from latweave.eval.baselines import NAMES as BASELINES
from latweave.folder.names import CALLS_FILE
from latweave.ingest.kb_formats import FORMATS, formats_help, functional_help

#: The longest --timeout accepted, in seconds (one day): more is a typo, and `1e308` or `inf`
#: would overflow the timers that enforce it.
MAX_TIMEOUT_S = 86_400.0


def seconds(text: str) -> float:
    """argparse type of every --timeout: a positive, finite number of seconds, at most a day."""
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is None or not (0 < value <= MAX_TIMEOUT_S):  # also refuses nan, inf and -inf
        raise argparse.ArgumentTypeError(
            f"expected a positive number of seconds, at most {MAX_TIMEOUT_S:,.0f} (one day); got {text!r}")
    return value


def fraction(text: str) -> float:
    """argparse type: a share of a whole, 0 < F <= 1 (`--train-fraction 0.1`)."""
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is None or not 0.0 < value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a fraction with 0 < F <= 1, got {text!r}")
    return value


def count(least: int):
    """argparse type: a whole number, at least `least` (a negative --limit or a --concurrency of 0
    is a typo, not a request)."""
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < least:
            raise argparse.ArgumentTypeError(f"expected a whole number, at least {least}; got {text!r}")
        return value

    return read


def _console(stderr: bool = False):
    from latweave.output import console

    # data strings inside any renderable reach the terminal escaped (latweave/terminal.py); piped
    # output is never wrapped (latweave/output.py)
    return console(stderr=stderr, highlight=False, soft_wrap=False)


def _print(args, shown) -> None:
    """Print what a command shows on stdout: through a pager at a terminal (latweave/output.py;
    not with --no-pager), else as it is."""
    from latweave.output import paged, wants_pager

    command = None if getattr(args, "no_pager", False) else wants_pager()
    if command is None:
        _console().print(shown)
        return
    with paged(command) as console:
        console.print(shown)


def _m(value, newlines: bool = False) -> str:
    """A data string (a path, a name, a plan) inside rich markup: escaped for the terminal, and its
    brackets kept from being read as markup tags."""
    from rich.markup import escape

    from latweave.terminal import safe

    return escape(safe(str(value), newlines=newlines))


def _json_text(text: str) -> str:
    """JSON text that UTF-8 can encode (latweave/output.py `json_text`: the server answers the same)."""
    from latweave.output import json_text

    return json_text(text)


def _write_json(text: str) -> None:
    sys.stdout.write(_json_text(text) + "\n")


def _print_json(obj) -> None:
    _write_json(json.dumps(obj, ensure_ascii=False, sort_keys=True, indent=2))


def _render(args, shown) -> None:
    """`--json`: the object's JSON on stdout; else its rendering (it renders itself)."""
    if args.json:
        _write_json(shown.to_json())
    else:
        _print(args, shown)


def _show(args, shown, view=None) -> None:
    """What `run` and `verify` print: the object's JSON (`--json`) or its rendering (or `view`, a
    rendering of it: `run --answers-only`), and with `--save FILE` its JSON written there too."""
    if args.save:
        from latweave.result_file import with_folder, write_saved

        saved = with_folder(json.loads(shown.to_json()), args.lattice)   # audit finds its lattice from it
        write_saved(args.save, _json_text(json.dumps(saved, ensure_ascii=False, sort_keys=True, indent=2)) + "\n")
    if view is not None and not args.json:
        _print(args, view)
    else:
        _render(args, shown)


def cmd_build(args) -> int:
    """Exit 0 when built; 6 (nothing written) when some dimension's meets are not unique; with
    --extract llm, 4 when some window got no usable answer (the lattice is written with the rest,
    and a rerun asks only for the failed windows)."""
    from latweave import api
    from latweave.ingest.progress import CountBar, ProgressBar, Working

    llm = None
    if args.extract == "rules":
        summary = api.build(args.paths, args.out, format=args.format, allow=args.allow, extract="rules")
        _render(args, summary)
        return EXIT_OK
    if args.extract == "llm":
        if args.format not in (None, "corpus"):
            raise LatweaveError("--extract llm reads a text corpus folder", hint="drop --format")
        llm = _model_config(args)
    functional = None if args.functional is None else [r for r in args.functional.split(",") if r.strip()]
    if args.spark_master is not None and args.engine != "spark":
        raise LatweaveError("--spark-master is for --engine spark", hint="add --engine spark, or drop --spark-master")
    corpus = args.format == "corpus" or args.format is None and all(os.path.isdir(p) for p in args.paths)
    bar = ProgressBar() if llm is not None else CountBar("reading facts") if corpus else \
        Working(f"building {args.out}")
    try:
        with bar as progress:
            summary = api.build(args.paths, args.out, format=args.format, allow=args.allow, strict=args.strict,
                                functional=functional, progress=progress, llm=llm, cache=args.cache,
                                engine=args.engine, spark_master=args.spark_master)
    except api.NotLive as exc:
        return _not_live(args, exc)
    _render(args, summary)
    return EXIT_OK if summary.complete else EXIT_ENGINE


def _change_arguments(p) -> None:
    """The arguments `add` and `remove` share."""
    p.add_argument("--lattice", required=True, help="the lattice folder to change (atomically)")
    p.add_argument("--allow", action="store_true",
                   help="write the lattice even when some dimension's meets are not unique (latweave check)")
    _extract_arguments(p, "a lattice a model extracted", "the extraction cache (default: the one the lattice's "
                                                          "build used)")
    p.add_argument("--json", action="store_true")


def _model_arguments(p, when: str = "") -> None:
    """The flags that name a model and reach it — one spelling and one meaning in every command
    that asks one (`_model_config` reads them); `when` says when they count, where not always."""
    say = f"{when}: " if when else ""
    p.add_argument("--model", default=None, help=f"{say}the model (default: $LATWEAVE_MODEL or --config)")
    p.add_argument("--base-url", default=None, help=f"{say}an OpenAI-compatible endpoint, e.g. "
                                                    "http://127.0.0.1:8080/v1 (default: $OPENAI_BASE_URL or --config)")
    p.add_argument("--api-key", default=None, help=f"{say}default $OPENAI_API_KEY or --config")
    p.add_argument("--config", default=None, metavar="FILE",
                   help=f"{say}a JSON file with LLMConfig fields (default: $LATWEAVE_LLM_CONFIG)")
    p.add_argument("--timeout", type=seconds, default=None, metavar="SECONDS",
                   help=f"{say}seconds one request may take (default 60, or --config); raise it for a model on CPU")


def _model_config(args):
    """The LLMConfig of `_model_arguments` (and an extraction's --concurrency), each flag left out
    taken from the environment or --config."""
    from latweave import api

    return api.LLMConfig.resolve(model=args.model, base_url=args.base_url, api_key=args.api_key,
                                 config_file=args.config, concurrency=getattr(args, "concurrency", None),
                                 timeout_s=args.timeout)


def _extract_arguments(p, when: str, cache_help: str) -> None:
    """The model arguments of an extraction (`build --extract llm`, and `add` / `remove` on a
    lattice a model extracted); `when` says when they count."""
    _model_arguments(p, when)
    p.add_argument("--cache", default=None, metavar="DIR", help=f"{when}: {cache_help}")
    p.add_argument("--concurrency", type=count(1), default=None,
                   help=f"{when}: requests in flight at once (default 4, or --config)")


def _change_llm(args):
    """The model of a change to an extracted lattice: given or configured, else None (a lattice
    of facts needs none; one a model extracted says so when it needs it)."""
    if not (args.model or args.config or os.environ.get("LATWEAVE_MODEL") or os.environ.get("LATWEAVE_LLM_CONFIG")):
        return None
    return _model_config(args)


def _changed(args, call) -> int:
    """Run a change (`add`, `remove`): exit 6, nothing written, when the new lattice may not go live."""
    from latweave import api
    from latweave.ingest.progress import Working

    try:
        with Working(f"{args.func.__name__.removeprefix('cmd_')}: writing {args.lattice}"):
            change = call()
    except api.NotLive as exc:
        return _not_live(args, exc)
    _render(args, change)
    return EXIT_OK if change.complete else EXIT_ENGINE


def _not_live(args, exc) -> int:
    """A build or change refused by the legitimacy gate: its report (or JSON), the error, and its
    exit status (latweave/outcomes.py: 6)."""
    from latweave.outcomes import exit_code

    if args.json:
        _print_json(exc.to_dict())
    else:
        _print(args, exc.report)
        _print_error(exc)
    return exit_code(exc)


def cmd_add(args) -> int:
    """Exit 0 when added; 6 (nothing changed) when some dimension's meets would not be unique."""
    from latweave import api

    return _changed(args, lambda: api.add(args.lattice, args.paths, allow=args.allow, llm=_change_llm(args),
                                          cache=args.cache, replace=args.replace))


def cmd_remove(args) -> int:
    from latweave import api

    return _changed(args, lambda: api.remove(args.lattice, sources=args.source, docs=args.doc, allow=args.allow,
                                             llm=_change_llm(args), cache=args.cache))


def cmd_history(args) -> int:
    from latweave import api

    shown = api.history(args.lattice)
    _render(args, shown)
    return EXIT_OK


def _plan_text(args, what: str = "plan", file_form: str = "-f FILE") -> str:
    """The text of a plan (or of a claim, a question: `what` names the argument that holds it):
    the argument, or -f FILE (- for stdin)."""
    from latweave.textio import read_stdin, read_text

    given = getattr(args, what)
    if args.file and given:
        raise LatweaveError(f"a {what} is given twice: as text and with -f {args.file}",
                            hint=f"pass the {what} text, or {file_form}, not both")
    if args.file:
        return read_text(args.file) if args.file != "-" else read_stdin()
    if given:
        return given
    raise LatweaveError(f"no {what} given", hint=f"pass the {what} text, or {file_form}")


def cmd_run(args) -> int:
    from latweave import api

    if args.llm_timeout is not None:
        raise LatweaveError("--timeout is the seconds one LLM request may take (ask, verify --text, build "
                            "--extract llm); run asks no model",
                            hint=f"stop the engine with --engine-timeout {args.llm_timeout}")

    text = _plan_text(args)
    plan = api.parse_plan(text)
    if args.offset is not None and args.limit is None:
        raise LatweaveError("--offset needs --limit (the size of the page)",
                            hint=f"e.g. --limit 100 --offset {args.offset}")
    if args.all and args.limit is not None:
        raise LatweaveError("--all shows every answer and --limit a page of them", hint="pass one of them")
    if args.answers_only and args.json:
        raise LatweaveError("--answers-only is a view of the rendering, and --json prints the whole result",
                            hint="pass one of them (the JSON's answers: --json | jq -r '.answers[]')")
    limit, capped = args.limit, args.limit is None and _at_terminal_with_proofs(args)
    if capped:
        limit = TERMINAL_ANSWERS
    with api.open(args.lattice, args.engine, timeout=args.timeout) as lattice:
        # EngineTimeout (exit 4) past --timeout: nothing is saved
        # --answers-only shows no proof, so none is built (unless --save keeps the whole result)
        proofs = not args.answers_only or bool(args.save)
        result = lattice.run(plan, text, limit=limit, offset=args.offset or 0, rank=args.rank, proofs=proofs)
        hints = () if args.json else lattice.suggest(plan, result)
    _show(args, result, result.answers_only() if args.answers_only else None)
    _print_hints(hints)
    _print_next_page(args, result, capped)
    return EXIT_ABSTAIN if result.status == "abstain" else EXIT_OK


#: The answers `run` shows, with their proofs, when it prints to a terminal and no --limit is given
#: (as duckdb's shell shows 40 rows): a note after them spells out the command for the next ones,
#: and `--all` shows every one.
TERMINAL_ANSWERS = 20


def _at_terminal_with_proofs(args) -> bool:
    """Whether `run` shows proof trees to a person at a terminal (the case a row cap is for): not
    JSON, not the answers alone, nothing saved (a saved result is the one asked for), no ranking
    (it orders the whole set), no --all."""
    from latweave.output import is_terminal

    return not (args.all or args.json or args.answers_only or args.save or args.rank) and is_terminal(sys.stdout)


def _print_next_page(args, result, capped: bool) -> None:
    """After a page that more answers follow: how many, and the command that shows the next ones
    (this command with its --offset moved on), on stderr: stdout stays the result alone."""
    import shlex

    from rich.text import Text

    from latweave.terminal import safe

    info = result.page
    if info is None or not info.more:
        return
    following = info.page.next()
    remaining = max(info.total, info.contested_total) - following.offset
    given = _without_offset(args.argv)
    end = given.index("--") if "--" in given else len(given)   # the new flags go before a `--`
    moved = (["--limit", str(following.limit)] if capped else []) + ["--offset", str(following.offset)]
    words = ["latweave", *given[:end], *moved, *given[end:]]
    tail = " (--all: every answer at once)" if capped else ""
    _console(stderr=True).print(Text.assemble((f"{remaining:,} more", "bold cyan"), ": ",
                                              safe(shlex.join(words), newlines=False), tail),
                                highlight=False, soft_wrap=True)


def _without_offset(argv: list[str]) -> list[str]:
    """The command's arguments without its --offset (or an abbreviation argparse took for it)."""
    out, skip = [], False
    for i, word in enumerate(argv):
        if skip:
            skip = False
            continue
        if word == "--":
            return out + argv[i:]
        flag = word.split("=", 1)[0]
        if len(flag) > 2 and "--offset".startswith(flag):
            skip = "=" not in word
            continue
        out.append(word)
    return out


def _print_hints(hints) -> None:
    """A hint beside a result (latweave/suggest.py), on stderr: stdout stays the result alone."""
    from rich.text import Text

    from latweave.terminal import safe

    for hint in hints:
        _console(stderr=True).print(Text.assemble(("hint", "bold yellow"), ": ", safe(hint)), highlight=False,
                                    soft_wrap=True)


def _note(text: str) -> None:
    """`note: ...` on stderr: an old spelling still read, and its new one."""
    from rich.text import Text

    from latweave.terminal import safe

    _console(stderr=True).print(Text.assemble(("note", "bold cyan"), ": ", safe(text)), highlight=False,
                                soft_wrap=True)


def cmd_verify(args) -> int:
    from latweave import api

    if args.text is not None:
        if args.claim or args.file:
            raise LatweaveError("a claim is given twice: as text (--text, for the model to write down) and "
                                "in the plan language", hint="pass one of them, not both")
        config = _model_config(args)
        with api.open(args.lattice, args.engine, timeout=args.engine_timeout) as lattice:
            translator = lattice.claim_translator(config, cache=args.cache, replay=args.replay,
                                                  repairs=args.repairs, record=_record_path(args.record, args.cache))
            verification = lattice.verify_text(args.text, translator)
    else:
        text = _plan_text(args, what="claim")
        claims = api.parse_claims(text)
        with api.open(args.lattice, args.engine, timeout=args.engine_timeout) as lattice:
            verification = lattice.verify(claims, text)
    _show(args, verification)
    if verification.reason == "planner_unavailable":
        return EXIT_LLM_UNREACHABLE
    return EXIT_OK if verification.verdict in ("supported", "refuted") else EXIT_ABSTAIN


def cmd_check_plan(args) -> int:
    from latweave import api

    text = _plan_text(args)
    plan = api.parse_plan(text)
    errors = api.plan_errors(plan, args.lattice, text, values=True) if args.lattice else []
    if errors:
        from latweave.outcomes import exit_code

        if args.json:
            _print_json({"ok": False, "errors": [e.to_dict() for e in errors]})
        else:
            for error in errors:
                _print_error(error)
        return max(map(exit_code, errors))
    if args.json:
        _print_json({"ok": True, "plan": api.plan_text(plan)})
    else:
        _console().print(_m(api.plan_text(plan), newlines=True), highlight=False)
    return EXIT_OK


def cmd_explain(args) -> int:
    from latweave import api

    result = api.read_result(args.result)  # its shape checked: SourceError otherwise
    if args.svg or args.html:
        from latweave.explain_export import export

        # an existing file is replaced only when an earlier export wrote it (latweave/owned_file.py)
        export(result, svg=args.svg, html=args.html, width=args.width)
    if args.json:  # the whole result, as `run --json` prints it: without the folder `--save` adds
        from dataclasses import replace

        from latweave.result_file import without_folder

        _write_json(replace(result, lattice=without_folder(result.lattice)).to_json())
    else:
        _print(args, result)
    return EXIT_ABSTAIN if result.status == "abstain" else EXIT_OK


def cmd_audit(args) -> int:
    """Certify a saved result against a lattice folder, no engine: 0 when every proof step holds
    and the result is exactly what the plan denotes; 5 when not, or when a lattice file no longer
    matches the manifest; 2 (a StoreError or SourceError) when the folder is no lattice or the
    file no result."""
    from latweave import api

    report = api.audit(args.result, lattice=args.lattice)  # the file's shape checked first
    if args.json:
        _print_json(report.to_dict())
    else:
        _print(args, report)
    return EXIT_OK if report.ok else EXIT_AUDIT


def cmd_check(args) -> int:
    from latweave import api

    if (args.lattice_path is None) == (args.lattice_flag is None):
        raise LatweaveError("check needs one lattice folder: --lattice DIR",
                            hint="latweave check --lattice out/zoo")
    if args.lattice_path is not None:   # the old spelling, still read: the lattice is --lattice everywhere
        _note(f"every command takes the lattice as --lattice DIR: latweave check --lattice {args.lattice_path}")
    report = api.check_lattice(args.lattice_flag or args.lattice_path)
    if args.json:
        _print_json(report.to_dict(limit=None if args.all else 50))
    else:
        _print(args, report)
    return EXIT_OK if report.ok else EXIT_NOT_LIVE


def cmd_repl(args) -> int:
    """Read plans (a blank line or `;;` runs what was typed), print results (latweave/repl.py);
    reading a pipe, exit with the worst of the plans' statuses."""
    from latweave import api
    from latweave.repl import run_repl

    with api.open(args.lattice, args.engine) as lattice:
        return run_repl(lattice, args.lattice, as_json=args.json, console=_console(),
                        write_json=_write_json, show_error=_print_error, limit=args.limit)


def cmd_engines(args) -> int:
    from latweave import api

    table = api.list_engines()
    _render(args, table)
    return EXIT_OK


def cmd_demo(args) -> int:
    from latweave import api

    console = _console()
    for part in api.run_demo(args.out, args.corpus, args.engine):
        console.print(part)
    return EXIT_OK


def cmd_ask(args) -> int:
    """Exit 0 when every question was answered; 7 when the endpoint could not be reached for one,
    else 3 when one abstained."""
    from latweave import api
    from latweave.ask import read_questions

    text = _plan_text(args, "question", "-f FILE (one question a line)")
    questions = read_questions(text, args.file) if args.file else [text]
    config = _model_config(args)
    exemplars = api.read_exemplars(args.exemplars) if args.exemplars else None
    codes = []
    with api.open(args.lattice, args.engine) as lattice:
        planner = lattice.llm_planner(config, record=_record_path(args.record, args.cache), repairs=args.repairs,
                                      cache=args.cache, replay=args.replay, exemplars=exemplars)
        for question in questions:
            asked = lattice.ask(question, planner)
            if not args.file:
                _render(args, asked)
            elif args.json:
                _write_json(asked.to_json_line())      # one line a question
            else:
                from rich.text import Text

                _console().print(Text.assemble(("question", "bold"), ": ", question))
                _console().print(asked)
            codes.append(EXIT_LLM_UNREACHABLE if "planner_unavailable" in asked.result.reasons else
                         EXIT_ABSTAIN if asked.result.status == "abstain" else EXIT_OK)
    return next((c for c in (EXIT_LLM_UNREACHABLE, EXIT_ABSTAIN) if c in codes), EXIT_OK)


def _serve_config(args, http: bool):
    """The checked ServeConfig of `serve` (http) or `mcp` (stdio): the serve extra installed first."""
    from latweave import serve
    from latweave.serve.config import Limits, ServeConfig, lattice_specs, read_token

    serve.require()
    limits = Limits(body_bytes=args.max_body, page=min(args.page_size, args.max_page), max_page=args.max_page,
                    engine_s=args.engine_timeout)
    llm = {"model": args.model, "base_url": args.base_url, "config": args.config, "timeout": args.timeout}
    if not http:
        return ServeConfig(lattice_specs(args.lattice), engine=args.engine, limits=limits, llm=llm,
                           sessions=args.sessions).checked()
    return ServeConfig(lattice_specs(args.lattice), host=args.host, port=args.port,
                       token=read_token(args.token_file), allow_writes=args.allow_writes, cors=tuple(args.cors),
                       engine=args.engine, limits=limits, llm=llm, sessions=args.sessions).checked()


def cmd_serve(args) -> int:
    """Serve lattices over HTTP (and MCP at /mcp) until interrupted; exit 2 before listening when the
    settings are not safe (docs/serve.md, "Security") or the serve extra is missing."""
    config = _serve_config(args, http=True)
    from latweave.serve.run import serve

    serve(config, log_level="info" if args.verbose else "warning")
    return EXIT_OK


def cmd_mcp(args) -> int:
    """The MCP server on stdio (for an MCP client that starts it: Claude Desktop, an IDE, an agent)."""
    config = _serve_config(args, http=False)
    from latweave.serve.run import serve_stdio

    serve_stdio(config)
    return EXIT_OK


def _served_arguments(p) -> None:
    """What `serve` and `mcp` share: the lattices by name, the engine and the bounds, the LLM of ask."""
    p.add_argument("--lattice", action="append", required=True, metavar="NAME=DIR",
                   help="serve the lattice folder DIR as NAME (repeatable); requests name it, never its folder")
    p.add_argument("--engine", default=None)
    p.add_argument("--engine-timeout", type=seconds, default=30.0, metavar="SECONDS",
                   help="stop an engine evaluation after SECONDS (HTTP 504; default 30)")
    p.add_argument("--sessions", type=count(1), default=1, metavar="N",
                   help="read sessions per lattice, opened on demand: requests of one lattice that run side by "
                        "side, each session with its own engine connection and caches (default 1)")
    p.add_argument("--max-body", type=count(1024), default=1 << 20, metavar="BYTES",
                   help="the largest request body (HTTP 413 past it; default 1 MiB)")
    p.add_argument("--page-size", type=count(1), default=100, metavar="N",
                   help="answers in a page when a request names no limit (default 100)")
    p.add_argument("--max-page", type=count(1), default=1000, metavar="N",
                   help="the most answers one page may hold (default 1000)")
    p.add_argument("--model", default=None, help="ask: the model (default: $LATWEAVE_MODEL or --config)")
    p.add_argument("--base-url", default=None, help="ask: an OpenAI-compatible endpoint (default: $OPENAI_BASE_URL "
                                                    "or --config); the key is read from $OPENAI_API_KEY or --config")
    p.add_argument("--config", default=None, metavar="FILE",
                   help="ask: a JSON file with LLMConfig fields (default: $LATWEAVE_LLM_CONFIG)")
    p.add_argument("--timeout", type=seconds, default=None, metavar="SECONDS",
                   help="ask: seconds one LLM request may take (default 60, or --config)")
    p.add_argument("-v", "--verbose", action="store_true", help="log each request (uvicorn's access log) on stderr")


def _read_and_show(p, what: str, text_help: str, engine_help: str, save_help: str, verbose: bool = True) -> None:
    """The arguments `run` and `verify` share: the text or -f FILE, the lattice and engine, and
    how the outcome is shown (`_show`); `verbose`: Spark's -v (verify's is the LLM client's)."""
    p.add_argument(what, nargs="?", help=text_help)
    p.add_argument("-f", "--file", help=f"read the {what} from FILE (- for stdin)")
    p.add_argument("--lattice", required=True)
    p.add_argument("--engine", default=None, help=engine_help)
    _spark_master_argument(p, verbose)
    p.add_argument("--json", action="store_true")
    p.add_argument("--save", help=save_help)


def _llm_arguments(p, cache_dest: str = "cache") -> None:
    """The flags of a command that asks a model for plans: one meaning each, in every such command."""
    _model_arguments(p)
    p.add_argument("--repairs", type=count(0), default=2, help="how many times an invalid plan goes back for repair")
    p.add_argument("--cache", dest=cache_dest, default=None, metavar="FILE",
                   help="the plan cache (JSON lines): the model's replies, read first, appended to")
    p.add_argument("--replay", action="store_true",
                   help="use only the plan cache: a miss abstains cache_miss, no request is made")
    p.add_argument("--record", default=None, metavar="FILE",
                   help="append every LLM call (messages, reply) to this JSON-lines file "
                        "(default: beside the plan cache, <cache>.calls.jsonl)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="on stderr: the endpoint and model of each request, each raw reply, each rejected plan "
                        "(and with --engine spark, the log lines of Spark's JVM)")


def _record_path(record: str | None, cache: str | None) -> str | None:
    """Where LLM calls are logged: --record, else beside the plan cache (`<cache>.calls.jsonl`)."""
    return record if record is not None else (f"{cache}.{CALLS_FILE}" if cache else None)


def _eval_llm(args) -> dict | None:
    """LLMPlanner's keyword arguments for `eval --planner llm` (None for other planners)."""
    if args.planner != "llm":
        return None
    return {"config": _model_config(args), "cache": args.plan_cache, "replay": args.replay,
            "repairs": args.repairs, "record": _record_path(args.record, args.plan_cache)}


def cmd_eval(args) -> int:
    from latweave import api
    from latweave.ingest.progress import CountBar

    if args.old_limit is not None:
        if args.limit is not None:
            raise LatweaveError("--limit is the old name of --max-questions: pass one of them")
        args.limit = args.old_limit
        _note(f"eval's --limit is now --max-questions (--limit pages answers in run and repl): "
              f"--max-questions {args.old_limit}")
    if args.plan_cache is not None and Path(args.plan_cache).is_dir():
        raise LatweaveError(f"--cache is the plan cache, a JSON-lines file, and {args.plan_cache} is a folder",
                            hint=f"the folder the benchmark's lattices are built into is --lattices {args.plan_cache}")

    if args.out:
        from latweave.eval.harness import check_records_path

        check_records_path(args.out)   # before minutes of evaluation, not after
    bars = []

    def progress(label):
        bar = CountBar(label)
        bars.append(bar)
        return bar.__enter__()

    try:
        report = api.evaluate(args.dataset, split=args.split, data=args.data, hops=args.hops,
                              questions=args.questions, kb=args.kb, planner=args.planner, engine=args.engine,
                              limit=args.limit, cache=args.lattices, knockout=args.knockout,
                              failures=args.failures, llm=_eval_llm(args), progress=progress,
                              engine_timeout=args.engine_timeout, train_questions=args.train_questions,
                              train_kb=args.train_kb, train_hops=args.train_hops,
                              train_fraction=args.train_fraction, baseline=args.baseline, claims=args.claims,
                              folds=args.folds, from_text=args.from_text,
                              rank=args.rank)
    finally:
        for bar in bars:
            bar.__exit__(None, None, None)
    if args.out:
        report.write_records(args.out)
    if args.json:
        _print_json(report.to_dict())
    else:
        _print(args, report)
    return EXIT_OK


def parser() -> argparse.ArgumentParser:
    from latweave import __version__

    top = argparse.ArgumentParser(
        prog="latweave", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="latweave: deterministic, auditable multi-hop question answering on knowledge lattices.\n"
                    "Build a lattice from corpus folders or KB files, run plans on it (meet: the complete "
                    "answer set;\ncompare: a verdict or an extremum; abstain: with its reason), each answer "
                    "with a proof tree that\n`latweave audit` replays from the lattice's files alone.",
        epilog="exit codes: 0 answered, 2 bad input, 3 abstained, 4 engine failure or not available, 5 audit "
               "failed,\n6 the lattice may not go live, 7 the LLM endpoint could not be reached.  Start with `latweave demo`; `latweave COMMAND -h` for one.")
    top.add_argument("--version", action="version", version=f"latweave {__version__}")
    top.add_argument("--no-pager", action="store_true",
                     help="never page (at a terminal, long output goes through $LATWEAVE_PAGER, else $PAGER, "
                          "else less -FRX; PAGER=cat turns it off too; piped output is never paged)")
    sub = top.add_subparsers(dest="command", required=True)

    p = sub.add_parser("build", help="build a lattice folder from corpus folders or KB files")
    p.add_argument("paths", nargs="+", metavar="SOURCE",
                   help="a corpus folder, or a KB file (its format read off its content, or given by --format); "
                        "several are read in order, as one "
                        "(corpus folders; KB files of one format; a text corpus folder and more documents)")
    p.add_argument("--out", required=True, help="the lattice folder to write (atomically)")
    p.add_argument("--format", default=None,
                   choices=("corpus", *FORMATS),
                   help="default: a folder is a corpus folder, a file a KB whose format (tsv, csv or ntriples) "
                        "is read off its first lines (docs/kb-input.md). corpus: corpus folders; "
                        + formats_help())
    p.add_argument("--allow", action="store_true",
                   help="write the lattice even when some dimension's meets are not unique (latweave check)")
    p.add_argument("--strict", action="store_true",
                   help="a malformed line or unreadable value is fatal (default: reported and skipped)")
    p.add_argument("--functional", default=None, metavar="RELATIONS",
                   help="KB formats: the comma-separated relations that take one value per subject "
                        "(two contradicting values then make a contested coordinate); default: the "
                        f"format's own ({functional_help()}); '' for none")
    p.add_argument("--engine", default=None, choices=("python", "duckdb", "spark"),
                   help="python: build the model in this process; duckdb: join one tsv/pathquestion/metaqa KB file in "
                        "DuckDB and stream the lattice out (the same lattice; periods and contested coordinates are "
                        "refused); default: duckdb where it builds the KB, else python; spark: read a "
                        "pathquestion/metaqa KB (a file, or a folder of part files in name order) with Spark and "
                        "stream the lattice out, for KBs larger than memory (needs pyspark and Java 17+; contested "
                        "coordinates are refused; the lattice keeps no sources)")
    p.add_argument("--spark-master", default=None, metavar="URL",
                   help="--engine spark: the Spark master (default: $LATWEAVE_SPARK_MASTER or local[*])")
    _spark_verbose_argument(p)
    p.add_argument("--extract", default="none", choices=("none", "llm", "rules"),
                   help="none: facts come from facts.jsonl (default); llm: a model extracts them from "
                        "documents/*.txt (see corpora/bios/README.md); rules: the rules of "
                        "latweave/ingest/rules/rules.toml extract them, with no model")
    _extract_arguments(p, "--extract llm", "the extraction cache (default: OUT.extract-cache); a rerun resumes from it")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("add", help="add sources to a lattice, atomically (the lattice a full build over its sources "
                                   "and these would give)")
    p.add_argument("paths", nargs="+", metavar="SOURCE",
                   help="corpus folders, documents (.txt, for a lattice a model extracted) or KB files of the "
                        "lattice's format")
    p.add_argument("--replace", action="store_true",
                   help="each SOURCE replaces the lattice's source of its name (a refreshed source), in place, "
                        "in one atomic change")
    _change_arguments(p)
    p.set_defaults(func=cmd_add)

    p = sub.add_parser("remove", help="remove sources or documents from a lattice, atomically")
    p.add_argument("--source", action="extend", nargs="+", default=[], metavar="NAME",
                   help="sources of the lattice, by name or path (`latweave history` lists them)")
    p.add_argument("--doc", action="extend", nargs="+", default=[], metavar="ID",
                   help="a document, by its id (a corpus document's path below documents/ without .txt; a 2Wiki "
                        "question's `<file>#<_id>`), removed with every fact that cites it")
    _change_arguments(p)
    p.set_defaults(func=cmd_remove)

    p = sub.add_parser("history", help="the changes of a lattice: what was built, added and removed, when")
    p.add_argument("--lattice", required=True)
    p.add_argument("--json", action="store_true")
    _pager_argument(p)
    p.set_defaults(func=cmd_history)

    p = sub.add_parser("run", help="run one plan against a lattice")
    _read_and_show(p, "plan", "the plan text (the plan language, or its JSON form)",
                   "engine name (default: sqlite for one plan, duckdb for a batch: `latweave engines` says why)",
                   "also write the result JSON (with its proof) to this file")
    p.add_argument("--engine-timeout", dest="timeout", type=seconds, default=None,
                   metavar="SECONDS", help="stop the engine after SECONDS (exit 4, nothing saved); default: "
                   "no limit")
    # `--timeout` means one thing in every command, the LLM request's seconds; run asks no model
    p.add_argument("--timeout", dest="llm_timeout", default=None, help=argparse.SUPPRESS)
    p.add_argument("--limit", type=count(1), default=None, metavar="N",
                   help="show one page of at most N answers (sorted by label), with proofs for those "
                        "only; the total stays exact (the engine still derives every answer). Extrema, "
                        "verdicts and abstentions are not paged")
    p.add_argument("--offset", type=count(0), default=None, metavar="K",
                   help="with --limit: the page starts after the first K answers (default 0)")
    p.add_argument("--rank", action="store_true",
                   help="also order the answer set by a personalised PageRank from the plan's anchors "
                        "(\"ranking\" beside the complete sorted \"answers\")")
    p.add_argument("--all", action="store_true",
                   help=f"at a terminal, show every answer with its proof (default: the first "
                        f"{TERMINAL_ANSWERS}, then the command for the next ones)")
    p.add_argument("--answers-only", action="store_true",
                   help="print the answers alone, one a line (no proofs); a verdict or an abstention as "
                        "its one line")
    _pager_argument(p)
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("verify", help="check a claim: each assertion supported, refuted, contested or "
                                      "not enough evidence, with its proof")
    _read_and_show(p, "claim", "the claim: let steps, then assertions joined by & — holds(...), "
                               "same(...)/differ(...), or argmax/argmin(...) is WINNER",
                   "engine name (default: duckdb for the batch of assertions)",
                   "also write the verification JSON (every assertion's result and proof) to FILE", verbose=False)
    p.add_argument("--engine-timeout", dest="engine_timeout", type=seconds, default=None,
                   metavar="SECONDS", help="stop the engine after SECONDS (exit 4, nothing saved)")
    p.add_argument("--text", default=None, help="the claim as text: a model writes it down in the plan "
                                                "language first (--model, --base-url ...)")
    _llm_arguments(p)
    _pager_argument(p)
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("check-plan", help="parse and type-check a plan without running it")
    p.add_argument("plan", nargs="?", help="the plan text (the plan language, or its JSON form)")
    p.add_argument("-f", "--file", help="read the plan from FILE (- for stdin)")
    p.add_argument("--lattice", help="type-check against this lattice's schema (parse only without it)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_check_plan)

    p = sub.add_parser("explain", help="render a saved result and its proof tree")
    p.add_argument("result", help="a file written by `latweave run --json` or `--save`")
    p.add_argument("--json", action="store_true", help="print the result as JSON (as `run --json` does)")
    p.add_argument("--svg", help="also export the rendering as SVG")
    p.add_argument("--html", help="also export the rendering as HTML")
    p.add_argument("--width", type=count(20), default=110, metavar="COLUMNS",
                   help="the width the tree is drawn at (default 110)")
    _pager_argument(p)
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("audit", help="re-verify a saved result's proof against the lattice files, no engine")
    p.add_argument("result", help="a file written by `latweave run --json` or `--save`")
    p.add_argument("--lattice", help="the lattice folder the result was computed on (default: the one the "
                                     "saved file names, checked by its content hash)")
    p.add_argument("--json", action="store_true")
    _pager_argument(p)
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("check", help="is the lattice legitimate? unique meets, distributivity, FCA, width")
    # `check DIR`, its old spelling, is still read (with a note): no other command takes the lattice
    # as a positional argument, and run's, verify's and check-plan's positional is the plan
    p.add_argument("lattice_path", nargs="?", metavar="LATTICE", help=argparse.SUPPRESS)
    p.add_argument("--lattice", dest="lattice_flag", metavar="LATTICE", help="the lattice folder, as every command takes it")
    p.add_argument("--json", action="store_true")
    p.add_argument("--all", action="store_true", help="with --json: do not cut long lists at 50")
    _pager_argument(p)
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("repl", help="type plans, see results (blank line runs the plan)")
    p.add_argument("--lattice", required=True)
    p.add_argument("--engine", default=None)
    _spark_master_argument(p)
    p.add_argument("--json", action="store_true")
    p.add_argument("--limit", type=count(1), default=None, metavar="N",
                   help="show N answers at a time (exact total; proofs for those only); :more shows the "
                        "next N, :limit N|off changes it")
    p.set_defaults(func=cmd_repl)

    p = sub.add_parser("engines", help="list engines and whether each can run here")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_engines)

    p = sub.add_parser("demo", help="build the shipped zoo corpus and run example plans")
    p.add_argument("--corpus", default=None, metavar="DIR", help="a corpus folder (default: the shipped zoo)")
    p.add_argument("--out", default="out/zoo-lattice", metavar="DIR",
                   help="the lattice folder to build (default out/zoo-lattice)")
    p.add_argument("--engine", default=None)
    _spark_master_argument(p)
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser("ask", help="plan a question with an LLM (any OpenAI-compatible endpoint), then run the plan")
    p.add_argument("question", nargs="?", help="the question, in words")
    p.add_argument("-f", "--file", help="read the questions from FILE, one a line (- for stdin); with --json, "
                                        "one JSON line each, with its \"question\"")
    p.add_argument("--lattice", required=True)
    p.add_argument("--engine", default=None)
    _spark_master_argument(p, verbose=False)
    p.add_argument("--exemplars", default=None, help="few-shot examples: JSON lines {\"question\", \"plan\"}")
    p.add_argument("--json", action="store_true")
    _llm_arguments(p)
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("serve", help="serve lattices over HTTP: run, check, explain, verify, audit, ask, "
                                     "dimensions, history; MCP at /mcp (needs the serve extra)",
                       allow_abbrev=False)   # `--token SECRET` must not be read as --token-file
    _served_arguments(p)
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to bind (default 127.0.0.1; any other needs a token)")
    p.add_argument("--port", type=count(0), default=8000, help="the port (default 8000; 0: any free one, printed)")
    p.add_argument("--token-file", default=None, metavar="FILE",
                   help="the bearer token every request must send, on the file's first line (default: "
                        "$LATWEAVE_TOKEN); never given on the command line")
    p.add_argument("--allow-writes", action="store_true",
                   help="allow add and remove (they need the token too)")
    p.add_argument("--cors", action="append", default=[], metavar="ORIGIN",
                   help="allow browser requests from ORIGIN (repeatable; default: none)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("mcp", help="an MCP server on stdio over lattices, for LLM agents (needs the serve extra)")
    _served_arguments(p)
    p.set_defaults(func=cmd_mcp)

    p = sub.add_parser("eval", help="evaluate a planner on a benchmark split (PathQuestion, 2Wiki, MetaQA)")
    p.add_argument("dataset", choices=["pathquestion", "2wiki", "metaqa", "hotpotqa", "musique"],
                   help="the benchmark (hotpotqa and musique: --from-text only)")
    p.add_argument("--data", default=None, help="the benchmark data folder (default: $LATWEAVE_DATA or ../shared/data)")
    p.add_argument("--split", default="dev", choices=["train", "dev", "test", "heldout"],
                   help="the split to evaluate on (default dev; test and heldout once per release)")
    p.add_argument("--max-questions", dest="limit", type=count(0), default=None, metavar="N",
                   help="evaluate only the first N questions of the split")
    # its name before (`--limit` is a page of answers in run and repl): still read, with a note
    p.add_argument("--limit", dest="old_limit", type=count(0), default=None, help=argparse.SUPPRESS)
    p.add_argument("--engine", default=None)
    _spark_master_argument(p, verbose=False)
    p.add_argument("--json", action="store_true")
    p.add_argument("--planner", default="offline", choices=["offline", "oracle", "llm"],
                   help="oracle reads gold paths (PathQuestion ceiling only); llm asks a model (--model ...)")
    p.add_argument("--baseline", default=None, choices=BASELINES,
                   help="a non-LLM baseline answers instead of the planner and engine (same splits and metrics)")
    _llm_arguments(p, "plan_cache")
    p.add_argument("--cache-file", dest="plan_cache", default=None, help=argparse.SUPPRESS)   # its name before
    p.add_argument("--hops", default=None, help="PathQuestion 2H|3H (MetaQA 1H|2H|3H)")
    p.add_argument("--questions", default=None, help="a questions file in the dataset's format")
    p.add_argument("--kb", default=None, help="the KB file (required for metaqa)")
    p.add_argument("--out", default=None, help="write one JSON line per question to FILE")
    p.add_argument("--knockout", action="store_true", help="add the knock-out leak test")
    p.add_argument("--failures", action="store_true",
                   help="after scoring, sort the missed questions into failure classes (reads gold; reporting only)")
    p.add_argument("--train-questions", default=None, metavar="FILE",
                   help="fit the planner on this set only (its own seed-88 train split, thresholds on its dev "
                        "split, grounded in --train-kb), then evaluate it on --split of the set above: transfer")
    p.add_argument("--train-kb", default=None, metavar="FILE", help="the KB of --train-questions")
    p.add_argument("--train-hops", default=None, help="PathQuestion: fit on this hop count's set only (2H|3H)")
    p.add_argument("--rank", action="store_true",
                   help="also report Hits@1 on the non-singleton answer sets, sorted and ranked (latweave/ranking.py)")
    p.add_argument("--claims", action="store_true",
                   help="also verify the comparison questions as claims, one true and one false each "
                        "(the answer writes them down; `verify` never sees it)")
    p.add_argument("--train-fraction", type=fraction, default=None, metavar="F",
                   help="fit on this share (0 < F <= 1) of the training split, stratified and seeded: a learning curve")
    p.add_argument("--folds", type=count(2), default=None, metavar="K",
                   help="cross-fit: plan each fold of the split the planner is fitted on with a planner fitted "
                        "on the other K-1 folds (2Wiki dev: a figure for questions it has not seen; K fits)")
    p.add_argument("--lattices", default="out/lattices", metavar="DIR",
                   help="the folder the benchmark's lattices are built into (and reused from)")
    p.add_argument("--from-text", action="store_true",
                   help="the text arm with no model: a lattice per question from its paragraphs by the rules "
                        "extractor (2Wiki's shared records with paragraphs; dev figures), the offline planner, "
                        "and the misses sorted into failure classes")
    p.add_argument("--engine-timeout", type=seconds, default=None, metavar="SECONDS",
                   help="stop an engine evaluation (one batch of plans) after SECONDS: exit 4 "
                        "(--timeout is the LLM request's); default: no limit")
    p.set_defaults(func=cmd_eval)
    _common_help(sub)
    return top


#: The help of the flags many commands share: one meaning each, said once.
COMMON_HELP = {
    "--json": "print JSON (one object) instead of the rendering",
    "--lattice": "the lattice folder (what `latweave build --out` wrote)",
    "--engine": "engine name (default: each role's: `latweave engines` lists them and says why)",
}


def _common_help(sub) -> None:
    """Give each shared flag that has no help of its own the one COMMON_HELP says."""
    for command in sub.choices.values():
        for action in command._actions:
            for flag in action.option_strings:
                if action.help is None and flag in COMMON_HELP:
                    action.help = COMMON_HELP[flag]


def _pager_argument(p) -> None:
    """`--no-pager` on a command that may page (as `latweave --no-pager COMMAND` says it for any)."""
    p.add_argument("--no-pager", action="store_true", default=argparse.SUPPRESS,   # never over the top's
                   help="print to the terminal directly, not through $LATWEAVE_PAGER, $PAGER or less -FRX")


def _spark_master_argument(p, verbose: bool = True) -> None:
    p.add_argument("--spark-master", default=None, metavar="URL",
                   help="--engine spark: the Spark master, e.g. spark://host:7077 (default: "
                        "$LATWEAVE_SPARK_MASTER, else $SPARK_REMOTE for Spark Connect, else local[*])")
    if verbose:   # (where the LLM client's -v is, it shows these too)
        _spark_verbose_argument(p)


def _spark_verbose_argument(p) -> None:
    p.add_argument("-v", "--verbose", action="store_true",
                   help="--engine spark: let Spark's JVM print its log lines on stderr (also $LATWEAVE_SPARK_LOG=1)")


def _use_spark_master(args) -> None:
    """`--spark-master URL` for the engine: the process's master (spark_context reads it)."""
    master = getattr(args, "spark_master", None)
    if master is None or args.func is cmd_build:  # build passes its own to the Spark build
        return
    if args.engine != "spark":
        raise LatweaveError("--spark-master is for --engine spark", hint="add --engine spark, or drop --spark-master")
    os.environ["LATWEAVE_SPARK_MASTER"] = master


def _llm_notes(verbose: bool) -> None:
    """What the LLM client says while it works on stderr, escaped: each retry with the endpoint's
    URL (never minutes of silence), the endpoint when it is the openai package's default; with
    -v each request, raw reply and rejected plan too (the "latweave.llm" logger)."""
    import logging

    from rich.text import Text

    from latweave.terminal import safe

    class Notes(logging.Handler):
        def emit(self, record) -> None:
            _console(stderr=True).print(Text.assemble(("llm", "bold yellow"), ": ",
                                                      safe(record.getMessage(), newlines=True)),
                                        highlight=False, soft_wrap=True)

    logger = logging.getLogger("latweave.llm")
    for old in [h for h in logger.handlers if type(h).__name__ == "Notes"]:   # main() runs again in tests
        logger.removeHandler(old)
    logger.addHandler(Notes())
    logger.setLevel(logging.INFO if verbose else logging.WARNING)


def main(argv: list[str] | None = None) -> int:
    from latweave.outcomes import exit_code

    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser().parse_args(argv)
    args.argv = argv   # (the command as typed: `run` spells out the one for the next page)
    previous = _on_terminate(args)
    try:
        _llm_notes(getattr(args, "verbose", False))
        _use_spark_master(args)
        if getattr(args, "verbose", False) and hasattr(args, "spark_master"):
            from latweave.engines import spark_jvm

            spark_jvm.show_logs()
        return args.func(args)
    except KeyboardInterrupt:
        # Ctrl-C (or SIGTERM: `Terminated`): the user's own stop, not a fault — one line, the
        # shell's exit status for the signal (128 + 2, 128 + 15), never a traceback; whatever was
        # being written is left as the atomic writes leave it (the old file or the new one), and
        # every `finally` has run (a build's scratch folder removed).
        return _stopped()
    except Exception as exc:
        if _TERMINATED:   # a library turned the `Terminated` raised inside it into its own error
            return _stopped()   # (DuckDB: "Query interrupted"), or ours wrapped it (an EngineError)
        if isinstance(exc, LatweaveError):
            _report(exc, args)
            return exit_code(exc)   # the one table (latweave/outcomes.py) the server's statuses come from too
        if not isinstance(exc, OSError):
            raise
        from latweave.write_failure import failure_reason

        # a path only where the error names one (never a bare "No space left on device:")
        reason = failure_reason(exc) or exc.strerror or str(exc)
        error = LatweaveError(f"{reason}: {exc.filename}" if exc.filename else reason)
        _report(error, args)
        return exit_code(error)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
            _TERMINATED.clear()


def _stopped() -> int:
    terminated = bool(_TERMINATED)
    _console(stderr=True).print("terminated" if terminated else "interrupted", highlight=False)
    return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread as Ctrl-C's KeyboardInterrupt is: so that a command stopped
    by `kill` (a job scheduler's timeout, a container's stop) runs its `finally` blocks as it does on
    Ctrl-C — a build's scratch folder (DuckDB's tables and spill, tens of GB at scale) removed, a
    write abandoned whole — where the default action would end the process where it stands."""


#: Set when this command got SIGTERM (`_terminated`), whatever exception it then ends by.
_TERMINATED: list[bool] = []


def _terminated(signum, frame) -> None:
    _TERMINATED.append(True)
    raise Terminated()


def _on_terminate(args):
    """SIGTERM → `Terminated` for this command (the previous handler, to restore; None where
    nothing was installed): not for the servers (`serve`, `mcp`: uvicorn and the MCP runner handle
    their own signals, a graceful shutdown) nor outside the main thread (an in-process caller)."""
    if getattr(args, "command", None) in ("serve", "mcp") or threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _terminated)


def _report(exc: LatweaveError, args) -> None:
    if getattr(args, "json", False):
        _print_json(exc.to_dict())
    else:
        _print_error(exc)


def _print_error(exc) -> None:
    """`error: <message>` on stderr; the message is data (a plan, a file name, a value), so it is
    shown escaped and never read as rich markup — and never wrapped at the terminal's width: a
    path or a file:line split over two lines cannot be copied or clicked."""
    from rich.text import Text

    from latweave.terminal import safe

    _console(stderr=True).print(Text.assemble(("error", "bold red"), ": ", safe(str(exc), newlines=True)),
                                highlight=False, soft_wrap=True)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
