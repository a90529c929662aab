"""The plan lists the tests share: each test module imports them from here, never from another
test module (a test file is a test, not a library).

ZOO_PLANS, MOVIE_PLANS: a broad set of plans on the two demo corpora (answers, verdicts,
abstentions, chains, arg paths, unions, numeric windows); ZOO_CASES, EXAMPLES, DISPUTE_CASES: plans
with the outcome the semantics give; DISPUTES_EXTRA: plans on corpora/disputes beyond those;
TENURE_CASES: plans at a time on corpora/tenures, with their outcomes."""

from __future__ import annotations

from pathlib import Path

from latweave.execute import Runner
from latweave.plan.read import read_plan


ZOO_PLANS = [
    'meet(species <= mammal, habitat <= aquatic)',
    'meet(species <= mammal, habitat <= aerial, diet <= carnivore)',
    'meet(species <= animal)',
    'meet(species = cetacean)',
    'meet(habitat <= land)',
    'meet(habitat = amphibious)',
    'meet(diet <= "fish-eater")',
    'meet(diet <= insectivore, diet <= piscivore)',
    'meet(diet <= carnivore) -> species',
    'meet(species <= mammal) -> diet',
    'meet(lifespan_years in 10..50)',
    'meet(lifespan_years > 50)',
    'meet(first_described < 1800)',
    'meet(species <= fish) | meet(species <= amphibian)',
    'let m = meet(species <= mammal) -> habitat\nmeet(habitat <= $m)',
    'let d = meet(species <= bird) -> diet\nmeet(diet = $d)',
    'let d = meet(species <= fish) -> habitat\nlet e = meet(habitat = $d)\nmeet(species <= mammal, species = $e)',
    'argmax(lifespan_years, [Whale, Dog])',
    'argmin(lifespan_years, [Whale, Dog, Salmon])',
    'argmin(first_described, [Bat, Eagle, Penguin])',
    'same(habitat, Whale, Dog)',
    'same(species, Whale, "Blue whale")',
    'differ(species, Whale, Dog)',
    'holds("Blue whale", species <= mammal)',
    'holds(Whale, lifespan_years > 50)',
    'holds("Whale", habitat <= terrestrial)',
    # abstentions
    'meet(species <= mammal, species <= bird)',
    'meet(species <= unicorn)',
    'meet(colour <= red)',
    'meet(species <= whale, habitat <= terrestrial)',
    'meet(diet <= carnivore, diet <= herbivore)',
    'argmin(first_described, [Whale, Dog, Bat])',
    'argmax(species, [Whale, Dog])',
    'argmax(lifespan_years, [Whale, Nobody])',
    'holds(Unicorn, species <= mammal)',
    'let d = meet(species <= fish) -> lifespan_years\nmeet(first_described = $d)',
]


