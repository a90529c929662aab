"""The rules extractor (`latweave build DIR --extract rules`, latweave/ingest/rules/): every rule's
example, the rule file's errors, subject tracking, contested values, the gate, the report and
byte-identical builds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from latweave import api
from latweave.folder.store import load_lattice
from latweave.ingest.extract.corpus import TextCorpus
from latweave.ingest.rules import RuleError, load_rules, rules_lattice
from latweave.ingest.rules.extract import extract_document
from latweave.ingest.rules.sentences import read_document
from latweave.lattice.names import normalize
from tests.support.cli import cli, wide_terminal  # noqa: F401  (autouse fixture)
from tests.test_living import assert_same_lattice, files

RULES = load_rules()


def _facts(text: str, title: str = "Subject") -> set[tuple[str, str]]:
    run = extract_document("d", f"{title}\n{text}\n", RULES)
    return {(p.item["dimension"], p.item["value"]) for p in run.proposals}


def _corpus(tmp_path: Path, docs: dict[str, str]) -> TextCorpus:
    return TextCorpus(tmp_path, tuple(sorted(docs.items())), (), ())


@pytest.mark.parametrize("rule", RULES.rules, ids=lambda r: r.name)
def test_every_rule_matches_its_example(rule):
    """Each rule's example sentence, as a document's lead or as a later sentence about the
    subject, gives the rule's relation with the example's value."""
    found = []
    for text in (rule.example, f"{rule.example_subject} is known. {rule.example}"):
        run = extract_document("d", f"{rule.example_subject}\n{text}\n", RULES)
        found += [(p.rule, p.item["dimension"], p.item["value"]) for p in run.proposals]
    assert (rule.name, rule.relation, rule.example_value) in found


def test_the_rules_name_their_relation_kind_and_scope():
    assert len(RULES.rules) >= 25
    for rule in RULES.rules:
        relation = RULES.relations[normalize(rule.relation)]
        assert {"entity": "taxonomy", "date": "date", "number": "number"}[rule.kind] == relation.kind
        assert rule.scope in ("lead", "subject", "possessive")


@pytest.mark.parametrize("body, message", [
    ('[[rule]]\nname = "a"\nrelation = "r"\nkind = "entity"\npattern = \'(?P<value>x)\'\nexample = "x"\n'
     'example_subject = "s"\nexample_value = "x"\n', "relation 'r' is not declared"),
    ('[relations.r]\nkind = "date"\n[[rule]]\nname = "a"\nrelation = "r"\nkind = "entity"\npattern = \'(?P<value>x)\'\n'
     'example = "x"\nexample_subject = "s"\nexample_value = "x"\n', "does not fill relation"),
    ('[relations.r]\n[[rule]]\nname = "a"\nrelation = "r"\nkind = "entity"\npattern = \'{NOPE}(?P<value>x)\'\n'
     'example = "x"\nexample_subject = "s"\nexample_value = "x"\n', "unknown macro {NOPE}"),
    ('[relations.r]\n[[rule]]\nname = "a"\nrelation = "r"\nkind = "entity"\npattern = \'x\'\n'
     'example = "x"\nexample_subject = "s"\nexample_value = "x"\n', "no (?P<value>"),
    ('[relations.r]\n[[rule]]\nname = "a"\nrelation = "r"\nkind = "entity"\npattern = \'(?P<value>x\'\n'
     'example = "x"\nexample_subject = "s"\nexample_value = "x"\n', "does not compile"),
    ('version = \n', "not a TOML rule file"),
])
def test_a_bad_rule_file_names_the_file_and_the_rule(tmp_path, body, message):
    path = tmp_path / "rules.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load_rules(path)
    assert message in err.value.message
    assert str(path) in str(err.value)


def test_the_subject_is_the_title_and_the_lead_is_about_it():
    reading = read_document("Ajay Devgn\nVishal Devgan( born 2 April 1969), known professionally as Ajay Devgn, "
                            "is an Indian film actor. He was born in Delhi. His brother was born in Agra.\n")
    assert reading.subject == "Ajay Devgn"
    assert [s.about for s in reading.sentences] == ["subject", "subject", "possessive"]


def test_a_relatives_sentence_is_not_the_subjects():
    facts = _facts("Hans Berg (1 May 1900 – 2 June 1950) was a German painter. His father was previously "
                   "married to Anna Klee. His brother Paul was born in Paris. Paul Klee was born in Munich. "
                   "His film Nacht was directed by Otto Lang.", "Hans Berg")
    assert ("date of birth", "1 May 1900") in facts
    assert ("country of citizenship", "German") in facts
    assert not {d for d, _ in facts} & {"spouse", "place of birth", "director"}


def test_a_possessive_sentence_gives_the_subjects_relative():
    facts = _facts("Hans Berg (1 May 1900 – 2 June 1950) was a German painter. His father was Karl Berg. "
                   "His wife was Anna Klee.", "Hans Berg")
    assert {("father", "Karl Berg"), ("spouse", "Anna Klee")} <= facts


def test_a_sentence_is_not_cut_inside_a_parenthesis_or_after_leading_dots():
    """"Ghutan (transl. Suffocation) is a 2007 … film": one lead sentence, not two; "... And God
    Created Them is …" opens with its dots."""
    assert ("publication date", "2007") in _facts("Ghutan( transl. Suffocation) is a 2007 Hindi horror film "
                                                  "directed by Shyam Ramsay.", "Ghutan")
    assert ("director", "Jacobo Morales") in _facts("... And God Created Them is a 1979 Puerto Rican comedy film "
                                                    "directed by Jacobo Morales.", "...And God Created Them")


