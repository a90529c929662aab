"""One result type for every plan: an answer set, a verdict, or an abstention with its reason.

A paged result (`page`, latweave.proof.page) shows one window of a large answer set, with the
exact totals, and keeps the set (`answer_set`) to show other pages and prove any answer on demand.

Its proof and witness are typed (`latweave.proof.model.Proof`, `latweave.proof.witness.Witness`);
it serialises to the JSON the CLI prints (`to_json` is byte-stable: sorted keys, fixed layout) and
renders itself in a terminal through rich's `__rich__` protocol, delegating to what it holds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from latweave.errors import LatweaveError
from latweave.proof.contested_entries import render_contested
from latweave.proof.model import Node, Proof
from latweave.proof.page import Page, PageInfo
from latweave.proof.witness import Witness
from latweave.reasons import Reason

if TYPE_CHECKING:
    from latweave.proof.extract import AnswerSet


@dataclass(frozen=True)
class Result:
    status: str                      # "answer" | "verdict" | "abstain"
    answers: tuple[str, ...] = ()
    verdict: bool | None = None
    reason: Reason | str | None = None
    reasons: tuple[Reason | str, ...] = ()
    witness: Witness = field(default_factory=Witness, compare=False, hash=False)
    proof: Proof = field(default_factory=Proof, compare=False, hash=False)
    plan: str | None = None          # the plan's canonical text
    # answers a meet could not decide (a contested coordinate on their route): each
    # {"answer", "supported_by": [...], "contradicted_by": [...]}, sorted by answer
    contested: tuple = field(default=(), compare=False, hash=False)
    # set when `answers` (and `contested`) are one page of a meet or chain plan's answer set: the
    # window and the exact totals (latweave.proof.page); the JSON has a `page` key only then
    page: PageInfo | None = None
    # the whole answer set behind a page, with the engine outputs it was decoded from: other pages
    # and any answer's proof, built on demand (`page_at`, `proof_of`); never serialised
    answer_set: AnswerSet | None = field(default=None, compare=False, hash=False, repr=False)
    # an order inside the complete answer set, when asked for (latweave/ranking.py): every answer
    # once, with its score, best first; `answers` stays the sorted set. The JSON has a `ranking`
    # key only then
    ranking: tuple[tuple[str, float], ...] | None = None
    # the lattice the result was computed on, {"name", "content_hash"} (its manifest's), when run
    # through a session (latweave.api): `latweave audit` refuses it against a lattice that has
    # changed since. The JSON has a `lattice` key only then
    lattice: dict | None = field(default=None, compare=False, hash=False)

    def __post_init__(self):
        # a witness or proof given as its JSON (a script, an old caller) is read into the model
        if not isinstance(self.witness, Witness):
            object.__setattr__(self, "witness", Witness.from_json(self.witness or {}))
        if not isinstance(self.proof, Proof):
            object.__setattr__(self, "proof", Proof.from_json(self.proof))
        if isinstance(self.page, dict):
            object.__setattr__(self, "page", PageInfo.from_json(self.page))

    def to_dict(self) -> dict:
        out = {"status": self.status, "answers": list(self.answers), "verdict": self.verdict,
               "reason": self.reason, "reasons": list(self.reasons), "witness": self.witness.to_json(),
               "proof": self.proof.to_json(), "plan": self.plan, "contested": list(self.contested)}
        if self.page is not None:
            out["page"] = self.page.to_json()
        if self.ranking is not None:
            out["ranking"] = [{"answer": a, "score": score} for a, score in self.ranking]
        if self.lattice is not None:
            out["lattice"] = dict(self.lattice)
        return out

    @classmethod
    def from_dict(cls, obj: dict) -> "Result":
        page, ranking = obj.get("page"), obj.get("ranking")
        return cls(obj["status"], tuple(obj.get("answers", ())), obj.get("verdict"), obj.get("reason"),
                   tuple(obj.get("reasons", ())), Witness.from_json(obj.get("witness", {})),
                   Proof.from_json(obj.get("proof", {})), obj.get("plan"), tuple(obj.get("contested", ())),
                   PageInfo.from_json(page) if page is not None else None,
                   ranking=tuple((e["answer"], e["score"]) for e in ranking) if ranking is not None else None,
                   lattice=obj.get("lattice"))

    # ---- pages and proofs on demand ----
    def proof_of(self, answer: str) -> Node:
        """The proof tree of one answer (`answer(label)` ← ...): the one this result lists, or, for
        a page, one built now from the outputs the page came from (no engine run)."""
        for tree in self.proof.trees or ():
            atom = tree.atom
            if atom is not None and atom.relation == "answer" and atom.args == (answer,):
                return tree
        if self.answer_set is not None:
            return self.answer_set.proof_of(answer)
        if self.status != "answer":
            raise LatweaveError(f"a {self.status} has no answers to prove", hint="its `proof` is the whole proof")
        if answer not in self.answers and self.page is not None:
            raise LatweaveError(f"{answer!r} is not on this page ({self._page_note()})",
                                hint="run the plan with the offset of the page that holds it "
                                     "(a saved page keeps only its own proofs)")
        if answer not in self.answers:
            raise LatweaveError(f"{answer!r} is not among this result's answers")
        raise LatweaveError(f"this result holds no proof of {answer!r}",
                            hint="run the plan with proofs (a saved result keeps only the proofs it lists)")

    def page_at(self, page: Page) -> "Result":
        """Another page of this paged result's answer set, with its proofs, from the same outputs
        (the engine does not run again); `page_at(result.page.page.next())` is the next one."""
        if self.answer_set is None:
            raise LatweaveError("this result holds no answer set to page through",
                                hint="run the plan with a limit (a saved result cannot be paged further)")
        o = self.answer_set.page(page)
        return Result(o.status, tuple(o.answers), None, None, (), o.witness, o.proof, self.plan,
                      tuple(o.contested), o.page, o.answer_set, lattice=self.lattice)

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, indent=indent)

    def __rich__(self):
        from rich.text import Text
        from rich.tree import Tree

        from latweave.terminal import safe  # data strings reach the terminal escaped

        if self.status == "answer":
            title = Text.assemble(("answer ", "bold green"), (safe(", ".join(self.answers)), "bold"))
            if self.contested:
                title.append(f"  ({len(self.contested)} contested: "
                             + safe(", ".join(e["answer"] for e in self.contested)) + ")", style="yellow")
            if self.page is not None:
                title.append(f"  ({self._page_note()})", style="cyan")
        elif self.status == "verdict":
            title = Text.assemble(("verdict ", "bold green"), (str(self.verdict).lower(), "bold"))
        else:
            title = Text.assemble(("abstain ", "bold yellow"), (safe(self.reason or ""), "bold"))
        tree = Tree(title)
        if self.plan:
            tree.add(Text(safe(self.plan, newlines=True), style="magenta"))
        if self.ranking is not None:
            tree.add(Text("ranked: " + safe(", ".join(f"{a} ({score:.4f})" for a, score in self.ranking)),
                          style="cyan"))
        if self.status == "abstain":
            self.witness.render_into(tree)
            return tree
        self.proof.render_into(tree)
        for entry in self.contested:
            render_contested(tree, entry)
        return tree

    def answers_only(self) -> "AnswerLines":
        """The compact view of this result (`latweave run --answers-only`): its answers, one a line,
        with no proof."""
        return AnswerLines(self)

    def _repr_html_(self) -> str:
        """In a notebook: the tree a terminal shows, as escaped HTML (latweave/proof/notebook.py)."""
        from latweave.proof.notebook import html_of

        return html_of(self)

    def _page_note(self) -> str:
        """`answers 1–100 of 100,000; more follow` (and the contested answers, when there are)."""
        page = self.page
        note = page.describe(len(self.answers))
        if page.contested_total:
            note += f", {page.contested_total:,} contested"
        return note + ("; more follow" if page.more else "")


@dataclass(frozen=True)
class AnswerLines:
    """A result shown without its proof: each answer on a line of its own (then each contested
    answer, marked so), a verdict as `verdict true`, an abstention as `abstain REASON` — lines a
    person scans and grep reads. Where a page stops is said beside it, never in it."""

    result: Result

    def __rich__(self):
        from rich.console import Group
        from rich.text import Text

        from latweave.terminal import safe

        result = self.result
        if result.status == "verdict":
            return Text.assemble(("verdict ", "bold green"), (str(result.verdict).lower(), "bold"))
        if result.status == "abstain":
            return Text.assemble(("abstain ", "bold yellow"), (safe(result.reason or ""), "bold"))
        lines = [Text(safe(answer)) for answer in result.answers]
        lines += [Text.assemble(safe(entry["answer"]), ("  (contested)", "yellow")) for entry in result.contested]
        return Group(*lines)
