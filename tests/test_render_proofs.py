"""Proofs a person can follow and a script can read: KB evidence cited as file:line (checked by
the auditor), a repeated subtree printed once and referred to afterwards, atoms structured in the
JSON beside their text — and results and proofs shown as escaped HTML in a notebook."""

from __future__ import annotations

import copy
import io
import json
import re
from html.parser import HTMLParser

import pytest
from rich.console import Console

import latweave
from latweave.proof.model import Atom, Evidence, Leaf, Proof, node_from_json, walk

KB = ("Ada\tlanguage\tPython\n"
      "Python\tcreator\tGuido\n"
      "Guido\tcountry\tNetherlands\n"
      "Bo\tcountry\tNetherlands\n"
      "Cy\tcountry\tNetherlands\n"
      "Dee\tcountry\tFrance\n")
#: Three hops, three answers: each answer's proof holds the whole chain.
HOPS = """let l = meet(subject = "Ada") -> language
let g = meet(subject = $l) -> creator
let n = meet(subject = $g) -> country
meet(country = $n) -> subject"""


@pytest.fixture(scope="module")
def hops(tmp_path_factory):
    """(lattice folder, the 3-hop result's JSON) of a six-line KB."""
    folder = tmp_path_factory.mktemp("hops")
    kb = folder / "langs.kb.txt"
    kb.write_text(KB, encoding="utf-8")
    latweave.build(kb, folder / "lat", format="pathquestion")
    with latweave.open(folder / "lat") as lattice:
        result = lattice.run(HOPS)
    assert result.answers == ("Bo", "Cy", "Guido")
    return folder / "lat", result.to_dict()


def render(renderable, width=200) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, force_terminal=False).print(renderable)
    return buffer.getvalue()


def _leaves(result: dict):
    return [n for t in result["proof"]["trees"] for n in walk(node_from_json(t)) if isinstance(n, Leaf)]


def _strip(obj, keys):
    """`obj` (JSON) without `keys` anywhere: what an earlier release saved."""
    if isinstance(obj, dict):
        return {k: _strip(v, keys) for k, v in obj.items() if k not in keys}
    if isinstance(obj, list):
        return [_strip(v, keys) for v in obj]
    return obj


# ---- file:line --------------------------------------------------------------------------------------

def test_kb_evidence_cites_its_file_and_line(hops):
    _, result = hops
    lines = KB.splitlines()
    cited = [leaf.evidence for leaf in _leaves(result) if leaf.evidence is not None]
    assert cited and all(ev.doc == "langs.kb.txt" and ev.column == 1 for ev in cited)
    for ev in cited:   # the line holds the text, and the offsets are kept as they were
        assert lines[ev.line - 1] == ev.source_text == KB[ev.start:ev.end]
    shown = render(latweave.Result.from_dict(result))
    assert re.search(r"“Bo\s+country\s+Netherlands”  \[langs\.kb\.txt:4\]", shown) and "[langs.kb.txt:3]" in shown
    assert not re.search(r"\[langs\.kb\.txt \d+:\d+\]", shown)


def test_the_auditor_checks_the_cited_line(hops):
    lattice, result = hops
    assert latweave.audit(result, lattice=lattice).ok
    forged = copy.deepcopy(result)
    bo = next(n for n in forged["proof"]["trees"][0]["children"][0]["children"] if n.get("axiom", "").startswith("coord"))
    bo["evidence"]["line"] = 5
    report = latweave.audit(forged, lattice=lattice)
    assert not report.ok
    assert any("line 5, column 1 is not where offset" in f["problem"] for f in report.failures)


def test_a_result_saved_before_lines_still_audits_and_renders_its_offsets(hops):
    lattice, result = hops
    old = _strip(result, {"line", "column", "atom"})
    assert latweave.audit(old, lattice=lattice).ok
    shown = render(latweave.Result.from_dict(old))
    start = KB.index("Bo\t")
    assert f"[langs.kb.txt {start}:{start + len('Bo	country	Netherlands')}]" in shown
    assert Proof.from_json(old["proof"]).to_json() == old["proof"]   # read back as it was written


