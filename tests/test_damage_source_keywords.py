"""The keywords of a damage source that `next` reads (CR 120.3, 113.7): an ability's source is the
permanent it is from, with the keywords effects give it (613.1f), not its card's printed ones; one
whose source left the battlefield has the keywords it last had there (113.7a, 608.2h), which `next`
keeps on the ability as its source leaves.  Deathtouch, lifelink, infect and wither are applied (CR 120.3,
704.5h; the ruling cases of tests/cases/next/damage-keywords.yaml); what isn't judged is refused, never dealt
as plain damage."""

from __future__ import annotations

from helpers import write_inputs

# Real Oracle texts, as the Oracle compiler makes them (pysolver cards show).
CARDS = """\
format: pysolver-cards/1
cards:
- name: Prodigal Sorcerer
  mana_cost: '{2}{U}'
  types: [Creature]
  subtypes: [Human, Wizard]
  power: 1
  toughness: 1
  oracle: '{T}: This creature deals 1 damage to any target.'
  abilities:
  - activated:
      cost: ['{T}']
      targets: [{zone: any_target, text: any target}]
      do: [{damage: {amount: 1, target: 1}}]
      text: ~ deals 1 damage to any target.
- name: Mogg Fanatic
  mana_cost: '{R}'
  types: [Creature]
  subtypes: [Goblin]
  power: 1
  toughness: 1
  oracle: 'Sacrifice this creature: It deals 1 damage to any target.'
  abilities:
  - activated:
      cost: [sacrifice_self]
      targets: [{zone: any_target, text: any target}]
      do: [{damage: {amount: 1, target: 1}}]
      text: It deals 1 damage to any target.
- name: Gorgon's Head
  mana_cost: '{1}'
  types: [Artifact]
  subtypes: [Equipment]
  keywords: [Equip]
  oracle: "Equipped creature has deathtouch.\\nEquip {2}"
  abilities:
  - static: {affects: {types: [Creature]}, whose: any, enchanted: true, grant_keywords: [Deathtouch]}
  - activated:
      cost: ['{2}']
      targets: [{zone: battlefield, whose: you, filter: {types: [Creature]}, text: target creature you control}]
      timing: sorcery
      do: [{attach: {target: 1}}]
      text: Equip {2}
- name: Hill Giant
  mana_cost: '{3}{R}'
  types: [Creature]
  subtypes: [Giant]
  power: 3
  toughness: 3
"""


def _board(creature: str, equipped: bool) -> str:
    head = "- {id: head, card: Gorgon's Head, controller: Alice, attached_to: {permanent: pinger}}\n" if equipped else ""
    return ("players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n"
            f"- {{id: pinger, card: {creature}, controller: Alice}}\n{head}"
            "- {id: giant, card: Hill Giant, controller: Bob}\n")


DESTROYED = "  - destroy giant (dealt damage by a source with deathtouch, CR 704.5h, 702.2b)\n"


def test_a_granted_deathtouch_of_the_source_permanent_is_read(tmp_path, cli):
    """Before: the damage was dealt as plain damage and Hill Giant survived (the card has no deathtouch);
    then it was refused; now the Giant is destroyed (CR 704.5h)."""
    board, cards = write_inputs(tmp_path, board=_board("Prodigal Sorcerer", True), cards=CARDS)
    assert cli("next", board, "--cards", cards, "activate", "pinger", "1", "target=giant", "resolve") == (
        0, "outcome 1: probability 1\n"
           "  - Alice activates pinger's ability 1 as pinger-1 targeting Hill Giant (giant), paying {T} (CR 602.2)\n"
           "  - pinger-1 (Prodigal Sorcerer, pinger:1) resolves (CR 608.2)\n"
           "  - Prodigal Sorcerer deals 1 damage to Hill Giant (giant) (CR 120.3e)\n" + DESTROYED, "")


def test_a_sacrificed_source_keeps_the_keywords_it_had(tmp_path, cli):
    board, cards = write_inputs(tmp_path, board=_board("Mogg Fanatic", True), cards=CARDS)
    out = tmp_path / "out"
    code, text, _ = cli("next", board, "--cards", cards, "activate", "pinger", "1", "target=giant", "--out", out)
    assert code == 0 and "pinger-1 targeting Hill Giant (giant), sacrificing it (CR 602.2)" in text
    assert "  last_known:\n    counters: {}\n    keywords:\n    - deathtouch\n" in (out / "next-1.yaml").read_text()
    code, text, _ = cli("next", board, "--cards", cards, "activate", "pinger", "1", "target=giant", "resolve")
    assert code == 0 and text.endswith("  - Mogg Fanatic deals 1 damage to Hill Giant (giant) (CR 120.3e)\n" + DESTROYED)


