"""A permanent's id is any text (docs/board-format.md), spaces too: every answer on a board is the same
whatever its ids are.  The effects of mana abilities are read back from their wording in a few places
(the counters a "Remove X counters" cost removed, damage, life gained); those read an id up to its
first space, and a board whose ids held spaces got another answer: Calciform Pools with two storage
counters, id "my pools", gave one maximal pool ({G}{C}) instead of seven, and `next` refused to pay
with Ancient Tomb."""

from __future__ import annotations


def _board(board_file, pools_id: str) -> str:
    return board_file(f"""\
        players: [Alice, Bob]
        battlefield:
        - {{id: "{pools_id}", card: Calciform Pools, controller: Alice, counters: {{storage: 2}}}}
        - {{id: f1, card: Forest, controller: Alice}}
        """)


def test_available_is_the_same_whatever_the_ids(cli, board_file):
    plain = cli("available", _board(board_file, "pools"), "Alice", "--expand")
    spaced = cli("available", _board(board_file, "my pools"), "Alice", "--expand")
    assert plain[0] == 0 and plain[1].splitlines()[0] == "Alice can produce 7 distinct maximal pools:"
    assert spaced == plain


def test_next_pays_with_a_painful_land_whose_id_has_a_space(cli, board_file):
    path = board_file("""\
        players:
        - {name: Alice, hand: [Grizzly Bears]}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: my tomb, card: Ancient Tomb, controller: Alice}
        - {id: f1, card: Forest, controller: Alice}
        """)
    code, out, err = cli("next", path, "cast", "Grizzly Bears")
    assert (code, err) == (0, "")
    assert out.splitlines()[:3] == ["outcome 1: probability 1", "  - Alice taps my tomb for {C}{C} (CR 605.3b, 106.4)",
                                    "  - my tomb deals 2 damage to Alice (CR 120.3)"]
