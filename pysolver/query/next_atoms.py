"""The atoms `pysolver next` reads (pysolver/next_state.py), declared once each, by the
entry program that shows them (asp/query/next_*.lp; resolving an ability reads what
asp/query/outcomes.lp shows, a spell what asp/query/x.lp shows)."""

from __future__ import annotations

from typing import NamedTuple

from clingo import Symbol

from pysolver import damage_triggers, targets
from pysolver.predicates import Name, predicate
from pysolver.query import cost, outcomes, resolve_atoms, turn, x_value
from pysolver.query.sba_atoms import (LegendKeeps, SbaApplies, SbaCounters, SbaDestroy, SbaGraveyard,
                                      SbaLoses, SbaSacrifice, SbaSpeed, SbaUmbra, SbaUnattach, UmbraChoice,
                                      UmbraUnjudged)


# ------------------------------------------------- next_zone: triggers, entering
@predicate("stack_rank")
class StackRank(NamedTuple):
    pending: int  # the pending trigger's position
    rank: int  # its place on the stack, from the bottom


@predicate("orders_triggers")
class OrdersTriggers(NamedTuple):
    player: str


@predicate("enters_tapped_now")
class EntersTappedNow(NamedTuple):
    obj: str


@predicate("etb_turn_unknown")
class EtbTurnUnknown(NamedTuple):
    obj: str


@predicate("etb_more_unjudged")
class EtbMoreUnjudged(NamedTuple):
    obj: str
    source: str  # the permanent whose "enters with an additional ... this turn" applies (CR 614.1c)


@predicate("etb_start_unknown")
class EtbStartUnknown(NamedTuple):
    obj: str  # enters tapped if its controller was the starting player, whom the board doesn't name


@predicate("face_up_way")
class FaceUpWay(NamedTuple):
    obj: str
    keyword: str  # morph, megamorph or disguise: an ability it would have face up (CR 702.37e, 702.168d)


@predicate("face_up_trigger")
class FaceUpTrigger(NamedTuple):
    source: str  # the permanent whose ability triggers (CR 603.2, 708.8; asp/face_down.lp)
    ability: Symbol  # ab(Card, I)
    controller: str
    obj: str  # the permanent turned face up


@predicate("activation_trigger")
class ActivationTrigger(NamedTuple):
    obj: str  # the permanent whose ability triggers (CR 602.2i, 603.2; asp/player_events.lp)
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("loss_replaced")
class LossReplaced(NamedTuple):
    player: str  # would lose the game (CR 704.5a, 704.5b)
    obj: str  # the permanent whose replacement effect applies instead (CR 614.1a)
    life: int  # their life total becomes this


@predicate("loss_replacer_unjudged")
class LossReplacerUnjudged(NamedTuple):
    player: str  # would lose the game (CR 704.5)
    obj: str  # whose replacement effect of it next doesn't apply (CR 614.1a)


@predicate("loss_replacer_leaving")
class LossReplacerLeaving(NamedTuple):
    player: str
    obj: str


@predicate("etb_adds")
class EtbAdds(NamedTuple):
    obj: str
    source: Symbol  # the permanent whose replacement effect adds them, own (its own "enters with"), riot or unleash
    kind: str
    number: int


@predicate("etb_instead")
class EtbInstead(NamedTuple):
    obj: str
    condition: Symbol  # the card's enters_instead term (CR 614.1c)


@predicate("etb_can_instead")
class EtbCanInstead(NamedTuple):
    obj: str


@predicate("etb_to_graveyard")
class EtbToGraveyard(NamedTuple):
    obj: str


@predicate("exiled_instead")
class ExiledInstead(NamedTuple):
    context: Symbol  # now, asked, or a mana ability's activation
    obj: str  # exiled instead of being put into a graveyard (CR 614.1a)


@predicate("library_instead")
class LibraryInstead(NamedTuple):
    context: Symbol  # now, asked, or a mana ability's activation
    obj: str  # put into its owner's library instead of a graveyard (CR 614.1a)


