"""Built-in cards never answer as if part of their text weren't there (issue 13: no silent drop).

Hand-written definitions had fallen behind their text: Simic Growth Chamber entered untapped
with no trigger, Vesuva entered as itself only, Obsidian Charmaw's cost ignored its reduction.
A definition now models what its text says, keeps an effect it can't carry out whole as
`unjudged` (the query that would apply it refuses), or lists the sentences it leaves out under
`ignored` (the card is partial, as an imported one: refused unless --allow-partial)."""

from __future__ import annotations

import json
import textwrap

import pytest

from helpers import write_inputs

CHARMAW = """\
players:
- {name: A, hand: [Obsidian Charmaw], mana_pool: "{R}{R}{G}{G}"}
- B
turn: {number: 3, active: A, step: precombat_main}
battlefield:
- {id: w, card: Wastes, controller: B}
"""
CHARMAW_SENTENCE = ("This spell costs {1} less to cast for each land your opponents control that could produce "
                    "{C}.")


def test_a_card_whose_definition_leaves_a_sentence_out_is_refused(cli, tmp_path):
    board, _ = write_inputs(tmp_path, board=CHARMAW)
    code, out, err = cli("pay", board, "A", "--spell", "Obsidian Charmaw")
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: 2:20: players[0].hand[0]: card 'Obsidian Charmaw' is partial: its definition "
                   f"leaves out {CHARMAW_SENTENCE!r}; --allow-partial uses it without them\n")


def test_allowed_it_answers_and_names_what_it_left_out(cli, tmp_path):
    board, _ = write_inputs(tmp_path, board=CHARMAW)
    code, out, err = cli("pay", board, "A", "--spell", "Obsidian Charmaw", "--allow-partial", "--json")
    assert code == 0
    assert json.loads(out)["payable"] is False  # {3}{R}{R}: the reduction is what was left out
    assert err == f"note: Obsidian Charmaw is partial: this answer ignores {CHARMAW_SENTENCE!r}\n"


def test_a_copy_it_cannot_make_whole_is_refused_as_it_enters(cli, tmp_path):
    """CR 614.1c, 707.5: Vesuva may enter tapped as a copy of a land: next gave one outcome, Vesuva
    untapped as itself, and never the tapped copy."""
    board, _ = write_inputs(tmp_path, board="""\
        players:
        - {name: A, hand: [Vesuva]}
        - B
        turn: {number: 3, active: A, step: precombat_main}
        battlefield:
        - {id: t, card: Tropical Island, controller: B}
        """)
    code, out, err = cli("next", board, "play", "Vesuva")
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: action 1 (play Vesuva): vesuva may enter as a copy and tapped if it does "
                   "(CR 614.1c, 707.5), which next doesn't model: give the board after it enters\n")


def test_clone_in_the_older_oracle_wording_enters_as_a_copy(cli, tmp_path):
    """"You may have Clone enter the battlefield as a copy": the wording before 2024 is the same
    event; the built-in Clone, compiled from it, gives an outcome for each creature it may copy."""
    board, _ = write_inputs(tmp_path, board="""\
        players: [A, B]
        turn: {number: 3, active: A, step: precombat_main}
        stack:
        - {id: clone, card: Clone, controller: A}
        battlefield:
        - {id: elves, card: Llanowar Elves, controller: B}
        """)
    code, out, _ = cli("next", board, "resolve", "--json")
    assert code == 0
    assert sorted(o["choices"][0] for o in json.loads(out)["outcomes"]) == [
        "A has clone enter as a copy of elves (Llanowar Elves) (CR 707.5, 616.1c)",
        "A has clone enter as itself (CR 614.1c, 707.5)"]


def test_a_karoo_enters_tapped_and_triggers(cli, tmp_path):
    """Simic Growth Chamber: "enters tapped" (CR 614.1c) and "When it enters, return a land you control to
    its owner's hand" (603.6a); the hand-written definition had neither."""
    board, _ = write_inputs(tmp_path, board="""\
        players:
        - {name: A, hand: [Simic Growth Chamber]}
        - B
        turn: {number: 3, active: A, step: precombat_main}
        """)
    code, out, _ = cli("next", board, "play", "Simic Growth Chamber", "--json")
    assert code == 0
    [outcome] = json.loads(out)["outcomes"]
    assert outcome["events"] == [
        "A plays Simic Growth Chamber as simic-growth-chamber (CR 305.1)",
        "simic-growth-chamber enters tapped (CR 614.1c, 614.12)",
        "put simic-growth-chamber-1 (Simic Growth Chamber, simic-growth-chamber:1) on the stack"]


