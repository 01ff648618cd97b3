"""Targets for `pysolver next` (CR 115): choosing the targets of a spell or ability as it is
cast or activated (601.2c, 602.2b), and what it does to them as it resolves (608.2b).  The
rules decide (asp/targets.lp, entry program asp/query/next_targets.lp); this module names
the choices, refuses an illegal target, and applies the decided changes to a board."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any, Callable, NamedTuple

from clingo import Symbol

from pysolver import solver
from pysolver.board import Board, StackItem
from pysolver.damage_triggers import refuse_damage_triggers
from pysolver.errors import LimitExceeded, QueryError
from pysolver.events import Event
from pysolver.facts import board_facts
from pysolver.facts import targets as target_facts
from pysolver.life_gain_order import refuse_unjudged_gains
from pysolver.predicates import Name, Reader, match, predicate
from pysolver.terms import ObjectTarget, PlayerTarget

RULES = solver.entry("next_targets")
Target = tuple[str, str]  # ("permanent", id), ("player", name) or ("left", id)


@predicate("target_ok")
class TargetOk(NamedTuple):
    item: str
    place: int  # which instance of "target", from 0
    target: Symbol


@predicate("target_fails")
class TargetFails(NamedTuple):
    item: str
    place: int
    target: Symbol
    reason: Name


@predicate("target_unmodelled")
class TargetUnmodelled(NamedTuple):
    item: str
    place: int
    target: Symbol
    keyword: str


@predicate("countered_on_resolution")
class CounteredOnResolution(NamedTuple):
    item: str


@predicate("damage_loses_life")
class DamageLosesLife(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    player: str
    amount: int


@predicate("damage_marked")
class DamageMarked(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    obj: str
    amount: int


@predicate("damage_removes")
class DamageRemoves(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    obj: str
    kind: str
    amount: int


@predicate("damage_source_unmodelled")
class DamageSourceUnmodelled(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    keyword: str


@predicate("damage_source_left")
class DamageSourceLeft(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)


@predicate("damage_poisons")
class DamagePoisons(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    player: str
    amount: int  # poison counters (CR 120.3b: infect)


@predicate("damage_prevented")
class DamagePrevented(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp): none of it is dealt (CR 615.1a)
    target: Symbol  # player(P) or obj(O)


@predicate("damage_changed_by")
class DamageChangedBy(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    target: Symbol
    source: str  # a permanent whose prevention or replacement effect applied (CR 615.1a, 614.1a)


@predicate("damage_redirected")
class DamageRedirected(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    target: Symbol  # the recipient it would have had
    obj: str  # the permanent it is dealt to instead (CR 614.9)
    amount: int


@predicate("damage_replaced_counters")
class DamageReplacedCounters(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    obj: str  # the creature given -1/-1 counters instead of the damage (CR 614.1a)
    amount: int


@predicate("damage_order_unjudged")
class DamageOrderUnjudged(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp): its orders deal different damage (CR 616.1)
    target: Symbol


@predicate("damage_unbounded")
class DamageUnbounded(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp): more effects apply, or more damage, than it follows
    target: Symbol


@predicate("damage_replacement_unjudged")
class DamageReplacementUnjudged(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp): its source, which an effect asks about, isn't known


@predicate("damage_target_twice")
class DamageTargetTwice(NamedTuple):
    item: str
    target: Symbol  # chosen for two instances of "target" that each deal damage (CR 115.3)


@predicate("damage_with")
class DamageWith(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    keyword: str  # of its source: infect, wither, lifelink or deathtouch (CR 120.3)


@predicate("damage_counters")
class DamageCounters(NamedTuple):
    item: str
    obj: str
    amount: int  # -1/-1 counters it would put (CR 120.3d: wither, infect), before replacement effects


@predicate("target_counters")
class TargetCounters(NamedTuple):
    item: str
    obj: str
    kind: str
    amount: int  # "put N Kind counters on target ..." (CR 122.1), before replacement effects


@predicate("deathtouch_damaged")
class DeathtouchDamaged(NamedTuple):
    obj: str  # destroyed by the next state-based actions (CR 702.2b, 704.5h)


@predicate("damage_would_gain_life")
class DamageWouldGainLife(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    player: str
    amount: int  # CR 120.3f: lifelink, before replacement effects


@predicate("damage_gains_life")
class DamageGainsLife(NamedTuple):
    item: Symbol  # the damage event (asp/damage.lp)
    player: str
    amount: int  # after replacement effects (asp/life_replacement.lp)


@predicate("target_loses_life")
class TargetLosesLife(NamedTuple):
    item: str
    player: str
    amount: int  # "target player loses N life" (CR 119.3)


@predicate("then_would_gain_life")
class ThenWouldGainLife(NamedTuple):
    item: str
    player: str
    amount: int  # "... and you gain N life" (CR 608.2c), before replacement effects


@predicate("then_gains_life")
class ThenGainsLife(NamedTuple):
    item: str
    player: str
    amount: int  # after replacement effects (asp/life_replacement.lp)


@predicate("gain_replaces")
class GainReplaces(NamedTuple):
    event: Symbol
    player: str
    source: str  # doubles the gain, or adds to it (asp/life_replacement.lp)


@predicate("gain_order_unjudged")
class GainOrderUnjudged(NamedTuple):
    event: Symbol
    player: str  # one effect doubles the gain, another adds to it: the order (CR 616.1) isn't judged


@predicate("gain_unbounded")
class GainUnbounded(NamedTuple):
    event: Symbol
    player: str  # doublers take the gain past what a life total holds (asp/life_replacement.lp)


@predicate("gain_stopped")
class GainStopped(NamedTuple):
    event: Symbol
    player: str


@predicate("gain_life_unjudged")
class GainLifeUnjudged(NamedTuple):
    event: Symbol
    player: str


@predicate("pumps")
class Pumps(NamedTuple):
    obj: str
    power: int
    toughness: int


@predicate("gains_keyword_eot")
class GainsKeyword(NamedTuple):
    obj: str
    keyword: str


@predicate("destroys_target")
class DestroysTarget(NamedTuple):
    obj: str


@predicate("destroy_prevented")
class DestroyPrevented(NamedTuple):
    obj: str


@predicate("shield_removed")
class ShieldRemoved(NamedTuple):
    obj: str
    instead_of: Name  # damage (prevented) or destroy (replaced): CR 122.1c


@predicate("umbra_replaces")
class UmbraReplaces(NamedTuple):
    obj: str  # would be destroyed: its damage is removed instead (CR 702.89a, 614.1a)
    aura: str  # the Aura with umbra armor, destroyed instead (umbra_destroys, unless indestructible)


@predicate("umbra_destroys")
class UmbraDestroys(NamedTuple):
    aura: str


@predicate("destroy_umbra_unjudged")
class DestroyUmbraUnjudged(NamedTuple):
    obj: str  # several Auras with umbra armor, or one and a shield counter: a choice (CR 616.1)


@predicate("untaps_target")
class UntapsTarget(NamedTuple):
    obj: str


@predicate("taps_target")
class TapsTarget(NamedTuple):
    obj: str


@predicate("attaches_to")
class AttachesTo(NamedTuple):
    source: str
    obj: str


DECODES = (TargetOk, TargetFails, TargetUnmodelled, CounteredOnResolution, DamageLosesLife, DamageMarked, DamageRemoves,
           DamageSourceUnmodelled, DamageSourceLeft, DamagePoisons, DamageWith, DamageCounters, DamageTargetTwice,
           DamagePrevented, DamageChangedBy, DamageRedirected, DamageReplacedCounters, DamageOrderUnjudged,
           DamageUnbounded,
           DamageReplacementUnjudged,
           TargetCounters,
           DeathtouchDamaged,
           DamageWouldGainLife, DamageGainsLife, TargetLosesLife, ThenWouldGainLife, ThenGainsLife,
           GainReplaces, GainStopped, GainLifeUnjudged, GainOrderUnjudged, GainUnbounded,
           Pumps, GainsKeyword, DestroysTarget, DestroyPrevented, UntapsTarget, TapsTarget, ShieldRemoved,
           UmbraReplaces, UmbraDestroys, DestroyUmbraUnjudged, AttachesTo)

WHY = {
    "kind": "it is {kind}, and \"{text}\" asks for {wanted} (CR 115.2)",
    "gone": "it is no longer on the battlefield (CR 608.2b, 400.7)",
    "filter": "it isn't what \"{text}\" describes (CR 115.1)",
    "whose": "its controller isn't the one \"{text}\" names (CR 115.1)",
    "other": "it is the ability's own source, and \"{text}\" says another (CR 115.1, 109.1)",
    "any_target": "\"any target\" is a creature, a player, a planeswalker or a battle (CR 115.4)",
    "shroud": "it has shroud (CR 702.18a)",
    "hexproof": "it has hexproof and an opponent of {controller} controls it (CR 702.11b)",
    "player_shroud": "they have shroud (CR 702.18a)",
    "player_hexproof": "they have hexproof and {controller} is their opponent (CR 702.11b)",
    "protection": "it has protection from a quality {source} has (CR 702.16b)",
    "hexproof_from": "it has hexproof from a quality {source} has and an opponent of {controller} controls it "
                     "(CR 702.11d)",
    "cant_be_targeted": "an effect says it can't be the target of such spells or abilities (CR 115.1)",
}
# Why a target whose keyword changes what targeting it does isn't judged (target_unmodelled).
UNMODELLED = {"ward": "what targeting it does then (CR 702.21a) isn't modelled",
              "source_left": "the ability's source left the battlefield, and its last known qualities aren't kept "
                             "(CR 113.7a, 702.16b, 702.11d)"}
UNJUDGED = "whether it may be targeted isn't judged (a quality the rules here can't judge, CR 702.16a, 702.11d)"


def _target(symbol: Symbol) -> Target:
    obj = match(ObjectTarget, symbol)
    if obj is not None:
        return ("permanent", obj.id)
    player = match(PlayerTarget, symbol)
    if player is not None:
        return ("player", player.name)
    return ("left", "")


def spec_of(board: Board, card: str, ability: int | None, granted: int | None = None) -> dict[str, Any]:
    """The card data that has the targets: the card's `spell:`, or its ability ``ability`` (with ``granted``:
    the ability that one grants at that place, CR 613.1f)."""
    assert board.library is not None
    definition = board.library.get(card)
    if definition is None:
        return {}
    if ability is None:  # an Aura spell's target is its enchant ability's (CR 303.4a)
        return {**definition.data.get("spell", {}), "targets": definition.spell_targets()}
    if ability > len(definition.abilities()):
        return {}
    return next(iter(definition.ability(ability, granted).values()), {})


def damage_replaced(board: Board, read: Callable[..., Any], events: list[Event], what: str, source: str,
                    event: Symbol | None = None) -> None:
    """CR 615.1a, 614.1a, 616.1 (asp/damage.lp): refuse damage whose prevention and replacement
    effects can't be judged, and say which changed the damage ``source`` deals (the event ``event``, or
    every event read)."""
    for unjudged in read(DamageReplacementUnjudged):
        if event is None or unjudged.item == event:
            raise QueryError(f"{what}: a prevention or replacement effect of damage asks what {source}'s damage "
                             "comes from, a source that left the battlefield, which isn't judged (CR 615.1a, 614.1a, "
                             "113.7a)", file=board.name)
    for unbounded in read(DamageUnbounded):
        if event is None or unbounded.item == event:
            recipient = name(board, _target(unbounded.target))
            raise LimitExceeded(f"{what}: the damage {source} would deal to {recipient} is changed by more than 12 "
                                "prevention and replacement effects, or by its orders to more than the 1,000,000 a "
                                "board holds, which next doesn't follow (CR 616.1, 614.1a)", file=board.name)
    for order in read(DamageOrderUnjudged):
        if event is None or order.item == event:
            raise QueryError(f"{what}: the damage {source} would deal to {name(board, _target(order.target))} is "
                             "changed by prevention or replacement effects (a shield counter or a redirection among "
                             "them) in an order its recipient chooses, and the orders deal different damage (CR 616.1, "
                             "616.2, 615.1a, 614.1a, 614.9, 122.1c), which next doesn't branch on", file=board.name)
    changed: dict[Target, list[str]] = {}
    redirected = {_target(r.target): r.obj for r in read(DamageRedirected) if event is None or r.item == event}
    as_counters = {("permanent", r.obj): r.amount for r in read(DamageReplacedCounters)
                   if event is None or r.item == event}
    for by in read(DamageChangedBy):
        if event is None or by.item == event:
            changed.setdefault(_target(by.target), []).append(by.source)
    prevented = {_target(p.target) for p in read(DamagePrevented) if event is None or p.item == event}
    for target, sources in sorted(changed.items()):
        whose = ", ".join(sorted(sources))
        if target in as_counters:  # CR 614.1a: put by asp/counter_put.lp (event damage(E)), said as they are put
            events.append(Event('the damage {} would deal to {} is replaced: {} put on it instead ({}, CR '
                                '614.1a)',
                                (source, name(board, target), plural_counters(as_counters[target], '-1/-1'), whose)))
        elif target in redirected:
            events.append(Event('the damage {} would deal to {} is dealt to {} instead ({}, CR 614.9)',
                                (source, name(board, target), name(board, ('permanent', redirected[target])), whose)))
        elif target in prevented:
            events.append(Event('the damage {} would deal to {} is prevented ({}, CR 615.1a, 616.1)',
                                (source, name(board, target), whose)))
        else:
            events.append(Event('the damage {} would deal to {} is changed ({}, CR 614.1a, 615.1a, 616.1)',
                                (source, name(board, target), whose)))


def name(board: Board, target: Target) -> str:
    """How a target is written in choices and events: ``Grizzly Bears (bears)``, ``Bob``."""
    kind, ref = target
    if kind == "player":
        return ref
    permanent = board.permanent(ref)
    return f"{permanent.card} ({ref})" if permanent is not None else f"{ref} (gone)"


def parse(board: Board, word: str, what: str) -> Target:
    """``target=bears`` / ``target=Bob``: a permanent's id or a player's name."""
    players = {p.name for p in board.players}
    if word in players:
        return ("player", word)
    if board.permanent(word) is not None:
        return ("permanent", word)
    ids = ", ".join(sorted(p.id for p in board.battlefield)) or "none"
    raise QueryError(f"{what}: target={word}: no player or permanent with that name or id (players: "
                     f"{', '.join(sorted(players))}; permanents: {ids})", file=board.name)


def choose(board: Board, card: str, ability: int | None, controller: str, given: list[str],
           what: str, source: str | None = None, none_legal: bool = False) -> list[tuple[Target, ...]]:
    """CR 601.2c, 602.2b: the targets it may be cast or activated with: the ones given (refused
    with the rule if illegal), else every legal choice.  () when it has no targets.  ``none_legal``
    (a triggered ability put on the stack, 603.3d): no choice, [], when a target has no legal option."""
    wanted = spec_of(board, card, ability).get("targets", [])
    if not wanted:
        if given:
            raise QueryError(f"{what}: it has no targets (no \"target\" in its text, CR 115.1)",
                             file=board.name)
        return [()]
    if given and len(given) != len(wanted):
        raise QueryError(f"{what}: it has {len(wanted)} {'target' if len(wanted) == 1 else 'targets'} "
                         f"(one for each \"target\", CR 115.1, 601.2c); {len(given)} given", file=board.name)
    chosen = [parse(board, word, what) for word in given]
    symbols = list(board_facts(board)) + target_facts.targets(
        board, target_facts.CASTING, card, ability, controller, chosen, source=source)
    read = Reader(solver.ground(symbols, RULES))
    _refuse_unmodelled(board, read, chosen, what)
    if chosen:
        for failed in read(TargetFails):
            index, target = failed.place, _target(failed.target)
            if target != chosen[index]:
                continue
            text = wanted[index].get("text", "target")
            reason = WHY[failed.reason].format(
                kind="a player" if target[0] == "player" else "a permanent", text=text,
                wanted="a player" if wanted[index]["zone"] == "player" else "a permanent", controller=controller,
                source=card if ability is None else f"the source of {card}'s ability {ability}")
            raise QueryError(f"{what}: {name(board, target)} can't be the target of \"{text}\": {reason}",
                             file=board.name)
        return [tuple(chosen)]
    options: list[list[Target]] = [[] for _ in wanted]
    for ok in read(TargetOk):
        options[ok.place].append(_target(ok.target))
    for index, found in enumerate(options):
        if not found and none_legal:
            return []
        if not found:
            text = wanted[index].get("text", "target")
            raise QueryError(f"{what}: no legal target for \"{text}\" (CR 601.2c, 115.1)", file=board.name)
        found.sort()
    return [tuple(choice) for choice in itertools.product(*options)]


def _refuse_unmodelled(board: Board, read: Reader, chosen: list[Target], what: str) -> None:
    """A target (a chosen one, or any option when none is given) whose keyword changes what
    targeting it does in a way the rules don't model (CR 702.21a ward) is refused."""
    for unmodelled in read(TargetUnmodelled):
        target = _target(unmodelled.target)
        if not chosen or chosen[unmodelled.place] == target:
            why = UNMODELLED.get(unmodelled.keyword, UNJUDGED)
            keyword = "protection or hexproof from a quality" if unmodelled.keyword == "source_left" else \
                unmodelled.keyword
            raise QueryError(f"{what}: {name(board, target)} has {keyword}, and {why}", file=board.name)