@predicate("skips_extra_turn")
class SkipsExtraTurn(NamedTuple):
    player: str  # skips an extra turn they would begin (CR 614.1b, 614.10)


@predicate("keeps_unspent")
class KeepsUnspent(NamedTuple):
    player: str  # doesn't lose their unspent mana of this type as a step or phase ends (CR 500.4)
    type: Name  # w, u, b, r, g, or all


@predicate("unspent_colorless")
class UnspentColorless(NamedTuple):
    player: str  # the mana they would lose becomes colorless instead (CR 614.1a)


@predicate("exiled_card_instead")
class ExiledCardInstead(NamedTuple):
    player: str  # its owner, into whose graveyard it would be put from a hand or the stack
    card: str  # exiled instead (CR 614.1a)


@predicate("last_known_keyword")
class LastKnownKeyword(NamedTuple):
    obj: str
    keyword: str  # a keyword it has as it leaves the battlefield (CR 113.7a)


@predicate("etb_sacrifices")
class EtbSacrifices(NamedTuple):
    obj: str
    sacrificed: str


@predicate("devours")
class Devours(NamedTuple):
    """CR 702.82a: an entering permanent's devour applies (asp/zone_change.lp)."""

    obj: str
    card: str


@predicate("etb_discards")
class EtbDiscards(NamedTuple):
    obj: str
    player: str
    card: str


@predicate("etb_pays_life")
class EtbPaysLife(NamedTuple):
    obj: str
    player: str
    amount: int


@predicate("etb_reveals")
class EtbReveals(NamedTuple):
    obj: str
    player: str


@predicate("etb_kind_chosen")
class EtbKindChosen(NamedTuple):
    obj: str
    item: Symbol
    kind: str


@predicate("etb_copy_choice")
class EtbCopyChoice(NamedTuple):
    obj: str


@predicate("etb_copy_candidate")
class EtbCopyCandidate(NamedTuple):
    obj: str
    copied: str


@predicate("enters_trigger")
class EntersTrigger(NamedTuple):
    obj: str
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("other_enters_trigger")
class OtherEntersTrigger(NamedTuple):
    source: str  # a permanent whose ability triggers on another entering (CR 603.6a)
    ability: Symbol  # ab(Card, I)
    controller: str
    entering: str


# ------------------------------------------------ next_sba: state-based actions
@predicate("toughness_unknown")
class ToughnessUnknown(NamedTuple):
    obj: str


@predicate("attachment_unjudged")
class AttachmentUnjudged(NamedTuple):
    obj: str
    keyword: str


@predicate("tap_trigger")
class TapTrigger(NamedTuple):
    tapped: str  # it became tapped while a cost was paid (CR 603.2; asp/tapping.lp)
    obj: str  # the source of the ability that triggers: it, or one watching it
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("untap_trigger")
class UntapTrigger(NamedTuple):
    untapped: str  # it became untapped: a cost, an effect, the untap step (CR 603.2; asp/tapping.lp)
    obj: str  # the source of the ability that triggers: it, or one watching it
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("counter_event")
class CounterEvent(NamedTuple):
    """Event ``event`` puts ``number`` ``kind`` counters on ``obj`` (CR 122.1, 122.6;
    asp/counter_put.lp): the one statement of the counters a resolution or an entering puts."""
    event: Symbol  # put(Stage, Kind), self(Stage, Kind, N), age(Stage), enters(Obj)
    obj: str
    kind: str
    number: int


@predicate("counter_would")
class CounterWould(NamedTuple):
    """Event ``event`` would put ``number`` ``kind`` counters on ``obj`` (asp/counter_put.lp)."""
    event: Symbol
    obj: str
    kind: str
    number: int


@predicate("counter_capped")
class CounterCapped(NamedTuple):
    """Fewer counters than the event would put: ``obj`` can't have more than ``limit`` (CR 101.2)."""
    event: Symbol
    obj: str
    kind: str
    limit: int


@predicate("counter_limit_unjudged")
class CounterLimitUnjudged(NamedTuple):
    """Two events at once put ``kind`` counters on ``obj``, which can't have more than a limit (CR 101.2)."""
    obj: str
    kind: str


