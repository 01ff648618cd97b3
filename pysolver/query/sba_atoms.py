"""The atoms of state-based actions `pysolver next` reads from query/next_sba.lp (CR 704), declared in a
module of their own: `turn` reads them too (pysolver/state_based.py) without importing next's modules."""

from __future__ import annotations

from typing import NamedTuple

from pysolver.predicates import Name, predicate


@predicate("sba_applies")
class SbaApplies(NamedTuple):
    pass


@predicate("legend_keeps")
class LegendKeeps(NamedTuple):
    player: str
    obj: str


@predicate("sba_counters")
class SbaCounters(NamedTuple):
    obj: str
    number: int


@predicate("sba_unattach")
class SbaUnattach(NamedTuple):
    obj: str


@predicate("sba_speed")
class SbaSpeed(NamedTuple):
    player: str  # gets speed 1 (CR 704.5z)


@predicate("sba_graveyard")
class SbaGraveyard(NamedTuple):
    obj: str
    reason: Name


@predicate("sba_destroy")
class SbaDestroy(NamedTuple):
    obj: str
    reason: Name


@predicate("sba_loses")
class SbaLoses(NamedTuple):
    player: str
    reason: Name  # life, draw or poison (CR 704.5a-c)
