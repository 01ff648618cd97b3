"""`pay --spell` and a spell's total cost (CR 601.2f): the text output, and what is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

CARDS = str(Path(__file__).parent / "cases" / "payment" / "cost-cards.yml")

THALIA = """\
players: [Alice, Bob]
battlefield:
- {card: Mountain, controller: Alice}
- {card: Forest, controller: Alice}
- {card: "Thalia, Guardian of Thraben", controller: Bob}
"""


def test_pay_spell_names_the_total_cost_and_what_changed_it(cli, board_file):
    code, out, err = cli("pay", board_file(THALIA), "Alice", "--spell", "Lightning Bolt", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == [
        "total cost {1}{R} (CR 601.2f, 118.7: changed by thalia-guardian-of-thraben)",
        "Alice can pay {R}: 1 way"]


@pytest.mark.parametrize(("cast_before", "total"), [(0, "{R}"), (1, "{1}{R}"), (2, "{2}{R}")])
def test_damping_sphere_counts_the_spells_its_caster_cast_this_turn(cli, board_file, cast_before, total):
    """CR 601.2f, 601.2i: "Each spell a player casts costs {1} more to cast for each other spell that player has
    cast this turn": the board's spells_cast_this_turn (it was refused as a count the board doesn't record)."""
    path = board_file(f"players: [{{name: Alice, spells_cast_this_turn: {cast_before}}}, Bob]\nbattlefield:\n"
                      "- {card: Mountain, controller: Alice}\n- {card: Damping Sphere, controller: Bob}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Lightning Bolt", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == f"total cost {total} (CR 601.2f, 118.7: changed by damping-sphere)"


def test_a_minimum_over_phyrexian_symbols_is_refused(cli, board_file, tmp_path):
    cards = tmp_path / "cards.yml"
    cards.write_text("format: pysolver-oracle/1\ncards:\n- {name: Gut Shot, mana_cost: '{R/P}', "
                     "types: [Instant], oracle: Gut Shot deals 1 damage to any target.}\n")
    path = board_file("players: [Alice, Bob]\nbattlefield:\n- {card: Mountain, controller: Alice}\n"
                      "- {card: Trinisphere, controller: Bob}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Gut Shot", "--cards", CARDS, "--cards", str(cards))
    assert (code, out) == (3, "")
    assert "a minimum total cost applies (CR 601.2f)" in err


def test_an_unreadable_cost_part_is_bad_input(cli, board_file):
    path = board_file(THALIA)
    code, out, err = cli("pay", path, "Alice", "{1}{B}, Frobnicate a creature", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: COST: can't read the cost 'Frobnicate a creature': after the mana "
                   "symbols, write costs like 'Sacrifice a creature', 'Tap an untapped creature you "
                   "control', 'Discard a card', 'Pay 2 life', 'Exile a card from your graveyard'\n")


def test_additional_needs_a_spell_with_that_cost(cli, board_file):
    path = board_file(THALIA)
    code, _, err = cli("pay", path, "Alice", "--spell", "Grizzly Bears", "--additional", "kicker",
                       "--cards", CARDS)
    assert (code, err) == (2, f"error: {path}: --additional: Grizzly Bears has no kicker (CR 702.33)\n")


OPTIONAL = str(Path(__file__).parent / "cases" / "payment" / "optional-cards.yml")


def test_an_optional_cost_paid_once_is_refused_twice(cli, board_file):
    """CR 702.175a: offspring is paid or not; only multikicker, replicate, squad, escalate and times are paid any
    number of times."""
    path = board_file("Alice: [Island]\nBob: []\n")
    code, _, err = cli("pay", path, "Alice", "--spell", "Finch Formation", "--additional", "offspring",
                       "--additional", "offspring", "--cards", OPTIONAL)
    assert (code, err) == (2, f"error: {path}: --additional: offspring is paid at most once (CR 702.175a); only "
                              "multikicker, replicate, squad, escalate and times are paid any number of times\n")
    code, _, err = cli("pay", path, "Alice", "--spell", "Finch Formation", "--additional", "bargain",
                       "--cards", OPTIONAL)
    assert (code, err) == (2, f"error: {path}: --additional: Finch Formation has no bargain (CR 702.166a)\n")


TARGET_COSTS = str(Path(__file__).parent / "cases" / "next" / "target-cost-cards.yml")


def test_a_cost_that_changes_with_targets_is_refused_without_them(cli, board_file):
    """CR 601.2c, 601.2f: Luminous Rebuke's total cost depends on its target, which pay --spell doesn't choose;
    next cast judges it (tests/cases/next/target-costs.yaml)."""
    path = board_file("players: [{name: Alice, mana_pool: '{W}{W}{W}{W}{W}'}, Bob]\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Luminous Rebuke", "--cards", TARGET_COSTS)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: Luminous Rebuke's own ability changes its cost when it targets "
                   "some permanents (CR 601.2f), and its targets, chosen as it is cast (601.2c), are not given here: "
                   "next cast judges it on the targets it chooses\n")


