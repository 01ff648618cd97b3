"""Identical permanents grounded once (pysolver/symmetry.py, pysolver/rule_symmetry.py):
exact where the rules neither count objects nor tell them apart, else the whole board;
the answer is the same either way."""

from __future__ import annotations

import pytest
from clingo import ast
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pysolver
from pysolver import rule_symmetry, solver, symmetry
from pysolver.facts import queries as facts
from pysolver.query.could_produce import ANSWERED

OBJECT = [("obj", 1, 0)]


def verdict(program: str, targets=(("p", 1),), seeds=OBJECT) -> rule_symmetry.Verdict:
    statements: list = []
    ast.parse_string(program, statements.append)
    return rule_symmetry.copies_needed([rule_symmetry.describe(s) for s in statements], targets, seeds)


def test_rules_that_join_objects_need_one_copy():
    found = verdict("p(O) :- obj(O), q(O, T), not r(O). q(O, 1) :- obj(O). r(O) :- q(O, 2).")
    assert (found.copies, found.reason) == (1, "")


def test_another_object_needs_two_copies():
    found = verdict("p(O) :- obj(O), obj(O2), O != O2.")
    assert (found.copies, found.reason) == (2, "")


def test_an_object_held_in_a_term_counts_where_it_goes():
    # e/1's argument may hold an object: so may O, E and (an over-estimate) the "_" beside O
    found = verdict("e(ev(O, 1)) :- obj(O). p(O) :- e(ev(O, _)), e(E), E != ev(O, 1).")
    assert (found.copies, found.reason) == (3, "")


def test_counting_objects_is_refused():
    found = verdict("n(N) :- N = #count { O : obj(O) }. p(O) :- obj(O), n(N), N >= 7.")
    assert (found.copies, found.reason) == (None, "an aggregate over objects (it counts them)")


def test_a_count_the_answer_does_not_read_is_no_obstacle():
    found = verdict("n(N) :- N = #count { O : obj(O) }. p(O) :- obj(O).")
    assert (found.copies, found.reason) == (1, "")


def test_a_sum_over_one_objects_facts_is_no_count_of_objects():
    found = verdict("p(O, S) :- obj(O), S = #sum { K : c(O, K) }. c(O, 1) :- obj(O).",
                    targets=(("p", 2),))
    assert (found.copies, found.reason) == (1, "")


def test_ordering_objects_is_refused():
    found = verdict("p(O) :- obj(O), not s(O). s(O) :- obj(O), obj(O2), O2 < O.")
    assert (found.copies, found.reason) == (None, "an order comparison of terms that may hold objects")


def test_a_condition_over_every_object_is_refused():
    found = verdict("p(O) :- obj(O), q(O2) : obj(O2). q(O) :- obj(O).")
    assert (found.copies, found.reason) == (None, "a condition over every object (it sees them all)")


def test_a_choice_is_refused():
    found = verdict("{ p(O) } :- obj(O).")
    assert (found.copies, found.reason) == (None, "a choice, disjunction or aggregate in a head")


def test_recursion_through_negation_is_refused():
    found = verdict("p(O) :- obj(O), not q(O). q(O) :- obj(O), not p(O).")
    assert (found.copies, found.reason) == (None, "p/1 depends on itself through negation or an aggregate")


def test_the_strings_the_rules_name_are_reported():
    found = verdict('p(O) :- obj(O), q(O, "forest"). q(O, "x") :- obj(O).')
    assert found.strings == frozenset({"forest", "x"})


def board(data):
    return pysolver.board_from_data(data, name="b")


def reduced(data):
    return symmetry.ground_representatives(board(data), facts.could_produce,
                                           solver.entry("could_produce"), ANSWERED)