MOVIE_PLANS = [
    'let d = meet(subject = "Blade Runner") -> directed_by\nmeet(directed_by = $d) -> subject',
    'let d = meet(genre <= horror) -> directed_by\nmeet(subject = $d) -> date_of_birth',
    'let g = meet(genre <= horror) | meet(genre <= comedy)\nmeet(subject = $g) -> release_date',
    'meet(nationality = "United States") -> date_of_birth',
    'meet(genre <= "sci-fi", release_date > 1980)',
    'meet(release_date < 1960) | meet(genre <= horror)',
    'meet(release_date in 1930..1960)',
    'meet(genre <= speculative_fiction) -> directed_by',
    'argmin(date_of_birth, ["Taxi!" -> directed_by, "What Price Hollywood?" -> directed_by])',
    'argmin(date_of_birth, [Alien -> directed_by, "Blade Runner" -> directed_by])',
    'argmax(release_date, [Alien, "Taxi!", Sinister])',
    'argmax(genre, ["Taxi!", "What Price Hollywood?"])',
    'let d = meet(genre <= horror) -> directed_by\nargmin(date_of_birth, [$d])',
    'let d = meet(genre <= cyberpunk) -> directed_by\nargmax(date_of_birth, [$d -> subject, "Taxi!" -> directed_by])',
    'same(nationality, "Scott Derrickson", "Ed Wood")',
    'same(nationality, "Ridley Scott", "Ed Wood")',
    'same(nationality, "Blade Runner" -> directed_by, Alien -> directed_by)',
    'differ(nationality, "Scott Derrickson", "Ridley Scott")',
    'differ(nationality, "Sinister" -> directed_by, "Alien" -> directed_by)',
    'differ(genre, Alien, Sinister)',
    'holds("Whale", genre <= horror)',
    'holds(Alien, genre <= horror)',
    'let d = meet(subject = "Sinister") -> directed_by\nholds($d, nationality = American)',
    # abstentions
    'meet(genre <= cyberpunk, directed_by = "Tim Burton")',
    'meet(release_date <= 1932)',
    'argmax(genre, [Alien, "Taxi!"])',
    'argmax(date_of_birth, ["Blade Runner" -> directed_by, Nobody])',
    'argmax(date_of_birth, ["Blade Runner" -> directed_by, Alien])',
]


def run_plans(lattice: Path, engine: str, texts: list[str]):
    with Runner(lattice, engine) as runner:
        return runner.run([read_plan(t) for t in texts])


MAMMAL_AQUATIC = {"meet": [["species", "<=", "mammal"], ["habitat", "<=", "aquatic"]]}


