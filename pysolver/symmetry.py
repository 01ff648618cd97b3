"""Classes of identical permanents, and a grounding of their representatives only.

Thousands of permanents of a large board are copies of a few kinds: the same card,
controller and state.  Their facts are the same but for the id, so a program that
neither counts objects nor tells them apart gives each the same answer; grounding a
few representatives of each class and giving every member its representative's answer
is then exact (pysolver/rule_symmetry.py says when, from the rules actually grounded).
Otherwise the whole board is grounded: the answer is the same either way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields, replace
from operator import attrgetter

from clingo import Symbol

from pysolver import solver
from pysolver.board import Board, Permanent
from pysolver.lazy import lazy_module

# Imported when a board has more identical permanents than COPIES (issue 16: the smallest
# query has none, and reads no rule's shape).
rule_symmetry = lazy_module("pysolver.rule_symmetry")

# Fields that never make two permanents different here, and the facts that carry them:
# a reduction is refused when a rule the answer depends on reads one of these facts.
# A timestamp (CR 613.7) orders effects; a permanent's own matters only if it is read.
MASKED = {"timestamp": ("timestamp", 2)}
_KEYED = [f.name for f in fields(Permanent) if f.name != "id" and f.name not in MASKED]

# Representatives kept of each class: "another" (a rule with two objects of one kind)
# needs two; a rule that involves more is grounded in full (rule_symmetry.copies_needed).
COPIES = 2


def _frozen(value):
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


_FIELDS = attrgetter(*_KEYED)
_ID = attrgetter("id")


def key(permanent: Permanent) -> tuple:
    """What makes a permanent's facts what they are, but its id (and MASKED fields).  A
    permanent made from a bare entry has every other field its default, its owner its
    controller: its card and controller (two values: never another permanent's whole key)."""
    if permanent.bare:
        return permanent.card, permanent.controller
    found = _FIELDS(permanent)
    if permanent.entered is None:  # the one field that may be a mapping
        return found
    return tuple(_frozen(value) for value in found)


def referenced(board: Board) -> set[str]:
    """Ids that other objects name (attached to, a stack item's source or target): such an
    object is no copy of anything, since swapping it would change another's facts."""
    found = {p.attached_to[1] for p in board.battlefield if p.attached_to and p.attached_to[0] == "permanent"}
    for item in board.stack:
        if item.source is not None:
            found.add(item.source)
        found |= {ref for kind, ref in item.targets if kind in ("permanent", "left")}
    return found


def classes(board: Board) -> list[list[Permanent]]:
    """The classes of identical permanents with more than one member, each in board order."""
    named = referenced(board)
    by_key: dict[tuple, list[Permanent]] = {}
    for permanent in board.battlefield:
        if permanent.id not in named:
            by_key.setdefault(key(permanent), []).append(permanent)
    return [members for members in by_key.values() if len(members) > 1]


@dataclass(frozen=True)
class Reduced:
    """A grounding of representatives: ``stands_for`` maps each member left out to the id
    of the representative whose answer it has."""

    grounded: solver.Grounded
    stands_for: dict[str, str]


def ground_representatives(board: Board, facts: Callable[[Board], Iterator[Symbol]], program: str,
                           targets: Iterable[tuple[str, int]]) -> Reduced | None:
    """Ground ``program`` on the board's representatives (``facts`` of the reduced board),
    when that is exact for the atoms of ``targets``; None when it isn't, or nothing would
    be left out (the caller grounds the whole board)."""
    groups = [members for members in classes(board) if len(members) > COPIES]
    if not groups:
        return None
    stands_for: dict[str, str] = {}
    kept: set[str] = set()  # the representatives of these classes
    for group in groups:
        kept.update(map(_ID, group[:COPIES]))
        stands_for.update(dict.fromkeys(map(_ID, group[COPIES:]), group[0].id))
    reduced = replace(board, battlefield=[p for p in board.battlefield if p.id not in stands_for])
    found = list(facts(reduced))
    seeds, strings = rule_symmetry.fact_places(found, kept)
    targets = tuple(targets)

    shapes = solver.prepared((program,))

    def exact(kept_statements: Sequence[int]) -> bool:
        numbers = tuple(kept_statements)
        all_shapes = shapes.shapes()
        verdict = rule_symmetry.copies_needed([all_shapes[n] for n in numbers], targets, seeds,
                                              memo=(program, numbers))
        # no member of a class (one kept, or one left out) named where a rule may read it
        return (verdict.copies is not None and verdict.copies <= COPIES
                and not verdict.reads & set(MASKED.values())
                and not any(s in kept or s in stands_for for s in strings | verdict.strings))

    grounded = solver.ground_if(found, program, exact)
    return None if grounded is None else Reduced(grounded, stands_for)
