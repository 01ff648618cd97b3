"""What happens next: a board and an action in, every distinct resulting board out.

The rules decide what happens (asp/outcomes.lp for resolving abilities,
asp/state_based.lp, asp/zone_change.lp, asp/actions.lp, asp/x.lp, asp/turn.lp);
this module applies the decided changes to a board and writes the new board
as a board document (docs/board-format.md), so steps chain.

A branch is one path: the board so far, its probability (the product of 1/N
over random choices), the choices and the events on the way, and the
triggered abilities waiting to be put on the stack (CR 603.3).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from operator import attrgetter
from typing import Any, Sequence

from clingo import Symbol, SymbolType

from pysolver import activations, consistency, day_night, exiled_instead, facts, player_triggers, schemas, solver
from pysolver import trigger_limits, triggered_mana
from pysolver import targets as targeting
from pysolver import counters as counter_rules
from pysolver.counters import final_chapter
from pysolver.facts import targets as targets_facts
from pysolver import face_down as face_downs
from pysolver.board import FORMAT, Board, Permanent, Player, StackItem, board_from_data, chosen_entry, slug
from pysolver.cards.library import ALLOW_PARTIAL, has_flashback
from pysolver.cards import Card, Library
from pysolver.mana import TYPE_NAMES
from pysolver.schemas import STAT_KEYS
from pysolver.facts import next_steps
from pysolver.life_gain_order import gain_replacers, refuse_order_dependent_gains, refuse_unjudged_gains
from pysolver.side_effects import COSTS
from pysolver.damage_triggers import refuse_damage_triggers
from pysolver.events import Event, in_text_order, words
from pysolver.errors import BoardError, EncodingError, LimitExceeded, PysolverError, QueryError, Unavailable
from pysolver.predicates import ModelAtoms, Reader, signature
from pysolver.query import next_atoms as na
from pysolver.query import outcomes as oc
from pysolver.query import resolve_atoms as ra
from pysolver.query import x_value
from pysolver.query.outcomes import KEYWORD_TRIGGERS, _key, _printed, refuse_granted_triggers
from pysolver.query.turn import (EchoUnjudged, LoreCounterAdded, LoreUnjudged, Triggers, echo_unjudged_error,
                                 put_lore_counters, refuse_unjudged_entries)
from pysolver.state_based import LOSS_RULE, SBA_WHY, game_end, refuse_pending
from pysolver.terms import stack_trigger
from pysolver.words import plural

# The entry programs (asp/query/next_*.lp): the rules files each step grounds, and its #shows.
ZONE_RULES = solver.entry("next_zone")
RESOLVE_RULES = solver.entry("next_resolve")
SBA_RULES = solver.entry("next_sba")
STEP_RULES = solver.entry("next_step")
CAST_RULES = solver.entry("next_cast")
SPELL_RULES = solver.entry("next_spell")
# The keys of a filter the rules judge on a spell's card (card_fails/2, asp/filter_conditions.lp).
CARD_FILTER_KEYS = {"types", "not_types", "subtypes", "not_subtypes", "supertypes", "not_supertypes", "colors",
                    "colorless", "multicolored",
                    "max_mana_value", "min_mana_value", "x_in_mana_cost", "any_of",
                    "keywords", *STAT_KEYS}  # CR 702.1, 208.1: printed (filter_conditions.lp)
MAX_SBA_ROUNDS = 100
MAX_STEPS = 200  # steps passed by one `pass` (a loop of skipped steps would never end)
TYPES = "WUBRGC"


@dataclass(frozen=True)
class Pending:
    """A triggered ability waiting to be put on the stack (CR 603.3)."""

    source: str
    card: str
    ability: int | str
    controller: str
    last_known: tuple[tuple[str, int], ...] | None = None
    storm_count: int | None = None  # a storm trigger: spells cast before its spell this turn (CR 702.40a)
    last_known_keywords: tuple[str, ...] | None = None
    last_known_controller: str | None = None  # kept with the keywords (CR 113.7a: lifelink's gainer, 120.3f)
    granted: int | None = None  # granted by the card's static ability ``ability``: its place among its grants (613.1f)


@dataclass(frozen=True)
class Choice:
    """A player's choice on a path: ``what`` it is, in a canonical structured form (its kind, then
    the ids, players, abilities and options chosen), by which paths are compared and merged, and
    its ``words``, shown and never compared: two choices worded alike are still two choices."""

    what: tuple
    words: str = field(compare=False)


@dataclass(frozen=True)
class Chance:
    """A random choice on a path (CR 706.1): what was picked, one of ``among`` candidates alike likely."""

    picked: tuple
    among: int


@dataclass(frozen=True)
class Stop:
    """Where a branch of a chain stopped: its action ``number`` (from 1), the action's ``words``, and
    why that branch's board doesn't allow it (``reason``, errors.Unavailable's message); the actions
    from it on weren't taken on that branch, whose board is the one before it."""

    number: int
    words: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"action": self.number, "words": self.words, "reason": self.reason}


@dataclass
class Branch:
    board: Board
    probability: Fraction = Fraction(1)
    # The choices and random choices since the last merge of paths (next_states), in order.
    trail: tuple[Choice | Chance, ...] = ()
    events: tuple[Event, ...] = ()
    pending: tuple[Pending, ...] = ()
    drew_empty: frozenset[str] = frozenset()
    # CR 702.2b, 704.5h: permanents dealt damage by a source with deathtouch since the last check
    deathtouched: frozenset[str] = frozenset()
    stopped: Stop | None = None  # the action of the chain this branch couldn't take (next_states)

    @property
    def choices(self) -> tuple[Choice, ...]:
        return tuple(c for c in self.trail if isinstance(c, Choice))

    def then(self, board: Board, *, probability: Fraction = Fraction(1), choices: list[Choice] | None = None,
             events: list[Event] | None = None, pending: list[Pending] | None = None,
             drew_empty: frozenset[str] | None = None, deathtouched: frozenset[str] = frozenset(),
             chance: Chance | None = None) -> Branch:
        assert chance is not None or probability == 1, "a path's probability changes by a random choice only"
        board = on_path(board, self.board)
        return Branch(board, self.probability * probability,
                      self.trail + tuple(choices or ()) + ((chance,) if chance is not None else ()),
                      self.events + tuple(events or ()),
                      tuple(self._last_known(t, board) for t in self.pending) + tuple(pending or ())
                      + tuple(_last_counter_triggers(self.board, board)),
                      self.drew_empty if drew_empty is None else drew_empty, self.deathtouched | deathtouched)

    def _last_known(self, waiting: Pending, board: Board) -> Pending:
        """A waiting ability whose source leaves the battlefield before it is put on the stack
        (a 0-toughness creature's enters trigger, CR 704.5f) keeps its source as it last
        existed there (CR 603.10a, 608.2h, 113.7a)."""
        source = self.board.permanent(waiting.source)
        if waiting.last_known is not None or source is None or board.permanent(waiting.source) is not None:
            return waiting
        keywords = _keywords_as_it_leaves(self.board, source.id, [waiting])
        return replace(waiting, last_known=source.counters, last_known_keywords=keywords,
                       last_known_controller=source.controller if keywords is not None else None)


@dataclass
class Result:
    probability: Fraction
    choices: tuple[str, ...]
    events: tuple[str, ...]
    board: dict[str, Any]
    decided: tuple[Choice, ...] = ()  # the choices as data (Choice.what): what tells results apart, with the board
    stopped: Stop | None = None  # the action this branch of the chain couldn't take, and why
    happened: tuple[Event, ...] = ()  # the events as data (pysolver/events.py), which tell results apart

    def to_json(self) -> dict[str, Any]:
        out = {"probability": str(self.probability), "choices": list(self.choices),
               "events": list(self.events), "board": self.board}
        if self.stopped is not None:
            out["stopped"] = self.stopped.to_json()
        return out


# --------------------------------------------------------------- board <-> data
def _pool(counts: dict[str, int]) -> str:
    return "".join(f"{{{t}}}" * counts.get(t, 0) for t in TYPES)


def _pool_counts(pool: str) -> dict[str, int]:
    return facts._pool_counts(pool)


def to_data(board: Board) -> dict[str, Any]:
    """The board as a full-form board document (defaults left out)."""
    players: list[Any] = []
    for p in board.players:
        entry: dict[str, Any] = {"name": p.name}
        if p.commander_colors is not None:
            entry["commander_colors"] = list(p.commander_colors)
        if p.life != 20:
            entry["life"] = p.life
        if p.mana_pool:
            entry["mana_pool"] = p.mana_pool
        for key in ("graveyard", "hand", "exile"):
            if getattr(p, key):
                entry[key] = list(getattr(p, key))
        if p.library is not None:
            entry["library"] = list(p.library)
        if p.speed is not None:
            entry["speed"] = p.speed
        if p.starting_life is not None:
            entry["starting_life"] = p.starting_life
        if p.lost:
            entry["lost"] = True
        if p.spells_cast_this_turn:
            entry["spells_cast_this_turn"] = p.spells_cast_this_turn
        if p.life_gained:
            entry["life_gained"] = p.life_gained
        if p.poison:
            entry["poison"] = p.poison
        if p.counters:  # CR 122.1
            entry["counters"] = dict(p.counters)
        for designation in ("monarch", "initiative", "city_blessing"):  # CR 722.1, 723.1, 702.131c
            if getattr(p, designation):
                entry[designation] = True
        if p.completed_dungeons:  # CR 309.7
            entry["completed_dungeons"] = list(p.completed_dungeons)
        players.append(entry)
    turn: dict[str, Any] = {"number": board.turn_number, "active": board.active_player, "step": board.step}
    if board.lands_played:
        turn["lands_played"] = board.lands_played
    if board.additional_steps:
        turn["additional_steps"] = list(board.additional_steps)
    if board.resume_after is not None:
        turn["resume_after"] = board.resume_after
    if board.extra_turns:
        turn["extra_turns"] = list(board.extra_turns)
    if board.previous_turns:  # CR 500.7: where extra turns were taken
        turn["previous_turns"] = dict(board.previous_turns)
    if board.starting_player is not None and board.turn_number > 1:  # on turn 1, the active player
        turn["starting_player"] = board.starting_player
    if board.upkeeps is not None:
        turn["upkeeps"] = board.upkeeps
    data: dict[str, Any] = {"format": FORMAT, "players": players, "turn": turn}
    battlefield = []
    for m in board.battlefield:
        entry = {"id": m.id, "card": m.card, "controller": m.controller}
        if m.owner != m.controller:
            entry["owner"] = m.owner
        if m.tapped:
            entry["tapped"] = True
        counters = {k: n for k, n in m.counters if n > 0}
        if counters:
            entry["counters"] = counters
        if m.attached_to is not None:
            entry["attached_to"] = {m.attached_to[0]: m.attached_to[1]}
        if not m.continuous_control:
            entry["continuous_control"] = False
        for key in ("x", "copy_of", "power", "toughness", "level"):
            if getattr(m, key) is not None:
                entry[key] = getattr(m, key)
        if m.skips_next_untap:
            entry["skips_next_untap"] = True
        entry["timestamp"] = m.timestamp
        if m.chosen:
            entry["chosen"] = chosen_entry(m.chosen)
        if m.entered:
            entry["entered"] = dict(m.entered)
        if m.token:
            entry["token"] = True
        if m.prototyped:
            entry["prototyped"] = True
        if m.commander:
            entry["commander"] = True
        if m.face_down is not None:
            entry["face_down"] = m.face_down
        if m.damage:
            entry["damage"] = m.damage
        if m.exiled:
            entry["exiled"] = list(m.exiled)
        if m.activated:
            entry["activated"] = {str(n): c for n, c in m.activated}
        if m.triggered:
            entry["triggered_this_turn"] = list(m.triggered)
        eot: dict[str, Any] = {k: v for k, v in (("power", m.eot_power), ("toughness", m.eot_toughness),
                                                  ("keywords", list(m.eot_keywords))) if v}
        if eot:
            entry["until_end_of_turn"] = eot
        battlefield.append(entry)
    if battlefield:
        data["battlefield"] = battlefield
    if board.effects:
        data["effects"] = [{"id": e.id, "card": e.card, "controller": e.controller,
                            "duration": e.duration, "timestamp": e.timestamp} for e in board.effects]
    stack = []
    for s in board.stack:
        entry = {"id": s.id, "card": s.card, "controller": s.controller}
        if s.x is not None:
            entry["x"] = s.x
        for key in ("copy", "without_paying_mana_cost", "resolving", "kicked", "evoked", "flashback"):
            if getattr(s, key):
                entry[key] = True
        if not s.cast:
            entry["cast"] = False
        for key in ("copy_of", "source", "ability", "granted", "enters_as_copy_of", "face_down", "cast_from",
                    "mana_spent"):
            if getattr(s, key) is not None:
                entry[key] = getattr(s, key)
        if s.last_known is not None:
            entry["last_known"] = {"counters": dict(s.last_known)}
            if s.last_known_keywords is not None:
                entry["last_known"]["keywords"] = list(s.last_known_keywords)
            if s.last_known_controller is not None:
                entry["last_known"]["controller"] = s.last_known_controller
        if s.targets:
            entry["targets"] = [{kind: ref} for kind, ref in s.targets]
        if s.storm_count is not None:
            entry["storm_count"] = s.storm_count
        stack.append(entry)
    if stack:
        data["stack"] = stack
    return data


def canonical(board: Board) -> str:
    return json.dumps(to_data(board), sort_keys=True)


def reload(board: Board, name: str) -> Board:
    """The board as a document, read again: every resulting board is a valid board file.  A number
    past the range a board holds (a life total after damage doubled again and again) is refused:
    the board that follows can't be written (issue 13: every number stays in range or the query
    refuses)."""
    data = to_data(board)
    try:
        return board_from_data(data, _library(board), name)
    except BoardError as error:
        found = schemas.first_error(schemas.BOARD_SCHEMA, data)
        if found is not None and found.validator in ("minimum", "maximum"):
            raise LimitExceeded(f"the board that follows is past the range a board holds: {error.place}: "
                                f"{error.detail}", file=name) from None
        raise RuntimeError(f"pysolver next produced an invalid board: {error}") from None  # a bug of the rules


# ----------------------------------------------------------------- helpers
def _library(board: Board) -> Library:
    assert board.library is not None, "a loaded board carries its card library"
    return board.library


def _card(board: Board, name: str) -> Card:
    card = _library(board).get(name)
    if card is None:
        raise QueryError(f"unknown card {name!r}", file=board.name)
    return card


def _ids(board: Board) -> set[str]:
    return {p.id for p in board.battlefield} | {e.id for e in board.effects} | {s.id for s in board.stack}


def new_id(board: Board, base: str) -> str:
    """A new object's id: free among the ids and the players' names (one namespace, board.py), the ids of the
    objects earlier on the path (``path_ids``) and the sources the abilities on the stack name, which may have left
    (CR 400.7: a new object is another object, whose id is unique within the path; 603.10a)."""
    taken = _ids(board) | board.path_ids | {s.source for s in board.stack if s.source} | {p.name for p in board.players}
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def on_path(board: Board, earlier: Board) -> Board:
    """``board`` after ``earlier`` on a path: it keeps the ids ``earlier`` held or kept (CR 400.7: new_id)."""
    ids = earlier.path_ids | _ids(earlier)
    return board if ids <= board.path_ids else replace(board, path_ids=board.path_ids | ids)


def _player(board: Board, name: str) -> tuple[int, Player]:
    for index, player in enumerate(board.players):
        if player.name == name:
            return index, player
    raise QueryError(f"no player {name!r}", file=board.name)


def _set_player(board: Board, name: str, **changes: Any) -> Board:
    players = [replace(p, **changes) if p.name == name else p for p in board.players]
    return replace(board, players=players)


def _gain_life(board: Board, name: str, amount: int) -> Board:
    """CR 119.3: the player's life total goes up, and so does the life they gained this turn."""
    player = _player(board, name)[1]
    return _set_player(board, name, life=player.life + amount, life_gained=player.life_gained + amount)


def _models(program: solver.Grounded, timeout: float | None) -> Iterator[ModelAtoms]:
    """Each model's shown atoms, read as typed predicates (pysolver.query.next_atoms); a
    model's atoms are sorted, so each predicate's records come in the order of their atoms.
    Every step of next has at least one model (an action, a check, an order of triggers): none
    would make a branch vanish without a word, so it is an error."""
    found = False
    for model in program.each_model(timeout):
        found = True
        yield ModelAtoms(program, model)
    if not program.exhausted:
        raise LimitExceeded("incomplete: the search was not exhausted")
    if not found:
        raise EncodingError(f"{program.program or 'the rules'} have no answer for this board, so no board "
                            "after it can be given (a contradiction the rules found, not an outcome)")


def _first_atoms(symbols: list[Symbol], rules: str, reads: Iterable[type], timeout: float | None) -> ModelAtoms:
    """The first model's atoms (``_models``), for a caller that reads only the predicates ``reads``
    (reading another is refused: ModelAtoms.reads).  When no rule that could derive one of them is kept
    on these facts and the cut has a model (solver.derives_none), the first model holds none of them,
    known without grounding (issue 16: in the ruling corpus about half of the trigger checks on
    next_zone, a board with no permanent whose trigger the event could set off)."""
    declared = frozenset(reads)
    wanted = frozenset(map(signature, declared))
    shown = solver.prepared((rules,)).shown  # one it doesn't show: grounded, and refused as it is read
    if (shown is None or wanted <= shown) and solver.derives_none(symbols, rules, wanted):
        return ModelAtoms(None, (), declared)
    atoms = next(iter(_models(solver.ground(symbols, rules), timeout)))
    atoms.reads = declared
    return atoms


# ``_all_models``: the models of the last few groundings, by their entry program and facts
# (each fact by its interned number: equal symbols, equal numbers, as solver.Grounded reads them).
_INTERNED = attrgetter("_rep")
MODELS_KEPT = 16
_MODELS: dict[tuple, list[ModelAtoms]] = {}


def _all_models(symbols: Sequence[Symbol], rules: str, timeout: float | None) -> list[ModelAtoms]:
    """Every model of ``rules`` on these facts (``_models``), in the order a fresh grounding
    gives them: the same facts and entry program give the same models, so those of the last
    few are kept and given again (issue 16: in the ruling corpus, 211 of 221 groundings that
    order a step's triggers, and 45 of 339 that begin or end a step, repeat one before them).
    Keyed by ``solver.ground`` as it is now: a test that wraps it sees every grounding."""
    key = (solver.ground, rules, tuple(map(_INTERNED, symbols)))
    found = _MODELS.pop(key, None)
    if found is None:
        found = list(_models(solver.ground(symbols, rules), timeout))
        if len(_MODELS) >= MODELS_KEPT:
            del _MODELS[next(iter(_MODELS))]  # the least recently used
    _MODELS[key] = found
    return found


# ``_sba_round``: the facts of the last boards on which no state-based action applies.
CHECKED_KEPT = 256
# What the first model of a check must hold for anything to apply (``_sba_round``).
SBA_SIGNALS = frozenset(map(signature, (na.SbaApplies, na.ToughnessUnknown, na.AttachmentUnjudged)))
_NOTHING_APPLIES: dict[tuple, None] = {}


def _counter_map(permanent: Permanent) -> dict[str, int]:
    return dict(permanent.counters)


def _keywords_as_it_leaves(board: Board, object_id: str,
                           waiting: Sequence[StackItem | Pending]) -> tuple[str, ...] | None:
    """CR 113.7a, 608.2h: the keywords a permanent has as it leaves the battlefield, kept for its
    abilities waiting to resolve that deal damage (120.3: deathtouch, lifelink, infect, wither);
    None when none of them deals damage."""
    if not any(_deals_damage(board, w.card, w.ability) for w in waiting):
        return None
    program = solver.ground(list(facts.board_facts(board)) + next_steps.last_known_asked(object_id), ZONE_RULES)
    answers = {frozenset(k.keyword for k in ModelAtoms(program, model)(na.LastKnownKeyword) if k.obj == object_id)
               for model in program.each_model(None)}
    if len(answers) != 1:
        raise QueryError(f"the keywords {object_id} has as it leaves the battlefield (CR 113.7a) aren't decided by "
                         "the board", file=board.name)
    return tuple(sorted(answers.pop()))


def _deals_damage(board: Board, card: str, ability: int | str | None) -> bool:
    """Whether the ability's effect deals damage (its card data's `do:`, or a trigger's rider
    "it deals N damage to you": asp/effects.lp)."""
    if not isinstance(ability, int):
        return False
    spec = targeting.spec_of(board, card, ability)
    return any(isinstance(e, dict) and "damage" in e for e in spec.get("do", [])) or any(
        isinstance(r, dict) and "damage_to_controller" in r for r in spec.get("riders", []))


def leave(board: Board, object_id: str, zone: str = "graveyard", told: list[Event] | None = None,
          judged: Board | None = None) -> Board:
    """A permanent leaves the battlefield (CR 400.7: it is a new object wherever it goes).
    A card goes to its owner's graveyard; a token ceases to exist (704.5d, 111.7).
    Abilities of it on the stack keep it as it last existed (CR 603.10a, 608.2h).  Its own
    replacement, or another permanent's, may exile it instead of the graveyard (CR 614.1a): said in
    ``told``, judged on ``judged``, the board as the event began (permanents leaving at the same time
    are still there, 614.1), or else ``board``."""
    gone = board.permanent(object_id)
    assert gone is not None
    held = gone.attached_to[1] if gone.attached_to is not None and gone.attached_to[0] == "permanent" else None
    if held is not None and board.permanent(held) is not None and _card(board, gone.card_name).data.get(
            "control_enchanted"):
        raise QueryError(f"{object_id} ({gone.card_name}) leaves the battlefield, and with it ends its control of "
                         f"{held} (CR 613.1b, 611.3a): who controls {held} then (the player it entered under, or "
                         "another control effect, CR 110.2) is not on the board", file=board.name)
    if zone == "graveyard":  # CR 614.1a: its own "exile it instead" (asp/zone_change.lp)
        as_it_began = judged if judged is not None else board
        zone = exiled_instead.from_battlefield(as_it_began, gone)
        if zone == "exile" and told is not None:
            told.append(exiled_instead.told(object_id, gone.owner, exiled_instead.own(board, gone)))
    if gone.commander:  # CR 903.9a-b: the owner's choice, of a zone the board doesn't hold
        rule = "903.9a" if zone in ("graveyard", "exile") else "903.9b"
        raise QueryError(f"{object_id} is a commander and leaves the battlefield for its owner's {zone}: "
                         f"{gone.owner} may put it into the command zone (CR {rule}), which a board doesn't "
                         "hold", file=board.name)
    battlefield = [p for p in board.battlefield if p.id != object_id]
    waiting = [s for s in board.stack if s.source == object_id and s.last_known is None]
    keywords = _keywords_as_it_leaves(board, object_id, waiting)
    controller = gone.controller if keywords is not None else None  # CR 113.7a: lifelink's gainer (120.3f)
    stack = [replace(s, last_known=gone.counters, last_known_keywords=keywords, last_known_controller=controller)
             if s in waiting else s for s in board.stack]
    stack = [targeting.left(s, object_id) for s in stack]  # CR 400.7, 608.2b
    board = replace(board, battlefield=battlefield, stack=stack, path_ids=board.path_ids | {object_id})  # CR 400.7
    if zone in ("graveyard", "exile") and not gone.token:
        _, owner = _player(board, gone.owner)
        board = _set_player(board, gone.owner, **{zone: getattr(owner, zone) + (gone.card,)})
    return board


def to_graveyard(board: Board, who: str, cards: Sequence[str], told: list[Event], by_opponent: bool = False,
                 **hand: tuple[str, ...]) -> Board:
    """Cards of ``who`` put into their graveyard from a hand or the stack (``hand``: their hand
    as it is left), or exiled instead by their own replacement effect (CR 614.1a;
    pysolver/exiled_instead.py), said in ``told``.  ``by_opponent``: discarded by a spell or ability an
    opponent of ``who`` controls (no caller yet: every discard next makes is its player's own, a cost or an
    entering permanent's replacement, or the cleanup step's, 514.1)."""
    for card in cards if hand and by_opponent else ():  # CR 614.1a, 701.8a: its own replacement of that discard
        if _card(board, card).data.get("discarded_by_opponent_instead"):
            raise QueryError(f"an opponent's spell or ability makes {who} discard {card}, which is put onto the "
                             "battlefield instead (CR 614.1a, 701.8a): not modelled", file=board.name)
    for card in cards if hand else ():  # from a hand: discarded (CR 701.8a)
        if _has_keyword(board, card, "madness"):
            raise QueryError(f"{who} would discard {card}, which has madness: it is exiled instead and its owner may "
                             "cast it for its madness cost (CR 702.35a), which next doesn't model", file=board.name)
    _, player = _player(board, who)
    zones = {"graveyard": list(player.graveyard), "exile": list(player.exile)}
    for card in cards:
        zone = exiled_instead.from_elsewhere(board, who, card)
        zones[zone].append(card)
        if zone == "exile":
            told.append(exiled_instead.told(card, who, exiled_instead.own_card(board.library, card)))
    return _set_player(board, who, **hand, graveyard=tuple(zones["graveyard"]), exile=tuple(zones["exile"]))


def enter(board: Board, permanent: Permanent) -> Board:
    return replace(board, battlefield=board.battlefield + [permanent])


# ------------------------------------------------------------ triggers to the stack
MAX_TRIGGER_ROUNDS = 8


def put_triggers(branch: Branch, timeout: float | None, depth: int = 0) -> list[Branch]:
    """CR 603.3b: pending triggered abilities go on the stack, APNAP, each player's in the
    order they choose (asp/zone_change.lp)."""
    if not branch.pending:
        return [branch]
    branch = _trigger_once(branch)
    board = branch.board
    for t in branch.pending:  # CR 603.3c, 603.3d: a mode and targets are chosen as it is put on the stack
        spec = _trigger_spec(board, t).get("triggered") if isinstance(t.ability, int) else None
        refused = _unstackable(spec) if spec else None
        if spec and t.granted is not None and spec.get("targets"):
            raise QueryError(f"{t.source}'s granted \"{spec['text']}\" triggers (CR 603.2, 613.1f), and its targets "
                             "aren't chosen yet for a granted triggered ability (603.3d)", file=board.name)
        if refused:
            raise QueryError(f"{t.source}'s \"{spec['text']}\" triggers (CR 603.2), and {refused}", file=board.name)
    out = []
    seen = set()
    for atoms in _all_models(next_steps.trigger_order(board, [t.controller for t in branch.pending]), ZONE_RULES,
                             timeout):
        rank = {a.pending: a.rank for a in atoms(na.StackRank)}
        order = sorted(range(len(branch.pending)), key=lambda i: rank[i])
        # Orders that differ only by swapping identical abilities (one source's ability
        # triggering twice) are one order (CR 603.3b).
        stacked = tuple(branch.pending[i] for i in order)
        if stacked in seen:
            continue
        seen.add(stacked)
        stack = list(board.stack)
        new = replace(board, stack=stack)
        names = {}
        for i in order:
            t = branch.pending[i]
            item_id = new_id(new, f"{t.source}-{_named(t).partition(':')[2]}")  # a granted one's: monk-1.1
            names[i] = item_id
            # CR 603.10a: last-known information only for a source that left (not an observer
            # of another creature's death that is still on the battlefield)
            left = board.permanent(t.source) is None
            stack.append(StackItem(id=item_id, card=t.card, controller=t.controller, source=t.source,
                                   ability=t.ability, granted=t.granted, last_known=t.last_known if left else None,
                                   last_known_keywords=t.last_known_keywords if left else None,
                                   last_known_controller=t.last_known_controller if left else None,
                                   storm_count=t.storm_count))
            new = replace(board, stack=list(stack))
        choices = []
        for ordering in atoms(na.OrdersTriggers):
            player = ordering.player
            mine = [i for i in order if branch.pending[i].controller == player]
            choices.append(Choice(("orders_triggers", player, tuple(branch.pending[i] for i in mine)),
                                  f"{player} puts their triggered abilities on the stack: "
                                  f"{', then '.join(names[i] for i in mine)} (CR 603.3b)"))
        events = [Event("put {} ({}, {}) on the stack", (names[i], branch.pending[i].card, _named(branch.pending[i])))
                  for i in order]
        for aimed, more_choices, more_events, triggered in _trigger_targets(new, board, timeout):
            stacked_branch = Branch(aimed, branch.probability, branch.trail + tuple(choices) + more_choices,
                                    branch.events + tuple(events) + more_events, triggered, branch.drew_empty)
            if triggered and depth >= MAX_TRIGGER_ROUNDS:
                raise LimitExceeded(f"incomplete: triggered abilities still trigger as triggered abilities go on "
                                    f"the stack after {MAX_TRIGGER_ROUNDS} rounds (CR 603.3b)")
            # CR 603.3b: abilities that triggered while these were put on the stack go on it next
            out.extend(put_triggers(stacked_branch, timeout, depth + 1) if triggered else [stacked_branch])
    return out


