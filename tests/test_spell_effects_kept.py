"""An instant's or sorcery's effects, some of which no form compiles (issue 13): resolving the compiled ones alone
would leave the others out (CR 608.2c), so the spell keeps every effect as text, the compiled ones too, and `next`
refuses to resolve it, as it does a spell none of whose effects is compiled; every other query reads the card (its
cost, its casting), where before it was partial and refused on every board that named it."""

from __future__ import annotations

import pytest
import yaml

from pysolver.cards.oracle import COMPILED, IRRELEVANT, NOT_UNDERSTOOD, SPELL_EFFECT, SPELL_EFFECT_LEFT, UNAIMED, \
    compile_card

CHILL = {"name": "Crippling Chill", "mana_cost": "{2}{U}", "types": ["Instant"],
         "oracle": "Tap target creature. It doesn't untap during its controller's next untap step.\nDraw a card."}
OPT = {"name": "Opt", "mana_cost": "{U}", "types": ["Instant"], "oracle": "Scry 1.\nDraw a card."}


def whys(result) -> list[tuple[str, str, str]]:
    return [(s["text"], s["class"], s["why"]) for s in result.sentences]


@pytest.mark.parametrize(("name", "text", "type_line", "aimed"), [
    (CHILL["name"], CHILL["oracle"], "Instant", True),
    ("Part the Waterveil", "Take an extra turn after this one. Exile Part the Waterveil.", "Sorcery", False),
    ("Thought Scour", "Target player mills two cards.\nDraw a card.", "Instant", True),
    ("Jeskai Revelation", "Return target spell or permanent to its owner's hand. Jeskai Revelation deals 4 damage to "
                          "any target. Create two 1/1 white Monk creature tokens with prowess. Draw two cards. You "
                          "gain 4 life.", "Instant", True),
    ("Test Spell", 'You gain 3 life.\nCreate a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this '
                   'token: Add {C}."', "Sorcery", False),
])
def test_a_spell_with_an_effect_no_form_compiles_keeps_them_all_as_text(name, text, type_line, aimed):
    result = compile_card(name, text, type_line)
    assert result.status == "ok"
    assert "spell" not in result.card
    assert {(s["class"], s["why"]) for s in result.sentences} == {(IRRELEVANT, SPELL_EFFECT)}
    assert result.card.get("cast_unjudged") == ([UNAIMED] if aimed else None)  # CR 601.2c: next cast refuses


def test_beside_a_line_that_compiles_more_than_the_spell_the_effect_is_not_understood():
    """A line whose sentences compile to the spell's effect and to something else ("This spell costs {1} less ..."):
    which sentence gave what the compiler doesn't keep, so the effect no form compiles stays not understood."""
    result = compile_card("Test Spell", "Draw a card. This spell costs {1} less to cast if you control a Wizard.\n"
                                        "Scry 1.", "Sorcery")
    assert result.status == "partial"
    assert [(text, kind) for text, kind, _ in whys(result)] == [
        ("Draw a card.", COMPILED), ("This spell costs {1} less to cast if you control a Wizard.", COMPILED),
        ("Scry 1.", NOT_UNDERSTOOD)]
    assert whys(result)[-1][2] == SPELL_EFFECT_LEFT and result.card["spell"]["do"] == [{"draw": 1}]


def test_a_spell_whose_effects_all_compile_keeps_them():
    result = compile_card("Test Spell", "Target creature gets -6/-6 until end of turn. You gain 2 life.", "Instant")
    assert result.status == "ok"
    assert result.card["spell"]["do"] == [{"pump": {"power": -6, "toughness": -6, "target": 1}}, {"gain_life": 2}]


def files(tmp_path, board: str, *cards: dict):
    path = tmp_path / "cards.yml"
    path.write_text(yaml.safe_dump({"format": "pysolver-oracle/1", "cards": list(cards)}), "utf-8")
    where = tmp_path / "board.yaml"
    where.write_text(board, "utf-8")
    return where, path


BOARD = """\
players:
- {name: Alice, mana_pool: "{U}{U}{U}", hand: [Crippling Chill, Opt], library: [Island]}
- Bob
turn: {number: 3, active: Alice, step: precombat_main}
"""


def test_pay_reads_the_card_and_next_refuses_what_it_can_not_resolve(cli, tmp_path):
    board, cards = files(tmp_path, BOARD, CHILL, OPT)
    assert cli("pay", board, "Alice", "--spell", "Crippling Chill", "--cards", cards) == (0, (
        "Alice can pay {2}{U}: 1 way\n"
        "way 1:\n"
        "  (no activation: the mana pool pays it)\n"
        "  paid: {1} with {U} from pool, {1} with {U} from pool, {U} with {U} from pool\n"
        "  left in the pool: nothing\n"), "")
    assert cli("next", board, "cast", "Crippling Chill", "--cards", cards) == (
        2, "", f"error: {board}: action 1 (cast Crippling Chill): cast Crippling Chill: its target, which the "
               "compiler keeps in its text (CR 115.1c, 601.2c) isn't judged, so whether it can be cast isn't known\n")
    assert cli("next", board, "cast", "Opt", "resolve", "--cards", cards) == (
        2, "", f"error: {board}: stack[0]: resolve: opt is a Opt spell; only permanent spells and instants and "
               "sorceries whose effects the card's `spell:` lists resolve here\n")