def full_answer(data, monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(symmetry, "ground_representatives", lambda *_args: None)
        return {a.id: a.types for a in pysolver.could_produce(board(data))}


def answer(data):
    return {a.id: a.types for a in pysolver.could_produce(board(data))}


REFLECTING = {"A": ["Forest"] * 6 + ["Reflecting Pool"] * 4 + ["Island"],
              "B": ["Exotic Orchard"] * 5 + ["Swamp"] * 3 + ["Fellwar Stone"] * 3}


def test_copies_of_lands_are_grounded_as_representatives(monkeypatch):
    found = reduced(REFLECTING)
    assert found is not None
    # Forest, Reflecting Pool (A); Exotic Orchard, Swamp, Fellwar Stone (B): two of each ground
    assert sorted(found.stands_for) == sorted(
        ["forest-3", "forest-4", "forest-5", "forest-6", "reflecting-pool-3", "reflecting-pool-4",
         "exotic-orchard-3", "exotic-orchard-4", "exotic-orchard-5", "swamp-3", "fellwar-stone-3"])
    assert found.stands_for["forest-6"] == "forest"
    assert answer(REFLECTING) == full_answer(REFLECTING, monkeypatch)
    assert answer(REFLECTING)["reflecting-pool-4"] == ("U", "G")
    assert answer(REFLECTING)["exotic-orchard-5"] == ("U", "G")


def test_a_rule_that_counts_permanents_grounds_the_whole_board(monkeypatch):
    data = {"A": ["Gaea's Cradle"] * 3 + ["Llanowar Elves"] * 5, "B": ["Tolarian Academy"] * 4}
    assert reduced(data) is None  # Gaea's Cradle: {G} for each creature you control
    assert answer(data) == full_answer(data, monkeypatch)
    assert answer(data)["gaea-s-cradle-3"] == ("G",)


def test_an_id_that_is_also_a_name_in_the_facts_grounds_the_whole_board():
    data = {"players": ["A", "B"], "battlefield": [{"id": "Forest", "card": "Forest", "controller": "A"}]
            + [{"id": f"f{i}", "card": "Forest", "controller": "A"} for i in range(4)]}
    assert reduced(data) is None  # card(O, "Forest"): swapping the id "Forest" changes facts


def test_the_places_of_a_fact_are_read_from_clingo_once(monkeypatch):
    """Issue 16: a card's facts come back board after board, a board's query after query; what
    fact_places reads of each (its arguments, through clingo's C interface: ~7 µs a fact) is kept."""
    import clingo

    found = list(facts.could_produce(board({"A": ["Forest", "Forest", "Reflecting Pool"], "B": ["Island"]})))
    first = rule_symmetry.fact_places(found, {"forest", "forest-2"})
    reads = 0
    arguments = clingo.Symbol.arguments

    def counted(symbol):
        nonlocal reads
        reads += 1
        return arguments.fget(symbol)

    monkeypatch.setattr(clingo.Symbol, "arguments", property(counted))
    assert rule_symmetry.fact_places(found, {"forest", "forest-2"}) == first
    assert ("card", 2, 0) in first[0] and "Forest" in first[1] and "forest" not in first[1]
    assert reads == 0


def test_a_permanent_another_names_is_no_copy():
    data = {"players": ["A", "B"], "battlefield": [
        {"id": f"c{i}", "card": "Forest", "controller": "A"} for i in range(4)]
        + [{"id": "wg", "card": "Wild Growth", "controller": "A", "attached_to": {"permanent": "c0"}}]}
    assert [[p.id for p in group] for group in symmetry.classes(board(data))] == [["c1", "c2", "c3"]]


CARDS = ["Forest", "Island", "Swamp", "Reflecting Pool", "Exotic Orchard", "Fellwar Stone",
         "Llanowar Elves", "Birds of Paradise", "Grizzly Bears", "Gaea's Cradle", "Blood Moon",
         "Urborg, Tomb of Yawgmoth", "Mana Reflection", "Contamination", "Chromatic Lantern",
         "Vivid Crag", "Tolarian Academy", "Sol Ring", "Squandered Resources", "Badlands"]


@st.composite
def copies_boards(draw):
    kinds = draw(st.lists(st.sampled_from(CARDS), min_size=1, max_size=4, unique=True))
    battlefield = []
    for kind in kinds:
        for _ in range(draw(st.integers(1, 5))):
            permanent = {"id": f"p{len(battlefield)}", "card": kind,
                         "controller": draw(st.sampled_from(["A", "B"]))}
            tapped = draw(st.sampled_from([True, False, None]))  # stated untapped: no bare entry
            if tapped is not None:
                permanent["tapped"] = tapped
            battlefield.append(permanent)
    order = draw(st.permutations(range(len(battlefield))))
    return {"players": ["A", "B"], "battlefield": [battlefield[i] for i in order]}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(copies_boards())
def test_representatives_give_every_permanent_the_answer_of_the_whole_board(monkeypatch, data):
    assert answer(data) == full_answer(data, monkeypatch)


@pytest.mark.parametrize("cards", [["Forest"] * 5, ["Reflecting Pool"] * 3 + ["Swamp"] * 3])
def test_a_reduction_leaves_out_all_but_two_of_each_kind(cards):
    found = reduced({"A": cards, "B": ["Island"]})
    assert found is not None
    assert len(found.stands_for) == len(cards) - 2 * len(set(cards))
