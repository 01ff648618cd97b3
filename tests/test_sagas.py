"""Sagas (CR 714; issue 13): chapter abilities compiled as triggers on lore counters reaching their number
(714.2b, 714.2c; pysolver/cards/oracle_counter_events.py), the lore counter a Saga enters with (714.3a) and the
one of each precombat main phase (714.3b, asp/turn.lp: `turn` lists it and what it triggers, `next` puts it), and
the sacrifice of a Saga whose lore counters reached its final chapter number (714.2d, 714.4, asp/state_based.lp).
The Sagas are made from Oracle-like text by the compiler itself."""

from __future__ import annotations

import json

import pytest

import pysolver
from helpers import write_inputs
from pysolver.cards.oracle import compile_card
from pysolver.cards.oracle_counter_events import roman
from pysolver.query.turn import LoreCounterAdded, put_lore_counters

TALE = "I — You gain 2 life.\nII — You gain 3 life.\nIII — You gain 4 life."


def chapter(number: int, text: str, do: list | None = None) -> dict:
    return {"triggered": {"when": {"event": "counters_put", "kind": "lore", "reaches": number, "chapter": True},
                          **({"do": do} if do else {}), "text": text}}


def test_roman_numerals():
    assert [roman(n) for n in ("I", "II", "III", "IV", "V", "VI", "IX", "X", "XII")] == [1, 2, 3, 4, 5, 6, 9, 10, 12]


@pytest.mark.parametrize(("text", "abilities"), [
    (TALE, [chapter(1, "you gain 2 life", [{"gain_life": 2}]), chapter(2, "you gain 3 life", [{"gain_life": 3}]),
            chapter(3, "you gain 4 life", [{"gain_life": 4}])]),
    # CR 714.2c: one ability for each numeral
    ("I, II — You gain 1 life.\nIII — Draw a card.",
     [chapter(1, "you gain 1 life", [{"gain_life": 1}]), chapter(2, "you gain 1 life", [{"gain_life": 1}]),
      chapter(3, "draw a card", [{"draw": 1}])]),
    # "this Saga" is the card itself (as "this artifact" is)
    ("I — This Saga deals 1 damage to each creature without flying.",
     [chapter(1, "Tale deals 1 damage to each creature without flying")]),
])
def test_chapter_abilities(text, abilities):
    result = compile_card("Tale", text, "Enchantment — Saga")
    assert (result.status, result.card["abilities"]) == ("ok", abilities)
    assert {s["class"] for s in result.sentences} == {"compiled"}


@pytest.mark.parametrize(("line", "left"), [
    ('I — This Saga gains "{T}: Add {C}."', True),  # CR 611.2c: no duration, it lasts
    ("I — Creatures you control get +1/+1.", True),
    ("I — Spells you cast this turn cost {1} less to cast.", True),
    ("I — Until your next turn, creatures your opponents control get -1/-0.", True),
    ("I — Target creature gets +2/+2 until end of turn.", False),  # a board states it (until_end_of_turn)
    ("I — Each opponent loses 2 life.", False),
    # CR 111.3: a token's abilities from its creation are its text, the board's token lists (Rite of Belzenlok)
    ('III — Create a 6/6 black Demon creature token with flying, trample, and "At the beginning of your upkeep, '
     'sacrifice another creature. If you can\'t, this token deals 6 damage to you."', False),
    ('I — Create a token that\'s a copy of target creature, except it has "At the beginning of the end step, '
     'sacrifice it."', True),
])
def test_a_chapter_that_leaves_an_effect_no_board_states_is_not_understood(line, left):
    """CR 714.2b, 611.2: a Saga with more lore counters may have had the chapter resolve earlier: what it left that
    no board states would be missing from every answer, so the card is partial with that sentence."""
    result = compile_card("Tale", line + "\nII — You gain 1 life.", "Enchantment — Saga")
    assert (result.status, result.ignored) == (("partial", [line.replace("This Saga", "~")]) if left else ("ok", []))
    assert len(result.card["abilities"]) == 2  # compiled all the same: its final chapter number (714.2d)


def cards(tmp_path, *extra: tuple[str, str, str]):
    made = [compile_card(name, text, type_line).card for name, text, type_line in
            [("Tale", TALE, "Enchantment — Saga"), *extra]]
    return write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": made})[1]