def test_spells_cast_before_a_spell_on_the_stack_are_not_known(cli, board_file):
    """CR 601.2i: the board's spells_cast_this_turn counts a spell on the stack, which "if you've cast another
    spell this turn" must not count (tests/cases/payment/total-costs.yaml: from the hand)."""
    path = board_file("players: [{name: Alice, mana_pool: '{U}{U}'}, Bob]\n"
                      "stack:\n- {id: titan, card: Gigastorm Titan, controller: Alice}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "titan", "--cards",
                         str(Path(__file__).parent / "cases" / "next" / "casting-cards.yml"))
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: Gigastorm Titan's cost counts the spells cast this turn before it "
                   "(CR 601.2f, 601.2i), and Gigastorm Titan is already on the stack, counted in the board's "
                   "spells_cast_this_turn\n")


def test_another_cards_count_of_spells_cast_does_not_refuse_a_spell(cli, board_file):
    """Gigastorm Titan in Alice's hand counts spells cast for its own cost only: Ornithopter on the stack is paid."""
    path = board_file("players: [{name: Alice, mana_pool: '{U}{U}', hand: [Gigastorm Titan]}, Bob]\n"
                      "stack:\n- {id: orn, card: Ornithopter, controller: Alice}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "orn", "--cards",
                         str(Path(__file__).parent / "cases" / "next" / "casting-cards.yml"))
    assert (code, err, out.splitlines()[0]) == (0, "", "Alice can pay {0}: 1 way")


STRIVE_BOARD = """\
players: [Alice, Bob]
battlefield:
- {id: a, card: Grizzly Bears, controller: Alice}
- {id: b, card: Grizzly Bears, controller: Bob}
- {id: c, card: Grizzly Bears, controller: Bob}
"""


def test_a_cost_per_target_beyond_the_first_is_refused_without_targets(cli, board_file):
    """CR 601.2c, 601.2f: strive adds to the cost for each target beyond the first, which pay --spell doesn't
    choose."""
    path = board_file("players: [{name: Alice, mana_pool: '{R}{R}{R}{R}'}, Bob]\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Rouse the Mob", "--cards", TARGET_COSTS)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: Rouse the Mob's own ability adds to its cost for each target beyond "
                   "the first (CR 601.2f), and its targets, chosen as it is cast (601.2c), are not given here: next "
                   "cast counts the targets it chooses\n")


