"""Mana a resolving spell or triggered ability adds (CR 106.4; not a mana ability, 605.1: it uses the stack):
"Add {B}{B}{B}." of an instant, "II — Add {R}{R}." of a Saga's chapter (pysolver/cards/oracle_next.effect_do,
`add_mana`; asp/effects.lp's adds_mana/3): `pysolver next` puts it in its controller's mana pool, which empties as
the step ends (500.4); `outcomes`, which doesn't apply it, refuses (asp/outcomes.lp)."""

from __future__ import annotations

import json

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card

RITUAL = ("Ritual", "Add {B}{B}{B}.", "Instant", "{B}")
SPARK = ("Spark", "Add {U}{R}{R}.", "Instant", "{R}")
TALE = ("Fire Tale", "I — Add {R}{R}.\nII — You gain 1 life.", "Enchantment — Saga", "{1}{R}")


@pytest.mark.parametrize(("text", "type_line", "spell"), [
    ("Add {B}{B}{B}.", "Instant", {"do": [{"add_mana": "{B}{B}{B}"}], "text": "add {B}{B}{B}"}),
    ("Add {C}{C}. Draw a card.", "Sorcery", {"do": [{"add_mana": "{C}{C}"}, {"draw": 1}],
                                             "text": "add {C}{C}; draw a card"}),
    ("Add {R}{R}, then add {R} for each card in your hand.", "Instant", None),  # cards in a hand: not read (text)
    # CR 106.4, 109.2: a count or a choice, read as a mana ability's add reads it (oracle.parse_add)
    ("Add {R} for each creature you control.", "Sorcery",
     {"do": [{"add_mana": {"mana": "{R}", "amount": {"count": {"whose": "you", "filter": {"types": ["Creature"]}}}}}],
      "text": "add {R} for each creature you control"}),
    ("Add one mana of any color. Draw a card.", "Instant",
     {"do": [{"add_mana": {"one_of": "any_color"}}, {"draw": 1}], "text": "add one mana of any color; draw a card"}),
    ("Add two mana in any combination of colors.", "Instant",
     {"do": [{"add_mana": {"combination": "any_color", "amount": 2}}],
      "text": "add two mana in any combination of colors"}),
    ("Add X mana of any one color, where X is the number of Elves you control.", "Instant",
     {"do": [{"add_mana": {"one_of": "any_color", "amount": {"count": {"whose": "you", "filter": {
         "subtypes": ["Elf"]}}}}}], "text": "add X mana of any one color, where X is the number of Elves you control"}),
    # amounts asp/effect_mana.lp doesn't compute for an effect: "other" (the source left out), counters on it
    ("Add {R} for each other creature you control.", "Sorcery", None),

    ("Add {B} for each charge counter on ~.", "Sorcery", None),
])
def test_a_spell_that_adds_mana(text, type_line, spell):
    result = compile_card("Ritual", text, type_line, mana_cost="{B}")
    assert result.status == "ok"
    assert result.card.get("spell") == spell
    assert {s["class"] for s in result.sentences} == ({"compiled"} if spell else {"irrelevant"})


def next_outcomes(cli, tmp_path, board: str, *actions: str) -> list[dict]:
    made = [compile_card(name, text, type_line, mana_cost=cost).card for name, text, type_line, cost in (RITUAL, SPARK, TALE)]
    path, cards = write_inputs(tmp_path, board=board, cards={"format": "pysolver-cards/1", "cards": made})
    code, out, err = cli("next", path, *actions, "--cards", cards, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)["outcomes"]


def test_a_resolving_ritual_adds_its_mana(cli, tmp_path):
    """CR 608.2, 106.4: cast with {B} of the pool, it resolves and adds {B}{B}{B}; the pool empties as the step ends
    (500.4)."""
    board = """\
        players: [{name: Alice, hand: [Ritual], mana_pool: '{B}{G}'}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """
    [resolved] = next_outcomes(cli, tmp_path, board, "cast", "Ritual", "resolve")
    assert resolved["events"][-2:] == ["Alice adds {B}{B}{B} (CR 106.4)",
                                       "Ritual is put into Alice's graveyard (CR 608.2n)"]
    assert resolved["board"]["players"][0]["mana_pool"] == "{B}{B}{B}{G}"
    [passed] = next_outcomes(cli, tmp_path, board, "cast", "Ritual", "resolve", "pass")
    assert passed["board"]["players"][0].get("mana_pool", "") == ""


