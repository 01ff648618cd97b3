""""As ~ enters, choose a basic land type. Then you may pay 2 life. If you don't, it enters tapped." (Multiversal
Passage, issue 13): one replacement effect as it enters (CR 614.12), the choice the card's `chooses_as_it_enters`
and the life a part of the same ability, which next doesn't judge: the choice its own type ("This land is the
chosen type") removes the abilities of its rules text (305.7), and next, judging "enters tapped unless you pay" on the
permanent as it would exist, would let it enter untapped for nothing. So next refuses it entering; every other query
reads the board's `chosen`."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

PASSAGE = {"name": "Multiversal Passage", "types": ["Land"],
           "oracle": "As this land enters, choose a basic land type. Then you may pay 2 life. If you don't, it enters "
                     "tapped.\nThis land is the chosen type."}
UNJUDGED = "unless its controller pays 2 life, as a part of the choice it makes as it enters"


@pytest.mark.parametrize(("choice", "chooses"), [
    ("a basic land type", {"basic_land_type": True}),
    ("a color", {"color": ["W", "U", "B", "R", "G"]}),
    ("a creature type", {"creature_type": True}),
])
def test_a_choice_then_life_as_it_enters(choice, chooses):
    result = compile_card("Test Land", f"As this land enters, choose {choice}. Then you may pay 3 life. If you don't, "
                                       "it enters tapped.\n{T}: Add {C}.", "Land")
    assert result.status == "ok"
    assert (result.card["chooses_as_it_enters"], result.card["enters_tapped"]) == (chooses, {"unjudged": (
        "unless its controller pays 3 life, as a part of the choice it makes as it enters")})
    assert [s["class"] for s in result.sentences] == ["compiled"] * 4


def test_a_choice_no_form_reads_stays_not_understood():
    result = compile_card("Test Land", "As this land enters, choose a number. Then you may pay 3 life. If you don't, "
                                       "it enters tapped.\n{T}: Add {C}.", "Land")
    assert result.ignored == ["As ~ enters, choose a number.", "Then you may pay 3 life.",
                              "If you don't, it enters tapped."]


def test_could_produce_reads_the_choice_and_next_refuses_it_entering(cli, tmp_path):
    board, cards = write_inputs(tmp_path, board="""\
        players: [Alice, Bob]
        battlefield:
        - {id: mp, card: Multiversal Passage, controller: Alice, chosen: {basic_land_type: Island}}
        """, cards={"format": "pysolver-oracle/1", "cards": [PASSAGE]})
    assert cli("could-produce", board, "--cards", cards) == (0, (
        "ID  CARD                 CONTROLLER  COULD PRODUCE\n"
        "mp  Multiversal Passage  Alice       U\n"), "")
    board, _ = write_inputs(tmp_path, board="""\
        players:
        - {name: Alice, hand: [Multiversal Passage]}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        """)
    assert cli("next", board, "play", "Multiversal Passage", "--cards", cards) == (
        2, "", f"error: {board}: action 1 (play Multiversal Passage): multiversal-passage may enter tapped {UNJUDGED} "
               "(CR 614.1c, 614.12), which next doesn't judge: give the board after it enters\n")
