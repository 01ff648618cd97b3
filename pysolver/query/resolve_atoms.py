"""What resolving a triggered ability gives beyond asp/query/outcomes.lp's own atoms as
pysolver.query.outcomes reads them: echo and cumulative upkeep paid or not, age counters,
tokens, and effects on the source, as typed predicates, and the words `pysolver next`
writes for them (pysolver/next_state.py resolves through asp/query/next_resolve.lp, which
includes outcomes.lp)."""

from __future__ import annotations

from typing import NamedTuple

from clingo import Symbol

from pysolver.predicates import ModelAtoms, Name, match, predicate, term
from pysolver.query.outcomes import EchoUnpayable, Resolving


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


@predicate("gains_life")
class GainsLife(NamedTuple):
    stage: int
    player: str
    amount: int


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


DECODES = (UpkeepUnpayable, Pays, Paid, PutAge, AgeDue, Sacrificed, Creates, NoTokens, PutsSelf, GainsLife,
           SacrificesSelf, ReturnsSelf)


def _paid(atoms: ModelAtoms) -> dict[int, list[tuple[str, int]]]:
    """The mana paid for each stage's echo or cumulative upkeep cost, by type."""
    paid: dict[int, list[tuple[str, int]]] = {}
    for paid_atom in atoms(Paid):
        stage = _stage_of(paid_atom.key)
        if stage is not None:
            paid.setdefault(stage, []).append((paid_atom.type.upper(), paid_atom.amount))
    return paid


def _paying(atoms: ModelAtoms) -> list[int]:
    """The stages whose echo or cumulative upkeep cost is paid (pays/1)."""
    return [stage for stage in map(_stage_of, (a.key for a in atoms(Pays))) if stage is not None]


def _spent(paid: list[tuple[str, int]]) -> str:
    return "".join(f"{{{t}}}" * n for t, n in sorted(paid, key=lambda p: "WUBRGC".index(p[0])))


def echo_and_tokens(atoms: ModelAtoms, stages: dict[int, Resolving], choices: list[str]) -> list[str]:
    """Echo paid or not (CR 702.30a) and tokens created (CR 111.2): events, and the choices."""
    events: list[str] = []
    paid = _paid(atoms)
    word = {"echo": "echo", "cumulative_upkeep": "cumulative upkeep"}
    ages = {a.stage: a.total for a in atoms(AgeDue)}
    for put_age in atoms(PutAge):
        events.append(f"age counter on {put_age.source} ({ages[put_age.stage]} in all)")
    for stage in _paying(atoms):
        resolving = stages[stage]
        cost, source, player = word[resolving.ability.name], resolving.source, resolving.controller
        choices.append(f"{player} pays the {cost} cost of {source}")
        events.append(f"{player} pays {_spent(paid.get(stage, [])) or 'nothing'} from the mana pool "
                      f"({cost} of {source})")
    unpayable = {a.stage for a in atoms(EchoUnpayable)} | {a.stage for a in atoms(UpkeepUnpayable)}
    for sacrificed in atoms(Sacrificed):
        stage, source = sacrificed.stage, sacrificed.source
        cost = word[stages[stage].ability.name]
        if stage not in unpayable:
            choices.append(f"{stages[stage].controller} doesn't pay the {cost} cost of {source}")
        events.append(f"sacrifice {source} ({cost} not paid)")
    for creates in atoms(Creates):
        events.append(f"create {creates.number} {creates.token}")
    for no_tokens in atoms(NoTokens):
        events.append(f"create no {no_tokens.token} (none to count)")
    return events


