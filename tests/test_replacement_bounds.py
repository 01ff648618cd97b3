"""Damage and life gain changed again and again stay in range or the query refuses (issue 13: every
number stays in range; asp/damage.lp's damage_unbounded, asp/life_replacement.lp's gain_unbounded,
pysolver/next_state.reload).  clingo's integers wrap past 2^31 without a word: 32 doublers of life
gain made a gain of 1 none, silently; and the states of damage effects' orders double with each
effect: 33 doublers of damage on one board gave no answer in minutes."""

from __future__ import annotations

from pathlib import Path

CARDS = Path(__file__).parent / "cases" / "next" / "damage-replacements.yml"
GAIN_CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-replace.yaml"


def board(tmp_path, doublers: int, source: str = "Prodigal Sorcerer", life: int = 20) -> Path:
    lines = [f"players: [Alice, {{name: Bob, life: {life}}}]",
             "turn: {number: 3, active: Alice, step: precombat_main}",
             "battlefield:", f"- {{id: pinger, card: {source}, controller: Alice}}"]
    lines += [f"- {{id: d{i}, card: Dictate of the Twin Gods, controller: Bob}}" for i in range(doublers)]
    path = tmp_path / f"board-{doublers}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def oracle_card(tmp_path, name: str, types: str, oracle: str) -> Path:
    """A card file of one card given by its Oracle text (compiled as it loads)."""
    path = tmp_path / f"{name.lower().replace(' ', '-')}.yml"
    path.write_text(f'format: pysolver-oracle/1\ncards:\n- name: {name}\n  types: [{types}]\n  oracle: "{oracle}"\n',
                    encoding="utf-8")
    return path


def test_twelve_doublers_are_followed(cli, tmp_path):
    code, out, err = cli("next", board(tmp_path, 12), "--cards", CARDS, "activate", "pinger", "1",
                         "target=Bob", "resolve")
    assert (code, err) == (0, "")
    assert "  - Prodigal Sorcerer deals 4096 damage to Bob: Bob loses 4096 life (CR 120.3a; 20 -> -4076)\n" in out


def test_thirteen_effects_on_one_damage_event_are_refused(cli, tmp_path):
    path = board(tmp_path, 13)
    assert cli("next", path, "--cards", CARDS, "activate", "pinger", "1", "target=Bob", "resolve") == (
        3, "", f"error: {path}: resolve: pinger-1: the damage Prodigal Sorcerer would deal to Bob is changed by more "
               "than 12 prevention and replacement effects, or by its orders to more than the 1,000,000 a board holds, "
               "which next doesn't follow (CR 616.1, 614.1a)\n")


def test_damage_doubled_past_a_million_is_refused(cli, tmp_path):
    cards = oracle_card(tmp_path, "Test Cannon", "Artifact", "{T}: This artifact deals 1000 damage to any target.")
    within = board(tmp_path, 9, "Test Cannon", life=1_000_000)
    code, out, _ = cli("next", within, "--cards", CARDS, "--cards", cards, "activate", "pinger", "1", "target=Bob",
                       "resolve")
    assert code == 0 and "Test Cannon deals 512000 damage to Bob: Bob loses 512000 life" in out
    past = board(tmp_path, 10, "Test Cannon", life=1_000_000)
    assert cli("next", past, "--cards", CARDS, "--cards", cards, "activate", "pinger", "1", "target=Bob",
               "resolve") == (
        3, "", f"error: {past}: resolve: pinger-1: the damage Test Cannon would deal to Bob is changed by more than 12 "
               "prevention and replacement effects, or by its orders to more than the 1,000,000 a board holds, which "
               "next doesn't follow (CR 616.1, 614.1a)\n")


def test_a_life_total_past_the_range_of_a_board_is_refused(cli, tmp_path):
    cards = oracle_card(tmp_path, "Test Spring", "Land", "{T}: Add {W}. You gain 1 life.")
    path = tmp_path / "board.yaml"
    path.write_text("players: [{name: Alice, life: 1000000}, Bob]\n"
                    "turn: {number: 3, active: Alice, step: precombat_main}\n"
                    "battlefield:\n- {id: spring, card: Test Spring, controller: Alice}\n", encoding="utf-8")
    assert cli("next", path, "--cards", cards, "activate", "spring", "1") == (
        3, "", f"error: {path}: the board that follows is past the range a board holds: players[0].life: 1000001 is "
               "greater than the maximum of 1000000\n")