def described(board: Board, controller: str, card: str, targets: tuple[Target, ...]) -> str:
    """The choice of targets, worded like outcomes' choices."""
    return f"{controller} chooses for {card}: {', '.join(name(board, t) for t in targets)} (CR 601.2c)"


def left(item: StackItem, object_id: str) -> StackItem:
    """A target that left the battlefield is a new object wherever it went (CR 400.7): the
    stack object's target is now illegal (608.2b)."""
    if ("permanent", object_id) not in item.targets:
        return item
    return replace(item, targets=tuple(("left", ref) if (kind, ref) == ("permanent", object_id) else (kind, ref)
                                       for kind, ref in item.targets))


class Resolution(NamedTuple):
    """What a resolving spell or ability did to its targets (``resolve``)."""

    board: Board
    events: list[Event]
    countered: bool  # it doesn't resolve: every target illegal (CR 608.2b)
    destroyed: list[str]
    deathtouched: frozenset[str] = frozenset()  # dealt damage by a source with deathtouch (CR 704.5h)
    happened: tuple[tuple[str, str], ...] = ()  # players' events: life lost and gained (CR 603.2)
    # each event's (permanent, kind, count before, count after) (CR 122.6)
    counters_put: tuple[frozenset[tuple[str, str, int, int]], ...] = ()