def test_a_cost_per_target_beyond_the_first_counts_every_target(board_file):
    """CR 601.2f: {2}{R} more for each target but the first (Rouse the Mob), {R}{W} (Desperate Stand), {1} beside X
    (Fireball); a player targeted counts as any target (601.2c); none or one target adds nothing."""
    import pysolver
    from pysolver.query import cost

    board = pysolver.api.load_board(board_file(STRIVE_BOARD), [TARGET_COSTS])
    totals = {(name, targets): cost.total_cost(board, "Alice", name, symbols, xs=(0, 2), targets=targets).symbols
              for name, symbols in (("Rouse the Mob", ["R"]), ("Desperate Stand", ["R", "W"]), ("Fireball", ["X", "R"]))
              for targets in ((), ("a",), ("a", "b"), ("a", "Bob", "c"))}
    assert totals == {
        ("Rouse the Mob", ()): {0: ("R",), 2: ("R",)},
        ("Rouse the Mob", ("a",)): {0: ("R",), 2: ("R",)},
        ("Rouse the Mob", ("a", "b")): {0: ("2", "R", "R"), 2: ("2", "R", "R")},
        ("Rouse the Mob", ("a", "Bob", "c")): {0: ("4", "R", "R", "R"), 2: ("4", "R", "R", "R")},
        ("Desperate Stand", ()): {0: ("R", "W"), 2: ("R", "W")},
        ("Desperate Stand", ("a",)): {0: ("R", "W"), 2: ("R", "W")},
        ("Desperate Stand", ("a", "b")): {0: ("R", "W", "W", "R"), 2: ("R", "W", "W", "R")},
        ("Desperate Stand", ("a", "Bob", "c")): {0: ("R", "W", "W", "W", "R", "R"), 2: ("R", "W", "W", "W", "R", "R")},
        ("Fireball", ()): {0: ("R",), 2: ("2", "R")},
        ("Fireball", ("a",)): {0: ("R",), 2: ("2", "R")},
        ("Fireball", ("a", "b")): {0: ("1", "R"), 2: ("3", "R")},
        ("Fireball", ("a", "Bob", "c")): {0: ("2", "R"), 2: ("4", "R")},
    }


def test_a_cost_change_of_spells_that_target_its_source_is_refused_without_targets(cli, board_file):
    """CR 601.2c, 601.2f: Boreal Elemental makes its controller's opponents' spells that target it cost {2} more;
    pay --spell chooses no targets (next cast judges it: tests/cases/next/target-costs.yaml)."""
    path = board_file("players: [{name: Alice, mana_pool: '{R}{R}{R}'}, Bob]\n"
                      "battlefield:\n- {id: boreal, card: Boreal Elemental, controller: Bob}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Shock", "--cards", TARGET_COSTS)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: boreal changes the cost of spells that target it (CR 601.2f), and "
                   "Shock's targets, chosen as it is cast (601.2c), are not given here: next cast judges it on the "
                   "targets it chooses\n")
    code, out, err = cli("pay", path, "Bob", "--spell", "Shock", "--cards", TARGET_COSTS)  # its controller's own
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Bob can't pay {R} now: no sequence of mana abilities gives the mana (CR 601.2g-h, 118.3)"


def test_a_cost_change_of_spells_of_the_chosen_card_type(cli, board_file):
    """CR 607.1, 205.2a, 601.2f: Cloud Key's card type chosen as it entered (the board's chosen): Blaze with X = 2
    costs {1}{R} when sorcery was chosen, which {R}{R} pays; {2}{R} when instant was, which it doesn't."""
    out = {}
    for chosen in ("Sorcery", "Instant"):
        path = board_file(f"players: [{{name: Alice, mana_pool: '{{R}}{{R}}'}}, Bob]\nbattlefield:\n"
                          f"- {{id: key, card: Cloud Key, controller: Alice, chosen: {{card_type: {chosen}}}}}\n")
        code, text, err = cli("pay", path, "Alice", "--spell", "Blaze", "--x", "2", "--cards", CARDS)
        assert (code, err) == (0, "")
        out[chosen] = text.splitlines()[:2]
    assert out == {
        "Sorcery": ["total cost {1}{R} (CR 601.2f, 118.7: changed by key)", "Alice can pay {X}{R} with X = 2: 1 way"],
        "Instant": ["Alice can't pay {X}{R} with X = 2 now: no sequence of mana abilities gives the mana (CR "
                    "601.2g-h, 118.3)"]}