def _trigger_targets(board: Board, before: Board, timeout: float | None
                     ) -> list[tuple[Board, tuple[Choice, ...], tuple[Event, ...], tuple[Pending, ...]]]:
    """CR 603.3d: the targets of each triggered ability just put on the stack (those of ``board``'s
    stack not on ``before``'s), chosen by its controller as it is put there: one board for each
    way of choosing them (a choice each), in the order the abilities went on the stack; an ability
    with no legal target for some "target" is removed from the stack.  A target chosen that
    "becomes the target of a spell or ability" triggers is refused (its trigger isn't put on the
    stack here).  With each board, the abilities that trigger as they are put there: a crime's (CR 700.13),
    put on the stack next (603.3b: the process repeats)."""
    ways: list[tuple[Board, tuple[Choice, ...], tuple[Event, ...], tuple[Pending, ...]]] = [(board, (), (), ())]
    for item in board.stack[len(before.stack):]:
        if not isinstance(item.ability, int) or not targeting.spec_of(board, item.card, item.ability,
                                                                      item.granted).get("targets"):
            continue
        after = []
        for current, choices, events, triggered in ways:
            what = f"{item.id} ({item.card}, {_named(item)})"
            options = targeting.choose(current, item.card, item.ability, item.controller, [], what,
                                       source=item.source, none_legal=True)
            if not options:
                stack = [s for s in current.stack if s.id != item.id]
                after.append((replace(current, stack=stack), choices,
                              events + (Event("{} is removed from the stack: no legal target (CR 603.3d)", (what,)),),
                              triggered))
                continue
            for chosen in options:
                if _target_triggers(current, current, chosen, item.controller, "ability", timeout):
                    raise QueryError(f"{what}: a target chosen as it is put on the stack triggers an ability "
                                     "(\"becomes the target\", CR 603.2), which next doesn't put on the stack here",
                                     file=board.name)
                crimes = tuple(_crime_triggers(current, current, chosen, item.controller, timeout))  # CR 700.13
                stack = [replace(s, targets=tuple(chosen)) if s.id == item.id else s for s in current.stack]
                said = targeting.described(current, item.controller, f"{item.card} ({item.id})", chosen)
                aimed = Choice(("targets", item.controller, item.id, item.source, item.ability, item.granted, chosen),
                               said.replace("(CR 601.2c)", "(CR 603.3d)"))
                after.append((replace(current, stack=stack), choices + (aimed,),
                              events, triggered + crimes))
        ways = after
    return ways


def _trigger_once(branch: Branch) -> Branch:
    """CR 603.2: an ability that "triggers only once each turn" (asp/trigger_limits.lp keeps it
    from triggering once the board records it did) triggers once though one event matched it
    several times (two artifacts entering together: the pending abilities are alike, their
    source, card and number the same; or both events of one ability with two, which share the
    limit); its source records that it triggered this turn."""
    board = branch.board
    kept: list[Pending] = []
    for t in branch.pending:
        if not isinstance(t.ability, int) or not trigger_limits.limited(_card(board, t.card), t.ability):
            kept.append(t)
            continue
        first = trigger_limits.first_of(_card(board, t.card), t.ability)  # one ability, two events (CR 603.2)
        if any((o.source, o.card) == (t.source, t.card) and isinstance(o.ability, int)
               and trigger_limits.first_of(_card(board, o.card), o.ability) == first for o in kept):
            continue
        kept.append(t)
        source = board.permanent(t.source)
        if source is not None and source.card_name == t.card and t.ability not in source.triggered:
            board = _replace_permanent(board, replace(source, triggered=tuple(sorted(source.triggered + (t.ability,)))))
    return replace(branch, board=board, pending=tuple(kept))


# ------------------------------------------------------------ state-based actions
def state_based(branch: Branch, timeout: float | None) -> list[Branch]:
    """CR 704.3: all applicable state-based actions at once, again until none apply; then
    the triggered abilities go on the stack (603.3)."""
    done: list[Branch] = []
    todo = [branch]
    for _ in range(MAX_SBA_ROUNDS):
        if not todo:
            break
        following: list[Branch] = []
        for current in todo:
            outcome = _sba_round(current, timeout)
            if outcome is None:
                done.append(current)
            else:
                following.extend(outcome)
        todo = following
    else:
        raise LimitExceeded(f"incomplete: state-based actions still apply after {MAX_SBA_ROUNDS} rounds")
    out: list[Branch] = []
    for current in done:
        current = replace(current, deathtouched=frozenset())  # CR 704.5h: "since the last check"
        ended = game_end(current.board)
        if ended is not None:  # CR 104.1: the game ends at once; no ability triggers or goes on the stack
            out.append(replace(current.then(current.board, events=[Event("{}", (ended,))]), pending=()))
            continue
        _refuse_left_game(branch.board, current.board)
        blessed = consistency.ascends(current.board.players, current.board.battlefield, _library(current.board).get)
        if blessed:  # CR 702.131b, 702.131d: before any trigger condition is checked
            _refuse_lost_ascend(current.board, blessed)
            players = [replace(p, city_blessing=True) if p.name in blessed else p for p in current.board.players]
            current = current.then(replace(current.board, players=players), events=[
                Event("{} gets the city's blessing (ascend, CR 702.131b)", (name,)) for name in blessed])
        stated = _state_triggers(current.board, timeout)  # CR 603.8, once state-based actions are done
        if stated:
            current = replace(current, pending=current.pending + tuple(stated))
        out.extend(put_triggers(current, timeout))
    return out


def _refuse_left_game(before: Board, after: Board) -> None:
    """CR 800.4a: a player who loses a game that goes on (three players or more) leaves it, and
    every object they own leaves it with them (and those they control are exiled), which next
    doesn't do; a player who owns or controls no object and isn't the active player (800.4j)
    leaves nothing behind."""
    gone = {p.name for p in after.players if p.lost} - {p.name for p in before.players if p.lost}
    for player in after.players:
        if player.name not in gone:
            continue
        held = (any(player.name in (p.owner, p.controller) for p in after.battlefield)
                or any(s.controller == player.name for s in after.stack)
                or player.hand or player.library or player.graveyard or player.exile)
        if held or player.name == after.active_player:
            what = "the active player, " if player.name == after.active_player else ""
            raise QueryError(f"{player.name} loses the game and leaves it, {what}while the others play on (CR 104.3, "
                             "800.4a, 800.4j): the objects they own leave the game with them, which next doesn't "
                             "model", file=after.name)


def _sba_round(branch: Branch, timeout: float | None) -> list[Branch] | None:
    board = branch.board
    extra = next_steps.drew_from_empty(branch.drew_empty)
    extra += next_steps.deathtouch_damaged(o for o in branch.deathtouched if board.permanent(o) is not None)
    extra += next_steps.triggered_waiting((t.source, t.card, t.ability) for t in branch.pending
                                          if t.granted is None)  # CR 714.4: a chapter waiting
    symbols = list(facts.board_facts(board)) + extra
    # The same facts give the same first model (issue 16: in the ruling corpus, 161 of 1,188
    # checks repeat one before them, nearly all finding that nothing applies).
    checked = (solver.ground, tuple(map(_INTERNED, symbols)))
    if checked in _NOTHING_APPLIES:
        return None
    # The first model decides (below): when the rules that could derive that an action applies,
    # or that one can't be judged, are all cut away on these facts, and the cut has a model,
    # nothing applies, known without grounding (issue 16: a quarter of the corpus's checks).
    if solver.derives_none(symbols, SBA_RULES, SBA_SIGNALS):
        if len(_NOTHING_APPLIES) >= CHECKED_KEPT:
            del _NOTHING_APPLIES[next(iter(_NOTHING_APPLIES))]
        _NOTHING_APPLIES[checked] = None
        return None
    program = solver.ground(symbols, SBA_RULES)
    out: list[Branch] = []
    for atoms in _models(program, timeout):
        unknown = sorted(a.obj for a in atoms(na.ToughnessUnknown))
        if unknown:
            raise QueryError(f"the toughness of {', '.join(unknown)} is unknown (no toughness in its card "
                             "data; give it as toughness: N), so state-based actions can't be checked "
                             "(CR 704.5f, 704.5g)", file=board.name)
        for unjudged in atoms(na.AttachmentUnjudged):
            raise QueryError(f"{unjudged.obj} is attached to a permanent with {unjudged.keyword}, a quality the "
                             "rules here can't judge, so whether it stays attached can't be checked (CR 702.16c, "
                             "702.16d, 704.5m, 704.5n)", file=board.name)
        if not atoms(na.SbaApplies):
            if len(_NOTHING_APPLIES) >= CHECKED_KEPT:
                del _NOTHING_APPLIES[next(iter(_NOTHING_APPLIES))]
            _NOTHING_APPLIES[checked] = None
            return None
        for unjudged_loss in atoms(na.LossReplacerUnjudged):
            raise QueryError(f"{unjudged_loss.player} would lose the game, and {unjudged_loss.obj}'s replacement "
                             "effect applies instead (CR 614.1a), which next doesn't apply", file=board.name)
        for refused in atoms(na.LossReplacerLeaving):
            raise QueryError(f"{refused.player} would lose the game while {refused.obj}, whose replacement "
                             "effect would apply instead (CR 614.1a), leaves the battlefield by the same "
                             "state-based actions: not modelled", file=board.name)
        new = board
        events: list[Event] = []
        choices = [Choice(("legend_rule_keeps", a.player, a.obj), f"{a.player} keeps {a.obj} (legend rule, CR 704.5j)")
                   for a in atoms(na.LegendKeeps)]
        for annihilating in atoms(na.SbaCounters):
            obj, n = annihilating.obj, annihilating.number
            permanent = new.permanent(obj)
            assert permanent is not None
            counters = _counter_map(permanent)
            counters["+1/+1"] -= n
            counters["-1/-1"] -= n
            new = _replace_permanent(new, replace(permanent, counters=tuple(sorted(
                (k, v) for k, v in counters.items() if v > 0))))
            events.append(Event('remove {} +1/+1 and {} -1/-1 counters from {} (CR 704.5q)', (n, n, obj)))
        for engines in atoms(na.SbaSpeed):  # CR 704.5z
            new = _set_player(new, engines.player, speed=1)
            events.append(Event("{}'s speed becomes 1 (start your engines!, CR 704.5z)", (engines.player,)))
        for unattached in atoms(na.SbaUnattach):
            obj = unattached.obj
            permanent = new.permanent(obj)
            assert permanent is not None
            new = _replace_permanent(new, replace(permanent, attached_to=None))
            events.append(Event('{} becomes unattached (CR 704.5n)', (obj,)))
        for unjudged_umbra in atoms(na.UmbraUnjudged):
            raise QueryError(unjudged_umbra.refusal(), file=board.name)
        several = {c.obj for c in atoms(na.UmbraChoice)}
        for saved in sorted(atoms(na.SbaUmbra)):  # CR 702.89a, 614.1a: instead of its destruction
            permanent = new.permanent(saved.obj)
            assert permanent is not None
            new = _replace_permanent(new, replace(permanent, damage=0))
            if saved.obj in several:  # CR 616.1: its controller chooses the replacement effect that applies
                choices.append(Choice(("applies_umbra_armor", saved.aura, saved.obj),
                                      f"{permanent.controller} applies {saved.aura}'s umbra armor to {saved.obj} "
                                      "(CR 616.1)"))
            events.append(Event('{} would be destroyed: instead all damage marked on it is removed and {} is '
                                'destroyed (umbra armor, CR 702.89a, 614.1a)', (saved.obj, saved.aura)))
        why = SBA_WHY
        leaving = sorted({(a.obj, a.reason) for a in atoms(na.SbaGraveyard)}
                         | {(a.obj, a.reason) for a in atoms(na.SbaDestroy)}
                         | {(a.obj, a.reason) for a in atoms(na.SbaSacrifice)})
        at_once = new  # CR 704.3: performed at the same time
        for obj, reason in leaving:
            if new.permanent(obj) is not None:
                verb = ("destroy" if reason in ("damage", "deathtouch", "umbra_armor") else "sacrifice"
                        if reason == "saga" else "put into the graveyard:")
                events.append(Event('{} {} ({})', (verb, obj, why[reason])))
                new = leave(new, obj, told=events, judged=at_once)
        replaced = {r.player: r for r in atoms(na.LossReplaced)}
        gained: list[tuple[str, str]] = []
        doublers = sorted(s for theirs in gain_replacers(new).values() for s, _ in theirs) if replaced else []
        if doublers:  # CR 119.5: the life total set gains life, which they would replace
            raise QueryError(f"a life total is set instead of a loss (CR 119.5) while {', '.join(doublers)} "
                             "replace life gain (CR 614.1a): not modelled", file=board.name)
        for replacing in replaced.values():  # CR 614.1a: the loss doesn't happen
            if new.permanent(replacing.obj) is not None:  # not put into a graveyard at the same time
                new = leave(new, replacing.obj, "exile")
            before_life = _player(new, replacing.player)[1].life  # CR 119.5: setting it gains the difference
            new = _gain_life(new, replacing.player, max(0, replacing.life - before_life))
            if replacing.life > before_life:
                gained.append((replacing.player, "gain_life"))
            elif replacing.life < before_life:  # CR 119.5: setting it lower loses the difference
                gained.append((replacing.player, "lose_life"))
            new = _set_player(new, replacing.player, life=replacing.life)
            events.append(Event("{} would lose the game: instead exile {} and {}'s life total becomes {} (CR "
                                "614.1a)", (replacing.player, replacing.obj, replacing.player, replacing.life),
                                life_lost=(replacing.player, max(0, before_life - replacing.life))))
        for losing in atoms(na.SbaLoses):
            player = losing.player
            if player in replaced:
                continue
            new = _set_player(new, player, lost=True)
            rule = LOSS_RULE[losing.reason]
            events.append(Event('{} loses the game (CR {})', (player, rule)))
        pending = _left_triggers(board, atoms) + _player_triggers(new, gained, timeout)
        out.append(replace(branch.then(new, choices=choices, events=events, pending=pending,
                                       drew_empty=frozenset()), deathtouched=frozenset()))
    return out


def _replace_permanent(board: Board, permanent: Permanent) -> Board:
    return replace(board, battlefield=[permanent if p.id == permanent.id else p for p in board.battlefield])


def _trigger_spec(board: Board, t: Pending | StackItem) -> dict[str, Any]:
    """The card data of a triggered ability waiting for or on the stack: its card's ability, or what that
    ability grants (CR 613.1f)."""
    return _card(board, t.card).ability(int(t.ability or 1), t.granted)


def _named(t: Pending | StackItem) -> str:
    """How events name a triggered ability: its source and number, and a granted one's place among what its
    card's ability grants ("bears:1.1", CR 613.1f)."""
    return f"{t.source}:{t.ability}" + (f".{t.granted}" if t.granted is not None else "")


def _pending(source: str, ability: Symbol, controller: str,
             last_known: tuple[tuple[str, int], ...] | None = None) -> Pending:
    """A printed triggered ability ab(Card, I) waiting for the stack, numbered from 1."""
    printed = _printed(ability, source)
    return Pending(source, printed.card, printed.position + 1, controller, last_known)


def _left_triggers(before: Board, atoms: ModelAtoms) -> list[Pending]:
    """Leaves-the-battlefield triggers, with the source as it last existed (CR 603.10a): its counters,
    and its keywords where the ability deals damage (113.7a, 120.3)."""
    pending = []
    for trigger in atoms(na.LeftTrigger):
        permanent = before.permanent(trigger.obj)
        assert permanent is not None
        waiting = _pending(trigger.obj, trigger.ability, trigger.controller, permanent.counters)
        keywords = _keywords_as_it_leaves(before, trigger.obj, [waiting])
        pending.append(waiting if keywords is None else replace(waiting, last_known_keywords=keywords,
                                                                last_known_controller=permanent.controller))
    return pending


def _counters_of(board: Board, obj: str) -> tuple[tuple[str, int], ...]:
    permanent = board.permanent(obj)
    assert permanent is not None
    return permanent.counters


def _untap_triggers(before: Board, untapped: set[str], timeout: float | None,
                    unsure: frozenset[str] | set[str] = frozenset()) -> list[Pending]:
    """CR 603.2: "whenever ~ becomes untapped" abilities (asp/tapping.lp) of the permanents a cost
    or a resolving effect untapped (118.3, 701.21b), once each, on the board before; refused
    where one of ``unsure`` (untapped an unknown number of times) triggers one."""
    if not untapped:
        return []
    extra = next_steps.became_untapped(untapped)
    atoms = _first_atoms(list(facts.board_facts(before)) + extra, ZONE_RULES, [na.UntapTrigger], timeout)
    pending = []
    for t in atoms(na.UntapTrigger):
        if t.untapped in unsure:
            raise QueryError(f"{t.untapped} is untapped by a {{Q}} cost and tapped or untapped again while paying: "
                             "how often it becomes untapped (CR 603.2) isn't followed", file=before.name)
        pending.append(_pending(t.obj, t.ability, t.controller, _counters_of(before, t.obj)))
    return pending


def _tapped_triggers(before: Board, after: Board, timeout: float | None) -> list[Pending]:
    """CR 603.2: "whenever ~ becomes tapped" abilities (asp/tapping.lp) of the permanents a
    resolving effect tapped (701.21a: untapped on ``before``, tapped on ``after``), once each."""
    tapped = {p.id for p in before.battlefield if not p.tapped and (q := after.permanent(p.id)) is not None
              and q.tapped}
    if not tapped:
        return []
    atoms = _first_atoms(list(facts.board_facts(before)) + next_steps.became_tapped(tapped), ZONE_RULES,
                         [na.TapTrigger], timeout)
    pending = []
    for trigger in atoms(na.TapTrigger):
        permanent = before.permanent(trigger.obj)
        assert permanent is not None
        pending.append(_pending(trigger.obj, trigger.ability, trigger.controller, permanent.counters))
    return pending


def _untapped_by(before: Board, after: Board) -> set[str]:
    """The permanents tapped on ``before`` and untapped on ``after`` (CR 701.21b)."""
    return {p.id for p in before.battlefield if p.tapped and (q := after.permanent(p.id)) is not None
            and not q.tapped}


def _put_counters(board: Board, atoms: ModelAtoms | Reader,
                  said: list[Event]) -> tuple[Board, list[frozenset[tuple[str, str, int, int]]]]:
    """The counters asp/counter_put.lp's events put on permanents (CR 122.1, 122.6; counter_event/4,
    the one statement of them, after the replacement effects that change how many, 614.1a, 616.1,
    each said in ``said``), and the (permanent, kind, count before, count after) of each event, in a
    stable order, for the abilities that trigger on them (603.2: once for each event).  A permanent entering that a
    replacement leaves fewer counters than its spell made it with (CR 122.6) loses the others."""
    for unjudged in sorted(atoms(na.CounterOrderUnjudged)):
        raise QueryError(f"replacement effects that add counters and that take them away apply to the {unjudged.kind} "
                         f"counters put on {unjudged.obj}: the order its controller chooses (CR 616.1) isn't judged",
                         file=board.name)
    for limit in sorted(atoms(na.CounterLimitUnjudged)):
        raise QueryError(f"two events at once put {limit.kind} counters on {limit.obj}, which can't have more than "
                         "a number of them (CR 101.2): how many each puts isn't judged", file=board.name)
    replacers: dict[tuple[Symbol, str, str], set[str]] = {}
    for replacer in atoms(na.CounterReplacer):
        replacers.setdefault((replacer.event, replacer.obj, replacer.kind), set()).add(replacer.source)
    would = {(a.event, a.obj, a.kind): a.number for a in atoms(na.CounterWould)}
    for total in sorted(atoms(na.CounterTotal)):
        key = (total.event, total.obj, total.kind)
        if key in replacers:
            said.append(Event('{} gets {} instead of {} ({}: replacement effect, CR 614.1a, 616.1)',
                              (total.obj, plural(total.number, total.kind + ' counter'), would[key],
                               ', '.join(sorted(replacers[key])))))
    capped = {(a.event, a.obj, a.kind): a.limit for a in atoms(na.CounterCapped)}
    put: dict[Symbol, set[tuple[str, str, int, int]]] = {}
    for putting in sorted(atoms(na.CounterEvent)):
        if (putting.event, putting.obj, putting.kind) in capped:  # CR 101.2: "can't have more than N"
            got = plural(putting.number, putting.kind + " counter") if putting.number else f"no {putting.kind} counters"
            said.append(Event("{} gets {}: it can't have more than {} (CR 101.2)",
                              (putting.obj, got, capped[putting.event, putting.obj, putting.kind])))
        permanent = board.permanent(putting.obj)
        if putting.number == 0 or permanent is None:
            continue
        counters = _counter_map(permanent)
        had = counters.get(putting.kind, 0)
        counters[putting.kind] = had + putting.number
        board = _replace_permanent(board, replace(permanent, counters=tuple(sorted(
            (k, n) for k, n in counters.items() if n > 0))))
        if putting.number > 0:
            put.setdefault(putting.event, set()).add((putting.obj, putting.kind, had, had + putting.number))
    return board, [frozenset(pairs) for _, pairs in sorted(put.items())]


def _last_counter_triggers(before: Board, after: Board) -> list[Pending]:
    """CR 603.2, 702.63a: "When the last time counter is removed from ~": a permanent on both
    boards with counters of the kind before and none after (by an effect, a cost or a state-based
    action; 122.2: a permanent that leaves has its counters cease to exist, none removed), each
    such ability of its card once.  Whether it still has the ability (CR 613.1f: an effect that
    removes abilities, 305.7: a land whose subtype is set) isn't judged here: with such an effect
    on the battlefield or of a resolved spell, refused."""
    if before is after:
        return []
    kinds_of: dict[str, frozenset[str]] = {}  # each card read once
    for permanent in after.battlefield:
        if permanent.card_name not in kinds_of:
            kinds_of[permanent.card_name] = _last_counter_kinds(after, permanent.card_name)
    watching = [(p, kinds_of[p.card_name]) for p in after.battlefield if kinds_of[p.card_name]]
    if not watching:
        return []
    earlier = {p.id: p for p in before.battlefield}
    pending = []
    for permanent, kinds in watching:
        was = earlier.get(permanent.id)
        if was is None or was.counters == permanent.counters:
            continue
        now = dict(permanent.counters)
        emptied = {kind for kind, n in was.counters if n > 0 and now.get(kind, 0) == 0} & kinds
        if not emptied:
            continue
        card = _card(after, permanent.card_name)
        for number, ability in enumerate(card.abilities(), start=1):
            when = ability.get("triggered", {}).get("when", {})
            if when.get("event") == "last_counter_removed" and when.get("kind") in emptied:
                _refuse_lost_abilities(after, f"{permanent.id}:{number}")
                pending.append(Pending(permanent.id, card.name, number, permanent.controller))
    return pending


def _last_counter_kinds(board: Board, card_name: str) -> frozenset[str]:
    """The kinds of counter whose last one removed triggers an ability of the card (CR 603.2)."""
    card = _library(board).get(card_name)
    return frozenset(a["triggered"]["when"].get("kind") for a in (card.abilities() if card is not None else [])
                     if a.get("triggered", {}).get("when", {}).get("event") == "last_counter_removed")


def _refuse_lost_abilities(board: Board, ability: str) -> None:
    """CR 613.1f, 305.7: an ability that triggers here which an effect on the battlefield may have
    removed (its card data's lose_abilities or set_land_types): refused rather than guessed."""
    sources = [(other.id, _card(board, other.card_name).data.get("abilities", [])) for other in board.battlefield]
    sources += [(effect.id, _card(board, effect.card).data.get("effect", [])) for effect in board.effects]
    for source, data in sources:
        held = json.dumps(data)
        if '"lose_abilities"' in held or '"set_land_types"' in held:
            raise QueryError(f"{ability} triggers as the last counter of its kind is removed (CR 603.2), and "
                             f"{source} may have removed its abilities (CR 613.1f, 305.7), which next doesn't "
                             "judge here", file=board.name)


def _refuse_lost_ascend(board: Board, players: list[str]) -> None:
    """CR 702.131b, 613.1f, 305.7: ascend gives the city's blessing only while a permanent has it, which an effect
    on the battlefield (lose_abilities, set_land_types) may have removed: refused rather than guessed."""
    source = consistency.ability_remover(board.battlefield, board.effects, _library(board).get)
    if source is not None:
        raise QueryError(f"{players[0]} controls ten or more permanents, one with ascend, and {source} may have "
                         "removed its abilities (CR 613.1f, 305.7): whether they get the city's blessing "
                         "(702.131b) isn't judged here", file=board.name)


def _counters_added(before: Board, after: Board) -> list[tuple[str, frozenset[tuple[str, str, int, int]]]]:
    """CR 122.6: a permanent given counters as it enters has them put on it, in one event: its
    own (a resolving spell's, x.lp's, are on it as it is made) and the replacement effects'
    (asp/counter_put.lp's enters(O)); megamorph's as it is turned face up (702.37b) likewise.
    The permanents with more of a kind on ``after`` than on ``before`` (none where it wasn't
    there) enter at once: one event for each controller's (122.6a: no player is named; 603.2c:
    "on one or more creatures you control" triggers once for it)."""
    events: dict[str, set[tuple[str, str, int, int]]] = {}
    for permanent in after.battlefield:
        was = before.permanent(permanent.id)
        old = dict(was.counters) if was is not None else {}
        kinds = {(permanent.id, kind, old.get(kind, 0), n) for kind, n in permanent.counters if n > old.get(kind, 0)}
        if kinds:
            events.setdefault(permanent.controller, set()).update(kinds)
    return [(controller, frozenset(kinds)) for controller, kinds in events.items()]


def _entered(before: Board, after: Board) -> frozenset[str]:
    """The permanents on ``after`` that weren't on ``before``: those given counters by ``_counters_added``
    entered with them (CR 122.6)."""
    return frozenset(p.id for p in after.battlefield if before.permanent(p.id) is None)