def test_a_sacrificed_source_without_such_keywords_deals_its_damage(tmp_path, cli):
    board, cards = write_inputs(tmp_path, board=_board("Mogg Fanatic", False), cards=CARDS)
    assert cli("next", board, "--cards", cards, "activate", "pinger", "1", "target=giant", "resolve") == (
        0, "outcome 1: probability 1\n"
           "  - Alice activates pinger's ability 1 as pinger-1 targeting Hill Giant (giant), sacrificing it (CR 602.2)\n"
           "  - pinger-1 (Mogg Fanatic, pinger:1) resolves (CR 608.2)\n"
           "  - Mogg Fanatic deals 1 damage to Hill Giant (giant) (CR 120.3e)\n", "")


def test_a_source_that_left_without_its_keywords_given_is_refused(tmp_path, cli):
    board, cards = write_inputs(tmp_path, cards=CARDS, board=(
        "players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n"
        "- {id: giant, card: Hill Giant, controller: Bob}\nstack:\n"
        "- {id: pinger-1, card: Mogg Fanatic, controller: Alice, source: pinger, ability: 1,\n"
        "   last_known: {counters: {}}, targets: [{permanent: giant}]}\n"))
    assert cli("next", board, "--cards", cards, "resolve") == (
        2, "", f"error: {board}: action 1 (resolve): resolve: pinger-1's source left the battlefield, and whether it "
               "last had infect, wither, lifelink or deathtouch isn't given (its last_known: keywords:, CR 113.7a, "
               "120.3)\n")


LIFELINK_CARDS = CARDS + """\
- name: Basilisk Collar
  mana_cost: '{1}'
  types: [Artifact]
  subtypes: [Equipment]
  keywords: [Equip]
  oracle: "Equipped creature has deathtouch and lifelink.\\nEquip {2}"
  abilities:
  - static: {affects: {types: [Creature]}, whose: any, enchanted: true, grant_keywords: [Deathtouch, Lifelink]}
  - activated:
      cost: ['{2}']
      targets: [{zone: battlefield, whose: you, filter: {types: [Creature]}, text: target creature you control}]
      timing: sorcery
      do: [{attach: {target: 1}}]
      text: Equip {2}
- name: Phial of Galadriel
  mana_cost: '{3}'
  types: [Artifact]
  supertypes: [Legendary]
  oracle: "If you would gain life while you have 5 or less life, you gain twice that much life instead."
  abilities:
  - event_replacement: {event: gain_life, multiply: 2, if_life_at_most: 5}
"""


def test_lifelink_from_a_source_that_left_gains_its_last_controller_life(tmp_path, cli):
    """CR 120.3f, 113.7a: the source's controller as it last existed gains the life; next keeps it on the
    ability (last_known: controller:) as the source is sacrificed.  Before s33-damage3: refused ("who last
    controlled it ... isn't kept")."""
    board, cards = write_inputs(tmp_path, cards=LIFELINK_CARDS, board=(
        "players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n"
        "- {id: pinger, card: Mogg Fanatic, controller: Alice}\n"
        "- {id: collar, card: Basilisk Collar, controller: Alice, attached_to: {permanent: pinger}}\n"))
    code, text, err = cli("next", board, "--cards", cards, "activate", "pinger", "1", "target=Bob", "resolve")
    assert (code, err) == (0, "") and text.endswith(
        "  - Mogg Fanatic deals 1 damage to Bob: Bob loses 1 life (CR 120.3a; 20 -> 19)\n"
        "  - Alice gains 1 life (lifelink, CR 120.3f, 702.15b; 20 -> 21)\n")
    out = tmp_path / "out"
    assert cli("next", board, "--cards", cards, "activate", "pinger", "1", "target=Bob", "--out", str(out))[0] == 0
    written = (out / "next-1.yaml").read_text(encoding="utf-8")
    assert "controller: Alice" in written.split("last_known:")[1].split("targets")[0], written


def _left_board(tmp_path, last_known: str) -> tuple:
    return write_inputs(tmp_path, cards=LIFELINK_CARDS, board=(
        "players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\nbattlefield: []\nstack:\n"
        "- {id: pinger-1, card: Mogg Fanatic, controller: Alice, source: pinger, ability: 1,\n"
        f"   last_known: {last_known}, targets: [{{player: Bob}}]}}\n"))


def test_a_given_last_controller_gains_the_life(tmp_path, cli):
    """CR 113.7a: the board gives who last controlled the source (Bob, under whose control it left)."""
    board, cards = _left_board(tmp_path, "{counters: {}, keywords: [lifelink], controller: Bob}")
    code, text, err = cli("next", board, "--cards", cards, "resolve")
    assert (code, err) == (0, "") and text.endswith(
        "  - Mogg Fanatic deals 1 damage to Bob: Bob loses 1 life (CR 120.3a; 20 -> 19)\n"
        "  - Bob gains 1 life (lifelink, CR 120.3f, 702.15b; 19 -> 20)\n")


