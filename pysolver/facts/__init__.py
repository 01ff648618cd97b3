"""Board and cards -> clingo symbols (the input predicates of asp/input.lp).

Every fact is a clingo symbol built with Function/String/Number: user text
(ids, names, card names) only ever becomes a String term, never program text.
"""

from __future__ import annotations

from typing import Iterator

from clingo import Function, Number, String, Symbol

from pysolver import limits
from pysolver.board import Board
from pysolver.cards import mana_symbols
from pysolver.cards.library import from_anywhere_whens
from pysolver.facts.cards import TYPE_CONSTANT, card_facts, counts_graveyards, counts_hands, quality_facts
from pysolver.counters import KEYWORD_COUNTER_KINDS, pt_values, put_kinds
from pysolver.facts.copies import copy_exception_facts
from pysolver.facts.creature_types import creature_type_facts, reads_creature_types
from pysolver.facts.creature_types import creature_types as creature_type_names
from pysolver.lazy import lazy_module

activations = lazy_module("pysolver.activations")  # read for a permanent with activations only


def fact(predicate: str, *args: Symbol) -> Symbol:
    return Function(predicate, list(args))


def _pool_counts(pool: str) -> dict[str, int]:
    """Mana of each type in a mana pool written as symbols ({G}{G}{C}); a number is colorless."""
    counts: dict[str, int] = {}
    for symbol in mana_symbols(pool):
        if symbol.isdigit():
            counts["C"] = counts.get("C", 0) + int(symbol)
        elif symbol in TYPE_CONSTANT:
            counts[symbol] = counts.get(symbol, 0) + 1
    return counts


def _activated(card, card_name: str, activated: tuple[tuple[int, int], ...]) -> list[tuple[Symbol, int]]:
    """(ability term, count) of each recorded ability (ab(Card, I), as the card facts name it)."""
    if not activated:  # most permanents (and the activations module unread: issue 16)
        return []
    printed = activations.printed_activated(card)
    return [(Function("ab", [String(card_name), Number(printed[n - 1][0])]), count)
            for n, count in activated if 1 <= n <= len(printed)]


def counter_kind_facts(kinds: set[str]) -> Iterator[Symbol]:
    """What each kind of counter does by its kind: keyword_counter(K) (CR 122.1b: it gives its
    keyword, asp/objects.lp) and pt_counter(K, power, X), pt_counter(K, toughness, Y) (122.1a: a
    +X/+Y counter, asp/power_toughness.lp)."""
    for kind in sorted(kinds):
        if kind in KEYWORD_COUNTER_KINDS:
            yield fact("keyword_counter", String(kind))
        values = pt_values(kind)
        if values is not None:
            yield fact("pt_counter", String(kind), Function("power"), Number(values[0]))
            yield fact("pt_counter", String(kind), Function("toughness"), Number(values[1]))


