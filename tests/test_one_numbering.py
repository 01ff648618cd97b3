"""One numbering of abilities, from 1, in every query and in a board's stack (issue 14 item 3).

An ability of a card is its place in the card's ``abilities`` list, every kind
counted (pysolver/query/abilities.py): City of Brass's trigger is 1 and its mana
ability 2, in ``--ability``, in a stack entry's ``ability:`` and in the
``source:N`` keys that turn, outcomes and next print."""

from __future__ import annotations

import json

import pytest

from pysolver.cards import builtin_library
from pysolver.query.activation import activated_abilities

CITY = """\
players: [Alice, Bob]
turn: {number: 2, active: Alice, step: precombat_main}
battlefield:
- {id: cob, card: City of Brass, controller: Alice}
- {id: vault, card: Mana Vault, controller: Alice}
stack:
- {card: City of Brass, controller: Alice, source: cob, ability: STACK}
"""


def test_the_stack_and_ability_share_one_numbering(cli, board_file):
    path = board_file(CITY.replace("STACK", "1"))
    assert cli("outcomes", path) == (0, "resolving: City of Brass (cob:1)\n"
                                        "PROBABILITY  CHOICES  EVENTS\n"
                                        "1                     City of Brass: it deals 1 damage to you "
                                        "(not modelled)\n", "")
    assert cli("can-activate", path, "cob") == (
        0, "yes: City of Brass (cob), ability 2: {T}: Add one mana of any color.\n", "")
    assert cli("mana", path, "vault", "--ability", "3")[0] == 0


@pytest.mark.parametrize("stack, message", [
    ("0", "7:66: stack[0].ability: 0 is less than the minimum of 1 (abilities are numbered from 1)"),
    ("2", "7:66: stack[0].ability: City of Brass has no triggered ability 2 (abilities are numbered from 1)"),
    ("3", "7:66: stack[0].ability: City of Brass has no triggered ability 3 (abilities are numbered from 1)"),
])
def test_a_stack_ability_that_is_no_trigger_is_refused(cli, board_file, stack, message):
    path = board_file(CITY.replace("STACK", stack))
    assert cli("outcomes", path) == (2, "", f"error: {path}: {message}\n")


@pytest.mark.parametrize("args, message", [
    (["can-activate", "cob", "--ability", "1"],
     "--ability: cob (City of Brass) ability 1 is not an activated ability "
     "(abilities: 2 = {T}: Add one mana of any color.)"),
    (["mana", "vault", "--ability", "1"],
     "--ability: vault (Mana Vault) ability 1 is not a mana ability (abilities: 3 = {T}: Add {C}{C}{C}.)"),
    (["mana", "vault", "--ability", "4"],
     "--ability: vault (Mana Vault) has no ability 4 (abilities: 3 = {T}: Add {C}{C}{C}.)"),
])
def test_a_number_of_another_kind_of_ability_is_refused(cli, board_file, args, message):
    path = board_file(CITY.replace("STACK", "1"))
    assert cli(args[0], path, *args[1:]) == (2, "", f"error: {path}: {message}\n")


@pytest.mark.parametrize(("step", "tapped", "expected"), [("upkeep", "false", [("vault", 1)]),
                                                        ("draw", "true", [("vault", 2)])])
def test_turn_names_triggers_in_the_same_numbering(cli, board_file, step, tapped, expected):
    """(From the upkeep, a tapped Mana Vault's draw-step trigger is refused: its upkeep trigger may untap it, CR
    603.4, tests/test_turn_reads.py.)"""
    path = board_file(f"players: [Alice, Bob]\nturn: {{number: 2, active: Alice, step: {step}}}\n"
                      f"battlefield:\n- {{id: vault, card: Mana Vault, controller: Alice, tapped: {tapped}}}\n")
    code, out, _ = cli("turn", path, "--json")
    assert code == 0
    triggers = [(t["source"], t["ability"]) for s in json.loads(out)["steps"] for t in s["triggers"]]
    assert triggers == expected


def test_every_builtin_activated_ability_has_its_card_place(load):
    """Every built-in card whose activated abilities don't come first: --ability N is the card's
    ability N (the numbering the stack uses), never a renumbering of the activated ones."""
    library = builtin_library()
    checked = set()
    for name, card in sorted(library.cards.items()):
        kinds = [next(iter(a)) for a in card.abilities()]
        activated = [i for i, k in enumerate(kinds) if k in ("mana", "activated")]
        if not activated or activated == list(range(len(activated))) or {"Instant", "Sorcery"} & set(card.types):
            continue
        board = load(f"players: [Alice, Bob]\nbattlefield:\n- {{id: it, card: {json.dumps(name)}, controller: Alice}}\n")
        numbers = [(a.number, a.kind) for a in activated_abilities(board, "it")]
        assert numbers == [(i + 1, kinds[i]) for i in activated], name
        checked.add(name)
    assert {"City of Brass", "Mana Vault", "Plaza of Harmony"} < checked


def test_a_board_of_format_1_is_refused_not_renumbered(cli, board_file):
    """Format 1 numbered the stack's ability from 0: read as format 2 its 'ability: 1'
    would silently name the ability after the one meant."""
    path = board_file("format: pysolver-board/1\n" + CITY.replace("STACK", "1"))
    assert cli("outcomes", path) == (2, "", (
        f"error: {path}: 1:9: format: 'pysolver-board/1' numbered a stack entry's ability from 0; "
        "number it as the card lists its abilities, from 1, and write 'pysolver-board/2'\n"))
    path = board_file("format: pysolver-board/2\n" + CITY.replace("STACK", "1"))
    assert cli("outcomes", path)[0] == 0
