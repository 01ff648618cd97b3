"""The rest of the turn, step by step, with what triggers at the beginning of each step.

Rules in asp/turn.lp (CR 500-514, 603.2b, 614.10, 702.30a); this module
decodes the atoms the grounder decides and words the explanation.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from clingo import Symbol, SymbolType

from pysolver import player_triggers, solver
from pysolver.board import Board
from pysolver.errors import BoardError, LimitExceeded, QueryError
from pysolver.facts import queries as facts
from pysolver.limits import DEFAULT_MAX_STEPS
from pysolver.predicates import Name, Reader, match, predicate
from pysolver.query import turn_reads
from pysolver.query.turn_reads import BATTLEFIELD
from pysolver.query.registry import Query, register
from pysolver.terms import AddedBy, printed_trigger


@dataclass(frozen=True)
class Trigger:
    source: str
    card: str
    controller: str
    ability: int | str  # its number among the card's abilities (from 1), or "echo"
    text: str

    @property
    def key(self) -> str:
        return f"{self.source}:{self.ability}"

    def to_json(self) -> dict:
        return {"source": self.source, "card": self.card, "controller": self.controller,
                "ability": self.ability, "text": self.text}


@dataclass
class Step:
    number: int  # 1 = the board's current step
    step: str
    phase: str = ""
    only_if_attackers: bool = False  # CR 508.8
    additional_by: str | None = None  # id of the permanent whose trigger created it
    additional_given: bool = False  # one of the board's additional_steps (CR 500.8)
    skipped_by: list[str] = field(default_factory=list)
    triggers: list[Trigger] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    # players who each order several of their triggers that add steps (CR 603.3b)
    order_chosen_by: list[str] = field(default_factory=list)
    lore: list[LoreCounterAdded] = field(default_factory=list)  # the Sagas given one as it begins (CR 714.3b)
    sacrificed: list[str] = field(default_factory=list)  # the Sagas sacrificed after its chapters (CR 714.4)

    @property
    def lore_counters(self) -> list[str]:
        return [added.obj for added in self.lore]

    def to_json(self) -> dict:
        return {"n": self.number, "step": self.step, "phase": self.phase,
                "additional": self.additional_by is not None or self.additional_given,
                "created_by": self.additional_by,
                "skipped": bool(self.skipped_by), "skipped_by": self.skipped_by,
                "only_if_attackers": self.only_if_attackers,
                "triggers": [t.to_json() for t in self.triggers],
                "order_chosen_by": self.order_chosen_by, "lore_counters": self.lore_counters}

    def canonical(self) -> dict:
        """The compact form ruling cases compare."""
        out: dict = {"step": self.step}
        if self.additional_by is not None:
            out["additional"] = self.additional_by
        elif self.additional_given:
            out["additional"] = True
        if self.skipped_by:
            out["skipped"] = self.skipped_by
        out["triggers"] = [t.key for t in self.triggers]
        if self.order_chosen_by:
            out["order_chosen_by"] = self.order_chosen_by
        if self.lore_counters:
            out["lore_counters"] = self.lore_counters
        return out


@predicate("step_at")
class StepAt(NamedTuple):
    at: int  # from 0: the board's current step
    step: Name


@predicate("phase_at")
class PhaseAt(NamedTuple):
    at: int
    phase: Name


@predicate("only_if_attackers")
class OnlyIfAttackers(NamedTuple):
    at: int


@predicate("origin")
class Origin(NamedTuple):
    at: int
    origin: Symbol  # by(Source): an additional step Source's trigger created


@predicate("skipped")
class Skipped(NamedTuple):
    at: int
    source: str


@predicate("triggers")
class Triggers(NamedTuple):
    at: int
    source: str
    ability: Symbol  # ab(Card, I), or echo


@predicate("step_limit_reached")
class StepLimitReached(NamedTuple):
    pass


@predicate("lore_counter_added")
class LoreCounterAdded(NamedTuple):
    at: int
    obj: str  # a Saga its controller puts a lore counter on as their precombat main phase begins (CR 714.3b)
    lore: int  # the lore counters on it once it is put (asp/turn.lp: derived once, read by turn, turns and next)


def put_lore_counters(board: Board, added: list[LoreCounterAdded]) -> Board:
    """The board with the lore counters the precombat main phase's turn-based action leaves on each Saga (CR 714.3b;
    the counts asp/turn.lp derives): the one place `next` and `turn --turns` put them on a board."""
    after = {each.obj: each.lore for each in added}
    return replace(board, battlefield=[
        replace(p, counters=tuple(sorted({**dict(p.counters), "lore": after[p.id]}.items()))) if p.id in after else p
        for p in board.battlefield])


@predicate("saga_sacrificed")
class SagaSacrificed(NamedTuple):
    """saga_sacrificed(I, O): at instance I, O's lore counters reach its final chapter number: it is sacrificed once
    its chapter abilities have left the stack, before the next step begins (CR 714.4, 714.2d, 500.2)."""

    at: int
    obj: str


@predicate("lore_unjudged")
class LoreUnjudged(NamedTuple):
    """at instance ``at``, the lore counter put on ``obj`` (CR 714.3b) may be replaced by ``source``'s effect."""
    at: int
    obj: str
    source: str

    def refusal(self, board_name: str, step: str) -> QueryError:
        return QueryError(f"{self.obj} gets a lore counter as the {step} step begins (CR 714.3b), and {self.source}'s "
                          "replacement effect on counters put may change how many (CR 614.1a, 616.1), which isn't "
                          "judged here", file=board_name)


@predicate("upkeeps_before")
class UpkeepsBefore(NamedTuple):
    at: int
    number: int


