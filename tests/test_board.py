"""Board files: every kind of bad input gets one exact line and exit status 2."""

from __future__ import annotations

import pytest

import pysolver
from pysolver import BoardError

BAD_BOARDS = [
    ("malformed.yaml", "players: [A, B\n",
     "2:1: malformed YAML: expected ',' or ']', but got '<stream end>'"),
    ("trailing.json", '{"players": ["A", "B"],}',
     "1:24: malformed JSON: Expecting property name enclosed in double quotes"),
    ("field.yaml", "players: [A, B]\nbattlefield:\n- {card: Forest, controller: A, colour: red}\n",
     "3:41: battlefield[0].colour: unknown field 'colour'"),
    ("dup.yaml", "players: [A, B]\nbattlefield:\n- {id: x, card: Forest, controller: A}\n"
                 "- {id: x, card: Island, controller: B}\n",
     "4:8: battlefield[1].id: duplicate id 'x' (first used at battlefield[0])"),
    ("player-id.yaml", "players: [A, B]\nbattlefield:\n- {id: B, card: Forest, controller: A}\n",
     "3:8: battlefield[0].id: id 'B' is also a player's name: answers and target= name either, so they "
     "must differ"),
    ("stack-player-id.yaml", "players: [A, B]\nstack:\n- {id: A, card: Grizzly Bears, controller: A}\n",
     "3:8: stack[0].id: id 'A' is also a player's name: answers and target= name either, so they must differ"),
    ("card.yaml", "A: [Forrest]\nB: [Island]\n",
     "1:5: A[0]: unknown card 'Forrest' (did you mean Forest?)"),
    ("controller.yaml", "players: [A, B]\nbattlefield:\n- {card: Forest, controller: C}\n",
     "3:30: battlefield[0].controller: 'C' is not a player in this game (players: A, B)"),
    ("owner.yaml", "players: [A, B]\nbattlefield:\n- {card: Forest, controller: A, owner: Z}\n",
     "3:40: battlefield[0].owner: 'Z' is not a player in this game (players: A, B)"),
    ("attach.yaml", "players: [A, B]\nbattlefield:\n"
                    "- {card: Forest, controller: A, attached_to: {permanent: nothing}}\n",
     "3:58: battlefield[0].attached_to.permanent: attached to 'nothing', "
     "which is not a permanent on the battlefield"),
    ("self.yaml", "players: [A, B]\nbattlefield:\n"
                  "- {id: f, card: Forest, controller: A, attached_to: {permanent: f}}\n",
     "3:65: battlefield[0].attached_to.permanent: a permanent can't be attached to itself "
     "(CR 301.5c, 303.4d)"),
    ("missing.yaml", "players: [A, B]\nbattlefield:\n- {card: Forest}\n",
     "3:3: battlefield[0]: 'controller' is missing"),
    ("stun.yaml", "players: [A, B]\nbattlefield:\n- {card: Forest, controller: A, counters: {stun: 1}}\n",
     "3:50: battlefield[0].counters.stun: a stun counter has rules of its own (CR 122.1d) that "
     "pysolver doesn't model"),
    ("alone.yaml", "players: [A]\n", "1:10: players: needs at least 2 items"),
    ("twice.yaml", "players: [A, A]\n", "1:14: players[1]: player 'A' is listed twice"),
    ("active.yaml", "players: [A, B]\nturn: {active: C}\n",
     "2:16: turn.active: 'C' is not a player in this game (players: A, B)"),
    ("step.yaml", "players: [A, B]\nturn: {step: lunch}\n",
     "2:14: turn.step: unknown step 'lunch' (steps: untap, upkeep, draw, precombat_main, "
     "beginning_of_combat, declare_attackers, declare_blockers, combat_damage, end_of_combat, "
     "postcombat_main, end, cleanup)"),
    ("tapped.yaml", "players: [A, B]\nbattlefield:\n- {card: Forest, controller: A, tapped: 3}\n",
     "3:41: battlefield[0].tapped: an integer where a boolean is expected"),
    ("duplicate-key.yaml", "players: [A, B]\nplayers: [C, D]\n", "2:1: duplicate key 'players'"),
    ("empty.yaml", "", "the file is empty"),
    ("list.yaml", "- a\n- b\n", "1:1: a board must be a mapping (players, battlefield, ...)"),
    ("python.yaml", "players: !!python/object/apply:os.system [echo hi]\n",
     "1:10: unsupported tag 'tag:yaml.org,2002:python/object/apply:os.system'"),
    ("python-scalar.yaml", "players: !!python/name:os.system x\n",
     "1:10: bad value: could not determine a constructor for the tag "
     "'tag:yaml.org,2002:python/name:os.system'"),
]