PutCounters = Callable[[Board, Reader, list[Event]], tuple[Board, list[frozenset[tuple[str, str, int, int]]]]]


def resolve(board: Board, item: StackItem, card: str, ability: int | None,
            leave: Callable[..., Board], put_counters: PutCounters) -> Resolution:
    """CR 608.2b: a resolving spell or ability with targets: the board after its effects on
    its legal targets and what happened.  ``leave`` moves a permanent off the battlefield (saying
    in ``told`` where it went instead); ``put_counters`` puts the counters asp/counter_put.lp's
    events put (CR 122.1: -1/-1 counters from a source with wither or infect, 120.3d)."""
    symbols = list(board_facts(board)) + target_facts.targets(
        board, item.id, card, ability, item.controller, item.targets, resolving=True, source=item.source,
        last_known_keywords=item.last_known_keywords, last_known_controller=item.last_known_controller)
    read = Reader(solver.ground(symbols, RULES))
    if item.targets:
        _refuse_unmodelled(board, read, list(item.targets), f"resolve: {item.id}")
    if read(DamageSourceLeft):
        raise QueryError(f"resolve: {item.id}'s source left the battlefield, and whether it last had infect, "
                         "wither, lifelink or deathtouch isn't given (its last_known: keywords:, CR 113.7a, 120.3)",
                         file=board.name)
    for twice in read(DamageTargetTwice):
        raise QueryError(f"resolve: {item.id} deals damage to {name(board, _target(twice.target))} for two of its "
                         "targets (CR 115.3): whether that damage is dealt at once or in two events isn't judged",
                         file=board.name)
    for unmodelled in read(DamageSourceUnmodelled):  # CR 113.7a: only lifelink from a source that left
        raise QueryError(f"resolve: {item.id}'s damage comes from a source with {unmodelled.keyword} that left "
                         "the battlefield, and who last controlled it (who gains the life, CR 120.3f, 113.7a) "
                         "isn't given (its last_known: controller:)", file=board.name)
    refuse_unjudged_gains(board, read(GainOrderUnjudged), read(GainUnbounded), f"resolve: {item.id}")
    replaced: list[Event] = []
    damage_replaced(board, read, replaced, f"resolve: {item.id}", card)
    for unjudged in read(GainLifeUnjudged):
        if unjudged.event.name == "then":
            raise QueryError(f"resolve: {item.id}'s damage makes {unjudged.player} gain life (lifelink, CR 120.3f) "
                             f"before {unjudged.player} gains life from its \"and you gain\" (CR 608.2c), and what "
                             f"replaces that gain reads {unjudged.player}'s life total (CR 614.1a, 616.1), which next "
                             "doesn't judge", file=board.name)
        raise QueryError(f"resolve: {item.id}'s damage to {unjudged.player} and the life {unjudged.player} gains "
                         "from it (lifelink, CR 120.3f) happen at once, and what replaces that gain reads "
                         f"{unjudged.player}'s life total (CR 614.1a, 616.1), which next doesn't judge",
                         file=board.name)
    wanted = spec_of(board, card, ability).get("targets", [])
    events: list[Event] = []
    legal = {(ok.place, _target(ok.target)) for ok in read(TargetOk)}
    illegal = [index for index, target in enumerate(item.targets) if (index, target) not in legal]
    if read(CounteredOnResolution):
        return Resolution(board, [Event("{} doesn't resolve: all its targets are illegal (CR 608.2b)", (item.id,))],
                          True, [])
    for index in illegal:
        text = wanted[index].get("text", "target")
        events.append(Event('{} is an illegal target of "{}" now: not affected (CR 608.2b)',
                            (name(board, item.targets[index]), text)))
    withered = read(DamageCounters)
    if any(read(kind) for kind in (DamageLosesLife, DamageMarked, DamageRemoves, DamagePoisons)) or withered:
        refuse_damage_triggers(board, f"resolve: {item.id}")
    new = board
    source = card
    events += replaced
    lost_life: list[tuple[str, str]] = []  # CR 119.3, 120.3a, 603.2: "Whenever an opponent loses life"
    for hit in read(DamageLosesLife):
        player = next(p for p in new.players if p.name == hit.player)
        new = replace(new, players=[replace(p, life=p.life - hit.amount) if p.name == hit.player else p
                                    for p in new.players])
        events.append(Event("{} deals {} damage to {}: {} loses {} life (CR 120.3a; {} -> {})",
                            (source, hit.amount, hit.player, hit.player, hit.amount, player.life,
                             player.life - hit.amount), life_lost=(hit.player, hit.amount)))
        if hit.amount > 0:
            lost_life.append((hit.player, "lose_life"))
    for lost in sorted(read(TargetLosesLife)):  # CR 119.3
        player = next(p for p in new.players if p.name == lost.player)
        new = replace(new, players=[replace(p, life=p.life - lost.amount) if p.name == lost.player else p
                                    for p in new.players])
        events.append(Event("{} loses {} life (CR 119.3; {} -> {})",
                            (lost.player, lost.amount, player.life, player.life - lost.amount),
                            life_lost=(lost.player, lost.amount)))
        if lost.amount > 0:
            lost_life.append((lost.player, "lose_life"))
    for poisoned in read(DamagePoisons):
        player = next(p for p in new.players if p.name == poisoned.player)
        new = replace(new, players=[replace(p, poison=p.poison + poisoned.amount) if p.name == poisoned.player
                                    else p for p in new.players])
        events.append(Event('{} deals {} damage to {}: {} gets {} poison {} (infect, CR 120.3b; {} -> {})',
                            (source, poisoned.amount, poisoned.player, poisoned.player, poisoned.amount,
                             'counter' if poisoned.amount == 1 else 'counters', player.poison,
                             player.poison + poisoned.amount)))
    why = " and ".join(sorted({w.keyword for w in read(DamageWith)} & {"infect", "wither"}))
    for putting in withered:
        events.append(Event('{} deals {} damage to {}: {} -1/-1 {} put on it ({}, CR 120.3d)',
                            (source, putting.amount, name(board, ('permanent', putting.obj)), putting.amount,
                             'counter' if putting.amount == 1 else 'counters', why)))
    for counted in sorted(read(TargetCounters)):  # CR 122.1 (asp/counter_put.lp's event target(K))
        on = name(board, ("permanent", counted.obj))
        events.append(Event('put {} on {} (CR 122.1)', (plural_counters(counted.amount, counted.kind), on)))
    new, counters_put = put_counters(new, read, events)
    for marked in read(DamageMarked):
        permanent = new.permanent(marked.obj)
        assert permanent is not None
        new = _replace(new, replace(permanent, damage=permanent.damage + marked.amount))
        events.append(Event('{} deals {} damage to {} (CR 120.3e)',
                            (source, marked.amount, name(board, ('permanent', marked.obj)))))
    for removed in read(DamageRemoves):
        permanent = new.permanent(removed.obj)
        assert permanent is not None
        counters = dict(permanent.counters)
        left_over = max(0, counters.get(removed.kind, 0) - removed.amount)
        counters[removed.kind] = left_over
        new = _replace(new, replace(permanent, counters=tuple(sorted((k, n) for k, n in counters.items() if n))))
        rule = "120.3c" if removed.kind == "loyalty" else "120.3h"
        events.append(Event('{} deals {} damage to {}: {} {} counters removed (CR {})',
                            (source, removed.amount, name(board, ('permanent', removed.obj)), removed.amount,
                             removed.kind, rule)))
    for pump in read(Pumps):
        new, event = pump_until_end_of_turn(new, pump.obj, pump.power, pump.toughness)
        events.append(event)
    for gained in read(GainsKeyword):
        permanent = new.permanent(gained.obj)
        assert permanent is not None
        keywords = permanent.eot_keywords
        if gained.keyword not in keywords:
            keywords = tuple(sorted(keywords + (gained.keyword,)))
        new = _replace(new, replace(permanent, eot_keywords=keywords))
        events.append(Event('{} gains {} until end of turn (CR 611.2a)',
                            (name(board, ('permanent', gained.obj)), gained.keyword)))
    for untapped in read(UntapsTarget):
        permanent = new.permanent(untapped.obj)
        assert permanent is not None
        new = _replace(new, replace(permanent, tapped=False))
        events.append(Event('untap {} (CR 701.21b)', (name(board, ('permanent', untapped.obj)),)))
    for tapping in read(TapsTarget):
        permanent = new.permanent(tapping.obj)
        assert permanent is not None
        new = _replace(new, replace(permanent, tapped=True))
        events.append(Event('tap {} (CR 701.21a)', (name(board, ('permanent', tapping.obj)),)))
    for attached in read(AttachesTo):  # CR 701.3a; 613.7e: a new timestamp as it becomes attached
        permanent = new.permanent(attached.source)
        assert permanent is not None
        new = _replace(new, replace(permanent, attached_to=("permanent", attached.obj),
                                    timestamp=new.next_timestamp()))
        events.append(Event('{} becomes attached to {} (CR 701.3a, 613.7e)',
                            (attached.source, name(board, ('permanent', attached.obj)))))
    new, linked = lifelink(new, read, events)
    happened = tuple(lost_life) + linked
    new, then = _then_gain(new, read, events)  # CR 608.2c: after its effects on its targets
    happened += then
    new = _shields_removed(new, read(ShieldRemoved), source, events, board, item.id)
    for kept in read(DestroyPrevented):
        events.append(Event('{} has indestructible: not destroyed (CR 702.12b)',
                            (name(board, ('permanent', kept.obj)),)))
    for choice in read(DestroyUmbraUnjudged):
        raise QueryError(f"resolve: {item.id}: {name(board, ('permanent', choice.obj))} would be destroyed, and "
                         "more than one replacement effect (umbra armor, a shield counter) would apply: the one its "
                         "controller chooses (CR 702.89a, 122.1c, 616.1) isn't judged", file=board.name)
    for saved in read(UmbraReplaces):  # CR 702.89a, 614.1a: instead of its destruction
        permanent = new.permanent(saved.obj)
        assert permanent is not None
        new = _replace(new, replace(permanent, damage=0))
        aura = name(board, ("permanent", saved.aura))
        events.append(Event("{} isn't destroyed: instead all damage marked on it is removed and {} is destroyed "
                            '(umbra armor, CR 702.89a, 614.1a)', (name(board, ('permanent', saved.obj)), aura)))
    destroyed = []
    at_once = new
    for gone in read(DestroysTarget):
        events.append(Event('destroy {} (CR 701.7a)', (name(board, ('permanent', gone.obj)),)))
        new = leave(new, gone.obj, told=events, judged=at_once)
        destroyed.append(gone.obj)
    for umbra in read(UmbraDestroys):  # CR 701.7a: destroyed by the replacement (702.89a)
        if new.permanent(umbra.aura) is not None:
            events.append(Event('destroy {} (umbra armor, CR 702.89a)', (name(board, ('permanent', umbra.aura)),)))
            new = leave(new, umbra.aura, told=events, judged=at_once)
            destroyed.append(umbra.aura)
    deathtouched = frozenset(d.obj for d in read(DeathtouchDamaged))
    return Resolution(new, events, False, destroyed, deathtouched, happened, tuple(counters_put))


