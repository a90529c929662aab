"""A paged result against the independent evaluation: exactly its slice of the whole answer set.

A result with a `page` (`latweave run --limit N --offset K`) lists the answers at positions
[offset, offset + limit) of the answer set the plan denotes, sorted by label as every result
lists them, and the contested answers at the same positions of theirs; its `total` and
`contested_total` are the whole sets' sizes. `window(ctx, out)` checks the page's own fields —
its shape, that only a meet or chain plan's answer set is paged, the totals against the
evaluation's (which this audit derives itself, from the lattice files), and `more` — and returns
the evaluation's outcome cut to the page, so that completeness.py compares the listed answers,
contested entries and proofs with exactly that slice: an answer dropped from the page, one
added (from elsewhere in the set or from nowhere) or a wrong total each fail with a message
that names it. An unpaged result is compared with the whole set, as before.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from latweave.plan.ast import Meet, Union

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context
    from latweave.proof.audit.semantics import Outcome

#: a page's fields and the least whole number each may be
FIELDS = {"offset": 0, "limit": 1, "total": 0, "contested_total": 0}


def _fail(ctx: Context, problem: str, field: str | None = None) -> None:
    ctx.fail("page", ["page", field] if field else ["page"], problem)


def window(ctx: Context, out: Outcome) -> Outcome:
    """`out` as the result's page should show it (checking the page's fields on the way); `out`
    itself when the result is not paged."""
    page = ctx.result.get("page")
    if page is None and "page" not in ctx.result:
        return out
    if not isinstance(page, dict):
        _fail(ctx, "page must be an object with offset, limit, total, contested_total and more")
        return out
    bad = [name for name, least in FIELDS.items()
           if not (isinstance(page.get(name), int) and not isinstance(page.get(name), bool) and page[name] >= least)]
    if bad or sorted(page) != sorted([*FIELDS, "more"]):
        _fail(ctx, f"page has exactly {sorted([*FIELDS, 'more'])}, whole numbers (limit at least 1)"
                   + (f"; these are not: {bad}" if bad else f"; it has {sorted(page)}"))
        return out
    final = ctx.final
    if out.status != "answer" or not isinstance(final, (Meet, Union)):
        what = "an extremum" if out.status == "answer" else f"a result with status {out.status!r}"
        _fail(ctx, f"only the answer set of a meet or chain plan is paged; this plan gives {what}")
        return out
    offset, limit = page["offset"], page["limit"]
    contested = sorted(out.contested)
    if page["total"] != len(out.answers):
        _fail(ctx, f"the plan has {len(out.answers):,} answers; the page states a total of {page['total']:,}",
              "total")
    if page["contested_total"] != len(contested):
        _fail(ctx, f"the plan has {len(contested):,} contested answers; the page states "
                   f"{page['contested_total']:,}", "contested_total")
    more = offset + limit < max(len(out.answers), len(contested))
    if page["more"] is not more:
        _fail(ctx, f"\"more\" must be {str(more).lower()}: the page ends at {offset + limit:,} of "
                   f"{len(out.answers):,} answers and {len(contested):,} contested", "more")
    shown = out.answers[offset:offset + limit]
    claimed = ctx.result.get("answers")
    if isinstance(claimed, list):
        _outside(ctx, claimed, shown, out.answers, offset, limit)
    return replace(out, answers=shown, contested=contested[offset:offset + limit])


def _outside(ctx: Context, claimed: list, shown: list, answers: list, offset: int, limit: int) -> None:
    """Name the listed answers that are answers of the plan but not of this page (completeness.py
    then reports each as no answer *of the page*; this says where it belongs)."""
    inside = set(shown)
    position = {}
    for i, label in enumerate(answers):
        position.setdefault(label, i)
    for label in sorted({c for c in claimed if isinstance(c, str) and c not in inside and c in position}):
        _fail(ctx, f"{label!r} is answer {position[label] + 1:,} of {len(answers):,}, outside this page "
                   f"(answers {offset + 1:,}–{offset + limit:,})", "answers")
