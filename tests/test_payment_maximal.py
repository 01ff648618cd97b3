"""maximal() and pay's irredundant-way index against brute force on fixed pseudo-random inputs
(issue 12): the packed tables must give exactly what comparing every pair gives."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement

from pysolver.query.payment import COLORS, Unit, _covers, _SetTrie, maximal

UNITS = [Unit(t) for t in "WUBRGC"] + [Unit("Any"), Unit("Any", "creature"), Unit("G", "creature")]


@cache  # a pool's choices are read once per pool it is compared with
def choices(pool):
    """Every pool without {Any} that ``pool`` offers (each {Any} a color of its restriction)."""
    found = [Counter()]
    for unit, n in pool:
        if unit.type != "Any":
            found = [c + Counter({unit: n}) for c in found]
            continue
        found = [c + Counter(Unit(color, unit.restriction) for color in combo)
                 for c in found for combo in combinations_with_replacement(COLORS, n)]
    return [tuple(sorted(c.items())) for c in found]


def below(small, big):
    return all(_covers(dict(big), each) for each in choices(small))


def brute_maximal(pools):
    """The pools with a choice that no other pool covers, but pools that are below it."""
    distinct = set(pools)
    found = set()
    for p in distinct:
        others = [dict(q) for q in distinct if q != p and not below(q, p)]
        if any(not any(_covers(q, each) for q in others) for each in choices(p)):
            found.add(p)
    return found


def test_maximal_is_brute_force():
    rng = random.Random(12)
    joint = 0
    for _ in range(120):
        kinds = rng.sample(UNITS, rng.randint(2, 5)) + [Unit("Any")]
        pools = []
        for _ in range(rng.randint(3, 12)):
            picked = {u: rng.randint(1, 2) for u in rng.sample(kinds, rng.randint(1, 3))}
            pools.append(tuple(sorted(picked.items())))
        fixed = Counter({u: rng.randint(0, 2) for u in rng.sample(UNITS[:6], 2)})
        pools.append(tuple(sorted((fixed + Counter({Unit("Any"): 1})).items())))
        for color in COLORS:  # its choices, often each below another pool (larger or not)
            if rng.random() < 0.85:
                extra = Counter(rng.sample(UNITS[:6] + [Unit("Any")], rng.randint(0, 1)))
                pools.append(tuple(sorted((fixed + Counter({Unit(color): 1}) + extra).items())))
        expected = brute_maximal(pools)
        assert set(maximal(pools)) == expected
        joint += any(p not in expected and not any(q != p and _covers(dict(q), p) for q in set(pools))
                     for p in set(pools))
    assert joint >= 4  # inputs where only several pools together cover one


def test_set_trie_finds_proper_subsets_only():
    rng = random.Random(12)
    sets = [sorted(rng.sample(range(12), rng.randint(0, 6))) for _ in range(300)]
    trie = _SetTrie()
    for each in sets[:150]:
        trie.add(each)
    for each in sets:
        expected = any(set(other) < set(each) for other in sets[:150])
        assert trie.holds_smaller(each) == expected
