"""Activation, available mana and X: the CLI, the API and bad input (exact lines)."""

from __future__ import annotations

import json

import pytest

import pysolver

from helpers import CRACKLEBURR


STACK = """\
players: [Alice, Bob]
battlefield:
- {card: Endless One, controller: Alice, x: 3}
stack:
- {id: e1, card: Endless One, controller: Alice, x: 4}
"""


def test_can_activate_cli_no(cli, board_file):
    path = board_file(CRACKLEBURR)
    code, out, err = cli("can-activate", path, "crackleburr", "--ability", "1")
    assert (code, err) == (0, "")
    assert out == (
        "no: Crackleburr (crackleburr), ability 1: {U/R}{U/R}, {T}, Tap two untapped red creatures you "
        "control: Crackleburr deals 3 damage to any target.\n"
        "  118.3: Alice has 1 untapped red creature other than Crackleburr to tap; 2 needed\n"
    )


def test_can_activate_cli_explain(cli, board_file):
    path = board_file(CRACKLEBURR)
    code, out, _ = cli("can-activate", path, "island", "--explain")
    assert code == 0
    assert out == (
        "yes: Island (island), ability 1: {T}: Add {U}\n"
        "checked:\n"
        "  ok    107.5: {T}: Island is untapped before it is paid\n"
        "  ok    302.6: Island is not a creature, so summoning sickness doesn't apply\n"
        "N  KIND  COST\n"
        "1  mana  {T}\n"
    )


def test_can_activate_json(cli, board_file):
    path = board_file(CRACKLEBURR)
    code, out, _ = cli("can-activate", path, "crackleburr", "--ability", "2", "--json")
    assert code == 0
    assert json.loads(out) == {
        "schema": "pysolver/can-activate/2", "board": str(path), "id": "crackleburr",
        "card": "Crackleburr", "controller": "Alice", "ability": 2,
        "cost": "{U/R}{U/R}, {Q}, Untap two tapped blue creatures you control", "can_activate": False,
        "text": "{U/R}{U/R}, {Q}, Untap two tapped blue creatures you control: Return target creature "
                "to its owner's hand. ({Q} is the untap symbol.)",
        "reasons": ["107.6: Crackleburr is untapped, so {Q} can't be paid",
                    "118.3: Alice has 0 tapped blue creatures other than Crackleburr to untap; 2 needed"],
    }


def test_can_activate_api(load):
    answer = pysolver.can_activate(load(CRACKLEBURR), "crackleburr", ability=1)
    assert (answer.id, answer.ability, answer.can_activate) == ("crackleburr", 1, False)
    assert answer.reasons == (
        "118.3: Alice has 1 untapped red creature other than Crackleburr to tap; 2 needed",)
    assert pysolver.can_activate(load(CRACKLEBURR), "island").can_activate


def test_ability_numbering_intrinsic_then_granted(load):
    board = load("""\
        players: [Alice, Bob]
        battlefield:
        - {card: Vivid Crag, controller: Alice}
        - {card: "Urborg, Tomb of Yawgmoth", controller: Alice}
        - {card: Chromatic Lantern, controller: Alice}
        """)
    abilities = pysolver.api.activated_abilities(board, "vivid-crag")
    assert [(a.number, str(a.term)) for a in abilities] == [
        (1, 'ab("Vivid Crag",0)'),
        (2, 'ab("Vivid Crag",1)'),
        (3, 'intrinsic("Swamp")'),
        (4, 'granted(ab("Chromatic Lantern",0),0)'),
    ]
    assert pysolver.can_activate(board, "vivid-crag", 2).reasons == (
        "118.3: Vivid Crag has 0 charge counters; 1 must be removed",)
    assert pysolver.can_activate(board, "vivid-crag", 3).can_activate


