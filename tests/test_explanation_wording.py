"""Explanations a judge can show a player (issue 14, item 6): each wording defect found has
an exact-output test here, and every card line an explanation quotes is the card's Oracle
text exactly as printed (tests/fixtures/oracle_lines.json, from MTGJSON/Scryfall data)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from clingo import Function, Number, String

import pysolver
from pysolver import cards, describe, verify

from helpers import BOMBARDMENT_NOT_TRIGGERED, EXAMPLES, corpus_cases_in, explained_could_produce

FIXTURES = Path(__file__).parent / "fixtures"
ORACLE = json.loads((FIXTURES / "oracle_lines.json").read_text(encoding="utf-8"))["cards"]
CORPUS = Path(__file__).parent / "cases"
INTRINSIC = {f"{{T}}: Add {{{t}}}" for t in "WUBRG"}  # CR 305.6: the rules' words, not a card's


def test_every_printed_line_is_the_oracle_text():
    """Every ability of a built-in card worded from its Oracle line quotes that line exactly,
    reminder text included (docs/cards.md: a quote is a whole printed line, never a part)."""
    library = cards.builtin_library()
    checked = 0
    for name, lines in ORACLE.items():
        card = library.get(name)
        if card is None:
            continue
        for line in describe.printed_lines(card):
            if line is not None:
                assert line in lines, (name, line)
                checked += 1
    assert checked >= 100


def test_every_builtin_oracle_text_is_the_card_text():
    """A built-in card's oracle: is its Oracle text line for line, reminder text included
    (Incubation Druid's Adapt and March of the Machines' Equipment lines lacked theirs)."""
    library = cards.builtin_library()
    compared = [name for name in ORACLE if library.get(name) is not None]
    for name in compared:
        assert str(library.get(name).data.get("oracle", "")).splitlines() == ORACLE[name], name
    assert {"Incubation Druid", "March of the Machines"} < set(compared) and len(compared) >= 139


def test_every_quoted_line_in_could_produce_explanations_is_printed():
    """Over the could-produce corpus: each "quoted" ability is an Oracle line of a card on the
    board (or a basic land type's intrinsic ability, CR 305.6)."""
    quoted = 0
    for case in corpus_cases_in(CORPUS / "could_produce"):
        board = verify.case_board(case)
        printed = {line for p in board.battlefield for line in ORACLE.get(p.card_name, [])}
        printed |= {line for p in board.battlefield for line in ORACLE.get(p.card, [])}
        for explanation in explained_could_produce(case):
            for missing in explanation.missing:
                for text in re.findall(r'"([^"]*\{[^"]*)"', missing.text):
                    known = any(p.card in ORACLE or p.card_name in ORACLE for p in board.battlefield)
                    if known:
                        assert text in printed or text in INTRINSIC, (case.id, text)
                        quoted += 1
    assert quoted >= 20


def test_mana_header_quotes_the_card(cli, board_file):
    """Not "a permanent an opponent controls": Fellwar Stone, Exotic Orchard and Reflecting
    Pool say "a land"."""
    path = board_file("Alice: [Fellwar Stone, Exotic Orchard, Reflecting Pool, Forest]\nBob: [Island]\n")
    heads = [cli("mana", path, name)[1].splitlines()[0] for name in
             ("Fellwar Stone", "Exotic Orchard", "Reflecting Pool")]
    assert heads == [
        "fellwar-stone (Fellwar Stone, Alice), ability 1: {T}: Add one mana of any color that a land "
        "an opponent controls could produce.",
        "exotic-orchard (Exotic Orchard, Alice), ability 1: {T}: Add one mana of any color that a land "
        "an opponent controls could produce.",
        "reflecting-pool (Reflecting Pool, Alice), ability 1: {T}: Add one mana of any type that a land "
        "you control could produce."]


def test_calciform_pools_worded_once_as_printed(cli, board_file):
    """One module words card data: mana, can-activate and could-produce say Calciform Pools'
    third ability the same way, as printed (issue 11)."""
    printed = ("{1}, Remove X storage counters from this land: Add X mana in any combination of "
               "{W} and/or {U}.")
    path = board_file("""\
players: [Alice, Bob]
battlefield:
- {id: pools, card: Calciform Pools, controller: Alice, counters: {storage: 2}}
""")
    assert cli("mana", path, "pools", "--ability", "3")[1].splitlines()[0] == (
        f"pools (Calciform Pools, Alice), ability 3: {printed}")
    assert cli("can-activate", path, "pools", "--ability", "3")[1].splitlines()[0].endswith(
        f"ability 3: {printed}")
    term = Function("ab", [String("Calciform Pools"), Number(2)])
    assert describe.ability_words(cards.builtin_library(), term) == printed


def test_colorless_commander_is_not_no_commander(load):
    tower = ("\"{T}: Add one mana of any color in your commander's color identity.\": ")
    colorless = load("""\
players:
- {name: Alice, commander_colors: []}
- Bob
battlefield:
- {id: tower, card: Command Tower, controller: Alice}
""")
    (found,) = pysolver.explain_could_produce(colorless)
    assert [(m.type, m.reason, m.text, m.rules) for m in found.missing] == [
        (None, "colorless_identity", tower + "its controller's commander is colorless, so its color "
         "identity has no color to choose", ("903.4", "106.5"))]
    none = load("Alice: [Command Tower]\nBob: [Island]\n")
    found = pysolver.explain_could_produce(none, ["command-tower"])[0]
    assert [(m.reason, m.text, m.rules) for m in found.missing] == [
        ("undefined", tower + "its controller has no commander, so the colors of its color identity "
         "are undefined", ("903.4f", "106.5"))]


def test_contamination_does_not_replace_black_with_black(cli):
    code, out, _ = cli("could-produce", EXAMPLES / "contamination.yaml", "reflecting-pool", "--explain")
    assert code == 0
    assert "replaces {B} with {B}" not in out


def test_zero_creature_cradle_is_an_amount_of_zero_not_106_5(cli, board_file):
    path = board_file("Alice: [Gaea's Cradle]\nBob: [Island]\n")
    code, out, _ = cli("mana", path, "gaea-s-cradle", "--explain")
    assert (code, out.splitlines()[-1]) == (
        0, "  1. activate it: it adds no mana: the amount it adds is 0 now  [CR 602.2]")


def test_urborg_under_blood_moon_says_why_the_forest_has_no_black(cli, board_file):
    path = board_file("Alice: ['Urborg, Tomb of Yawgmoth', Forest, Blood Moon]\nBob: [Island]\n")
    code, out, _ = cli("could-produce", path, "forest", "--explain")
    assert code == 0
    assert out.splitlines()[-2:] == [
        "  G     forest: {T}: Add {G} (305.6)",
        "  no B  \"Each land is a Swamp in addition to its other land types.\" (Urborg, Tomb of "
        "Yawgmoth, urborg-tomb-of-yawgmoth) would let it produce B, but the effect of Blood Moon "
        "(blood-moon) sets Urborg, Tomb of Yawgmoth's land type and applies first, as Urborg, Tomb "
        "of Yawgmoth's effect depends on it, so Urborg, Tomb of Yawgmoth loses that ability "
        "(613.8a, 305.7)"]


def test_bombardment_not_triggering_names_its_intervening_if(cli, board_file):
    path = board_file("""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: end}
battlefield:
- {id: hb, card: Haphazard Bombardment, controller: Alice}
- {id: bears, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
""")
    code, out, _ = cli("outcomes", path, "--explain")
    assert code == 0
    assert out.splitlines()[-2:] == BOMBARDMENT_NOT_TRIGGERED


def test_outcomes_explain_names_the_card_beside_its_internal_id(cli, board_file):
    path = board_file("""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: end}
battlefield:
- {id: hb, card: Haphazard Bombardment, controller: Alice}
- {id: bears, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
- {id: b2, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
""")
    code, out, _ = cli("outcomes", path, "--explain")
    assert code == 0
    assert "stage 1" not in out and "(s)" not in out
    assert re.findall(r"[\w-]+:\d+", out) and all(
        f"Haphazard Bombardment ({key})" in out for key in set(re.findall(r"\bhb:\d+", out)))
    assert out.count("(hb:2)") == out.count("Haphazard Bombardment (hb:2)")


def test_architect_counted_when_its_cost_does_not_tap_it(cli, board_file, tmp_path):
    """A cost "Tap two untapped blue creatures you control" without {T} may tap the source
    itself: not "other than" it (asp/activation.lp self_excluded)."""
    card_file = tmp_path / "architect.yaml"
    card_file.write_text("""\
format: pysolver-cards/1
cards:
- name: Test Architect
  mana_cost: "{1}{U}{U}"
  types: [Creature]
  power: 1
  toughness: 3
  abilities:
  - activated:
      cost: ["{U}", {tap_untapped: {count: 2, filter: {colors: [U], types: [Creature]}}}]
      text: "Add {C}{C}."
""", encoding="utf-8")
    path = board_file("players: [Alice, Bob]\nbattlefield:\n- {id: ga, card: Test Architect, controller: Alice}\n"
                      "- {id: island, card: Island, controller: Alice}\n")
    code, out, _ = cli("can-activate", path, "ga", "--cards", str(card_file))
    assert (code, out) == (0, "no: Test Architect (ga), ability 1: {U}, Tap two untapped blue creatures "
                              "you control: Add {C}{C}.\n"
                              "  118.3: Alice has 1 untapped blue creature to tap; 2 needed\n")


def test_a_copy_shows_what_it_copies(cli, board_file):
    path = board_file("""\
players: [Alice, Bob]
battlefield:
- {id: vesuva, card: Vesuva, controller: Alice, copy_of: Exotic Orchard}
- {id: island, card: Island, controller: Bob}
""")
    assert cli("could-produce", path, "vesuva")[1] == (
        "ID      CARD                        CONTROLLER  COULD PRODUCE\n"
        "vesuva  Vesuva (as Exotic Orchard)  Alice       U\n")
    assert cli("mana", path, "vesuva")[1].splitlines()[0] == (
        "vesuva (Vesuva (as Exotic Orchard), Alice), ability 1: {T}: Add one mana of any color that a "
        "land an opponent controls could produce.")
    assert cli("can-activate", path, "vesuva")[1] == (
        "yes: Vesuva (as Exotic Orchard) (vesuva), ability 1: {T}: Add one mana of any color that a "
        "land an opponent controls could produce.\n")