@predicate("came_since")
class CameSince(NamedTuple):
    at: int
    obj: str


@predicate("echo_permanent")
class EchoPermanent(NamedTuple):
    obj: str
    player: str


@predicate("order_chosen")
class OrderChosen(NamedTuple):
    """order_chosen(I, P, N): at instance I, P orders N of their triggers that add steps (603.3b)."""

    at: int
    player: str
    number: int


@predicate("hand_unjudged")
class HandUnjudged(NamedTuple):
    """hand_unjudged(I, O): at instance I, after a draw step, O's step trigger has a condition on a hand (CR 504.1)."""

    at: int
    obj: str


@predicate("tapped_unjudged")
class TappedUnjudged(NamedTuple):
    """tapped_unjudged(I, O): at instance I, after the untap step, O's step trigger has a condition on a permanent
    being tapped (CR 502.3)."""

    at: int
    obj: str


@predicate("step_conditioned")
class StepConditioned(NamedTuple):
    """step_conditioned(I, O, A, H): at instance I, A of O would trigger but for its intervening "if", which
    held (H = held) or failed on the board (CR 603.4)."""

    at: int
    source: str
    ability: Symbol
    held: Name


@predicate("event_unlisted")
class EventUnlisted(NamedTuple):
    """event_unlisted(I, O, E): at instance I, an ability of O may trigger on the event E of a
    turn-based action (becomes_untapped 502.3, draw 504.1, discard 514.1; CR 603.2)."""

    at: int
    obj: str
    event: Name


@predicate("echo_unjudged")
class EchoUnjudged(NamedTuple):
    """echo_unjudged(I, O): at the upkeep instance I, whether O came under its controller's control since
    the beginning of their last upkeep (CR 702.30a) the board doesn't say (no `entered`, 302.6)."""

    at: int
    obj: str


def echo_unjudged_error(board: Board, obj: str, step: str) -> QueryError:
    """The refusal of an echo the board can't judge (CR 702.30a, 302.6)."""
    return QueryError(f"{obj} came under {board.active_player}'s control during this turn (continuous_control: "
                      f"false) and the board doesn't say when (entered): whether before or after the beginning of "
                      f"{board.active_player}'s last upkeep, so whether its echo triggers as turn "
                      f"{board.turn_number}'s {step} step begins is unknown (CR 702.30a, 302.6)", file=board.name)


@predicate("entry_unjudged")
class EntryUnjudged(NamedTuple):
    """entry_unjudged(I, O): at the upkeep instance I, whose last upkeep began this turn, O came this turn in an
    earlier step and how many upkeeps had begun then the board doesn't say (entered.upkeeps; CR 702.30a, 500.8)."""

    at: int
    obj: str
    begun: int  # the upkeeps begun this turn at the board's step


@predicate("entry_contradicts")
class EntryContradicts(NamedTuple):
    """entry_contradicts(O, U): O's entered.upkeeps contradicts the turn, at whose step U upkeeps have begun
    (more than U, or none in the turn's own step after an upkeep the active player doesn't skip; CR 500.8,
    614.10)."""

    obj: str
    begun: int


def _begun(count: int) -> str:
    return f"{count} upkeep step has" if count == 1 else f"{count} upkeep steps have"


def entry_unjudged_error(board: Board, obj: str, begun: int, step: str) -> QueryError:
    """The refusal of an echo whose permanent came this turn on a side of the last upkeep the board doesn't say
    (CR 702.30a, 500.8): exit 2, as every refusal of a board that doesn't say what the answer needs
    (``echo_unjudged_error``); it can be answered once it says."""
    permanent = board.permanent(obj)
    assert permanent is not None and permanent.entered is not None
    entered = permanent.entered
    where = (f"an additional {entered['step']} step" if entered.get("additional")
             else f"the turn's own {entered['step']} step")
    return QueryError(f"{obj} came under {board.active_player}'s control in {where} of turn {board.turn_number}, "
                         f"and {_begun(begun)} begun this turn: whether it came before or after the beginning of "
                         f"{board.active_player}'s last upkeep the board doesn't say, so whether its echo triggers "
                         f"as the {step} step begins is unknown (CR 702.30a, 500.8); give entered.upkeeps, the "
                         "upkeep steps begun this turn when it came", file=board.name)


def entry_contradicts_error(board: Board, obj: str, begun: int) -> BoardError:
    """A permanent's entered.upkeeps the turn contradicts (CR 500.8, 614.10)."""
    permanent = board.permanent(obj)
    assert permanent is not None and permanent.entered is not None
    return BoardError(f"entered.upkeeps: {permanent.entered['upkeeps']} contradicts the turn: {_begun(begun)} begun "
                      f"this turn, the first before any step after it unless {board.active_player} skips upkeep "
                      "steps (CR 500.8, 614.10)",
                      file=board.name, place=f"battlefield[{board.battlefield.index(permanent)}]")


def refuse_unjudged_entries(board: Board, read, at: int | None = None, steps: dict | None = None) -> None:
    """Refuse a board whose entered.upkeeps contradicts its turn, or whose echo at an upkeep the turn lays out
    (``at``: only that instance) depends on one it doesn't give (CR 702.30a, 500.8)."""
    for contradicting in sorted(read(EntryContradicts)):
        raise entry_contradicts_error(board, contradicting.obj, contradicting.begun)
    for unjudged in sorted(read(EntryUnjudged)):
        if at is None or unjudged.at == at:
            raise entry_unjudged_error(board, unjudged.obj, unjudged.begun,
                                       steps[unjudged.at].step if steps else board.step)


# What each turn-based action does, for the refusal (CR 502.3, 504.1, 514.1).
EVENT_WORDS = {"becomes_untapped": ("the untap step untaps permanents", "502.3"),
               "draw": ("the draw step's draw", "504.1"),
               "discard": ("the cleanup step's discard to the maximum hand size", "514.1")}