def test_available_cli(cli, board_file):
    path = board_file("{Alice: [Tropical Island, Forest], Bob: [Island]}")
    code, out, err = cli("available", path, "Alice")
    assert (code, err) == (0, "")
    assert out == "Alice can produce 2 distinct maximal pools:\n  {U}{G}\n  {G}{G}\n"
    code, out, _ = cli("available", path, "Alice", "--json")
    assert json.loads(out) == {"schema": "pysolver/available/1", "board": str(path),
                               "player": "Alice", "count": 2, "pools": ["{U}{G}", "{G}{G}"]}


def test_x_cli(cli, board_file):
    path = board_file(STACK)
    code, out, err = cli("x", path, "e1")
    assert (code, err) == (0, "")
    assert out == (
        "Endless One (e1) on the stack: X = 4, mana value 4\n"
        "  resolves into a permanent: Endless One with 4 +1/+1 counters; its X = 0, mana value 0 (ETB X = 4)\n"
    )
    code, out, _ = cli("x", path, "endless-one")
    assert out == (
        "Endless One (endless-one) on the battlefield: X = 0, mana value 0\n"
        "  X for its enters-the-battlefield abilities: 3\n"
    )


def test_x_api(load):
    answer = pysolver.x_value(load(STACK), "e1")
    assert (answer.x, answer.resolves["counters"]) == (4, {"+1/+1": 4})


# ----------------------------------------------------------------- bad input
def error_line(cli, *args):
    code, out, err = cli(*args)
    assert code == 2 and out == ""
    return err


@pytest.mark.parametrize("args, message", [
    (("can-activate", "{b}", "crackleburr", "--ability", "3"),
     "error: {b}: --ability: crackleburr (Crackleburr) has no ability 3 "
     "(abilities: 1 = {U/R}{U/R}, {T}, Tap two untapped red creatures you control: Crackleburr deals 3 "
     "damage to any target.; 2 = {U/R}{U/R}, {Q}, Untap two tapped blue creatures you control: Return "
     "target creature to its owner's hand. ({Q} is the untap symbol.))\n"),
    (("can-activate", "{b}", "crackleburr", "--ability", "0"),
     "error: {b}: --ability: crackleburr (Crackleburr) has no ability 0 "
     "(abilities: 1 = {U/R}{U/R}, {T}, Tap two untapped red creatures you control: Crackleburr deals 3 "
     "damage to any target.; 2 = {U/R}{U/R}, {Q}, Untap two tapped blue creatures you control: Return "
     "target creature to its owner's hand. ({Q} is the untap symbol.))\n"),
    (("can-activate", "{b}", "crackleburr"),
     "error: {b}: --ability: crackleburr (Crackleburr) has 2 activated abilities; choose one with "
     "--ability (a number, a cost or a text): 1 = {U/R}{U/R}, {T}, Tap two untapped red creatures you "
     "control: Crackleburr deals 3 damage to any target.; 2 = {U/R}{U/R}, {Q}, Untap two tapped blue "
     "creatures you control: Return target creature to its owner's hand. ({Q} is the untap symbol.)\n"),
    (("can-activate", "{b}", "raging-goblin"),
     "error: {b}: argument PERMANENT: raging-goblin (Raging Goblin) has no activated ability\n"),
    (("can-activate", "{b}", "nope"),
     "error: {b}: argument PERMANENT: no permanent with id 'nope' on the battlefield "
     "(ids: crackleburr, island, mountain, raging-goblin)\n"),
    (("available", "{b}", "Carol"),
     "error: {b}: argument PLAYER: no player named 'Carol' in the game (players: Alice, Bob)\n"),
    (("x", "{b}", "island"),
     "error: {b}: argument OBJECT: island (Island) has no {X} in its mana cost\n"),
    (("x", "{b}", "nope"),
     "error: {b}: argument OBJECT: no spell or permanent with id 'nope' "
     "(ids: crackleburr, island, mountain, raging-goblin)\n"),
])
def test_bad_query(cli, board_file, args, message):
    path = str(board_file(CRACKLEBURR))
    args = tuple(a.replace("{b}", path) for a in args)
    assert error_line(cli, *args) == message.replace("{b}", path)


