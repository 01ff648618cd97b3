"""What happens on a path of ``pysolver next``, as data (issue 13).

An event is its form, one per kind of event, and the values it is about, in order: ids of objects,
players, stack items and abilities, amounts, zones and rules. Paths are compared and merged by them
(pysolver/next_state.py: merge_key), never by their words, and what reads what happened reads them (the
speed refusal, CR 702.179d). An event is worded once, at the output edge (``words``: next's results, and
a choice whose words say what its way of paying did)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    """``form``: the event's kind, written as its sentence with a ``{}`` for each value; ``data``: the
    values. Two events are the same event when both are equal (an object by its id, never by its name)."""

    form: str
    data: tuple[Any, ...] = ()
    # the player who lost life in it and how much (CR 119.3, 120.3a): what the speed refusal reads
    life_lost: tuple[str, int] | None = None

    def words(self) -> str:
        return self.form.format(*self.data)


def words(events: tuple[Event, ...] | list[Event]) -> tuple[str, ...]:
    """The events in words, in order (the output edge)."""
    return tuple(event.words() for event in events)
