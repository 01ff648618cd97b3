"""A card's own replacement putting it into its owner's library instead of a graveyard (CR 614.1a, 614.6):
"If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's library instead",
"If ~ would die, put it on top of its owner's library instead".  It compiles (asp/zone_change.lp: no graveyard, no
dying), and `pysolver next`, which doesn't follow a library's order, refuses where it applies
(pysolver/exiled_instead.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.api import next_states
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "cases" / "next" / "library-instead.yml"


@pytest.mark.parametrize(("text", "instead"), [
    ("If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's library instead.",
     {"whence": "anywhere", "where": "shuffled"}),
    ("If ~ would be put into a graveyard from anywhere, shuffle it into its owner's library instead.",
     {"whence": "anywhere", "where": "shuffled"}),
    ("If ~ would die, put it on top of its owner's library instead.", {"whence": "dies", "where": "top"}),
])
def test_library_instead_forms(text, instead):
    result = compile_card("Returner", text.replace("~", "Returner"), "Artifact Creature — Golem")
    assert (result.status, result.card["library_instead_of_graveyard"]) == ("ok", instead)


@pytest.mark.parametrize("text", [
    "If ~ would die, you may put it on top of its owner's library instead.",  # an option: not read
    "If ~ would be put into a graveyard from anywhere, put it on the bottom of its owner's library instead.",
])
def test_near_forms_left_not_understood(text):
    assert compile_card("Returner", text.replace("~", "Returner"), "Creature — Golem").status == "partial"


def _board(tmp_path: Path, text: str) -> Path:
    board = tmp_path / "board.yaml"
    board.write_text(text, encoding="utf-8")
    return board


def test_dying_onto_the_library_is_refused(tmp_path):
    board = _board(tmp_path, "players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\n"
                   "battlefield:\n- {id: zombie, card: Gravebane Zombie, controller: Alice, damage: 2}\n")
    with pytest.raises(QueryError, match=r"zombie \(Gravebane Zombie\) would be put into a graveyard, and its "
                                         r"replacement effect puts it on top of its owner's library instead "
                                         r"\(CR 614.1a\), which next doesn't follow"):
        next_states(board, ["check"], cards=[CARDS])


def test_a_discard_shuffled_into_the_library_is_refused(tmp_path):
    board = _board(tmp_path, "players:\n- {name: Alice, mana_pool: '{R}{R}', hand: [Tormenting Voice, Darksteel "
                   "Colossus], library: [Island, Swamp]}\n- Bob\nturn: {number: 3, active: Alice, step: "
                   "precombat_main}\nbattlefield: []\n")
    with pytest.raises(QueryError, match=r"Darksteel Colossus would be put into a graveyard, and its replacement "
                                         r"effect shuffles it into its owner's library instead"):
        next_states(board, ["cast", "Tormenting Voice"], cards=[CARDS])