def board_facts(board: Board) -> Iterator[Symbol]:
    """Facts of the board state and of every card it refers to.  Every query grounds
    these, so the object cap is checked here, before the first fact."""
    limits.check_board_size(board)
    for position, player in enumerate(board.players):
        name = String(player.name)
        yield fact("player", name)
        yield fact("turn_position", name, Number(position))
        if player.speed is not None:
            yield fact("speed", name, Number(player.speed))
        if player.starting_life is not None:  # CR 103.4
            yield fact("starting_life", name, Number(player.starting_life))
        for color in player.commander_colors or ():
            yield fact("commander_color", name, TYPE_CONSTANT[color])
        yield fact("life", name, Number(player.life))
        yield fact("hand_count", name, Number(len(player.hand)))  # CR 402.1 (asp/turn.lp: a hand condition)
        for card_name in sorted(set(player.hand)) if board.library else ():  # CR 113.6k (asp/turn.lp)
            card = board.library.get(card_name)
            if card is not None and any("filter" not in when for _, when in from_anywhere_whens(card.abilities())):
                yield fact("hand_card_from_anywhere", name, String(card_name))
        for symbol, count in _pool_counts(player.mana_pool).items():
            yield fact("mana_pool", name, TYPE_CONSTANT[symbol], Number(count))
        if player.lost:
            yield fact("lost", name)
        if player.life_gained:  # CR 119.3
            yield fact("life_gained", name, Number(player.life_gained))
        if player.spells_cast_this_turn:  # CR 601.2i (asp/zone_change.lp: "if you've cast two or more spells")
            yield fact("spells_cast_count", name, Number(player.spells_cast_this_turn))
        if player.poison:  # CR 122.1f, 704.5c
            yield fact("poison", name, Number(player.poison))
        for kind, number in player.counters:  # CR 122.1: experience, energy (107.14), rad (725.1)...
            yield fact("player_counters", name, String(kind), Number(number))
        if player.monarch:  # CR 722.1
            yield fact("monarch", name)
        if player.initiative:  # CR 723.1
            yield fact("has_initiative", name)
        if player.city_blessing:  # CR 702.131c
            yield fact("city_blessing", name)
        if player.completed_dungeons:  # CR 309.7
            yield fact("dungeons_completed", name, Number(len(player.completed_dungeons)))
    yield fact("active_player", String(board.active_player))
    yield fact("turn_number", Number(board.turn_number))
    for player in board.players:  # CR 500.7: the turn order's, unless extra turns were taken
        yield fact("previous_turn_of", String(player.name), Number(board.previous_turn(player.name)))
    if board.starting_player is not None:
        yield fact("starting_player", String(board.starting_player))
    yield fact("current_step", Function(board.step))
    if board.resume_after is not None:  # CR 500.8, 500.9 (asp/turn.lp's resume_step/1)
        yield fact("resume_after", Function(board.resume_after))
    if board.upkeeps is not None:
        yield fact("upkeeps_given", Number(board.upkeeps))

    used_cards: set[str] = set()
    counter_kinds = {"+1/+1", "-1/-1"}  # the kinds of counters on permanents or put on one
    for permanent in board.battlefield:
        obj = String(permanent.id)
        yield fact("permanent", obj)
        yield fact("card", obj, String(permanent.card_name))
        used_cards.add(permanent.card_name)
        yield fact("controller", obj, String(permanent.controller))
        if permanent.owner != permanent.controller:  # CR 108.3 (asp/zone_change.lp's owned_by/2)
            yield fact("owner", obj, String(permanent.owner))
        yield fact("timestamp", obj, Number(permanent.timestamp))
        if permanent.tapped:
            yield fact("tapped", obj)
        if permanent.face_down:  # CR 708.2 (asp/filter_conditions.lp: "face-down creatures")
            yield fact("face_down", obj)
        for kind, count in permanent.counters:
            yield fact("counters", obj, String(kind), Number(count))
            counter_kinds.add(kind)
        if permanent.copy_of not in (None, permanent.card) and permanent.face_down is None and board.library:
            yield from copy_exception_facts(obj, board.library.get(permanent.card), permanent.x)  # CR 707.9b
        if permanent.attached_to is not None:
            kind, ref = permanent.attached_to
            target = Function("obj" if kind == "permanent" else "player", [String(ref)])
            yield fact("attached_to", obj, target)
        if permanent.continuous_control:
            yield fact("continuous_control", obj)
        if permanent.x is not None:
            yield fact("x_paid", obj, Number(permanent.x))
        if permanent.entered:
            yield fact("entered", obj, Number(permanent.entered["turn"]),
                       Function(permanent.entered["step"]))
            if permanent.entered.get("additional"):  # CR 500.8, 500.9
                yield fact("entered_additional", obj)
            if permanent.entered.get("upkeeps") is not None:  # CR 702.30a, 500.8 (asp/turn.lp)
                yield fact("entered_upkeeps", obj, Number(permanent.entered["upkeeps"]))
        if permanent.token:
            yield fact("token", obj)
        if permanent.damage:
            yield fact("damage", obj, Number(permanent.damage))
        if permanent.level is not None:  # CR 716.2b
            yield fact("class_level", obj, Number(permanent.level))
        if permanent.skips_next_untap:  # CR 502.3, 701.39a (asp/actions.lp)
            yield fact("skips_next_untap", obj)
        if permanent.prototyped:  # CR 718.3b
            yield fact("prototyped", obj)
        if permanent.commander:  # CR 903.3
            yield fact("is_commander", obj)
        for term, count in _activated(board.library.get(permanent.card_name) if board.library else None,
                                      permanent.card_name, permanent.activated):  # CR 602.5b
            yield fact("activations", obj, term, Number(count))
        for number in permanent.triggered:  # CR 603.2: triggered this turn, only once each turn
            yield fact("triggered_this_turn", obj, Function("ab", [String(permanent.card_name), Number(number - 1)]))
        for position, exiled in enumerate(permanent.exiled):  # CR 607.2a
            yield fact("exiled_with", obj, Number(position), String(exiled))
            used_cards.add(exiled)
        for stat in ("power", "toughness"):
            if getattr(permanent, stat) is not None:
                yield fact("stat_set", obj, Function(stat), Number(getattr(permanent, stat)))
        for stat, amount in (("power", permanent.eot_power), ("toughness", permanent.eot_toughness)):
            if amount:  # CR 611.2a, 613.4c: until end of turn
                yield fact("eot_stat", obj, Function(stat), Number(amount))
        for keyword in permanent.eot_keywords:
            yield fact("eot_keyword", obj, String(keyword.lower()))
            yield from quality_facts(keyword)
        for key, value in permanent.chosen:
            chosen = (TYPE_CONSTANT[value] if key == "color" and value in TYPE_CONSTANT
                      else Number(int(value)) if key == "read_ahead" else String(value))  # CR 702.155b: a number
            yield fact("chosen", obj, String(key), chosen)
            if key == "creature_type" and value in creature_type_names():  # a changeling is it (CR 702.73a)
                yield fact("creature_type", String(value))

    for effect in board.effects:
        obj = String(effect.id)
        yield fact("effect", obj)
        yield fact("effect_card", obj, String(effect.card))
        yield fact("controller", obj, String(effect.controller))
        yield fact("timestamp", obj, Number(effect.timestamp))
        used_cards.add(effect.card)

    for position, item in enumerate(board.stack):
        if item.source is None:  # a spell: its card (face down: CR 708.4), whose keywords the rules read (702.61a)
            yield fact("spell_card", String(item.id), String(item.card_name))
            used_cards.add(item.card_name)
        else:
            obj = String(item.id)
            yield fact("stack_item", obj, Number(position))
            ability = (Function(item.ability) if isinstance(item.ability, str) else
                       Function("ab", [String(item.card), Number(int(item.ability or 1) - 1)]))
            if item.granted is not None:  # CR 613.1f: the ability the card's static ability grants
                ability = Function("granted", [ability, Number(item.granted - 1)])
            yield fact("stack_ability", obj, String(item.source), ability)
            yield fact("stack_controller", obj, String(item.controller))
            if item.last_known is not None:  # CR 603.10a: its source left the battlefield
                for kind, count in item.last_known:
                    yield fact("stack_lki_counters", obj, String(kind), Number(count))
            # CR 113.7a: the keywords and controller it last had (asp/effects.lp: its damage);
            # the same facts pysolver.facts.targets gives an ability with targets
            if item.last_known_keywords is not None:
                yield fact("source_last_known_given", obj)
                for keyword in item.last_known_keywords:
                    yield fact("source_last_known", obj, String(keyword))
            if item.last_known_controller is not None:
                yield fact("source_last_controller", obj, String(item.last_known_controller))
            used_cards.add(item.card)

    graveyards = creature_types = hands = False
    for card_name in sorted(used_cards):
        card = board.library.get(card_name) if board.library else None
        if card is not None:
            yield from card_facts(card)
            counter_kinds.update(put_kinds(card.data))
            creature_types = creature_types or reads_creature_types(card)
            graveyards = graveyards or any({"graveyard_count", "graveyard_card_types"} & set(
                a.get("triggered", {}).get("if", {})) for a in card.data.get("abilities", [])) or any(
                isinstance(item.get("per"), dict) and item["per"].get("count", {}).get("zone") == "graveyard"
                for item in card.data.get("enters_with_counters", [])) or counts_graveyards(card.data)  # CR 614.1c
            hands = hands or counts_hands(card.data)
    yield from counter_kind_facts(counter_kinds)
    if hands:  # CR 402.1: a power or toughness counts the cards in a hand (asp/power_toughness.lp)
        for player in board.players:
            yield fact("hand_size", String(player.name), Number(len(player.hand)))
    if creature_types:  # CR 205.3m: "a creature type in common" (asp/mana_amounts.lp)
        yield from creature_type_facts()
    if graveyards:  # CR 603.4: an intervening "if" counts cards in a graveyard (asp/turn.lp)
        from pysolver.facts.players import graveyard_facts
        yield from graveyard_facts(board)