# (plan, status, answers, verdict, reason)
ZOO_CASES = [
    (MAMMAL_AQUATIC, "answer", ["Whale"], None, None),
    ({"meet": [["species", "<=", "whale"], ["habitat", "<=", "terrestrial"]]}, "abstain", [], None, "empty"),
    ({"meet": [["habitat", "<=", "aquatic"], ["habitat", "<=", "terrestrial"]]}, "answer", ["Frog", "Salamander"], None, None),
    ({"meet": [["habitat", "=", "amphibious"]]}, "answer", ["Frog", "Salamander"], None, None),
    ({"meet": [["habitat", "=", "aquatic"]]}, "abstain", [], None, "empty"),
    ({"meet": [["species", "<=", "mammal"], ["species", "<=", "bird"]]}, "abstain", [], None, "conflict"),
    ({"meet": [["species", "<=", "unicorn"]]}, "abstain", [], None, "unknown_anchor"),
    ({"meet": [["wingspan", "<=", "large"]]}, "abstain", [], None, "out_of_scope"),
    ({"meet": [["species", "<=", "cetacean"]]}, "answer", ["Whale"], None, None),
    ({"meet": [["habitat", "<=", "LAND"]]}, "answer", ["Dog", "Frog", "Salamander"], None, None),
    ({"meet": [["diet", "<=", "carnivore"], ["diet", "<=", "herbivore"]]}, "abstain", [], None, "empty"),
    ({"meet": [["diet", "<=", "insectivore"], ["diet", "<=", "piscivore"]]}, "answer", ["Salmon"], None, None),
    ({"meet": [["species", "<=", "mammal"]], "project": "diet"}, "answer", ["carnivore", "insectivore"], None, None),
    ({"union": [{"meet": [["species", "<=", "whale"]]}, {"meet": [["species", "<=", "frog"]]}]},
     "answer", ["Frog", "Whale"], None, None),
    ({"let": [["d", {"meet": [["species", "<=", "bird"]], "project": "diet"}]],
      "return": {"meet": [["diet", "=", {"ref": "d"}]]}}, "answer", ["Eagle", "Penguin", "Salmon"], None, None),
    ({"let": [["d", {"meet": [["species", "<=", "fish"]], "project": "habitat"}],
              ["e", {"meet": [["habitat", "=", {"ref": "d"}]]}]],
      "return": {"meet": [["species", "<=", "mammal"], ["species", "=", {"ref": "e"}]]}},
     "answer", ["Whale"], None, None),
    ({"let": [["d", {"meet": [["species", "<=", "fish"]], "project": "lifespan_years"}]],
      "return": {"meet": [["first_described", "=", {"ref": "d"}]]}}, "abstain", [], None, "empty"),
    ({"argmax": "lifespan_years", "args": ["Whale", "Dog"]}, "answer", ["Whale"], None, None),
    ({"argmin": "lifespan_years", "args": ["Whale", "Dog", "Salmon"]}, "answer", ["Dog", "Salmon"], None, None),
    ({"argmin": "first_described", "args": ["Bat", "Eagle", "Penguin"]}, "answer", ["Eagle"], None, None),
    ({"argmin": "first_described", "args": ["Whale", "Dog"]}, "abstain", [], None, "incomparable"),
    ({"argmax": "first_described", "args": ["Whale", "Shark"]}, "abstain", [], None, "empty"),
    ({"argmax": "species", "args": ["Whale", "Dog"]}, "abstain", [], None, "incomparable"),
    ({"argmax": "lifespan_years", "args": ["Whale", "Unicorn"]}, "abstain", [], None, "unknown_anchor"),
    ({"same": "diet", "args": ["Whale", "Dog"]}, "verdict", [], True, None),
    ({"same": "habitat", "args": ["Whale", "Dog"]}, "verdict", [], False, None),
    ({"differ": "habitat", "args": ["Whale", "Dog"]}, "verdict", [], True, None),
    ({"same": "diet", "args": ["Salmon", "Eagle", "Penguin"]}, "verdict", [], True, None),
    ({"same": "first_described", "args": ["Whale", "Shark"]}, "abstain", [], None, "empty"),
    ({"holds": "Whale", "where": [["habitat", "<=", "aquatic"]]}, "verdict", [], True, None),
    ({"holds": "Blue whale", "where": [["habitat", "<=", "aquatic"]]}, "verdict", [], True, None),
    ({"holds": "Whale", "where": [["habitat", "<=", "terrestrial"]]}, "verdict", [], False, None),
    ({"holds": "Shark", "where": [["first_described", "<=", "1758"]]}, "abstain", [], None, "empty"),
    ({"holds": "Nessie", "where": [["habitat", "<=", "aquatic"]]}, "abstain", [], None, "unknown_anchor"),
    ({"holds": "Frog", "where": [["habitat", "<=", "marine"], ["habitat", "<=", "terrestrial"]]},
     "abstain", [], None, "conflict"),
    # on a date <= is at most: the year 1758 and the day 1758-01-01 both end by the end of 1758
    ({"meet": [["first_described", "<=", "1758"], ["species", "<=", "mammal"]]}, "answer", ["Dog", "Whale"], None, None),
    ({"meet": [["first_described", "=", "January 1, 1758"]]}, "answer", ["Dog"], None, None),
    # an interval the lattice does not hold is, for now, an unknown value (ad-hoc ranges: future work) ...
    ({"meet": [["lifespan_years", "=", "20..60"]]}, "abstain", [], None, "unknown_anchor"),
    # ... and at most an interval is at most its end (issue 43)
    ({"meet": [["lifespan_years", "<=", "20..60"]]}, "answer",
     ["Bat", "Dog", "Eagle", "Frog", "Penguin", "Salamander", "Salmon"], None, None),
    ({"meet": [["lifespan_years", ">=", "20"], ["lifespan_years", "<=", "30"]]}, "answer", ["Bat", "Eagle", "Penguin"],
     None, None),
]