def _counter_triggers(after: Board, events: list[tuple[str, frozenset[tuple[str, str, int, int]]]],
                      timeout: float | None, entered: frozenset[str] = frozenset()) -> list[Pending]:
    """CR 603.2, 122.6: "Whenever one or more +1/+1 counters are put on ~" (asp/counter_events.lp):
    once for each event (the player who put its counters, 122.6a, what it put them on and how many
    each had before and after it: "the twelfth hour counter", a chapter, 714.2b) and each permanent
    it put counters on, on ``after``; ``entered``: the permanents that entered with their counters (an
    event of a Saga with read ahead, CR 702.155a).  A permanent given
    counters that is gone by then (it left in the same resolution) isn't judged: refused where
    such an ability is on the battlefield."""
    if not events or not any('"counters_put"' in json.dumps(_card(after, p.card_name).data.get("abilities", []))
                             for p in after.battlefield):
        return []
    for _, pairs in events:
        for obj, kind, *_counts in sorted(pairs):
            if after.permanent(obj) is None:
                raise QueryError(f"{kind} counters were put on {obj}, which left the battlefield in the same "
                                 "resolution: whether an ability that triggers on counters being put on it "
                                 "triggers isn't judged (CR 603.2, 122.6)", file=after.name)
    extra = next_steps.counters_put(events, entered)
    atoms = _first_atoms(list(facts.board_facts(after)) + extra, ZONE_RULES, [na.ReadAheadUnjudged, na.CounterTrigger],
                         timeout)
    for unjudged in sorted(atoms(na.ReadAheadUnjudged)):  # CR 702.155a
        raise QueryError(f"two or more lore counters were put on {unjudged.obj}, a Saga with read ahead that came "
                         "under its controller's control this turn: whether it entered this turn (its chapters "
                         "below its count then don't trigger, CR 702.155a) or came by a control change the board "
                         "doesn't say", file=after.name)
    return [_pending(t.obj, t.ability, t.controller) for t in sorted(atoms(na.CounterTrigger))]


def _has_state_trigger(board: Board) -> bool:
    return any('"state"' in json.dumps(_card(board, p.card_name).data.get("abilities", []))
               for p in board.battlefield)


def _state_triggers(board: Board, timeout: float | None) -> list[Pending]:
    """CR 603.8: the state triggers whose condition the board matches and that aren't on the stack
    (asp/state_triggers.lp), in the order of their sources."""
    if not _has_state_trigger(board):
        return []
    atoms = next(iter(_models(solver.ground(list(facts.board_facts(board)), ZONE_RULES), timeout)))
    return [_pending(t.obj, t.ability, t.controller)
            for t in sorted(atoms(na.StateTrigger), key=lambda t: (t.obj, str(t.ability)))]


def _refuse_triggered_state(board: Board, timeout: float | None) -> None:
    """CR 603.8: a state trigger whose condition a board already matches has triggered, and goes on
    the stack before any player acts (117.5): a board without it on the stack is refused."""
    for t in _state_triggers(board, timeout):
        number = t.ability if isinstance(t.ability, int) else 0  # (a printed ability: _pending)
        text = _card(board, t.card).ability(number).get("triggered", {}).get("text", "")
        raise QueryError(f"{t.source}'s state trigger (\"{text}\") has triggered on this board, whose state "
                         "matches its condition, and isn't on the stack (CR 603.8, 117.5): put it on the stack",
                         file=board.name)


def _player_triggers(board: Board, happened: Sequence[tuple[str, ...]], timeout: float | None,
                     step_first: Sequence[int] = ()) -> list[Pending]:
    """CR 603.2: the abilities players' events trigger ("Whenever you gain life", "Whenever an
    opponent draws a card"; asp/player_events.lp), once for each event, of the permanents on the
    battlefield once they happened.  A discard is (player, "discard", card) (701.8a).  ``step_first``: the
    events that are the draw step's turn-based draw (CR 504.1)."""
    if not happened:
        return []
    assert all(len(event) == 3 for event in happened if event[1] == "discard"), "a discard names its card"
    extra = next_steps.player_events(happened)
    for card in sorted({event[2] for event in happened if len(event) > 2}):  # CR 603.2: judged as a card (its types)
        extra += _card_facts(board, card)

    def triggered(first: Sequence[int]) -> list[Pending]:
        atoms = _first_atoms(list(facts.board_facts(board)) + extra + next_steps.step_first_draws(first), ZONE_RULES,
                             [na.PlayerTrigger], timeout)
        return [_pending(t.obj, t.ability, t.controller)
                for t in sorted(atoms(na.PlayerTrigger), key=lambda t: (t.event, t.obj, str(t.ability)))]
    pending = triggered(step_first)
    # CR 504.1: a card the active player draws in their draw step after it began is the first they draw in it only
    # if the step's turn-based draw was replaced, which the board doesn't say: both are judged, refused where
    # they differ ("except the first one they draw in each of their draw steps" watching that player's draws)
    first = next((i for i, event in enumerate(happened) if event == (board.active_player, "draw")), None)
    if not step_first and board.step == "draw" and first is not None and _watches_first_draw(board):
        replaced = triggered([first])
        if replaced != pending:
            trigger = next(t for t in replaced + pending if replaced.count(t) != pending.count(t))
            raise QueryError(f"{board.active_player} draws a card in their draw step, which may trigger "
                             f"{trigger.source}'s ability {trigger.ability}: it triggers on every draw but the first "
                             "in each draw step, and the board doesn't say whether the step's turn-based draw was a "
                             "draw (CR 504.1, 603.2)", file=board.name)
    return pending


def _watches_first_draw(board: Board) -> bool:
    """Whether an ability on the battlefield triggers on every draw but the first in each draw step (CR 504.1)."""
    return any(isinstance(ability, dict) and ability.get("triggered", {}).get("when", {}).get("not_first_in_draw_step")
               for permanent in board.battlefield for ability in _card(board, permanent.card_name).abilities())


# A life gain or loss while paying (player, "gain_life" or "lose_life"), and whether a mana ability's activation
# did it (CR 605.1b: what it triggers may be a mana ability)
LifeEvent = tuple[tuple[str, str], bool]

# The events of players asp/mana_activation.lp lists the triggers of as a mana ability's side effects, beside the
# life gained or lost that next puts on the stack itself (a coin flip, cards leaving a graveyard, a permanent tapped
# for mana: asp/mana_triggers.lp)
_OTHER_ACTIVATION_EVENTS = frozenset({"coin_flip", "leave_graveyard", "tapped_for_mana"})


def _life_watcher(board: Board, source: str) -> bool:
    """Whether a trigger a mana ability's activation sets off on ``source`` (its side effect ``trigger``) is one
    of a life gain or loss (CR 603.2), which next puts on the stack from the payment's life events: the
    permanent's triggered abilities watch life gained or lost and none of the other events asp/mana_activation.lp
    lists triggers of."""
    permanent = board.permanent(source)
    if permanent is None:
        return False
    watched = {ability.get("triggered", {}).get("when", {}).get("event")
               for ability in _card(board, permanent.card_name).abilities() if isinstance(ability, dict)}
    return bool(watched & {"gain_life", "lose_life"}) and not watched & _OTHER_ACTIVATION_EVENTS


def _life_paid_triggers(before: Board, after: Board, lost: Sequence[tuple[str, str]],
                        timeout: float | None) -> list[Pending]:
    """CR 603.2, 119.4, 120.3a: life paid as a cost, or a mana ability's damage to a player, is a loss of life
    ("Whenever you lose life"), which triggers the abilities of the permanents on the battlefield as it happens;
    they wait for the stack as the costs' other triggers do (603.3).  A permanent the same payment removes (a
    sacrifice) may be there or gone as the life is paid, in an order its player chooses (601.2g-h): refused where
    that changes what triggers."""
    pending = _player_triggers(before, lost, timeout)
    gone = {p.id for p in before.battlefield} - {p.id for p in after.battlefield}
    if any(waiting.source in gone for waiting in pending):
        source = next(waiting.source for waiting in pending if waiting.source in gone)
        raise QueryError(f"{source} leaves the battlefield as a cost is paid that loses life, which triggers its "
                         "ability if it is still there (CR 603.2, 119.4): the order of the payments, its player's "
                         "choice (601.2g-h), isn't followed", file=before.name)
    return pending


def _graveyard_triggers(before: Board, after: Board, left: list[tuple[str, list[str], str]],
                        timeout: float | None) -> list[Pending]:
    """CR 603.2, 603.2c: "Whenever one or more cards leave your graveyard" (asp/player_events.lp):
    the events of cards leaving a player's graveyard ``left`` (the player, the cards, where they go: stack,
    exile), judged on ``before``, the board as they happen; an ability triggers for a permanent on the battlefield
    then, and one that leaves before the trigger is put on the stack (sacrificed to pay the same
    spell's costs) isn't followed."""
    left = [(player, cards, to) for player, cards, to in left if cards]
    if not left or not any('"leave_graveyard"' in json.dumps(_card(before, p.card_name).data.get("abilities", []))
                           for p in before.battlefield):
        return []
    extra = next_steps.graveyard_leaves(left)
    filtered = any(a.get("triggered", {}).get("when", {}).get("event") == "leave_graveyard"
                   and a["triggered"]["when"].get("filter") for p in before.battlefield
                   for a in _card(before, p.card_name).abilities())
    for card in sorted({card for _, cards, _ in left for card in cards}):  # CR 603.2: judged as a card (its types)
        if filtered and _library(before).get(card) is None:
            raise QueryError(f"{card} leaves a graveyard, and an ability looks at the kind of card that leaves "
                             f"(CR 603.2), but no card data defines {card}", file=before.name)
        extra += _card_facts(before, card)
    atoms = _first_atoms(list(facts.board_facts(before)) + extra, ZONE_RULES, [na.GraveyardTrigger], timeout)
    pending = []
    for trigger in sorted(atoms(na.GraveyardTrigger), key=lambda t: (t.event, t.card, t.obj, str(t.ability))):
        if after.permanent(trigger.obj) is None:
            raise QueryError(f"{trigger.obj}'s ability triggers as cards leave a graveyard (CR 603.2), then it leaves "
                             "the battlefield as the costs are paid: its ability from where it last existed isn't "
                             "followed", file=before.name)
        pending.append(_pending(trigger.obj, trigger.ability, trigger.controller))
    return pending


def _target_triggers(before: Board, after: Board, chosen: tuple, player: str, kind: str,
                     timeout: float | None, spell: str | None = None) -> list[Pending]:
    """CR 603.2, 115.1: "Whenever ~ becomes the target of a spell or ability" (asp/player_events.lp):
    the permanents chosen as targets of the spell or ability ``player`` casts or activates (``kind``),
    judged as they were chosen (601.2c, 602.2b: before the costs are paid, on ``before``); ``spell``: the
    card of the spell cast ("the target of an Aura spell", 112.3)."""
    targeted = [(ref, player, kind) for what, ref in chosen if what == "permanent"]
    if not targeted or not any("becomes_target" in json.dumps(_card(before, p.card_name).data)
                               for p in before.battlefield):
        return []
    extra = next_steps.target_events(targeted, spell) + (_card_facts(before, spell) if spell is not None else [])
    atoms = _first_atoms(list(facts.board_facts(before)) + extra, ZONE_RULES, [na.TargetTrigger], timeout)
    pending = []
    for trigger in sorted(atoms(na.TargetTrigger), key=lambda t: (t.event, t.obj, str(t.ability))):
        if after.permanent(trigger.obj) is None:
            raise QueryError(f"{trigger.obj} becomes a target and triggers (CR 603.2), then leaves the battlefield "
                             "as the costs are paid: its ability from where it last existed isn't followed",
                             file=before.name)
        pending.append(_pending(trigger.obj, trigger.ability, trigger.controller))
    return pending


def _crime_triggers(before: Board, after: Board, chosen: tuple, player: str, timeout: float | None) -> list[Pending]:
    """CR 700.13, 603.2: "Whenever you commit a crime" (asp/player_events.lp): ``player`` cast a spell, activated
    an ability or put a triggered ability on the stack with the targets ``chosen``, judged as they were chosen
    (on ``before``); an ability of a permanent still on the battlefield once it is done (``after``) triggers."""
    if not chosen:
        return []
    return _event_triggers(before, after, '"crime"', lambda: next_steps.aimed(player, chosen), na.CrimeTrigger,
                           timeout)


def _activation_triggers(before: Board, after: Board, source: str, player: str,
                         timeout: float | None) -> list[Pending]:
    """CR 602.2i, 603.2: "Whenever you activate an ability that isn't a mana ability" (asp/player_events.lp):
    ``player`` activated an ability of ``source``, judged as it was activated (on ``before``); an ability
    triggers once the activation is complete, so only of a permanent still on the battlefield then
    (``after``: one sacrificed to pay the costs is gone)."""
    return _event_triggers(before, after, '"activate"', lambda: next_steps.activation_event(player, source),
                           na.ActivationTrigger, timeout)


def _event_triggers(before: Board, after: Board, word: str, event: Callable[[], list[Symbol]], found: Any,
                    timeout: float | None) -> list[Pending]:
    """The abilities a player's event triggers (``found``: their atoms of ZONE_RULES), judged on ``before`` with
    the event's facts, each of a permanent still on the battlefield on ``after``; none to judge when no card
    on ``before`` has such a trigger (``word`` in its abilities' data)."""
    if not any(word in json.dumps(_card(before, p.card_name).data.get("abilities", [])) for p in before.battlefield):
        return []
    atoms = _first_atoms(list(facts.board_facts(before)) + event(), ZONE_RULES, [found], timeout)
    return [_pending(t.obj, t.ability, t.controller)
            for t in sorted(atoms(found), key=lambda t: (t.obj, str(t.ability)))
            if after.permanent(t.obj) is not None]


def draw(board: Board, name: str, count: int, events: list[Event], drew_empty: set[str], what: str,
         rule: str = "121.1", replacers: Sequence[str] = (), happened: list[tuple[str, str]] | None = None) -> Board:
    """CR 121.1, 121.2: a player draws cards one at a time from the top of their library; one
    who can't (an empty library) loses the game as a state-based action (704.5b).  CR 614.1a:
    with a replacer (asp/draw_replacement.lp), a draw while the hand is empty becomes two,
    which that effect doesn't replace again (614.5).  Each card drawn is an event in
    ``happened`` (CR 603.2: "Whenever you draw a card")."""
    index, player = _player(board, name)
    if player.library is None:
        raise QueryError(f"{what}: {name} draws a card (CR {rule}), but the board doesn't give "
                         f"{name}'s library (players[{index}].library)", file=board.name)
    dredging = sorted({card for card in player.graveyard if count > 0 and _has_dredge(board, card)})
    if dredging:  # CR 702.52a: "if you would draw a card, you may instead mill N cards and return this card"
        raise QueryError(f"{what}: {name} would draw with {', '.join(dredging)} in their graveyard, whose dredge "
                         "may replace the draw (CR 702.52a, 614.1a): not modelled", file=board.name)
    unapplied = _draws_replaced(board, name) if count > 0 else []
    if unapplied:  # CR 614.1a: "If you would draw a card, ... instead", which next doesn't apply
        raise QueryError(f"{what}: {name} would draw a card, and {', '.join(unapplied)} replaces that draw in a way "
                         "next doesn't apply (CR 614.1a, 121.1)", file=board.name)
    if len(replacers) > 1:
        raise QueryError(f"{what}: {', '.join(sorted(replacers))} each replace {name}'s draw with an empty "
                         "hand; how they apply together (CR 616.1, 614.5) isn't modelled", file=board.name)
    for _ in range(count):
        drawn = 1
        if replacers and not _player(board, name)[1].hand:
            events.append(Event('{} would draw a card with no cards in hand: draws two instead ({}, CR 614.1a)',
                                (name, replacers[0])))
            drawn = 2
        for _ in range(drawn):
            player = _player(board, name)[1]
            assert player.library is not None
            if not player.library:
                drew_empty.add(name)
                events.append(Event("{} can't draw: the library is empty (CR 704.5b)", (name,)))
                return board
            if _has_keyword(board, player.library[0], "miracle"):
                raise QueryError(f"{what}: {name} would draw {player.library[0]}, which has miracle: the first card a "
                                 "player draws in a turn may be revealed and cast for its miracle cost (CR 702.94a), "
                                 "which next doesn't model", file=board.name)
            board = _set_player(board, name, hand=player.hand + player.library[:1], library=player.library[1:])
            events.append(Event('{} draws {} (CR {})', (name, player.library[0], rule)))
            if happened is not None:
                happened.append((name, "draw"))
    return board


def _rider_damage(board: Board, atoms: ModelAtoms, events: list[Event], what: str,
                  happened: list[tuple[str, str]]) -> Board:
    """"It deals N damage to you" (a tap trigger's rider, asp/effects.lp): what the damage does is
    asp/damage.lp's one rule (CR 120.3a life loss, 120.3b poison counters from a source with infect,
    120.3f its controller's life gain from one with lifelink, through the life-gain replacements)."""
    dealt = atoms(na.DealsDamageTo)
    for damage in dealt:
        if any(left.item == targets_facts.rider_damage(damage.stage) for left in atoms(targeting.DamageSourceLeft)):
            raise QueryError(f"{what}: {damage.source} left the battlefield, and whether it last had infect or "
                             "lifelink, which change what its damage does (CR 113.7a, 120.3b, 120.3f), isn't read "
                             "for this damage", file=board.name)
    refuse_unjudged_gains(board, atoms(targeting.GainOrderUnjudged), atoms(targeting.GainUnbounded), what)
    for damage in dealt:
        for redirected in atoms(targeting.DamageRedirected):
            if redirected.item == targets_facts.rider_damage(damage.stage):  # CR 614.9 (asp/damage.lp)
                raise QueryError(f"{what}: the damage {damage.source} would deal to {damage.player} is dealt to "
                                 f"{redirected.obj} instead (a redirection effect, CR 614.9), which next doesn't "
                                 "follow for a triggered ability's damage", file=board.name)
        targeting.damage_replaced(board, atoms, events, what, damage.source, targets_facts.rider_damage(damage.stage))
    for unjudged in atoms(targeting.GainLifeUnjudged):
        raise QueryError(f"{what}: the damage to {unjudged.player} and the life {unjudged.player} gains from it "
                         "(lifelink, CR 120.3f) happen at once, and what replaces that gain reads "
                         f"{unjudged.player}'s life total (CR 614.1a, 616.1), which next doesn't judge",
                         file=board.name)
    if any(damage.amount > 0 for damage in dealt):
        refuse_damage_triggers(board, what)
    for damage in dealt:
        event = targets_facts.rider_damage(damage.stage)
        name = damage.player
        for loss in atoms(targeting.DamageLosesLife):  # CR 120.3a: damage to a player is life loss
            if loss.item == event:
                amount = loss.amount
                board = _set_player(board, name, life=_player(board, name)[1].life - amount)
                events.append(Event("{} deals {} damage to {}: {} loses {} life (CR 120.3a)",
                                    (damage.source, amount, name, name, amount), life_lost=(name, amount)))
                if amount > 0:  # CR 603.2: "Whenever an opponent loses life"
                    happened.append((name, "lose_life"))
        for poisoned in atoms(targeting.DamagePoisons):  # CR 120.3b: infect
            if poisoned.item == event:
                amount, before = poisoned.amount, _player(board, name)[1].poison
                board = _set_player(board, name, poison=before + amount)
                events.append(Event('{} deals {} damage to {}: {} gets {} (infect, CR 120.3b; {} -> {})',
                                    (damage.source, amount, name, name, targeting.plural_counters(amount, 'poison'),
                                     before, before + amount)))
    board, gained = targeting.lifelink(board, atoms, events)  # CR 120.3f, 702.15b
    happened.extend(gained)
    return board


def _has_keyword(board: Board, name: str, keyword: str) -> bool:
    """The card ``name`` has the keyword (in lower case) among its own (its card data's)."""
    card = _library(board).get(name)
    return card is not None and any(k.lower() == keyword for k in card.data.get("keywords") or ())


def _draws_replaced(board: Board, name: str) -> list[str]:
    """The permanents whose card replaces ``name``'s draws in a way next doesn't apply (the ability
    draw_replaced: "If you would draw a card, ... instead"; whose: as its controller sees them, CR 102.3)."""
    library = _library(board)
    found = []
    for permanent in board.battlefield:
        card = library.get(permanent.card_name)
        for ability in card.abilities() if card is not None else ():
            whose = ability.get("draw_replaced", {}).get("whose") if isinstance(ability, dict) else None
            mine = permanent.controller == name
            if whose == "any" or (whose == "you" and mine) or (whose == "opponent" and not mine):
                found.append(permanent.id)
    return sorted(set(found))


def _has_dredge(board: Board, name: str) -> bool:
    card = _library(board).get(name)
    return card is not None and "Dredge" in (card.data.get("keywords") or ())


def _draw_replacers(atoms: ModelAtoms) -> dict[str, list[str]]:
    """Each player's sources of "draw two instead" (asp/draw_replacement.lp)."""
    found: dict[str, list[str]] = {}
    for replacer in atoms(na.DrawReplacer):
        found.setdefault(replacer.player, []).append(replacer.source)
    return {player: sorted(sources) for player, sources in found.items()}


def _mana_choices(atoms: ModelAtoms, item: StackItem) -> list[Choice]:
    """CR 106.4: the mana an effect adds that its controller chooses among results (the color of "one mana of any
    color", the colors of "two mana in any combination of colors"), a choice each (asp/effect_mana.lp)."""
    out = []
    for chooses in sorted(atoms(na.EffectChooses), key=str):
        kinds: dict[str, int] = {}
        for adding in atoms(na.AddsMana):
            if adding.effect == chooses.effect:
                kinds[adding.type.upper()] = adding.number
        mana = _pool(kinds) or "no mana"
        out.append(Choice(("adds_mana", item.id, str(chooses.effect), mana),
                          f"{chooses.player} chooses {mana} as {item.id}'s effect adds mana (CR 106.4)"))
    return out


def _apply_effects(board: Board, atoms: ModelAtoms, events: list[Event], drew_empty: set[str],
                   what: str, happened: list[tuple[str, str]]) -> Board:
    """The effects asp/effects.lp decides: mana added (CR 106.4), cards drawn (121.1), life gained or lost (119.3),
    damage to a player (120.3a), extra turns (500.7: the most recently created is taken first).
    Life gained or lost and cards drawn are events in ``happened`` (CR 603.2)."""
    refuse_unjudged_gains(board, atoms(targeting.GainOrderUnjudged), atoms(targeting.GainUnbounded), what)
    for gain in atoms(na.SpellGainsLife):
        name, amount = gain.player, gain.amount
        board = _gain_life(board, name, amount)
        events.append(Event('{} gains {} life (CR 119.3)', (name, amount)))
        if amount > 0:
            happened.append((name, "gain_life"))
    for unmade in atoms(na.EffectUnmade):
        raise QueryError(f"{what}: the mana its effect adds is in a form asp/mana_production.lp doesn't compute for "
                         f"an effect ({unmade.effect}; CR 106.4)", file=board.name)
    added: dict[str, dict[str, int]] = {}
    for adding in atoms(na.AddsMana):  # CR 106.4: into its controller's mana pool
        kinds = added.setdefault(adding.player, {})
        kinds[adding.type.upper()] = kinds.get(adding.type.upper(), 0) + adding.number
    for name, kinds in sorted(added.items()):
        counts = _pool_counts(_player(board, name)[1].mana_pool)
        for kind, number in kinds.items():
            counts[kind] = counts.get(kind, 0) + number
        board = _set_player(board, name, mana_pool=_pool(counts))
        events.append(Event("{} adds {} (CR 106.4)", (name, _pool(kinds)), effect=ra.EFFECT_OF["adds_mana"]))
    for none in atoms(na.AddsNone):  # its amount is 0 (a zero production: no adds_mana atom)
        events.append(Event("{} adds no mana: none to count (CR 107.1b, 608.2h)", (none.player,),
                            effect=ra.EFFECT_OF["adds_none"]))
    replacers = _draw_replacers(atoms)
    for drawing in atoms(na.DrawsCards):
        start = len(events)
        board = draw(board, drawing.player, drawing.number, events, drew_empty, what,
                     replacers=replacers.get(drawing.player, []), happened=happened)
        events[start:] = [replace(event, effect=ra.EFFECT_OF["draws_cards"]) for event in events[start:]]
    board = _rider_damage(board, atoms, events, what, happened)
    for loss in atoms(na.LosesLife):
        name, amount = loss.player, loss.amount
        board = _set_player(board, name, life=_player(board, name)[1].life - amount)
        events.append(Event("{} loses {} life (CR 119.3)", (name, amount), life_lost=(name, amount),
                            effect=ra.EFFECT_OF["loses_life"]))
        if amount > 0:  # CR 603.2: "Whenever an opponent loses life"
            happened.append((name, "lose_life"))
    for extra in atoms(na.TakesExtraTurn):
        name = extra.player
        board = replace(board, extra_turns=(name,) + tuple(board.extra_turns))
        events.append(Event('{} will take an extra turn after this one (CR 500.7)', (name,)))
    return board