def test_a_title_line_may_end_in_jr_and_a_long_lead_name_is_still_the_titles():
    facts = _facts("George Nicholls Jr.( May 5, 1897 – November 13, 1939), also known as George Nichols Jr., "
                   "was an American director.", "George Nicholls Jr.")
    assert {("date of birth", "May 5, 1897"), ("country of citizenship", "American")} <= facts
    long_name = ('Friedrich Franz von Hohenlohe-Waldenburg-Schillingsfürst full German name: "Friedrich Franz '
                 'Augustin Maria Prinz zu Hohenlohe-Waldenburg-Schillingsfürst" (15 February 1879, Budapest, '
                 "Hungary – 24 May 1958, Curitiba, Brasil) was an Austrian prince.")
    assert ("date of birth", "15 February 1879") in _facts(long_name, "Friedrich Franz von Hohenlohe")


def test_a_later_sentence_about_the_subject_by_title_or_after_an_opening_phrase():
    """"Lord Annesley was …", "From 1988 to 2008 she was …" (no comma), "Very private …, Rivette
    was …" and "Through her marriage to X, Adelheid was …" are the subject's; "King Otto was …" in a
    document about Hans Berg is not."""
    facts = _facts("William Annesley( 16 July 1772 – 25 August 1838) was a noble. Lord Annesley was the eldest son "
                   "of Richard Annesley, 2nd Earl Annesley and Anne Lambert. From 1988 to 2008 he was married to "
                   "Mary Hope. Very private about his life, Annesley was briefly married to painter Jane Doe "
                   "during the 1960s and later married Eve Roe.", "William Annesley, 3rd Earl Annesley")
    assert {("father", "Richard Annesley, 2nd Earl Annesley"), ("mother", "Anne Lambert"),
            ("spouse", "Mary Hope"), ("spouse", "Jane Doe")} <= facts
    assert ("spouse", "Eve Roe") not in facts       # the sentence's first marriage, the one the pattern reads
    facts = _facts("Princess Adelheid (9 March 1821 – 30 July 1899) was a princess. Through her marriage to "
                   "Friedrich, Duke of Glücksburg, Adelheid was a sister-in-law of Christian IX.", "Princess Adelheid")
    assert ("spouse", "Friedrich, Duke of Glücksburg") in facts
    assert not {d for d, _ in _facts("Hans Berg (1 May 1900 – 2 June 1950) was a painter. King Otto was the son "
                                     "of Ludwig Wittelsbach.", "Hans Berg")} & {"father"}


def test_in_a_works_document_he_and_his_are_someone_elses():
    """A film's plot ("His wife Deanne is pregnant", "He was born …") gives the film no spouse and no
    birthplace; "Its director was …" is still the film's, and a film director's "His wife" his."""
    facts = _facts("Grown Ups is a 2010 American comedy film directed by Dennis Dugan. His wife Deanne is pregnant. "
                   "He was born in Ohio. Its director was Dennis Dugan.", "Grown Ups (film)")
    assert ("director", "Dennis Dugan") in facts
    assert not {d for d, _ in facts} & {"spouse", "place of birth"}
    plot = _facts("In 1978, five friends win a championship. His wife Deanne is pregnant.", "Grown Ups (film)")
    assert not {d for d, _ in plot} & {"spouse"}       # a plot with no lead: the title says it is a film
    facts = _facts("Pál Gábor (2 November 1932 – 21 October 1987) was a Hungarian film director. His wife was "
                   "Anna Kovács. He was born in Pest.", "Pál Gábor")
    assert {("spouse", "Anna Kovács"), ("place of birth", "Pest")} <= facts


def test_a_clause_about_something_else_gives_the_subject_nothing():
    """"In 1870 he established himself in Munich, and died there in 1884" founds nothing; "married
    a daughter of X" and "by his marriage to a daughter of X" name no spouse; "daughter of Ida,
    Countess of B, and her husband Y" makes Y the father, not Ida; a song named in a person's
    relative clause is no performance of the person's."""
    facts = _facts("Theodor Kotsch (1818 – 1884) was a German painter. In 1870 he established himself in Munich, "
                   "and died there in 1884. By his marriage to a daughter of Ralph, Earl of Westmorland, Kotsch was "
                   "related to the Nevilles. Together they recorded the song Ride On which was one of the last "
                   "songs by Bon Scott.", "Theodor Kotsch")
    assert not {d for d, _ in facts} & {"inception", "spouse", "performer"}
    facts = _facts("Matilda (1105 – 1152) was the daughter of Ida, Countess of Boulogne, and her husband Eustace "
                   "Grey.", "Matilda")
    assert ("father", "Eustace Grey") in facts and ("father", "Ida") not in facts
    assert ("inception", "1974") in _facts("Boa Vista was a German literary magazine, founded in Hamburg in 1974 "
                                           "and published until 1983.", "Boa Vista (literary magazine)")


