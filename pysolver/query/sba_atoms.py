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


@predicate("sba_sacrifice")
class SbaSacrifice(NamedTuple):
    obj: str
    reason: Name  # saga: its lore counters reached its final chapter number (CR 714.4)


@predicate("sba_destroy")
class SbaDestroy(NamedTuple):
    obj: str
    reason: Name


@predicate("sba_umbra")
class SbaUmbra(NamedTuple):
    obj: str  # would be destroyed: its damage is removed instead (CR 702.89a, 614.1a)
    aura: str  # the Aura with umbra armor destroyed instead (sba_destroy(aura, umbra_armor))


@predicate("umbra_choice")
class UmbraChoice(NamedTuple):
    obj: str  # guarded by several Auras with umbra armor: its controller chooses one (CR 616.1)
    auras: int


@predicate("umbra_unjudged")
class UmbraUnjudged(NamedTuple):
    """obj's destruction is replaced by aura's umbra armor where the rules here don't judge what follows
    (asp/state_based.lp): the Aura's own destruction replaced, or the Aura leaving by the same state-based
    actions (CR 616.1)."""
    obj: str
    aura: str

    def refusal(self) -> str:
        return (f"{self.aura}'s umbra armor would replace the destruction of {self.obj} (CR 702.89a, 614.1a) where "
                "another replacement effect of destruction applies too or the Aura leaves at the same time: the "
                "order (CR 616.1) isn't judged")


@predicate("sba_loses")
class SbaLoses(NamedTuple):
    player: str
    reason: Name  # life, draw or poison (CR 704.5a-c)
