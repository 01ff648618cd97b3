"""Levelers (CR 702.87, 711; pysolver/cards/oracle_leveler.py): "Level up [cost]" is the activated ability
"[Cost]: Put a level counter on this permanent. Activate only as a sorcery" (702.87a), and each level section
("LEVEL 2-5", "LEVEL 6+") is a static ability of the leveler while it has that many level counters: its base
power and toughness and its abilities (711.2a-b).  Before, the level symbols and the power/toughness lines were
not understood (the card partial) and a section's abilities were compiled as the leveler's at every level."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import CardError

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-levelers.yaml"
LEVEL_UP = {"activated": {"cost": ["{2}"], "text": "Put a level counter on ~. Activate only as a sorcery.",
                          "activation_restriction": "Activate only as a sorcery."}}


def section(at_least: int, at_most: int | None = None, **effect) -> dict:
    bounds = {"kind": "level", "at_least": at_least, **({"at_most": at_most} if at_most is not None else {})}
    return {"static": {"affects": {}, "whose": "any", "self": True, "if_counters": bounds, **effect}}


def test_a_levelers_sections_compile_gated_by_level_counters():
    result = compile_card("Caravan Escort", "Level up {2} ({2}: Put a level counter on this. Level up only as a "
                          "sorcery.)\nLEVEL 1-4\n2/2\nLEVEL 5+\n5/5\nFirst strike", "Creature — Human Knight",
                          power="1", toughness="1")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [
        LEVEL_UP, section(1, 4, base_pt={"power": 2, "toughness": 2}),
        section(5, base_pt={"power": 5, "toughness": 5}), section(5, grant_keywords=["First strike"])]
    assert "keywords" not in result.card  # first strike only at level 5 or more


def test_a_sections_keywords_leave_the_cards_keywords():
    """Card data lists every keyword printed on the card (MTGJSON's keywords): a section's are the leveler's only
    at its levels (CR 711.2b), so they leave the card's list and are granted by the section; one printed outside
    every section too stays (711.4)."""
    result = compile_card("Nirkana Cutthroat", "Level up {2}{B}\nLEVEL 1-2\n4/3\nDeathtouch\nLEVEL 3+\n5/4\n"
                          "First strike, deathtouch", "Creature — Vampire Assassin", power="4", toughness="2",
                          keywords=["Deathtouch", "First strike", "Level Up"])
    assert result.status == "ok", result.sentences
    assert result.card["keywords"] == ["Level Up"]
    assert result.card["abilities"][1:] == [
        section(1, 2, base_pt={"power": 4, "toughness": 3}), section(1, 2, grant_keywords=["Deathtouch"]),
        section(3, base_pt={"power": 5, "toughness": 4}), section(3, grant_keywords=["First strike", "Deathtouch"])]
    kept = compile_card("Test Bird", "Flying\nLevel up {2}\nLEVEL 1+\n2/2\nFlying, first strike", "Creature — Bird",
                        power="1", toughness="1", keywords=["Flying", "First strike", "Level up"])
    assert kept.card["keywords"] == ["Flying", "Level up"]


def test_a_sections_activated_ability_is_granted_at_its_levels():
    result = compile_card("Test Caller", "Level up {2}\nLEVEL 2-5\n1/1\n{T}: Draw a card.", "Creature — Human",
                          power="1", toughness="1")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [
        LEVEL_UP, section(2, 5, base_pt={"power": 1, "toughness": 1}),
        section(2, 5, grant=[{"activated": {"cost": ["{T}"], "text": "Draw a card."}}])]


def test_a_sections_triggered_ability_is_refused():
    """CR 711.2b: only level counters gate it, which a triggered ability's data can't say."""
    result = compile_card("Test Caller", "Level up {2}\nLEVEL 1+\n2/2\nAt the beginning of your upkeep, draw a "
                          "card.", "Creature — Human", power="1", toughness="1")
    assert result.status == "unsupported" and result.problems == [
        "line 4: can't compile 'At the beginning of your upkeep, draw a card.' (an ability of a level section that "
        "only level counters can't gate, CR 711.2b)"]


def board(level: int) -> pysolver.Board:
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "brittle", "card": "Test Brittle Leveler", "controller": "Alice", "counters": {"level": level}},
        {"id": "kaz", "card": "Kazandu Tuskcaller", "controller": "Alice", "counters": {"level": level}}]},
        [CARDS])


@pytest.mark.parametrize(("level", "dies"), [(0, False), (1, True), (2, True), (3, False)])
def test_a_section_sets_base_toughness_only_within_its_range(level, dies):
    """CR 711.2a, 711.5, 704.5f: at level 1-2 the Brittle Leveler is 0/0 and dies; with no level counter it has
    its printed 1/1, at 3 or more it is 4/4."""
    done, = pysolver.api.next_states(board(level), ["check"])
    assert ("brittle" not in {p["id"] for p in done.board["battlefield"]}) == dies


@pytest.mark.parametrize(("level", "has_it"), [(1, False), (2, True), (5, True), (6, False)])
def test_a_sections_ability_exists_only_within_its_range(level, has_it):
    """Kazandu Tuskcaller: '{T}: Create a 3/3 green Elephant creature token.' from level 2 to 5 (711.2a); at 6 or
    more the other section's ability replaces it."""
    texts = {a.text for a in pysolver.api.activated_abilities(board(level), "kaz")}
    assert ("{T}: Create a 3/3 green Elephant creature token." in texts) == has_it
    assert ("{T}: Create two 3/3 green Elephant creature tokens." in texts) == (level >= 6)


def test_level_up_is_an_activated_ability_at_every_level():
    """CR 711.4, 702.87a: its cost is {1}{G}, which Alice's empty pool and no land can't pay (its cost shown as
    printed, without its reminder text)."""
    checked = pysolver.can_activate(board(0), "kaz", 1)
    assert not checked.can_activate and checked.cost == "Level up {1}{G}"


def test_two_base_pt_sections_that_meet_are_refused(tmp_path):
    """CR 613.7: two base power and toughness settings of one source at the same level would share a timestamp."""
    cards = tmp_path / "cards.yaml"
    cards.write_text("format: pysolver-oracle/1\ncards:\n- name: Test Overlap\n  types: [Creature]\n  power: '1'\n"
                     "  toughness: '1'\n  oracle: \"Level up {1}\\nLEVEL 1-3\\n2/2\\nLEVEL 3+\\n4/4\"\n")
    with pytest.raises(CardError, match="but for conditions that never hold together"):
        pysolver.load_library([cards])
