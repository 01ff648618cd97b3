"""The facts of targets (asp/targets.lp, CR 115): a spell or ability being cast or activated
with the targets it asks for, or one on the stack with the targets it has."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from clingo import Function, Number, String, Symbol

from pysolver.board import Board
from pysolver.facts.cards import card_facts

CASTING = "casting"  # the stack object's id while it is being cast or activated (CR 601.2c)


def destroyed(objects: Iterable[str]) -> list[Symbol]:
    """Permanents a resolving spell or ability destroys (CR 701.7a): destroyed_by_effect(O)."""
    return [Function("destroyed_by_effect", [String(o)]) for o in sorted(objects)]


def holder(card: str, ability: int | None) -> Symbol:
    """spell(Card), or ab(Card, I) for its ability ``ability`` (numbered from 1; I from 0)."""
    if ability is None:
        return Function("spell", [String(card)])
    return Function("ab", [String(card), Number(ability - 1)])


def target_term(kind: str, ref: str) -> Symbol:
    """obj(O), player(P), or left (a permanent that left the battlefield, CR 608.2b)."""
    if kind == "left":
        return Function("left")
    return Function("obj" if kind == "permanent" else "player", [String(ref)])


def targets(board: Board, item: str, card: str, ability: int | None, controller: str,
            chosen: Sequence[tuple[str, str] | None] = (), resolving: bool = False,
            source: str | None = None, last_known_keywords: Sequence[str] | None = None,
            last_known_controller: str | None = None) -> list[Symbol]:
    """targets_of(K, A, P), chosen_target(K, I, X) for the targets given (None: not given) and
    resolving_targets(K); targets_from(K, O) for an ability from the permanent ``source``
    (CR 113.7); the card's facts (its target_req and targeted_effect)."""
    k = String(item)
    symbols = [Function("targets_of", [k, holder(card, ability), String(controller)])]
    if source is not None and ability is not None:
        symbols.append(Function("targets_from", [k, String(source)]))
    for index, target in enumerate(chosen):
        if target is not None:
            symbols.append(Function("chosen_target", [k, Number(index), target_term(*target)]))
    if resolving:
        symbols.append(Function("resolving_targets", [k]))
    if last_known_keywords is not None:  # CR 113.7a: its source left the battlefield with these
        symbols.append(Function("source_last_known_given", [k]))
        symbols += [Function("source_last_known", [k, String(keyword)]) for keyword in last_known_keywords]
    if last_known_controller is not None:  # CR 113.7a: and who controlled it then (lifelink's gainer, 120.3f)
        symbols.append(Function("source_last_controller", [k, String(last_known_controller)]))
    definition = board.library.get(card) if board.library else None
    if definition is not None:
        symbols += card_facts(definition)
    return symbols


def rider_damage(stage: int) -> Symbol:
    """The damage event of a rider's damage at outcomes.lp's stage (asp/effects.lp: rider(K))."""
    return Function("rider", [Number(stage)])


def damage_gain(event: Symbol) -> Symbol:
    """The life gain event of a damage event's lifelink (asp/life_replacement.lp: damage(E))."""
    return Function("damage", [event])
