"""A brute-force oracle for `available` and `pay` (issue 12): every *sequence* of activations.

The oracle takes what one activation produces from `pysolver mana` (each
ability's outcomes, replacement effects and triggered mana abilities
included), and nothing else from pysolver: it tries every sequence of
activations, every way to pay each activation's mana cost from the pool of
that moment (every sub-multiset for generic mana), and every outcome, with no
order reduction; a state reached again (the same pool and the same tapped,
sacrificed and untapped permanents) is not explored twice, as its
continuations are the same.  Doubling Cube's result is computed here from
the pool after its cost (CR 106.4).  An outcome that untaps a land of Bob's
(Benthic Explorers' cost, CR 118.3) names it: that land is then untapped, so
no later outcome untaps it again.  Boards are small and random.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations_with_replacement

from hypothesis import example, given, settings
from hypothesis import strategies as st

import pysolver
from pysolver.query import mana as mana_query
from pysolver.query.payment import available_pools, pay

from helpers import mana_abilities_read_once

TYPES = "WUBRGC"
# Mana with a rider (Hall of the Bandit Lord's, CR 106.6) kept apart, as available keeps it: "C*"
KINDS = [*TYPES, *(t + "*" for t in TYPES)]
RIDER = "If that mana is spent on a creature spell, it gains haste."
CARDS = ["Forest", "Tropical Island", "Birds of Paradise", "Sol Ring", "Mana Flare", "Pili-Pala",
         "Doubling Cube", "Goblin Clearcutter", "Llanowar Elves", "Mana Reflection", "Hall of the Bandit Lord",
         "Benthic Explorers"]
# Bob's tapped lands, which Benthic Explorers' cost may untap (Alice can't tap his untapped Forest)
BOB = [(), ("Mountain",), ("Tropical Island", "Mountain")]
COSTS = ["{G}", "{1}{G}", "{2}", "{U}{U}", "{G/U}{1}", "{C}{G}", "{2/W}", "{G/P}{G}", "{W}{G}", "{3}{G}{G}"]


def outcomes_of(board, permanent):
    """(tap, untap, generic, doubling, [(mana Counter, sacrificed id or None, untapped id or None)],
    blocked) per ability."""
    found = []
    ability = 1
    listed = None  # every ability of the permanent, from the first answer
    while True:
        if listed is not None and not any(a.index == ability and a.kind == "mana" for a in listed):
            break  # what asking for it would say (a QueryError), without grounding the query again
        spec_board = board
        try:
            result = mana_query.mana_outcomes(board, permanent.id, ability)
        except pysolver.QueryError:
            break
        listed = listed or result.abilities
        cost = result.ability.text.split(":")[0]
        untap = "{Q}" in cost
        if untap != permanent.tapped:  # the state the cost needs, for the outcomes
            spec_board = replace(board, battlefield=[replace(p, tapped=untap) if p.id == permanent.id else p
                                                     for p in board.battlefield])
            result = mana_query.mana_outcomes(spec_board, permanent.id, ability)
        generic = sum(int(s[1:-1]) for s in cost.replace(", ", " ").split() if s[1:-1].isdigit())
        outs = []
        for outcome in result.outcomes:
            sacrificed = [e.split(" ", 1)[1] for e in outcome.effects if e.startswith("sacrifice ")]
            untapped = [e.split(" ", 1)[1] for e in outcome.effects if e.startswith("untap ")]
            rider = Counter(dict(outcome.restricted or ()))
            mana = Counter(dict(outcome.mana)) - rider
            mana.update({t + "*": n for t, n in rider.items()})
            outs.append((mana, sacrificed[0] if sacrificed else None, untapped[0] if untapped else None))
        doubling = "Double" in result.ability.text
        blocked = [r for r in result.cannot_activate if "302.6" in r]
        found.append(("{T}" in cost, untap, generic, doubling, outs, bool(blocked)))
        ability += 1
    return found


def pools_by_sequences(board, player="Alice"):
    """Every pool some sequence of activations reaches (concrete mana, no Any)."""
    mine = [p for p in board.battlefield if p.controller == player]
    abilities = {p.id: outcomes_of(board, p) for p in mine}
    start = Counter()
    for symbol in board.players[0].mana_pool.replace("}", "").split("{")[1:]:
        start[symbol] += 1
    seen = set()
    walked = set()  # states already explored: the same state has the same continuations

    def key(pool):
        return tuple(pool.get(t, 0) for t in KINDS)

    def walk(pool, tapped, gone, untapped):
        state = (key(pool), tapped, gone, untapped)
        if state in walked:
            return
        walked.add(state)
        seen.add(state[0])
        for permanent in mine:
            if permanent.id in gone:
                continue
            for tap, untap, generic, doubling, outs, blocked in abilities[permanent.id]:
                if blocked or (tap and permanent.id in tapped) or (untap and permanent.id not in tapped):
                    continue
                units = sorted(pool.elements())
                for paid in set(combinations_with_replacement(units, generic)) if generic else [()]:
                    if not Counter(paid) <= pool:
                        continue
                    after = pool - Counter(paid)
                    now_tapped = (tapped | {permanent.id}) if tap else (tapped - {permanent.id})
                    if doubling:
                        # the rider isn't copied (Doubling Cube ruling 2004-12-01)
                        walk(after + Counter(t.rstrip("*") for t in after.elements()), now_tapped, gone, untapped)
                        continue
                    for mana, sacrificed, land in outs:
                        if sacrificed in gone or land in untapped:
                            continue
                        walk(after + mana, now_tapped, gone | ({sacrificed} if sacrificed else set()),
                             untapped | ({land} if land else set()))

    walk(start, frozenset(p.id for p in mine if p.tapped), frozenset(), frozenset())
    return seen


def maximal(pools):
    def below(small, big):
        return small != big and all(a <= b for a, b in zip(small, big, strict=True))
    return {p for p in pools if not any(below(p, q) for q in pools)}


def text(vector):
    """A pool's words as available writes them: the mana with a rider after the rest."""
    counts = dict(zip(KINDS, vector, strict=True))
    plain = "".join(f"{{{t}}}" * counts[t] for t in TYPES)
    rider = "".join(f"{{{t}}}" * counts[t + "*"] for t in TYPES)
    return (plain + (f" + {rider} ({RIDER})" if rider else "")).strip(" +")