def outcomes(cli, tmp_path, board: str, *actions: str, extra: tuple = ()):
    path, _ = write_inputs(tmp_path, board=board)
    code, out, err = cli("next", path, *actions, "--cards", cards(tmp_path, *extra), "--json")
    assert (code, err) == (0, "")
    return json.loads(out)["outcomes"]


def test_a_saga_enters_with_a_lore_counter_and_its_first_chapter_triggers(cli, tmp_path):
    """CR 714.3a, 714.2b: cast and resolved, it enters with a lore counter, and chapter I triggers and resolves."""
    [entered] = outcomes(cli, tmp_path, """\
        players: [{name: Alice, hand: [Tale], mana_pool: '{W}{W}'}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """, "cast", "Tale", "resolve", "resolve")
    assert entered["events"][1:] == [
        "tale resolves: it becomes a permanent (CR 608.3a)", "tale enters untapped",
        "tale enters with a lore counter (a Saga, CR 714.3a)", "put tale-1 (Tale, tale:1) on the stack",
        "tale-1 (Tale, tale:1) resolves", "Alice gains 2 life (CR 119.3)"]
    assert entered["board"]["battlefield"][0]["counters"] == {"lore": 1}
    assert entered["board"]["players"][0]["life"] == 22


def test_the_precombat_main_phase_lore_counter_and_the_final_chapter(cli, tmp_path):
    """CR 714.3b: the active player's Saga gets a lore counter as their precombat main phase begins (the other
    player's doesn't); chapter III triggers, and the Saga isn't sacrificed while it waits and is on the stack
    (714.4), then is once it has resolved."""
    board = """\
        players: [{name: Alice, library: [Island]}, Bob]
        turn: {number: 3, active: Alice, step: draw}
        battlefield:
        - {id: tale, card: Tale, controller: Alice, counters: {lore: 2}}
        - {id: theirs, card: Tale, controller: Bob, counters: {lore: 1}}
        """
    [begun] = outcomes(cli, tmp_path, board, "pass")
    assert begun["events"] == ["precombat_main step begins", "put a lore counter on tale (CR 714.3b)",
                               "1 ability triggers as lore counters are put (CR 714.3b, 603.2)",
                               "put tale-3 (Tale, tale:3) on the stack"]
    assert [(p["id"], p["counters"]) for p in begun["board"]["battlefield"]] == [("tale", {"lore": 3}),
                                                                                ("theirs", {"lore": 1})]
    [resolved] = outcomes(cli, tmp_path, board, "pass", "resolve")
    assert resolved["events"][-3:] == ["tale-3 (Tale, tale:3) resolves", "Alice gains 4 life (CR 119.3)",
                                       "sacrifice tale (a Saga with as many lore counters as its final chapter "
                                       "number, CR 714.4)"]
    assert [p["id"] for p in resolved["board"]["battlefield"]] == ["theirs"]
    assert resolved["board"]["players"][0]["graveyard"] == ["Tale"]


def test_a_saga_that_lost_its_chapter_abilities_is_sacrificed(cli, tmp_path):
    """CR 714.2d: with no chapter ability (Blood Moon: a nonbasic land loses its abilities, 305.7) its final
    chapter number is 0, which its lore counters reach: it is sacrificed (714.4)."""
    [checked] = outcomes(cli, tmp_path, """\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: land, card: Land Tale, controller: Alice, counters: {lore: 1}}
        - {id: moon, card: Blood Moon, controller: Bob}
        """, "check", extra=(("Land Tale", "I — You gain 2 life.\nII — You gain 3 life.",
                              "Enchantment Land — Urza's Saga"),))
    assert checked["events"] == ["sacrifice land (a Saga with as many lore counters as its final chapter number, "
                                 "CR 714.4)"]


def test_turn_lists_the_lore_counter_and_the_chapter(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board="""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: upkeep}
        battlefield:
        - {id: tale, card: Tale, controller: Alice, counters: {lore: 1}}
        - {id: theirs, card: Tale, controller: Bob, counters: {lore: 1}}
        """)
    code, out, err = cli("turn", path, "--cards", cards(tmp_path), "--json")
    assert (code, err) == (0, "")
    [main] = [s for s in json.loads(out)["steps"] if s["step"] == "precombat_main"]
    assert (main["lore_counters"], [(t["source"], t["ability"]) for t in main["triggers"]]) == (["tale"],
                                                                                                [("tale", 2)])


