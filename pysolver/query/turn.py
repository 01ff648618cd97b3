"""The rest of the turn, step by step, with what triggers at the beginning of each step.

Rules in asp/turn.lp (CR 500-514, 603.2b, 614.10, 702.30a); this module
decodes the atoms the grounder decides and words the explanation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Function, Number, Symbol

from pysolver import facts, solver
from pysolver.board import Board
from pysolver.errors import LimitExceeded, QueryError

DEFAULT_MAX_STEPS = 100


@dataclass(frozen=True)
class Trigger:
    source: str
    card: str
    controller: str
    ability: int | str  # index among the card's abilities, or "echo"
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
    skipped_by: list[str] = field(default_factory=list)
    triggers: list[Trigger] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    # players who each order several of their triggers that add steps (CR 603.3b)
    order_chosen_by: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"n": self.number, "step": self.step, "phase": self.phase,
                "additional": self.additional_by is not None, "created_by": self.additional_by,
                "skipped": bool(self.skipped_by), "skipped_by": self.skipped_by,
                "only_if_attackers": self.only_if_attackers,
                "triggers": [t.to_json() for t in self.triggers],
                "order_chosen_by": self.order_chosen_by}

    def canonical(self) -> dict:
        """The compact form ruling cases compare."""
        out: dict = {"step": self.step}
        if self.additional_by is not None:
            out["additional"] = self.additional_by
        if self.skipped_by:
            out["skipped"] = self.skipped_by
        out["triggers"] = [t.key for t in self.triggers]
        if self.order_chosen_by:
            out["order_chosen_by"] = self.order_chosen_by
        return out


def _atoms(grounded: solver.Grounded, names: list[tuple[str, int]]) -> dict[tuple[str, int], list[Symbol]]:
    """Atoms by signature, decided by grounding (or read from the single model)."""
    found = {name: grounded.atoms(*name) for name in names}
    if any(v is None for v in found.values()):
        model = grounded.first_model()
        found = {name: [s for s in model if s.match(*name)] for name in names}
    return found


SHOWN = [("step_at", 2), ("phase_at", 2), ("only_if_attackers", 1), ("origin", 2), ("happens", 1), ("skipped", 2),
         ("triggers", 3),
         ("step_limit_reached", 0), ("order_chosen", 3), ("upkeeps_before", 2), ("came_since", 2),
         ("echo_permanent", 2)]


def turn(board: Board, max_steps: int = DEFAULT_MAX_STEPS) -> list[Step]:
    """The steps from the board's current step to the end of the turn."""
    if max_steps < 1:
        raise QueryError(f"max_steps must be at least 1 (got {max_steps})", file=board.name)
    symbols = list(facts.board_facts(board)) + [Function("step_limit", [Number(max_steps)])]
    grounded = solver.ground(symbols, solver.TURN_RULES)
    atoms = _atoms(grounded, SHOWN)
    if atoms[("step_limit_reached", 0)]:
        raise LimitExceeded(f"incomplete: the turn has more than {max_steps} steps (additional "
                            "steps keep being added; --max-steps)", file=board.name)
    by_id = {p.id: p for p in board.battlefield}
    steps: dict[int, Step] = {}
    for atom in atoms[("step_at", 2)]:
        index, step = atom.arguments
        steps[index.number] = Step(index.number + 1, step.name)
    for atom in atoms[("phase_at", 2)]:
        index, phase = atom.arguments
        steps[index.number].phase = phase.name
    for atom in atoms[("only_if_attackers", 1)]:
        steps[atom.arguments[0].number].only_if_attackers = True
    for atom in atoms[("origin", 2)]:
        index, origin = atom.arguments
        if origin.name == "by":
            steps[index.number].additional_by = origin.arguments[0].string
    for atom in atoms[("skipped", 2)]:
        index, source = atom.arguments
        steps[index.number].skipped_by.append(source.string)
    for atom in atoms[("triggers", 3)]:
        index, source, ability = atom.arguments
        permanent = by_id[source.string]
        card = board.library.get(permanent.card_name)
        if ability.type == ability.type.Function and ability.name == "echo":
            number: int | str = "echo"
            text = "echo: sacrifice it unless you pay its echo cost (CR 702.30a)"
        else:
            number = ability.arguments[1].number
            text = card.abilities()[number]["triggered"]["text"]
        steps[index.number].triggers.append(
            Trigger(permanent.id, permanent.card_name, permanent.controller, number, text))
    for atom in atoms[("order_chosen", 3)]:
        index, player, _count = atom.arguments
        steps[index.number].order_chosen_by.append(player.string)
    came_since = {(a.arguments[0].number, a.arguments[1].string) for a in atoms[("came_since", 2)]}
    earlier = {a.arguments[0].number: a.arguments[1].number for a in atoms[("upkeeps_before", 2)]}
    echo = {a.arguments[0].string for a in atoms[("echo_permanent", 2)]
            if a.arguments[1].string == board.active_player}
    ordered = [steps[i] for i in sorted(steps)]
    for listed in ordered:
        listed.skipped_by.sort()
        listed.order_chosen_by.sort()
        listed.triggers.sort(key=lambda t: (t.source, str(t.ability)))
        _explain(board, listed, came_since, echo, earlier.get(listed.number - 1, 0))
    return ordered


def _explain(board: Board, step: Step, came_since: set[tuple[int, str]], echo: set[str],
             upkeeps_before: int) -> None:
    """Why the step is there, skipped, and why each ability triggers (or echo doesn't)."""
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
    for trigger in step.triggers:
        if trigger.ability == "echo":
            step.reasons.append(f"{trigger.source}: echo, it came under {trigger.controller}'s control "
                                "since the beginning of their last upkeep (CR 702.30a)")
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


def _spec(board: Board, card: str, index: int) -> dict:
    return board.library.get(card).abilities()[index]["triggered"]


def answer(board: Board, max_steps: int = DEFAULT_MAX_STEPS) -> list[dict]:
    """Canonical answer: [{step, additional?, skipped?, triggers: ["source:ability"]}]."""
    return [step.canonical() for step in turn(board, max_steps)]