def merged(vector):
    """The pool with its mana with a rider counted with the rest: it pays anything (CR 106.6)."""
    return tuple(vector[i] + vector[i + len(TYPES)] for i in range(len(TYPES)))


def pays(vector, cost, life):
    """Whether a concrete pool pays a cost (brute force over each symbol's alternatives)."""
    symbols = cost.replace("}", "").split("{")[1:]
    pool = dict(zip(TYPES, vector, strict=True))

    def go(i, pool, life):
        if i == len(symbols):
            return True
        symbol = symbols[i]
        options = []
        for part in symbol.split("/"):
            if part.isdigit():
                options.append(("generic", int(part)))
            elif part == "P":
                options.append(("life", 2))
            else:
                options.append((part, 1))
        for kind, n in options:
            if kind == "life":
                if life >= n and go(i + 1, pool, life - n):
                    return True
            elif kind == "generic":
                for combo in combinations_with_replacement(TYPES, n):
                    need = Counter(combo)
                    if all(pool[t] >= k for t, k in need.items()) and go(
                            i + 1, {t: pool[t] - need.get(t, 0) for t in TYPES}, life):
                        return True
            elif pool[kind] >= 1 and go(i + 1, {**pool, kind: pool[kind] - 1}, life):
                return True
        return False

    return go(0, pool, life)


BOARD = st.lists(st.tuples(st.sampled_from(CARDS), st.booleans()), min_size=1, max_size=4)


def refused(entries) -> bool:
    """The documented refusal: a doubling that a replacement effect would change."""
    return {"Doubling Cube", "Mana Reflection"} <= {card for card, _ in entries}


