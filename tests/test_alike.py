"""Two names one entity's: the rules of latweave.lattice.alike, strongest first, and their guards."""

from __future__ import annotations

import doctest

import pytest

from latweave.lattice import alike as alike_module
from latweave.lattice.alike import TIERS, alike, one_apart


def test_the_module_examples_hold():
    assert doctest.testmod(alike_module).failed == 0


@pytest.mark.parametrize("a, b, tier", [
    ("Leopoldo Torres Rios", "Leopoldo Torres Ríos", "spelling"),
    ("Jay Z", "Jay-Z", "spelling"),
    ("Sultan Bayezid II", "Bayezid II", "title"),
    ("Holy Roman Emperor Charles IV", "Charles IV", "title"),
    ("Maria of Eicken", "Maria van Eicken", "title"),
    ("Qianlong Emperor", "Qianlong", "title"),
    ("Thomas Stanley, 1st Earl of Derby", "Thomas Stanley", "qualifier"),
    ("Archduchess Maria Amalia of Austria", "Maria Amalia, Duchess of Parma", "qualifier"),
    ("Irmina of Oeren", "Irmina", "qualifier"),
    ("Sherry Horman", "Sherry Hormann", "variant"),
    ("Franklin Delano Roosevelt", "Franklin D. Roosevelt", "variant"),
    ("Alice Guy", "Alice Guy-Blaché", "contains"),
    ("Stefan Adam Zamoyski", "Stefan Zamoyski", "subset"),
])
def test_each_rule(a, b, tier):
    assert alike(a, b) == tier and alike(b, a) == tier


@pytest.mark.parametrize("a, b", [
    ("Charles III of Spain", "Charles I"),                              # two regnal numbers
    ("John de Mowbray, 2nd Duke of Norfolk", "John Mowbray, 3rd Duke of Norfolk"),
    ("James Kirkwood", "James Kirkwood Sr."),                           # father or son
    ("Elisabeth of Bavaria", "Empress Elisabeth of Austria"),           # a first name is not enough
    ("Ada", "Ada of Holland"),                                          # too short to stand alone
    ("John Williams", "John William"),                                  # a plural's s
    ("Marie of Burgundy", "Mary of Burgundy"),                          # two letters apart
    ("Karl Ludwig", "Charles Louis, Hereditary Prince of Baden"),       # a translation
    ("Paul Hasluck", "Paul Hasluck"),                                   # the same spelling is no rule
])
def test_guards(a, b):
    assert alike(a, b) is None and alike(b, a) is None


def test_one_apart():
    assert one_apart("theoderic", "theodoric") and one_apart("sophie", "sophia")
    assert one_apart("lisbet", "lisbeth") and not one_apart("lisbet", "lisbetha")
    assert not one_apart("mary", "marx")        # under five letters
    assert not one_apart("bruno", "druno")      # another first letter
    assert not one_apart("stafford", "staffords")


def test_tiers_are_ordered_strongest_first():
    assert TIERS == ("spelling", "title", "qualifier", "variant", "contains", "subset")


@pytest.mark.slow
def test_names_alike_share_a_blocking_key():
    """The builder compares only names that share a blocking key: every pair a rule fits must."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from latweave.lattice.alike import blocking_keys

    word = st.sampled_from(["Abbas", "Uddin", "Abbasuddin", "Ahmed", "of", "de", "Sir", "II", "III", "Jr.",
                            "Theoderic", "Theodoric", "the", "Great", "E.", "Edwin", "Bell", "Farman", "Farma",
                            "Farmanfarma", "André", "Andre", "DeToth", "Toth", ","])
    name = st.lists(word, min_size=1, max_size=5).map(" ".join)

    @settings(max_examples=3000, deadline=None)
    @given(name, name)
    def check(a, b):
        if alike(a, b) is not None:
            assert blocking_keys(a) & blocking_keys(b), (a, b)

    check()
    for a, b in [("Abdol-Hossein Farmanfarma", "Abdol-Hossein Farman Farma"), ("Abbas Uddin", "Abbasuddin Ahmed"),
                 ("Andre DeToth", "André de Toth")]:
        assert alike(a, b) and blocking_keys(a) & blocking_keys(b)


def test_one_apart_is_one_edit():
    """one_apart (linear) against its definition: one substitution, or one letter left out."""
    import random

    from latweave.lattice.alike import RARE

    def by_definition(a, b):
        if min(len(a), len(b)) < RARE or abs(len(a) - len(b)) > 1 or a[0] != b[0]:
            return False
        if len(a) == len(b):
            return sum(x != y for x, y in zip(a, b)) == 1
        short, long = sorted((a, b), key=len)
        return long != short + "s" and any(long[:i] + long[i + 1:] == short for i in range(len(long)))

    rng = random.Random(3)
    for _ in range(20000):
        a = "".join(rng.choice("abs") for _ in range(rng.randint(4, 8)))
        b = list(a)
        edit = rng.randrange(3)
        if edit == 0:
            b.pop(rng.randrange(len(b)))
        elif edit == 1:
            b.insert(rng.randrange(len(b) + 1), rng.choice("abs"))
        else:
            b[rng.randrange(len(b))] = rng.choice("abs")
        b = "".join(b)
        assert one_apart(a, b) == one_apart(b, a) == by_definition(a, b), (a, b)