def lifelink(new: Board, read: Callable[..., Any], events: list[Event]) -> tuple[Board, tuple[tuple[str, str], ...]]:
    """CR 120.3f, 702.15b: damage from a source with lifelink makes its controller gain that much
    life, one life gain event (119.10), after what replaces it (asp/life_replacement.lp)."""
    happened: list[tuple[str, str]] = []
    would = {(w.item, w.player): w.amount for w in read(DamageWouldGainLife)}
    for gain in read(DamageGainsLife):
        player = next(p for p in new.players if p.name == gain.player)
        new = replace(new, players=[replace(p, life=p.life + gain.amount, life_gained=p.life_gained + gain.amount)
                                    if p.name == gain.player else p for p in new.players])
        before = would[(gain.item, gain.player)]
        event = target_facts.damage_gain(gain.item)  # its life gain event (asp/life_replacement.lp)
        replacers = sorted({d.source for d in read(GainReplaces) if d.player == gain.player and d.event == event})
        if any(s.player == gain.player and s.event == event for s in read(GainStopped)):
            instead = f", instead of {before}: an effect stops the gain (CR 119.7, 614.1a)"
        elif replacers:
            instead = f", instead of {before} ({', '.join(replacers)}: replacement effect, CR 614.1a, 616.1)"
        else:
            instead = ""
        events.append(Event('{} gains {} life (lifelink, CR 120.3f, 702.15b; {} -> {}){}',
                            (gain.player, gain.amount, player.life, player.life + gain.amount, instead)))
        if gain.amount > 0:
            happened.append((gain.player, "gain_life"))
    return new, tuple(happened)