@predicate("reach_fits")
class ReachFits(NamedTuple):
    """reach_fits(I, X): X fits the I-th filter of what the board's step triggers may remove (CR 603.2;
    pysolver/query/turn_reads.py reach_filters)."""

    asked: int
    obj: str


DECODES = (StepAt, PhaseAt, OnlyIfAttackers, Origin, Skipped, Triggers, StepLimitReached, OrderChosen,
           UpkeepsBefore, CameSince, EchoPermanent, HandUnjudged, TappedUnjudged, EventUnlisted, EchoUnjudged,
           EntryUnjudged, EntryContradicts, StepConditioned, ReachFits, LoreCounterAdded, LoreUnjudged,
           SagaSacrificed)


# The state-based actions a refusal names (a board with thousands of them: a line of a few hundred characters).


def turn(board: Board, max_steps: int = DEFAULT_MAX_STEPS) -> list[Step]:
    """The steps from the board's current step to the end of the turn."""
    if max_steps < 1:
        raise QueryError(f"max_steps must be at least 1 (got {max_steps})", file=board.name)
    from pysolver import state_based  # CR 704.3: a step begins on a board no state-based action applies to

    ended = state_based.game_end(board)
    if ended is not None:  # CR 104.1: no step begins in a game that has ended
        raise QueryError(f"the game is over (CR 104.1): {ended}; no step begins", file=board.name)
    state_based.refuse_pending(board, "no step begins on it; list the turn from the board they leave (pysolver next "
                                      "BOARD check)")
    _refuse_phase_after_rest(board)
    grounded = solver.ground(facts.turn(board, max_steps), solver.entry("turn"))
    read = Reader(grounded)
    if read(StepLimitReached):
        raise LimitExceeded(f"incomplete: the turn has more than {max_steps} steps (additional "
                            "steps keep being added; --max-steps)", file=board.name)
    by_id = {p.id: p for p in board.battlefield}
    steps: dict[int, Step] = {}
    for at in read(StepAt):
        steps[at.at] = Step(at.at + 1, at.step)
    for unjudged in sorted(read(HandUnjudged)):  # CR 504.1, 603.4: the hand the draw step changed
        raise QueryError(f"{unjudged.obj}'s triggered ability has an intervening \"if\" on a hand, which the draw "
                         f"step changes before turn {board.turn_number}'s {steps[unjudged.at].step} step begins "
                         "(CR 504.1, 603.4): the turn doesn't follow the hand; ask pysolver next in that step",
                         file=board.name)
    for untapping in sorted(read(TappedUnjudged)):  # CR 502.3, 603.4: the permanents the untap step untaps
        raise QueryError(f"{untapping.obj}'s triggered ability has an intervening \"if\" on a permanent being tapped, "
                         f"which the untap step changes before turn {board.turn_number}'s {steps[untapping.at].step} "
                         "step begins (CR 502.3, 603.4): the turn doesn't follow the untapping; ask pysolver next in "
                         "that step", file=board.name)
    for unjudged_echo in sorted(read(EchoUnjudged)):  # CR 702.30a, 302.6
        raise echo_unjudged_error(board, unjudged_echo.obj, steps[unjudged_echo.at].step)
    refuse_unjudged_entries(board, read, steps=steps)  # CR 702.30a, 500.8
    for unlisted in sorted(read(EventUnlisted)):  # CR 603.2: events of turn-based actions
        action, rule = EVENT_WORDS[unlisted.event]
        raise QueryError(f"{unlisted.obj}'s triggered ability may trigger as {action} in turn "
                         f"{board.turn_number}'s {steps[unlisted.at].step} step (CR {rule}, 603.2), and the turn "
                         "lists only what triggers as each step begins; ask pysolver next in that step",
                         file=board.name)
    for unjudged_lore in sorted(read(LoreUnjudged)):  # CR 714.3b, 614.1a
        raise unjudged_lore.refusal(board.name, steps[unjudged_lore.at].step)
    for lore in sorted(read(LoreCounterAdded)):  # CR 714.3b: a turn-based action
        steps[lore.at].lore.append(lore)
    for sacrificed in sorted(read(SagaSacrificed)):  # CR 714.4
        steps[sacrificed.at].sacrificed.append(sacrificed.obj)
    for phase in read(PhaseAt):
        steps[phase.at].phase = phase.phase
    for only in read(OnlyIfAttackers):
        steps[only.at].only_if_attackers = True
    for origin in read(Origin):
        added = match(AddedBy, origin.origin)
        if added is not None:
            steps[origin.at].additional_by = added.source
        elif origin.origin.type == SymbolType.Function and origin.origin.name == "given":  # the board's
            steps[origin.at].additional_given = True
    for skipped in read(Skipped):
        steps[skipped.at].skipped_by.append(skipped.source)
    for fired in read(Triggers):
        permanent = by_id[fired.source]
        card = board.library.get(permanent.card_name)
        ability = fired.ability
        if ability.type == ability.type.Function and ability.name == "echo":
            number: int | str = "echo"
            text = "echo: sacrifice it unless you pay its echo cost (CR 702.30a)"
        elif ability.type == ability.type.Function and ability.name == "cumulative_upkeep":
            number = "cumulative_upkeep"
            text = ("cumulative upkeep: put an age counter on it, then sacrifice it unless you pay its "
                    "upkeep cost for each age counter (CR 702.24a)")
        else:
            try:
                number = printed_trigger(ability, permanent.id).position + 1  # from 1 (pysolver/query/abilities.py)
            except QueryError as granted:  # CR 613.1f: a granted one, refused with the place
                raise QueryError(f"{granted.detail} as turn {board.turn_number}'s {steps[fired.at].step} step "
                                 "begins (CR 603.2b)", file=board.name) from None
            text = card.ability(number)["triggered"]["text"]
            unjudged = card.ability(number)["triggered"].get("if", {}).get("unjudged")
            if unjudged:  # CR 603.4: whether it triggers is undecided; never listed as certain
                raise QueryError(f"{permanent.id}'s \"{text}\" would trigger as turn {board.turn_number}'s "
                                 f"{steps[fired.at].step} step begins (CR 603.2b) but for its condition: "
                                 f"{unjudged}", file=board.name)
        steps[fired.at].triggers.append(
            Trigger(permanent.id, permanent.card_name, permanent.controller, number, text))
    for chosen in read(OrderChosen):
        steps[chosen.at].order_chosen_by.append(chosen.player)
    came_since = {(a.at, a.obj) for a in read(CameSince)}
    earlier = {a.at: a.number for a in read(UpkeepsBefore)}
    echo = {a.obj for a in read(EchoPermanent) if a.player == board.active_player}
    ordered = [steps[i] for i in sorted(steps)]
    begun = bool(board.stack or board.additional_steps)  # the board's step has begun: its triggers are put
    for position, listed in enumerate(ordered):
        if listed.skipped_by or (position == 0 and begun):
            continue
        inherent = player_triggers.inherent_trigger(board, listed.step, board.active_player)
        if inherent is not None:  # CR 722.2, 723.2, 725.1
            raise QueryError(f"in turn {board.turn_number}, {inherent}", file=board.name)
    for listed in ordered:
        listed.skipped_by.sort()
        listed.order_chosen_by.sort()
        listed.triggers.sort(key=lambda t: (t.source, str(t.ability)))
        _explain(board, listed, came_since, echo, earlier.get(listed.number - 1, 0))
    reaches = _Reaches(board, read)
    _refuse_spells_on_stack(board, reaches)
    checked = _with_stacked(board, ordered)
    _refuse_delayed(board, checked)
    _refuse_unlaid_steps(board, checked)
    _refuse_conditions_after_unfollowed(board, checked, read, reaches)
    _refuse_sources_after_unfollowed(board, checked, reaches)
    _refuse_after_lore(board, checked, read, reaches)
    return ordered


