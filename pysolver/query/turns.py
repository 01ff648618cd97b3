"""`turn --turns N`: the step listing of the current turn and of the turns that follow
(CR 500.1, 500.7), with what persists: permanents and their auras (Paradox Haze stays
attached), when each came under its controller's control (so an echo paid is owed no
more, CR 702.30a), effects that outlast the turn.  Each following turn is listed from
a board at its untap step built by the same rules `pysolver next pass` uses
(asp/actions.lp: the next turn, 500.7 extra turns first; untap, 502.3); what the
abilities of the listed turns do isn't simulated (as for `turn`): after a turn in which a
trigger is listed whose effect isn't followed (``first_unfollowed``: anything but the steps it adds),
the turns after it are refused, as what triggers in them may depend on it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pysolver import consistency, day_night
from pysolver.board import Board
from pysolver.errors import QueryError
from pysolver.events import Event
from pysolver.facts import queries as facts
from pysolver.query.registry import Query, register
from pysolver.query.turn import DEFAULT_MAX_STEPS, DECODES, Step, first_unfollowed, put_lore_counters, turn

MAX_TURNS = 100


@dataclass
class Turn:
    number: int
    active_player: str
    steps: list[Step]

    def canonical(self) -> dict:
        return {"turn": self.number, "active_player": self.active_player,
                "steps": [s.canonical() for s in self.steps]}


def next_turn_board(board: Board, upkeeps: int | None = None) -> Board:
    """The board as the next turn's untap step is done: the cleanup step's damage removal
    and end of "until end of turn" effects (514.2), mana emptied (500.4), the next turn
    (500.7) and its untap step (502.3).  ``upkeeps``: the upkeep steps begun in the turn
    listed (its echo permanents' next upkeep reads the last, CR 702.30a)."""
    from pysolver import next_state
    from pysolver.query.next_atoms import EchoPastTurn, KeepsTapped, UntapLimited, UpkeepsAtEntry, Untaps
    # The upkeeps begun when permanents came this turn, counted from the board listed (the turn's end
    # can't tell them), kept on the board of its end: its grounding says which echo the next turn can't
    # judge (asp/turn.lp's echo_past_turn/3, CR 702.30a).
    came = any(p.entered and p.entered["turn"] == board.turn_number for p in board.battlefield)
    counted = {a.obj: a.upkeeps for a in next_state._step_atoms(board, None)[0](UpkeepsAtEntry)} if came else {}
    ended = replace(board, step="cleanup", additional_steps=(), resume_after=None, stack=[],
                    battlefield=[replace(p, damage=0, entered={**p.entered, "upkeeps": counted[p.id]}
                                         if p.entered and p.id in counted else p.entered)
                                 for p in board.battlefield],
                    effects=[e for e in board.effects if e.duration != "end_of_turn"],
                    players=[replace(p, mana_pool="") for p in board.players], upkeeps=upkeeps)
    events: list[Event] = []  # the next turn's turn-based events, which the listing doesn't show
    past = next_state._step_atoms(ended, None)[0](EchoPastTurn) if came else []
    following = next_state._next_turn(ended, events, past)
    models = next_state._step_atoms(following, None)
    if len(models) > 1:  # CR 502.3: a player chooses what doesn't untap; the listing makes no choices
        kept = sorted({a.obj for m in models for a in m(KeepsTapped)})
        limited = sorted({a.obj for m in models for a in m(UntapLimited)})
        choice = (f"may choose not to untap {', '.join(kept)}" if kept else
                  f"chooses which of {', '.join(limited)} to untap")
        raise QueryError(f"in turn {following.turn_number}'s untap step "
                         f"{following.active_player} {choice} (CR 502.3), "
                         "and the following turns depend on it; list them from a board after that "
                         "untap step (pysolver next)", file=board.name, place="--turns")
    atoms = models[0]
    untapped = {a.obj for a in atoms(Untaps)}
    return replace(following, battlefield=[replace(p, tapped=False) if p.id in untapped else p
                                           for p in following.battlefield])


class Turns(list):
    """The turns listed (a list of Turn), as `turn --turns N --json` writes them."""

    def to_json(self) -> dict:
        first = self[0]
        return {"turn": first.number, "active_player": first.active_player,
                "steps": [s.to_json() for s in first.steps],
                "turns": [{"turn": t.number, "active_player": t.active_player,
                           "steps": [s.to_json() for s in t.steps]} for t in self]}


def render(listed: Turns) -> list[str]:
    lines = []
    for t in listed:
        lines.append(f"turn {t.number}, {t.active_player}'s turn")
        for s in t.steps:
            triggers = ", ".join(f"{x.source}:{x.ability}" for x in s.triggers)
            lines.append(f"  {s.number}. {s.step}{' (skipped)' if s.skipped_by else ''}"
                         f"{': ' + triggers if triggers else ''}")
    return lines


# The effects of a trigger the turns after it are listed with: the steps it adds (CR 500.8, 500.9: in its own
# turn, listed there); echo and cumulative upkeep are taken as paid (CR 702.30a, 702.24a), as the README says.
def listing(board: Board, count: int | str, max_steps: int = DEFAULT_MAX_STEPS) -> Turns:
    if not str(count).isdigit():
        raise QueryError(f"turns must be a number (got {count!r})", file=board.name, place="N")
    count = int(count)
    if not 1 <= count <= MAX_TURNS:
        raise QueryError(f"turns must be 1 to {MAX_TURNS} (got {count})", file=board.name, place="--turns")
    listed = Turns([Turn(board.turn_number, board.active_player, turn(board, max_steps))])
    current = board
    for _ in range(count - 1):
        if sum(not p.lost for p in current.players) < 2:
            break
        left = first_unfollowed(current, listed[-1].steps)
        if left is not None:
            step, fired = left
            raise QueryError(f"{fired.source}'s \"{fired.text}\" triggers in turn {listed[-1].number}'s "
                             f"{step.step} step (CR 603.2b), and what it does, which the turns after it may depend "
                             "on, isn't followed (the listing resolves no ability); list them from a board after "
                             "it (pysolver next)", file=board.name, place="--turns")
        bound = day_night.listed_turns(current, current.library.get)  # CR 502.2, 728.2
        if bound is not None:
            raise QueryError(bound, file=board.name, place="--turns")
        upkeeps = _upkeeps_of(current, listed[-1].steps)
        current = next_turn_board(put_lore_counters(current, [a for s in listed[-1].steps for a in s.lore]), upkeeps)
        listed.append(Turn(current.turn_number, current.active_player, turn(current, max_steps)))
    return listed


def _upkeeps_of(board: Board, steps: list[Step]) -> int:
    """The upkeep steps begun in the turn listed: those before the board's step and those listed that happen."""
    before = consistency.upkeeps_begun(board.step, board.resume_after, board.upkeeps) - (board.step == "upkeep")
    return before + sum(s.step == "upkeep" and not s.skipped_by for s in steps)


def answer(board: Board, turns: int = 1, max_steps: int = DEFAULT_MAX_STEPS) -> list[dict]:
    """Canonical answer: [{turn, active_player, steps: [as turn's answer]}]."""
    return [t.canonical() for t in listing(board, turns, max_steps)]


turns = listing

def _run(board: Board, turns: int | str = 1, max_steps: int = DEFAULT_MAX_STEPS) -> Turns:
    return listing(board, turns, max_steps)


def _facts(board: Board, turns: int = 1):
    """The facts of the first turn's listing (the others are grounded turn by turn)."""
    return facts.turn(board)


register(Query.described(
    "turns", program="turn", facts=_facts, run=_run, answer=answer, schema="turns", render=render,
    decodes=DECODES, counted="steps",
    count=lambda listed: sum(len(t.steps) for t in listed)))
