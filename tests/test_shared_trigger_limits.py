"""CR 603.2: one triggered ability with two trigger events ("When ~ enters and whenever you gain life") and "This
ability triggers only once each turn": compiled as one ability for each event, which share the limit
(``limit_with_previous``, asp/trigger_limits.lp).  The ruling cases are tests/cases/next/shared-limits.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards import CardError, load_library
from pysolver.cards.oracle import compile_card


@pytest.mark.parametrize(("text", "whens"), [
    ("When ~ enters and whenever you gain life, you gain 1 life. This ability triggers only once each turn.",
     [{"event": "enters", "once_each_turn": True},
      {"event": "gain_life", "whose": "you", "once_each_turn": True, "limit_with_previous": True}]),
    ("Whenever you gain or lose life during your turn, you gain 1 life. This ability triggers only once each turn.",
     [{"event": "gain_life", "whose": "you", "during": "you", "once_each_turn": True},
      {"event": "lose_life", "whose": "you", "during": "you", "once_each_turn": True, "limit_with_previous": True}]),
    ("Whenever an opponent loses life, you gain 1 life. This ability triggers only once each turn.",
     [{"event": "lose_life", "whose": "opponent", "once_each_turn": True}]),
])
def test_the_limit_of_one_ability_with_two_events(text, whens):
    result = compile_card("Watcher", text, "Creature — Bat", power="1", toughness="1")
    assert result.status == "ok", result.ignored
    assert [a["triggered"]["when"] for a in result.card["abilities"]] == whens
    assert [a["triggered"]["do"] for a in result.card["abilities"]] == [[{"gain_life": 1}]] * len(whens)


def test_two_abilities_on_a_line_share_no_limit():
    """Two sentences, two abilities: the limit after them is no one ability's."""
    result = compile_card("Watcher", "Whenever you gain life, you gain 1 life. Whenever you draw a card, you gain 1 "
                          "life. This ability triggers only once each turn.", "Enchantment")
    assert result.ignored == ["This ability triggers only once each turn."]


def _library(tmp_path, abilities: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(f"format: pysolver-cards/1\ncards:\n- name: Watcher\n  types: [Enchantment]\n"
                    f"  abilities: {abilities}\n", encoding="utf-8")
    load_library(path)


@pytest.mark.parametrize(("abilities", "problem"), [
    ("[{triggered: {when: {event: gain_life, whose: you}, text: x}}, "
     "{triggered: {when: {event: draw, whose: you, once_each_turn: true, limit_with_previous: true}, text: x}}]",
     "triggered.when: limit_with_previous shares the limit of the ability before it, which must be a triggered "
     "ability that triggers only once each turn (CR 603.2)"),
    ("[{triggered: {when: {event: draw, whose: you, limit_with_previous: true}, text: x}}]",
     "triggered.when: limit_with_previous is the limit of an ability that triggers only once each turn"),
])
def test_a_shared_limit_needs_a_limited_ability_before_it(tmp_path, abilities, problem):
    with pytest.raises(CardError) as error:
        _library(tmp_path, abilities)
    assert problem in str(error.value)


def test_the_limit_after_an_effect_with_then():
    """"..., scry 1, then draw a card. This ability triggers only once each turn.": the line isn't split into
    sentences (its "then" continues the effect), and the limit is still the ability's (CR 603.2)."""
    result = compile_card("Watcher", "Whenever this enchantment or another permanent you control is turned face up, "
                          "scry 1, then draw a card. This ability triggers only once each turn.", "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [{"triggered": {
        "when": {"event": "turned_face_up", "filter": {"other": True}, "whose": "you", "or_self": True,
                 "once_each_turn": True}, "text": "scry 1, then draw a card"}}])
    result = compile_card("Watcher", "Whenever you gain life, you may pay {1}. If you do, draw a card. This ability "
                          "triggers only once each turn.", "Enchantment")
    assert result.card["abilities"][0]["triggered"]["when"] == {"event": "gain_life", "whose": "you",
                                                                "once_each_turn": True}
    result = compile_card("Watcher", "At the beginning of your upkeep, scry 1, then draw a card. This ability triggers "
                          "only once each turn.", "Enchantment")
    assert result.ignored == ["This ability triggers only once each turn."]


def test_a_granted_ability_with_two_events_shares_its_limit(tmp_path):
    """The limit in a granted ability (CR 613.1f) is the one granted ability's too: its card data loads."""
    path = tmp_path / "cards.yaml"
    path.write_text('format: pysolver-oracle/1\ncards:\n- name: Watcher\n  types: [Artifact]\n  subtypes: '
                    '[Equipment]\n  oracle: "Equipped creature has \\"Whenever you gain or lose life, draw a card. '
                    'This ability triggers only once each turn.\\""\n', encoding="utf-8")
    granted = load_library(path).get("Watcher").abilities()[0]["static"]["grant"]
    assert [a["triggered"]["when"] for a in granted] == [
        {"event": "gain_life", "whose": "you", "once_each_turn": True},
        {"event": "lose_life", "whose": "you", "once_each_turn": True, "limit_with_previous": True}]
