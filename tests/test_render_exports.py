"""Everything `latweave explain` writes opens in a real parser: the SVG in an XML parser, the HTML
in an HTML parser, `--json` in a JSON parser; neither export fetches anything from the network,
and a name that holds markup is text in each of them, never markup."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from latweave.cli import EXIT_OK, main
from latweave.explain_export import LEGACY_MARKERS, MARKER

PLAN = "meet(species <= mammal, habitat <= aquatic)"
HOSTILE = "<script>alert('x')</script> -- & ]]> \"q\" \uffff\x0c"   # the last two: no XML text holds them
#: The one URL a file may hold: the SVG namespace, a name, never fetched.
NAMESPACE = "http://www.w3.org/2000/svg"


@pytest.fixture(scope="module")
def saved(zoo_lattice, tmp_path_factory):
    """A saved result whose plan and answers hold markup (explain renders what a file holds)."""
    folder = tmp_path_factory.mktemp("exports")
    path = folder / "r.json"
    assert main(["run", PLAN, "--lattice", str(zoo_lattice), "--save", str(path), "--json"]) == EXIT_OK
    result = json.loads(path.read_text(encoding="utf-8"))
    result["answers"] = [HOSTILE, *result["answers"]]
    result["plan"] = f"{result['plan']}\n# {HOSTILE}"
    hostile = folder / "hostile.json"
    hostile.write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")
    return path, hostile


def _external_urls(text: str) -> list[str]:
    return [u for u in re.findall(r"""(?:https?:)?//[^\s"')<>]+""", text) if u != NAMESPACE]


def _svg(path) -> tuple[ET.Element, list[str]]:
    """The SVG's root element and its comments, read by a real XML parser (it raises on `--`
    inside a comment, on an unescaped `<` or `&`, on an unclosed element)."""
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    root = ET.fromstring(path.read_text(encoding="utf-8"), parser=parser)
    comments = [e.text for e in root.iter() if e.tag is ET.Comment]
    return root, comments


class _Html(HTMLParser):
    """Records what an HTML parser sees: elements (open ones must close, in order), comments,
    text, and any attribute that points somewhere."""

    VOID = {"meta", "br", "img", "link", "input", "hr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.tags: list[str] = []
        self.comments: list[str] = []
        self.text: list[str] = []
        self.decl: list[str] = []
        self.links: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.links += [v for k, v in attrs if k in ("src", "href", "action") and v]
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()

    def handle_comment(self, data):
        self.comments.append(data)

    def handle_decl(self, decl):
        self.decl.append(decl)

    def handle_data(self, data):
        self.text.append(data)


def _html(path) -> _Html:
    parser = _Html()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def test_the_marker_is_a_well_formed_comment():
    body = MARKER.removeprefix("<!--").removesuffix("-->")
    assert "written by latweave explain" in body and "--" not in body and not body.endswith("-")
    assert all("--svg" in old for old in LEGACY_MARKERS)   # what earlier releases wrote


def test_the_svg_opens_in_an_xml_parser_and_fetches_nothing(saved, tmp_path):
    _, hostile = saved
    out = tmp_path / "proof.svg"
    assert main(["explain", str(hostile), "--svg", str(out)]) == EXIT_OK
    root, comments = _svg(out)
    assert root.tag == f"{{{NAMESPACE}}}svg"
    assert any("written by latweave explain" in c for c in comments)
    text = "".join(root.itertext())
    assert "<script>" in text and "Whale" in text            # the name is text, not an element
    assert "\\uffff\\x0c" in text                            # shown as visible escapes
    assert not any(e.tag.endswith("script") for e in root.iter() if isinstance(e.tag, str))
    raw = out.read_text(encoding="utf-8")
    assert _external_urls(raw) == [] and "@font-face" not in raw and "@import" not in raw
    assert all(u.startswith("url(#") for u in re.findall(r"url\([^)]*\)", raw))


def test_the_html_opens_in_an_html_parser_and_fetches_nothing(saved, tmp_path):
    _, hostile = saved
    out = tmp_path / "proof.html"
    assert main(["explain", str(hostile), "--html", str(out)]) == EXIT_OK
    page = _html(out)
    assert page.decl == ["DOCTYPE html"] and page.problems == [] and page.open == []
    assert page.tags[:3] == ["html", "head", "meta"] and "script" not in page.tags and "link" not in page.tags
    assert any("written by latweave explain" in c for c in page.comments)
    shown = "".join(page.text)
    assert "<script>alert('x')</script>" in shown and "marine mammal" in shown
    assert page.links == [] and _external_urls(out.read_text(encoding="utf-8")) == []


def test_an_export_an_earlier_release_wrote_is_replaced(saved, tmp_path):
    path, _ = saved
    svg, html = tmp_path / "old.svg", tmp_path / "old.html"
    svg.write_text(f'<svg xmlns="{NAMESPACE}">\n{LEGACY_MARKERS[0]}\n</svg>\n', encoding="utf-8")
    html.write_text(f"<!DOCTYPE html>\n{LEGACY_MARKERS[0]}\n<html></html>\n", encoding="utf-8")
    assert main(["explain", str(path), "--svg", str(svg), "--html", str(html)]) == EXIT_OK
    assert MARKER in svg.read_text(encoding="utf-8") and _svg(svg)[0] is not None
    assert MARKER in html.read_text(encoding="utf-8") and _html(html).problems == []


def test_explain_json_prints_the_whole_result_as_run_does(saved, zoo_lattice, capsys):
    path, _ = saved
    capsys.readouterr()
    assert main(["run", PLAN, "--lattice", str(zoo_lattice), "--json"]) == EXIT_OK
    ran = capsys.readouterr().out
    assert main(["explain", str(path), "--json"]) == EXIT_OK
    explained = capsys.readouterr().out
    saved_obj = json.loads(path.read_text(encoding="utf-8"))
    assert saved_obj["lattice"].pop("folder") == str(zoo_lattice.resolve())   # --save names its folder
    assert json.loads(explained) == json.loads(ran) == saved_obj
    assert json.loads(explained)["status"] == "answer" and explained == ran
