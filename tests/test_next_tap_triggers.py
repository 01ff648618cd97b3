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


CITY_TRIGGER_LEFT = """\
    players: [Alice, Bob]
    turn: {{number: 3, active: Alice, step: precombat_main}}
    battlefield:
    - {{id: f1, card: Forest, controller: Alice}}
    stack:
    - {{id: cob-1, card: City of Brass, controller: Bob, source: cob, ability: 1{last_known}}}
    """


def test_a_tap_trigger_whose_source_left_deals_damage_as_its_source_last_was(cli, board_file):
    """CR 113.7a, 120.3: City of Brass destroyed with its trigger on the stack: the trigger's damage is dealt by
    the source as it last existed, with the keywords and controller next keeps on the stack item (asp/effects.lp
    reads them).  Before: refused ("isn't read for this damage"), though the board gave them."""
    path = board_file(CITY_TRIGGER_LEFT.format(last_known=", last_known: {keywords: [], controller: Bob}"))
    assert cli("next", path, "resolve") == (
        0, "outcome 1: probability 1\n  - cob-1 (City of Brass, cob:1) resolves\n"
           "  - cob deals 1 damage to Bob: Bob loses 1 life (CR 120.3a)\n", "")
    lifelink = board_file(CITY_TRIGGER_LEFT.format(
        last_known=", last_known: {keywords: [lifelink], controller: Bob}"))
    assert cli("next", lifelink, "resolve") == (
        0, "outcome 1: probability 1\n  - cob-1 (City of Brass, cob:1) resolves\n"
           "  - cob deals 1 damage to Bob: Bob loses 1 life (CR 120.3a)\n"
           "  - Bob gains 1 life (lifelink, CR 120.3f, 702.15b; 19 -> 20)\n", "")
    unknown = board_file(CITY_TRIGGER_LEFT.format(last_known=", last_known: {counters: {}}"))
    assert cli("next", unknown, "resolve") == (
        2, "", f"error: {unknown}: action 1 (resolve): resolve: cob left the battlefield, and whether it last had "
               "infect or lifelink, which change what its damage does (CR 113.7a, 120.3b, 120.3f), isn't read for "
               "this damage\n")


def test_next_keeps_the_last_known_keywords_of_a_tap_trigger_source_it_destroys(cli, board_file):
    """The same, in one chain: Obsidian Charmaw's enters trigger destroys Bob's City of Brass, whose trigger is on
    the stack; next records the City's last keywords and controller as it leaves (CR 113.7a) and the trigger
    resolves: Bob loses 1 life.  Before: refused at the last resolve."""
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: cob, card: City of Brass, controller: Bob, tapped: true}
        stack:
        - {id: cob-1, card: City of Brass, controller: Bob, source: cob, ability: 1}
        - {id: charmaw, card: Obsidian Charmaw, controller: Alice}
        """)
    code, out, err = cli("next", path, "resolve", "resolve", "resolve", "--allow-partial")
    assert code == 0 and out.splitlines()[-3:] == [
        "  - destroy City of Brass (cob) (CR 701.7a)", "  - cob-1 (City of Brass, cob:1) resolves",
        "  - cob deals 1 damage to Bob: Bob loses 1 life (CR 120.3a)"]
    assert err == ("note: Obsidian Charmaw is partial: this answer ignores 'This spell costs {1} less to cast for "
                   "each land your opponents control that could produce {C}.'\n")  # its cost: it is cast already