def test_x_on_card_without_x(cli, board_file):
    path = board_file("""\
        players: [Alice, Bob]
        battlefield:
        - {card: Grizzly Bears, controller: Alice, x: 2}
        """)
    assert error_line(cli, "x", path, "grizzly-bears") == (
        f"error: {path}: 3:47: battlefield[0].x: Grizzly Bears has no {{X}} in its mana cost, "
        "so no X was chosen for it\n")


def test_x_on_spell_without_x(cli, board_file):
    path = board_file("""\
        players: [Alice, Bob]
        stack:
        - {id: s, card: Double Major, controller: Alice, x: 1}
        """)
    assert error_line(cli, "x", path, "s") == (
        f"error: {path}: 3:53: stack[0].x: Double Major has no {{X}} in its mana cost, "
        "so no X was chosen for it\n")


def test_x_of_a_spell_put_onto_the_stack_without_being_cast(cli, board_file):
    """CR 107.3a: X is chosen as a spell is cast; one put onto the stack without being cast had none, so
    `x` refuses rather than answer 0 (it raised a ValueError before), and no x: may be given for it. Its
    permanent's ETB abilities still use 0 (107.3m: no X was chosen for the spell)."""
    path = board_file("""\
        players: [Alice, Bob]
        stack:
        - {id: s, card: Endless One, controller: Alice, cast: false}
        """)
    message = (f"error: {path}: argument OBJECT: s (Endless One) was put onto the stack without being cast, so no "
               "X was chosen for it (CR 107.3a) and no rule gives its X there\n")
    assert error_line(cli, "x", path, "s") == message
    assert error_line(cli, "x", path, "s", "--explain") == message
    given = board_file("""\
        players: [Alice, Bob]
        stack:
        - {id: s, card: Endless One, controller: Alice, cast: false, x: 2}
        """)
    assert error_line(cli, "x", given, "s") == (
        f"error: {given}: 3:65: stack[0].x: x says how it was cast, but cast: false: it was put onto the stack "
        "without being cast (CR 601.2, 107.3a)\n")


def test_copy_of_only_on_a_copy(cli, board_file):
    """CR 707.10: copy_of names the spell a copy copies; on an item that is no copy it was ignored before."""
    path = board_file("""\
        players: [Alice, Bob]
        stack:
        - {id: original, card: Endless One, controller: Alice, x: 4}
        - {id: s, card: Endless One, controller: Alice, copy_of: original}
        """)
    assert error_line(cli, "x", path, "s") == (
        f"error: {path}: 4:58: stack[1].copy_of: copy_of names the spell a copy copies, but this item is no copy "
        "(give copy: true; CR 707.10)\n")


def test_stack_references(cli, board_file):
    path = board_file("""\
        players: [Alice, Bob]
        stack:
        - {id: s, card: Endless One, controller: Alice, copy: true, copy_of: gone}
        """)
    assert error_line(cli, "x", path, "s") == (
        f"error: {path}: 3:70: stack[0].copy_of: copy_of names 'gone', which is not another "
        "spell on the stack\n")
    path = board_file("""\
        players: [Alice, Bob]
        stack:
        - {id: s, card: Clone, controller: Alice, enters_as_copy_of: gone}
        """)
    assert error_line(cli, "x", path, "s") == (
        f"error: {path}: 3:62: stack[0].enters_as_copy_of: enters_as_copy_of names 'gone', which "
        "is not a permanent on the battlefield\n")


def test_mana_pool_symbols(cli, board_file):
    path = board_file("""\
        players: [{name: Alice, mana_pool: "{2}{G}"}, Bob]
        battlefield: [{card: Forest, controller: Alice}]
        """)
    assert error_line(cli, "available", path, "Alice") == (
        f"error: {path}: 1:36: players[0].mana_pool: a mana pool holds mana of the six types "
        "({W}{U}{B}{R}{G}{C}), not {2}\n")