# ------------------------------------------------------------------- entering
def entering(branch: Branch, permanent: Permanent, events: list[Event], timeout: float | None,
             resolved: bool = False, spell: StackItem | None = None,
             copy_decided: bool = False) -> list[Branch]:
    """A permanent enters: "enters tapped" if it applies to it as it would exist on the
    battlefield (CR 614.12), with its condition (a choice to pay life or reveal a card
    gives one outcome per choice), the counters it enters with (614.1c; ``resolved``: a
    resolving spell, already with its own), and its enters-the-battlefield triggers (603.6a).
    ``spell``: the spell it was, as it was cast (kicked, evoked, the zone cast from: what its
    abilities may ask as it enters, 603.4, 702.33d, 702.74a), or None.
    "You may have ~ enter as a copy" is applied first (616.1c; ``copy_decided``: it was)."""
    definition = _card(branch.board, permanent.card_name)
    bound = day_night.entering_refusal(branch.board, _library(branch.board).get, permanent.id, definition)
    if bound is not None:  # CR 702.145b, 728.1
        raise QueryError(bound, file=branch.board.name)
    data = definition.data
    copying = "enters_as_copy" in data and not copy_decided and permanent.copy_of is None
    if copying and "unjudged" in data["enters_as_copy"]:  # CR 614.1c, 707.9: refused rather than half-applied
        raise QueryError(f"{permanent.id} may enter as a copy {data['enters_as_copy']['unjudged']} (CR 614.1c, "
                         "707.5), which next doesn't model: give the board after it enters", file=branch.board.name)
    chooses = data.get("chooses_colors")
    if chooses and not copying:  # CR 614.12: the choice is made as it enters, and the board after it must state it
        raise QueryError(f"{permanent.id} chooses up to {chooses} colors as it enters (CR 614.12), which next "
                         "doesn't choose: give the board after it, with chosen: {color: [...]}",
                         file=branch.board.name)
    choice = data.get("chooses_as_it_enters")
    options = None if copying else _entering_options(branch.board, permanent, choice)
    if options is not None:  # CR 614.12: its controller makes one choice as it enters, an outcome each
        key, values = options
        rule = ENTERS_CHOICE_RULES.get(key, "614.12")
        return [after for value in values for after in entering(
            branch.then(branch.board, choices=[Choice(("chooses_as_it_enters", permanent.id, key, value),
                                                      f"{permanent.controller} chooses {_option_words(key, value)} as "
                                                      f"{permanent.id} enters (CR {rule})")]),
            replace(permanent, chosen=tuple(sorted(permanent.chosen + ((key, value),)))), events, timeout,
            resolved, spell, copy_decided)]
    if choice is True and not copying:  # CR 614.12: likewise for a name, a land type: sets no board can list
        raise QueryError(f"{permanent.id} makes a choice as it enters (CR 614.12), which next doesn't make: "
                         "give the board after it, with chosen:", file=branch.board.name)
    if not copying:
        _refuse_unjudged_counters(branch.board, permanent.id, data)
    entered = enter(branch.board, permanent)
    if not copying:
        _refuse_unknown_casting(branch.board, permanent.id, data, spell)
    if "Room" in data.get("subtypes", ()) and (spell is None or not spell.was_cast):  # CR 709.5d
        raise QueryError(f"{permanent.id} is a Room entering without being cast, so with no door unlocked (CR 709.5d): "
                         "a Room with no door unlocked has neither door's name nor text, which a board naming one "
                         "door can't state", file=branch.board.name)
    if "Room" in data.get("subtypes", ()) and " // " in permanent.card_name:  # CR 709.3, 709.5d
        raise QueryError(f"{permanent.id} is a Room cast by its full name, {permanent.card_name}: which door was cast, "
                         "and is unlocked as it enters, the board doesn't say (CR 709.3, 709.5d): give the door's "
                         "name", file=branch.board.name)
    extra = next_steps.entering([permanent.id], resolved, spell, copy_decided=not copying)
    for player in entered.players:  # a card revealed from a hand (CR 701.16a)
        extra += next_steps.hand(player)
        for card in sorted(set(player.hand)):
            extra += _card_facts(entered, card)
    program = solver.ground(list(facts.board_facts(entered)) + extra, ZONE_RULES)
    out = []
    for atoms in _models(program, timeout):
        if copying:  # CR 616.1c: the copy effect first, then the rest with it decided
            return _entering_as_copy(branch, permanent, sorted(c.copied for c in atoms(na.EtbCopyCandidate)
                                                               if c.obj == permanent.id),
                                     events, timeout, resolved, spell)
        for unknown in atoms(na.EtbTurnUnknown):
            raise QueryError(f"{unknown.obj} enters tapped unless it's its controller's first turns of the "
                             f"game (CR 614.1c); on turn {entered.turn_number}, which of "
                             f"{permanent.controller}'s turns this is the board doesn't say", file=entered.name)
        for starting in atoms(na.EtbStartUnknown):
            raise QueryError(f"{starting.obj} enters tapped if its controller was the starting player (CR 614.1c, "
                             f"103.1); on turn {entered.turn_number} the board doesn't say who was "
                             "(turn.starting_player)", file=entered.name)
        board, said = entered, list(events)
        choices: list[Choice] = []
        if atoms(na.EtbToGraveyard):  # CR 614.1c: it never enters
            out.append(_not_entering(branch, permanent, atoms, said))
            continue
        board, replaced = _entering_replaced(board, permanent, atoms, choices)
        said += replaced
        lost = []
        for paying in atoms(na.EtbPaysLife):
            who, amount = paying.player, paying.amount
            if amount > 0:  # CR 119.4: paying life is losing it (119.4b: 0 life is no loss)
                lost.append((who, "lose_life"))
            board = _set_player(board, who, life=_player(board, who)[1].life - amount)
            choices.append(Choice(("pays_life_as_it_enters", who, amount, permanent.id),
                                  f"{who} pays {amount} life as {permanent.id} enters (CR 614.12, 119.4)"))
        for chosen in sorted(atoms(na.EtbKindChosen)):  # CR 614.1c: the kind of counter it enters with
            choices.append(Choice(("counter_kind_as_it_enters", chosen.obj, chosen.kind),
                                  f"{permanent.controller} chooses a {chosen.kind} counter for {chosen.obj} as it "
                                  "enters (CR 614.1c)"))
        for revealing in atoms(na.EtbReveals):
            choices.append(Choice(("reveals_as_it_enters", revealing.player, permanent.id),
                                  f"{revealing.player} reveals a card from their hand as "
                                  f"{permanent.id} enters (CR 614.12, 701.16a)"))
        if atoms(na.EntersTappedNow):
            board = _replace_permanent(board, replace(permanent, tapped=True))
            said.append(Event('{} enters tapped (CR 614.1c, 614.12)', (permanent.id,)))
        else:
            said.append(Event('{} enters untapped', (permanent.id,)))
        board = _control_by_aura(board, permanent, said)
        board = _counters_entering(board, atoms, said)
        pending = [_pending(permanent.id, t.ability, t.controller) for t in atoms(na.EntersTrigger)]
        pending += _left_triggers(entered, atoms) + _others_entering(atoms)
        pending += _counter_triggers(board, _counters_added(branch.board, board), timeout,
                                     _entered(branch.board, board))  # CR 122.6
        # CR 603.2, 701.8a: a card discarded as it enters (614.1c) is an event of its player
        pending += _player_triggers(board, [(a.player, "discard", a.card) for a in atoms(na.EtbDiscards)], timeout)
        # CR 603.2, 119.4: life paid as it enters (614.12) is lost before it is on the battlefield
        pending += _player_triggers(branch.board, lost, timeout)
        out.append(branch.then(board, choices=choices, events=said, pending=pending))
    return out


def _control_by_aura(board: Board, aura: Permanent, said: list[Event]) -> Board:
    """CR 613.1b, 303.4: an Aura that says "You control enchanted creature" (card data's
    ``control_enchanted``) enters attached and gives its controller control of what it enchants
    (its timestamp the latest, 613.7), which came under that player's control now (302.6,
    702.30a: ``entered``)."""
    if aura.attached_to is None or aura.attached_to[0] != "permanent" or not _card(
            board, aura.card_name).data.get("control_enchanted"):
        return board
    held = board.permanent(aura.attached_to[1])
    if held is None or held.controller == aura.controller:
        return board
    said.append(Event('{} gives {} control of {} (CR 613.1b, 303.4)', (aura.id, aura.controller, held.id)))
    return _replace_permanent(board, replace(held, controller=aura.controller, continuous_control=False,
                                             entered=entered_now(board)))


def _entering_as_copy(branch: Branch, permanent: Permanent, candidates: list[str], events: list[Event],
                      timeout: float | None, resolved: bool, spell: StackItem | None) -> list[Branch]:
    """CR 614.1c, 707.5: "You may have ~ enter as a copy of ...": an outcome for entering as
    itself, and one for each permanent it may copy, with that permanent's copiable values (its
    card, or the card it copies, 707.3; counters, status and choices aren't copied, 707.2: the
    copy makes the choices of the copied card's "as ~ enters" as it enters).  The copy has none
    of its own card's abilities, so the counters the spell's card gave it are gone and the
    copied card's own "enters with" applies (X counters: the X chosen for the spell, 107.3m, the
    permanent's x, kept; none for a spell without {X})."""
    board = branch.board
    itself = f"{permanent.controller} has {permanent.id} enter as itself (CR 614.1c, 707.5)"
    said = [Choice(("enters_as_copy", permanent.id, None), itself)] if candidates else []
    out = entering(branch.then(board, choices=said), permanent, events, timeout, resolved, spell,
                   copy_decided=True)
    for copied_id in candidates:
        copied = board.permanent(copied_id)
        assert copied is not None
        card = copied.copy_of or copied.card
        if copied.face_down is not None or copied.prototyped:
            raise QueryError(f"{permanent.id} may enter as a copy of {copied_id}, whose copiable values are "
                             f"{'face down' if copied.face_down else 'prototyped'} (CR 707.2, 708.2, 718.3d), which "
                             "next doesn't model: give the board after it enters", file=board.name)
        if copied.copy_of not in (None, copied.card) and "except" in _card(board, copied.card).data.get(
                "enters_as_copy", {}):  # CR 707.9b: its exceptions are copiable values no board states
            raise QueryError(f"{permanent.id} may enter as a copy of {copied_id}, a copy of {card} with the "
                             f"exceptions of {copied.card} (CR 707.9b), which next doesn't model: give the board "
                             "after it enters", file=board.name)
        if "enters_as_copy" in _card(board, card).data:
            raise QueryError(f"{permanent.id} may enter as a copy of {copied_id} ({card}), which may itself enter "
                             "as a copy (CR 616.1f), which next doesn't model: give the board after it enters",
                             file=board.name)
        out += entering(branch.then(board, choices=[Choice(("enters_as_copy", permanent.id, copied_id),
                                                           f"{permanent.controller} has {permanent.id} enter as a "
                                                           f"copy of {copied_id} ({card}) (CR 707.5, 616.1c)")]),
                        replace(permanent, copy_of=card, counters=()), events, timeout, False, spell,
                        copy_decided=True)
    return out


def _entering_options(board: Board, permanent: Permanent, choice: Any) -> tuple[str, list[str]] | None:
    """The first choice the card makes as it enters that the permanent hasn't made yet, with
    its options (CR 614.12): a color it may choose (105.1), a basic land type (205.3i), a card type
    its text names (205.2a), a player
    still in the game or an opponent (102.3, 800.4a), an anchor word (614.12b); None when every
    choice is made.  A creature type (205.3m: some 300 of them) isn't chosen: refused."""
    if not isinstance(choice, dict):
        return None
    made = {key for key, _ in permanent.chosen}
    for key, spec in choice.items():
        if key in made:
            continue
        if key == "creature_type":  # CR 614.12, 205.3m: an outcome each for some 300 types: not listed
            raise QueryError(f"{permanent.id} chooses a creature type as it enters (CR 614.12), which next doesn't "
                             "choose: give the board after it, with chosen: {creature_type: ..}", file=board.name)
        if key == "color":
            return key, list(spec)
        if key == "basic_land_type":
            return key, ["Plains", "Island", "Swamp", "Mountain", "Forest"]
        if key == "card_type":  # CR 205.2a: one of those its text names
            return key, list(spec)
        if key == "player":  # no player to choose (614.12a): it enters with none chosen
            players = [p.name for p in board.players
                       if not p.lost and (spec == "any" or p.name != permanent.controller)]
            if players:
                return key, players
        if key == "read_ahead":  # CR 702.155b: a number from one to its final chapter number (714.2d)
            final = final_chapter(_card(board, permanent.copy_of or permanent.card_name).data)
            if final:
                return key, [str(n) for n in range(1, final + 1)]
            continue
        if key in ENTERS_CHOICE_RULES:  # an anchor word (614.12b), riot's or unleash's choice (702.136a, 702.98a)
            return key, list(spec)
    return None



# Choices made as a permanent enters, beside 614.12's, with their rules: an anchor word; riot's additional +1/+1
# counter or haste, unleash's counter or none (the counter: asp/zone_change.lp; the haste: asp/objects.lp).
ENTERS_CHOICE_RULES = {"anchor": "614.12b", "riot": "702.136a", "unleash": "702.98a", "read_ahead": "702.155b"}
KEYWORD_OPTION_WORDS = {("riot", "counter"): "riot's +1/+1 counter", ("riot", "haste"): "riot's haste",
                        ("unleash", "counter"): "unleash's +1/+1 counter", ("unleash", "none"): "no unleash counter"}


def _option_words(key: str, value: str) -> str:
    """A choice as the outcome says it: a color by name, a keyword's option in words, anything else as it is."""
    if key == "read_ahead":  # CR 702.155b
        return f"{plural(int(value), 'lore counter')} (read ahead)"
    return TYPE_NAMES[value] if key == "color" else KEYWORD_OPTION_WORDS.get((key, value), value)


def _refuse_unjudged_counters(board: Board, obj: str, data: dict) -> None:
    """CR 614.1c: counters it would enter with on what no board records (what happened this
    turn, how the spell was cast: the card's ``unjudged``): refused rather than guessed."""
    tapped = data.get("enters_tapped")
    if isinstance(tapped, dict) and "unjudged" in tapped:  # CR 614.1c, 614.12
        raise QueryError(f"{obj} may enter tapped {tapped['unjudged']} (CR 614.1c, 614.12), which next doesn't "
                         "judge: give the board after it enters", file=board.name)
    for item in data.get("enters_with_counters", []):
        if "unjudged" in item:
            raise QueryError(f"{obj} enters with {item['kind']} counters {item['unjudged']} (CR 614.1c), which "
                             "the board doesn't record: give the board after it enters", file=board.name)


def _mana_spent(spent: str) -> str | None:
    """A payment's spent mana (payment.spent_text: "{G}{G}", "{U} and 2 life", "nothing") as a stack
    item's mana_spent (CR 601.2h: the mana, not the life); None where mana of any color paid generic
    mana with its color not chosen ({Any}: more of it than ``_spent_choices`` splits by), so what was
    spent is not one answer."""
    mana = "" if spent == "nothing" else spent.split(" and ")[0]
    if "life" in mana:
        mana = ""
    return None if "Any" in mana else mana


SPENT_ANY_MOST = 5  # mana of any color spent whose colors a cast splits by (CR 106.4): 126 choices at most


def _spent_choices(ways: Iterable[Any]) -> list[Any]:
    """CR 106.4, 601.2h: a way that spent mana of any color on generic mana ({Any}: its color chosen as it was
    added), once for each choice of those colors, for a card that reads the mana spent to cast it (the stack
    item's mana_spent); more than SPENT_ANY_MOST such mana stays one way, which records none (refused there)."""
    import itertools
    out = []
    for way in ways:
        mana, _, life = way.spent.partition(" and ")
        count = mana.count("{Any}")
        if not count or count > SPENT_ANY_MOST:
            out.append(way)
            continue
        for colors in itertools.combinations_with_replacement("WUBRG", count):
            counts = _pool_counts(mana.replace("{Any}", ""))
            for color in colors:
                counts[color] = counts.get(color, 0) + 1
            out.append(replace(way, spent=" and ".join(filter(None, [_pool(counts), life]))))
    return out


def _spent_readers(data: dict) -> list[str]:
    """The kinds of counters the card enters with on the mana spent to cast it (CR 601.2h, 702.44a):
    what a stack item's mana_spent is recorded for (next cast), and refused without (entering)."""
    return [item["kind"] for item in data.get("enters_with_counters", [])
            if item.get("per") == "colors_spent" or (isinstance(item.get("if"), dict) and set(item["if"]) & {
                "colors_spent", "spent", "same_color_spent"})]


def _refuse_unknown_casting(board: Board, obj: str, data: dict, spell: StackItem | None) -> None:
    """CR 603.4, 614.1c, 601.2a, 601.2h: what the permanent asks, as it enters, of how it was cast
    ("When ~ enters, if you cast it from your hand", "~ enters with a divinity counter on it if you
    cast it from your hand", sunburst's colors of mana spent), of a spell cast whose zone or mana the
    board doesn't give (its stack item's cast_from, mana_spent): refused rather than guessed."""
    if spell is None or not spell.was_cast:
        return
    counters = data.get("enters_with_counters", [])
    if spell.cast_zone is None:
        asking = [f"whether its ability \"{spec['text']}\" triggers" for spec in (
            ability.get("triggered", {}) if isinstance(ability, dict) else {} for ability in data.get("abilities", []))
            if "cast_from" in spec.get("if", {})]
        asking += [f"whether it enters with {item['kind']} counters" for item in counters
                   if isinstance(item.get("if"), dict) and "cast_from" in item["if"]]
        if asking:
            raise QueryError(f"{obj} enters, and the zone it was cast from decides {asking[0]} (CR 603.4, 614.1c, "
                             f"601.2a), which its stack item {spell.id} doesn't say: give it cast_from",
                             file=board.name)
    if spell.mana_spent is None:
        spent = _spent_readers(data)
        if spent:
            raise QueryError(f"{obj} enters, and the mana spent to cast it decides its {spent[0]} counters (CR "
                             f"614.1c, 601.2h), which its stack item {spell.id} doesn't say: give it mana_spent",
                             file=board.name)


def _others_entering(atoms: ModelAtoms) -> list[Pending]:
    """Abilities that trigger on a permanent of a kind entering (CR 603.6a;
    asp/zone_change.lp): one for each permanent that entered."""
    return [_pending(t.source, t.ability, t.controller) for t in atoms(na.OtherEntersTrigger)]


def _counters_entering(board: Board, atoms: ModelAtoms, events: list[Event]) -> Board:
    """The counters permanents enter with (CR 614.1c, 614.12; asp/zone_change.lp): their own
    "enters with" (a land played, a token), and each other permanent's "enters with an
    additional counter", put by their one event (asp/counter_put.lp, 122.6); one for each of
    what happened this turn, which no board records, is refused."""
    for unjudged in sorted(atoms(na.EtbMoreUnjudged)):
        source = board.permanent(unjudged.source)
        items = _card(board, source.card_name).data.get("others_enter_with_counters", []) if source else []
        more: dict[str, Any] = next((m for m in items if "unjudged" in m), {})
        raise QueryError(f"{unjudged.obj} would enter with more counters by {unjudged.source}'s replacement effect, "
                         f"{more.get('unjudged', 'on what happened this turn')} (CR 614.1c), which the board doesn't "
                         "record: give the board after it enters", file=board.name)
    for adding in sorted(atoms(na.EtbAdds)):
        if adding.source.type == SymbolType.Function and adding.source.name in ("riot", "unleash"):
            keyword = adding.source.name  # CR 702.136a, 702.98a: riot's or unleash's choice (asp/zone_change.lp)
            events.append(Event('{} enters with {} ({}, CR {}, 614.1c)',
                                (adding.obj, plural(adding.number, 'additional ' + adding.kind + ' counter'), keyword,
                                 ENTERS_CHOICE_RULES[keyword])))
        elif adding.source.type == SymbolType.Function and adding.source.name == "copy_exception":
            events.append(Event("{} enters with {} (its copy's exception, CR 707.9e, 614.1c)",
                                (adding.obj, plural(adding.number, 'additional ' + adding.kind + ' counter'))))
        elif adding.source.type == SymbolType.Function and adding.source.name == "saga":
            events.append(Event("{} enters with a lore counter (a Saga, CR 714.3a)", (adding.obj,)))
        elif adding.source.type == SymbolType.Function and adding.source.name == "read_ahead":
            events.append(Event("{} enters with {} (read ahead, CR 702.155b, 714.3a)",
                                (adding.obj, plural(adding.number, 'lore counter'))))
        elif adding.source.type == SymbolType.String:
            events.append(Event("{} enters with {} ({}'s replacement effect, CR 614.1c, 614.12)",
                                (adding.obj, plural(adding.number, 'additional ' + adding.kind + ' counter'),
                                 adding.source.string)))
        else:
            events.append(Event('{} enters with {} (CR 614.1c)',
                                (adding.obj, plural(adding.number, adding.kind + ' counter'))))
    board, _ = _put_counters(board, atoms, events)
    return board


def _tokens_entering(board: Board, created: list[str], events: list[Event],
                     timeout: float | None) -> tuple[Board, list[Pending]]:
    """Tokens entered (CR 111.2): the counters they enter with (614.1c), their own enters
    abilities and those of permanents that trigger on them (603.6a), read from
    asp/zone_change.lp as for any permanent entering."""
    for obj in created:
        token = board.permanent(obj)
        _refuse_unjudged_counters(board, obj, _card(board, token.card_name).data)
    extra = next_steps.entering(created)
    atoms = next(iter(_models(solver.ground(list(facts.board_facts(board)) + extra, ZONE_RULES), timeout)))
    for devouring in atoms(na.Devours):  # CR 702.82a: a choice as it enters, which this path doesn't make
        raise QueryError(f"{devouring.obj} enters as a token with devour (CR 702.82a, 614.1c): its controller's "
                         "choice of what to sacrifice as a token enters isn't modelled", file=board.name)
    before = board
    board = _counters_entering(board, atoms, events)
    pending = [_pending(t.obj, t.ability, t.controller) for t in atoms(na.EntersTrigger)]
    return board, pending + _others_entering(atoms) + _counter_triggers(
        board, _counters_added(before, board), timeout, _entered(before, board))  # CR 122.6


def _entering_replaced(board: Board, permanent: Permanent, atoms: ModelAtoms,
                       choices: list[Choice]) -> tuple[Board, list[Event]]:
    """What its controller sacrifices or discards as the permanent enters (CR 614.1c,
    614.12, 701.17a; asp/zone_change.lp): choices and events."""
    events: list[Event] = []
    sacrificed = sorted(a.sacrificed for a in atoms(na.EtbSacrifices))
    if sacrificed and bool(atoms(na.EtbInstead)):
        choices.append(Choice(("sacrifices_as_it_would_enter", permanent.id, tuple(sacrificed)),
                              f"{permanent.controller} sacrifices {', '.join(sacrificed)} as {permanent.id} would "
                              "enter (CR 614.1c, 701.17a)"))
    if any(a.obj == permanent.id for a in atoms(na.Devours)):  # CR 702.82a: any number, none too
        choices.append(Choice(("devours", permanent.id, tuple(sacrificed)),
                              f"{permanent.controller} sacrifices {', '.join(sacrificed) or 'nothing'} as "
                              f"{permanent.id} enters (devour, CR 702.82a)"))
    if sacrificed:
        events.append(Event('sacrifice {} as {} enters (CR 614.1c, 701.17a)', (', '.join(sacrificed), permanent.id)))
    at_once = board
    for obj in sacrificed:
        board = leave(board, obj, told=events, judged=at_once)
    for discarding in atoms(na.EtbDiscards):
        who, card = discarding.player, discarding.card
        _, player = _player(board, who)
        hand = list(player.hand)
        hand.remove(card)
        choices.append(Choice(("discards_as_it_would_enter", who, card, permanent.id),
                              f"{who} discards {card} as {permanent.id} would enter (CR 614.1c, 701.8a)"))
        board = to_graveyard(board, who, [card], events, hand=tuple(hand))
    return board, events


def _not_entering(branch: Branch, permanent: Permanent, atoms: ModelAtoms,
                  said: list[Event]) -> Branch:
    """CR 614.1c: "If you don't, put it into its owner's graveyard": it never enters the
    battlefield (a token would cease to exist, 111.7)."""
    board = branch.board
    choices = []
    if any(a.obj == permanent.id for a in atoms(na.EtbCanInstead)):
        verb = "discard a card" if "discard" in _card(board, permanent.card).data.get("enters_instead", {}) \
            else "sacrifice"
        choices.append(Choice(("declines_to_enter", permanent.id),
                              f"{permanent.controller} chooses not to {verb} for {permanent.id} (CR 614.1c)"))
    said.append(Event("{} doesn't enter: its replacement effect puts {} into {}'s graveyard (CR 614.1c)",
                      (permanent.id, permanent.card, permanent.owner)))
    if not permanent.token:
        board = to_graveyard(board, permanent.owner, [permanent.card], said)
    return branch.then(board, choices=choices, events=said)


def _refuse_unknown_commander(board: Board, card: str, what: str) -> None:
    """CR 903.3: a card entering the battlefield may be a commander, which no hand or stack item says; where an
    ability on the battlefield looks for commanders (a filter's ``commander``), refused rather than guessed."""
    watching = next((p.id for p in board.battlefield
                     if '"commander": true' in json.dumps(_card(board, p.card_name).data.get("abilities", []))), None)
    if watching is not None:
        raise QueryError(f"{what}: {card} enters the battlefield, and whether it is a commander (CR 903.3) isn't "
                         f"known (a board says it only of permanents), which {watching}'s abilities read",
                         file=board.name)


def new_permanent(board: Board, base: str, card: str, controller: str, **fields: Any) -> Permanent:
    """A new object on the battlefield (CR 400.7): no memory of a previous existence; it
    came under its controller's control now (302.6, 702.30a)."""
    return Permanent(id=new_id(board, base), card=card, controller=controller,
                     owner=fields.pop("owner", controller), continuous_control=False,
                     timestamp=board.next_timestamp(),
                     entered=entered_now(board), **fields)


# ------------------------------------------------------------------- resolve
def resolve(branch: Branch, timeout: float | None) -> list[Branch]:
    board = branch.board
    if not board.stack:
        raise Unavailable("resolve: the stack is empty, nothing resolves (CR 405.5, 608.1)", file=board.name)
    top = board.stack[-1]
    place = f"stack[{len(board.stack) - 1}]"
    if top.resolving:
        raise QueryError(f"resolve: {top.id} is already resolving", file=board.name, place=place)
    if top.source is not None and isinstance(top.ability, int) and top.ability <= len(
            _card(board, top.card).abilities()) and ("activated" in _trigger_spec(board, top) or
                                                      targeting.spec_of(board, top.card, top.ability,
                                                                        top.granted).get("targets")):
        return _resolve_activated(branch, top, timeout)  # CR 608.2b: an ability with targets (603.3d)
    if top.source is not None:
        return _resolve_ability(branch, top, place, timeout)
    return _resolve_spell(branch, top, place, timeout)


ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def _unstackable(spec: dict[str, Any]) -> str | None:
    """Why a triggered ability can't go on the stack exactly, or None: a condition the board can't
    judge (the trigger's `unjudged`), or an effect next doesn't model that chooses targets or a
    mode as it is put on the stack (CR 603.3c, 603.3d), which the board would leave unchosen."""
    if spec["when"].get("unjudged"):
        return spec["when"]["unjudged"]
    if spec.get("if", {}).get("unjudged"):  # CR 603.4: whether it triggers at all is undecided
        return spec["if"]["unjudged"]
    if not spec.get("do") and not spec.get("riders") and re.search(
            r"\btargets?\b|\bchoose (?:one|two|three|up to|any number)\b", spec["text"], re.IGNORECASE):
        return ("its effect isn't modelled (the card's `do:`) and chooses targets or a mode as it is put on the "
                "stack (CR 603.3c, 603.3d)")
    return None


def _modelled(board: Board, item: StackItem) -> bool:
    if isinstance(item.ability, str):  # a keyword's trigger (echo, cumulative upkeep)
        return True
    spec = _trigger_spec(board, item)["triggered"]
    riders = spec.get("riders", [])  # "it deals N damage to you" (asp/effects.lp)
    return bool(spec.get("do") or riders) and all(set(r) <= {"damage_to_controller"} for r in riders)


def _refuse_paid_by_mana_abilities(board: Board, item: StackItem, place: str) -> None:
    """CR 605.3a: a player asked to pay echo (702.30a) or cumulative upkeep (702.24a) as it
    resolves may activate mana abilities to pay it.  The resolution pays from the mana pool only
    (asp/outcomes.lp), so a way to pay it that activates one (the payment search of `pay`) is
    refused rather than left out."""
    from pysolver.query import payment
    source = board.permanent(item.source) if item.source else None
    if source is None:  # CR 702.30a, 702.24a: gone, there is nothing to pay for
        return
    data = _card(board, item.card).data
    key = str(item.ability)
    cost = data.get(key)
    if not isinstance(cost, str):
        return
    if key == "cumulative_upkeep":  # once for each age counter, the one it puts included
        cost = cost * (dict(source.counters).get("age", 0) + 1)
    ways = payment.pay(board, item.controller, cost=cost).ways
    if any(way.activations for way in ways):
        word = "echo" if key == "echo" else "cumulative upkeep"
        raise QueryError(f"resolve: {item.id}: {item.controller} may pay its {word} cost {cost} by activating mana "
                         "abilities as it resolves (CR 605.3a), which next doesn't do (it pays from the mana pool): "
                         "give the board with that mana in the pool", file=board.name, place=place)


