"""next and Aura spells (CR 303.4a, 608.3b-c): an Aura spell targets what its enchant ability lets
it enchant and enters attached to it (the ruling cases in tests/cases/next/aura-spells.yaml). Where
the card data doesn't say what the Aura enchants, no target can be judged: next refuses to cast or
resolve it, and a board can't hold it on the stack without its one target."""

from __future__ import annotations

from helpers import write_inputs

# An Aura whose card data leaves out its enchant ability (a hand-written definition may).
CARDS = """\
    format: pysolver-cards/1
    cards:
    - {name: Test Vague Aura, types: [Enchantment], subtypes: [Aura], mana_cost: '{G}'}
    """
WHY = ("Test Vague Aura is an Aura spell, which targets what its enchant ability lets it enchant (CR 303.4a); its "
       "card data doesn't say what that is (enchant:), so it can't be judged")


def test_an_aura_spell_with_no_enchant_is_not_cast(cli, tmp_path):
    board, cards = write_inputs(tmp_path, board="""\
        players:
        - {name: A, hand: [Test Vague Aura], mana_pool: "{G}"}
        - B
        turn: {number: 3, active: A, step: precombat_main}
        battlefield:
        - {id: f, card: Forest, controller: A}
        """, cards=CARDS)
    code, out, err = cli("next", board, "--cards", cards, "cast", "Test Vague Aura")
    assert (code, out) == (2, "")
    assert err == f"error: {board}: action 1 (cast Test Vague Aura): cast Test Vague Aura: {WHY}\n"


def test_an_aura_spell_on_the_stack_needs_its_target(cli, tmp_path):
    board, _ = write_inputs(tmp_path, board="""\
        players: [A, B]
        turn: {number: 3, active: A, step: precombat_main}
        battlefield:
        - {id: f, card: Forest, controller: A}
        stack:
        - {id: growth, card: Wild Growth, controller: A}
        """)
    code, out, err = cli("next", board, "resolve")
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: 6:3: stack[0].targets: Wild Growth has 1 target (one for each \"target\", "
                   "CR 115.1), the board gives 0\n")