def test_mana_shows_unbounded_damage_as_not_modelled(cli, tmp_path):
    cards = oracle_card(tmp_path, "Test Pain Land", "Land", "{T}: Add {R}. This land deals 1 damage to you.")
    path = tmp_path / "board.yaml"
    path.write_text("players: [Alice, Bob]\nturn: {number: 3, active: Bob, step: precombat_main}\nbattlefield:\n"
                    "- {id: pain, card: Test Pain Land, controller: Bob}\n"
                    + "".join(f"- {{id: d{i}, card: Dictate of the Twin Gods, controller: Bob}}\n" for i in range(13)),
                    encoding="utf-8")
    code, out, err = cli("mana", path, "pain", "--cards", CARDS, "--cards", cards)
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == [
        "MANA  EFFECTS",
        "{R}   pain: Test Pain Land's damage: more than 12 prevention and replacement effects apply, or an order deals "
        "more than 1,000,000 (not modelled)"]


def gain_board(tmp_path, doublers: int) -> tuple[Path, Path]:
    cards = oracle_card(tmp_path, "Test Spring", "Land", "{T}: Add {W}. You gain 1 life.")
    path = tmp_path / f"gain-{doublers}.yaml"
    path.write_text("players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n"
                    "- {id: spring, card: Test Spring, controller: Alice}\n"
                    + "".join(f"- {{id: r{i}, card: Rhox Faithmender, controller: Alice}}\n" for i in range(doublers)),
                    encoding="utf-8")
    return path, cards


def test_a_gain_doubled_nineteen_times_is_followed(cli, tmp_path):
    path, cards = gain_board(tmp_path, 19)
    code, out, _ = cli("next", path, "--cards", GAIN_CARDS, "--cards", cards, "activate", "spring", "1")
    assert code == 0 and "  - Alice gains 524288 life (CR 119.3)\n" in out


def test_a_gain_doubled_past_a_life_totals_range_is_refused(cli, tmp_path):
    """32 doublers: 2^32 wrapped to 0, and next and mana showed no gain at all."""
    path, cards = gain_board(tmp_path, 32)
    assert cli("next", path, "--cards", GAIN_CARDS, "--cards", cards, "activate", "spring", "1") == (
        2, "", f"error: {path}: action 1 (activate spring 1): activate spring: spring's mana ability has an effect next "
               "doesn't apply yet (spring: A player gains life that replacement effects double past the 1,000,000 a "
               "life total holds (not modelled))\n")
    code, out, err = cli("mana", path, "spring", "--cards", GAIN_CARDS, "--cards", cards)
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == [
        "MANA  EFFECTS",
        "{W}   spring: A player gains life that replacement effects double past the 1,000,000 a life total holds "
        "(not modelled)"]


def test_a_spells_gain_doubled_past_a_life_totals_range_is_refused(cli, tmp_path):
    """32 doublers: "Alice gains 0 life" before."""
    path = tmp_path / "board.yaml"
    path.write_text("players: [{name: Alice, hand: [Healing Draught], mana_pool: '{W}'}, Bob]\n"
                    "turn: {number: 4, active: Alice, step: precombat_main}\nbattlefield:\n"
                    + "".join(f"- {{id: r{i}, card: Rhox Faithmender, controller: Alice}}\n" for i in range(32)),
                    encoding="utf-8")
    spells = Path(__file__).parent / "cases" / "next" / "player-events.yml"
    assert cli("next", path, "--cards", GAIN_CARDS, "--cards", spells, "cast", "Healing Draught", "resolve") == (
        3, "", f"error: {path}: resolve: replacement effects double Alice's life gain past the 1,000,000 a life total "
               "holds (CR 614.1a, 616.1), which isn't followed\n")