def _echo_and_tokens(atoms: ModelAtoms, stages: dict[int, oc.Resolving], choices: list[Choice],
                     tokens: bool = True) -> list[Event]:
    """Echo paid or not (CR 702.30a) and, with ``tokens``, tokens created (CR 111.2): events, and the choices."""
    events: list[Event] = []
    paid: dict[int | None, list[tuple[str, int]]] = {}
    for payment in atoms(ra.Paid):
        paid.setdefault(ra._stage_of(payment.key), []).append((payment.type.upper(), payment.amount))
    word = {"echo": "echo", "cumulative_upkeep": "cumulative upkeep"}
    for age in atoms(ra.PutAge):
        ages = [a.total for a in atoms(ra.AgeDue) if a.stage == age.stage]
        events.append(Event('age counter on {} ({} in all)', (age.source, ages[0])))
    for paying in atoms(ra.Pays):
        stage = ra._stage_of(paying.key)
        assert stage is not None, f"a cost paid as an ability resolves is echo's or an age's: {paying.key}"
        resolving = stages[stage]
        cost = word[resolving.ability.name]
        spent = "".join(f"{{{t}}}" * n for t, n in sorted(paid.get(stage, []), key=lambda p: "WUBRGC".index(p[0])))
        choices.append(Choice(("pays_cost", resolving.source, resolving.ability.name, spent),
                              f"{resolving.controller} pays the {cost} cost of {resolving.source}"))
        events.append(Event('{} pays {} from the mana pool ({} of {})',
                            (resolving.controller, spent or 'nothing', cost, resolving.source)))
    unpayable = {a.stage for a in atoms(oc.EchoUnpayable)} | {a.stage for a in atoms(ra.UpkeepUnpayable)}
    for sacrifice in atoms(ra.Sacrificed):
        stage, source = sacrifice.stage, sacrifice.source
        cost = word[stages[stage].ability.name]
        if stage not in unpayable:
            choices.append(Choice(("declines_cost", source, stages[stage].ability.name),
                                  f"{stages[stage].controller} doesn't pay the {cost} cost of {source}"))
        events.append(Event('sacrifice {} ({} not paid)', (source, cost)))
    for creating in atoms(ra.Creates) if tokens else ():
        events.append(Event('create {} {}', (creating.number, creating.token)))
    for none in atoms(ra.NoTokens) if tokens else ():
        events.append(Event('create no {} (none to count)', (none.token,)))
    return events


def _storm(ability: dict[str, Any]) -> bool:
    """CR 702.40a: a storm trigger (its effect copies its spell)."""
    return {"copy_self": "spells_cast_before"} in ability.get("triggered", {}).get("do", [])


def _resolve_storm(branch: Branch, item: StackItem, place: str) -> list[Branch]:
    """CR 702.40a, 707.10: a storm trigger resolves: a copy of its spell for each other spell cast
    before it this turn (its storm_count) is put on the stack, not cast (no cast trigger), with
    the spell's X and costs paid.  Refused: a board that doesn't give the count, a spell that has
    left the stack (copied as it last existed, 608.2h), and copies of a spell with targets (or
    whose text targets), for each of which its controller may choose new targets (707.10c), and
    copies while a "whenever you cast or copy" ability is on the battlefield."""
    board = branch.board
    rest = replace(board, stack=board.stack[:-1])
    what = f"resolve: {item.id} ({item.card}, storm)"
    if item.storm_count is None:
        raise QueryError(f"{what}: the board doesn't say how many spells were cast before its spell this turn "
                         "(the stack item's storm_count, CR 702.40a)", file=board.name, place=place)
    spell = next((s for s in rest.stack if s.id == item.source and s.source is None), None)
    if spell is None:
        raise QueryError(f"{what}: its spell {item.source} has left the stack, and copying it as it last existed "
                         "(CR 707.10, 608.2h) isn't modelled", file=board.name, place=place)
    oracle = re.sub(r"\([^)]*\)", "", _card(board, spell.card).data.get("oracle", ""))  # without reminder text
    targeted = re.search(r"\btargets?\b", oracle, re.IGNORECASE)
    if (spell.targets or targeted) and item.storm_count:
        raise QueryError(f"{what}: its controller may choose new targets for each copy of {spell.id} (CR 702.40a, "
                         "707.10c), which isn't modelled", file=board.name, place=place)
    watching = [(p.id, spec["triggered"]["text"]) for p in board.battlefield
                for spec in _card(board, p.card_name).abilities()
                if spec.get("triggered", {}).get("when", {}).get("or_copy")]
    if watching and item.storm_count:
        source, text = watching[0]
        raise QueryError(f"{what}: {source}'s \"{text}\" may trigger on a copy (\"cast or copy\", CR 707.10), which "
                         "next doesn't put on the stack for a copy", file=board.name, place=place)
    new = rest
    made = []
    for _ in range(item.storm_count):
        copy = replace(spell, id=new_id(new, f"{spell.id}-copy"), controller=item.controller, copy=True, cast=False,
                       resolving=False, cast_from=None, mana_spent=None)  # CR 707.10: a copy isn't cast
        new = replace(new, stack=new.stack + [copy])
        made.append(copy.id)
    events = [Event("{} ({}, {}) resolves", (item.id, item.card, _named(item)))]
    copies = plural(len(made), "copy", "copies")
    events.append(Event("put {} of {} ({}) on the stack: {} (CR 702.40a, 707.10)",
                        (copies, spell.card, spell.id, ", ".join(made))) if made else
                  Event("no copy of {} ({}): no other spell was cast before it this turn (CR 702.40a)",
                        (spell.card, spell.id)))
    return [branch.then(new, events=events)]


def _resolve_ability(branch: Branch, item: StackItem, place: str, timeout: float | None) -> list[Branch]:
    board = branch.board
    if isinstance(item.ability, int) and _storm(_trigger_spec(board, item)):
        return _resolve_storm(branch, item, place)
    if not _modelled(board, item):
        spec = _trigger_spec(board, item)["triggered"]
        raise QueryError(f"resolve: {item.id} ({item.card}: \"{spec['text']}\"): its effect isn't "
                         "modelled (the card's `do:`), so the board it leaves can't be computed",
                         file=board.name, place=place)
    if item.ability in ("echo", "cumulative_upkeep"):
        _refuse_paid_by_mana_abilities(board, item, place)
    program = solver.ground(facts.board_facts(board), RESOLVE_RULES)
    rest = replace(board, stack=board.stack[:-1])
    out = []
    for atoms in _models(program, timeout):
        stages = {a.stage: a for a in atoms(oc.Resolving)}
        key = _key(stages[1].source, stages[1].ability)
        probability = Fraction(1)
        for among in atoms(oc.RandomAmong):
            probability /= among.candidates
        # CR 706.1, 701.7a: the one picked at random (destroyed, or a shield counter removed instead)
        picked = tuple(sorted([("destroyed", a.obj) for a in atoms(oc.Destroyed)]
                              + [("shield_spent", a.obj) for a in atoms(oc.ShieldSpent)]))
        chance = Chance(picked, probability.denominator) if atoms(oc.RandomAmong) else None
        choices: list[Choice] = []
        events: list[Event] = [Event('{} ({}, {}) resolves', (item.id, item.card, key))]
        new = rest
        fails = bool(atoms(oc.IfFails))
        if fails:
            events.append(Event('{} ({}): does nothing, its "if" condition is false (CR 603.4)', (item.card, key)))
        declined = bool(atoms(ra.Declines))
        if atoms(ra.MayChoose):  # CR 603.5: "you may"
            choices.append(Choice(("applies", item.id, not declined), f"{item.controller} chooses "
                                  f"{'not ' if declined else ''}to apply {item.card} ({key})'s effect (CR 603.5)"))
        puts = atoms(oc.Put)
        chosen = sorted(a.obj for a in puts)
        for chooser in atoms(oc.Chooser):
            choices.append(Choice(("chooses_for", chooser.player, item.id, tuple(chosen)),
                                  f"{chooser.player} chooses for {item.card} ({key}): "
                                  f"{', '.join(chosen) or 'nothing'}"))
        for putting in puts:
            events.append(Event('{} counter on {}', (putting.kind, putting.obj), effect=ra.EFFECT_OF["put"]))
        replaced: list[Event] = []
        new, counter_events = _put_counters(new, atoms, replaced)  # CR 122.1: every counter its effects put
        if atoms(oc.NothingDestroyed):
            events.append(Event('{} ({}): nothing destroyed, no candidate without indestructible', (item.card, key)))
        events.extend(_echo_and_tokens(atoms, stages, choices, tokens=False))
        for payment in atoms(ra.Paid):
            t, n = payment.type.upper(), payment.amount
            _, player = _player(new, item.controller)
            counts = _pool_counts(player.mana_pool)
            counts[t] -= n
            new = _set_player(new, item.controller, mana_pool=_pool(counts))
        happened: list[tuple[str, str]] = []  # life gained, cards drawn (CR 603.2)
        new, self_events = _self_effects(new, atoms, happened)
        events.extend(self_events + replaced)
        for shielded in atoms(ra.ShieldUnjudged):  # asp/outcomes.lp: CR 122.1c, not counted
            raise QueryError(f"resolve: {item.id} ({item.card}): {shielded.refusal('next')}", file=board.name,
                             place=place)
        for guarded in atoms(ra.UmbraUnfollowed):  # asp/outcomes.lp: CR 702.89a, not followed
            raise QueryError(f"resolve: {item.id} ({item.card}): {guarded.refusal('next')}", file=board.name,
                             place=place)
        destroyed = [a.obj for a in atoms(oc.Destroyed)]
        for obj in destroyed:
            events.append(Event('destroy {} (at random)', (obj,), effect=ra.EFFECT_OF["destroyed"]))
        for spent in atoms(oc.ShieldSpent):  # CR 122.1c, 614.1a: picked at random, not destroyed
            new = targeting.remove_shield_counter(new, spent.obj)
            events.append(Event("{} isn't destroyed (chosen at random): a shield counter is removed from it "
                                'instead (CR 122.1c)', (spent.obj,), effect=ra.EFFECT_OF["shield_spent"]))
        at_once = new
        for obj in destroyed + [a.source for a in atoms(ra.Sacrificed)]:
            if new.permanent(obj) is not None:
                new = leave(new, obj, told=events, judged=at_once)
        tokens: list[str] = []
        for unfollowed in atoms(ra.TokensAddedUnjudged):  # asp/token_replacement.lp (CR 614.1a)
            raise QueryError(f"resolve: {unfollowed.refusal('next')}", file=board.name)
        for beyond in atoms(ra.TokensBeyond):  # asp/token_replacement.lp's token_cap
            raise LimitExceeded(f"incomplete: the replacement effects of creating tokens (CR 614.1a) make more "
                                f"{beyond.token} tokens than are counted here", file=board.name)
        for creating in atoms(ra.Creates):
            token, count = creating.token, creating.number
            if _library(board).get(token) is None:
                raise QueryError(f"resolve: the token card {token!r} isn't in the card library",
                                 file=board.name, place=place)
            created = []
            for _ in range(count):
                permanent = new_permanent(new, slug(token.removesuffix(" Token")), token, item.controller,
                                          token=True)
                new = enter(new, permanent)
                created.append(permanent.id)
            events.append(Event('create {} {}: {} (CR 111.2)', (count, token, ', '.join(created)),
                                effect=ra.EFFECT_OF["creates"]))
            tokens += created
        for none in atoms(ra.NoTokens):
            events.append(Event('create no {} (none to count, CR 608.2h)', (none.token,),
                                effect=ra.EFFECT_OF["no_tokens"]))
        added = _added_steps(board, item)
        if added and not fails:
            new = replace(new, additional_steps=tuple(added) + new.additional_steps)
            steps = "an additional step" if len(added) == 1 else "additional steps"
            events.append(Event('{} after this one: {} (CR 500.9)', (steps, ', '.join(added))))
        drew_empty = set(branch.drew_empty)
        if not fails and not declined:
            choices += _mana_choices(atoms, item)
            new = _apply_effects(new, atoms, events, drew_empty, "resolve", happened)
        if isinstance(item.ability, int):  # CR 608.2c: its effects' events in the order its text gives them
            events = in_text_order(_trigger_spec(board, item)["triggered"].get("do", []), events)
        pending = _left_triggers(rest, atoms) + _player_triggers(new, happened, timeout)
        pending += _counter_triggers(new, [(item.controller, put) for put in counter_events],
                                     timeout)  # CR 122.1, 603.2, 122.6a: counters its effects put
        if tokens:
            new, entered = _tokens_entering(new, tokens, events, timeout)
            pending += entered
        out.append(branch.then(new, probability=probability, choices=choices, events=events,
                               pending=pending, drew_empty=frozenset(drew_empty), chance=chance))
    return out


def _self_effects(board: Board, atoms: ModelAtoms, happened: list[tuple[str, str]]) -> tuple[Board, list[Event]]:
    """A triggered ability's effects on its source and its controller (asp/outcomes.lp):
    a counter on it (CR 122.1), +N/+M until end of turn (611.2a), life gained (119.3; an event
    in ``happened``), the source sacrificed (701.17a) or returned to its owner's hand (400.7; a
    token ceases to exist, 111.7)."""
    events: list[Event] = []
    for putting in atoms(ra.PutsSelf):  # put by _put_counters (asp/counter_put.lp)
        obj, kind, count = putting.obj, putting.kind, putting.number
        events.append(Event("{} counter on {}", (kind, obj), effect=ra.EFFECT_OF["puts_self"]) if count == 1 else
                      Event("{} {} counters on {}", (count, kind, obj), effect=ra.EFFECT_OF["puts_self"]))
    for removing in atoms(ra.RemovesSelf):  # CR 122.1: "remove a time counter from it" (asp/outcomes.lp)
        permanent = board.permanent(removing.obj)
        assert permanent is not None
        counters = dict(permanent.counters)
        counters[removing.kind] -= removing.number
        board = _replace_permanent(board, replace(permanent, counters=tuple(sorted(
            (k, n) for k, n in counters.items() if n))))
        events.append(Event('remove {} from {} (CR 122.1)',
                            (plural(removing.number, removing.kind + ' counter'), removing.obj),
                            effect=ra.EFFECT_OF["removes_self"]))
    for pump in atoms(ra.PumpsSelf):  # CR 611.2a, 613.4c: until end of turn (cleared in the cleanup step)
        board, event = targeting.pump_until_end_of_turn(board, pump.obj, pump.power, pump.toughness)
        events.append(replace(event, effect=ra.EFFECT_OF["pumps_self"]))
    refuse_unjudged_gains(board, atoms(targeting.GainOrderUnjudged), atoms(targeting.GainUnbounded), "resolve")
    for gain in atoms(ra.GainsLife):
        who, amount = gain.player, gain.amount
        board = _gain_life(board, who, amount)
        events.append(Event('{} gains {} life (CR 119.3)', (who, amount), effect=ra.EFFECT_OF["gains_life"]))
        if amount > 0:
            happened.append((who, "gain_life"))
    for sacrifice in atoms(ra.SacrificesSelf):
        start = len(events)
        events.append(Event('sacrifice {} (CR 701.17a)', (sacrifice.obj,)))
        board = leave(board, sacrifice.obj, told=events)
        events[start:] = [replace(event, effect=ra.EFFECT_OF["sacrifices_self"]) for event in events[start:]]
    for returning in atoms(ra.ReturnsSelf):
        obj = returning.obj
        gone = board.permanent(obj)
        assert gone is not None
        board = leave(board, obj, zone="hand")
        if not gone.token:
            board = _set_player(board, gone.owner, hand=_player(board, gone.owner)[1].hand + (gone.card,))
        events.append(Event("return {} to {}'s hand (CR 400.7)", (obj, gone.owner),
                            effect=ra.EFFECT_OF["returns_self"]))
    return board, events


def _added_steps(board: Board, item: StackItem) -> list[str]:
    """The steps the ability adds after the current step (CR 500.8, 500.9; card data); a phase added after this
    phase while steps of it are still to come is refused: it comes after them, which the board's additional_steps
    (directly after its step) can't state."""
    if isinstance(item.ability, str):
        return []
    from pysolver.cards import PHASE_STEPS, phase_after_rest
    spec = _trigger_spec(board, item)["triggered"]
    steps: list[str] = []
    for effect in spec.get("do", []):
        if "additional_steps" in effect:
            steps.extend(effect["additional_steps"])
        if "additional_phase" in effect:
            after = phase_after_rest(effect["additional_phase"], board.step)
            if after is not None:
                raise QueryError(f"resolve: {item.id} ({item.card}) adds {after}; a board's additional_steps come "
                                 f"directly after its step ({board.step}), so no board states the turn after it",
                                 file=board.name)
            steps.extend(PHASE_STEPS[effect["additional_phase"]])
    return steps


def _resolve_spell(branch: Branch, item: StackItem, place: str, timeout: float | None) -> list[Branch]:
    """CR 608.3: a permanent spell becomes a permanent; X as 107.3m, a copy a token (608.3f)."""
    from pysolver.facts.stack import stack_facts
    board = branch.board
    attached_to = None
    if item.face_down is None and _aura_spell(board, item.card, f"resolve: {item.id}", place):
        # CR 608.3b: an Aura spell's target is checked again (608.2b); illegal, it doesn't resolve
        _, said, countered, *_ = targeting.resolve(replace(board, stack=board.stack[:-1]), item, item.card,
                                                   None, leave, _put_counters)
        if countered:
            new = replace(board, stack=board.stack[:-1])
            if not item.copy:
                new, put = _off_the_stack(new, item, "608.3b")
                said.append(put)
            return [branch.then(new, events=said)]
        attached_to = item.targets[0]  # CR 608.3c: it enters attached to what it targets
    data = _card(board, item.card).data  # CR 702.33d: what kicking changes, where a rule reads it
    if item.kicked and not any(each.get("if") == "kicked" for each in data.get("enters_with_counters", [])) \
            and not any(ability.get("triggered", {}).get("if") == {"kicked": True}
                        for ability in data.get("abilities", [])):
        raise QueryError(f"resolve: {item.id} was kicked, and what kicking changes in its effect (CR 702.33d) "
                         "isn't modelled, so the board it leaves can't be computed", file=board.name, place=place)
    optional = sorted(_card(board, item.card).data.get("optional_costs", {}))
    if optional:  # CR 601.2b: multikicker, offspring, buyback, ... (pysolver/cards/oracle_optional_costs.py)
        raise QueryError(f"resolve: {item.card} has {' and '.join(optional)}, an optional additional cost: whether "
                         "it was paid is on no board, and what paying it changes isn't modelled, so the board it "
                         "leaves can't be computed (CR 601.2b)", file=board.name, place=place)
    program = solver.ground(list(facts.board_facts(board)) + list(stack_facts(board)), solver.entry("x"))
    atoms = next(iter(_models(program, timeout)))
    becomes = [a for a in atoms(x_value.Becomes) if a.obj == item.id]
    if not becomes and "spell" in _card(board, item.card).data:
        return _resolve_effects_spell(branch, item, timeout)
    if not becomes:
        raise QueryError(f"resolve: {item.id} is a {item.card} spell; only permanent spells and "
                         "instants and sorceries whose effects the card's `spell:` lists resolve here",
                         file=board.name, place=place)
    card_name, kind = becomes[0].card, becomes[0].kind
    counters = tuple(sorted((a.kind, a.number) for a in atoms(x_value.EntersWith) if a.obj == item.id))
    etb_x = next((a.value for a in atoms(x_value.EtbX) if a.obj == item.id), 0)
    rest = replace(board, stack=board.stack[:-1])
    card = _card(board, item.card)
    if kind != "token" and not item.copy:
        _refuse_unknown_commander(board, item.card, f"resolve: {item.id}")
    permanent = Permanent(id=item.id, card=item.card, controller=item.controller, owner=item.controller,
                          continuous_control=False, timestamp=rest.next_timestamp(),
                          entered=entered_now(board),
                          counters=counters, token=kind == "token",
                          copy_of=card_name if card_name not in (item.card, item.card_name) else None,
                          x=etb_x if "{X}" in card.mana_cost and item.face_down is None else None,
                          face_down=item.face_down,  # CR 708.4: it enters face down (708.3)
                          attached_to=attached_to)
    attached = "" if attached_to is None else f" attached to {targeting.name(board, attached_to)}"
    rules = ["608.3c"] if attached else []
    rules += ["608.3f"] if kind == "token" else [] if attached else ["608.3a"]
    rules += ["708.4"] if item.face_down else []
    events = [(Event('{} resolves: it becomes a {}{}permanent{} (CR {})',
                     (item.id, 'token ' if kind == 'token' else '', 'face-down ' if item.face_down else '', attached,
                      ', '.join(rules))))]
    for kind_name, count in counters:
        events.append(Event('{} enters with {} (CR 614.1c, 107.3m)', (item.id, plural(count, kind_name + ' counter'))))
    return entering(branch.then(rest), permanent, events, timeout, resolved=True, spell=item)


def _resolve_effects_spell(branch: Branch, item: StackItem, timeout: float | None) -> list[Branch]:
    """CR 608.2: an instant or sorcery spell resolves: its effects (the card's `spell:`,
    asp/effects.lp) in order, then it is put into its owner's graveyard (608.2n); a copy
    ceases to exist (707.10a)."""
    board = branch.board
    rest = replace(board, stack=board.stack[:-1])
    pending: list[Pending] = []
    deathtouched: frozenset[str] = frozenset()
    happened: list[tuple[str, str]] = []
    said: list[Event] = []
    if item.targets:  # CR 608.2b: its targets checked again; if all are illegal it doesn't resolve
        resolved = targeting.resolve(rest, item, item.card, None, leave, _put_counters)
        said = resolved.events
        if resolved.countered:
            new = rest
            if not item.copy:
                new, put = _off_the_stack(new, item, "608.2b")
                said.append(put)
            return [branch.then(new, events=said)]
        pending = _destroyed_triggers(rest, frozenset(resolved.destroyed), timeout)
        pending += _untap_triggers(rest, _untapped_by(rest, resolved.board), timeout)  # CR 701.21b, 603.2
        pending += _tapped_triggers(rest, resolved.board, timeout)  # CR 701.21a, 603.2
        pending += _counter_triggers(resolved.board, [(item.controller, put) for put in resolved.counters_put],
                                     timeout)  # CR 122.1, 603.2, 122.6a: -1/-1 counters its damage put
        rest = resolved.board
        deathtouched = resolved.deathtouched
        happened += resolved.happened
    symbols = list(facts.board_facts(rest)) + _card_facts(board, item.card)
    symbols += next_steps.resolving_spell(item.controller, item.card)
    out = []
    for atoms in _models(solver.ground(symbols, SPELL_RULES), timeout):  # CR 106.4: a model for each mana chosen
        events = [Event('{} ({}) resolves (CR 608.2)', (item.id, item.card))] + said
        drew_empty = set(branch.drew_empty)
        now_happened = list(happened)
        new = _apply_effects(rest, atoms, events, drew_empty, "resolve", now_happened)
        now_pending = pending + _player_triggers(new, now_happened, timeout)  # asp/effects.lp puts no counters
        if not item.copy:
            new, put = _off_the_stack(new, item, "608.2n")
            events.append(put)
        out.append(branch.then(new, choices=_mana_choices(atoms, item), events=events,
                               drew_empty=frozenset(drew_empty), pending=now_pending, deathtouched=deathtouched))
    return out


def _off_the_stack(board: Board, item: StackItem, rule: str) -> tuple[Board, Event]:
    """An instant or sorcery card leaving the stack: into its owner's graveyard (CR 608.2n, 608.2b), or
    exiled instead if it was cast for its flashback cost (702.34a); the board and what happened."""
    _, owner = _player(board, item.controller)
    if rule == "608.2n" and not item.flashback and _has_keyword(board, item.card, "rebound"):
        raise QueryError(f"resolve: {item.card} has rebound: cast from a hand, it is exiled as it resolves and may be "
                         "cast from exile at its controller's next upkeep (CR 702.88a), which next doesn't model",
                         file=board.name)
    if rule == "608.2n" and _has_keyword(board, item.card, "cipher"):
        raise QueryError(f"resolve: {item.card} has cipher: as it resolves, its controller may exile it encoded "
                         "on a creature they control instead of putting it into a graveyard (CR 702.99a), which next "
                         "doesn't model", file=board.name)
    if item.flashback:
        return (_set_player(board, item.controller, exile=owner.exile + (item.card,)),
                Event("{} is exiled instead of being put into {}'s graveyard (CR 702.34a, {})",
                      (item.card, item.controller, rule)))
    if exiled_instead.from_elsewhere(board, item.controller, item.card) == "exile":  # CR 614.1a
        whose = "its" if exiled_instead.own_card(board.library, item.card) else "a"
        return (_set_player(board, item.controller, exile=owner.exile + (item.card,)),
                Event("{} is exiled instead of being put into {}'s graveyard ({} replacement effect, CR 614.1a, {})",
                      (item.card, item.controller, whose, rule)))
    return (_set_player(board, item.controller, graveyard=owner.graveyard + (item.card,)),
            Event("{} is put into {}'s graveyard (CR {})", (item.card, item.controller, rule)))


# -------------------------------------------------------------------- play
def play(branch: Branch, card: str, timeout: float | None) -> list[Branch]:
    """CR 305.1, 116.2a: the active player plays a land from their hand."""
    board = branch.board
    player_name = board.active_player
    _, player = _player(board, player_name)
    if card not in player.hand:
        held = ", ".join(player.hand) or "nothing"
        raise Unavailable(f"play {card}: {player_name} has no {card} in hand (hand: {held}); next plays "
                         "a land from its player's hand (CR 305.1): a permission to play one from another zone "
                         "(Crucible of Worlds) isn't modelled", file=board.name)
    index = player.hand.index(card)
    extra = next_steps.play_land(board, player, index)
    if _library(board).get(card) is None:
        raise QueryError(f"play {card}: unknown card", file=board.name)
    extra += _card_facts(board, card)
    program = solver.ground(list(facts.board_facts(board)) + extra, STEP_RULES)
    atoms = next(iter(_models(program, timeout)))
    reasons = {
        "not_land": f"{card} isn't a land: only a land card is played (CR 305.1)",
        "not_main": f"it is the {board.step} step: a land is played only in a main phase (CR 305.1)",
        "stack": "the stack isn't empty: a land is played only when it is (CR 305.1)",
        "land_drop": f"{player_name} already played {plural(board.lands_played, 'land')} this turn: "
                     "as many as they may play (one, and one more for each additional land play "
                     "their permanents give; CR 305.2, 305.2a)",
        "not_active": "only the active player plays lands (CR 305.1)",
    }
    for illegal in sorted(atoms(na.PlayIllegal), key=lambda a: list(reasons).index(a.reason)):
        raise Unavailable(f"play {card}: {reasons[illegal.reason]}", file=board.name)
    hand_left = list(player.hand)
    del hand_left[index]
    new = _set_player(board, player_name, hand=tuple(hand_left))
    new = replace(new, lands_played=board.lands_played + 1)
    _refuse_unknown_commander(board, card, f"play {card}")
    permanent = new_permanent(new, slug(card), card, player_name)
    events = [Event('{} plays {} as {} (CR 305.1)', (player_name, card, permanent.id))]
    # CR 603.2, 305.1: "whenever you play a land" triggers on the playing, whether or not the land enters
    played = _player_triggers(new, [(player_name, "play_land")], timeout)
    return entering(branch.then(new, pending=played), permanent, events, timeout)


def _card_facts(board: Board, card: str) -> list[Symbol]:
    from pysolver.facts.cards import card_facts
    definition = _library(board).get(card)
    return list(card_facts(definition)) if definition is not None else []


