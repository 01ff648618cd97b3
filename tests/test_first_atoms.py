"""pysolver next's trigger checks (issue 16): a check that reads only some predicates of its
first model (next_state._first_atoms) is not grounded when no rule that could derive one is kept
on its facts and the cut has a model (solver.derives_none): its answer, none, is known.  Reading
another predicate from such a model is refused (ModelAtoms.reads)."""

from __future__ import annotations

import pytest

import pysolver
from pysolver import next_state
from pysolver.errors import EncodingError
from pysolver.next_state import next_states, parse_actions
from pysolver.predicates import ModelAtoms
from pysolver.query import next_atoms as na


def _board(second_land: str) -> pysolver.Board:
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Grizzly Bears"]}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "f1", "card": "Forest", "controller": "Alice"},
                        {"id": "l2", "card": second_land, "controller": "Alice"}]})


def test_no_permanent_that_could_trigger_no_grounding(grounded_programs):
    """Two Forests tapped to cast Grizzly Bears (CR 601.2g-h): no permanent triggers on becoming
    tapped or untapped, or on leaving (603.2): known without grounding next_zone."""
    (result,) = next_states(_board("Forest"), parse_actions(["cast", "Grizzly Bears"]))
    assert result.events == ("Alice taps f1 for {G} (CR 605.3b, 106.4)", "Alice taps l2 for {G} (CR 605.3b, 106.4)",
                             "Alice casts Grizzly Bears as grizzly-bears, paying {G}{G} (CR 601.2)")
    assert [p["tapped"] for p in result.board["battlefield"]] == [True, True]
    assert next_state.ZONE_RULES not in grounded_programs


def test_a_permanent_that_could_trigger_is_grounded(grounded_programs):
    """City of Brass ("Whenever ~ becomes tapped", CR 603.2): the check is grounded and finds it."""
    (result,) = next_states(_board("City of Brass"), parse_actions(["cast", "Grizzly Bears"]))
    assert result.events == ("Alice taps f1 for {G} (CR 605.3b, 106.4)",
                             "Alice taps l2 for {Any} (CR 605.3b, 106.4)",
                             "Alice casts Grizzly Bears as grizzly-bears, paying {G}{Any} (CR 601.2)",
                             "put l2-1 (City of Brass, l2:1) on the stack")
    assert next_state.ZONE_RULES in grounded_programs


def test_a_predicate_not_declared_is_refused():
    atoms = ModelAtoms(None, (), frozenset({na.TapTrigger}))
    assert atoms(na.TapTrigger) == []
    with pytest.raises(EncodingError) as refused:
        atoms(na.UntapTrigger)
    assert str(refused.value) == "UntapTrigger is read from a model whose reader declared it reads only TapTrigger"