@pytest.mark.parametrize("name,text,place_and_message", BAD_BOARDS, ids=[b[0] for b in BAD_BOARDS])
def test_bad_board_is_one_exact_line_and_exit_2(tmp_path, cli, name, text, place_and_message):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, out, err = cli("could-produce", path)
    assert (code, out, err) == (2, "", f"error: {path}: {place_and_message}\n")


def test_missing_file(tmp_path, cli):
    path = tmp_path / "nowhere.yaml"
    assert cli("could-produce", path) == (2, "", f"error: {path}: no such file\n")


def test_not_utf8(tmp_path, cli):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("A: [Forest]\nB: [Île]\n".encode("latin-1"))
    assert cli("could-produce", path) == (2, "", f"error: {path}: not UTF-8 text (byte 16)\n")


def test_api_raises_board_error(board_file):
    path = board_file("A: [Forest]\nB: [Forrest]\n")
    with pytest.raises(BoardError) as caught:
        pysolver.load_board(path)
    assert str(caught.value) == f"{path}: 2:5: B[0]: unknown card 'Forrest' (did you mean Forest?)"


def test_short_form_defaults(load):
    board = load("Alice: [Forest, Forest, Reflecting Pool]\nBob: [Island]\n")
    assert board.player_names() == ["Alice", "Bob"]
    assert [(p.id, p.card, p.controller, p.owner, p.tapped, p.continuous_control)
            for p in board.battlefield] == [
        ("forest", "Forest", "Alice", "Alice", False, True),
        ("forest-2", "Forest", "Alice", "Alice", False, True),
        ("reflecting-pool", "Reflecting Pool", "Alice", "Alice", False, True),
        ("island", "Island", "Bob", "Bob", False, True),
    ]
    assert (board.turn_number, board.active_player, board.step) == (1, "Alice", "precombat_main")


def test_generated_ids_skip_taken_ones(load):
    """A generated id takes the smallest free suffix, around ids the board gives."""
    board = load("""
        players: [Alice, Bob]
        battlefield:
        - {card: Forest, controller: Alice}
        - {id: forest-2, card: Island, controller: Bob}
        - {id: forest-4, card: Island, controller: Bob}
        - {card: Forest, controller: Alice}
        - {card: Forest, controller: Alice}
        - {id: forest-6, card: Island, controller: Bob}
        - {card: Forest, controller: Bob}
    """)
    assert [p.id for p in board.battlefield] == [
        "forest", "forest-2", "forest-4", "forest-3", "forest-5", "forest-6", "forest-7"]


def test_generated_ids_skip_player_names(load):
    """Ids and player names are one namespace: an id made from a card's name is never a player's
    (a player named "forest"), and neither is one next makes (a token, a spell on the stack)."""
    board = load("""
        players: [forest, forest-2]
        battlefield:
        - {card: Forest, controller: forest}
        - {card: Forest, controller: forest-2}
    """)
    assert [p.id for p in board.battlefield] == ["forest-3", "forest-4"]
    from pysolver.next_state import new_id
    assert new_id(board, "forest-2") == "forest-2-2"