def _with_stacked(board: Board, ordered: list[Step]) -> list[Step]:
    """The steps as the refusals judge them: the triggered abilities on the board's stack that its step doesn't list
    (a dies trigger, a cast trigger: CR 603.2, 603.3) resolve in it before the turn goes on, and the listing follows
    their effects no more than a listed trigger's, so they are judged as triggers of its step (not shown)."""
    listed = {(fired.source, fired.ability) for fired in ordered[0].triggers} if ordered else set()
    stacked = []
    for position, item in enumerate(board.stack):
        if item.source is None or not isinstance(item.ability, int) or (item.source, item.ability) in listed:
            continue
        if item.granted is not None:  # CR 613.1f: its text is its granting ability's, which isn't read here
            raise QueryError(f"{item.id} ({item.card}) is a granted triggered ability on the stack: it resolves "
                             "before the turn goes on, and what it may change isn't read; list the turn from the board "
                             "after it resolves (pysolver next)", file=board.name, place=f"stack[{position}]")
        spec = _spec(board, item.card, item.ability)
        does = {kind for effect in spec.get("do", []) for kind in effect}
        if does and does <= FOLLOWED and not spec.get("riders") and "effect" not in spec:
            continue  # all it does is add steps, which asp/turn.lp lays out from the stack (500.8, 500.9)
        stacked.append(Trigger(item.source, item.card, item.controller, item.ability, spec["text"]))
    return [replace(ordered[0], triggers=ordered[0].triggers + stacked), *ordered[1:]] if stacked else ordered


# What a listed trigger does that the listing follows: the steps and phases it adds (asp/turn.lp).
FOLLOWED = frozenset({"additional_steps", "additional_phase"})


def followed(spec: dict) -> bool:
    """A step trigger whose whole effect the listing follows: it only adds steps or phases (asp/turn.lp lays out
    those a step trigger adds; ``_refuse_unlaid_steps`` those of another)."""
    does = {kind for effect in spec.get("do", []) for kind in effect}
    return "step" in spec.get("when", {}) and bool(does) and does <= FOLLOWED and not spec.get("riders") \
        and "effect" not in spec


def _refuse_unlaid_steps(board: Board, ordered: list[Step]) -> None:
    """CR 500.8, 500.9: a listed trigger that isn't a step trigger (a chapter, 714.2b) and adds steps or phases: the
    listing lays out only what a step trigger adds (asp/turn.lp), so the steps after it are refused."""
    for step in ordered:
        for fired in step.triggers:
            spec = _spec(board, fired.card, fired.ability) if isinstance(fired.ability, int) else {}
            if "step" not in spec.get("when", {"step": None}) and FOLLOWED & {
                    kind for effect in spec.get("do", []) for kind in effect}:
                raise QueryError(f"{fired.source}'s \"{fired.text}\" triggers in turn {board.turn_number}'s "
                                 f"{step.step} step and adds steps or phases (CR 500.8), which the listing lays out "
                                 "only for an ability that triggers as a step begins; list the steps after it from a "
                                 "board after it (pysolver next)", file=board.name)


def first_unfollowed(board: Board, steps: list[Step]) -> tuple[Step, Trigger] | None:
    """The first trigger listed in these steps whose effect isn't followed (a permanent sacrificed, counters
    removed, a token created, life gained or lost, an effect only worded): what triggers after it may depend on
    it (CR 603.2b, 603.4), and the listing resolves no ability."""
    for step in steps:
        for fired in step.triggers:
            if isinstance(fired.ability, int) and not followed(_spec(board, fired.card, fired.ability)):
                return step, fired
    return None