def _then_gain(new: Board, read: Reader, events: list[Event]) -> tuple[Board, tuple[tuple[str, str], ...]]:
    """CR 608.2c, 119.3: "..., and you gain N life": its controller gains the life after its
    effects on its targets, one life gain event (119.10), after what replaces it."""
    happened: list[tuple[str, str]] = []
    would = {(w.item, w.player): w.amount for w in read(ThenWouldGainLife)}
    for gain in read(ThenGainsLife):
        player = next(p for p in new.players if p.name == gain.player)
        new = replace(new, players=[replace(p, life=p.life + gain.amount, life_gained=p.life_gained + gain.amount)
                                    if p.name == gain.player else p for p in new.players])
        before = would[(gain.item, gain.player)]
        replacers = sorted({d.source for d in read(GainReplaces) if d.player == gain.player and d.event.name == "then"})
        if any(s.player == gain.player and s.event.name == "then" for s in read(GainStopped)):
            instead = f", instead of {before}: an effect stops the gain (CR 119.7, 614.1a)"
        elif replacers:
            instead = f", instead of {before} ({', '.join(replacers)}: replacement effect, CR 614.1a, 616.1)"
        else:
            instead = ""
        events.append(Event('{} gains {} life (CR 119.3, 608.2c; {} -> {}){}',
                            (gain.player, gain.amount, player.life, player.life + gain.amount, instead)))
        if gain.amount > 0:
            happened.append((gain.player, "gain_life"))
    return new, tuple(happened)


