"""A generated PathQuestion-format KB for the build-at-scale measurement (`build --engine spark`).

    .venv/bin/python bench/kb_gen.py --instances 1000000 --out /tmp/kb-1m.txt [--seed 7]

Writes `subject<TAB>relation<TAB>object` lines for N subjects (person_00000000 …), streamed (constant
memory), the same bytes for the same arguments. Each subject gets:
- gender (entity-valued, functional in PathQuestion's ontology: one value, so no contested coordinate);
- place_of_birth, one of N/50 cities (entity-valued, functional); each city gets a country line;
- date_of_birth (≥ 90% of it dates: an ordered date dimension), number height (an ordered number one);
- 1–3 professions of 40 (several-valued, entity-valued);
- a parent among the earlier subjects (entity-valued, objects are subjects);
and every 97th subject repeats a line (a duplicate: it enters once, with its first evidence).
So N subjects make about 1.02·N instances (the cities, countries, genders, professions too) and
about 7 lines per subject.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

PROFESSIONS = [f"profession_{i}" for i in range(40)]
COUNTRIES = [f"country_{i}" for i in range(25)]


def lines(instances: int, seed: int):
    rng = random.Random(seed)
    cities = max(1, instances // 50)
    for c in range(cities):
        yield f"city_{c:07d}\tcountry\t{COUNTRIES[c % len(COUNTRIES)]}\n"
    for i in range(instances):
        s = f"person_{i:08d}"
        own = [f"{s}\tgender\t{'male' if rng.random() < 0.5 else 'female'}\n",
               f"{s}\tplace_of_birth\tcity_{rng.randrange(cities):07d}\n",
               f"{s}\tdate_of_birth\t{rng.randint(1800, 2005)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}\n",
               f"{s}\theight\t{rng.randint(140, 210) / 100:.2f}\n"]
        own += [f"{s}\tprofession\t{p}\n" for p in rng.sample(PROFESSIONS, rng.randint(1, 3))]
        if i:
            own.append(f"{s}\tparents\tperson_{rng.randrange(i):08d}\n")
        if i % 97 == 0:
            own.append(own[-1])
        yield from own


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, required=True, help="subjects to generate")
    parser.add_argument("--out", required=True, help="the KB file to write")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.instances < 1:
        parser.error("--instances must be at least 1")
    out = Path(args.out)
    with out.open("w", encoding="utf-8", newline="\n") as handle:
        for line in lines(args.instances, args.seed):
            handle.write(line)
    print(f"{out}: {out.stat().st_size:,} bytes, {args.instances:,} subjects", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