# -------------------------------------------------------------------- pass
def pass_step(branch: Branch, timeout: float | None) -> list[Branch]:
    """To the next step in which players get priority (CR 500.2-500.4): each step passed
    through has its turn-based actions; triggers at the beginning of a step go on the stack."""
    board = branch.board
    if board.stack:
        raise Unavailable("pass: the stack isn't empty; its top resolves first (CR 117.4, 500.2): use resolve",
                         file=board.name)
    todo = [branch]
    out: list[Branch] = []
    for _ in range(MAX_STEPS):
        if not todo:
            return out
        following: list[Branch] = []
        for current in todo:
            for moved in _advance(current, timeout):
                stop, results = _begin_step(moved, timeout)
                (out if stop else following).extend(results)
        todo = following
    raise LimitExceeded(f"incomplete: more than {MAX_STEPS} steps passed without a player getting priority")


def _step_atoms(board: Board, timeout: float | None, extra: list[Symbol] | None = None) -> list[ModelAtoms]:
    symbols = list(facts.board_facts(board)) + (extra or [])
    symbols += next_steps.step(board, _player(board, board.active_player)[1])
    return _all_models(symbols, STEP_RULES, timeout)


def _advance(branch: Branch, timeout: float | None) -> list[Branch]:
    """The step ends (mana empties, CR 500.4) and the next begins: the first additional step,
    else the next one, else the next turn (the first extra turn, 500.7)."""
    board = branch.board
    atoms = _step_atoms(board, timeout)[0]
    events: list[Event] = []
    new = _empty_pools(board, atoms, events)
    if atoms(na.TurnEnds):
        new = _next_turn(new, events, atoms(na.EchoPastTurn))
    else:
        upkeeps = atoms(na.UpkeepsNext)[0].upkeeps  # asp/actions.lp, from asp/turn.lp's count
        step = atoms(na.NextStep)[0].step
        attacking = consistency.attacking_reader(_library(board).get, board.battlefield, board.effects, step)
        if attacking is not None:  # CR 508.1: the attackers its active player declares, which next doesn't choose
            raise QueryError(f"pass: {attacking[1]}; next doesn't declare attackers (CR 508.1)", file=board.name)
        following = atoms(na.NextAdditional)  # those before it are skipped (CR 508.8)
        additional = new.additional_steps[following[0].position + 1:] if following else ()
        # CR 500.8, 500.9: an additional step begins; after it and the others the turn goes on
        # after the step they were created after (asp/turn.lp's resume_step/1)
        resume = (board.resume_after or board.step) if following else None
        new = replace(new, step=step, additional_steps=additional, resume_after=resume, upkeeps=upkeeps)
        # CR 702.30a, 500.8: when a permanent came, in upkeeps, where the next step no longer says
        for counted in atoms(na.EntryUpkeepsNext):
            permanent = new.permanent(counted.obj)
            assert permanent is not None and permanent.entered is not None
            new = _replace_permanent(new, replace(permanent, entered={**permanent.entered,
                                                                     "upkeeps": counted.upkeeps}))
        events.append(Event('{} step begins', (step,)))
    return [branch.then(new, events=events)]


def _extra_turns_skipped(board: Board) -> set[str]:
    """The players a permanent makes skip the extra turns they would begin (asp/turn.lp's skips_extra_turn/1)."""
    library = _library(board)
    if not any(isinstance(a, dict) and "skip_extra_turns" in a for p in board.battlefield
               for a in (library.get(p.card_name).abilities() if library.get(p.card_name) is not None else ())):
        return set()
    return {a.player for a in _step_atoms(board, None)[0](na.SkipsExtraTurn)}


def _empty_pools(board: Board, atoms: ModelAtoms, events: list[Event]) -> Board:
    """CR 500.4: mana empties from each player's pool as the step ends, but the mana of the types an effect keeps
    (asp/turn.lp's keeps_unspent/2, 106.4); what a player would lose becomes colorless instead where an effect
    says so (unspent_colorless/1, 614.1a)."""
    kept: dict[str, set[str]] = {}
    for keeping in atoms(na.KeepsUnspent):
        kept.setdefault(keeping.player, set()).add(TYPES if keeping.type == "all" else keeping.type.upper())
    colorless = {a.player for a in atoms(na.UnspentColorless)}
    emptied, players = [], []
    for player in board.players:
        counts = _pool_counts(player.mana_pool)
        types = "".join(kept.get(player.name, ()))
        keep = {t: n for t, n in counts.items() if t in types}
        lost = sum(n for t, n in counts.items() if t not in types)
        if keep and (lost or player.name in colorless):
            events.append(Event("{} doesn't lose unspent {} (CR 500.4, 106.4)", (player.name, _pool(keep))))
        if lost and player.name in colorless:
            events.append(Event("{}'s unspent {} becomes colorless instead of emptying (CR 614.1a, 500.4)",
                                (player.name, _pool({t: n for t, n in counts.items() if t not in types}))))
            keep["C"] = keep.get("C", 0) + lost
        elif lost:
            emptied.append(player.name)
        players.append(replace(player, mana_pool=_pool(keep)))
    if emptied:
        events.append(Event('mana empties from the pools of {} (CR 500.4)', (', '.join(emptied),)))
    return replace(board, players=players)


def _next_turn(board: Board, events: list[Event], past: Sequence[na.EchoPastTurn] = ()) -> Board:
    """The next turn begins (CR 500.7); ``past``: the echo permanents whose entry a board of the next turn
    can't place against this turn's last upkeep (asp/turn.lp's echo_past_turn/3), refused."""
    for found in sorted(past):  # CR 702.30a, 500.8
        when = (f"when {found.came} of its {found.begun} upkeep steps had begun" if found.came >= 0 else
                f"and {found.begun} upkeep steps began in it, whether it came before the last one began the board "
                "doesn't say")
        raise LimitExceeded(f"{found.obj} came under {board.active_player}'s control in turn {board.turn_number} "
                            f"{when}: its echo in {board.active_player}'s next turn reads the beginning of the last "
                            "(CR 702.30a, 500.8), which a board of a later turn can't say (its entered reads that "
                            "turn's own upkeep as the last)", file=board.name)
    changed = day_night.untap_change(board, _library(board).get)  # CR 502.2, 728.2, 702.145
    if changed is not None:
        raise QueryError(changed, file=board.name)
    names = [p.name for p in board.players if not p.lost or p.name == board.active_player]
    extra = board.extra_turns
    skipping = _extra_turns_skipped(board) if extra else set()
    while extra and extra[0] in skipping:  # CR 614.1b, 614.10: as though it didn't exist
        events.append(Event('{} would begin an extra turn: {} skips that turn instead (CR 614.1b, 614.10)',
                            (extra[0], extra[0])))
        extra = extra[1:]
    if extra:
        active, extra = extra[0], extra[1:]
        why = " (an extra turn, CR 500.7)"
    else:
        playing = [p.name for p in board.players if not p.lost]
        order = [p.name for p in board.players]
        start = order.index(board.active_player)
        active = next(order[(start + k) % len(order)] for k in range(1, len(order) + 1)
                      if order[(start + k) % len(order)] in playing)
        why = ""
    del names
    for permanent in board.battlefield:  # CR 702.30a, 302.6: when it came is what their echo reads
        if permanent.controller == active and not permanent.continuous_control and not permanent.entered \
                and _card(board, permanent.card_name).data.get("echo"):
            raise QueryError(f"{permanent.id} came under {active}'s control after {active}'s most recent turn "
                             "began (continuous_control: false) and the board doesn't say when (entered): whether "
                             f"before or after the beginning of {active}'s last upkeep, so whether its echo "
                             f"triggers in turn {board.turn_number + 1}'s upkeep is unknown (CR 702.30a, 302.6)",
                             file=board.name)
    # CR 302.6: the new active player has controlled their permanents since their turn began;
    # "until your next turn" effects of theirs end (CR 611.2a: as stated).
    battlefield = [replace(p, continuous_control=True) if p.controller == active else p for p in board.battlefield]
    # CR 500.8, 702.30a: an additional instance and the upkeeps begun are of the turn that ends
    battlefield = [replace(p, entered={k: v for k, v in p.entered.items() if k not in ("additional", "upkeeps")})
                   if p.entered and ("additional" in p.entered or "upkeeps" in p.entered) else p for p in battlefield]
    # CR 602.5b: "each turn" activation limits count afresh.
    battlefield = [replace(p, activated=activations.new_turn(_card(board, p.card_name), p.activated))
                   if p.activated else p for p in battlefield]
    # CR 603.2: "triggers only once each turn" counts afresh.
    battlefield = [replace(p, triggered=()) if p.triggered else p for p in battlefield]
    effects = [e for e in board.effects if not (e.duration == "until_next_turn" and e.controller == active)]
    events.append(Event("turn {} begins: {}'s{}; untap step begins", (board.turn_number + 1, active, why)))
    # CR 119.3, 601.2i: life gained and spells cast "this turn" count afresh
    players = [replace(p, life_gained=0, spells_cast_this_turn=0) for p in board.players]
    # CR 500.7: each player's most recent turn before the new one, kept where extra turns put it
    # elsewhere than the turn order
    names = [p.name for p in board.players]
    previous = {name: max(0, board.turn_number if name == board.active_player else board.previous_turn(name))
                for name in names}
    previous_turns = tuple(sorted((name, number) for name, number in previous.items() if number != max(
        0, consistency.default_previous_turn(names, active, board.turn_number + 1, name))))
    return replace(board, players=players, turn_number=board.turn_number + 1, active_player=active, step="untap",
                   battlefield=battlefield, effects=effects, extra_turns=extra, lands_played=0,
                   upkeeps=0, additional_steps=(), resume_after=None, previous_turns=previous_turns)


def entered_now(board: Board) -> dict[str, Any]:
    """When a permanent comes under its controller's control now (CR 302.6, 702.30a): this turn
    and step, and whether the step is an additional one (turn.resume_after, CR 500.8, 500.9)."""
    entered: dict[str, Any] = {"turn": board.turn_number, "step": board.step}
    if board.resume_after is not None:
        entered["additional"] = True
    return entered


def _begin_step(branch: Branch, timeout: float | None) -> tuple[bool, list[Branch]]:
    """Turn-based actions of the step that began, then whether a player gets priority in it
    (not in untap and cleanup, CR 502.4, 514.3) and the triggers at its beginning."""
    board = branch.board
    results = []
    stop = False
    for atoms in _step_atoms(board, timeout):
        new = board
        events: list[Event] = []
        choices: list[Choice] = []
        drew_empty = set(branch.drew_empty)
        if atoms(na.SkippedNow):
            events.append(Event('{} step skipped (CR 614.10)', (board.step,)))
            results.append(branch.then(new, events=events))
            continue
        inherent = player_triggers.inherent_trigger(board, board.step, board.active_player)
        if inherent is not None:  # CR 722.2, 723.2, 725.1
            raise QueryError(inherent, file=board.name)
        untapped = atoms(na.Untaps)
        for untapping in untapped:
            permanent = new.permanent(untapping.obj)
            assert permanent is not None
            new = _replace_permanent(new, replace(permanent, tapped=False))
        held = [p for p in new.battlefield if p.skips_next_untap and p.controller == board.active_player
                and board.step == "untap"]
        for permanent in held:  # CR 502.3, 701.39b: its controller's next untap step is this one: the effect ends
            new = _replace_permanent(new, replace(permanent, skips_next_untap=False))
        if any(p.tapped for p in held):
            events.append(Event("{} doesn't untap: it is its controller's next untap step (CR 502.3, 701.39a)",
                                (', '.join(sorted(p.id for p in held if p.tapped)),)))
        if untapped:
            events.append(Event('untap {} (CR 502.3)', (', '.join(sorted(a.obj for a in untapped)),)))
        # CR 603.2, 502.4: "whenever ~ becomes untapped" triggers; no player gets priority in the
        # untap step, so it waits for the upkeep (503.1a)
        untap_pending = [_pending(t.obj, t.ability, t.controller, _counters_of(board, t.obj))
                         for t in atoms(na.UntapTrigger)]
        if untap_pending:
            verb = "triggers" if len(untap_pending) == 1 else "trigger"
            events.append(Event('{} {} as permanents untap; put on the stack when a player would next receive '
                                'priority, in the upkeep (CR 603.2, 502.4, 503.1a)',
                                (plural(len(untap_pending), 'ability', 'abilities'), verb)))
        for keeping in atoms(na.KeepsTapped):
            choices.append(Choice(("keeps_tapped", keeping.obj),
                                  f"{board.active_player} chooses not to untap {keeping.obj} (CR 502.3)"))
        limited = sorted(a.obj for a in atoms(na.UntapLimited))
        if len(limited) > 1:  # CR 502.3: which of them to untap, as a limit lets only one untap
            chosen = sorted(a.obj for a in untapped if a.obj in limited)
            choices.append(Choice(("untaps_of", tuple(chosen), tuple(limited)),
                                  f"{board.active_player} untaps {', '.join(chosen) or 'none'} of "
                                  f"{', '.join(limited)}, as a limit lets only one untap (CR 502.3)"))
        replacers = _draw_replacers(atoms)
        happened: list[tuple[str, str]] = []  # CR 504.1: the draw step's draw (603.2)
        discarded_now: list[tuple[str, str, str]] = []  # CR 514.1: the cleanup's discards, each card (603.2)
        for drawing in atoms(na.Draws):
            new = draw(new, drawing.player, 1, events, drew_empty, "pass", "504.1",
                       replacers.get(drawing.player, []), happened)
        for tie in atoms(na.HandSizeTie):
            raise QueryError(f"effects on {tie.player}'s maximum hand size have the same timestamp, and the "
                             "order they apply in changes it (CR 613.11, 613.7): give their sources different "
                             "timestamps", file=board.name)
        discarded = {a.card: a.number for a in atoms(na.Discards)}
        if any(discarded.values()):
            _, player = _player(new, board.active_player)
            hand = list(player.hand)
            gone = []
            for name, count in sorted(discarded.items()):
                for _ in range(count):
                    hand.remove(name)
                    gone.append(name)
            choices.append(Choice(("discards", player.name, tuple(gone)),
                                  f"{player.name} discards {', '.join(gone)} (CR 514.1)"))
            new = to_graveyard(new, player.name, gone, events, hand=tuple(hand))
            discarded_now += [(player.name, "discard", card) for card in gone]  # CR 603.2, 701.8a: "you discard"
        if atoms(na.CleanupNow):
            new = replace(new, battlefield=[replace(p, damage=0, eot_power=0, eot_toughness=0, eot_keywords=())
                                            for p in new.battlefield],
                          effects=[e for e in new.effects if e.duration != "end_of_turn"])
            events.append(Event('damage wears off and "until end of turn" effects end (CR 514.2)'))
        for unjudged_echo in atoms(EchoUnjudged):  # CR 702.30a, 302.6
            if unjudged_echo.at == 0:
                raise echo_unjudged_error(board, unjudged_echo.obj, board.step)
        refuse_unjudged_entries(board, atoms, at=0)  # CR 702.30a, 500.8
        new = _lore_counters(new, atoms, events)  # CR 714.3b
        pending = []
        for trigger in atoms(Triggers):
            if trigger.at != 0:
                continue
            source, ability = trigger.source, trigger.ability
            permanent = new.permanent(source)
            assert permanent is not None
            number: int | str = (ability.name if ability.name in KEYWORD_TRIGGERS
                                 else _printed(ability, source).position + 1)  # from 1
            pending.append(Pending(source, permanent.card_name, number, permanent.controller))
        on_counters = [p for p in pending if isinstance(p.ability, int) and _card(new, p.card).ability(
            p.ability)["triggered"]["when"].get("event") == "counters_put"]  # CR 714.3b, 603.2: the lore counters
        at_step = len(pending) - len(on_counters)
        if at_step:
            verb = "triggers" if at_step == 1 else "trigger"
            events.append(Event('{} {} as the {} step begins (CR 603.2b)',
                                (plural(at_step, 'ability', 'abilities'), verb, board.step)))
        if on_counters:
            verb = "triggers" if len(on_counters) == 1 else "trigger"
            events.append(Event('{} {} as lore counters are put (CR 714.3b, 603.2)',
                                (plural(len(on_counters), 'ability', 'abilities'), verb)))
        first = {event[0]: i for i, event in reversed(list(enumerate(happened))) if event[1] == "draw"}  # CR 504.1
        pending += _player_triggers(new, [*happened, *discarded_now], timeout, step_first=sorted(first.values()))
        if board.step == "untap" and (untap_pending or pending):  # CR 502.4, 503.1a: no player gets priority
            results.append(branch.then(new, choices=choices, events=events,  # in the untap step: to the upkeep
                                       pending=pending + untap_pending))
            continue
        pending += untap_pending
        step_branch = branch.then(new, choices=choices, events=events, pending=pending,
                                  drew_empty=frozenset(drew_empty))
        stated = board.step == "cleanup" and bool(_state_triggers(new, timeout))  # CR 514.3a, 603.8
        if board.step in ("untap", "cleanup") and not pending and not drew_empty and not stated:
            results.append(step_branch)
            continue
        stop = True
        results.extend(state_based(step_branch, timeout))
    return stop, results


def _lore_counters(board: Board, atoms: ModelAtoms, events: list[Event]) -> Board:
    """CR 714.3b: as the active player's precombat main phase begins, they put a lore counter on each Saga they
    control, a turn-based action (asp/turn.lp, whose counter event triggers the chapter abilities, 714.2b); refused
    where a replacement effect on counters put may apply (614.1a)."""
    for unjudged in sorted(atoms(LoreUnjudged)):
        if unjudged.at == 0:
            raise unjudged.refusal(board.name, board.step)
    added = sorted(a for a in atoms(LoreCounterAdded) if a.at == 0)
    events += [Event("put a lore counter on {} (CR 714.3b)", (a.obj,)) for a in added]
    return put_lore_counters(board, added)


# ------------------------------------------------------------ paying with mana abilities
# A permanent's id is any text (spaces too): the source is the shortest prefix before " deals "; the
# target is then checked to be a player or a permanent of the board.


# The triggers of a payment next puts on the stack itself, from the sacrifice (leaves the
# battlefield, CR 603.10a) and the tapping or untapping (603.2e, 603.2; "whenever ~ becomes
# tapped" dealing damage): a triggered mana ability's other effects are refused.
STACKED_HERE = frozenset({"left", "tapped", "untapped", "damage", "poison"})


def _any_colors(n: int) -> list[dict[str, int]]:
    """CR 106.4: each way to choose the colors of n mana of any color (as a multiset)."""
    import itertools
    return [{c: combo.count(c) for c in set(combo)} for combo in itertools.combinations_with_replacement("WUBRG", n)]


def paid_boards(board: Board, player: str, way: Any,
                what: str) -> list[tuple[Board, str, list[Event], tuple[tuple[str, bool], ...], list[LifeEvent]]]:
    """The boards a way of paying (pysolver.query.payment: the mana abilities activated
    while paying, CR 601.2g-h, 605.3a) leaves: permanents tapped or untapped, sacrificed,
    counters removed, life paid, damage dealt by a mana ability (120.3a), the mana left in
    the pool (mana of any color left: one board per choice of colors, 106.4).  Each with a
    description of what changed, the events, the cards discarded (next_costs.apply) and the
    players' life gains and losses, what "Whenever you lose life" reads (CR 603.2), each marked whether a mana
    ability's activation did it: the life each mana ability's cost paid (119.4), its damage to a player (120.3a)
    and the life it gained (119.3), one event each, then the life the total cost paid besides, one loss (601.2h)."""
    state = way.end
    assert state is not None, "a way of paying carries the state it reaches"
    refuse_order_dependent_gains(board, player, way.activations)  # CR 614.1a, 601.2g
    _, before = _player(board, player)
    new = _set_player(board, player, life=before.life - way.life)
    events: list[Event] = []
    life_events: list[LifeEvent] = []  # CR 119.3, 119.4, 120.3a
    # What the activations did besides their costs and mana (life gained, damage, poison): a
    # choice of abilities that differ only there leaves different boards, so the choice says it.
    effects_said: list[str] = []
    for activation in way.activations:
        added = activation.added or "no mana"
        if activation.life > 0:  # CR 119.4: paying life is losing it, as the mana ability is activated
            life_events.append(((player, "lose_life"), True))
        if activation.text.startswith("{T}:"):
            events.append(Event('{} taps {} for {} (CR 605.3b, 106.4)', (player, activation.perm, added)))
        else:
            with_x = f" with X = {activation.x}" if activation.x is not None else ""  # CR 107.3
            events.append(Event("{} activates {}'s mana ability {}{} [{}]{}: adds {} (CR 605.3b, 106.4)",
                                (player, activation.perm, activation.number, with_x, activation.text,
                                 f', paying {activation.spent}' if activation.paid else '', added)))
        for effect in activation.effects:
            if effect.kind in COSTS:
                continue  # a cost: in the state the search reached
            if effect.kind == "may_trigger" or (effect.kind == "trigger" and effect.inner is not None
                                                and effect.inner.kind in STACKED_HERE):
                continue  # CR 603.10a, 603.2e, 603.2: put on the stack (_left_triggers, _paying_triggers)
            if (effect.kind == "trigger" and effect.inner is not None and effect.inner.kind == "ability"
                    and _life_watcher(board, effect.inner.source)):
                continue  # CR 603.2: a life gain or loss's, put on the stack from ``life_events`` (_payment_branches)
            players = {p.name for p in new.players}
            if effect.kind in ("gain_life", "lifelink") and effect.who in players:  # CR 119.3, 605.3b
                new = _gain_life(new, effect.who, effect.amount)
                if effect.amount > 0:  # CR 119.9: gaining 0 life is no event
                    life_events.append(((effect.who, "gain_life"), True))
                rule = "120.3f, 702.15b" if effect.kind == "lifelink" else "119.3"  # lifelink: asp/damage.lp
                events.append(Event('{} (CR {})', (effect, rule)))
                effects_said.append(str(effect))
                continue
            if effect.kind == "poison" and effect.who in players:  # CR 120.3b: infect
                poisoned = _player(new, effect.who)[1]
                new = _set_player(new, effect.who, poison=poisoned.poison + effect.amount)
                events.append(Event('{} (CR 120.3b)', (effect,)))
                effects_said.append(str(effect))
                continue
            if effect.kind != "damage":
                raise QueryError(f"{what}: {activation.perm}'s mana ability has an effect next doesn't apply "
                                 f"yet ({effect})", file=board.name)
            if effect.who in players:  # CR 120.3a: damage to a player is life loss
                if effect.amount > 0:
                    life_events.append(((effect.who, "lose_life"), True))
                new = _set_player(new, effect.who, life=_player(new, effect.who)[1].life - effect.amount)
            else:
                damaged = new.permanent(effect.who)
                if damaged is None:
                    raise QueryError(f"{what}: {effect}: no such player or permanent", file=board.name)
                new = _replace_permanent(new, replace(damaged, damage=damaged.damage + effect.amount))
            lost = (effect.who, effect.amount) if effect.who in players else None  # CR 120.3a
            events.append(Event("{} (CR 120.3)", (effect,), life_lost=lost))
            effects_said.append(str(effect))
    removed: dict[tuple[str, str], int] = {(p, k): n for p, k, n in state.removed}
    taps: list[str] = []
    said: list[str] = []
    for permanent in [p for p in board.battlefield if p.controller == player]:
        if permanent.id in state.gone:
            continue
        counters = _counter_map(permanent)
        for (pid, kind), n in removed.items():
            if pid == permanent.id:
                counters[kind] = counters.get(kind, 0) - n
        tapped = permanent.id in state.tapped
        changed = replace(permanent, tapped=tapped,
                          counters=tuple(sorted((k, v) for k, v in counters.items() if v > 0)))
        if changed != permanent:
            new = _replace_permanent(new, changed)
            if tapped != permanent.tapped:
                (taps if tapped else said).append(permanent.id if tapped else f"untaps {permanent.id}")
            if changed.counters != permanent.counters:
                said.append(f"removes counters from {permanent.id}")
    for obj in sorted(state.untapped):  # CR 118.3: another player's permanent a cost untapped
        untapped = new.permanent(obj)
        assert untapped is not None and untapped.tapped, "the search untaps only a tapped permanent"
        new = _replace_permanent(new, replace(untapped, tapped=False))
        said.append(f"untaps {obj}")
    said = ([f"taps {', '.join(taps)}"] if taps else []) + effects_said + said
    at_once = new
    for gone in sorted(state.gone):
        said.append(f"sacrifices {gone}")
        new = leave(new, gone, told=events, judged=at_once)  # exiled instead: an event (CR 614.1a)
    if way.life:
        said.append(f"pays {way.life} life")
    if way.life > sum(activation.life for activation in way.activations):  # CR 601.2h, 119.4: the total cost's
        life_events.append(((player, "lose_life"), False))
    plain: dict[str, int] = {}
    anys = 0
    for unit, n in way.pool_after:
        if unit.restriction:
            raise QueryError(f"{what}: mana with a spending restriction ({unit.restriction}) would be left in "
                             f"{player}'s pool, which a board file can't hold", file=board.name)
        if unit.type == "Any":
            anys += n
        else:
            plain[unit.type] = plain.get(unit.type, 0) + n
    out = []
    from pysolver import next_costs
    for base, costs, cost_events, discarded in next_costs.apply(new, player, way, what):  # CR 601.2h: the others
        for colors in _any_colors(anys) if anys else [{}]:
            counts = dict(plain)
            for color, n in colors.items():
                counts[color] = counts.get(color, 0) + n
            left = _pool(counts)
            described = ", ".join(said + costs + ([f"leaves {left} in the pool"] if left else [])) \
                or "uses the pool"
            out.append((_set_player(base, player, mana_pool=left), f"{player} {described}", events + cost_events,
                        discarded, life_events))
    return out


def _destroyed_triggers(before: Board, gone: frozenset[str], timeout: float | None) -> list[Pending]:
    """Permanents a resolving spell or ability destroyed die (CR 701.7a, 700.4): their dies
    triggers, as they last existed (603.10a)."""
    if not gone:
        return []
    extra = targets_facts.destroyed(gone)
    return _left_triggers(before, _first_atoms(list(facts.board_facts(before)) + extra, ZONE_RULES, [na.LeftTrigger],
                                               timeout))


def _became_tapped(before: Board, way: Any) -> tuple[set[str], set[str]]:
    """The permanents a way of paying tapped (CR 118.3, 601.2g-h), and those it may have
    tapped more than once: untapped by a {Q} cost and tapped again, which the search state
    doesn't tell."""
    from pysolver import next_costs
    tapped_before = {p.id for p in before.battlefield if p.tapped}
    unsure = {a.perm for a in way.activations if "{Q}" in a.text} & way.end.tapped
    return set(way.end.tapped - tapped_before) | next_costs.tapped(way), unsure


def _tap_triggers(before: Board, ways: list[Any], timeout: float | None) -> dict[str, list[Pending]]:
    """The "whenever ~ becomes tapped" abilities (CR 603.2; asp/tapping.lp) of each permanent
    any of the ways taps, on the board before paying (one grounding for all the ways)."""
    candidates: set[str] = set()
    for way in ways:
        tapped, unsure = _became_tapped(before, way)
        candidates |= tapped | unsure
    if not candidates:
        return {}
    extra = next_steps.became_tapped(candidates)
    atoms = _first_atoms(list(facts.board_facts(before)) + extra, ZONE_RULES, [na.TapTrigger], timeout)
    found: dict[str, list[Pending]] = {}
    for trigger in atoms(na.TapTrigger):
        permanent = before.permanent(trigger.obj)
        assert permanent is not None
        found.setdefault(trigger.tapped, []).append(_pending(trigger.obj, trigger.ability, trigger.controller,
                                                              permanent.counters))
    return found