def test_a_place_inside_a_line_is_line_and_column():
    evidence = Evidence(7, "registry", "born in Paris", 67, 80, 1.0, 3, 12)
    assert render(Leaf(Atom.of("stated", "Bo", "city", "paris"), evidence=evidence)).rstrip().endswith(
        "“born in Paris”  [registry:3:12]")
    assert Evidence.from_json({**evidence.to_json(), "column": None}) is not None
    assert Evidence.from_json({k: v for k, v in evidence.to_json().items() if k != "column"}) is None


# ---- folded --------------------------------------------------------------------------------------------

def test_a_repeated_subtree_is_printed_once_and_referred_to(hops):
    _, result = hops
    proof = Proof.from_json(result["proof"])
    folded = render(proof).splitlines()
    full = sum(1 for t in proof.trees for _ in walk(t))          # one line per node, unfolded
    assert len(folded) < full * 0.6
    refs = [line for line in folded if "… (as above, #" in line]
    assert len(refs) == 2 and all('step_out("$n", "Netherlands")' in line for line in refs)
    marked = [line for line in folded if line.rstrip().endswith("(#1)")]
    assert len(marked) == 1 and folded.index(marked[0]) < folded.index(refs[0])
    assert sum('coord("Ada", "language", "Python")' in line for line in folded) == 1
    # every answer's own leaves are still shown
    shown = "\n".join(folded)
    assert all(f"[langs.kb.txt:{n}]" in shown for n in (3, 4, 5))


def test_the_json_keeps_every_copy(hops):
    _, result = hops
    chains = [n for t in result["proof"]["trees"] for n in walk(node_from_json(t))
              if n.label == 'step_out("$n", "Netherlands")']
    assert len(chains) == 3 and len({json.dumps(c.to_json(), sort_keys=True) for c in chains}) == 1
    assert len(list(walk(chains[2]))) > 10


# ---- structured atoms ----------------------------------------------------------------------------------

def test_every_atom_is_structured_beside_its_text(hops):
    _, result = hops
    nodes, stack = 0, [*result["proof"]["trees"]]
    while stack:
        node = stack.pop()
        text = node.get("premises", node.get("axiom"))
        atom = Atom.parse(text)
        assert node["atom"] == {"pred": atom.relation, "args": list(atom.args)}
        nodes += 1
        stack.extend(node.get("children", []))
    assert nodes > 50
    assert Proof.from_json(result["proof"]).to_json() == result["proof"]


def test_a_structured_atom_that_differs_from_its_text_fails_the_audit(hops):
    lattice, result = hops
    forged = copy.deepcopy(result)
    forged["proof"]["trees"][0]["atom"] = {"pred": "answer", "args": ["Dee"]}
    assert Proof.from_json(forged["proof"]).to_json() == forged["proof"]   # kept as the file has it
    report = latweave.audit(forged, lattice=lattice)
    assert not report.ok and any("structured atom" in f["problem"] for f in report.failures)


# ---- in a notebook ----------------------------------------------------------------------------------

class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.text = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def _parsed(html: str) -> _Text:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return parser


def test_a_result_and_a_proof_show_as_escaped_html(hops):
    _, result = hops
    hostile = {**result, "answers": ["<script>alert(1)</script>", *result["answers"]]}
    shown = latweave.Result.from_dict(hostile)
    html = shown._repr_html_()
    page = _parsed(html)
    assert "script" not in page.tags and page.tags[0] == "pre"
    text = "".join(page.text)
    assert "<script>alert(1)</script>" in text and "[langs.kb.txt:4]" in text and "(as above, #1)" in text
    proof = shown.proof._repr_html_()
    assert "step_out" in "".join(_parsed(proof).text)
    node = node_from_json(result["proof"]["trees"][0])._repr_html_()
    assert 'answer("Bo")' in "".join(_parsed(node).text)


