"""Abilities that trigger on damage (CR 603.2, 120): compiled as such (not a combat trigger:
pysolver next deals damage), and every action of next that deals damage while one is on the
battlefield is refused with the abilities named (asp/damage_triggers.lp)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

ENRAGE = ("format: pysolver-cards/1\ncards:\n"
          "- name: Test Enraged Beast\n  types: [Creature]\n  power: 3\n  toughness: 5\n"
          "  abilities:\n  - triggered: {when: {event: damage}, text: you gain 2 life}\n"
          "- name: Test Searing Bolt\n  types: [Instant]\n  mana_cost: '{R}'\n"
          "  spell:\n    targets: [{zone: any_target, text: any target}]\n"
          "    do: [{damage: {amount: 3, target: 1}}]\n    text: Test Searing Bolt deals 3 damage to any target\n"
          "- name: Test Ember Citadel\n  types: [Land]\n  abilities:\n"
          "  - triggered: {when: {event: becomes_tapped}, text: it deals 1 damage to you, "
          "riders: [{damage_to_controller: 1}]}\n"
          "  - mana: {cost: ['{T}'], add: {mana: '{R}'}}\n")
BOARD = """\
    players: [Alice, Bob]
    turn: {number: 3, active: Alice, step: precombat_main}
    battlefield:
    - {id: bears, card: Grizzly Bears, controller: Bob}
    - {id: cit, card: Test Ember Citadel, controller: Alice}
    %s
    stack:
    - {card: Test Searing Bolt, controller: Alice, targets: [{permanent: bears}]}
"""
BEAST = "- {id: beast, card: Test Enraged Beast, controller: Bob}"


@pytest.mark.parametrize("sentence, compiled", [
    ("Whenever ~ is dealt damage, you gain 2 life.", True),
    ("Whenever a creature deals damage to you, put a globe counter on it.", True),
    ("Whenever a source you control deals noncombat damage to an opponent, draw a card.", True),
    ("When enchanted creature is dealt damage, destroy it.", True),
    ("Whenever one or more creatures you control deal damage to a player, draw a card.", True),
    ("Whenever ~ deals combat damage to a player, draw a card.", False),  # combat: irrelevant
    ("Whenever equipped creature deals damage to a blocking creature, draw a card.", False),
])
def test_damage_events_are_compiled_and_combat_damage_is_not(sentence, compiled):
    result = compile_card("Test Beast", sentence.replace("~", "Test Beast"), "Creature — Beast")
    [classified] = result.sentences
    assert result.status == "ok"
    if compiled:
        assert classified["class"] == "compiled"
        [ability] = result.card["abilities"]
        assert ability["triggered"]["when"] == {"event": "damage"}
    else:
        assert (classified["class"], classified["why"]) == (
            "irrelevant", "a combat trigger: no query declares attackers or blockers or deals combat damage")


def test_a_spell_s_damage_is_refused_beside_a_damage_trigger(cli, board_file, tmp_path):
    """A spell's damage to its target (CR 120.3e), with and without a damage trigger on the
    battlefield: resolved as before without one, refused with one."""
    cards = tmp_path / "cards.yml"
    cards.write_text(ENRAGE, encoding="utf-8")
    plain = board_file(BOARD % "")
    code, out, err = cli("next", plain, "resolve", "--cards", cards)
    assert (code, err) == (0, "")
    assert out.splitlines()[2:] == ["  - Test Searing Bolt deals 3 damage to Grizzly Bears (bears) (CR 120.3e)",
                                    "  - Test Searing Bolt is put into Alice's graveyard (CR 608.2n)",
                                    "  - destroy bears (lethal damage, CR 704.5g)"]
    path = board_file(BOARD % BEAST)
    assert cli("next", path, "resolve", "--cards", cards) == (
        2, "", f"error: {path}: action 1 (resolve): resolve: test-searing-bolt: damage is dealt while beast has an ability "
               "that triggers on damage (CR 603.2, 120), which next doesn't model\n")


def test_a_rider_s_damage_is_refused(cli, board_file, tmp_path):
    """A trigger's rider ("it deals 1 damage to you", CR 120.3a): refused while a damage
    trigger is on the battlefield."""
    cards = tmp_path / "cards.yml"
    cards.write_text(ENRAGE, encoding="utf-8")
    path = board_file(BOARD % BEAST)
    code, out, err = cli("next", path, "activate", "cit", "resolve", "--cards", cards)
    assert (code, out) == (2, "")
    assert err.endswith("damage is dealt while beast has an ability that triggers on damage (CR 603.2, 120), "
                        "which next doesn't model\n")
    assert "action 2 (resolve)" in err


def test_a_mana_ability_s_damage_shows_the_trigger_as_not_modelled(cli, board_file, tmp_path):
    """CR 605.5a: the damage of a mana ability may trigger an ability that triggers on damage
    (no mana ability): `mana` shows it as not modelled beside the damage; next refuses it."""
    cards = tmp_path / "cards.yml"
    cards.write_text(ENRAGE, encoding="utf-8")
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: tomb, card: Ancient Tomb, controller: Alice}
        - {id: beast, card: Test Enraged Beast, controller: Bob}
        """)
    code, out, err = cli("mana", path, "tomb", "--cards", cards)
    assert (code, err) == (0, "")
    assert out.splitlines()[2:] == ["{C}{C}  beast: an ability that triggers on damage, which this damage may trigger "
                                    "(not modelled); tomb deals 2 damage to Alice"]
    code, out, err = cli("next", path, "activate", "tomb", "--cards", cards)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (activate tomb): activate tomb: tomb's mana ability has an effect next "
                   "doesn't apply yet (beast: an ability that triggers on damage, which this damage may trigger "
                   "(not modelled))\n")