def _changes(board: Board, fired: Trigger) -> frozenset[str]:
    """What a listed trigger's effect can change (pysolver/query/turn_reads.py): echo's and cumulative upkeep's
    costs (CR 702.30a, 702.24a) may be anything."""
    if not isinstance(fired.ability, int):
        return turn_reads.ALL
    spec = _spec(board, fired.card, fired.ability)
    lives = turn_reads.life_totals(board)
    return turn_reads.NONE if followed(spec) else turn_reads.changes(spec["text"], fired.card, lives)


def _refuse_conditions_after_unfollowed(board: Board, ordered: list[Step], read, reaches: _Reaches) -> None:
    """CR 603.4: a step trigger's intervening "if" is judged on the board (asp/turn.lp), which the listing doesn't
    change: where a trigger listed at an earlier step has an effect that may change what the condition reads
    (pysolver/query/turn_reads.py), whether it triggers is refused, naming both; an effect that changes the
    permanents only by removing some out of the reach of what the condition counts changes nothing it reads."""
    for later in sorted(read(StepConditioned)):
        spec, condition_reads = _condition(board, later)
        for step in ordered[:later.at]:
            for fired in step.triggers:
                changed = (_changes(board, fired) | _chained(board, fired, reaches)) & condition_reads
                if BATTLEFIELD in changed and reaches.spares(fired, spec.get("if"), ordered[:later.at]):
                    changed -= {BATTLEFIELD}
                if changed:
                    what = ", ".join(turn_reads.WORDS[each] for each in sorted(changed))
                    raise QueryError(
                        f"{later.source}'s \"{spec['text']}\" has an intervening \"if\" judged as turn "
                        f"{board.turn_number}'s {ordered[later.at].step} step begins (CR 603.4), after "
                        f"{fired.source}'s \"{fired.text}\" triggers in its {step.step} step, whose effect may "
                        f"change what the condition reads ({what}) and isn't followed (the listing resolves no "
                        "ability); list it from a board after it (pysolver next)", file=board.name)


class _Reaches:
    """What the listed triggers' effects may remove (turn_reads.reach), judged on the board: the filters asp/turn.lp
    judged (reach_fits), and whether the board settles which permanents fit them (turn_reads.settled)."""

    def __init__(self, board: Board, read) -> None:
        self.board = board
        self.filters = turn_reads.reach_filters(board)
        self.fits: dict[int, set[str]] = {}
        for fit in read(ReachFits):
            self.fits.setdefault(fit.asked, set()).add(fit.obj)
        self.settled = turn_reads.settled(board)
        self.controller = {p.id: p.controller for p in board.battlefield}
        # CR 603.2, 603.10a: what a listed effect may trigger on the board (a permanent dying or leaving, a token
        # entering, a card drawn, life gained...): the listing follows no such trigger, so what the board's event
        # triggers may change, any unfollowed effect may (a permanent's own "When ~ enters" and "When you cast ~"
        # can't trigger again while it is on the battlefield)
        self.chained = frozenset().union(*(
            turn_reads.changes(spec.get("text", "triggered ability"), name, turn_reads.life_totals(board))
            for name in {p.card_name for p in board.battlefield}
            for spec in (a.get("triggered") for a in board.library.get(name).abilities() if isinstance(a, dict))
            if spec is not None and "step" not in spec.get("when", {})
            and spec.get("when", {}).get("event") not in ("enters", "cast_self")))

    def fitting(self, spec: dict) -> set[str]:
        return self.fits.get(self.filters.index(turn_reads.without_other(spec)), set())

    def of(self, fired: Trigger, settled: bool) -> frozenset[str] | None:
        """The permanents a listed trigger's effect may make leave, change control or lose their abilities (None:
        any): "sacrifice ~ unless you pay {U}" its own source, "sacrifice a creature" its controller's creatures on
        the board after the layers, echo and cumulative upkeep with a mana cost their own source (CR 702.30a,
        702.24a; the payment is no change here).  Where the board may make a permanent fit a filter it doesn't fit
        now or change its controller (``settled``: false), every permanent is in reach."""
        board = self.board
        if turn_reads.LEAVES in self.chained:  # a trigger it may cause may remove any permanent (above)
            return None
        card = board.library.get(fired.card)
        if not isinstance(fired.ability, int):
            cost = card.data.get(str(fired.ability))
            parts = turn_reads.reach(f"sacrifice ~ unless you pay {cost}", "~", turn_reads.life_totals(board)) \
                if isinstance(cost, str) else None
        else:
            parts = turn_reads.step_reach(board, card, _spec(board, fired.card, fired.ability)["text"])
        if parts is None:
            return None
        reached: set[str] = set()
        for whose, spec in parts:
            if whose == "self":
                reached.add(fired.source)
                continue
            if not settled:  # a type or a controller the board may change (turn_reads.settled)
                return None
            fit = None if spec is None else self.fitting(spec)
            reached |= {obj for obj, player in self.controller.items()
                        if (whose == "any" or (player == fired.controller) == (whose == "you"))
                        and (fit is None or obj in fit) and not (spec and spec.get("other") and obj == fired.source)}
        return self._closed(reached)

    def _closed(self, reached: set[str]) -> frozenset[str] | None:
        """With what leaves with them: what is attached to them (an Aura, CR 704.5m; an Equipment stays, 704.5n, and
        is taken too); None where a leaving may remove others otherwise: a static ability of one of them that
        affects other permanents (a toughness it raised, 704.5f)."""
        if not reached:
            return frozenset()
        attached = {p.id: p.attached_to[1] for p in self.board.battlefield
                    if p.attached_to is not None and p.attached_to[0] == "permanent"}
        grown = True
        while grown:
            more = {obj for obj, to in attached.items() if to in reached} - reached
            reached |= more
            grown = bool(more)
        by_id = {p.id: p for p in self.board.battlefield}
        for obj in reached:
            for ability in self.board.library.get(by_id[obj].card_name).abilities():
                static = ability.get("static") if isinstance(ability, dict) else None
                if isinstance(static, dict) and not static.get("self"):
                    return None
        return frozenset(reached)

    def spares(self, fired: Trigger, condition: dict | None, before: list[Step]) -> bool:
        """Whether a listed trigger's effect, which changes the permanents only by removing some (turn_reads
        .only_removes), removes none that a later intervening "if" counts (turn_reads.condition_filters; CR 603.4):
        what it reads of the battlefield stays as the board has it."""
        if not isinstance(fired.ability, int) or condition is None:
            return False
        filters = turn_reads.condition_filters(condition)
        card = self.board.library.get(fired.card)
        text = _spec(self.board, fired.card, fired.ability)["text"]
        if filters is None or not turn_reads.only_removes(text, card.name, turn_reads.life_totals(self.board),
                                                          turn_reads.infect(card)):
            return False
        reached = self.of(fired, self.settled and not any('"' in t.text for step in before for t in step.triggers))
        return reached is not None and not self.chained and not any(
            reached & self.fitting(spec) for spec in filters)