# (corpus, plan, status, answers, verdict, reason)
EXAMPLES = [
    ("zoo", "meet(species <= mammal, habitat <= aquatic)", "answer", ["Whale"], None, None),
    ("zoo", "meet(habitat = amphibious)", "answer", ["Frog", "Salamander"], None, None),
    ("movies", 'meet(subject = "Blade Runner") -> directed_by', "answer", ["Ridley Scott"], None, None),
    ("movies", 'let d = meet(subject = "Blade Runner") -> directed_by\nmeet(directed_by = $d) -> subject',
     "answer", ["Alien", "Blade Runner", "Gladiator"], None, None),
    ("movies", "meet(genre = comedy) | meet(genre = drama)", "answer",
     ["Beetlejuice", "Gladiator", "Glen or Glenda", "What Price Hollywood?"], None, None),
    ("movies", 'same(nationality, "Scott Derrickson", "Ed Wood")', "verdict", [], True, None),
    # films have no date of birth: the literal example abstains, naming what is missing ...
    ("movies", 'argmin(date_of_birth, ["Taxi!", "What Price Hollywood?"])', "abstain", [], None, "empty"),
    # ... and the compare over chains answers "which film's director was born first"
    ("movies", 'argmin(date_of_birth, ["Taxi!" -> directed_by, "What Price Hollywood?" -> directed_by])',
     "answer", ["Taxi!"], None, None),
    ("movies", 'argmin(release_date, ["Taxi!", "What Price Hollywood?"])', "answer", ["Taxi!"], None, None),
    ("zoo", 'holds("Whale", habitat <= aquatic)', "verdict", [], True, None),
    # chains of any depth: the nationality of the directors of the films Harrison Ford starred in
    ("movies", 'let f = meet(starring = "Harrison Ford") -> subject\n'
               'let d = meet(subject = $f) -> directed_by\nmeet(subject = $d) -> nationality',
     "answer", ["British"], None, None),
    ("movies", 'let a = meet(subject = "Alien") -> directed_by\nlet b = meet(subject = "Sinister") -> directed_by\n'
               'argmax(date_of_birth, [$a, $b])', "answer", ["Scott Derrickson"], None, None),
    # a bare $step argument: its items compete ("which horror director was born first")
    ("movies", 'let d = meet(genre <= horror) -> directed_by\nargmin(date_of_birth, [$d])', "answer",
     ["Edward D. Wood Jr."], None, None),
    ("movies", 'meet(genre <= "sci-fi", release_date < 1985)', "answer",
     ["Alien", "Blade Runner", "Plan 9 from Outer Space"], None, None),
    ("movies", 'meet(genre <= comedy, genre <= speculative_fiction)', "answer", ["Beetlejuice"], None, None),
]