def test_full_form_fields(load):
    board = load("""
        players: [Alice, {name: Bob, commander_colors: [G, U], life: 7, mana_pool: "{G}{G}"}]
        turn: {number: 4, active: Bob, step: upkeep}
        battlefield:
        - {id: mine, card: Gemstone Mine, controller: Alice, owner: Bob, tapped: true,
           counters: {mining: 2}, continuous_control: false, timestamp: 9}
        - {id: haze, card: Paradox Haze, controller: Bob, attached_to: {player: Alice}}
        effects:
        - {card: Pale Moon, controller: Bob}
        stack:
        - {card: Endless One, controller: Alice, x: 3}
    """)
    mine, haze = board.battlefield
    assert mine == pysolver.board.Permanent(
        id="mine", card="Gemstone Mine", controller="Alice", owner="Bob", tapped=True,
        counters=(("mining", 2),), continuous_control=False, timestamp=9)
    assert haze.attached_to == ("player", "Alice")
    assert board.players[1] == pysolver.board.Player("Bob", ("G", "U"), 7, "{G}{G}")
    assert (board.turn_number, board.active_player, board.step) == (4, "Bob", "upkeep")
    assert [(e.id, e.card, e.timestamp) for e in board.effects] == [("pale-moon", "Pale Moon", 3)]
    assert [(s.id, s.x) for s in board.stack] == [("endless-one", 3)]


def test_json_board_equals_yaml(board_file):
    yaml_board = pysolver.load_board(board_file("A: [Forest]\nB: [Island]\n"))
    json_board = pysolver.load_board(board_file('{"A": ["Forest"], "B": ["Island"]}', ".json"))
    assert json_board.battlefield == yaml_board.battlefield


def test_a_bare_entry_makes_the_permanent_the_constructor_makes():
    from dataclasses import asdict, replace

    from pysolver.board import Permanent, bare_permanent

    made = pysolver.board_from_data({"players": ["A", "B"], "battlefield": [
        {"id": "f", "card": "Forest", "controller": "B"}]}).battlefield[0]
    assert made == Permanent("f", "Forest", "B", "B", timestamp=1)
    assert asdict(made) == asdict(Permanent("f", "Forest", "B", "B", timestamp=1))
    assert asdict(bare_permanent("x", "Island", "A", 7)) == asdict(Permanent("x", "Island", "A", "A", timestamp=7))
    assert made.bare and not Permanent("f", "Forest", "B", "B", timestamp=1).bare
    assert not replace(made, tapped=True).bare and replace(made, tapped=True) == Permanent("f", "Forest", "B", "B",
                                                                                          tapped=True, timestamp=1)


def test_a_bare_entry_holds_only_its_own_values():
    """Issue 16: a permanent read from a bare entry (id, card, controller) holds its id, card,
    controller, owner and timestamp; its other fields are the class's defaults (about 380 bytes a
    permanent; each of 28 fields in its own dictionary took 960: 48 MB at the 50,000-object cap)."""
    import tracemalloc

    def held(n: int) -> int:
        data = {"players": ["A", "B"], "battlefield": [
            {"id": f"p{i}", "card": ("Forest", "Island")[i % 2], "controller": "AB"[i % 2]} for i in range(n)]}
        tracemalloc.start()
        try:
            board = pysolver.board_from_data(data)  # held while its memory is read
            return tracemalloc.get_traced_memory()[0] + 0 * len(board.battlefield)
        finally:
            tracemalloc.stop()

    held(10)  # the library, read once
    assert (held(2000) - held(1000)) / 1000 <= 480


CAST_VALUES = {"x": "1", "without_paying_mana_cost": "true", "kicked": "true", "evoked": "true", "flashback": "true",
               "face_down": "morph", "cast_from": "hand", "mana_spent": "'{W}'"}


def test_every_cast_choice_is_checked():
    from pysolver.board import CAST_CHOICES
    assert set(CAST_CHOICES) == set(CAST_VALUES)


@pytest.mark.parametrize("field,value", sorted(CAST_VALUES.items()))
def test_a_spell_not_cast_had_nothing_chosen_as_it_was_cast(tmp_path, cli, field, value):
    """CR 601.2: a spell put onto the stack without being cast (cast: false, no copy) was not cast in any way;
    each field that says how it was cast is refused (each was read before as if it had been cast)."""
    path = tmp_path / "b.yaml"
    line = f"- {{id: s, card: Endless One, controller: A, cast: false, {field}: {value}}}"
    path.write_text(f"players: [A, B]\nstack:\n{line}\n", encoding="utf-8")
    code, out, err = cli("could-produce", path)
    column = line.index(f"{field}:") + 1
    assert (code, out, err) == (2, "", f"error: {path}: 3:{column + len(field) + 2}: stack[0].{field}: {field} says "
                                       "how it was cast, but cast: false: it was put onto the stack without being "
                                       "cast (CR 601.2, 107.3a)\n")