def _paying_triggers(before: Board, way: Any, tap_triggers: dict[str, list[Pending]], player: str,
                     timeout: float | None) -> list[Pending]:
    """What paying triggers: permanents sacrificed die (CR 701.17a, 700.4), with their dies
    triggers as they last existed (603.10a), and permanents returned to a hand leave the
    battlefield (603.6c); permanents that became tapped trigger "whenever ~
    becomes tapped" (603.2), once each time."""
    from pysolver import next_costs
    pending: list[Pending] = []
    gone = way.end.gone | next_costs.sacrificed(way)
    returned = next_costs.returned(way)  # CR 603.6c: "leaves the battlefield" triggers too
    if gone or returned:
        extra = next_steps.sacrificed_as_cost(gone) + next_steps.returned_as_cost(returned)
        pending += _left_triggers(before, _first_atoms(list(facts.board_facts(before)) + extra, ZONE_RULES,
                                                       [na.LeftTrigger], timeout))
    tapped, unsure = _became_tapped(before, way)
    for obj in sorted(tapped | unsure):
        if obj in unsure and obj in tap_triggers:
            raise QueryError(f"{obj} is untapped by a {{Q}} cost and tapped again while paying: how often it "
                             "becomes tapped (CR 603.2) isn't followed", file=before.name)
        pending += tap_triggers.get(obj, [])
    return pending + _paid_untap_triggers(before, way, player, timeout)


def _paid_untap_triggers(before: Board, way: Any, player: str, timeout: float | None) -> list[Pending]:
    """CR 603.2, 118.3: the permanents a way of paying untapped ({Q} costs, "untap a tapped ..."
    costs) trigger "whenever ~ becomes untapped", once each time; a permanent untapped by more
    than one {Q} cost, or by a {Q} cost and tapped again, became untapped a number of times the
    search state doesn't tell: refused where it triggers."""
    if way.end is None:
        return []
    by_q = [a.perm for a in way.activations if "{Q}" in a.text]
    untapped = {p.id for p in before.battlefield if p.controller == player and p.tapped
                and p.id not in way.end.tapped and p.id not in way.end.gone} | set(by_q) | way.end.untapped
    unsure = {p for p in by_q if by_q.count(p) > 1 or p in way.end.tapped}
    return _untap_triggers(before, untapped, timeout, unsure)


def _mana_cost_triggers(before: Board, paid: Board, way: Any, discarded: Sequence[tuple[str, bool]], player: str,
                        tap_triggers: dict[str, list[Pending]], timeout: float | None) -> list[Pending]:
    """The triggers of a payment that the mana abilities' own costs set off (CR 605.1b): their discards (the
    cards next_costs.apply marks as theirs), their sacrifices (the search's ``gone``) and their taps (the
    search's ``tapped``: "whenever ~ becomes tapped", 603.2), not the spell's or ability's costs'."""
    found = _player_triggers(paid, [(player, "discard", card) for card, by_mana in discarded if by_mana], timeout)
    if way.end is None:
        return found
    tapped_before = {p.id for p in before.battlefield if p.tapped}
    for obj in sorted(way.end.tapped - tapped_before):
        found += tap_triggers.get(obj, [])
    gone = way.end.gone
    if gone:
        found += _left_triggers(before, _first_atoms(list(facts.board_facts(before)) +
                                                     next_steps.sacrificed_as_cost(gone), ZONE_RULES,
                                                     [na.LeftTrigger], timeout))
    return found


def _refuse_triggered_mana(board: Board, pending: list[Pending]) -> None:
    """CR 605.1b: a triggered ability without a target that triggers from activating a mana ability (its costs:
    a discard, a sacrifice, a tap) and could add mana is a mana ability itself, which resolves at once (605.4a)
    rather than going on the stack.  next puts the triggers of a payment on the stack, and a triggered ability
    whose effect it keeps as text only ("Whenever you discard a card, add {R}") may add mana: refused where a
    mana ability's cost sets one off (``_mana_cost_triggers``; a spell's own costs don't: 605.5a)."""
    for waiting in pending:
        if not isinstance(waiting.ability, int):
            continue
        ability = _trigger_spec(board, waiting)
        triggered = ability.get("triggered", {}) if isinstance(ability, dict) else {}
        if triggered and triggered_mana.may_add_mana(triggered):
            raise QueryError(f"{waiting.source}'s ability {waiting.ability} triggers as mana abilities are "
                             f"activated and may add mana ({triggered.get('text')!r}): a triggered mana ability "
                             "(CR 605.1b) resolves at once, off the stack (605.4a), which next doesn't follow",
                             file=board.name)


def _payment_branches(branch: Branch, player: str, ways: list[Any], what: str, then: Any,
                      timeout: float | None) -> list[Branch]:
    """One branch per distinct board the ways of paying leave (ways that leave the same board
    are one result); ``then(board)`` finishes the action on each."""
    board = branch.board
    paid_ways = [(paid, described, events, way, discarded, life_events) for way in ways
                 for paid, described, events, discarded, life_events in paid_boards(board, player, way, what)]
    tap_triggers = _tap_triggers(board, [way for *_, way, _, _ in paid_ways], timeout)
    # Ways that leave the same board after the payment may still differ in what follows: the
    # alternative cost paid (evoke, CR 702.74a), the mana spent (603.4), what became tapped on the
    # way (603.2).  So ways are one result only when the whole result is the same.
    found: dict[tuple, tuple[Board, str, list[Event], Any, list[Pending]]] = {}
    for paid, described, events, way, discarded, life_events in paid_ways:
        pending = _paying_triggers(board, way, tap_triggers, player, timeout)
        # CR 603.2, 119.4: a life gain or loss while paying; one a mana ability's activation sets off that may add
        # mana is a mana ability itself (605.1b: refused, with any other the same losses trigger)
        by_life = _life_paid_triggers(board, paid, [event for event, _ in life_events], timeout)
        if any(by_mana for _, by_mana in life_events):
            _refuse_triggered_mana(board, by_life)
        pending += by_life
        # CR 603.2, 701.8a: each card discarded to pay is an event ("whenever you discard a card"), with the card
        # discarded (a board for each choice of it: next_costs.apply); one a mana ability's discard sets off that
        # adds mana is a mana ability itself (605.1b: refused below), any other waits for the stack as the
        # spell's own costs' triggers do (603.3)
        pending += _player_triggers(paid, [(player, "discard", card) for card, _ in discarded], timeout)
        _refuse_triggered_mana(board, _mana_cost_triggers(board, paid, way, discarded, player, tap_triggers,
                                                          timeout))
        new, more, triggered = then(paid, way)
        pending += triggered
        found.setdefault((canonical(new), tuple(pending)), (new, described, events + more, way, pending))
    said = Counter(described for _, described, *_ in found.values())
    out = []
    for key, (new, described, events, way, pending) in found.items():
        if said[described] > 1:  # the same payment said, a different result: say how it differs
            described += f", pays {way.alternative or 'its mana cost'} with {way.spent or 'nothing'}"
        # a way of paying is told apart by what it leaves: the board and the abilities it triggers
        chosen = [Choice(("pays", player, what, key), described)] if len(found) > 1 else []
        out.append(branch.then(new, choices=chosen, events=events, pending=pending))
    return out


# -------------------------------------------------------------------- cast
def _refuse_flashback(board: Board, player: Player, card: str, card_data: Any, face_down: bool) -> None:
    """CR 702.34a: a card is cast for its flashback cost from its owner's graveyard, an instant or
    sorcery card with flashback (the card data's alternative cost named flashback)."""
    if card not in player.graveyard or card_data is None:
        held = ", ".join(player.graveyard) or "nothing"
        raise QueryError(f"cast {card}: {player.name} has no {card} in their graveyard (graveyard: {held}); a card "
                         "is cast for its flashback cost from its owner's graveyard (CR 702.34a)", file=board.name)
    if not has_flashback(card_data.data):
        raise QueryError(f"cast {card}: it has no flashback (CR 702.34a)", file=board.name)
    if face_down:
        raise QueryError(f"cast {card}: a spell cast for its flashback cost is cast face up (CR 702.34a, 702.37c)",
                         file=board.name)


def _aura_spell(board: Board, card: str, what: str, place: str | None = None) -> bool:
    """CR 303.4a, 608.3c: whether the card is an Aura spell, which targets what its enchant
    ability lets it enchant and enters attached to it; refused when its card data doesn't say
    what it enchants (it can't be cast or put onto the battlefield exactly)."""
    definition = _card(board, card)
    if "Aura" not in definition.data.get("subtypes", []):
        return False
    if "enchant" not in definition.data:
        raise QueryError(f"{what}: {card} is an Aura spell, which targets what its enchant ability lets it enchant "
                         "(CR 303.4a); its card data doesn't say what that is (enchant:), so it can't be judged",
                         file=board.name, place=place)
    return True


def _refuse_unjudged_power(board: Board, card: str, definition: Any) -> None:
    """CR 208.2a: a spell printed with "*" power has it defined by an ability no card data
    computes; a "whenever you cast" trigger that looks for a spell by power is refused on it,
    never judged as if it had none."""
    for stat in ("power", "toughness"):  # CR 208.1: a filter's bound on either (schemas.STAT_KEYS)
        printed = definition.data.get(stat)
        if printed is None or isinstance(printed, int):
            continue
        keys = [key for key in STAT_KEYS if key.startswith(stat)]
        for permanent in board.battlefield:
            for ability in _card(board, permanent.card_name).abilities():
                spec = ability.get("triggered", {})
                wanted = spec.get("when", {}).get("filter", {}) if spec.get("when", {}).get("event") == "cast" else {}
                if any(key in each for each in [wanted] + wanted.get("any_of", []) for key in keys):
                    raise QueryError(f"cast {card}: {permanent.id}'s \"{spec['text']}\" looks for a spell by "
                                     f"{stat}, and {card}'s {stat} is {printed!r} (defined by an ability, CR 208.2a), "
                                     "which next doesn't judge", file=board.name)


def cast(branch: Branch, card: str, x: int | None, caster: str | None, timeout: float | None,
         given_targets: list[str] | None = None, additional: tuple[str, ...] = (),
         face_down: bool = False, flashback: bool = False) -> list[Branch]:
    """CR 601.2: a player casts a card from their hand; its total cost, with its additional
    costs and the optional ones chosen (kicker, 601.2b, 702.33a), is paid with the mana in
    their pool and the mana abilities they activate while casting (601.2g-h, the payment
    search of pysolver pay): each distinct board a way of paying leaves (which card discarded,
    which permanent sacrificed, 601.2h) is a result.  ``face_down``: cast face down by its morph
    or disguise ability, a 2/2 creature spell with no name, text or mana cost, for {3} (CR 702.37c,
    702.168b): what judges the spell (timing, prohibitions, cast triggers, its cost) sees only
    that (708.4).  ``flashback``: cast from their graveyard for its flashback cost (702.34a), a way
    no cast from the hand pays."""
    from pysolver.query import payment
    board = branch.board
    unmodelled = [name for name in additional if name in payment.OPTIONAL_COSTS and name not in payment.OWN_KEYED]
    if unmodelled:  # CR 601.2b: the card's optional_costs (pysolver/cards/oracle_optional_costs.py)
        raise QueryError(f"cast {card}: of the optional additional costs, next cast pays only kicker: what paying "
                         f"{unmodelled[0]} does to the spell isn't modelled (pay --spell --additional "
                         f"{unmodelled[0]} gives its ways)", file=board.name)
    player_name = caster or board.active_player
    _, player = _player(board, player_name)
    card_data = _library(board).get(card)
    if flashback:
        _refuse_flashback(board, player, card, card_data, face_down)
    elif card not in player.hand or card_data is None:
        unavailable = QueryError if card_data is None else Unavailable
        held = ", ".join(player.hand) or "nothing"
        hint = (f"; from the graveyard, by its flashback: cast {card} flashback (CR 702.34a)"
                if card in player.graveyard and card_data is not None and has_flashback(card_data.data) else "")
        raise unavailable(f"cast {card}: {player_name} has no {card} in hand (hand: {held}); next casts "
                         "a spell from its caster's hand (CR 601.2a), or by flashback: a permission to cast one from "
                         f"another zone isn't modelled{hint}", file=board.name)
    down_kind = face_downs.cast_kind(card_data)
    if face_down and down_kind is None:
        raise QueryError(f"cast {card}: it has no morph, megamorph or disguise, so it can't be cast face down "
                         "(CR 702.37d, 702.168c)", file=board.name)
    if face_down and (x is not None or given_targets or additional):
        raise QueryError(f"cast {card}: a face-down spell has no mana cost, text or targets: no X, kicker or "
                         "target is chosen for it (CR 708.2a, 702.37c)", file=board.name)
    spell = card  # the name whose characteristics the spell has
    if face_down:  # CR 708.4: turned face down before it is put on the stack
        board = replace(board, library=_library(board).extended(face_downs.DEFINITIONS))
        spell = face_downs.definition_name(down_kind)
    else:
        down_kind = None
    definition = _card(board, spell)
    _aura_spell(board, spell, f"cast {card}")
    _refuse_unjudged_power(board, spell, definition)
    if any(isinstance(item, dict) and "discard_at_random" in item
           for item in definition.data.get("additional_costs", [])):
        raise QueryError(f"cast {card}: its additional cost discards cards at random (CR 701.8b, 601.2h), which next "
                         "doesn't follow (pay --spell gives its ways)", file=board.name)
    for unjudged in definition.data.get("cast_unjudged", []):  # CR 601.2c: a legal target no rule looks for
        raise QueryError(f"cast {card}: {unjudged} isn't judged, so whether it can be cast isn't known",
                         file=board.name)
    has_x = "{X}" in definition.mana_cost
    if has_x and x is None:
        raise QueryError(f"cast {card}: its mana cost has {{X}}: choose it with x=N (CR 107.3, 601.2b)",
                         file=board.name)
    if not has_x and x is not None:
        raise QueryError(f"cast {card}: its mana cost has no {{X}} (CR 107.3)", file=board.name)
    # CR 601.2c: its targets, chosen before its costs are paid (every legal choice, unless given);
    # a trigger may look at them ("a spell that targets ~"). Refused below, after the timing.
    try:
        target_choices = targeting.choose(board, spell, None, player_name, list(given_targets or []),
                                          f"cast {card}")
        no_target = None
    except QueryError as error:
        target_choices, no_target = [()], error
    symbols = list(facts.board_facts(board)) + _card_facts(board, spell)
    symbols += next_steps.cast(board, player_name, spell, "kicker" in additional, target_choices,
                               "graveyard" if flashback else "hand", "flash" in additional, x)
    program = solver.ground(symbols, CAST_RULES)
    atoms = next(iter(_models(program, timeout)))
    forbidden = ", ".join(sorted({a.source for a in atoms(na.CastForbidden)}))
    reasons = {
        "land": f"{card} is a land: it is played, not cast (CR 305.9, 305.1)" + (
            f"; with its {face_downs.cast_kind(card_data)} it may be cast face down: cast {card} face-down "
            "(CR 702.37c, 702.168b)" if face_downs.cast_kind(card_data) else ""),
        "forbidden": f"an ability of {forbidden} forbids casting it now (CR 601.3; a \"can't\" wins over any "
                     "permission, 101.2)",
        "split_second": "a spell with split second is on the stack: no other spell is cast until it leaves it "
                        "(CR 702.61a)",
        "flash_unjudged": f"{card} may be cast as though it had flash if a creature is attacking and a creature is "
                          f"blocking, and in {board.active_player}'s {board.step} step the board doesn't state "
                          "attackers or blockers (CR 601.3d, 509.1)",
        "timing": f"{card}{' face down (a creature spell)' if face_down else ''} can be cast only by the active "
                  "player in a main phase with the stack empty "
                  f"(it is {board.active_player}'s {board.step} step"
                  f"{', the stack is not empty' if board.stack else ''}; CR 307.1)" + (
                      f"; paying {definition.data['flash_cost']} more it may be cast as though it had flash: cast "
                      f"{card} additional=flash (CR 601.3c)"
                      if "flash_cost" in definition.data and "flash" not in additional else ""),
        "restricted": f"{card} says \"{definition.data.get('cast_only', {}).get('text', '')}\" (it is "
                      f"{board.active_player}'s {board.step} step; CR 601.3)",
    }
    for illegal in sorted(atoms(na.CastIllegal), key=lambda a: list(reasons).index(a.reason)):
        # a rule forbids it on this board; whether it may be cast with flash isn't judged
        refusal = QueryError if illegal.reason == "flash_unjudged" else Unavailable
        raise refusal(f"cast {card}: {reasons[illegal.reason]}", file=board.name)
    if definition.data.get("cast_only", {}).get("if_attacked"):  # CR 601.3, 508.1b
        raise QueryError(f"cast {card}: it says \"{definition.data['cast_only']['text']}\", and the board doesn't "
                         f"record whether {player_name} was attacked this step (CR 601.3, 508.1b)", file=board.name)
    if has_x and x:  # CR 202.3e: on the stack X is its value; the rules judge the card's (X = 0)
        for permanent in board.battlefield:
            for ability in _card(board, permanent.card_name).abilities():
                wanted = ability.get("triggered", {}).get("when", {})
                if wanted.get("event") == "cast" and ("mana_value_vs" in wanted or any(
                        key in each for each in [wanted.get("filter", {})] + wanted.get("filter", {}).get("any_of", [])
                        for key in ("min_mana_value", "max_mana_value"))):
                    raise QueryError(f"cast {card}: {permanent.id}'s \"{ability['triggered']['text']}\" looks for a "
                                     f"spell by its mana value, which counts X = {x} on the stack (CR 202.3e); next "
                                     "doesn't judge it yet", file=board.name)
    for unknown in atoms(na.CastCountUnknown):
        printed = _printed(unknown.ability, unknown.source)
        spec = _card(board, printed.card).abilities()[printed.position]["triggered"]
        where = f"players[{[p.name for p in board.players].index(player_name)}].spells_cast_this_turn"
        nth = ORDINAL_WORDS[spec["when"]["nth_each_turn"]]
        raise QueryError(f"cast {card}: {unknown.source}'s \"{spec['text']}\" triggers on the "
                         f"{nth} spell of its kind {player_name} casts each turn, and the board says only that "
                         f"{player_name} cast {plural(player.spells_cast_this_turn, 'spell')} this turn "
                         f"({where}), not which (CR 603.2)", file=board.name)
    # CR 601.2i: abilities that trigger on the casting, once it is done, for each way of choosing targets
    triggered: dict[int, list[tuple[Pending, int]]] = {i: [] for i in range(len(target_choices))}
    checked: set[tuple[str, Symbol]] = set()
    for trigger in atoms(na.CastTriggerIn):
        # numbered from 1; a granted one (prowess, CR 702.108a, 613.1f) by its granting ability and place
        source, (printed, granted) = trigger.source, stack_trigger(trigger.ability, trigger.source)
        pending = Pending(source, printed.card, printed.position + 1, trigger.controller, granted=granted)
        spec = _trigger_spec(board, pending)["triggered"]
        triggered[trigger.choice].append((pending, spec.get("if", {}).get("mana_spent_at_least", 0)))
        if (source, trigger.ability) in checked:
            continue
        checked.add((source, trigger.ability))
        wanted = spec["when"].get("filter", {})
        unread = ({key for each in [wanted] + wanted.get("any_of", []) for key in each} - CARD_FILTER_KEYS
                  - ({"chosen"} if "chosen" not in repr(wanted.get("any_of", [])) else set()))  # asp/actions.lp
        if unread:
            raise QueryError(f"cast {card}: {source}'s \"{spec['text']}\" looks for a spell by "
                             f"{', '.join(sorted(unread))}, which next doesn't judge yet", file=board.name)
        refused = _unstackable(spec)
        if refused:
            raise QueryError(f"cast {card}: {source}'s \"{spec['text']}\" would trigger (CR 603.2, 601.2i), and "
                             f"{refused}", file=board.name)
    own = []  # CR 601.2i, 113.6k: the spell's own "When you cast this spell", its source the spell
    for itself in atoms(na.CastSelfTrigger):
        printed = _printed(itself.ability)
        spec = _card(board, printed.card).abilities()[printed.position]["triggered"]
        refused = _unstackable(spec)
        if refused:
            raise QueryError(f"cast {card}: its \"{spec['text']}\" would trigger (CR 601.2i), and {refused}",
                             file=board.name)
        own.append((printed.position + 1, itself.controller))
    if no_target is not None:
        raise no_target
    # CR 601.2a: the card moves to the stack first (it can't pay its own discard cost).
    zone = list(player.graveyard if flashback else player.hand)
    zone.remove(card)
    moved = _set_player(board, player_name, **{"graveyard" if flashback else "hand": tuple(zone)})

    def paying(targets: tuple[str, ...] | None) -> Any:
        try:
            found = payment.pay(moved, player_name, spell=card, x=x, additional=additional, face_down_ways=face_down,
                                targets=targets)
        except QueryError as error:
            raise QueryError(f"cast {card}: {error.detail}", file=board.name) from None
        # CR 702.34a: the flashback cost is paid only to cast it from a graveyard, and then no other cost
        return replace(found, ways=tuple(way for way in found.ways
                                         if (way.alternative_name == "flashback") == flashback))
    # CR 601.2c, 601.2f: a cost that changes with the spell's targets is determined for each choice of them
    own_cost = definition.data.get("own_cost", {})
    if not face_down and own_cost.get("per") == "targets_beyond_first":  # each target, players too
        results = [paying(tuple(ref for _, ref in chosen)) for chosen in target_choices]
    elif not face_down and ("targets" in own_cost.get("if", {}) or payment.cost_query.changes_with_targets(board)):
        results = [paying(tuple(ref for kind, ref in chosen if kind == "permanent")) for chosen in target_choices]
    else:
        results = [paying(None)] * len(target_choices)
    result = replace(results[0], cost=" or ".join(dict.fromkeys(each.cost for each in results)))
    chosen_ways = [way for each in results for way in each.ways]  # CR 702.37c: face down, the ways that pay {3}
    if face_down and not chosen_ways:
        raise Unavailable(f"cast {card}: {player_name} can't pay {{3}} to cast it face down with their mana pool "
                         f"({player.mana_pool or 'empty'}) and mana abilities (CR 702.37c, 601.2g, 601.2h)",
                         file=board.name)
    if not chosen_ways and result.cost.startswith(payment.NO_MANA_COST):
        raise Unavailable(f"cast {card}: it has {payment.NO_MANA_COST}, and no alternative cost the player can pay "
                         "rather than it (CR 118.6a)", file=board.name)
    if not chosen_ways:
        others = " and its additional costs" if definition.data.get("additional_costs") else ""
        raise Unavailable(f"cast {card}: {player_name} can't pay {result.cost}{f' with X = {x}' if has_x else ''}"
                         f"{others} with their mana pool ({player.mana_pool or 'empty'}) and mana abilities "
                         f"(CR {'601.2b, ' if others else ''}601.2g, 601.2h)", file=board.name)

    for way in chosen_ways:
        for source, rider in payment.spent_riders(way):
            raise QueryError(f"cast {card}: a way to pay spends {source}'s mana, whose rider \"{rider}\" "
                             "(CR 106.6) would change the spell or set off a trigger, which next doesn't model",
                             file=board.name)
    kicked = "kicker" in additional

    def put_on_stack(paid: Board, way: Any, chosen: tuple, index: int) -> tuple[Board, list[Event], list[Pending]]:
        item = StackItem(id=new_id(paid, slug(card)), card=card, controller=player_name, x=x, kicked=kicked,
                         targets=chosen, without_paying_mana_cost=way.alternative == payment.WITHOUT_PAYING,
                         evoked=way.alternative_name == "evoke", face_down=down_kind, flashback=flashback,
                         cast_from="graveyard" if flashback else "hand",  # CR 601.2a, 702.34a
                         mana_spent=_mana_spent(way.spent) if _spent_readers(card_data.data) else None)
        # CR 702.40a: the spells of every player cast before it this turn (a storm trigger's count)
        cast_before = sum(p.spells_cast_this_turn for p in paid.players)
        # CR 601.2i: the spell becomes cast: one more spell its caster cast this turn
        before = _player(paid, player_name)[1].spells_cast_this_turn
        paid = _set_player(paid, player_name, spells_cast_this_turn=before + 1)
        for kind, ref in chosen:  # a target sacrificed while paying is gone (CR 608.2b)
            if kind == "permanent" and paid.permanent(ref) is None:
                item = targeting.left(item, ref)
        new = replace(paid, stack=paid.stack + [item])
        # not sacrificed to pay; CR 603.4: "if at least N mana was spent to cast it" (601.2h)
        pending = [t for t, at_least in triggered[index]
                   if new.permanent(t.source) is not None and way.mana_spent >= at_least]
        pending += [Pending(item.id, card, number, controller,
                            storm_count=cast_before if _storm(definition.ability(number)) else None)
                    for number, controller in own]
        pending += _target_triggers(board, new, chosen, player_name, "spell", timeout, spell)  # CR 603.2, 601.2c
        pending += _crime_triggers(board, new, chosen, player_name, timeout)  # CR 700.13
        # CR 603.2: the card cast for its flashback cost leaves its owner's graveyard (601.2a, 702.34a), then the
        # cards exiled from it to pay the costs (601.2h, 702.66a): two events
        exiled = [c.removeprefix("exile ").removesuffix(" from the graveyard") for c in way.costs
                  if c.startswith("exile ") and c.endswith(" from the graveyard")]
        pending += _graveyard_triggers(board, new, [(player_name, [card] if flashback else [], "stack"),
                                                    (player_name, exiled, "exile")], timeout)
        aimed = f" targeting {', '.join(targeting.name(board, t) for t in chosen)}" if chosen else ""
        paying = ("without paying its mana cost (CR 601.2, 118.9)" if item.without_paying_mana_cost
                  else f"paying {way.spent} (CR 601.2)")
        if item.evoked:  # CR 702.74a
            words, rule = payment.cast_words("evoke", player_name) or ("", "")
            paying = f"{words}, {paying.replace('(CR 601.2)', f'(CR 601.2, {rule})')}"
        if "flash" in additional:  # CR 601.3c: its flash cost paid with the rest
            paying = f"as though it had flash, {paying.replace('(CR 601.2)', '(CR 601.2, 601.3c)')}"
        if item.flashback:  # CR 702.34a
            words, rule = payment.cast_words("flashback", player_name) or ("", "")
            paying = f"{words}, {paying.replace('(CR 601.2)', f'(CR 601.2, {rule})')}"
        if item.face_down:  # CR 702.37c, 702.168b
            rule = "702.37c" if down_kind == "morph" else "702.168b"
            paying = f"face down by its {down_kind} ability, " + paying.replace("(CR 601.2)",
                                                                                f"(CR 601.2, {rule}, 708.4)")
        return new, [Event('{} casts {} as {}{}{}{}, {}',
                           (player_name, card, item.id, f' with X = {x}' if has_x else '', ' kicked' if kicked else '',
                            aimed, paying))], pending

    out = []
    for index, chosen in enumerate(target_choices):
        aimed = branch.then(moved, choices=[Choice(("targets", player_name, card, chosen),
                                                   targeting.described(board, player_name, card, chosen))]
                            if len(target_choices) > 1 else [])
        ways = _spent_choices(results[index].ways) if _spent_readers(card_data.data) else list(results[index].ways)
        out += _payment_branches(aimed, player_name, ways, f"cast {card}",
                                 lambda paid, way, chosen=chosen, index=index: put_on_stack(paid, way, chosen, index),
                                 timeout)
    return out