def _refuse_sources_after_unfollowed(board: Board, ordered: list[Step], reaches: _Reaches) -> None:
    """CR 603.2: a trigger of a later step triggers only if its source is still on the battlefield under its
    controller, with the ability, as that step begins: where a trigger listed at an earlier step has an effect that
    may make that permanent leave, change control or lose its abilities (turn_reads.LEAVES: a sacrifice, damage, a
    life loss a player may not survive; its reach, ``_reach``), which the listing doesn't follow, the later trigger
    is refused, naming both."""
    settled = reaches.settled
    removers: list[tuple[Step, Trigger, frozenset[str] | None]] = []  # (its step, the trigger, what it may remove)
    for later_step in ordered:
        for later in later_step.triggers:
            for step, fired, reached in removers:
                if reached is None or later.source in reached:
                    raise QueryError(
                        f"{later.source}'s \"{later.text}\" triggers as turn {board.turn_number}'s "
                        f"{later_step.step} step begins if {later.source} is still on the battlefield under "
                        f"{later.controller}'s control with the ability (CR 603.2), after {fired.source}'s "
                        f"\"{fired.text}\" triggers in its {step.step} step, whose effect may "
                        f"{_may(board, fired)}make {_what(reached, later.source)} leave, change control or lose its "
                        "abilities and isn't followed (the listing resolves no ability); list it from a board after it "
                        "(pysolver next)", file=board.name)
        # CR 707, 111: a quoted ability a listed effect gives (a token's) may make permanents fit a filter
        settled = settled and not any('"' in fired.text for fired in later_step.triggers)
        removers += [(later_step, fired, reaches.of(fired, settled)) for fired in later_step.triggers
                     if turn_reads.LEAVES in _changes(board, fired) | _chained(board, fired, reaches)]


def _refuse_after_lore(board: Board, ordered: list[Step], read, reaches: _Reaches) -> None:
    """The listing's lore counters (CR 714.3b) are the board's counts plus one: where a trigger listed at an earlier
    step may change counters, as it resolves, what the counters put trigger (a chapter, 714.2b) is refused.  A Saga
    whose lore counters reach its final chapter number is sacrificed once its chapter abilities have left the stack,
    before the next step begins (714.4, 500.2): a later trigger of it or of what leaves with it, or one an event
    trigger of the board's its leaving may cause may remove (603.2, 603.10a), is refused, and so is a later
    intervening "if" that reads the permanents or a graveyard (603.4), as the listing resolves no ability."""
    for at, step in enumerate(ordered):
        for fired in step.triggers:
            if not isinstance(fired.ability, int) or _spec(board, fired.card, fired.ability)["when"].get(
                    "event") != "counters_put":
                continue
            for earlier in ordered[:at]:
                for changing in earlier.triggers:
                    # echo and cumulative upkeep change counters on their own source alone (CR 702.30a, 702.24a)
                    own = not isinstance(changing.ability, int) and changing.source not in step.lore_counters
                    changed = (turn_reads.NONE if own else _changes(board, changing)) | _chained(board, changing,
                                                                                                  reaches)
                    if turn_reads.COUNTERS in changed:
                        raise QueryError(
                            f"{fired.source}'s \"{fired.text}\" triggers as lore counters are put on "
                            f"{', '.join(step.lore_counters)} as turn {board.turn_number}'s {step.step} step begins "
                            f"(CR 714.3b, 603.2), after {changing.source}'s \"{changing.text}\" triggers in its "
                            f"{earlier.step} step, whose effect may change counters and isn't followed (the listing "
                            "resolves no ability); list it from a board after it (pysolver next)", file=board.name)
    changed = frozenset({BATTLEFIELD, turn_reads.GRAVEYARD, turn_reads.LEAVES}) | reaches.chained
    conditioned = sorted(read(StepConditioned))
    for at, step in enumerate(ordered):
        for saga in step.sacrificed:
            gone = f"{saga}'s lore counters reach its final chapter number as its {step.step} step begins, and it " \
                   "is sacrificed once its chapter abilities have left the stack (CR 714.4, 714.2d)"
            reached = None if turn_reads.LEAVES in reaches.chained else reaches._closed({saga})
            for later_step in ordered[at + 1:]:
                for later in later_step.triggers:
                    if reached is None or later.source in reached:
                        raise QueryError(
                            f"{later.source}'s \"{later.text}\" triggers as turn {board.turn_number}'s "
                            f"{later_step.step} step begins if {later.source} is still on the battlefield (CR 603.2), "
                            f"after {gone}{_leaving_may(reached, later.source, saga)}, which the listing doesn't "
                            "follow; list it from a board after it (pysolver next)", file=board.name)
            for later in conditioned:
                if later.at <= at:
                    continue
                spec, reads = _condition(board, later)
                what = changed & reads
                filters = turn_reads.condition_filters(spec.get("if", {}))
                if (what == {BATTLEFIELD} and reached is not None and filters is not None and reaches.settled
                        and not any(reached & reaches.fitting(each) for each in filters)):
                    continue  # CR 603.4: what it counts keeps its permanents
                if what:
                    raise QueryError(
                        f"{later.source}'s \"{spec['text']}\" has an intervening \"if\" judged as turn "
                        f"{board.turn_number}'s {ordered[later.at].step} step begins (CR 603.4), after {gone}, which "
                        f"may change what the condition reads ({', '.join(turn_reads.WORDS[w] for w in sorted(what))})"
                        " and isn't followed; list it from a board after it (pysolver next)", file=board.name)