def test_a_ruling_case_names_the_partial_cards_it_allows(tmp_path):
    """A case allows exactly the partial cards it uses (Celestial Dawn's color sentences, CR 613.1e): one
    that becomes whole, or a partial card it doesn't name, is refused."""
    from pysolver import verify
    from pysolver.errors import BoardError

    case = """\
        cases:
        - id: dawn
          source: CR 305.7
          reason: Lands Alice controls are Plains.
          allow_partial: %s
          board: {Alice: [Celestial Dawn, Tropical Island], Bob: [Island]}
          query: could-produce
          args: {ids: [tropical-island]}
          expect: {tropical-island: [W]}
        """
    path = tmp_path / "cases.yaml"
    path.write_text(textwrap.dedent(case % "[Celestial Dawn]"), encoding="utf-8")
    assert [o.passed for o in verify.run_all([path], jobs=1)] == [True]
    path.write_text(textwrap.dedent(case % "[Celestial Dawn, Vesuva]"), encoding="utf-8")
    with pytest.raises(BoardError) as raised:
        verify.run_all([path], jobs=1)
    assert str(raised.value).endswith("case dawn: allow_partial names ['Celestial Dawn', 'Vesuva'], but the partial "
                                      "cards it uses are ['Celestial Dawn']")


def test_an_ability_whose_target_stays_in_its_text_is_not_judged(cli, tmp_path):
    """CR 601.2c, 602.2b: an ability with a target can't be activated without a legal one. A target the
    compiler keeps in the ability's text was no target at all: can-activate said yes with no creature on
    the battlefield. It refuses now, saying why."""
    board, cards = write_inputs(tmp_path, board="""\
        players: [A, B]
        turn: {number: 3, active: A, step: precombat_main}
        battlefield:
        - {id: r, card: Tapper Relic, controller: A}
        - {id: f, card: Forest, controller: A}
        """, cards="""\
        format: pysolver-oracle/1
        cards:
        - name: Tapper Relic
          mana_cost: '{1}'
          types: [Artifact]
          oracle: "{1}, {T}: Target creature can't block this turn."
        """)
    code, out, err = cli("can-activate", board, "r", "--cards", cards)
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: --ability: r (Tapper Relic) ability 1: 'its target, which the compiler keeps in "
                   "its text (CR 115.1c, 601.2c)' is not modelled, so whether it can be activated now is unknown\n")


SPELLS = """\
format: pysolver-oracle/1
cards:
- name: Unsummon
  mana_cost: '{U}'
  types: [Instant]
  oracle: "Return target creature to its owner's hand."
- name: Test Insight
  mana_cost: '{U}'
  types: [Instant]
  oracle: "Each player draws a card. (Not a target: \\"target\\" in reminder text is not its own.)"
"""


@pytest.mark.parametrize(("spell", "expected"), [
    ("Unsummon", ["its target, which the compiler keeps in its text (CR 115.1c, 601.2c)"]),
    ("Test Insight", None),
])
def test_a_spell_whose_target_stays_in_its_text_says_so(spell, expected):
    """CR 601.2c: a spell none of whose effect is compiled keeps its target in its text; the card
    says so (`cast_unjudged`), and only when its own text, not reminder text, names a target."""
    import yaml

    from pysolver.cards import compile_oracle

    entry = next(card for card in yaml.safe_load(SPELLS)["cards"] if card["name"] == spell)
    assert compile_oracle(json.dumps(entry)).get("cast_unjudged") == expected


def test_a_spell_whose_target_stays_in_its_text_is_not_cast(cli, tmp_path):
    """CR 601.2c: next cast cast Unsummon with no creature on the battlefield, as if it had no target.
    It refuses now, saying why."""
    board, cards = write_inputs(tmp_path, board="""\
        players:
        - {name: A, hand: [Unsummon], mana_pool: "{U}"}
        - B
        turn: {number: 3, active: A, step: precombat_main}
        """, cards=SPELLS)
    code, out, err = cli("next", board, "--cards", cards, "cast", "Unsummon")
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: action 1 (cast Unsummon): cast Unsummon: its target, which the compiler keeps "
                   "in its text (CR 115.1c, 601.2c) isn't judged, so whether it can be cast isn't known\n")
