"""What a rules build did: per rule what it proposed, what the gate accepted and rejected (by
reason), and what the rules left — sentences about the subject that no rule matched, and the
sentences about someone else that no rule reads. Renders itself (`__rich__`) and serialises
(`to_dict`, what `build --json` prints)."""

from __future__ import annotations

from dataclasses import dataclass, field

from latweave.ingest.extract.validate import Rejected


@dataclass
class RuleTally:
    """One rule's counts (filled while the build runs, then read only)."""

    rule: str
    relation: str
    kind: str
    scope: str
    proposed: int = 0
    accepted: int = 0
    rejected: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"rule": self.rule, "relation": self.relation, "kind": self.kind, "scope": self.scope,
                "proposed": self.proposed, "accepted": self.accepted, "rejected": dict(sorted(self.rejected.items()))}


@dataclass(frozen=True)
class RulesReport:
    """One rules build."""

    corpus: str
    rules: str
    rules_digest: str
    documents: int
    subjects: int
    counts: dict                 # sentences, about_subject, possessive, other_subject, unmatched
    accepted: int                # predicates that entered the lattice (duplicates aside)
    duplicates: int
    subject_predicates: int
    resolved: int                # objects read as another document's subject
    tallies: tuple[RuleTally, ...]
    rejections: tuple[Rejected, ...] = ()
    left: tuple[dict, ...] = ()  # sentences about the subject no rule matched (the first LEFT_EXAMPLES)
    manifest: dict = field(default_factory=dict)

    complete = True              # nothing is asked of a server: a rules build never leaves work behind

    def to_dict(self) -> dict:
        return {"extractor": "rules", "corpus": self.corpus, "rules": self.rules, "rules_digest": self.rules_digest,
                "counts": {"documents": self.documents, "subjects": self.subjects, **self.counts,
                           "proposed": sum(t.proposed for t in self.tallies),
                           "accepted": self.accepted, "duplicates": self.duplicates,
                           "rejected": sum(sum(t.rejected.values()) for t in self.tallies),
                           "subject_predicates": self.subject_predicates, "resolved_objects": self.resolved},
                "rules_used": [t.to_dict() for t in self.tallies],
                "rejections": [r.to_dict() for r in self.rejections],
                "left": list(self.left),
                "manifest": {"content_hash": self.manifest.get("content_hash"),
                             "counts": self.manifest.get("counts", {})}}

    def __rich__(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        from latweave.terminal import safe

        data = self.to_dict()["counts"]
        head = Text.assemble(("extract ", "bold green"), safe(self.corpus), " by rules ",
                             (safe(self.rules), "cyan"), f" ({self.rules_digest[:12]}): no model")
        sentences = Text(f"{data['documents']:,} documents, {data['sentences']:,} sentences: "
                         f"{data['about_subject']:,} about the subject, {data['possessive']:,} possessive, "
                         f"{data['other_subject']:,} about someone else (not read); {data['unmatched']:,} about "
                         "the subject matched no rule")
        table = Table("rule", "relation", "proposed", "accepted", "rejected", title="per rule", title_justify="left")
        for t in self.tallies:
            why = ", ".join(f"{k} {v}" for k, v in sorted(t.rejected.items())) or "–"
            table.add_row(safe(t.rule), safe(t.relation), f"{t.proposed:,}", f"{t.accepted:,}", safe(why))
        parts = [head, sentences, table,
                 Text(f"accepted {data['accepted']:,} (duplicates {data['duplicates']:,}), rejected "
                      f"{data['rejected']:,}, subject bindings {data['subject_predicates']:,}, objects read as "
                      f"another document's subject {data['resolved_objects']:,}")]
        if self.left:
            parts.append(Text("left (no rule matched), first of them:", style="bold yellow"))
            for item in self.left[:5]:
                parts.append(Text(safe(f"  {item['doc']}: {item['sentence'][:120]}")))
            parts.append(Text("  … (--json lists up to 200)", style="dim"))
        return Group(*parts)
