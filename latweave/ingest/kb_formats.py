"""The KB formats, spelled once: each format's name, what `--format` says of it, whether it is
one fact a line, and the relations its source ontology makes functional.

kb.py's readers (`READERS`, keyed by these names), the API's checks, the command line's choices
and its help all read this table. It imports nothing of latweave, so the command line builds its
parser without loading a reader.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class KbFormat:
    name: str
    #: what `latweave build --format`'s help says of it
    help: str
    #: the relations its ontology allows one value per subject, in the ontology's order (normalised)
    functional: tuple[str, ...] = ()
    #: one fact a line (a file a layer can be computed from line by line: ingest/kb_layer.py)
    lines: bool = True


#: Three generic formats (one fact a line: tab-separated, comma-separated, N-Triples), then the
#: benchmarks' (PathQuestion's are TSV lines, read with its ontology's functional relations).
#: Functional relations come from the ontologies, never from the data or the questions
#: (`--functional` overrides): Wikidata's single-value constraint (P569 date of birth, P570 date
#: of death, P19 place of birth, P20 place of death, P22 father, P25 mother) for 2Wiki; Freebase's
#: unique properties (people.person.gender, people.person.place_of_birth,
#: people.deceased_person.place_of_death) for PathQuestion. MetaQA's movie titles name several
#: films (remakes share a title), so none of its relations is; a generic file comes with no
#: ontology: its functional relations are the ones `--functional` names.
KB_FORMATS: tuple[KbFormat, ...] = (
    KbFormat("tsv", "subject<TAB>relation<TAB>object[<TAB>start[<TAB>end]] lines"),
    KbFormat("csv", "the same, comma-separated"),
    KbFormat("ntriples", "N-Triples statements"),
    KbFormat("pathquestion", "tsv lines with PathQuestion's functional relations",
             ("gender", "place of birth", "place of death")),
    KbFormat("metaqa", "kb.txt subject|relation|object lines"),
    KbFormat("2wiki", "a 2WikiMultihopQA JSON file (its evidences, pooled; questions are never read)",
             ("date of birth", "date of death", "place of birth", "place of death", "father", "mother"),
             lines=False),
)

#: The formats' names, in the table's order.
FORMATS: tuple[str, ...] = tuple(f.name for f in KB_FORMATS)

#: Format → the relations its ontology makes functional.
FUNCTIONAL: dict[str, frozenset[str]] = {f.name: frozenset(f.functional) for f in KB_FORMATS}

#: The formats of one fact a line.
LINE_FORMATS: tuple[str, ...] = tuple(f.name for f in KB_FORMATS if f.lines)


def formats_help() -> str:
    """Each format and what it reads, as `--format`'s help lists them."""
    return "; ".join(f"{f.name}: {f.help}" for f in KB_FORMATS)


def functional_help() -> str:
    """Each format that has functional relations, and those, as `--functional`'s help lists them."""
    return "; ".join(f"{f.name}: {', '.join(f.functional)}" for f in sorted(KB_FORMATS, key=lambda f: f.name)
                     if f.functional)
