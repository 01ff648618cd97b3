"""Mana with a rider (CR 106.6: "If that mana is spent to cast ..., that creature enters with an
additional +1/+1 counter"): `pay --spell` lists the ways (the rider changes none of them), and
`next cast` refuses a cast a way pays with such mana, since the rider would change the spell and
no rule models it; a rider no query reads (a spell that can't be countered: nothing counters one)
changes nothing."""

from __future__ import annotations

from helpers import write_inputs

CARDS = """\
format: pysolver-oracle/1
cards:
- name: Animal Attendant
  mana_cost: '{1}{G}'
  types: [Creature]
  subtypes: [Human, Citizen]
  power: 2
  toughness: 2
  oracle: "{T}: Add one mana of any color. If that mana is spent to cast a non-Human creature spell, that \\
    creature enters with an additional +1/+1 counter on it."
- name: Boseiju, Who Shelters All
  types: [Land]
  supertypes: [Legendary]
  oracle: |-
    This land enters tapped.
    {T}, Pay 2 life: Add {C}. If that mana is spent on an instant or sorcery spell, that spell can't be countered.
- name: Test Insight
  mana_cost: '{1}{R}'
  types: [Sorcery]
  oracle: Draw two cards.
"""


def board(source: str, spell: str) -> str:
    return f"""\
players: [{{name: Alice, hand: ['{spell}'], mana_pool: '{{R}}'}}, Bob]
turn: {{number: 3, active: Alice, step: precombat_main}}
battlefield: [{{id: s, card: '{source}', controller: Alice}}]
"""


def test_a_rider_that_changes_the_spell_is_refused_by_next_cast(cli, tmp_path):
    path, cards = write_inputs(tmp_path, board=board("Animal Attendant", "Grizzly Bears"), cards=CARDS)
    code, out, err = cli("next", path, "cast", "Grizzly Bears", "--cards", cards)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Grizzly Bears): cast Grizzly Bears: a way to pay spends s's "
                   "mana, whose rider \"If that mana is spent to cast a non-Human creature spell, that creature "
                   "enters with an additional +1/+1 counter on it.\" (CR 106.6) would change the spell or set off a "
                   "trigger, which next doesn't model\n")
    code, out, _ = cli("pay", path, "Alice", "--spell", "Grizzly Bears", "--cards", cards)
    assert code == 0 and out.startswith("Alice can pay {1}{G}: 1 way\n")  # {R} from the pool, {G} from s


def test_a_rider_no_query_reads_changes_nothing(cli, tmp_path):
    path, cards = write_inputs(tmp_path, board=board("Boseiju, Who Shelters All", "Test Insight"), cards=CARDS)
    code, out, err = cli("next", path, "cast", "Test Insight", "--cards", cards)
    assert (code, out, err) == (0, "outcome 1: probability 1\n  - Alice activates s's mana ability 1 [{T}, Pay 2 life: "
                                   "Add {C}. If that mana is spent on an instant or sorcery spell, that spell can't "
                                   "be countered.]: adds {C} (If that mana is spent on an instant or sorcery spell, "
                                   "that spell can't be countered.) (CR 605.3b, 106.4)\n  - Alice casts Test Insight "
                                   "as test-insight, paying {R}{C} (CR 601.2)\n", "")