# (plan, status, answers (or the verdict), contested answers, reason)
DISPUTE_CASES = [
    # meet: certain answers beside contested ones
    ("meet(city <= france)", "answer", ["Ada Lovell", "Cy Corin", "Ed Eames"], ["Bo Brandt"], None),
    ("meet(city = paris)", "answer", ["Ada Lovell"], ["Bo Brandt", "Ed Eames"], None),
    ("meet(city <= europe)", "answer", ["Ada Lovell", "Bo Brandt", "Cy Corin", "Ed Eames"], [], None),
    ("meet(born < 1902)", "answer", ["Ada Lovell", "Hal Hart"], ["Bo Brandt"], None),
    ("meet(born in 1900..1910)", "answer", ["Bo Brandt", "Gil Grey", "Hal Hart"], [], None),
    ("meet(born = 1815-12-10)", "answer", ["Ada Lovell"], [], None),      # the year and the day: the day
    ("meet(born = 1815)", "abstain", [], [], "empty"),                    # ... so not exactly the year
    ("meet(zone = shore)", "answer", ["Fay Finch"], [], None),            # a meet no source states
    ("meet(zone <= water)", "answer", ["Fay Finch"], [], None),
    # nothing certain: conflict (not empty, not a guess)
    ("meet(city <= germany)", "abstain", [], [], "conflict"),
    ("meet(born < 1902, born > 1900)", "abstain", [], [], "conflict"),
    # one world must meet both constraints on a dimension: 1901 does, so Bo is contested, not certain
    ("meet(born < 1905, born > 1900)", "answer", ["Bo Brandt", "Gil Grey"], [], None),
    # projections: a certain member's contested value is a contested output
    ("meet(employer = acme) -> city", "answer", ["paris"], ["berlin"], None),
    ("meet(employer = globex) -> city", "abstain", [], [], "conflict"),
    # chains carry contestedness forward
    ("let c = meet(employer = acme) -> city\nmeet(city = $c)", "answer", ["Ada Lovell"], ["Bo Brandt", "Ed Eames"], None),
    ("let c = meet(employer = globex) -> city\nmeet(city = $c)", "abstain", [], [], "conflict"),
    # same / differ: a verdict that holds under every value answers
    ('same(city, "Ada Lovell", "Cy Corin")', "verdict", False, [], None),
    ('same(city, "Bo Brandt", "Cy Corin")', "verdict", False, [], None),
    ('differ(city, "Bo Brandt", "Cy Corin")', "verdict", True, [], None),
    ('same(city, "Bo Brandt", "Ada Lovell")', "abstain", [], [], "conflict"),
    ('differ(city, "Ed Eames", "Ada Lovell")', "abstain", [], [], "conflict"),
    # no value is shared under any world, though one item of $p (Bo) is there only by a doubtful route
    ('let p = meet(city <= france)\nsame(born, $p, "Hal Hart")', "verdict", False, [], None),
    # extremum: a winner under every value answers; otherwise conflict
    ('argmin(born, ["Ada Lovell", "Bo Brandt"])', "answer", ["Ada Lovell"], [], None),
    ('argmin(born, ["Bo Brandt", "Cy Corin"])', "answer", ["Bo Brandt"], [], None),
    ('argmax(born, ["Bo Brandt", "Gil Grey"])', "abstain", [], [], "conflict"),
    ('argmax(born, ["Dawn" -> directed_by, "Dusk" -> directed_by])', "answer", ["Dusk"], [], None),
    ('argmin(born, ["Dawn" -> directed_by, "Dusk" -> directed_by])', "abstain", [], [], "conflict"),
    ('let d = meet(born < 1960)\nargmin(born, [$d])', "answer", ["Ada Lovell"], [], None),
    ('let d = meet(born in 1900..1905)\nargmax(born, [$d])', "abstain", [], [], "conflict"),
    ('argmax(died - born, ["Ada Lovell", "Bo Brandt"])', "answer", ["Bo Brandt"], [], None),
    ('argmax(died - born, ["Bo Brandt", "Hal Hart"])', "abstain", [], [], "conflict"),
    # holds: true or false under every value, else conflict
    ('holds("Bo Brandt", city <= europe)', "verdict", True, [], None),
    ('holds("Bo Brandt", city <= france)', "abstain", [], [], "conflict"),
    ('holds("Cy Corin", city <= germany)', "verdict", False, [], None),
    ('holds("Ed Eames", city <= germany)', "verdict", False, [], None),
    ('let d = meet(city <= germany, born < 1800)\nholds($d, city <= france)', "abstain", [], [], "empty"),
    # a plan-level conflict is still a conflict
    ("meet(city <= france, city <= germany)", "abstain", [], [], "conflict"),
]