def test_a_replacement_effect_on_the_lore_counter_is_refused(cli, tmp_path):
    """CR 614.1a, 616.1: whether "that many plus one" applies to the turn-based action's counter isn't judged."""
    path, _ = write_inputs(tmp_path, board="""\
        players: [{name: Alice, library: [Island]}, Bob]
        turn: {number: 3, active: Alice, step: draw}
        battlefield:
        - {id: tale, card: Tale, controller: Alice, counters: {lore: 1}}
        - {id: doubler, card: Doubler, controller: Alice}
        """)
    card_file = cards(tmp_path, ("Doubler", "If one or more counters would be put on a permanent you control, that "
                                 "many plus one of each of those kinds of counters are put on it instead.",
                                 "Enchantment"))
    refusal = ("tale gets a lore counter as the precombat_main step begins (CR 714.3b), and doubler's replacement "
               "effect on counters put may change how many (CR 614.1a, 616.1), which isn't judged here")
    assert cli("next", path, "pass", "--cards", card_file) == (2, "", f"error: {path}: action 1 (pass): {refusal}\n")
    path, _ = write_inputs(tmp_path, board=path.read_text().replace("step: draw", "step: upkeep"))
    assert cli("turn", path, "--cards", card_file) == (2, "", f"error: {path}: {refusal}\n")


def test_turns_follow_the_lore_counters(cli, tmp_path):
    """CR 714.3b: the turn-based action is followed from turn to turn: a Saga with no chapter II gets its lore
    counter in Alice's turn with nothing triggering, and its chapter III triggers in her next turn."""
    path, _ = write_inputs(tmp_path, board="""\
        players: [{name: Alice, library: [Island, Island]}, {name: Bob, library: [Island]}]
        turn: {number: 3, active: Alice, step: upkeep}
        battlefield:
        - {id: gap, card: Gap Tale, controller: Alice, counters: {lore: 1}}
        """)
    card_file = cards(tmp_path, ("Gap Tale", "I — You gain 1 life.\nIII — You gain 3 life.", "Enchantment — Saga"))
    code, out, err = cli("turn", path, "--turns", "3", "--cards", card_file, "--json")
    assert (code, err) == (0, "")
    mains = [[(s["lore_counters"], [(t["source"], t["ability"]) for t in s["triggers"]])
              for s in listed["steps"] if s["step"] == "precombat_main"] for listed in json.loads(out)["turns"]]
    assert mains == [[(["gap"], [])], [([], [])], [(["gap"], [("gap", 2)])]]


def test_turn_turns_and_next_put_the_same_lore_counters(cli, tmp_path):
    """CR 714.3b: the lore counters of the precombat main phase are derived once (asp/turn.lp lore_counter_added,
    the count after it is put) and put on a board in one place (turn.put_lore_counters), which `next` and `turn
    --turns` both use: on a board with two Sagas (one with none, one reaching its final chapter) they agree."""
    board = """\
        players: [{name: Alice, library: [Island]}, Bob]
        turn: {number: 3, active: Alice, step: draw}
        battlefield:
        - {id: tale, card: Tale, controller: Alice, counters: {lore: 2}}
        - {id: gap, card: Gap Tale, controller: Alice}
        """
    extra = (("Gap Tale", "II — You gain 1 life.\nIII — You gain 3 life.", "Enchantment — Saga"),)
    [begun] = outcomes(cli, tmp_path, board, "pass", extra=extra)
    put = {p["id"]: p["counters"] for p in begun["board"]["battlefield"]}
    path, _ = write_inputs(tmp_path, board=board)
    listed = pysolver.load_board(path, [cards(tmp_path, *extra)])
    steps = pysolver.turn(listed)
    assert [(s.step, s.lore) for s in steps if s.lore] == [
        ("precombat_main", [LoreCounterAdded(1, "gap", 1), LoreCounterAdded(1, "tale", 3)])]
    turned = put_lore_counters(listed, [added for step in steps for added in step.lore])
    assert {p.id: dict(p.counters) for p in turned.battlefield} == put == {"tale": {"lore": 3}, "gap": {"lore": 1}}


AHEAD = ("Read ahead (Choose a chapter and start with that many lore counters. Add one after your draw step. Skipped "
         "chapters don't trigger. Sacrifice after III.)\n" + TALE)