# ------------------------------------------- available against brute force
from itertools import product  # noqa: E402

from hypothesis import given, settings, strategies as st  # noqa: E402


OPTIONS = {  # what each untapped, usable source can add (by hand, independent of the rules)
    "Forest": ["G"], "Island": ["U"], "Wastes": ["C"], "Tropical Island": ["G", "U"],
    "Badlands": ["B", "R"], "Birds of Paradise": ["W", "U", "B", "R", "G"], "Sol Ring": ["CC"],
    "Llanowar Elves": ["G"], "Grizzly Bears": [],
}


def brute_force(sources) -> set[str]:
    choices = [OPTIONS[card] if not tapped and not sick and OPTIONS[card] else [""]
               for card, tapped, sick in sources]
    pools = {"".join(sorted("".join(combo), key="WUBRGC".index)) for combo in product(*choices)}

    def contains(big, small):
        return all(big.count(t) >= small.count(t) for t in "WUBRGC") and big != small

    maximal = {p for p in pools if not any(contains(q, p) for q in pools)}
    return {"".join(f"{{{t}}}" for t in p) for p in maximal}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(OPTIONS)), st.booleans(), st.booleans()),
                max_size=6))
def test_available_matches_brute_force(sources):
    battlefield = [{"card": card, "controller": "Alice", "tapped": tapped,
                    "continuous_control": not (sick and card in ("Birds of Paradise", "Llanowar Elves",
                                                                 "Grizzly Bears"))}
                   for card, tapped, sick in sources]
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": battlefield})
    answer = pysolver.available(board, "Alice", expand=True).to_json()
    creatures = ("Birds of Paradise", "Llanowar Elves", "Grizzly Bears")
    expected = brute_force([(c, t, s and c in creatures) for c, t, s in sources])
    assert set(answer["pools"]) == expected
    assert answer["count"] == len(expected)


def pays_1_w_or_u(pool: str) -> bool:
    """Brute force for Silkbind Faerie's {1}{W/U}: a W or U, plus one more mana."""
    counts = {t: pool.count(f"{{{t}}}") for t in "WUBRGC"}
    return (counts["W"] + counts["U"] >= 1) and sum(counts.values()) >= 2


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(OPTIONS)), st.booleans(), st.booleans()),
                max_size=5))
def test_mana_payment_matches_brute_force(sources):
    creatures = ("Birds of Paradise", "Llanowar Elves", "Grizzly Bears")
    battlefield = [{"card": "Silkbind Faerie", "controller": "Alice", "tapped": True}]
    battlefield += [{"card": card, "controller": "Alice", "tapped": tapped,
                     "continuous_control": not (sick and card in creatures)}
                    for card, tapped, sick in sources]
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": battlefield})
    answer = pysolver.can_activate(board, "silkbind-faerie")
    expected = any(pays_1_w_or_u(p) for p in
                   brute_force([(c, t, s and c in creatures) for c, t, s in sources]))
    assert answer.can_activate == expected
    if not expected:
        assert answer.reasons == ("118.3: Alice can't produce {1}{W/U} with Alice's mana pool and "
                                  "the mana abilities Alice can activate now",)


def test_available_max_outcomes(cli, board_file):
    path = board_file("{Alice: [Tropical Island, Birds of Paradise], Bob: [Island]}")
    code, out, err = cli("available", path, "Alice", "--expand", "--max-outcomes", "3")
    assert (code, out) == (3, "")
    assert err == f"error: {path}: incomplete: more than 3 pools (--max-outcomes)\n"
    code, out, _ = cli("available", path, "Alice", "--expand", "--max-outcomes", "9", "--timeout", "60")
    assert code == 0 and out.startswith("Alice can produce 9 distinct maximal pools:\n")