@predicate("counter_total")
class CounterTotal(NamedTuple):
    """The counters ``obj`` has from the event once the replacement effects applied (CR 614.1a)."""
    event: Symbol
    obj: str
    kind: str
    number: int


@predicate("counter_replacer")
class CounterReplacer(NamedTuple):
    """Ability ``ability`` of ``source`` changes how many counters the event puts (CR 614.1a, 616.1)."""
    event: Symbol
    obj: str
    kind: str
    source: str
    ability: Symbol


@predicate("counter_order_unjudged")
class CounterOrderUnjudged(NamedTuple):
    """Replacement effects of both ways apply to the event: their order (CR 616.1) isn't judged."""
    event: Symbol
    obj: str
    kind: str


@predicate("counter_trigger")
class CounterTrigger(NamedTuple):
    event: int  # the index of the event in counters_put/3 (CR 603.2: once for each event)
    put_on: str  # an event put counters on it (CR 122.6, 603.2; asp/counter_events.lp)
    obj: str  # the source of the ability that triggers: it, or one watching it
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("read_ahead_unjudged")
class ReadAheadUnjudged(NamedTuple):
    """An event put two or more lore counters on a read-ahead Saga that had some and came this turn: whether it
    entered this turn (its chapters below the count can't trigger, CR 702.155a) the board doesn't say."""

    event: int
    obj: str


@predicate("player_trigger")
class PlayerTrigger(NamedTuple):
    event: int  # the index of a player's event (CR 603.2; asp/player_events.lp)
    obj: str
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("graveyard_trigger")
class GraveyardTrigger(NamedTuple):
    event: int  # the index of an event of cards leaving a graveyard (CR 603.2; asp/player_events.lp)
    card: int  # the index of the card in it
    obj: str
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("target_trigger")
class TargetTrigger(NamedTuple):
    event: int  # the index of an object made a target (CR 603.2, 115.1; asp/player_events.lp)
    obj: str
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("crime_trigger")
class CrimeTrigger(NamedTuple):
    obj: str  # its ability triggers on a player committing a crime (CR 700.13, 603.2; asp/player_events.lp)
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("state_trigger")
class StateTrigger(NamedTuple):
    obj: str  # its state trigger's condition holds and it isn't on the stack (CR 603.8; asp/state_triggers.lp)
    ability: Symbol  # ab(Card, I)
    controller: str


# ---------------------------------------------------- next_step: steps, playing
@predicate("play_illegal")
class PlayIllegal(NamedTuple):
    reason: Name


@predicate("next_step")
class NextStep(NamedTuple):
    step: Name


@predicate("next_additional")
class NextAdditional(NamedTuple):
    position: int  # the board's additional step that comes next (those before it are skipped, CR 508.8)


@predicate("turn_ends")
class TurnEnds(NamedTuple):
    pass


@predicate("upkeeps_next")
class UpkeepsNext(NamedTuple):
    upkeeps: int  # the upkeeps begun this turn before the next step (the next board's turn.upkeeps)


@predicate("entry_upkeeps_next")
class EntryUpkeepsNext(NamedTuple):
    """entry_upkeeps_next(O, N): the next board states O's entered.upkeeps, N (CR 702.30a, 500.8)."""

    obj: str
    upkeeps: int


@predicate("upkeeps_at_entry")
class UpkeepsAtEntry(NamedTuple):
    """upkeeps_at_entry(O, N): N upkeep steps had begun this turn when O came (asp/turn.lp; CR 702.30a)."""

    obj: str
    upkeeps: int


@predicate("echo_past_turn")
class EchoPastTurn(NamedTuple):
    """echo_past_turn(O, N, U): O, an echo permanent of the active player, came this turn when N of the U
    upkeeps begun this turn had begun (N < U; -1: the board doesn't say), which a board of a later turn
    can't say (asp/turn.lp; CR 702.30a, 500.8)."""

    obj: str
    came: int
    begun: int


@predicate("skipped_now")
class SkippedNow(NamedTuple):
    pass


