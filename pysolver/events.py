"""What happens on a path of ``pysolver next``, as data (issue 13).

An event is its form, one per kind of event, and the values it is about, in order: ids of objects,
players, stack items and abilities, amounts, zones and rules. Paths are compared and merged by them
(pysolver/next_state.py: merge_key), never by their words, and what reads what happened reads them (the
speed refusal, CR 702.179d). An event is worded once, at the output edge (``words``: next's results, and
a choice whose words say what its way of paying did)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """``form``: the event's kind, written as its sentence with a ``{}`` for each value; ``data``: the
    values. Two events are the same event when both are equal (an object by its id, never by its name)."""

    form: str
    data: tuple[Any, ...] = ()
    # the player who lost life in it and how much (CR 119.3, 120.3a): what the speed refusal reads
    life_lost: tuple[str, int] | None = None
    # the keys in a resolving ability's `do:` of the effect that made it (``in_text_order``), or ()
    effect: tuple[str, ...] = field(default=(), compare=False)

    def words(self) -> str:
        return self.form.format(*self.data)


def words(events: tuple[Event, ...] | list[Event]) -> tuple[str, ...]:
    """The events in words, in order (the output edge)."""
    return tuple(event.words() for event in events)


def effect_place(do: Sequence[Mapping[str, Any]], effect: Sequence[str]) -> int:
    """CR 608.2c: where the effect (one of the keys ``effect``) stands among a resolving ability's effects, its
    `do:` list in the order its text gives them; after them all when it has none of them."""
    return next((place for place, each in enumerate(do) if any(key in each for key in effect)), len(do))


def in_text_order(do: Sequence[Mapping[str, Any]], events: list[Event]) -> list[Event]:
    """The events of one resolution with those its effects made (``Event.effect``) in the order its text gives
    the effects (CR 608.2c; ``effect_place``), each in a place one of them held; the others stay where they are.
    The one order of a resolution's events: next's and outcomes' (its items, by ``effect_place``) read it."""
    slots = [index for index, event in enumerate(events) if event.effect]
    ordered = sorted((events[index] for index in slots), key=lambda event: effect_place(do, event.effect))
    out = list(events)
    for index, event in zip(slots, ordered, strict=True):
        out[index] = event
    return out
