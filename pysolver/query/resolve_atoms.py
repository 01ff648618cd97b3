"""What resolving a triggered ability gives beyond asp/query/outcomes.lp's own atoms as
pysolver.query.outcomes reads them: echo and cumulative upkeep paid or not, age counters,
tokens, and effects on the source, declared as typed predicates (what `pysolver next`
decodes from asp/query/next_resolve.lp, which includes outcomes.lp)."""

from __future__ import annotations

from typing import NamedTuple

from clingo import Symbol

from pysolver.predicates import Name, match, predicate, term


@predicate("upkeep_unpayable")
class UpkeepUnpayable(NamedTuple):
    stage: int


@predicate("pays")
class Pays(NamedTuple):
    key: Symbol  # echo(Stage) or age(Stage)


@predicate("paid")
class Paid(NamedTuple):
    key: Symbol  # echo(Stage) or age(Stage)
    type: Name
    amount: int


@predicate("put_age")
class PutAge(NamedTuple):
    stage: int
    source: str


@predicate("age_due")
class AgeDue(NamedTuple):
    stage: int
    source: str
    player: str
    total: int  # the age counters it will have


@predicate("sacrificed")
class Sacrificed(NamedTuple):
    stage: int
    source: str


@predicate("creates")
class Creates(NamedTuple):
    stage: int
    token: str
    number: int


@predicate("tokens_beyond")
class TokensBeyond(NamedTuple):
    """More tokens than asp/token_replacement.lp counts (its token_cap)."""
    stage: int
    token: str


@predicate("tokens_added_unjudged")
class TokensAddedUnjudged(NamedTuple):
    """Tokens would be created at stage under the control of a player with "... those tokens plus an additional
    ... are created instead" (asp/token_replacement.lp, CR 614.1a), which isn't followed."""
    stage: int

    def refusal(self, query: str) -> str:
        """Why ``query`` (outcomes, next) refuses."""
        return ("tokens would be created under the control of a player with a replacement effect that adds "
                "others (\"those tokens plus an additional ... are created instead\", CR 614.1a, 616.1), which "
                f"{query} doesn't follow")


@predicate("no_tokens")
class NoTokens(NamedTuple):
    stage: int
    token: str


# A triggered ability's effects on its source and its controller.
@predicate("puts_self")
class PutsSelf(NamedTuple):
    stage: int
    obj: str
    kind: str  # the counter's kind
    number: int


@predicate("removes_self")
class RemovesSelf(NamedTuple):
    stage: int
    obj: str
    kind: str  # the counter's kind (CR 122.1)
    number: int


@predicate("emptied")
class Emptied(NamedTuple):
    """Stage ``stage`` removed the last ``kind`` counter from ``obj`` (CR 122.1; asp/outcomes.lp)."""
    stage: int
    obj: str
    kind: str


@predicate("pumps_self")
class PumpsSelf(NamedTuple):
    """Its source gets +power/+toughness until end of turn (CR 611.2a, 613.4c): read by `next`
    only (the outcomes query words it as not modelled: its output has no such event)."""

    stage: int
    obj: str
    power: int
    toughness: int


@predicate("gains_life")
class GainsLife(NamedTuple):
    stage: int
    player: str
    amount: int


@predicate("loses_life")
class LosesLife(NamedTuple):
    stage: int
    player: str
    amount: int


@predicate("may_choose")
class MayChoose(NamedTuple):
    """A "you may" effect whose controller chooses as it resolves (CR 603.5)."""

    stage: int


@predicate("declines")
class Declines(NamedTuple):
    """The controller chooses not to apply a "you may" effect (CR 603.5)."""

    stage: int


@predicate("sacrifices_self")
class SacrificesSelf(NamedTuple):
    stage: int
    obj: str


@predicate("returns_self")
class ReturnsSelf(NamedTuple):
    stage: int
    obj: str


# The keys of a cost paid as an ability resolves (pays/1, paid/3).
@term("echo")
class EchoKey(NamedTuple):
    stage: int


@term("age")
class AgeKey(NamedTuple):
    stage: int


@term("with_counter")
class WithCounter(NamedTuple):
    """An intervening "if" (ex_if, ex_not_triggered): at least Needed Kind counters among
    the permanents Whose (you, opponent, any)."""

    whose: Name
    kind: str
    needed: int


def _stage_of(key: Symbol) -> int | None:
    """The stage of a cost's key: echo(K) or age(K) (None for another cost's key)."""
    found = match(EchoKey, key) or match(AgeKey, key)
    return None if found is None else found.stage


@predicate("left_trigger")
class LeftTrigger(NamedTuple):
    """A leaves-the-battlefield ability of obj triggered (CR 603.6c, 603.10a; asp/zone_change.lp),
    once for each permanent that left (603.2): ``left``."""
    obj: str
    ability: Symbol  # ab(Card, I)
    controller: str
    left: str


@predicate("shield_unjudged")
class ShieldUnjudged(NamedTuple):
    """obj, which lost a shield counter at an earlier stage, is picked to be destroyed at random
    again at stage (CR 122.1c; asp/outcomes.lp): how many it has left isn't counted."""
    stage: int
    obj: str

    def refusal(self, query: str) -> str:
        """Why ``query`` (outcomes, next) refuses: the stages don't count shield counters."""
        return (f"{self.obj} may be picked to be destroyed at random again after a shield counter was removed from "
                f"it instead (CR 122.1c), and {query} doesn't count the shield counters it has left")


@predicate("umbra_unfollowed")
class UmbraUnfollowed(NamedTuple):
    """obj, enchanted by an Aura with umbra armor, is picked to be destroyed at random at stage (CR 702.89a;
    asp/outcomes.lp): its destruction is replaced, which the stages don't follow."""
    stage: int
    obj: str

    def refusal(self, query: str) -> str:
        """Why ``query`` (outcomes, next) refuses."""
        return (f"{self.obj} may be picked to be destroyed at random, and an Aura with umbra armor would replace its "
                f"destruction (CR 702.89a, 614.1a), which {query} doesn't follow there")


# The keys in a triggered ability's `do:` (its card data) of the effect each atom of its resolution applies, by the
# atom's name (asp/outcomes.lp, effects.lp, effect_mana.lp): where its event stands among the resolution's events is
# where that effect stands in the text (CR 608.2c; pysolver/events.py effect_place), for next and outcomes alike.
EFFECT_OF: dict[str, tuple[str, ...]] = {
    "puts_self": ("counter_on_self",), "removes_self": ("remove_counter_self", "remove_counter_or_sacrifice_self"),
    "pumps_self": ("pump_self",), "gains_life": ("gain_life",), "loses_life": ("lose_life",),
    "sacrifices_self": ("sacrifice_self", "remove_counter_or_sacrifice_self"), "returns_self": ("return_self_to_hand",),
    "creates": ("create_tokens",), "no_tokens": ("create_tokens",), "put": ("counter_on_each", "put_counters"),
    "destroyed": ("destroy_at_random",), "shield_spent": ("destroy_at_random",), "draws_cards": ("draw",),
    "adds_mana": ("add_mana",), "adds_none": ("add_mana",)}


DECODES = (UpkeepUnpayable, Pays, Paid, PutAge, AgeDue, Sacrificed, Creates, TokensBeyond, TokensAddedUnjudged,
           NoTokens, PutsSelf,
           GainsLife, LosesLife, MayChoose, Declines, SacrificesSelf, ReturnsSelf, LeftTrigger, ShieldUnjudged,
           UmbraUnfollowed, RemovesSelf, Emptied)