@predicate("untaps")
class Untaps(NamedTuple):
    obj: str


@predicate("keeps_tapped")
class KeepsTapped(NamedTuple):
    obj: str  # the active player chooses not to untap it (CR 502.3)


@predicate("untap_limited")
class UntapLimited(NamedTuple):
    obj: str  # it would untap, but a limit lets only one of its kind untap (CR 502.3)


@predicate("draws")
class Draws(NamedTuple):
    player: str


@predicate("discards")
class Discards(NamedTuple):
    player: str
    card: str
    number: int


@predicate("cleanup_now")
class CleanupNow(NamedTuple):
    pass


@predicate("hand_size_tie")
class HandSizeTie(NamedTuple):
    player: str


# ------------------------------------------------------------ next_cast: casting
@predicate("cast_illegal")
class CastIllegal(NamedTuple):
    reason: Name


@predicate("cast_forbidden")
class CastForbidden(NamedTuple):
    source: str  # the permanent whose ability forbids casting the spell (CR 101.2, 601.3)


@predicate("cast_trigger")
class CastTrigger(NamedTuple):
    source: str  # a permanent whose ability triggers on the casting (CR 601.2i, 603.2)
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("cast_trigger_in")
class CastTriggerIn(NamedTuple):
    choice: int  # the way of choosing the spell's targets (cast_choice/1), from 0
    source: str  # a permanent whose ability triggers on the casting (CR 601.2i, 601.2c, 603.2)
    ability: Symbol  # ab(Card, I)
    controller: str


@predicate("cast_self_trigger")
class CastSelfTrigger(NamedTuple):
    ability: Symbol  # ab(Card, I): the spell's own "When you cast this spell" (CR 601.2i, 113.6k)
    controller: str


@predicate("cast_count_unknown")
class CastCountUnknown(NamedTuple):
    source: str  # a permanent whose "first [matching] spell each turn" trigger the board can't judge
    ability: Symbol  # ab(Card, I)
    controller: str


# ------------------------------------- next_spell and next_resolve: effects (asp/effects.lp)
@predicate("draws_cards")
class DrawsCards(NamedTuple):
    player: str
    number: int


@predicate("adds_mana")
class AddsMana(NamedTuple):
    player: str
    effect: Symbol  # the effect's term, added(Ability, I) (asp/effect_mana.lp)
    type: Name  # w, u, b, r, g or c (CR 106.4)
    number: int


@predicate("effect_chooses")
class EffectChooses(NamedTuple):
    """The effect adds mana its controller chooses among results (CR 106.4: the color of any color)."""

    player: str
    effect: Symbol


@predicate("adds_none")
class AddsNone(NamedTuple):
    """The effect's amount is 0: it adds no mana (CR 107.1b, 608.2h: none to count)."""

    player: str
    effect: Symbol


@predicate("effect_unmade")
class EffectUnmade(NamedTuple):
    """The effect adds mana in a form asp/mana_production.lp doesn't compute for it."""

    player: str
    effect: Symbol


@predicate("draw_replacer")
class DrawReplacer(NamedTuple):
    player: str  # whose draws with an empty hand become two (CR 614.1a, asp/draw_replacement.lp)
    source: str


@predicate("spell_gains_life")
class SpellGainsLife(NamedTuple):
    player: str
    amount: int


@predicate("takes_extra_turn")
class TakesExtraTurn(NamedTuple):
    player: str


@predicate("deals_damage_to")
class DealsDamageTo(NamedTuple):
    stage: int
    source: str
    player: str  # "it deals N damage to you" (what it does: asp/damage.lp, CR 120.3)
    amount: int


LosesLife = resolve_atoms.LosesLife  # CR 119.3 (asp/effects.lp), declared once
LeftTrigger = resolve_atoms.LeftTrigger  # CR 603.10a (asp/zone_change.lp), declared once


