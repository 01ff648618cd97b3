"""Card data in words once (issue 11; issue 14 item 6): every query renders an ability the same way.

For every built-in permanent card with an activated ability, ``can-activate`` (its text
and its cost), ``mana`` and pysolver.describe give each ability the same words, in the
one numbering; an ability that has a line of Oracle text is that line exactly as
``pysolver cards show`` prints it, and its cost is the words before the line's colon
(CR 602.1a), less an ability word (207.2c: Ryu, World Warrior's "Hadoken — ")."""

from __future__ import annotations

import json

from clingo import Function, Number, String

from pysolver import describe
from pysolver.cards import builtin_library
from pysolver.errors import PysolverError
from pysolver.query.activation import activated_abilities
from pysolver.query.mana import _Query

ACTIVATED = ("mana", "activated")


def test_every_builtin_ability_is_worded_once(load):
    library = builtin_library()
    checked, printed_checked, refused = set(), 0, []
    for name, card in sorted(library.cards.items()):
        if not any(next(iter(a)) in ACTIVATED for a in card.abilities()) or \
                {"Instant", "Sorcery"} & set(card.types):
            continue
        try:
            board = load(f"players: [Alice, Bob]\nbattlefield:\n- {{id: it, card: {json.dumps(name)}, "
                         "controller: Alice}\n")
        except PysolverError:  # an Aura can't stand alone on a board: none is skipped so far
            refused.append(name)
            continue
        can = activated_abilities(board, "it")
        mana = _Query(board, "it", True).abilities()
        assert [(a.number, a.kind, a.text) for a in can] == [(m.index, m.kind, m.text) for m in mana], name
        printed = describe.printed_lines(card)
        lines = str(card.data.get("oracle", "")).splitlines()
        for ability in can:
            assert ability.text == describe.ability_words(library, ability.term), name
            before_colon = ability.text.split(":", 1)[0]
            assert ability.cost == before_colon.split(" — ")[-1].strip(), name  # less an ability word (207.2c)
            term = ability.term
            if term.match("ab", 2) and printed[term.arguments[1].number] is not None:
                assert ability.text == printed[term.arguments[1].number], name
                assert ability.text in lines, name  # as `cards show` prints it
                printed_checked += 1
        checked.add(name)
    assert len(checked) >= 81 and printed_checked >= 106 and not refused, (len(checked), printed_checked, refused)
    assert {"Calciform Pools", "Crackleburr", "City of Brass"} < checked


def test_calciform_pools_third_ability_is_printed_in_cards_show(cli):
    printed = ("{1}, Remove X storage counters from this land: Add X mana in any combination of "
               "{W} and/or {U}.")
    code, out, _ = cli("cards", "show", "Calciform Pools")
    assert code == 0 and f"  {printed}" in out.splitlines()
    term = Function("ab", [String("Calciform Pools"), Number(2)])
    assert describe.ability_words(builtin_library(), term) == printed


def test_an_ability_word_is_no_part_of_the_cost(load, board_file):
    """CR 207.2c: an ability word ("Fathomless descent —", The Core's) has no rules meaning: the cost is what
    follows it (can-activate showed "Fathomless descent — {T}")."""
    cards = board_file("""
        format: pysolver-oracle/1
        cards:
        - name: Test Core
          types: [Land]
          oracle: "Fathomless descent — {T}: Add X mana of any one color, where X is the number of permanent cards in your graveyard."
        """)
    board = load("players: [Alice, Bob]\nbattlefield:\n- {id: core, card: Test Core, controller: Alice}\n", [cards])
    [ability] = activated_abilities(board, "core")
    assert ability.text.startswith("Fathomless descent — {T}: Add X mana")
    assert ability.cost == "{T}"