def test_lifelink_from_a_source_that_left_without_its_controller_is_refused(tmp_path, cli):
    board, cards = _left_board(tmp_path, "{counters: {}, keywords: [lifelink]}")
    assert cli("next", board, "--cards", cards, "resolve") == (
        2, "", f"error: {board}: action 1 (resolve): resolve: pinger-1's damage comes from a source with lifelink "
               "that left the battlefield, and who last controlled it (who gains the life, CR 120.3f, 113.7a) "
               "isn't given (its last_known: controller:)\n")


def test_the_last_controller_is_a_player(tmp_path, cli):
    board, cards = _left_board(tmp_path, "{counters: {}, keywords: [lifelink], controller: Carol}")
    code, _, err = cli("next", board, "--cards", cards, "resolve")
    assert code == 2 and err.endswith("stack[0].last_known.controller: 'Carol' is not a player in this game "
                                      "(players: Alice, Bob)\n"), err


def _self_ping(tmp_path, life: int) -> tuple:
    return write_inputs(tmp_path, cards=LIFELINK_CARDS, board=(
        f"players: [{{name: Alice, life: {life}}}, Bob]\nturn: {{number: 3, active: Alice, step: precombat_main}}\n"
        "battlefield:\n- {id: pinger, card: Prodigal Sorcerer, controller: Alice}\n"
        "- {id: collar, card: Basilisk Collar, controller: Alice, attached_to: {permanent: pinger}}\n"
        "- {id: phial, card: Phial of Galadriel, controller: Alice}\n"))


def test_lifelink_damage_to_its_own_controller_beside_a_life_condition_is_refused(tmp_path, cli):
    """Alice at 6 life pings herself with lifelink: she loses 1 and gains 1 at once (CR 120.3f); whether
    Phial of Galadriel ("while you have 5 or less life") doubles the gain depends on which comes first,
    which the rules here don't judge: refused."""
    board, cards = _self_ping(tmp_path, 6)
    assert cli("next", board, "--cards", cards, "activate", "pinger", "1", "target=Alice", "resolve") == (
        2, "", f"error: {board}: action 2 (resolve): resolve: pinger-1's damage to Alice and the life Alice gains "
               "from it (lifelink, CR 120.3f) happen at once, and what replaces that gain reads Alice's life total "
               "(CR 614.1a, 616.1), which next doesn't judge\n")


def test_lifelink_gain_with_a_life_condition_reads_the_life_total(tmp_path, cli):
    """Pinging Bob: Alice's life total (5) is the board's as she gains, so Phial doubles the gain."""
    board, cards = _self_ping(tmp_path, 5)
    code, text, _ = cli("next", board, "--cards", cards, "activate", "pinger", "1", "target=Bob", "resolve")
    assert code == 0 and text.endswith(
        "  - Alice gains 2 life (lifelink, CR 120.3f, 702.15b; 5 -> 7), instead of 1 (phial: replacement effect, "
        "CR 614.1a, 616.1)\n")
    board, cards = _self_ping(tmp_path, 6)
    code, text, _ = cli("next", board, "--cards", cards, "activate", "pinger", "1", "target=Bob", "resolve")
    assert code == 0 and text.endswith("  - Alice gains 1 life (lifelink, CR 120.3f, 702.15b; 6 -> 7)\n")


def test_poison_counters_are_validated(tmp_path, cli):
    board, cards = write_inputs(tmp_path, cards=CARDS, board=(
        "players: [Alice, {name: Bob, poison: -1}]\nturn: {number: 3, active: Alice, step: precombat_main}\n"
        "battlefield: []\n"))
    assert cli("next", board, "--cards", cards, "check") == (
        2, "", f"error: {board}: 1:38: players[1].poison: -1 is less than the minimum of 0\n")


def test_ten_poison_counters_lose_the_game(tmp_path, cli):
    """CR 704.5c: a state-based action, checked by `next check`."""
    board, cards = write_inputs(tmp_path, cards=CARDS, board=(
        "players: [Alice, {name: Bob, poison: 10}]\nturn: {number: 3, active: Alice, step: precombat_main}\n"
        "battlefield: []\n"))
    assert cli("next", board, "--cards", cards, "check") == (
        0, "outcome 1: probability 1\n  - Bob loses the game (CR 704.5c)\n  - Alice wins the game (CR 104.2a)\n", "")


