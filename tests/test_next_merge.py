"""next merges paths into one outcome by what they are, never by their words (pysolver/next_state.py:
Choice, merge_key), and checks on every query that, for each way of making the choices, the outcomes'
probabilities sum to exactly 1 (_check_paths; CR 706.1)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from helpers import CASES
from pysolver import api, next_state
from pysolver.errors import EncodingError
from pysolver.events import Event

NEXT = CASES / "next"
PROWESS_CARDS = [str(NEXT / name) for name in ("granted-prowess.yml", "targets.yml", "prowess.yml")]
PROWESS_BOARD = {
    "players": [{"name": "Alice", "hand": ["Searing Spear"], "mana_pool": "{R}{R}"}, "Bob"],
    "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
    "battlefield": [{"id": "captain", "card": "Test Captain", "controller": "Alice"},
                    {"id": "monk", "card": "Jeskai Elder", "controller": "Alice"}]}
BOMBARDMENT_BOARD = {
    "players": ["Alice", "Bob"],
    "turn": {"number": 6, "active": "Alice", "step": "end"},
    "battlefield": [{"id": "hb", "card": "Haphazard Bombardment", "controller": "Alice"},
                    {"id": "watcher", "card": "Test Carrion Watcher", "controller": "Alice"},
                    {"id": "bears-a", "card": "Grizzly Bears", "controller": "Bob", "counters": {"aim": 1}},
                    {"id": "bears-b", "card": "Grizzly Bears", "controller": "Bob", "counters": {"aim": 1}},
                    {"id": "forest", "card": "Forest", "controller": "Bob", "counters": {"aim": 1}}],
    "stack": [{"id": "hb-2", "card": "Haphazard Bombardment", "controller": "Alice", "source": "hb", "ability": 2}]}


def test_two_orders_worded_alike_are_two_outcomes(monkeypatch):
    """Commit a33f5c2b's case with the stack ids it gave before (printed and granted prowess both
    'monk-1' first): the two orders of putting them on the stack read alike, 'monk-1, then monk-1-2',
    and were one outcome of probability 2.  They are two choices (which ability goes first, CR 603.3b),
    each of probability 1."""
    new_id = next_state.new_id
    monkeypatch.setattr(next_state, "new_id", lambda board, base: new_id(board, base.split(".")[0]))
    results = api.next_states(api.board_from_data(PROWESS_BOARD, PROWESS_CARDS),
                              ["cast", "Searing Spear", "target=Bob", "resolve", "resolve"])
    order = "Alice puts their triggered abilities on the stack: monk-1, then monk-1-2 (CR 603.3b)"
    assert [(r.probability, r.choices) for r in results] == [(Fraction(1), (order,)), (Fraction(1), (order,))]
    assert {r.events[1:3] for r in results} == {
        ("put monk-1 (Jeskai Elder, monk:1) on the stack", "put monk-1-2 (Test Captain, monk:1.1) on the stack"),
        ("put monk-1 (Test Captain, monk:1.1) on the stack", "put monk-1-2 (Jeskai Elder, monk:1) on the stack")}
    assert results[0].board == results[1].board
    assert results[0].decided != results[1].decided


def test_each_way_of_choosing_sums_to_one_and_no_two_outcomes_are_alike():
    """Haphazard Bombardment destroys one of three at random, then Alice chooses the target of the
    dies trigger of either Grizzly Bears: five outcomes, 1/3 each; for each target she would choose,
    1/3 + 1/3 + 1/3 = 1."""
    board = api.board_from_data(BOMBARDMENT_BOARD, [str(NEXT / "structural-merge.yml")])
    results = api.next_states(board, ["resolve"])
    keys = [(r.decided, r.events, str(r.board)) for r in results]
    assert len(set(keys)) == len(keys) == 5
    assert {r.probability for r in results} == {Fraction(1, 3)}
    for target in ("Alice", "Bob"):
        chosen = [r for r in results if not r.decided or r.decided[0].what[-1] == (("player", target),)]
        assert sum(r.probability for r in chosen) == 1


def _board():
    return api.board_from_data({"players": ["Alice", "Bob"]})


def test_a_path_counted_twice_is_refused():
    """Two paths told apart by no choice and no random choice: counted twice (probability 2 in all)."""
    parent = next_state.Branch(_board())
    twice = [parent.then(parent.board, events=[Event("a")]), parent.then(parent.board, events=[Event("b")])]
    with pytest.raises(EncodingError, match="told apart by no choice and no random choice"):
        next_state._check_paths(parent, twice, "resolve")


def test_a_choice_worded_alike_is_two_options():
    parent = next_state.Branch(_board())
    options = [parent.then(parent.board, choices=[next_state.Choice(("x", n), "Alice chooses")]) for n in (1, 2)]
    next_state._check_paths(parent, options, "resolve")
    assert next_state.merge_key(options[0]) != next_state.merge_key(options[1])
    alike = next_state.Choice(("x", 1), "worded otherwise")
    assert next_state.merge_key(parent.then(parent.board, choices=[alike])) == next_state.merge_key(options[0])


def test_random_picks_add_up_and_one_left_out_is_refused():
    parent = next_state.Branch(_board())
    picks = [parent.then(parent.board, probability=Fraction(1, 3), chance=next_state.Chance((n,), 3))
             for n in range(3)]
    then_chosen = [b.then(b.board, choices=[next_state.Choice(("target", t), t)]) for b in picks[:2]
                   for t in ("Alice", "Bob")]
    next_state._check_paths(parent, then_chosen + picks[2:], "resolve")  # a choice after the random one
    with pytest.raises(EncodingError, match="add up to 2/3, not 1"):
        next_state._check_paths(parent, picks[:2], "resolve")
    half = then_chosen[0].then(parent.board, probability=Fraction(1, 2), chance=next_state.Chance(("heads",), 2))
    with pytest.raises(EncodingError, match="options of a choice lead to paths of probabilities that differ"):
        next_state._check_paths(parent, [half] + then_chosen[1:] + picks[2:], "resolve")  # tails left out


def test_events_are_compared_as_data_never_as_words():
    """Two events worded alike are two events when what they are about differs (pysolver/events.py: a form
    and its values, worded only at the output edge); the same event worded otherwise is the same."""
    parent = next_state.Branch(_board())
    one, other = (parent.then(parent.board, events=[Event("destroy {} (at random)", (obj,))]) for obj in ("a", "b"))
    alike = parent.then(parent.board, events=[Event("{}", ("destroy a (at random)",))])
    assert one.events[0].words() == alike.events[0].words() == "destroy a (at random)"
    assert len({next_state.merge_key(b) for b in (one, other, alike)}) == 3


def test_merging_reads_no_words(monkeypatch):
    """No two different events of next's are worded alike: each path a random choice starts names the object
    picked, by id (CR 706.1, 701.7a: 'destroy bears-a (at random)'), and every other path differs by a choice,
    compared as data; so the outcomes were never merged wrongly by their words.  This pins that they aren't
    merged by words at all: with every event and choice worded the same, the same five outcomes, 1/3 each."""
    monkeypatch.setattr(Event, "words", lambda self: "the same words")
    board = api.board_from_data(BOMBARDMENT_BOARD, [str(NEXT / "structural-merge.yml")])
    results = api.next_states(board, ["resolve"])
    assert [r.probability for r in results] == [Fraction(1, 3)] * 5
    assert {r.events for r in results} == {("the same words",) * len(r.events) for r in results}
    assert len({(r.decided, r.happened) for r in results}) == 5
    assert {e.form for r in results for e in r.happened} >= {"destroy {} (at random)"}


def test_a_mana_abilitys_sacrifice_exiled_instead_is_an_event():
    """CR 614.1a: Fading Spring sacrificed for its mana while Samurai of the Pale Curtain says 'If a permanent
    would be put into a graveyard, exile it instead' is exiled; the event went into the words of the way of
    paying, which a single way doesn't show, so no event said it."""
    cards = [str(NEXT / name) for name in ("others-exiled.yml", "from-anywhere.yml", "triggers.yml")]
    board = api.board_from_data({
        "players": [{"name": "Alice", "hand": ["Tarpan"]}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "samurai", "card": "Samurai of the Pale Curtain", "controller": "Alice"},
                        {"id": "spring", "card": "Fading Spring", "controller": "Alice"}]}, cards)
    (result,) = api.next_states(board, ["cast", "Tarpan"])
    assert (result.choices, result.events) == ((), (
        "Alice activates spring's mana ability 1 [{T}, Sacrifice this land: Add {G}.]: adds {G} (CR 605.3b, 106.4)",
        "spring is exiled instead of being put into Alice's graveyard (a replacement effect, CR 614.1a)",
        "Alice casts Tarpan as tarpan, paying {G} (CR 601.2)"))
    assert result.board["players"][0]["exile"] == ["Fading Spring"]