def test_a_position_is_the_naive_count_anywhere_in_a_long_text():
    """Lines are counted by blocks (proof/lines.py): at block edges, at the ends and at random
    offsets of texts shorter and longer than a block, the same as counting from the start."""
    import random

    from latweave.proof.lines import BLOCK, position

    rng = random.Random(7)
    for n in (0, 1, 5, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 17):
        text = "".join(rng.choice("ab\n") for _ in range(n))
        edges = [k * BLOCK + d for k in range(n // BLOCK + 1) for d in (-1, 0, 1) if 0 <= k * BLOCK + d <= n]
        for offset in [0, n, *edges, *(rng.randint(0, n) for _ in range(100))]:
            assert position(text, offset) == (text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset))
    assert position("abc", 4) is None and position(None, 0) is None


@pytest.mark.parametrize("alphabet", ["ab\n", "aé\n𝔘"])
def test_a_position_in_a_text_file_is_the_naive_count_without_the_text_held(tmp_path, monkeypatch, alphabet):
    """A KB kept whole is cited through its `TextFile` (folder/stored.py `document_file`): its
    newlines counted from its bytes by FILE_BLOCK, an offset turned into bytes by its block index
    (ASCII, and characters of two and four bytes) — the same line and column as the text's own;
    a file with a BOM and CRLF line ends as its decoded text."""
    import random

    from latweave.errors import StoreError
    from latweave.proof import lines
    from latweave.textio import TextFile

    monkeypatch.setattr(lines, "FILE_BLOCK", 64)   # many blocks, lines longer than one
    lines._file_lines.cache_clear()
    rng = random.Random(11)
    for n, raw in ((0, None), (700, None), (2000, None), (300, "bom")):
        text = "".join(rng.choice(alphabet) for _ in range(n))
        data = text.encode()
        if raw == "bom":
            data = b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode()
        path = tmp_path / f"doc-{n}-{raw}.txt"
        path.write_bytes(data)
        held = TextFile(path, StoreError)
        try:
            assert len(held) == len(text)
            for offset in [0, n, *(k * 64 + d for k in range(n // 64 + 1) for d in (-1, 0, 1) if 0 <= k * 64 + d <= n),
                           *(rng.randint(0, n) for _ in range(150))]:
                assert lines.position(held, offset) == lines.position(text, offset), offset
            assert lines.position(held, n + 1) is None
        finally:
            held.close()
    lines._file_lines.cache_clear()


def test_a_kb_proof_cites_its_line_from_the_kept_source_without_reading_it_whole(tmp_path, capsys, monkeypatch):
    """A large KB lattice's proof cites `kb.txt:line`: read from the stored source's TextFile,
    never decoded whole (folder/documents.py `document_text` is not called), the line the file
    has; a small one's from its text held (the same line)."""
    from latweave.cli import main
    from latweave.folder import documents, stored

    monkeypatch.setattr(stored, "HELD_BYTES", 0)   # (a KB of 64 MB or less is cited from its text held)
    kb = tmp_path / "kb.txt"
    kb.write_text("".join(f"p{i}\tknows\tp{i + 1}\n" for i in range(50)) + "ann\tlives_in\tParis\n", encoding="utf-8")
    out = tmp_path / "lattice"
    assert main(["build", str(kb), "--format", "pathquestion", "--out", str(out)]) == 0

    def whole(*args):
        raise AssertionError("the KB's text was read whole")
    monkeypatch.setattr(documents, "document_text", whole)
    monkeypatch.setattr("latweave.folder.stored.document_text", whole)
    capsys.readouterr()
    assert main(["run", "--lattice", str(out), "--json", "meet(subject = ann) -> lives_in"]) == 0
    printed = capsys.readouterr().out
    assert '"Paris"' in printed or '"paris"' in printed
    assert '"line": 51' in printed, printed[:2000]
    monkeypatch.undo()   # the text held, read as before: the same bytes printed
    assert main(["run", "--lattice", str(out), "--json", "meet(subject = ann) -> lives_in"]) == 0
    assert capsys.readouterr().out == printed