def test_a_card_type_chosen_is_one_the_card_names(cli, board_file):
    path = board_file("players: [Alice, Bob]\nbattlefield:\n"
                      "- {id: key, card: Cloud Key, controller: Alice, chosen: {card_type: Land}}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Lightning Bolt", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err.endswith("battlefield[0].chosen.card_type: 'Land' is not a card type Cloud Key may choose (it chooses "
                        "one of Artifact, Creature, Enchantment, Instant, Sorcery; CR 614.12, 205.2a)\n")


def test_a_cost_counting_what_no_board_records_is_refused(cli, board_file):
    """CR 601.2f: Inspired Fire costs {1} less for each card its caster drew this turn, Moonrager's Slash {2} less
    at night: no board records either, so pay --spell and next cast refuse the spell rather than guess a count."""
    path = board_file("players: [{name: Alice, mana_pool: '{R}{R}{R}{R}', hand: [Moonrager's Slash]}, Bob]\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Inspired Fire", "--cards", CARDS)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: Inspired Fire's own ability changes its cost for each card you've "
                   "drawn this turn (CR 601.2f), which the board doesn't record\n")
    code, out, err = cli("next", path, "cast", "Moonrager's Slash", "target=Bob", "--cards", CARDS)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: Moonrager's Slash's own ability changes its cost if it's night "
                   "(CR 601.2f), which the board doesn't record\n")


def test_a_cost_reduced_for_each_of_two_counts_adds_them(cli, board_file):
    """CR 601.2f: Gargantuan Leech costs {1} less for each Cave Alice controls (one: Bob's doesn't count) and each
    Cave card in her graveyard (one); Machinist's Dismissal {1} less for each artifact she controls (one) and each
    artifact card in her hand (one: the Dismissal itself is on the stack, 601.2a)."""
    path = board_file("players: [{name: Alice, mana_pool: '{B}{U}{C}{C}{C}{C}{C}', graveyard: [Promising Vein, "
                      "Grizzly Bears], hand: [Ornithopter, Machinist's Dismissal]}, Bob]\nbattlefield:\n"
                      "- {card: Promising Vein, controller: Alice, tapped: true}\n"
                      "- {card: Promising Vein, controller: Bob}\n- {card: Ornithopter, controller: Alice}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Gargantuan Leech", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == ["total cost {5}{B} (CR 601.2f, 118.7: changed by Gargantuan Leech)",
                                    "Alice can pay {7}{B}: 2 ways"]
    code, out, err = cli("pay", path, "Alice", "--spell", "Machinist's Dismissal", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == ["total cost {2}{U} (CR 601.2f, 118.7: changed by Machinist's Dismissal)",
                                    "Alice can pay {4}{U}: 2 ways"]


def test_a_cost_reduced_by_the_total_mana_value_of_historic_permanents(cli, board_file):
    """CR 601.2f, 700.6, 202.3: Excalibur costs {X} less, X the total mana value of Alice's artifacts, legendaries
    and Sagas: Thalia (legendary, 2) and Ornithopter (an artifact, 0), not Bob's Ornithopter;
    Thalia adds {1} to a noncreature spell: {12} + {1} - {2} = {11}."""
    path = board_file("players: [{name: Alice, mana_pool: '{C}{C}{C}{C}{C}{C}{C}{C}{C}{C}{C}'}, Bob]\nbattlefield:\n"
                      "- {card: 'Thalia, Guardian of Thraben', controller: Alice}\n- {card: Ornithopter, controller: "
                      "Alice}\n- {card: Ornithopter, controller: Bob}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Excalibur, Sword of Eden", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == [
        "total cost {11} (CR 601.2f, 118.7: changed by thalia-guardian-of-thraben, Excalibur, Sword of Eden)",
        "Alice can pay {12}: 1 way"]
