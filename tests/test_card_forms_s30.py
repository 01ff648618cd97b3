"""Forms of real mana cards (issue 13): suspend, foretell and plot, keywords no query reaches (CR 702.62a,
702.143a, 702.170a); madness, rebound and miracle, which next refuses (702.35a, 702.88a, 702.94a); fading, the
abilities it means (702.32a); creature types a card also has (604.3); a card with no mana cost, which is
unpayable (202.1b, 118.6).  The ruling cases are tests/cases/payment/no-mana-cost.yaml and
tests/cases/turn/fading.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver import next_state
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = str(Path(__file__).parent / "cases" / "payment" / "no-mana-cost-cards.yml")
SUSPEND_WHY = ("suspend (CR 702.62a): a special action from a hand (116.2f) that no query takes, and abilities "
               "of a suspended card (702.62b: in exile with a time counter), which no board holds (a board's exile "
               "records no counters)")


def test_suspend_is_irrelevant_and_what_a_suspended_card_does_is_not():
    result = compile_card("Nihilith", "Fear\nSuspend 7—{1}{B}\nWhenever a card is put into an opponent's graveyard "
                          "from anywhere, if this card is suspended, you may remove a time counter from this card.",
                          "Creature — Horror", keywords=["Fear", "Suspend"], power="4", toughness="4")
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Fear.", "compiled"), ("Suspend 7—{1}{B}.", "irrelevant"),
        ("Whenever a card is put into an opponent's graveyard from anywhere, if this card is suspended, you may "
         "remove a time counter from this card.", "not understood")]
    assert result.sentences[1]["why"] == SUSPEND_WHY
    assert result.status == "partial"


def test_suspend_beside_a_mana_ability_leaves_the_card_ok():
    result = compile_card("Sol Talisman", "Suspend 3—{1}\n{T}: Add {C}{C}.", "Artifact", keywords=["Suspend"],
                          mana_cost="")
    assert result.status == "ok"
    assert result.card["mana_cost"] == ""  # CR 202.1b: it states it has none
    assert [s["class"] for s in result.sentences] == ["irrelevant", "compiled"]


def test_a_land_states_no_mana_cost():
    assert "mana_cost" not in compile_card("Waste", "{T}: Add {C}.", "Land", mana_cost="").card


def test_also_creature_types_are_the_cards_subtypes():
    result = compile_card("Stonework Packbeast", "Stonework Packbeast is also a Cleric, Rogue, Warrior, and "
                          "Wizard.\n{2}: Add one mana of any color.", "Artifact Creature — Beast", power="2",
                          toughness="1")
    assert result.status == "ok"
    assert result.card["subtypes"] == ["Beast", "Cleric", "Rogue", "Warrior", "Wizard"]
    assert result.sentences[0]["why"] == ("creature types it also has, a characteristic-defining ability "
                                          "(CR 604.3, 205.3m): the card's subtypes in every zone")


@pytest.mark.parametrize("text, type_line", [
    ("Test Card is also a Forest.", "Creature — Dryad"),  # a land type: a mana ability (CR 305.6)
    ("Test Card is also a Cleric.", "Artifact"),  # not a creature: no creature types (205.3d)
    ("Test Card is also a Cleric as long as you control a Wizard.", "Creature — Human"),
])
def test_other_also_shapes_stay_not_understood(text, type_line):
    result = compile_card("Test Card", text, type_line, power="1", toughness="1")
    assert [s["class"] for s in result.sentences] == ["not understood"]


def test_next_refuses_to_cast_a_card_with_no_mana_cost(cli, board_file):
    path = board_file("""\
        players: [{name: Alice, hand: [Sol Talisman]}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {card: Forest, controller: Alice}
        """)
    assert cli("next", path, "cast", "Sol Talisman", "--cards", CARDS) == (
        2, "", f"error: {path}: action 1 (cast Sol Talisman): cast Sol Talisman: it has no mana cost, an unpayable "
               "cost (CR 202.1b, 118.6), and no alternative cost the player can pay rather than it (CR 118.6a)\n")
    assert cli("pay", path, "Alice", "--spell", "Sol Talisman", "--cards", CARDS) == (
        0, "Alice can't pay no mana cost, an unpayable cost (CR 202.1b, 118.6): casting it needs an alternative "
           "cost (CR 118.6a)\n", "")


def test_madness_is_the_cards_keyword():
    result = compile_card("Asylum Visitor", "Madness {1}{B}", "Creature — Vampire Wizard", keywords=["Madness"],
                          power="3", toughness="1")
    assert (result.status, result.card["keywords"]) == ("ok", ["Madness"])
    assert result.sentences[0]["why"].startswith("madness (CR 702.35a): the card's keywords, which next reads")


def test_a_granted_madness_stays_not_understood():
    result = compile_card("Test Card", "Other creatures you control have madness.", "Creature — Elf", power="1",
                          toughness="1")
    assert [s["class"] for s in result.sentences] == ["not understood"]


def test_next_refuses_to_discard_a_card_with_madness(cli, board_file):
    """CR 702.35a: discarded, it is exiled instead and may be cast for its madness cost: next refuses the
    action (here the only card Tormenting Voice can discard, CR 601.2a)."""
    voice = str(Path(__file__).parent / "cases" / "next" / "additional-cards.yml")
    path = board_file("""\
        players: [{name: Alice, hand: [Tormenting Voice, Asylum Visitor], library: [Island, Island]}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {card: Mountain, controller: Alice}
        - {card: Mountain, controller: Alice}
        """)
    assert cli("next", path, "cast", "Tormenting Voice", "--cards", CARDS, "--cards", voice) == (
        2, "", f"error: {path}: action 1 (cast Tormenting Voice): Alice would discard Asylum Visitor, which has "
               "madness: it is exiled instead and its owner may cast it for its madness cost (CR 702.35a), which "
               "next doesn't model\n")


@pytest.mark.parametrize("line, type_line, rule", [
    ("Foretell {W}", "Instant", "702.143a"), ("Plot {3}{W}", "Creature — Human Soldier", "702.170a")])
def test_foretell_and_plot_are_irrelevant(line, type_line, rule):
    result = compile_card("Test Card", line, type_line, keywords=[line.split()[0]], power="1", toughness="1")
    assert (result.status, result.card["keywords"]) == ("ok", [line.split()[0]])
    [sentence] = result.sentences
    assert sentence["class"] == "irrelevant" and f"(CR {rule})" in sentence["why"]


def test_a_spell_with_rebound_is_not_put_into_a_graveyard_by_next(load):
    """CR 702.88a: resolving, it would be exiled instead and cast again at the next upkeep: next refuses; countered
    on resolution (608.2b), it goes to its owner's graveyard."""
    board = load("""\
        players: [Alice, Bob]
        stack:
        - {id: maneuver, card: Artful Maneuver, controller: Alice, targets: [{left: bears}]}
        """, [CARDS])
    with pytest.raises(QueryError, match=r"resolve: Artful Maneuver has rebound: cast from a hand, it is exiled as it "
                                         r"resolves .* \(CR 702\.88a\), which next doesn't model"):
        next_state._off_the_stack(board, board.stack[0], "608.2n")
    assert next_state._off_the_stack(board, board.stack[0], "608.2b")[1].words() == (
        "Artful Maneuver is put into Alice's graveyard (CR 608.2b)")


def test_next_refuses_to_draw_a_card_with_miracle(cli, board_file):
    """CR 702.94a: drawn first in a turn, it may be revealed and cast for its miracle cost: next refuses the draw;
    pay --spell from a hand has no miracle way (its mana cost {4}{W}{W}, not {W}, with one Plains)."""
    path = board_file("""\
        players: [{name: Alice, library: [Terminus, Island]}, Bob]
        turn: {number: 3, active: Alice, step: upkeep}
        """)
    assert cli("next", path, "pass", "--cards", CARDS) == (
        2, "", f"error: {path}: action 1 (pass): pass: Alice would draw Terminus, which has miracle: the first card a "
               "player draws in a turn may be revealed and cast for its miracle cost (CR 702.94a), which next doesn't "
               "model\n")
    hand = board_file("""\
        players: [{name: Alice, hand: [Terminus]}, Bob]
        battlefield:
        - {card: Plains, controller: Alice}
        """)
    assert cli("pay", hand, "Alice", "--spell", "Terminus", "--cards", CARDS) == (
        0, "Alice can't pay {4}{W}{W} now: no sequence of mana abilities gives the mana (CR 601.2g-h, 118.3)\n", "")


def test_fading_compiles_to_the_abilities_it_means():
    """CR 702.32a: it enters with N fade counters, and an upkeep trigger whose effect next and outcomes apply:
    remove a fade counter, or sacrifice it if it can't (tests/cases/next/fading.yaml)."""
    result = compile_card("Blastoderm", "Shroud\nFading 3", "Creature — Beast", keywords=["Fading", "Shroud"],
                          power="5", toughness="5")
    assert result.status == "ok"
    assert result.card["enters_with_counters"] == [{"kind": "fade", "count": 3}]
    assert [a["triggered"] for a in result.card["abilities"]] == [
        {"when": {"step": "upkeep", "whose": "you"},
         "text": "remove a fade counter from Blastoderm. If you can't, sacrifice Blastoderm",
         "do": [{"remove_counter_or_sacrifice_self": "fade"}]}]


def test_vanishing_compiles_to_the_abilities_it_means():
    """CR 702.63a: its last-counter trigger is read (tests/cases/next/vanishing.yaml)."""
    result = compile_card("Calciderm", "Vanishing 4", "Creature — Beast", keywords=["Vanishing"], power="5",
                          toughness="5")
    assert [(s["class"], s["why"]) for s in result.sentences] == [
        ("compiled", "keyword abilities (CR 702): the card's keywords")]
