"""Prototype (CR 702.160a, 718.3b) on a board: `prototyped: true` only for a card with a
prototype, kept by next's boards; casting it (prototyped or not) is refused until modelled.
The values it gives are ruling cases (tests/cases/oracle/prototype.yaml)."""

from __future__ import annotations

from pathlib import Path

CARDS = str(Path(__file__).parent / "fixtures" / "cards" / "compiled.yaml")


def test_prototyped_only_for_a_card_with_prototype(cli, board_file):
    path = board_file("""\
        players: [Alice, Bob]
        battlefield:
        - {id: forest, card: Forest, controller: Alice, prototyped: true}
        """)
    assert cli("could-produce", path, "--cards", CARDS) == (
        2, "", f"error: {path}: 3:61: battlefield[0].prototyped: Forest has no prototype (CR 702.160a), so it wasn't cast "
               "prototyped\n")


def test_next_keeps_prototyped_and_casting_is_refused(cli, board_file):
    path = board_file("""\
        players:
        - {name: Alice, hand: [Cradle Clearcutter], mana_pool: "{G}{G}{G}{G}{G}{G}{G}{G}"}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: small, card: Cradle Clearcutter, controller: Alice, prototyped: true}
        """)
    code, out, err = cli("next", path, "activate", "small", "--cards", CARDS, "--json")
    assert (code, err) == (0, "")
    assert '"prototyped": true' in out
    assert cli("pay", path, "Alice", "--spell", "Cradle Clearcutter", "--cards", CARDS) == (
        2, "", f"error: {path}: --spell: Cradle Clearcutter has prototype: it may also be cast prototyped for {{2}}{{G}} "
               "(CR 702.160a, 718.3a), which isn't modelled yet\n")
    code, out, err = cli("next", path, "cast", "Cradle Clearcutter", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err.endswith("Cradle Clearcutter has prototype: it may also be cast prototyped for {2}{G} (CR 702.160a, "
                        "718.3a), which isn't modelled yet\n")
