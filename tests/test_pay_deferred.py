"""`available` and largest X when generic costs are paid late (issue 12's speed):
pysolver.query.payment.deferred_pools against the brute-force oracle of every sequence
(tests/test_pay_oracle.py) and against the state search it stands in for."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pysolver
from pysolver.query import payment
from pysolver.query.payment import Search, available_pools, deferred_pools, pay
from helpers import mana_abilities_read_once
from test_pay_oracle import maximal, merged, pays, pools_by_sequences, text

CARDS = str(Path(__file__).parent / "fixtures" / "cards" / "signets.yaml")
NAMES = ["Forest", "Tropical Island", "Birds of Paradise", "Sol Ring", "Mana Flare", "Llanowar Elves",
         "Test Izzet Signet", "Test Golgari Signet", "Test Prism", "Test Vault"]


def make_board(entries, pool=""):
    battlefield = [{"card": card, "controller": "Alice", "tapped": tapped and card != "Mana Flare"}
                   for card, tapped in entries]
    return pysolver.board_from_data({"players": [{"name": "Alice", "mana_pool": pool}, "Bob"],
                                     "battlefield": battlefield}, [CARDS], name="deferred")


def test_a_cost_is_paid_only_with_mana_made_before():
    # CR 601.2g-h: the Signet's {1} is the Forest's {G}; never its own {U} or {R}.
    board = make_board([("Forest", False), ("Test Izzet Signet", False)])
    assert deferred_pools(Search(board, "Alice", labelled=False)) is not None
    assert available_pools(board, "Alice").pools == ("{U}{R}", "{G}")


def test_a_chain_of_signets_pays_each_from_the_one_before():
    # The Forest pays one Signet, one of its two mana the other: three mana, never the {G}
    # kept, never both of one Signet's mana spent.
    board = make_board([("Forest", False), ("Test Izzet Signet", False), ("Test Golgari Signet", False)])
    assert available_pools(board, "Alice").pools == ("{U}{B}{R}", "{U}{B}{G}", "{U}{R}{G}", "{B}{R}{G}")
    assert pay(board, "Alice", "{X}{G}{G}").x is None
    assert pay(board, "Alice", "{X}{G}").x == 2


def test_no_mana_made_before_pays_nothing():
    board = make_board([("Test Izzet Signet", False), ("Test Vault", False)])
    assert available_pools(board, "Alice").pools == ("",)


def test_the_explanation_still_names_one_sequence_a_pool():
    board = make_board([("Forest", False), ("Test Izzet Signet", False)])
    result = available_pools(board, "Alice", explain=True)
    assert result.pools == ("{U}{R}", "{G}")
    assert [[a.card for a in w] for w in result.witnesses] == [["Forest", "Test Izzet Signet"], ["Forest"]]


BOARD = st.lists(st.tuples(st.sampled_from(NAMES), st.booleans()), min_size=1, max_size=5)


@settings(max_examples=40, deadline=None)
@given(BOARD, st.sampled_from(["", "{G}", "{U}{C}"]))
def test_available_agrees_with_every_sequence(entries, pool):
    board = make_board(entries, pool)
    expected = {text(v) for v in maximal(pools_by_sequences(board))}
    assert set(available_pools(board, "Alice", expand=True).pools) == expected


@settings(max_examples=25, deadline=None)
@given(BOARD, st.sampled_from(["", "{G}"]))
def test_available_agrees_with_the_state_search(entries, pool):
    board = make_board(entries, pool)
    with mana_abilities_read_once():  # the two searches: one reading of the board
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(payment, "deferred_pools", lambda search: None)
            searched = available_pools(board, "Alice").pools
        assert available_pools(board, "Alice").pools == searched


@settings(max_examples=25, deadline=None)
@given(BOARD)
def test_largest_x_agrees_with_every_sequence(entries):
    board = make_board(entries)
    payable = [sum(v) - 2 for v in pools_by_sequences(board) if pays(merged(v), "{G}{G}", 20)]
    assert pay(board, "Alice", "{X}{G}{G}").x == (max(payable) if payable else None)


@pytest.mark.parametrize("deferred", [True, False])
def test_any_color_pays_generic_mana_when_colorless_is_kept(deferred):
    # {2} paid with {U} and the Birds' mana keeps both {C}: {Any} can't become {C}.
    board = make_board([("Birds of Paradise", False), ("Test Vault", False)], "{U}{C}")
    with pytest.MonkeyPatch.context() as patched:
        if not deferred:
            patched.setattr(payment, "deferred_pools", lambda search: None)
        assert available_pools(board, "Alice").pools == ("{C}{C}{C}{C}", "{C}{C}{C}{Any}", "{U}{C}{Any}")