DISPUTES_EXTRA = [
    'meet(city <= france) -> born',
    'meet(born < 1960) -> city',
    'let c = meet(employer = acme) -> city\nmeet(city <= $c) -> born',
    'let p = meet(city <= france)\nargmin(born, [$p])',
    'let p = meet(city <= europe)\nargmax(born, [$p])',
    'argmax(born, ["Hal Hart", "Gil Grey", "Bo Brandt"])',
    'argmin(died - born, ["Ada Lovell", "Bo Brandt", "Hal Hart"])',
    'same(born, "Bo Brandt", "Gil Grey")',
    'differ(zone, "Fay Finch", "Fay Finch")',
    'same(directed_by, Dawn, Dusk)',
    'holds(Dawn, directed_by = "Ada Lovell")',
    'let d = meet(directed_by <= "Bo Brandt")\nholds($d, directed_by = "Bo Brandt")',
    'meet(zone = land)',
    'meet(zone <= land, zone <= water)',
    'meet(city = paris, born < 1902)',
    'argmax(city, ["Ada Lovell", "Cy Corin"])',
    'argmax(city, ["Bo Brandt", "Ed Eames"])',
]


#: (plan, status, answers or verdict, reasons) on corpora/tenures
TENURE_CASES = [
    ('meet(subject = "Ada Lovell") at 1990 -> spouse', "answer", ["Ben Carter"], []),
    ('meet(subject = "Ada Lovell") -> spouse', "answer", ["Ben Carter", "Carl Dunn"], []),
    # married in June 1996, end unknown: still married in 2000? the lattice cannot say
    ('meet(subject = "Ada Lovell") at 2000 -> spouse', "abstain", [], ["incomparable", "empty"]),
    # divorced in 1993, the next marriage in 1996: nobody in 1995, for certain
    ('meet(subject = "Ada Lovell") at 1995 -> spouse', "abstain", [], ["empty"]),
    ('meet(subject = "Dora Fisk") at 2026-06-01 -> spouse', "answer", ["Evan Gale"], []),
    # `present` as of 1 July 2026 (the documents' date): after it, the marriage may have ended
    ('meet(subject = "Dora Fisk") at 9999 -> spouse', "abstain", [], ["incomparable", "empty"]),
    ('meet(subject = "Dora Fisk") at 2026-08 -> spouse', "abstain", [], ["incomparable", "empty"]),
    ('holds("Dora Fisk", spouse = "Evan Gale") at 2026', "verdict", True, []),
    ('holds("Dora Fisk", spouse = "Evan Gale") at 9999', "abstain", [], ["incomparable"]),
    ('meet(office = "Mayor of Northbridge") at 2030', "abstain", [], ["incomparable", "empty"]),
    ('meet(subject = "Frank Hale") at 1999 -> spouse', "answer", ["Gina Iver"], []),
    ('meet(subject = "Frank Hale") at 1990 -> spouse', "abstain", [], ["incomparable", "empty"]),
    ('meet(office = "Mayor of Northbridge") at 2005', "answer", ["Helen Ives"], []),
    ('meet(office = "Mayor of Northbridge") at 2010', "answer", ["Helen Ives", "Ivan Jost"], []),
    ('meet(office <= mayor) during 2003..2012', "answer", ["Helen Ives", "Ivan Jost"], []),
    ('meet(office = "Harbour Board chair") at 2009', "answer", ["Helen Ives", "Ivan Jost"], []),
    ('meet(club = "Rovers FC") at 2011', "answer", ["Leo Marsh", "Mia Noor"], []),
    ('meet(club = "Rovers FC") at 2014', "abstain", [], ["incomparable", "empty"]),
    ('meet(subject = "Leo Marsh") at 2012 -> club', "answer", ["Rovers FC", "United Athletic"], []),
    ('let m = meet(office = "Mayor of Northbridge") at 2010\nargmin(born, [$m])', "answer", ["Ivan Jost"], []),
    ('let m = meet(office = "Mayor of Northbridge") at 2020\nmeet(subject = $m) -> born', "answer", ["1970-05-14"], []),
    ('holds("Ada Lovell", spouse = "Ben Carter") at 1990', "verdict", True, []),
    ('holds("Ada Lovell", spouse = "Ben Carter") at 2000', "verdict", False, []),
    ('holds("Ada Lovell", spouse = "Carl Dunn") at 1999', "abstain", [], ["incomparable"]),
]

