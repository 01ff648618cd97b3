"""could-produce --explain: chains from the encodings' derivation atoms, with rule numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import verify

from helpers import RULE_NUMBERS, corpus_cases_in, explained_could_produce

FIXTURES = Path(__file__).parent / "fixtures"
CORPUS = Path(__file__).parent / "cases" / "could_produce"
def explain(data):
    explained = pysolver.explain_could_produce(pysolver.board_from_data(data))
    return {e.answer.id: e for e in explained}


def reasons(explanation):
    return {r.type: r.line() for r in explanation.reasons}


def missing(explanation):
    return [(m.type, m.reason, m.line()) for m in explanation.missing]


def test_pool_and_forest():
    found = explain({"Alice": ["Reflecting Pool", "Forest"], "Bob": ["Island"]})
    assert reasons(found["reflecting-pool"]) == {
        "G": "reflecting-pool: a land you control, forest, could produce G (106.7); "
             "forest: {T}: Add {G} (305.6)"}
    assert missing(found["reflecting-pool"]) == []
    assert reasons(found["island"]) == {"U": "island: {T}: Add {U} (305.6)"}


def test_orchard_chain_takes_the_first_supporter():
    # Exotic Orchard ruling 2009-02-01: Bob's Orchard sees Alice's Forest; Alice's
    # Orchard sees Bob's Orchard (level 1), never the other way round a cycle.
    found = explain({"Alice": ["Forest", "Exotic Orchard"], "Bob": ["Exotic Orchard", "Reflecting Pool"]})
    assert reasons(found["exotic-orchard-2"]) == {
        "G": "exotic-orchard-2: a land an opponent controls, forest, could produce G (106.7); "
             "forest: {T}: Add {G} (305.6)"}
    assert reasons(found["exotic-orchard"]) == {
        "G": "exotic-orchard: a land an opponent controls, exotic-orchard-2, could produce G (106.7); "
             "exotic-orchard-2: a land an opponent controls, forest, could produce G (106.7); "
             "forest: {T}: Add {G} (305.6)"}
    assert reasons(found["reflecting-pool"]) == {
        "G": "reflecting-pool: a land you control, exotic-orchard-2, could produce G (106.7); "
             "exotic-orchard-2: a land an opponent controls, forest, could produce G (106.7); "
             "forest: {T}: Add {G} (305.6)"}


def test_cycle_with_no_real_producer():
    found = explain({"Alice": ["Reflecting Pool", "Reflecting Pool"], "Bob": ["Forest"]})
    for pool in ("reflecting-pool", "reflecting-pool-2"):
        assert found[pool].reasons == ()
        assert missing(found[pool]) == [(
            None, "no_real_producer",
            '"{T}: Add one mana of any type that a land you control could produce.": no land you '
            "control could produce any type of mana (they have no mana ability or only reflect each "
            "other), so no type can be defined (106.5, 106.7)")]


def test_color_excludes_colorless():
    found = explain({"Alice": ["Exotic Orchard"], "Bob": ["Wastes", "Mountain"]})
    assert reasons(found["exotic-orchard"]) == {
        "R": "exotic-orchard: a land an opponent controls, mountain, could produce R (106.7); "
             "mountain: {T}: Add {R} (305.6)"}
    assert missing(found["exotic-orchard"]) == [(
        "C", "color_excludes_colorless",
        '"{T}: Add one mana of any color that a land an opponent controls could produce.": a land an '
        "opponent controls could produce C, but colorless is not a color (106.1a)")]


def test_contamination_replaces():
    # CR 106.7: under Contamination a Forest could produce only {B}, and a Pool looking at it too.
    found = explain({"Alice": ["Forest", "Reflecting Pool"], "Bob": ["Contamination"]})
    assert reasons(found["forest"]) == {
        "B": "forest: {T}: Add {G} (305.6); contamination (Contamination) replaces {G} with {B} "
             "(614.1a, 616.1)"}
    assert missing(found["forest"]) == [(
        "G", "replaced", '"{T}: Add {G}" would add G mana, but contamination replaces it in every order '
        "they can apply (614.1a, 616.1)")]
    # Contamination leaves the Pool's {B} as it is: no "replaces {B} with {B}" step (issue 14).
    assert reasons(found["reflecting-pool"]) == {
        "B": "reflecting-pool: a land you control, forest, could produce B (106.7); "
             "forest: {T}: Add {G} (305.6); contamination (Contamination) replaces {G} with {B} "
             "(614.1a, 616.1)"}
    assert missing(found["contamination"]) == [(None, "no_mana_ability", "it has no mana ability (605.1a)")]


def test_damping_sphere_after_mana_reflection():
    # CR 616.1f: after Mana Reflection doubles the mana, Damping Sphere applies.
    found = explain({"Alice": ["Forest", "Mana Reflection"], "Bob": ["Damping Sphere"]})
    steps = found["forest"].reasons[0].steps
    assert [(s.kind, s.object, s.text) for s in steps] == [
        ("ability", "forest", "forest: {T}: Add {G}"),
        ("replacement", "mana-reflection", "mana-reflection (Mana Reflection) replaces {G} with {G}{G}"),
        ("replacement", "damping-sphere", "damping-sphere (Damping Sphere) replaces {G}{G} with {C}"),
    ]
    assert missing(found["forest"])[0][:2] == ("G", "replaced")


def test_effects_name_their_ids():
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"],
        "battlefield": [{"card": "Tropical Island", "controller": "Alice"}],
        "effects": [{"id": "pale", "card": "Pale Moon", "controller": "Bob"}],
    })
    (explained,) = pysolver.explain_could_produce(board)
    assert reasons(explained) == {
        "C": "tropical-island: {T}: Add {G} (305.6); pale (Pale Moon) replaces {G} with {C} (614.1a, 616.1)"}


def test_undefined_nothing_to_see_zero_and_lost_abilities():
    found = explain({"Alice": ["Fellwar Stone", "Command Tower", "Gaea's Cradle"], "Bob": ["Grizzly Bears"]})
    assert missing(found["fellwar-stone"]) == [(
        None, "nothing_to_look_at",
        '"{T}: Add one mana of any color that a land an opponent controls could produce.": there is no '
        "land an opponent controls, so no type can be defined (106.5, 106.7)")]
    assert missing(found["command-tower"]) == [(
        None, "undefined", "\"{T}: Add one mana of any color in your commander's color identity.\": its "
        "controller has no commander, so the colors of its color identity are undefined (903.4f, 106.5)")]
    assert missing(found["gaea-s-cradle"]) == [(
        None, "zero_amount", '"{T}: Add {G} for each creature you control." would add no mana now: '
        "the amount is 0 (106.7)")]
    moon = explain({"Alice": ["Gemstone Mine"], "Bob": ["Blood Moon"]})
    assert reasons(moon["gemstone-mine"]) == {"R": "gemstone-mine: {T}: Add {R} (305.6)"}
    assert missing(moon["gemstone-mine"]) == [(
        None, "lost_ability", 'blood-moon set its land type, so it lost "{T}, Remove a mining counter '
        'from Gemstone Mine: Add one mana of any color. If there are no mining counters on Gemstone Mine, '
        'sacrifice it." (305.7, 613.1d)')]


def test_granted_ability_names_its_source():
    found = explain({"Alice": ["Cryptolith Rite", "Grizzly Bears"], "Bob": ["Island"]})
    assert reasons(found["grizzly-bears"])["W"] == (
        "grizzly-bears: {T}: Add one mana of any color. (granted by Cryptolith Rite) (613.1f)")


def test_cli_explain_table(cli, board_file):
    path = board_file("Alice: [Reflecting Pool, Forest]\nBob: [Exotic Orchard]\n")
    code, out, err = cli("could-produce", path, "--explain")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "ID               CARD             CONTROLLER  COULD PRODUCE",
        "reflecting-pool  Reflecting Pool  Alice       G",
        "forest           Forest           Alice       G",
        "exotic-orchard   Exotic Orchard   Bob         G",
        "",
        "reflecting-pool",
        "  G  reflecting-pool: a land you control, forest, could produce G (106.7)",
        "     forest: {T}: Add {G} (305.6)",
        "",
        "forest",
        "  G  forest: {T}: Add {G} (305.6)",
        "",
        "exotic-orchard",
        "  G  exotic-orchard: a land an opponent controls, forest, could produce G (106.7)",
        "     forest: {T}: Add {G} (305.6)",
    ]


def corpus_boards():
    return [case for case in corpus_cases_in(CORPUS) if case.query == "could-produce"]


@pytest.fixture(scope="module")
def corpus_explanations():
    found = []
    for case in corpus_boards():
        board = verify.case_board(case)
        found.append((case.id, pysolver.could_produce(board), explained_could_produce(case)))
    return found


def test_every_cited_rule_exists(corpus_explanations):
    cited = set()
    for _, _, explained in corpus_explanations:
        for e in explained:
            for r in e.reasons:
                for s in r.steps:
                    cited.update(s.rules)
            for m in e.missing:
                cited.update(m.rules)
    assert cited, "the corpus explanations cite no rule"
    assert sorted(cited - RULE_NUMBERS) == []


def test_explanations_agree_with_answers_and_are_well_founded(corpus_explanations):
    for case_id, answers, explained in corpus_explanations:
        assert [e.answer for e in explained] == answers, case_id
        for e in explained:
            assert [r.type for r in e.reasons] == list(e.answer.types), case_id
            for r in e.reasons:
                kinds = [s.kind for s in r.steps if s.kind != "replacement"]
                # reflect links, then exactly one ability that really produces mana
                assert kinds[-1] == "ability" and set(kinds[:-1]) <= {"reflect"}, (case_id, r.line())
                objects = [s.object for s in r.steps if s.kind != "replacement"]
                assert len(objects) == len(set(objects)), (case_id, r.line())
            for m in e.missing:
                assert m.type is None or m.type not in e.answer.types, case_id


EXPLAIN_FILES = sorted((Path(__file__).resolve().parent.parent / "asp" / "explain").glob("*.lp"))


@pytest.mark.parametrize("path", EXPLAIN_FILES, ids=lambda p: p.name)
def test_explain_layers_are_general_and_cite_rules(path):
    # The same standard as the rules files: no card name, CR numbers cited.
    import re
    from pysolver.cards import builtin_library
    concepts = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"}
    text = path.read_text(encoding="utf-8")
    named = sorted(name for name in builtin_library().cards
                   if name not in concepts and re.search(rf"\b{re.escape(name)}\b", text))
    assert named == []
    assert re.search(r"CR \d{3}\.\d+", text)
    assert sorted(re.findall(r"\b(\d{3}\.\d+[a-z]?)\b", text)) and \
        set(re.findall(r"\b(\d{3}\.\d+[a-z]?)\b", text)) <= RULE_NUMBERS