# ---------------------------------------------------------------- activate
def activate(branch: Branch, object_id: str, number: int | None, timeout: float | None,
             x: int | None = None, given_targets: list[str] | None = None) -> list[Branch]:
    """CR 605.3: a mana ability of the permanent, activated now, with every cost its card gives
    ({T}, {Q}, mana, life, sacrifices, counters, tapping other permanents; 602.2b, 118.3).  Its
    mana cost is paid with the pool and other mana abilities (601.2g-h, the payment search of
    pysolver pay); each distinct board is a result, the mana it adds going to the pool.  With
    "Remove X counters" in its cost, X is ``x``, or each X its counters allow (CR 107.3)."""
    from pysolver.query import mana as mana_query
    from pysolver.query import payment
    from pysolver.query.activation import ability_spec
    board = branch.board
    permanent = board.permanent(object_id)
    if permanent is None:
        known = ", ".join(sorted(p.id for p in board.battlefield)) or "none"
        raise Unavailable(f"activate {object_id}: no permanent with that id (ids: {known})", file=board.name)
    definition = _card(board, permanent.card_name)
    if number is not None and 1 <= number <= len(definition.abilities()) \
            and "activated" in definition.ability(number):
        if x is not None:
            raise QueryError(f"activate {object_id}: ability {number}'s cost has no X (CR 107.3)", file=board.name)
        return activate_ability(branch, permanent, number, given_targets or [], timeout)
    if given_targets:
        raise QueryError(f"activate {object_id}: a mana ability has no targets (CR 605.1a)", file=board.name)
    try:  # which ability: the mana query's numbering and its "can't activate" reasons
        checked = mana_query.mana_outcomes(board, object_id, number)
    except QueryError as error:
        raise QueryError(f"activate {object_id}: {error.detail} (next activates only mana abilities yet)",
                         file=board.name) from None
    player = permanent.controller
    # Its own acts (CR 605.3a: the ability activated, its mana cost paid by pay's search of every mana ability below;
    # another mana ability whose cost no rule models refuses only where that search may use it).
    search = payment.Search(board, player, labelled=True, cost_of="ability",
                            base=payment.Model(board, player, only=object_id))
    index = checked.ability.index
    zero = search.base.zero_x.get((object_id, index))
    acts = ([zero] if zero is not None else []) + [a for a in search.base.acts
                                                   if a.perm == object_id and a.number == index]
    if x is not None and acts[0].x is None:
        raise QueryError(f"activate {object_id}: its ability {index} has no X in its cost (CR 107.3)",
                         file=board.name)
    if x is not None:  # CR 107.3: the X chosen
        if not any(a.x == x for a in acts):
            (kind, _), = acts[-1].counters
            raise QueryError(f"activate {object_id}: X = {x}: it has {plural(len(acts) - 1, kind + ' counter')}, "
                             f"so it can't remove {x} (CR 107.3, 118.3)", file=board.name)
        acts = [a for a in acts if a.x == x]
    act = acts[0]
    if act.blocked:
        raise QueryError(f"activate {object_id}: {'; '.join(act.blocked)}", file=board.name)
    term = checked.ability.term
    body: dict = (ability_spec(board, term) or {}).get("mana", {})  # its definition (printed or granted)
    # CR 602.5b: one more activation of a limited ability.
    counted = activations.record(_card(board, permanent.card_name), permanent.activated, term, body)
    if counted is None:
        raise QueryError(f"activate {object_id}: its ability is limited (CR 602.5b) but not printed on "
                         "it, and the board records activations of printed abilities only", file=board.name)
    start = search.start()
    if act.pips:  # its mana cost, paid with the pool and other mana abilities (602.2b, 601.2g-h)
        spec = next(iter(ability_spec(board, checked.ability.term).values()))
        cost = "".join(item for item in spec.get("cost", [])
                       if isinstance(item, str) and item not in ("{T}", "{Q}", "sacrifice_self"))
        paying = payment.pay(board, player, cost=cost, cost_of="ability")
        if not paying.ways:
            pool = _player(board, player)[1].mana_pool
            raise Unavailable(f"activate {object_id}: {player} can't pay {cost} with their mana pool "
                             f"({pool or 'empty'}) and mana abilities (CR 602.2b, 601.2g, 601.2h)", file=board.name)
        starts = [(w.end._replace(pool=w.pool_after, life=w.life), w.activations, w.paid, w.spent)
                  for w in paying.ways]
        act = replace(act, pips=())
    else:
        starts = [(start, (), "", "nothing")]
    ways = []
    for state, before, paid, spent in starts:
        for end, move in [m for one in acts for m in search.moves(state, replace(one, pips=act.pips),
                                                                 search.model(state))]:
            step_taken = payment.Search.step(move)
            if paid:
                step_taken = replace(step_taken, paid=paid, spent=spent)
            ways.append(payment.Way(before + (step_taken,), paid, payment.pool_text(end.pool), end.life,
                                    end=end, pool_after=end.pool, spent=spent))
    if not ways:
        # its state only where the cost taps or untaps it ({T}, {Q}: CR 107.5, 107.6)
        state_now = (f"{object_id} is {'tapped' if permanent.tapped else 'untapped'}, "
                     if act.tap or act.untap else "")
        raise Unavailable(f"activate {object_id}: its costs can't be paid now ({act.text}; {state_now}CR 602.2b, "
                         "118.3)", file=board.name)

    def nothing_more(paid_board: Board, way: Any) -> tuple[Board, list[Event], list[Pending]]:
        still = paid_board.permanent(object_id)
        if still is not None and still.activated != counted:
            paid_board = _replace_permanent(paid_board, replace(still, activated=counted))
        return paid_board, [], []

    return _payment_branches(branch, player, ways, f"activate {object_id}", nothing_more, timeout)


def activate_ability(branch: Branch, permanent: Permanent, number: int, given: list[str],
                     timeout: float | None) -> list[Branch]:
    """CR 602.2: an activated ability that isn't a mana ability: legal to activate now (the
    can-activate query's rules: timing, restrictions, costs), its targets chosen (601.2c;
    every legal choice is an outcome unless given), its costs paid ({T}, sacrificing its
    source, mana paid like pay: 601.2g-h), and it goes on the stack."""
    from pysolver.query import payment
    from pysolver.query.activation import can_activate
    board = branch.board
    what = f"activate {permanent.id}"
    spec = _card(board, permanent.card_name).ability(number)["activated"]
    if not spec.get("do"):
        raise QueryError(f"{what}: ability {number} (\"{spec.get('text', '')}\"): its effect isn't modelled (the "
                         "card's `do:`), so the board it leaves can't be computed", file=board.name)
    checked = can_activate(board, permanent.id, number)
    if not checked.can_activate:
        raise QueryError(f"{what}: {'; '.join(checked.reasons)}", file=board.name)
    costs = spec["cost"]
    unpaid = [str(c) for c in costs if not isinstance(c, str) or c == "{Q}"]
    if unpaid:
        raise QueryError(f"{what}: next doesn't pay the cost {', '.join(unpaid)} yet (CR 602.2b, 118.3)",
                         file=board.name)
    player = permanent.controller
    choices = targeting.choose(board, permanent.card_name, number, player, given, what, source=permanent.id)
    taps, sacrifices = "{T}" in costs, "sacrifice_self" in costs
    mana = "".join(c for c in costs if c not in ("{T}", "sacrifice_self"))
    counted = activations.record(_card(board, permanent.card_name), permanent.activated,
                                 targets_facts.holder(permanent.card_name, number), spec)
    if counted is None:
        raise QueryError(f"{what}: its activations can't be recorded on the board (CR 602.5b)", file=board.name)
    if mana:  # CR 601.2g-h: the mana abilities activated while paying can't use a cost it pays
        ways = [w for w in payment.pay(board, player, cost=mana, cost_of="ability").ways
                if not (taps and permanent.id in w.end.tapped) and permanent.id not in w.end.gone]
    else:
        start = payment.Search(board, player, labelled=True, cost_of="ability").start()
        ways = [payment.Way((), "", payment.pool_text(start.pool), start.life, end=start, pool_after=start.pool)]
    if not ways:
        raise Unavailable(f"{what}: its costs can't be paid now ({checked.cost}; CR 602.2b, 118.3)", file=board.name)

    def put_on_stack(paid: Board, way: Any, chosen: tuple) -> tuple[Board, list[Event], list[Pending]]:
        item = StackItem(id=new_id(paid, f"{permanent.id}-{number}"), card=permanent.card_name, controller=player,
                         source=permanent.id, ability=number, targets=chosen)
        for kind, ref in chosen:  # a target sacrificed while paying is gone (CR 608.2b)
            if kind == "permanent" and paid.permanent(ref) is None:
                item = targeting.left(item, ref)
        new = replace(paid, stack=paid.stack + [item])
        source = new.permanent(permanent.id)
        assert source is not None
        new = _replace_permanent(new, replace(source, tapped=source.tapped or taps, activated=counted))
        aimed = f" targeting {', '.join(targeting.name(board, t) for t in chosen)}" if chosen else ""
        payment_text = " and ".join(filter(None, [way.spent if mana else "", "{T}" if taps else ""]))
        how = " and ".join(filter(None, [f"paying {payment_text}" if payment_text else "",
                                         "sacrificing it" if sacrifices else ""]))
        events = [Event("{} activates {}'s ability {} as {}{}{} (CR 602.2)",
                        (player, permanent.id, number, item.id, aimed, ', ' + how if how else ''))]
        # Its own {T} and sacrifice: "becomes tapped" and dies triggers (CR 603.2, 701.17a, 603.10a)
        pending = _cost_triggers(new, {permanent.id} if sacrifices else set(),
                                 {permanent.id} if taps and not source.tapped else set(), timeout)
        pending += _target_triggers(board, new, chosen, player, "ability", timeout)  # CR 603.2, 602.2b
        pending += _crime_triggers(board, new, chosen, player, timeout)  # CR 700.13
        pending += _activation_triggers(board, new, permanent.id, player, timeout)  # CR 602.2i
        if sacrifices:  # the ability on the stack keeps its source as it last existed (608.2h)
            new = leave(new, permanent.id, told=events)
        return new, events, pending

    out = []
    for chosen in choices:
        said = targeting.described(board, player, f"{permanent.id}'s ability {number}", chosen)
        aimed = branch.then(board, choices=[Choice(("targets", player, permanent.id, number, chosen), said)]
                            if len(choices) > 1 else [])
        out += _payment_branches(aimed, player, ways, what,
                                 lambda paid, way, chosen=chosen: put_on_stack(paid, way, chosen), timeout)
    return out


def _resolve_activated(branch: Branch, item: StackItem, timeout: float | None) -> list[Branch]:
    """CR 608.2: an activated ability, or a triggered ability with targets (603.3d), resolves: its
    targets checked again (608.2b), its effects on the legal ones (asp/targets.lp); then it ceases
    to exist (608.2n)."""
    board = branch.board
    rest = replace(board, stack=board.stack[:-1])
    resolved = targeting.resolve(rest, item, item.card, int(item.ability or 1), leave, _put_counters)
    if resolved.countered:
        return [branch.then(rest, events=resolved.events)]
    head = Event("{} ({}, {}) resolves (CR 608.2)", (item.id, item.card, _named(item)))
    out: list[Branch] = []
    choices: list[Choice] = []
    if targeting.spec_of(board, item.card, int(item.ability or 1)).get("may"):
        # CR 603.5: "you may": as it resolves (its targets legal, 608.2b) its controller chooses whether to apply it
        what = f"{item.card} ({_named(item)})'s effect"
        out.append(branch.then(rest, choices=[Choice(("applies", item.id, False),
                                                     f"{item.controller} chooses not to apply {what} (CR 603.5)")],
                               events=[head]))
        choices = [Choice(("applies", item.id, True), f"{item.controller} chooses to apply {what} (CR 603.5)")]
    new = resolved.board
    events = [head] + resolved.events
    pending = _destroyed_triggers(rest, frozenset(resolved.destroyed), timeout)
    pending += _untap_triggers(rest, _untapped_by(rest, new), timeout)  # CR 701.21b, 603.2
    pending += _tapped_triggers(rest, new, timeout)  # CR 701.21a, 603.2
    pending += _player_triggers(new, list(resolved.happened), timeout)  # CR 603.2: life lifelink gained
    pending += _counter_triggers(new, [(item.controller, put) for put in resolved.counters_put],
                                 timeout)  # CR 122.1, 603.2, 122.6a: -1/-1 counters its damage put
    return out + [branch.then(new, choices=choices, events=events, pending=pending,
                              deathtouched=resolved.deathtouched)]


def _cost_triggers(before: Board, sacrificed: set[str], tapped: set[str], timeout: float | None) -> list[Pending]:
    """Triggers of an activated ability's own costs: its source sacrificed dies (CR 701.17a,
    603.10a), its source tapped "becomes tapped" (603.2; asp/tapping.lp)."""
    if not sacrificed and not tapped:
        return []
    extra = next_steps.sacrificed_as_cost(sacrificed) + next_steps.became_tapped(tapped)
    atoms = _first_atoms(list(facts.board_facts(before)) + extra, ZONE_RULES, [na.LeftTrigger, na.TapTrigger], timeout)
    pending = _left_triggers(before, atoms)
    for trigger in atoms(na.TapTrigger):
        permanent = before.permanent(trigger.obj)
        assert permanent is not None
        pending.append(_pending(trigger.obj, trigger.ability, trigger.controller, permanent.counters))
    return pending


# ------------------------------------------------------------------- driver
ACTIONS = ("play", "cast", "activate", "turn-face-up", "resolve", "pass", "check")
KNOWN = ("play CARD, cast CARD [x=N] [by=PLAYER] [kicked] [face-down] [flashback] [target=ID_OR_PLAYER ...], "
         "activate ID [N] "
         "[x=N] [target=ID_OR_PLAYER ...], turn-face-up ID, resolve, pass, check")


def parse_actions(words: list[str]) -> list[tuple[str, list[str]]]:
    """``resolve pass play Grasslands`` -> [("resolve", []), ("pass", []), ("play", ["Grasslands"])]."""
    actions: list[tuple[str, list[str]]] = []
    index = 0
    while index < len(words):
        word = words[index]
        place = f"action {len(actions) + 1}"
        if word not in ACTIONS:
            raise QueryError(f"unknown action {word!r} (actions: {KNOWN})", place=place)
        if word in ("play", "cast", "activate", "turn-face-up"):
            if index + 1 >= len(words) or words[index + 1] in ACTIONS:
                what = "an id" if word in ("activate", "turn-face-up") else "a card"
                raise QueryError(f"{word} needs {what} (actions: {KNOWN})", place=place)
            args = [words[index + 1]]
            index += 2
            while index < len(words) and words[index] not in ACTIONS:
                option = words[index]
                cast_option = word == "cast" and (re.fullmatch(r"x=\d{1,6}|kicked|face-down|flashback|"
                                                               r"additional=\w{1,20}",
                                                               option) or
                                                  (option.startswith(("by=", "target=")) and
                                                   len(option.split("=", 1)[1]) > 0))
                ability_number = word == "activate" and re.fullmatch(r"\d{1,4}", option) and len(args) == 1
                if word == "activate" and option.startswith("target=") and len(option) > 7:
                    ability_number = True
                activate_x = word == "activate" and re.fullmatch(r"x=\d{1,6}", option)
                if cast_option or ability_number or activate_x:
                    args.append(option)
                else:
                    raise QueryError(f"{word}: unexpected {option!r} (actions: {KNOWN})", place=place)
                index += 1
            actions.append((word, args))
        else:
            actions.append((word, []))
            index += 1
    if not actions:
        raise QueryError(f"no action given (actions: {KNOWN})")
    return actions


def step(branch: Branch, action: str, args: list[str], timeout: float | None) -> list[Branch]:
    """One action, then state-based actions and triggers (CR 704.3, 603.3)."""
    ended = game_end(branch.board)
    if ended is not None:
        raise Unavailable(f"{action}: the game is over (CR 104.1): {ended}", file=branch.board.name)
    if action == "pass":
        return pass_step(branch, timeout)  # its steps check state-based actions themselves
    if action == "resolve":
        branches = resolve(branch, timeout)
    elif action == "play":
        branches = play(branch, args[0], timeout)
    elif action == "cast":
        given = [a.split("=", 1)[1] for a in args[1:] if a.startswith("target=")]
        options = dict(a.partition("=")[::2] if "=" in a else ("additional", "kicker")
                       for a in args[1:] if not a.startswith("target=") and a not in ("face-down", "flashback"))
        additional = (options["additional"],) if "additional" in options else ()
        branches = cast(branch, args[0], int(options["x"]) if "x" in options else None, options.get("by"),
                        timeout, given, additional, face_down="face-down" in args[1:],
                        flashback="flashback" in args[1:])
    elif action == "activate":
        numbers = [int(a) for a in args[1:] if a.isdigit()]
        chosen = [int(a[2:]) for a in args[1:] if a.startswith("x=")]
        given = [a.split("=", 1)[1] for a in args[1:] if a.startswith("target=")]
        branches = activate(branch, args[0], numbers[0] if numbers else None, timeout, chosen[0] if chosen else None,
                            given)
    elif action == "turn-face-up":  # CR 116.2b (pysolver/next_face_up.py)
        from pysolver.next_face_up import turn_face_up
        branches = turn_face_up(branch, args[0], timeout)
    else:
        branches = [branch]
    out = []
    for current in branches:
        out.extend(state_based(current, timeout))
    return out


def _refuse_speed_trigger(before: Branch, after: Branch) -> None:
    """CR 702.179d: "Whenever one or more opponents lose life during your turn, if your speed is
    less than 4, your speed increases by 1.  This ability triggers only once each turn."  The
    board doesn't record whether it triggered this turn, so an action after which an opponent of
    a player with speed 1 to 3 lost life during that player's turn is refused.  Life lost is read from
    the events as data (Event.life_lost: damage to a player, 120.3a, a loss, 119.3, a life total set
    lower, 119.5); infect damage to a player gives poison counters and loses no life (120.3b)."""
    lost = {e.life_lost[0] for e in after.events if e.life_lost is not None and e.life_lost[1] > 0}
    for active in sorted({before.board.active_player, after.board.active_player}):
        speed = next((p.speed for p in before.board.players if p.name == active), None)
        if speed is None or speed >= 4:
            continue
        for player in before.board.players:
            if player.name == active:
                continue
            now = next((p for p in after.board.players if p.name == player.name), None)
            if (now is not None and now.life < player.life) or player.name in lost:
                raise QueryError(f"{player.name} loses life during {active}'s turn while {active}'s speed is "
                                 f"{speed}: {active}'s speed would increase (CR 702.179d), a trigger that "
                                 "triggers only once each turn, and the board doesn't record whether it did")


def _refuse_keyword_counters(after: Branch) -> None:
    """CR 122.1b, 613.7c: a board next gives with a keyword counter beside an effect that removes
    abilities is refused, as the board itself would be (pysolver/counters.py)."""
    board = after.board
    found = counter_rules.keyword_counter_unordered(board.library, board.battlefield, board.effects)
    if found is not None:
        raise QueryError(found[2], file=board.name)


def _refuse_from_anywhere(before: Branch, after: Branch) -> None:
    """CR 113.6k, 603.2: "Whenever a land card is put into your graveyard from anywhere", "When ~ is put
    into a graveyard from anywhere" (a ``when``'s from_anywhere): from the battlefield the trigger is
    followed (asp/zone_change.lp); a card put into a graveyard from another zone by the action (a hand:
    discarded; the stack: a resolved spell; a library) would trigger it too, which next doesn't follow:
    refused where a watched graveyard gets a card that may match, or the card has such an ability of
    its own.  A card is counted as from the battlefield only as often as a permanent of it left."""
    from collections import Counter

    from pysolver.cards.library import card_matches, from_anywhere_whens
    old, new = before.board, after.board
    watchers = [(p, number, when) for p in {p.id: p for p in old.battlefield + new.battlefield}.values()
                for number, when in from_anywhere_whens(_card(new, p.card_name).abilities()) if "filter" in when]
    left = Counter((p.owner, p.card) for p in old.battlefield
                   if not p.token and new.permanent(p.id) is None)
    for player in new.players:
        earlier = next((q.graveyard for q in old.players if q.name == player.name), ())
        arrived = Counter(player.graveyard) - Counter(earlier)
        for name in sorted(arrived):
            if arrived[name] <= left[(player.name, name)]:
                continue  # from the battlefield (asp/zone_change.lp)
            card = _library(new).get(name)
            whens = from_anywhere_whens(card.abilities()) if card is not None else []
            own = [number for number, when in whens if "filter" not in when]
            types = list(card.data.get("types", [])) if card is not None else []
            seen = [f"{p.id}'s ability {number}" for p, number, when in watchers
                    if (when.get("graveyard") is None or (when["graveyard"] == "you") == (player.name == p.controller))
                    and (card is None or card_matches(when, types))]
            if own:
                seen.insert(0, f"its own ability {own[0]}")
            if seen:
                raise QueryError(f"{name} is put into {player.name}'s graveyard from a zone other than the "
                                 f"battlefield, which triggers {seen[0]} (\"put into a graveyard from anywhere\": "
                                 "CR 113.6k, 603.2); next follows that event from the battlefield only")


def _refuse_graveyard_triggers(after: Branch) -> None:
    """CR 113.6m: an action that puts a card into a graveyard where a triggered ability of it functions
    (card data graveyard_triggers), which next doesn't model: refused unless --allow-partial, which
    reads the resulting board with the card partial there (pysolver/board.py names the sentences).  A
    card in a graveyard before the action was refused with the board already."""
    if ALLOW_PARTIAL.get():
        return
    for player in after.board.players:
        for name in player.graveyard:
            texts = _card(after.board, name).data.get("graveyard_triggers")
            if texts:
                raise QueryError(f"{name} is put into {player.name}'s graveyard, where {texts[0]!r} functions (CR "
                                 "113.6m), which next doesn't model; --allow-partial uses it without it")


def _paths_mass(paths: list[tuple[tuple[Choice | Chance, ...], Fraction]], what: str) -> Fraction:
    """How likely the paths together are, once their choices are made: each path's probability,
    summed over the picks of a random choice (CR 706.1) and the same for every option of a
    player's choice.  Paths alike in every choice and pick are one path counted twice (two
    choices told apart by nothing, or a pick left out): refused, never merged."""
    ended = [p for steps, p in paths if not steps]
    groups: dict[Choice | Chance, list[tuple[tuple[Choice | Chance, ...], Fraction]]] = {}
    for steps, p in paths:
        if steps:
            groups.setdefault(steps[0], []).append((steps[1:], p))
    kinds = {type(step) for step in groups}
    if len(ended) > 1 or len(kinds) > 1 or (ended and kinds == {Chance}):
        raise EncodingError(f"{what}: two of its paths are told apart by no choice and no random choice (an "
                            "internal check of next: their outcomes can't be told apart)")
    masses = [_paths_mass(group, what) for group in groups.values()] + ended
    if kinds == {Chance}:  # CR 706.1: the picks of one random choice
        return sum(masses, Fraction(0))
    if len(set(masses)) > 1:  # each option of a player's choice leads on with the whole of the path
        raise EncodingError(f"{what}: the options of a choice lead to paths of probabilities that differ ("
                            f"{', '.join(map(str, masses))}; an internal check of next)")
    return masses[0]


def _check_paths(parent: Branch, children: list[Branch], what: str) -> None:
    """The paths an action takes from ``parent``, once every choice on them is made, are as
    likely together as ``parent`` (exactly, Fraction): a path counted twice or left out fails."""
    if not children:
        return
    start = len(parent.trail)
    total = _paths_mass([(child.trail[start:], child.probability) for child in children], what)
    if total != parent.probability:
        raise EncodingError(f"{what}: the probabilities of its paths add up to {total / parent.probability}, "
                            "not 1 (an internal check of next, CR 706.1)")


def merge_key(branch: Branch) -> tuple:
    """What makes a path's result one outcome: its choices as data (Choice.what, never their
    words), what happened on it and the board it leaves, as data."""
    return (branch.choices, branch.events, canonical(branch.board), branch.stopped)


def next_states(board: Board, actions: list[tuple[str, list[str]]], max_outcomes: int | None = None,
                timeout: float | None = None) -> list[Result]:
    """Every distinct board after the actions, with its probability, choices and events.
    Paths with the same choices (as data) and the same events that reach the same board are one
    result (their probabilities add); for each way of making the choices the probabilities sum
    to 1 (_check_paths)."""
    _refuse_triggered_state(board, timeout)
    refuse_granted_triggers(board, "next")
    first = actions[0][0] if actions else "check"
    if first != "check" and board.step != "untap" and game_end(board) is None \
            and _sba_round(Branch(board), timeout) is not None:  # CR 502.4: none are checked in the untap step
        refuse_pending(board, f"no player acts on it ({first}); begin with check, which performs them (pysolver "
                              "next BOARD check ...)")
    branches = [Branch(board)]
    for number, (action, args) in enumerate(actions, 1):
        following: list[Branch] = []
        unavailable: list[Unavailable] = []
        for branch in branches:
            if branch.stopped is not None:
                following.append(branch)
                continue
            try:
                stepped = step(branch, action, args, timeout)
                for after in stepped:
                    _refuse_speed_trigger(branch, after)
                    _refuse_from_anywhere(branch, after)
                    refuse_granted_triggers(after.board, "next")
                    _refuse_graveyard_triggers(after)
                    _refuse_keyword_counters(after)
                _check_paths(branch, stepped, f"action {number} ({' '.join([action, *args])})")
                following.extend(stepped)
            except Unavailable as error:  # this branch's board doesn't allow the action: it stops here
                unavailable.append(error)
                following.append(replace(branch, stopped=Stop(number, " ".join([action, *args]), error.detail)))
            except QueryError as error:
                here = f"action {number} ({' '.join([action, *args])})"
                place = error.place if error.place and error.place.startswith("stack[") else here
                raise QueryError(error.detail, file=board.name, place=place) from None
        if unavailable and len(unavailable) == sum(b.stopped is None for b in branches):
            # no branch can take it: the chain asks for what no board allows (each distinct reason)
            here = f"action {number} ({' '.join([action, *args])})"
            reasons = sorted({error.detail for error in unavailable})
            raise QueryError(reasons[0] + "".join(f"; on another branch, {r}" for r in reasons[1:]),
                             file=board.name, place=here)
        merged: dict[tuple, Branch] = {}
        for branch in following:
            key = merge_key(branch)
            if key in merged:
                merged[key].probability += branch.probability
                merged[key].board = on_path(merged[key].board, branch.board)
            else:
                if max_outcomes is not None and len(merged) >= max_outcomes:
                    raise LimitExceeded(f"incomplete: more than {max_outcomes} resulting boards (--max-outcomes)",
                                        file=board.name)
                merged[key] = Branch(on_path(reload(branch.board, board.name), branch.board), branch.probability,
                                     branch.choices, branch.events, stopped=branch.stopped)
        branches = list(merged.values())
    # the output edge: the choices and events in words, each once (the choices and events stay data: decided, happened)
    results = [Result(b.probability, tuple(c.words for c in b.choices), words(b.events), to_data(b.board), b.choices,
                      b.stopped, b.events) for b in branches]
    results.sort(key=lambda r: (r.choices, json.dumps(r.board, sort_keys=True)))
    return results


__all__ = ["PysolverError", "Result", "next_states", "parse_actions", "to_data"]