ZONE = (StackRank, OrdersTriggers, EntersTappedNow, EtbAdds, EtbTurnUnknown, EtbMoreUnjudged, EtbStartUnknown,
        EtbInstead, EtbCanInstead, EtbToGraveyard, EtbSacrifices, Devours, EtbDiscards, EtbPaysLife, EtbReveals,
        EntersTrigger, LeftTrigger, OtherEntersTrigger, TapTrigger, UntapTrigger, CounterTrigger, ReadAheadUnjudged,
        CounterEvent,
        CounterWould, CounterTotal, CounterReplacer, CounterOrderUnjudged, CounterCapped, CounterLimitUnjudged,
        PlayerTrigger, GraveyardTrigger, TargetTrigger, CrimeTrigger,
        FaceUpWay, FaceUpTrigger, ActivationTrigger, ExiledInstead)
SBA = ZONE + (ToughnessUnknown, AttachmentUnjudged, SbaApplies, LegendKeeps, SbaCounters, SbaUnattach, SbaSpeed,
              SbaGraveyard, SbaDestroy, SbaSacrifice, SbaUmbra, UmbraChoice, UmbraUnjudged, SbaLoses, LossReplaced,
              LossReplacerLeaving, LossReplacerUnjudged, LeftTrigger)
# A rider's damage (asp/effects.lp) and what it does (asp/damage.lp, asp/life_replacement.lp: CR 120.3).
EFFECTS = (DrawsCards, AddsMana, AddsNone, EffectChooses, EffectUnmade, DrawReplacer, SpellGainsLife, TakesExtraTurn,
           DealsDamageTo, LosesLife,
           targets.DamageLosesLife,
           targets.DamagePoisons, targets.DamageSourceLeft, targets.DamageWouldGainLife, targets.DamageGainsLife,
           targets.GainReplaces, targets.GainStopped, targets.GainLifeUnjudged,
           targets.GainOrderUnjudged, targets.GainUnbounded, targets.DamagePrevented, targets.DamageChangedBy,
           targets.DamageRedirected, targets.DamageReplacedCounters,
           targets.DamageOrderUnjudged,
           targets.DamageUnbounded, targets.DamageReplacementUnjudged)
RESOLVE = tuple(dict.fromkeys(outcomes.DECODES + resolve_atoms.DECODES + (LeftTrigger, resolve_atoms.PumpsSelf)
                              + EFFECTS + (CounterEvent, CounterWould, CounterTotal, CounterReplacer,
                                                       CounterOrderUnjudged, CounterCapped, CounterLimitUnjudged)))
UNTAP_STEP = (Untaps, KeepsTapped, UntapLimited, UntapTrigger)  # CR 502.3, 603.2
STEP = (PlayIllegal, NextStep, NextAdditional, TurnEnds, UpkeepsNext, EntryUpkeepsNext, UpkeepsAtEntry, EchoPastTurn,
        SkippedNow,
        *UNTAP_STEP,
        Draws, DrawReplacer, Discards, CleanupNow, HandSizeTie, turn.Triggers, turn.LoreCounterAdded, turn.LoreUnjudged)
CAST = STEP + (CastIllegal, CastForbidden, CastTrigger, CastTriggerIn, CastSelfTrigger, CastCountUnknown)
SPELL = (x_value.Becomes, x_value.EntersWith, x_value.EtbX)

# Each entry program next grounds, with what it reads from it (the registry's ``also``).
PROGRAMS = (("next_zone", ZONE + (StateTrigger, EtbCopyChoice, EtbCopyCandidate, EtbKindChosen, LastKnownKeyword,
                                  ExiledCardInstead, LibraryInstead)),
            ("next_sba", SBA),
            ("next_resolve", RESOLVE), ("next_step", STEP + (SkipsExtraTurn, KeepsUnspent, UnspentColorless)),
            ("next_cast", CAST), ("x", SPELL), ("next_spell", EFFECTS), ("cost", cost.DECODES),
            ("next_targets", targets.DECODES + (CounterEvent, CounterWould, CounterTotal, CounterReplacer,
                                                CounterOrderUnjudged, CounterCapped, CounterLimitUnjudged)),
            ("next_damage", (damage_triggers.DamageTrigger,)))