def plural_counters(amount: int, kind: str) -> str:
    return f"{amount} {kind} {'counter' if amount == 1 else 'counters'}"


def remove_shield_counter(new: Board, obj: str) -> Board:
    """CR 122.1c: one shield counter removed from the permanent (which has one)."""
    permanent = new.permanent(obj)
    assert permanent is not None
    counters = dict(permanent.counters)
    counters["shield"] -= 1
    return _replace(new, replace(permanent, counters=tuple(sorted((k, n) for k, n in counters.items() if n))))


def _shields_removed(new: Board, removed: list[ShieldRemoved], source: str, events: list[Event], board: Board,
                     item: str) -> Board:
    """CR 122.1c: damage to a permanent with a shield counter is prevented (615.1), its
    destruction replaced (614.1a): a shield counter is removed from it instead, once for each
    such event.  Both at once (one shield counter or two?) isn't judged: refused."""
    shielded = sorted({each.obj for each in removed})
    for obj in shielded:
        ways = sorted(each.instead_of for each in removed if each.obj == obj)
        if len(ways) > 1:
            raise QueryError(f"resolve: {item} would both deal damage to and destroy {obj}, which has a shield "
                             "counter (CR 122.1c), which next doesn't judge", file=board.name)
        new = remove_shield_counter(new, obj)
        what = (f"{source}'s damage to {name(board, ('permanent', obj))} is prevented" if ways == ["damage"] else
                f"{name(board, ('permanent', obj))} isn't destroyed")
        events.append(Event('{}: a shield counter is removed from it instead (CR 122.1c)', (what,)))
    return new


def pump_until_end_of_turn(board: Board, obj: str, power: int, toughness: int) -> tuple[Board, Event]:
    """CR 611.2a, 613.4c: the permanent gets +power/+toughness until end of turn (cleared in the
    cleanup step, 514.2); the board and the event."""
    permanent = board.permanent(obj)
    assert permanent is not None
    new = _replace(board, replace(permanent, eot_power=permanent.eot_power + power,
                                  eot_toughness=permanent.eot_toughness + toughness))
    return new, Event("{} gets {:+d}/{:+d} until end of turn (CR 611.2a, 613.4c)",
                      (name(board, ("permanent", obj)), power, toughness))


def _replace(board: Board, permanent: Any) -> Board:
    return replace(board, battlefield=[permanent if p.id == permanent.id else p for p in board.battlefield])