def _leaving_may(reached: frozenset[str] | None, source: str, saga: str) -> str:
    """How a Saga's sacrifice may remove a later trigger's source: itself, attached to it, or any permanent."""
    if reached is None:
        return (", which may make any permanent leave (an ability its leaving may trigger, CR 603.10a, or a static "
                "ability of it that ends, 704.5f)")
    return "" if source == saga else f", and {source} is attached to it (CR 704.5m, 704.5n)"


def _condition(board: Board, later: StepConditioned) -> tuple[dict, frozenset[str]]:
    """A later step trigger's spec and what its intervening "if" reads (turn_reads.reads; a granted one: all)."""
    permanent = board.permanent(later.source)
    assert permanent is not None
    try:
        number = printed_trigger(later.ability, permanent.id).position + 1
    except QueryError:  # CR 613.1f: a granted one: what it reads isn't said here
        return {"text": "triggered ability"}, turn_reads.ALL
    spec = _spec(board, permanent.card_name, number)
    return spec, turn_reads.reads(spec["if"], later.held == "held")


def _refuse_delayed(board: Board, ordered: list[Step]) -> None:
    """CR 603.7: a listed trigger whose effect creates a delayed triggered ability ("exile those tokens at the
    beginning of the next end step") may add a trigger to a later step, which the listing, resolving no ability,
    doesn't show: refused where a step follows."""
    for step in ordered[:-1]:
        for fired in step.triggers:
            if isinstance(fired.ability, int) and turn_reads.delays(fired.text):
                raise QueryError(
                    f"{fired.source}'s \"{fired.text}\" triggers in turn {board.turn_number}'s {step.step} step and "
                    "may create a delayed triggered ability (CR 603.7) that triggers at a later step, which the "
                    "listing doesn't show (it resolves no ability); list the steps after it from a board after it "
                    "(pysolver next)", file=board.name)


def _chained(board: Board, fired: Trigger, reaches: _Reaches) -> frozenset[str]:
    """What the board's event triggers may change (``_Reaches.chained``), which a listed trigger whose effect isn't
    followed may cause (CR 603.2)."""
    if isinstance(fired.ability, int) and followed(_spec(board, fired.card, fired.ability)):
        return turn_reads.NONE
    return reaches.chained


def _may(board: Board, fired: Trigger) -> str:
    """How an effect may remove: itself, or by an event trigger of the board's it may cause (CR 603.2)."""
    return "" if turn_reads.LEAVES in _changes(board, fired) else "trigger an ability (CR 603.2) that may "


def _what(reached: frozenset[str] | None, source: str) -> str:
    return "any permanent" if reached is None else source