def test_a_name_with_initials_first_is_the_subject_it_names(tmp_path):
    corpus = _corpus(tmp_path, {
        "film": "Phalitamsha\nPhalitamsha is a 1976 romantic Kannada movie, directed by S. R. Puttanna Kanagal.\n",
        "kanagal": "Puttanna Kanagal\nPuttanna Kanagal (1 December 1933 – 5 June 1985) was an Indian director.\n"})
    lattice, report = rules_lattice(corpus)
    director = [p for p in lattice.predicates if p.dimension == "director"]
    assert [p.value for p in director] == [normalize("Puttanna Kanagal")] and report.resolved == 1


def test_competing_values_become_a_contested_coordinate(tmp_path):
    corpus = _corpus(tmp_path, {"berg": "Hans Berg\nHans Berg (1 May 1900 – 2 June 1950) was a German painter. "
                                        "He was born in Munich. He was born in Vienna.\n"})
    lattice, _ = rules_lattice(corpus)
    values = sorted(p.value for p in lattice.predicates if p.dimension == "place of birth")
    assert values == ["munich", "vienna"]       # both kept (as keys), neither chosen
    out = tmp_path / "lat"
    summary = api.build([_write(tmp_path / "c", corpus)], out, extract="rules")
    assert summary.legitimacy["contested"].get("place of birth") == 1


def _write(folder: Path, corpus: TextCorpus) -> Path:
    (folder / "documents").mkdir(parents=True)
    for doc, text in corpus.documents:
        (folder / "documents" / f"{doc}.txt").write_text(text, encoding="utf-8")
    return folder


def test_every_fact_cites_its_sentence_verbatim_and_objects_join_subjects(tmp_path):
    corpus = _corpus(tmp_path, {
        "film": "The Night (1960 film)\nThe Night is a 1960 Italian drama film directed by Thomas Carr.\n",
        "carr": "Thomas Carr (director)\nThomas Carr( July 4, 1907 – April 23, 1997) was an American film "
                "director.\n"})
    lattice, report = rules_lattice(corpus)
    assert report.resolved == 1
    for p in lattice.predicates:
        ev = p.evidence[0] if isinstance(p.evidence, (list, tuple)) else p.evidence
        assert lattice.documents[ev.doc][ev.start:ev.end] == ev.source_text
    director = [p for p in lattice.predicates if p.dimension == "director"]
    assert [p.value for p in director] == [normalize("Thomas Carr (director)")]   # the other document's subject
    assert normalize("Thomas Carr") in lattice.instances[normalize("Thomas Carr (director)")].aliases


def test_a_proposal_the_gate_refuses_is_counted_under_its_rule(tmp_path):
    corpus = _corpus(tmp_path, {"x": "Hans Berg\nHans Berg (31 February 1900 – 2 June 1950) was a painter.\n"})
    lattice, report = rules_lattice(corpus)
    tally = {t.rule: t for t in report.tallies}["lead-life-span"]
    assert tally.proposed == 1 and tally.accepted == 0 and tally.rejected == {"bad_value": 1}
    assert not [p for p in lattice.predicates if p.dimension == "date of birth"]


def test_build_extract_rules_twice_gives_the_same_bytes(tmp_path, capsys):
    src = Path(__file__).resolve().parents[1] / "corpora" / "bios"
    code, out, _ = cli(capsys, "build", src, "--extract", "rules", "--out", tmp_path / "a", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["extractor"] == "rules" and report["counts"]["accepted"] > 10
    assert {r["rule"] for r in report["rules_used"] if r["accepted"]} >= {"born-on", "born-in-place"}
    assert report["left"] and all(set(item) == {"doc", "sentence"} for item in report["left"])
    code, out, _ = cli(capsys, "build", src, "--extract", "rules", "--out", tmp_path / "b")
    assert code == 0 and "per rule" in out and "no model" in out
    assert_same_lattice(tmp_path / "a", tmp_path / "b")
    assert files(tmp_path / "a") and load_lattice(tmp_path / "a").predicates


def test_build_a_then_add_b_is_build_a_b(tmp_path):
    src = Path(__file__).resolve().parents[1] / "corpora" / "bios" / "documents"
    docs = sorted(src.glob("*.txt"))
    a, b = tmp_path / "a", tmp_path / "b"
    for folder, part in ((a, docs[:3]), (b, docs[3:])):
        (folder / "documents").mkdir(parents=True)
        for d in part:
            (folder / "documents" / d.name).write_bytes(d.read_bytes())
    api.build([a, b], tmp_path / "whole", extract="rules")
    api.build([a], tmp_path / "grown", extract="rules")
    api.add(tmp_path / "grown", [b])
    assert_same_lattice(tmp_path / "grown", tmp_path / "whole")
    assert len(load_lattice(tmp_path / "whole").documents) == len(docs)
