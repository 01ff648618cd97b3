"""Ward (CR 702.21a): targeting a permanent with ward stays legal, but the ward trigger that
follows isn't modelled, so `next` refuses an opponent's spell that targets it, never answers as
if ward weren't there."""

from __future__ import annotations

from pathlib import Path

from helpers import write_inputs

CASES = Path(__file__).parent / "cases" / "next"
WARDED = """format: pysolver-cards/1
cards:
- name: Warded Bear
  types: [Creature]
  keywords: [Ward]
  power: 2
  toughness: 2
  oracle: Ward {2}
"""


def _board(tmp_path: Path, controller: str) -> tuple[Path, Path]:
    board, cards = write_inputs(
        tmp_path, cards=WARDED,
        board="players:\n- {name: Alice, hand: [Searing Spear], mana_pool: '{R}{R}'}\n- Bob\n"
              "turn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n"
              f"- {{id: bear, card: Warded Bear, controller: {controller}}}\n")
    return cards, board


def test_an_opponents_spell_targeting_a_warded_permanent_is_refused(tmp_path, cli):
    cards, board = _board(tmp_path, "Bob")
    code, out, err = cli("next", board, "--cards", CASES / "targets.yml", "--cards", cards,
                         "cast", "Searing Spear", "target=bear")
    assert (code, out, err) == (2, "", f"error: {board}: action 1 (cast Searing Spear target=bear): cast Searing "
                                       "Spear: Warded Bear (bear) has ward, and what "
                                       "targeting it does then (CR 702.21a) isn't modelled\n")


def test_every_target_choice_is_refused_when_one_of_them_has_ward(tmp_path, cli):
    cards, board = _board(tmp_path, "Bob")
    code, out, err = cli("next", board, "--cards", CASES / "targets.yml", "--cards", cards, "cast", "Searing Spear")
    assert (code, out) == (2, "") and "Warded Bear (bear) has ward" in err


def test_its_controller_targets_it_as_any_permanent(tmp_path, cli):
    cards, board = _board(tmp_path, "Alice")
    code, out, err = cli("next", board, "--cards", CASES / "targets.yml", "--cards", cards,
                         "cast", "Searing Spear", "target=bear")
    assert (code, err) == (0, "") and "targeting Warded Bear (bear)" in out


def _granted_board(tmp_path: Path, battlefield: str) -> Path:
    board = tmp_path / "granted.yaml"
    board.write_text("players:\n- {name: Alice, hand: [Searing Spear], mana_pool: '{R}{R}'}\n- Bob\n"
                     "turn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n" + battlefield,
                     encoding="utf-8")
    return board


def test_ward_granted_by_a_static_ability_is_refused_as_a_printed_one(tmp_path, cli):
    """CR 702.21a, 613.1f: "Enchanted creature gets +3/+3 and has ward {2}" (Crystal Carapace) and "Each
    creature you control has ward {1}" (Chapel Shieldgeist) give the keyword; an opponent's spell
    targeting such a creature is refused (before, the grant was not understood)."""
    for battlefield, named in (
            ("- {id: bears, card: Grizzly Bears, controller: Bob}\n- {id: carapace, card: Crystal Carapace, "
             "controller: Bob, attached_to: {permanent: bears}}\n", "Grizzly Bears (bears)"),
            ("- {id: geist, card: Chapel Shieldgeist, controller: Bob}\n", "Chapel Shieldgeist (geist)")):
        board = _granted_board(tmp_path, battlefield)
        target = named.split("(")[1].rstrip(")")
        code, out, err = cli("next", board, "--cards", CASES / "targets.yml", "--cards", CASES / "granted-ward.yml",
                             "cast", "Searing Spear", f"target={target}")
        assert (code, out, err) == (2, "", f"error: {board}: action 1 (cast Searing Spear target={target}): cast "
                                           f"Searing Spear: {named} has ward, and what targeting it does then "
                                           "(CR 702.21a) isn't modelled\n")


def test_ward_granted_to_creatures_with_a_counter_is_refused(tmp_path, cli):
    """CR 122.1, 613.1f: "Each creature you control with a counter on it has ward {1}" (Matt Murdock):
    Bob's Llanowar Elves with a +1/+1 counter have ward, so Alice's Searing Spear targeting them is
    refused (tests/cases/next/counter-filters.yaml: without a counter they are targeted)."""
    board = _granted_board(tmp_path, "- {id: elves, card: Llanowar Elves, controller: Bob, counters: {'+1/+1': 1}}\n"
                                     "- {id: matt, card: 'Matt Murdock, Justice Seeker', controller: Bob}\n")
    code, out, err = cli("next", board, "--cards", CASES / "targets.yml", "--cards", CASES / "counter-filters.yml",
                         "cast", "Searing Spear", "target=elves")
    assert (code, out, err) == (2, "", f"error: {board}: action 1 (cast Searing Spear target=elves): cast Searing "
                                       "Spear: Llanowar Elves (elves) has ward, and what targeting it does then "
                                       "(CR 702.21a) isn't modelled\n")