def test_read_ahead_compiles_to_a_choice_as_it_enters():
    """CR 702.155b, 714.3a: read ahead is its controller's choice of a number as the Saga enters (chooses_as_it_enters:
    the numbers are its chapters'); the card was partial ("Read ahead." not understood: fails before)."""
    result = compile_card("Ahead Tale", AHEAD, "Enchantment — Saga")
    assert (result.status, result.card["keywords"], result.card["chooses_as_it_enters"]) == (
        "ok", ["Read ahead"], {"read_ahead": True})


def test_read_ahead_enters_with_each_chapter_chosen_and_only_that_chapter_triggers(cli, tmp_path):
    """CR 702.155b: Alice chooses one to three lore counters as it enters, an outcome each; CR 702.155a: only the
    chapter of that number triggers (the ones below it can't this turn), and with three it is its final chapter."""
    found = outcomes(cli, tmp_path, """\
        players: [{name: Alice, hand: [Ahead Tale], mana_pool: '{W}{W}'}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """, "cast", "Ahead Tale", "resolve", extra=(("Ahead Tale", AHEAD, "Enchantment — Saga"),))
    assert [(o["choices"], o["events"][-3:], o["board"]["battlefield"][0]["counters"],
             [(s["source"], s["ability"]) for s in o["board"]["stack"]]) for o in found] == [
        ([f"Alice chooses {n} lore counter{'s' if n > 1 else ''} (read ahead) as ahead-tale enters (CR 702.155b)"],
         ["ahead-tale enters untapped",
          f"ahead-tale enters with {n} lore counter{'s' if n > 1 else ''} (read ahead, CR 702.155b, 714.3a)",
          f"put ahead-tale-{n} (Ahead Tale, ahead-tale:{n}) on the stack"],
         {"lore": n}, [("ahead-tale", n)]) for n in (1, 2, 3)]


@pytest.mark.parametrize(("lore", "continuous", "entered", "triggered"), [
    ((0, 3), False, True, [3]),  # CR 702.155a: entering with three, only chapter III
    ((1, 3), True, False, [2, 3]),  # it didn't come this turn: both chapters it reaches
    ((1, 3), False, False, None),  # it came this turn, by entering or a control change: not judged
    # none before, yet not the counters it entered with: it came this turn by entering (then had its counters
    # removed: chapter III alone) or by a control change (II and III): not judged (it was taken as entering)
    ((0, 3), False, False, None),
])
def test_read_ahead_chapters_below_the_count_don_t_trigger_the_turn_it_entered(tmp_path, lore, continuous, entered,
                                                                                triggered):
    """CR 702.155a: "Chapter abilities of this Saga can't trigger the turn it entered the battlefield unless it has
    exactly the number of lore counters on it specified in the chapter symbol": an event of two or more lore counters
    (asp/counter_events.lp read_ahead_skips), judged where the board says it didn't come this turn."""
    from pysolver.errors import QueryError
    from pysolver.next_state import _counter_triggers

    _, card_file = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [
        compile_card("Ahead Tale", AHEAD, "Enchantment — Saga").card]})
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "tale", "card": "Ahead Tale", "controller": "Alice", "counters": {"lore": lore[1]},
                         "continuous_control": continuous}]}, [card_file])
    events = [("Alice", frozenset({("tale", "lore", *lore)}))]
    arrived = frozenset({"tale"} if entered else ())
    if triggered is None:
        with pytest.raises(QueryError) as refused:
            _counter_triggers(board, events, None, arrived)
        assert str(refused.value) == (
            "<board>: two or more lore counters were put on tale, a Saga with read ahead that came under its "
            "controller's control this turn: whether it entered this turn (its chapters below its count then don't "
            "trigger, CR 702.155a) or came by a control change the board doesn't say")
    else:
        assert [p.ability for p in _counter_triggers(board, events, None, arrived)] == triggered


def test_a_read_ahead_number_past_the_final_chapter_is_refused(cli, tmp_path):
    """CR 702.155b: the number chosen is one to the Saga's final chapter number."""
    path, _ = write_inputs(tmp_path, board="""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: tale, card: Ahead Tale, controller: Alice, counters: {lore: 1}, chosen: {read_ahead: '4'}}
        """)
    card_file = cards(tmp_path, ("Ahead Tale", AHEAD, "Enchantment — Saga"))
    assert cli("turn", path, "--cards", card_file) == (
        2, "", f"error: {path}: 4:93: battlefield[0].chosen.read_ahead: 4 is not a number Ahead Tale may choose with read "
               "ahead (one to its final chapter number, 3; CR 702.155b)\n")