def test_unmodelled_cost_is_refused(cli, board_file, tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text(
        "format: pysolver-cards/1\n"
        "cards:\n"
        "- name: Test Odd Cost\n"
        "  types: [Artifact]\n"
        "  abilities:\n"
        "  - activated: {cost: [\"{T}\", {text: Exile a card from your graveyard}], text: Draw.}\n",
        encoding="utf-8")
    path = board_file("{Alice: [Test Odd Cost], Bob: [Island]}")
    assert error_line(cli, "can-activate", path, "test-odd-cost", "--cards", cards) == (
        f"error: {path}: --ability: test-odd-cost (Test Odd Cost) ability 1: the cost "
        "'Exile a card from your graveyard' is not modelled, so whether it can be paid is unknown\n")


def test_json_outputs_follow_their_schemas(cli, board_file):
    import jsonschema

    from pysolver import schemas

    path = board_file(CRACKLEBURR)
    for args, name in [(("can-activate", path, "crackleburr", "--ability", "1"), "can-activate"),
                       (("can-activate", path, "island"), "can-activate"),
                       (("available", path, "Alice"), "available")]:
        code, out, _ = cli(*args, "--json")
        assert code == 0
        jsonschema.Draft202012Validator(schemas.output_schema(name)).validate(json.loads(out))
    path = board_file(STACK)
    for obj in ("e1", "endless-one"):
        code, out, _ = cli("x", path, obj, "--json")
        assert code == 0
        jsonschema.Draft202012Validator(schemas.output_schema("x")).validate(json.loads(out))


CASES_DIR = __import__("pathlib").Path(__file__).parent / "cases" / "activation"
RED_SOURCES = {  # card: (mana it can add when tapped, is a red creature)
    "Mountain": ("R", False), "Island": ("U", False), "Forest": ("G", False),
    "Test Red Mana Elemental": ("R", True), "Raging Goblin": ("", True), "Grizzly Bears": ("", False),
}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(RED_SOURCES)), st.booleans()), max_size=6))
def test_crackleburr_costs_together_match_brute_force(sources):
    """{U/R}{U/R}, {T}, tap two untapped red creatures: every way to use each permanent."""
    battlefield = [{"card": "Crackleburr", "controller": "Alice"}]
    battlefield += [{"card": card, "controller": "Alice", "tapped": tapped} for card, tapped in sources]
    library = pysolver.load_library([CASES_DIR / "test-cards.yml"])
    board = pysolver.board.board_from_data({"players": ["Alice", "Bob"], "battlefield": battlefield},
                                           library)
    choices = []
    for card, tapped in sources:
        mana, red_creature = RED_SOURCES[card]
        options = [("", 0)]
        if not tapped and mana:
            options.append((mana, 0))
        if not tapped and red_creature:
            options.append(("", 1))
        choices.append(options)
    expected = any(sum(t for _, t in combo) >= 2
                   and sum(m in ("U", "R") for m, _ in combo if m) >= 2
                   for combo in product(*choices))
    assert pysolver.can_activate(board, "crackleburr", 1).can_activate == expected


def _clique(tapped: bool):
    from helpers import FIXTURES
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Untap Clique", "controller": "Alice", "tapped": tapped}]},
        [FIXTURES / "cards" / "untap-costs.yaml"])


def test_a_cost_that_fails_alone_answers_no_beside_what_isnt_judged():
    """CR 602.2b, 107.6: {Q} can't be paid on an untapped permanent, so the ability can't be activated,
    whatever its target (kept as text, not judged); a tapped one stays refused (it was refused either way)."""
    result = pysolver.can_activate(_clique(False), "test-untap-clique")
    assert (result.can_activate, result.reasons) == (False, (
        "107.6: Test Untap Clique is untapped, so {Q} can't be paid",
        "not judged, as the answer is no without it: 'its target, which the compiler keeps in its text "
        "(CR 115.1c, 601.2c)'"))
    with pytest.raises(pysolver.QueryError, match="is not modelled, so whether it can be activated now is unknown"):
        pysolver.can_activate(_clique(True), "test-untap-clique")