def test_a_chapter_adds_mana_to_its_controllers_pool(cli, tmp_path):
    """CR 714.3a, 714.2b, 106.4: the Saga enters with a lore counter; its chapter I resolves and adds {R}{R}."""
    [resolved] = next_outcomes(cli, tmp_path, """\
        players: [{name: Alice, hand: [Fire Tale], mana_pool: '{R}{R}'}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """, "cast", "Fire Tale", "resolve", "resolve")
    assert resolved["events"][-2:] == ["fire-tale-1 (Fire Tale, fire-tale:1) resolves", "Alice adds {R}{R} (CR 106.4)"]
    assert resolved["board"]["players"][0]["mana_pool"] == "{R}{R}"


@pytest.mark.parametrize(("effect", "do"), [
    ("add {G} for each creature you control, then put a +1/+1 counter on each creature you control",
     [{"add_mana": {"mana": "{G}", "amount": {"count": {"whose": "you", "filter": {"types": ["Creature"]}}}}},
      {"counter_on_each": {"kind": "+1/+1", "whose": "you", "filter": {"types": ["Creature"]}}}]),
    # CR 608.2c, 608.2h: counted after the counters are put, which asp/effect_mana.lp's count (as the ability begins
    # to resolve) doesn't see: kept as text
    ("put a +1/+1 counter on each creature you control, then add {G} for each creature you control", None),
])
def test_a_trigger_counts_before_what_changes_the_permanents(effect, do):
    result = compile_card("Fiend", f"When this creature enters, {effect}.", "Creature", power="1", toughness="1")
    assert result.status == "ok"
    assert result.card["abilities"][0]["triggered"].get("do") == do


def test_a_count_adds_that_much_to_the_pool(cli, tmp_path):
    """CR 106.4, 109.2: "Add {R} for each creature you control" counts Alice's creatures as it resolves (the case
    next-effect-mana-for-each): her pool after it holds the {G} left and {R}{R}."""
    made = [compile_card("Chant", "Add {R} for each creature you control.", "Sorcery", mana_cost="{R}").card,
            compile_card("Whelp", "", "Creature", power="1", toughness="1").card]
    path, cards = write_inputs(tmp_path, board="""\
        players: [{name: Alice, hand: [Chant], mana_pool: '{R}{G}'}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield: [{id: w1, card: Whelp, controller: Alice}, {id: w2, card: Whelp, controller: Alice},
                      {id: w3, card: Whelp, controller: Bob}]
        """, cards={"format": "pysolver-cards/1", "cards": made})
    code, out, err = cli("next", path, "cast", "Chant", "resolve", "--cards", cards, "--json")
    assert (code, err) == (0, "")
    [resolved] = json.loads(out)["outcomes"]
    assert resolved["events"][-2] == "Alice adds {R}{R} (CR 106.4)"
    assert resolved["board"]["players"][0]["mana_pool"] == "{R}{R}{G}"


def test_outcomes_refuses_an_ability_that_adds_mana(cli, tmp_path):
    """asp/outcomes.lp doesn't put mana in a pool: the ability resolving is refused, never answered without it."""
    made = [compile_card(*TALE[:3], mana_cost=TALE[3]).card]
    path, cards = write_inputs(tmp_path, board="""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield: [{id: tale, card: Fire Tale, controller: Alice, counters: {lore: 1}}]
        stack: [{id: chapter, card: Fire Tale, controller: Alice, source: tale, ability: 1}]
        """, cards={"format": "pysolver-cards/1", "cards": made})
    assert cli("outcomes", path, "--cards", cards) == (
        2, "", f"error: {path}: Fire Tale's \"add {{R}}{{R}}\" resolves, and outcomes doesn't apply its add mana effect "
               "beside the others (pysolver next resolve does)\n")


def test_mana_of_several_types_is_one_event(cli, tmp_path):
    """CR 106.4: "Add {U}{R}{R}." adds its mana at once: one event, in WUBRG order."""
    [resolved] = next_outcomes(cli, tmp_path, """\
        players: [{name: Alice, hand: [Spark], mana_pool: '{R}'}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """, "cast", "Spark", "resolve")
    assert resolved["events"][-2] == "Alice adds {U}{R}{R} (CR 106.4)"
    assert resolved["board"]["players"][0]["mana_pool"] == "{U}{R}{R}"