PAIN_CARDS = CARDS + """\
- name: Test Pain Elf
  mana_cost: '{G}'
  types: [Creature]
  subtypes: [Elf]
  power: 1
  toughness: 1
  oracle: "{T}: Add {G}. This creature deals 1 damage to you."
  abilities:
  - mana:
      cost: ['{T}']
      add: {mana: '{G}'}
      riders: [{damage_to_controller: 1}]
"""


def test_a_mana_ability_damage_from_a_lifelink_source_gains_life(tmp_path, cli):
    """CR 120.3f, 702.15b: the elf given lifelink by Basilisk Collar deals 1 damage to its controller, who also
    gains 1 life (asp/damage.lp, the one rule of what damage does).  Before s33-damage3: said "(not modelled)"
    with the outcome, and next refused it."""
    collar = LIFELINK_CARDS.split("- name: Basilisk Collar")[1].split("- name: Phial")[0]
    board, cards = write_inputs(tmp_path, cards=PAIN_CARDS + "- name: Basilisk Collar" + collar, board=(
        "players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n"
        "- {id: elf, card: Test Pain Elf, controller: Alice}\n"
        "- {id: collar, card: Basilisk Collar, controller: Alice, attached_to: {permanent: elf}}\n"))
    assert cli("mana", board, "elf", "--cards", cards) == (
        0, "elf (Test Pain Elf, Alice), ability 1: {T}: Add {G}. This creature deals 1 damage to you.\n"
           "MANA  EFFECTS\n"
           "{G}   elf deals 1 damage to Alice; elf's lifelink: Alice gains 1 life\n", "")
    assert cli("next", board, "--cards", cards, "activate", "elf") == (
        0, "outcome 1: probability 1\n  - Alice taps elf for {G} (CR 605.3b, 106.4)\n"
           "  - elf deals 1 damage to Alice (CR 120.3)\n"
           "  - elf's lifelink: Alice gains 1 life (CR 120.3f, 702.15b)\n", "")


def test_a_mana_ability_lifelink_gain_beside_a_life_condition_is_refused(tmp_path, cli):
    """The elf's damage to Alice and her lifelink gain happen at once (CR 120.3f); Phial of Galadriel's
    condition reads her life total, which that order decides: shown as not modelled, and next refuses."""
    collar = LIFELINK_CARDS.split("- name: Basilisk Collar")[1]
    board, cards = write_inputs(tmp_path, cards=PAIN_CARDS + "- name: Basilisk Collar" + collar, board=(
        "players: [{name: Alice, life: 6}, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\n"
        "battlefield:\n- {id: elf, card: Test Pain Elf, controller: Alice}\n"
        "- {id: collar, card: Basilisk Collar, controller: Alice, attached_to: {permanent: elf}}\n"
        "- {id: phial, card: Phial of Galadriel, controller: Alice}\n"))
    unjudged = ("elf: Test Pain Elf's lifelink gain and its damage happen at once, and what replaces the gain reads the life "
                "total (not modelled)")
    code, text, _ = cli("mana", board, "elf", "--cards", cards)
    assert code == 0 and text.endswith(f"{{G}}   elf deals 1 damage to Alice; {unjudged}\n")
    assert cli("next", board, "--cards", cards, "activate", "elf") == (
        2, "", f"error: {board}: action 1 (activate elf): activate elf: elf's mana ability has an effect next "
               f"doesn't apply yet ({unjudged})\n")


TWIN_CARDS = """\
format: pysolver-cards/1
cards:
- name: Test Twin Bolt
  mana_cost: '{R}'
  types: [Instant]
  spell:
    targets:
    - {zone: any_target, text: any target}
    - {zone: any_target, text: any target}
    do:
    - damage: {amount: 2, target: 1}
    - damage: {amount: 2, target: 2}
    text: Test Twin Bolt deals 2 damage to any target and 2 damage to any target.
"""


def test_one_player_chosen_for_two_damage_targets_is_refused(tmp_path, cli):
    """CR 115.3: one player may be chosen for two instances of "target".  Before: asp/targets.lp's
    would_deal_damage(K, X, N) dropped which instance, so the two 2-damage parts were one atom and Bob lost
    2 life, not 4 (a silent wrong answer); now refused."""
    board, cards = write_inputs(tmp_path, cards=TWIN_CARDS, board=(
        "players:\n- {name: Alice, hand: [Test Twin Bolt], mana_pool: '{R}'}\n- Bob\n"
        "turn: {number: 3, active: Alice, step: precombat_main}\nbattlefield: []\n"))
    assert cli("next", board, "--cards", cards, "cast", "Test Twin Bolt", "target=Bob", "target=Bob", "resolve") == (
        2, "", f"error: {board}: action 2 (resolve): resolve: test-twin-bolt deals damage to Bob for two of its "
               "targets (CR 115.3): whether that damage is dealt at once or in two events isn't judged\n")