def make_board(entries, pool="", bob=()):
    battlefield = [{"card": card, "controller": "Alice", "tapped": tapped and card != "Mana Flare"}
                   for card, tapped in entries]
    battlefield += [{"card": card, "controller": "Bob", "tapped": True} for card in bob]
    battlefield += [{"card": "Forest", "controller": "Bob"}]
    return pysolver.board_from_data({"players": [{"name": "Alice", "mana_pool": pool}, "Bob"],
                                     "battlefield": battlefield})


@settings(max_examples=30, deadline=None)
@given(BOARD, st.sampled_from(["", "{G}", "{U}{C}"]), st.sampled_from(BOB))
@example([("Birds of Paradise", False), ("Pili-Pala", True), ("Mana Reflection", False)], "", ())
@example([("Benthic Explorers", False), ("Benthic Explorers", False), ("Forest", False)], "", ("Mountain",))
# {C}{C} (the Cube doubling the pool's plain {C}) beside {U}{G}{C} + the Hall's {C} with its rider: kept apart
@example([("Forest", False), ("Doubling Cube", False), ("Hall of the Bandit Lord", False)], "{U}{C}", ())
def test_available_agrees_with_every_sequence(entries, pool, bob):
    board = make_board(entries, pool, bob)
    with mana_abilities_read_once():  # the two answers' searches: one reading of the board
        try:
            answer = available_pools(board, "Alice", expand=True)
        except pysolver.LimitExceeded:
            assert refused(entries)
            return
        compact = available_pools(board, "Alice").pools
    expected = {text(v) for v in maximal(pools_by_sequences(board))}
    assert set(answer.pools) == expected
    assert len(set(compact)) == len(compact) and len(compact) <= len(expected)


@settings(max_examples=30, deadline=None)
@given(BOARD, st.sampled_from(COSTS), st.sampled_from(["", "{G}"]), st.sampled_from(BOB))
@example([("Hall of the Bandit Lord", False), ("Forest", False)], "{2}", "", ())  # a rider restricts nothing (CR 106.6)
@example([("Benthic Explorers", False), ("Benthic Explorers", False)], "{U}{U}", "", ("Tropical Island", "Mountain"))
def test_pay_agrees_with_every_sequence(entries, cost, pool, bob):
    board = make_board(entries, pool, bob)
    try:
        result = pay(board, "Alice", cost)
    except pysolver.LimitExceeded:
        assert refused(entries)
        return
    reachable = pools_by_sequences(board)
    expected = any(pays(merged(v), cost, 20) for v in reachable)
    assert result.payable == expected
    assert all(w.activations or w.paid for w in result.ways)


@settings(max_examples=20, deadline=None)
@given(BOARD, st.sampled_from(BOB))
def test_largest_x_agrees_with_every_sequence(entries, bob):
    board = make_board(entries, bob=bob)
    try:
        result = pay(board, "Alice", "{X}{G}{G}")
    except pysolver.LimitExceeded:
        assert refused(entries)
        return
    reachable = pools_by_sequences(board)
    payable = [sum(v) - 2 for v in reachable if pays(merged(v), "{G}{G}", 20)]
    assert result.x == (max(payable) if payable else None)


def test_any_dominated_by_several_pools_is_not_listed():
    """{Any} from untapping Pili-Pala ({Q} is not {T}: CR 106.12, so Mana Reflection doesn't
    double it) is below {W}{W}, ..., {G}{G} from Birds of Paradise doubled (CR 106.12b):
    each color it offers is below one of them, so it is not a maximal pool."""
    board = make_board([("Birds of Paradise", False), ("Pili-Pala", True), ("Mana Reflection", False)])
    pools = ("{W}{W}", "{U}{U}", "{B}{B}", "{R}{R}", "{G}{G}")
    assert available_pools(board, "Alice").pools == pools
    assert available_pools(board, "Alice", expand=True).pools == pools
