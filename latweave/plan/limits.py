"""How large a plan may be: every limit in one place, enforced when a plan is read.

The engines evaluate a meet's constraints one after another (a chain through `constraint_next`,
one semi-naive iteration each) and a chain of `let` steps one step after another, so the cost of
a plan grows with its constraints and steps, and its proof with its steps and compared things
(measured: docs/performance.md, "What a large plan costs"). The limits below sit far above real
plans (the planners', PathQuestion's and 2Wiki's) and at about a second of engine time on the
zoo, and a plan over any of them is a `PlanError` naming the limit — read by a person, or sent
back to an LLM planner to repair.
"""

from __future__ import annotations

import re

from latweave.errors import PlanError

#: Characters of plan text (the DSL or its JSON form).
MAX_PLAN_CHARS = 20_000
#: Characters of one value: a name, a quoted string, a number or a date.
MAX_VALUE_CHARS = 1_000
#: Constraints of one meet (or one holds).
MAX_CONSTRAINTS = 64
#: Constraints of the whole plan, all its meets together.
MAX_PLAN_CONSTRAINTS = 256
#: `let` steps before the final expression (each step's answers feed the next one's proofs, so
#: proofs grow with the steps: docs/performance.md).
MAX_LETS = 8
#: Branches of one union (`a | b | ...`).
MAX_BRANCHES = 16
#: Things one compare (same, differ, argmax, argmin) compares.
MAX_ARGS = 64
#: Dimensions one compared thing is followed along (`"Taxi!" -> directed_by -> ...`).
MAX_PATH = 8
#: Nesting of the JSON form: objects and lists inside one another (a real plan nests under 10).
MAX_JSON_DEPTH = 32

#: Assertions of one claim (`latweave verify`: each is a plan of its own, run in one batch; each
#: is held to the limits above, and this caps the claim across them).
MAX_ASSERTIONS = 32

#: (what, limit, code) for documentation and the README table.
LIMITS = (
    ("characters of plan text", MAX_PLAN_CHARS, "plan_too_long"),
    ("characters of one value", MAX_VALUE_CHARS, "value_too_long"),
    ("constraints of one meet or holds", MAX_CONSTRAINTS, "too_many_constraints"),
    ("constraints of the whole plan", MAX_PLAN_CONSTRAINTS, "too_many_constraints"),
    ("let steps", MAX_LETS, "too_many_lets"),
    ("branches of one union", MAX_BRANCHES, "too_many_branches"),
    ("things one compare compares", MAX_ARGS, "too_many_arguments"),
    ("dimensions a compared thing follows", MAX_PATH, "path_too_long"),
    ("nesting of the JSON form", MAX_JSON_DEPTH, "too_deep"),
    ("assertions of one claim", MAX_ASSERTIONS, "too_many_assertions"),
)

_HINT = "plans are limited in size (latweave/plan/limits.py): {what} at most {limit:,}"


def limit_error(message: str, code: str, what: str, limit: int, **where) -> PlanError:
    """A PlanError for a plan over a limit; the hint names the limit."""
    hint = _HINT.format(what=what, limit=limit)
    extra = where.pop("advice", None)
    path = where.pop("path", None)  # where in a JSON-form plan, e.g. $.return.meet[64]
    return PlanError(f"{path}: {message}" if path else message, code=code,
                     hint=f"{hint}; {extra}" if extra else hint, **where)


def check_length(text: str) -> None:
    """Refuse plan text over MAX_PLAN_CHARS before any parsing is spent on it."""
    if len(text) > MAX_PLAN_CHARS:
        raise limit_error(f"the plan is {len(text):,} characters long", "plan_too_long",
                          "characters of plan text", MAX_PLAN_CHARS, line=1, column=1,
                          advice="split the question into smaller plans")


_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def check_json_depth(text: str) -> None:
    """Refuse JSON nested deeper than MAX_JSON_DEPTH before json.loads recurses into it."""
    depth = 0
    for m in _JSON_TOKENS.finditer(text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                offset = m.start()
                line = text.count("\n", 0, offset) + 1
                column = offset - (text.rfind("\n", 0, offset) + 1) + 1
                raise limit_error(f"the JSON plan nests deeper than {MAX_JSON_DEPTH} levels", "too_deep",
                                  "nesting of the JSON form", MAX_JSON_DEPTH, line=line, column=column)
        elif token in "]}":
            depth -= 1


class Counter:
    """Counts what a plan holds while it is read, and refuses what goes over a limit.

    Each method takes where the offending item is: the DSL passes PlanError's line, column and
    context; the JSON form passes `path=`, such as `$.let[0][1].meet[64]`."""

    def __init__(self):
        self.constraints = 0

    def value(self, text: str, **where) -> None:
        if len(text) > MAX_VALUE_CHARS:
            raise limit_error(f"a value of {len(text):,} characters", "value_too_long",
                              "characters of one value", MAX_VALUE_CHARS, **where)

    def meet(self, count: int, **where) -> None:
        if count > MAX_CONSTRAINTS:
            raise limit_error(f"a meet with {count:,} constraints", "too_many_constraints",
                              "constraints of one meet or holds", MAX_CONSTRAINTS,
                              advice="most constraints narrow nothing after the first few: keep the "
                                     "selective ones", **where)
        self.constraints += count
        if self.constraints > MAX_PLAN_CONSTRAINTS:
            raise limit_error(f"the plan has more than {MAX_PLAN_CONSTRAINTS:,} constraints", "too_many_constraints",
                              "constraints of the whole plan", MAX_PLAN_CONSTRAINTS, **where)

    def lets(self, count: int, **where) -> None:
        if count > MAX_LETS:
            raise limit_error(f"the plan has {count:,} let steps", "too_many_lets", "let steps", MAX_LETS,
                              **where)

    def branches(self, count: int, **where) -> None:
        if count > MAX_BRANCHES:
            raise limit_error(f"a union of {count:,} branches", "too_many_branches",
                              "branches of one union", MAX_BRANCHES, **where)

    def arguments(self, count: int, **where) -> None:
        if count > MAX_ARGS:
            raise limit_error(f"a compare of {count:,} things", "too_many_arguments",
                              "things one compare compares", MAX_ARGS, **where)

    def path(self, count: int, **where) -> None:
        if count > MAX_PATH:
            raise limit_error(f"a compared thing followed along {count:,} dimensions", "path_too_long",
                              "dimensions a compared thing follows", MAX_PATH, **where)
