"""next and Aura spells (CR 303.4a, 608.3c): an Aura spell targets what its enchant ability lets
it enchant and enters attached to it. next modelled neither: Wild Growth was cast with no target
and resolved into an Aura attached to nothing, which the state-based actions then put into the
graveyard (704.5m), a silent wrong board. It refuses both, saying why."""

from __future__ import annotations

from helpers import write_inputs

WHY = ("Wild Growth is an Aura spell, which targets what it will enchant and enters attached to it (CR 303.4a, "
       "608.3c); next doesn't model that, so the board it leaves can't be computed")


def test_an_aura_spell_is_not_cast(cli, tmp_path):
    board, _ = write_inputs(tmp_path, board="""\
        players:
        - {name: A, hand: [Wild Growth], mana_pool: "{G}"}
        - B
        turn: {number: 3, active: A, step: precombat_main}
        battlefield:
        - {id: f, card: Forest, controller: A}
        """)
    code, out, err = cli("next", board, "cast", "Wild Growth")
    assert (code, out) == (2, "")
    assert err == f"error: {board}: action 1 (cast Wild Growth): cast Wild Growth: {WHY}\n"


def test_an_aura_spell_on_the_stack_is_not_resolved(cli, tmp_path):
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
    assert err == f"error: {board}: stack[0]: resolve: growth: {WHY}\n"
