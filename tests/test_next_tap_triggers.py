"""pysolver next: "whenever ~ becomes tapped" triggers (CR 603.2, 605.5a) and the life-loss
effects (CR 119.3, 120.3a); the ruling cases are tests/cases/next/tap-triggers.yaml."""

from __future__ import annotations

from pysolver.cards.oracle import compile_card


def test_becomes_tapped_damage_compiles_other_effects_too():
    card = compile_card("Test Citadel", "Whenever this land becomes tapped, it deals 2 damage to you.\n"
                        "{T}: Add {R}.", types=["Land"])
    assert card.status == "ok"
    assert card.card["abilities"][0] == {"triggered": {"when": {"event": "becomes_tapped"},
                                                       "text": "it deals 2 damage to you",
                                                       "riders": [{"damage_to_controller": 2}]}}
    gain = compile_card("Test Preacher", "Whenever this creature becomes tapped, you gain 2 life.",
                        types=["Creature"], power="2", toughness="2")
    # another effect: its do (the mana query lists it as a trigger, tests/test_oracle_triggers.py)
    assert (gain.status, gain.card["abilities"]) == ("ok", [{"triggered": {
        "when": {"event": "becomes_tapped"}, "do": [{"gain_life": 2}], "text": "you gain 2 life"}}])


def test_lose_life_effect_compiles_and_resolves(cli, board_file, tmp_path):
    card = compile_card("Test Martyr", "When this creature dies, you lose 2 life.", types=["Creature"],
                        mana_cost="{B}", power="1", toughness="1")
    assert (card.status, card.card["abilities"]) == ("ok", [{"triggered": {
        "when": {"event": "dies"}, "do": [{"lose_life": 2}], "text": "you lose 2 life"}}])
    cards = tmp_path / "martyr.yml"
    cards.write_text("format: pysolver-oracle/1\ncards:\n- name: Test Martyr\n  mana_cost: '{B}'\n"
                     "  types: [Creature]\n  power: 1\n  toughness: 1\n"
                     "  oracle: When this creature dies, you lose 2 life.\n", encoding="utf-8")
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: martyr, card: Test Martyr, controller: Alice, damage: 1}
        """)
    code, out, err = cli("next", path, "check", "resolve", "--cards", cards)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "  - Alice loses 2 life (CR 119.3)"


def test_damage_from_a_lifelink_source_gains_life(cli, board_file, tmp_path):
    """CR 702.15b: damage from a source with lifelink also gains its controller life (asp/damage.lp, the one
    rule of what damage does).  Before s33-damage3: refused ("what its damage to a player does then isn't
    modelled")."""
    cards = tmp_path / "citadel.yml"
    cards.write_text("format: pysolver-cards/1\ncards:\n- name: Test Bright Citadel\n  types: [Land]\n"
                     "  keywords: [Lifelink]\n  abilities:\n  - triggered: {when: {event: becomes_tapped}, "
                     "text: it deals 1 damage to you, riders: [{damage_to_controller: 1}]}\n"
                     "  - mana: {cost: ['{T}'], add: {mana: '{W}'}}\n", encoding="utf-8")
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: cit, card: Test Bright Citadel, controller: Alice}
        """)
    assert cli("next", path, "activate", "cit", "resolve", "--cards", cards) == (
        0, "outcome 1: probability 1\n  - Alice taps cit for {W} (CR 605.3b, 106.4)\n"
           "  - put cit-1 (Test Bright Citadel, cit:1) on the stack\n  - cit-1 (Test Bright Citadel, cit:1) resolves\n"
           "  - cit deals 1 damage to Alice: Alice loses 1 life (CR 120.3a)\n"
           "  - Alice gains 1 life (lifelink, CR 120.3f, 702.15b; 19 -> 20)\n", "")
