"""Reading a board and building its facts grow linearly with the board (issue 16): the work
Python does (function calls, counted by a profile hook, never timed) for 2N copies of a unit
of permanents that uses the board's fields is at most twice that for N (+10%), the empty
board's taken off first."""

from __future__ import annotations

import sys

import pytest

import pysolver
from pysolver import facts

N = 40


def unit(k: int) -> list[dict]:
    """Eight permanents whose fields the board checks read: stated power, toughness and damage,
    a chosen color and creature type, counters, an Aura, a copy, a token, an owner who is not the
    controller, a continuous-control flag, cards exiled with it, an until-end-of-turn effect."""
    player, other = ("A", "B") if k % 2 == 0 else ("B", "A")
    return [
        {"id": f"bear{k}", "card": "Grizzly Bears", "controller": player, "power": 3, "toughness": 3,
         "damage": 1, "timestamp": k + 1, "continuous_control": False},
        {"id": f"forest{k}", "card": "Forest", "controller": player, "tapped": True},
        {"id": f"sprawl{k}", "card": "Utopia Sprawl", "controller": player, "chosen": {"color": "G"},
         "attached_to": {"permanent": f"forest{k}"}},
        {"id": f"cavern{k}", "card": "Cavern of Souls", "controller": player, "chosen": {"creature_type": "Elf"}},
        {"id": f"pools{k}", "card": "Calciform Pools", "controller": player, "counters": {"storage": 2}},
        {"id": f"clone{k}", "card": "Clone", "controller": player, "copy_of": "Grizzly Bears", "owner": other},
        {"id": f"token{k}", "card": "Grizzly Bears", "controller": player, "token": True,
         "until_end_of_turn": {"power": 1}},
        {"id": f"vault{k}", "card": "Mana Vault", "controller": player, "tapped": True, "exiled": ["Forest"]},
    ]


def full_form(copies: int) -> dict:
    return {"players": [{"name": "A", "hand": ["Forest"] * copies, "graveyard": ["Island"] * copies}, "B"],
            "battlefield": [entry for k in range(copies) for entry in unit(k)]}


def short_form(copies: int) -> dict:
    return {"A": ["Forest", "Reflecting Pool", "Grizzly Bears"] * copies, "B": ["Island"] * copies}


def calls(data: dict) -> int:
    """Python and built-in function calls made reading the board and building its facts."""
    count = 0

    def hook(frame, event, arg):
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(hook)
    try:
        board = pysolver.board_from_data(data, name="growth")
        list(facts.board_facts(board))
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.parametrize("form", [full_form, short_form], ids=["full form", "short form"])
def test_reading_a_board_grows_linearly(form):
    calls(form(1))  # the first read loads the library and what the checks import
    empty, single, double = calls(form(0)), calls(form(N)), calls(form(2 * N))
    assert double - empty <= 2.2 * (single - empty), (empty, single, double)


def python_calls(function) -> int:
    """Python function calls (and generator resumptions) made by ``function()``."""
    count = 0

    def hook(frame, event, arg):
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(hook)
    try:
        function()
    finally:
        sys.setprofile(None)
    return count


def bare_entries(n: int) -> dict:
    """n bare entries (id, card, controller: most of a large board), three cards, two players."""
    return {"players": ["A", "B"], "battlefield": [
        {"id": f"p{i}", "card": ("Forest", "Reflecting Pool", "Island")[i % 3], "controller": "AB"[i % 2]}
        for i in range(n)]}


def test_a_bare_entry_costs_three_python_calls():
    """Issue 16: reading a bare entry calls the validator's check of the entry, the maker of its id
    and the maker of its permanent, and nothing else in Python: every check of the board reads each
    card once and walks only the permanents whose entries state more (ten walks of every permanent,
    reading its card_name three times, were a fifth of could-produce at 10,000 permanents)."""
    read = {n: bare_entries(n) for n in (N, 2 * N, 4 * N)}
    pysolver.board_from_data(read[N])  # the library and what the checks import
    single, double = (python_calls(lambda n=n: pysolver.board_from_data(read[n])) for n in (2 * N, 4 * N))
    assert (double - single) / (2 * N) <= 3, (single, double)


def test_could_produce_costs_one_python_call_a_bare_permanent():
    """Issue 16: could-produce on a board of bare permanents calls, for each permanent, only the key of
    its class (pysolver/symmetry.py); its answer is made in place (a call each was a tenth of the query
    at 10,000 permanents)."""
    boards = {n: pysolver.board_from_data(bare_entries(n)) for n in (N, 2 * N, 4 * N)}
    pysolver.could_produce(boards[N])  # the rules' analysis, cached
    single, double = (python_calls(lambda n=n: pysolver.could_produce(boards[n])) for n in (2 * N, 4 * N))
    assert (double - single) / (2 * N) <= 1, (single, double)