def _explain(board: Board, step: Step, came_since: set[tuple[int, str]], echo: set[str],
             upkeeps_before: int) -> None:
    """Why the step is there, skipped, and why each ability triggers (or echo doesn't)."""
    if step.additional_given:
        step.reasons.append("additional, one of the board's additional_steps: created after the board's step "
                            "(CR 500.8, 500.9; those created later come first)")
    if step.additional_by:
        step.reasons.append(f"additional, created by the trigger of {step.additional_by} "
                            "(CR 500.8, 500.9: after the step it was created in, most recent first; "
                            "triggers go on the stack in APNAP order, CR 101.4, 603.3b)")
    if step.skipped_by == ["CR 103.8a"]:
        step.reasons.append("skipped: in a two-player game the player who plays first skips the draw "
                            "step of their first turn (CR 103.8a)")
        return
    if step.skipped_by:
        step.reasons.append(f"skipped because of {', '.join(step.skipped_by)}: nothing triggers "
                            "at its beginning (CR 614.1b, 614.10)")
        return
    if step.only_if_attackers:
        step.reasons.append("happens only if creatures attack (CR 508.8)")
    for saga in step.lore_counters:
        step.reasons.append(f"{saga}: its controller puts a lore counter on it as their precombat main phase "
                            "begins, a turn-based action (CR 714.3b)")
    for saga in step.sacrificed:
        step.reasons.append(f"{saga}: its lore counters reach its final chapter number; it is sacrificed once its "
                            "chapter abilities have left the stack (CR 714.4, 714.2d)")
    for trigger in step.triggers:
        if trigger.ability == "echo":
            step.reasons.append(f"{trigger.source}: echo, it came under {trigger.controller}'s control "
                                "since the beginning of their last upkeep (CR 702.30a)")
        elif trigger.ability == "cumulative_upkeep":
            step.reasons.append(f"{trigger.source}: cumulative upkeep, at the beginning of each of "
                                f"{trigger.controller}'s upkeeps (CR 702.24a)")
        elif isinstance(trigger.ability, int) and _spec(board, trigger.card, trigger.ability)["when"].get(
                "event") == "counters_put":
            chapter = ", 714.2b" if _spec(board, trigger.card, trigger.ability)["when"].get("chapter") else ""
            step.reasons.append(f"{trigger.source}: triggers as counters are put on "
                                f"{', '.join(step.lore_counters)} (CR 714.3b, 603.2{chapter})")
        elif isinstance(trigger.ability, int) and _spec(board, trigger.card, trigger.ability)["when"].get(
                "first_each_turn"):
            step.reasons.append(f"{trigger.source}: the first {step.step} step of the enchanted "
                                "player this turn (CR 603.2b)")
        else:
            step.reasons.append(f"{trigger.source}: \"at the beginning of\" this step (CR 603.2b)")
    for player in step.order_chosen_by:
        step.reasons.append(f"{player} puts their triggers that add steps on the stack in the order "
                            f"{player} chooses (CR 603.3b); the steps they add are listed in one such "
                            "order")
    fired = {t.source for t in step.triggers}
    for permanent in board.battlefield:
        for ability in board.library.get(permanent.card_name).abilities():
            when = ability.get("triggered", {}).get("when", {})
            if (when.get("step") == step.step and when.get("first_each_turn")
                    and permanent.id not in fired):
                why = ("an upkeep already happened this turn" if upkeeps_before
                       else "it isn't the enchanted player's step")
                step.reasons.append(f"{permanent.id}: doesn't trigger, {why} (CR 603.2b)")
    if step.step == "upkeep":
        for source in sorted(echo):
            if (step.number - 1, source) not in came_since:
                step.reasons.append(f"{source}: no echo, it didn't come under its controller's "
                                    "control since the beginning of their last upkeep (CR 702.30a)")


def _refuse_spells_on_stack(board: Board, reaches: _Reaches) -> None:
    """CR 608.2, 608.3: a spell on the stack resolves before the turn goes on, and the listing follows no spell: an
    instant or sorcery has its effect, refused but where its words change nothing the listing reads
    (pysolver/query/turn_reads.py: "Add {R}{R}{R}"); a permanent spell becomes a permanent, refused where it has
    abilities (which may trigger at a later step or change the board) or the board has abilities its entering may
    trigger (``_Reaches.chained``, 603.2)."""
    for position, item in enumerate(board.stack):
        if item.source is not None:
            continue
        card = board.library.get(item.card)
        types = set(card.data.get("types", [])) if card is not None and item.face_down is None else {"Creature"}
        if types <= {"Instant", "Sorcery"}:
            changed = turn_reads.changes(str(card.data.get("oracle", "")), item.card, turn_reads.life_totals(board))
            if not changed:
                continue
            what = f"its effect may change {', '.join(sorted(changed))} (pysolver/query/turn_reads.py)"
        elif card is not None and item.face_down is None and card.abilities():
            what = "it becomes a permanent, whose abilities may trigger or change the board (CR 608.3)"
        elif reaches.chained:
            what = "it becomes a permanent, whose entering may trigger abilities of the board's (CR 608.3, 603.2)"
        else:
            continue
        raise QueryError(f"{item.id} ({item.card}) is a spell on the stack: it resolves before the turn goes on, and "
                         f"{what}, which the listing doesn't follow (it resolves no spell, CR 608.2); list the turn "
                         "from the board after it resolves (pysolver next)", file=board.name,
                         place=f"stack[{position}]")


def _refuse_phase_after_rest(board: Board) -> None:
    """CR 500.8: a triggered ability on the stack that adds a phase after this phase, where steps of the board's
    phase are still to come, adds it directly after them; asp/turn.lp lays out a stacked ability's steps directly
    after the board's step (as the board's additional_steps come), so the listing is refused, saying where they go."""
    from pysolver.cards import phase_after_rest

    for position, item in enumerate(board.stack):
        if item.source is None or not isinstance(item.ability, int):
            continue
        spec = board.library.get(item.card).ability(item.ability).get("triggered", {})
        for effect in spec.get("do", []):
            after = phase_after_rest(effect["additional_phase"], board.step) if "additional_phase" in effect else None
            if after is not None:
                raise QueryError(f"{item.id} ({item.card}) adds {after}, where the listing of a begun step doesn't "
                                 f"put it; list the turn from the board before the {board.step} step begins (its "
                                 "triggers' phases laid out there)", file=board.name, place=f"stack[{position}]")


def _spec(board: Board, card: str, number: int) -> dict:
    return board.library.get(card).ability(number)["triggered"]


def answer(board: Board, max_steps: int = DEFAULT_MAX_STEPS) -> list[dict]:
    """Canonical answer: [{step, additional?, skipped?, triggers: ["source:ability"]}]."""
    return [step.canonical() for step in turn(board, max_steps)]


class Steps(list):
    """The steps of ``turn``, with the turn's number and active player."""

    number: int = 0
    active_player: str = ""


def _run(board: Board, max_steps: int = DEFAULT_MAX_STEPS) -> Steps:
    steps = Steps(turn(board, max_steps))
    steps.number, steps.active_player = board.turn_number, board.active_player
    return steps


register(Query.described(
    "turn", program="turn", facts=facts.turn, run=_run, answer=answer, schema="turn",
    counted="steps", count=len,
    decodes=DECODES))
