"""'The "legend rule" doesn't apply [to Spiders you control]' (CR 704.5j, 101.2): a static ability whose permanents the
legend rule leaves out (asp/state_based.lp).  Before, the sentence was not understood (Mirror Gallery, Spider-Verse
partial)."""

from __future__ import annotations

import json

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card

VERSE = 'The "legend rule" doesn\'t apply to Spiders you control.'


@pytest.mark.parametrize("text, reach", [
    ('The "legend rule" doesn\'t apply.', {"affects": {}, "whose": "any"}),
    (VERSE, {"affects": {"subtypes": ["Spider"]}, "whose": "you"}),
    ('The "legend rule" doesn\'t apply to creature tokens you control.',
     {"affects": {"types": ["Creature"], "token": True}, "whose": "you"}),
])
def test_the_exemption_compiles(text, reach):
    result = compile_card("Test Verse", text, "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": {**reach, "legend_rule_exempt": True}}])


@pytest.mark.parametrize("verse, kept", [
    # without it: one Spider and one Human of each name kept, each choice an outcome
    (False, [["l1", "s1"], ["l1", "s2"], ["l2", "s1"], ["l2", "s2"]]),
    # with it: both Spiders stay (Alice's Spiders are left out), the Humans still go by the rule
    (True, [["l1", "s1", "s2", "v"], ["l2", "s1", "s2", "v"]]),
])
def test_the_legend_rule_leaves_out_what_it_affects(cli, tmp_path, verse, kept):
    made = [compile_card("Test Verse", VERSE, "Enchantment", mana_cost="{3}{R}").card,
            compile_card("Test Spider Hero", "", "Legendary Creature — Spider Human Hero", mana_cost="{1}{G}",
                         power="2", toughness="2").card,
            compile_card("Test Legend", "", "Legendary Creature — Human", mana_cost="{1}{G}", power="2",
                         toughness="2").card]
    board, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": made}, board="""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: s1, card: Test Spider Hero, controller: Alice}
        - {id: s2, card: Test Spider Hero, controller: Alice}
        - {id: l1, card: Test Legend, controller: Alice}
        - {id: l2, card: Test Legend, controller: Alice}
        """.rstrip(" ") + ("        - {id: v, card: Test Verse, controller: Alice}\n" if verse else ""))
    code, out, err = cli("next", board, "check", "--cards", cards, "--json")
    assert (code, err) == (0, "")
    assert sorted(sorted(p["id"] for p in outcome["board"]["battlefield"])
                  for outcome in json.loads(out)["outcomes"]) == kept
