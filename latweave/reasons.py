"""Why an outcome is an abstention: one vocabulary for the rules, the planners and the auditor.

Engine reasons are the literals `rules/abstain.dl` derives (`abstain(q, "conflict")`); a test
checks that the two lists agree. When several engine reasons hold, the first in `ENGINE_REASONS`
is the one a result reports (all of them are in its witness). Planner reasons say why a planner
returned no plan, so no query reached an engine at all.

`Reason` is a `str` enum: `Reason.CONFLICT == "conflict"`, and it serialises to the same JSON as
the bare string did, so results on disk are unchanged.
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    # -- derived by the rules (rules/abstain.dl), in report order --------------------------------
    UNKNOWN_ANCHOR = "unknown_anchor"      # a name in the plan is not in the lattice
    OUT_OF_SCOPE = "out_of_scope"          # a dimension the lattice lacks, or an unsupported form
    CONFLICT = "conflict"                  # constraints without a common lower bound, or evidence that disagrees
    INCOMPARABLE = "incomparable"          # the compared values are not ordered with each other
    EMPTY = "empty"                        # a step has no members, or an argument has no value
    # -- given by a planner that returns no plan ---------------------------------------------------
    AMBIGUOUS_ANCHOR = "ambiguous_anchor"  # two candidate anchors ground equally well
    LOW_SCORE = "low_score"                # the best plan scored under the planner's threshold
    UNGROUNDED = "ungrounded"              # no candidate plan grounds in the lattice
    PLANNER_FAILURE = "planner_failure"    # the model's replies never gave a valid plan
    PLANNER_UNAVAILABLE = "planner_unavailable"  # the model's endpoint could not be reached
    CACHE_MISS = "cache_miss"              # --replay and the plan cache has no entry
    NO_PLAN = "no_plan"                    # a planner returned no plan and gave no reason
    PLAN_ERROR = "plan_error"              # a planner's plan does not type-check against the lattice


#: The reasons the rules derive, first reported first.
ENGINE_REASONS: tuple[Reason, ...] = (Reason.UNKNOWN_ANCHOR, Reason.OUT_OF_SCOPE, Reason.CONFLICT,
                                      Reason.INCOMPARABLE, Reason.EMPTY)

#: The reasons a planner gives for returning no plan (it may also give an engine-side reason
#: it can see before running, such as `unknown_anchor` or `out_of_scope`).
PLANNER_REASONS: tuple[Reason, ...] = (Reason.UNKNOWN_ANCHOR, Reason.AMBIGUOUS_ANCHOR, Reason.LOW_SCORE,
                                       Reason.OUT_OF_SCOPE, Reason.UNGROUNDED, Reason.PLANNER_FAILURE,
                                       Reason.PLANNER_UNAVAILABLE, Reason.CACHE_MISS, Reason.NO_PLAN,
                                       Reason.PLAN_ERROR)


def first_reason(reasons) -> Reason:
    """The reason a result reports among several that hold (the first in ENGINE_REASONS)."""
    return min((Reason(r) for r in reasons), key=ENGINE_REASONS.index)


def sorted_reasons(reasons) -> list[Reason]:
    """Engine reasons in report order, each once."""
    return sorted({Reason(r) for r in reasons}, key=ENGINE_REASONS.index)


def planner_reason(text: str | None) -> Reason:
    """A planner's reason read from text (a cache entry, a model's reply): a known planner
    reason, or `no_plan` when there is none; anything else is `planner_failure`, since a reason
    outside the vocabulary is a fault of whoever wrote it, not a new kind of abstention."""
    if not text:
        return Reason.NO_PLAN
    try:
        reason = Reason(text)
    except ValueError:
        return Reason.PLANNER_FAILURE
    return reason if reason in PLANNER_REASONS else Reason.PLANNER_FAILURE
