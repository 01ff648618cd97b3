"""The card library: card definitions as data (docs/cards.md), and their facts.

The package: ``library`` (Card, Library), ``oracle`` (the Oracle-text
compiler), ``db`` (imported SQLite libraries, built on ``library`` and
``oracle``); this module puts them together (the built-in library, card files,
``library_with``) and turns cards into facts.  Imports go one way only:
library <- oracle, db <- this module.

A library is a YAML or JSON file in the format ``pysolver-cards/1``.  The
built-in library ships in ``pysolver/data/cards/``; a user's own file,
passed with ``--cards``, adds cards or replaces built-in ones of the same name.
Nothing here knows any card by name: every card becomes facts of the general
predicates declared in ``asp/input.lp``.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache, lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from pysolver import documents, schemas
from pysolver.schemas import EARLY_CONDITIONS, STAT_KEYS
from pysolver.cache import cached
from pysolver.cards.library import ENVIRONMENT, Card, Library
from pysolver.errors import CardError

MANA_SYMBOL = re.compile(r"\{([^{}]+)\}")
COLORS = "WUBRG"
# CR 500.1: the steps of the phases that have steps.
PHASE_STEPS = {
    "beginning": ["untap", "upkeep", "draw"],
    "combat": ["beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage",
               "end_of_combat"],
    "ending": ["end", "cleanup"],
}


def phase_rest(step: str) -> list[str]:
    """The steps of ``step``'s phase that come after it (CR 500.1; a main phase is one step): a phase added "after
    this phase" comes directly after them (500.8; asp/turn.lp lays it out so), where a board's `additional_steps`,
    which come directly after its step, can't state it."""
    for steps in PHASE_STEPS.values():
        if step in steps:
            return steps[steps.index(step) + 1:]
    return []


def phase_after_rest(phase: str, step: str) -> str | None:
    """What an additional ``phase`` "after this phase" created in ``step`` comes after, in words, where steps of that
    phase are still to come (``phase_rest``: pysolver next and turn refuse it, naming them); else None."""
    rest = phase_rest(step)
    if not rest:
        return None
    steps = f"{', '.join(rest)} step{'s' if len(rest) > 1 else ''}"
    return f"an additional {phase} phase after this phase, which comes after the {steps} still to come in it (CR 500.8)"


def parse_library(document: documents.Document) -> Library:
    """Validate a parsed card file and index its cards by name."""
    error = schemas.first_error(schemas.CARDS_SCHEMA, document.data)
    if error is not None:
        raise CardError(schemas.describe(error), file=document.name,
                        place=document.place(schemas.error_path(error)))
    cards: dict[str, Card] = {}
    for index, entry in enumerate(document.data["cards"]):
        name = entry["name"]
        if name in cards:
            raise CardError(f"card {name!r} is defined twice", file=document.name,
                            place=document.place(("cards", index, "name")))
        for key in ("abilities", "effect"):
            for position, ability in enumerate(entry.get(key, [])):
                problem = _static_problem(ability) or _filter_problem(ability, ()) or _trigger_problem(ability)
                if problem:
                    raise CardError(problem, file=document.name,
                                    place=document.place(("cards", index, key, position)))
        for key in ("abilities", "effect"):
            problem, position = _shared_limit_problem(entry.get(key, []), key == "abilities")
            if problem:
                raise CardError(problem, file=document.name, place=document.place(("cards", index, key, position)))
        setting = [ability["static"] for ability in entry.get("abilities", [])
                   if "base_pt" in ability.get("static", {})]
        if len(setting) > 1 and not _never_together(setting):
            raise CardError("static.base_pt: a card sets base power and toughness with one static ability at most "
                            "(two of one source have the same timestamp, CR 613.7), but for conditions that never "
                            "hold together", file=document.name, place=document.place(("cards", index, "abilities")))
        cards[name] = Card(name, entry, document.name)
    return Library(cards)


# Where a filter's "other" is judged (relative to the ability's source).
OTHER_JUDGED = {("static", "affects"), ("count", "filter"), ("greatest", "filter"), ("total_mana_value", "filter"),
                ("unless_you_control", "filter"), ("when_you_control", "filter"), ("you_control", "filter"),
                ("when", "filter"), ("if_you_control", "filter"),
                ("counter_replacement", "filter"),  # asp/counter_put.lp (other_self)
                ("exiled_instead", "filter"),  # asp/zone_change.lp (other_self)
                ("counter_on_each", "filter"),  # asp/outcomes.lp (other_self)
                ("only_if", "you_control"),  # "Activate only if you control another Elf" (asp/legality.lp)
                ("targets", "filter")}  # "another target creature": not its source (asp/targets.lp)
OTHER_JUDGED_AT = {("instead", "if", "you_control"),  # a mana ability's own "instead" (asp/mana_instead.lp)
                   ("damage_replacement", "from", "filter"), ("to", "permanents", "filter")}  # asp/damage.lp


def _filter_problem(data: Any, path: tuple) -> str | None:
    """Filter conditions used where the rules don't judge them (the schema can't say it)."""
    if isinstance(data, list):
        return next((p for p in (_filter_problem(v, path) for v in data) if p), None)
    if not isinstance(data, dict):
        return None
    if data.get("other") is True and path[-2:] not in OTHER_JUDGED and path[-3:] not in OTHER_JUDGED_AT:
        return f"{'.'.join(path)}: 'other' is judged only in a static ability's affects and in amounts"
    if data.get("named_chosen") is True and path[-2:] not in (("static", "affects"),
                                                               ("forbid_activating", "affects"),
                                                               ("cost_change", "spells")):  # asp/cost_changes.lp
        return f"{'.'.join(path)}: 'named_chosen' is judged only in a static ability's affects"
    if path[-1:] == ("count",) and data.get("zone", "battlefield") != "battlefield" and isinstance(
            data.get("filter"), dict) and "chosen" in data["filter"]:
        return f"{'.'.join(path)}: 'chosen' is judged in a count of permanents only, not of cards"
    if "chosen" in data and path[-2:] not in (("static", "affects"), ("when", "filter")) and not (
            path[-2:] == ("count", "filter") and "static" in path and {"cda", "per"} & set(path)
            and "also" not in path) and not (  # asp/power_toughness.lp pt_chosen_hit
            path[-3:] == ("damage_replacement", "from", "filter")  # asp/damage.lp
            and data["chosen"] in ("color", "creature_type")) and not (
            path[-2:] == ("cost_change", "spells")
            and data["chosen"] in ("creature_type", "card_type")):  # asp/cost_changes.lp
        return (f"{'.'.join(path)}: 'chosen' is judged only in a static ability's affects, a trigger's event (and a "
                "creature or card type in the spells of a cost change)")
    for alternative in data.get("any_of", []) if isinstance(data.get("any_of"), list) else []:
        if isinstance(alternative, dict) and ({"other", "any_of", "named_chosen", "chosen"} & set(alternative)):
            return f"{'.'.join(path)}.any_of: an alternative can't name 'other', a choice or alternatives"
    return next((p for p in (_filter_problem(v, path + (k,)) for k, v in data.items()) if p), None)


def _when(ability: Any) -> dict[str, Any]:
    triggered = ability.get("triggered") if isinstance(ability, dict) else None
    when = triggered.get("when") if isinstance(triggered, dict) else None
    return when if isinstance(when, dict) else {}


def _shared_limit_problem(abilities: list[Any], printed: bool) -> tuple[str | None, int]:
    """CR 603.2: ``limit_with_previous`` (one ability with two trigger events, "This ability triggers only once each
    turn") shares the limit of the ability just before it in its list (``printed``: the card's own abilities, or
    those a static ability of them grants; not its spell's effect), itself so limited, and only there
    (facts/cards.py: trig_limit_with/2); (the problem, where) or (None, 0)."""
    for position, ability in enumerate(abilities):
        shared = _when(ability).get("limit_with_previous")
        if shared and not (printed and position and _when(abilities[position - 1]).get("once_each_turn")):
            return ("triggered.when: limit_with_previous shares the limit of the ability before it, which must be a "
                    "triggered ability that triggers only once each turn (CR 603.2)"), position
        static = ability.get("static") if isinstance(ability, dict) else None
        granted = static.get("grant") if isinstance(static, dict) else None
        if isinstance(granted, list):  # the abilities a static ability grants: a list of their own
            if _shared_limit_problem(granted, printed)[0]:
                return _shared_limit_problem(granted, printed)[0], position
        elif not shared and '"limit_with_previous"' in json.dumps(ability):
            return ("limit_with_previous is judged only in a card's own triggered abilities and those a static "
                    "ability grants (CR 603.2)"), position
    return None, 0


def _trigger_problem(ability: dict[str, Any]) -> str | None:
    """A trigger's conditions on an event that doesn't have them (the schema can't say it)."""
    from pysolver.cards.oracle_cast import LIMITED_EVENTS  # the events whose rules read the limit
    when = ability.get("triggered", {}).get("when", {}) if isinstance(ability.get("triggered"), dict) else {}
    if when.get("once_each_turn") and when.get("event") not in LIMITED_EVENTS:
        return f"triggered.when: once_each_turn is judged only for the events {', '.join(LIMITED_EVENTS)}"
    if when.get("limit_with_previous") and not when.get("once_each_turn"):
        return "triggered.when: limit_with_previous is the limit of an ability that triggers only once each turn"
    from pysolver.cards.oracle_turn_events import DURING_EVENTS  # CR 603.2: the events trig_during/2 limits
    if "during" in when and when.get("event") not in ("cast",) + DURING_EVENTS:
        return f"triggered.when: during is judged only for the events cast, {', '.join(DURING_EVENTS)}"
    if "during" in when and when.get("event") not in ("cast", "draw") and when["during"] not in ("you", "opponent"):
        return "triggered.when: during is you or opponent but for a cast or draw trigger"
    if (when.get("during") in ("caster", "not_caster") and when.get("event") != "cast") or (
            when.get("during") == "not_player" and when.get("event") != "draw"):
        return "triggered.when: during is caster or not_caster for a cast trigger, not_player for a draw trigger"
    if "to" in when and when.get("event") != "leave_graveyard":
        return "triggered.when: to is judged only for leave_graveyard"
    if when.get("from_anywhere") and when.get("event") != "put_into_graveyard":
        return "triggered.when: from_anywhere is judged only for put_into_graveyard"
    for key in ("cast_from", "kicked", "targets", "not_owned", "not_first_each_turn", "mana_value_vs"):
        if key in when and when.get("event") != "cast":
            return f"triggered.when: {key} is judged only for a cast trigger (event: cast)"
    if when.get("not_first_in_draw_step") and (when.get("event") != "draw" or when.get("whose") == "enchanted"):
        return "triggered.when: not_first_in_draw_step is judged only for a draw trigger of you, an opponent or any"
    leaving = ("dies", "put_into_graveyard", "leaves", "returned_to_hand", "put_into_exile")
    if when.get("event") in ("permanent_enters", "cast") and "'commander'" in repr(when.get("filter", {})):
        return ("triggered.when: commander is judged only on the permanents a board states (CR 903.3), not on a "
                "spell or a permanent entering")
    if isinstance(when.get("filter"), dict) and "chosen" in when["filter"] and when.get("event") not in (
            ("cast", "permanent_enters", "sacrifice") + leaving):  # asp/filter_conditions.lp, asp/actions.lp
        return ("triggered.when: a filter's chosen is judged only for the events cast, permanent_enters, "
                f"sacrifice, {', '.join(leaving)}")
    if "event" in when and when.get("whose") == "enchanted" and (when["event"] not in ("draw", "cast") or set(when) - {
            "event", "whose", "filter"}):  # asp/player_events.lp, asp/actions.lp, asp/turn.lp
        return "triggered.when: whose enchanted is judged only for a draw or a cast trigger, with a filter at most"
    if (when.get("event") == "coin_flip") != ("result" in when) or (
            when.get("event") == "coin_flip" and set(when) - {"event", "result", "whose"}):  # asp/mana_activation.lp
        return "triggered.when: coin_flip has a result, and nothing but whose beside it"
    if "entering" in when and when.get("event") not in ("enters", "permanent_enters"):  # asp/zone_change.lp
        return "triggered.when: entering is judged only for enters and permanent_enters"
    if "while" in when and when.get("event") != "permanent_enters":  # asp/zone_change.lp reads if_false/2
        return "triggered.when: while is judged only for permanent_enters"
    if when.get("batch") and when.get("event") not in leaving + ("permanent_enters", "discard", "leave_graveyard",
                                                                 "counters_put", "sacrifice"):
        return ("triggered.when: batch is judged only for the events dies, put_into_graveyard, leaves, "
                "permanent_enters, discard, leave_graveyard, counters_put, sacrifice")
    from pysolver.cards.oracle_graveyard_events import CARD_KEYS  # CR 603.2: a card's characteristics
    if when.get("event") == "discard" and isinstance(when.get("filter"), dict) and (
            set(when["filter"]) - CARD_KEYS - {"any_of"}
            or any(set(each) - CARD_KEYS for each in when["filter"].get("any_of", []))):
        return ("triggered.when: a discard filter judges the card discarded (asp/player_events.lp): only "
                + ", ".join(sorted(CARD_KEYS)) + " and any_of")
    if when.get("event") == "leave_graveyard" and isinstance(when.get("filter"), dict) and (
            set(when["filter"]) - CARD_KEYS):
        return ("triggered.when: a leave_graveyard filter judges cards: only "
                + ", ".join(sorted(CARD_KEYS)))
    if when.get("attached") and when.get("event") not in leaving + ("becomes_target", "becomes_tapped",
                                                                    "becomes_untapped"):
        return (f"triggered.when: attached is judged only for the events {', '.join(leaving)}, becomes_target, "
                "becomes_tapped, becomes_untapped")
    if "graveyard" in when and (when.get("event") != "put_into_graveyard" or when.get("attached")):
        return "triggered.when: graveyard is judged only for put_into_graveyard, its own or with a filter"
    if "hand" in when and (when.get("event") != "returned_to_hand" or "filter" not in when):
        return "triggered.when: hand is judged only for returned_to_hand with a filter"
    if "kind" in when and when.get("event") not in ("counters_put", "last_counter_removed"):
        return "triggered.when: kind is judged only for counters_put and last_counter_removed"
    if when.get("event") == "last_counter_removed" and ("kind" not in when or set(when) - {"event", "kind"}):
        return "triggered.when: last_counter_removed names the kind of counter, and nothing else (CR 603.2)"
    if "spell" in when and (when.get("event") != "becomes_target" or when.get("by") != "spell"):
        return "triggered.when: spell is judged only for becomes_target by a spell"
    if isinstance(when.get("spell"), dict) and set(when["spell"]) - CARD_KEYS:  # judged on the spell's card
        return "triggered.when: a spell filter judges a card: only " + ", ".join(sorted(CARD_KEYS))
    if "target_whose" in when and (when.get("event") != "becomes_target" or "filter" not in when):
        return "triggered.when: target_whose is judged only for becomes_target with a filter"
    condition = ability.get("triggered", {}).get("if", {}) if isinstance(ability.get("triggered"), dict) else {}
    if condition.get("controls_most", {}).get("whose") == "active" and "step" not in when:
        return "triggered.if: controls_most of the active player is judged only for a step trigger"
    if condition.get("player_state", {}).get("whose") == "active" and "step" not in when:
        return "triggered.if: player_state of the active player is judged only for a step trigger"
    for key in ("left_counters", "left_no_counters", "left_counters_at_least", "left_is"):
        if key in condition and when.get("event") not in leaving + ("sacrifice",):
            return f"triggered.if: {key} is judged only for a permanent leaving the battlefield"
    return None


def _never_together(statics: list[dict[str, Any]]) -> bool:
    """Static abilities of one source whose conditions never hold at once: numbers of Auras on it ("exactly one",
    "exactly two", "three or more", CR 303.4), or of counters of one kind on it (a leveler's level sections, 711.2a-b),
    in ranges that don't meet, so at most one applies (no tie of timestamps to order, CR 613.7)."""
    ranges, counted = [], set()
    for static in statics:
        auras, counters = static.get("if_auras"), static.get("if_counters")
        if auras:
            counted.add("Auras")
            low = auras.get("exactly", auras.get("at_least"))
            ranges.append((low, auras["exactly"] if "exactly" in auras else float("inf")))
        elif counters and "kind" in counters:
            counted.add(counters["kind"])
            ranges.append((counters["at_least"], counters.get("at_most", float("inf"))))
        else:
            return False
    if len(counted) > 1:
        return False
    ranges.sort()
    return all(high < next_low for (_, high), (next_low, _) in pairwise(ranges))


def _static_problem(ability: dict[str, Any]) -> str | None:
    """Filter conditions a static ability's ``affects`` can't use (the schema can't say it)."""
    spec = ability.get("static")
    if not spec:
        return None
    affects = spec["affects"]
    if ("keywords" in affects and not _layer7_only(spec)) or any("keywords" in f for f in affects.get("any_of", [])):
        # Layer 6 grants keywords itself (asp/filter_conditions.lp); layer 7 reads them after it (CR 613.4).
        return "static.affects: a static ability can't choose its objects by keywords"  # but layer 7 alone
    alone = {"affects", "whose", "enchanted", "add_subtypes"}
    animated = _self_animation(spec)
    if "add_subtypes" in spec and not animated and not _group_subtypes(spec) and (
            not spec.get("enchanted") or set(spec) - alone or set(affects) - {"types"}):
        return "static.add_subtypes: creature types are added to the permanent its source is attached to, or to " \
               "a group of creatures chosen by characteristics layer 4 judges as printed (no subtype, CR 613.8a), " \
               "and nothing else (give what the same effect does beside as a second static ability)"
    if "set_subtypes" in spec and (not spec.get("enchanted") or set(spec) - {"affects", "whose", "enchanted",
                                                                           "set_subtypes"} or set(affects)):
        return "static.set_subtypes: the creature types of the permanent an Aura enchants are set (CR 205.1b), by " \
               "a static ability that does nothing else and chooses nothing (affects: {})"
    changes_types = any(k in spec for k in ("set_land_types", "add_land_types", "add_types",
                                            "lose_land_types_and_abilities", "set_card_types", "set_colors",
                                            "set_colorless", "lose_abilities", "chosen_land_type", "set_subtypes"))
    if "chosen_land_type" in spec and set(spec) - {"affects", "whose", "enchanted", "self", "chosen_land_type"}:
        return "static.chosen_land_type: a land type effect of the chosen type does nothing else"
    if "chosen_color" in spec and (set(spec) - {"affects", "whose", "enchanted", "self", "chosen_color"} or set(
            affects) - {"types", "not_types", "subtypes", "supertypes", "not_supertypes"}):
        return ("static.chosen_color: a color effect of the chosen color does nothing else, and chooses its objects "
                "by their types only (judged after layer 4, CR 613.1e)")
    if changes_types and ("attached" in affects or any("attached" in f for f in affects.get("any_of", []))):
        return "static.affects: attached is judged only from layer 6 on, not by a type-changing effect"
    if any("attached" in f for f in affects.get("any_of", [])):
        return "static.affects: attached is judged for the whole filter, not in one of any_of"
    if "any_of" in affects and changes_types:
        return "static.affects: any_of is judged only for granted abilities and keywords"
    if "chosen" in affects and changes_types:  # it reads the types and colors layers 4 and 5 give
        return "static.affects: 'chosen' is judged only for granted abilities, keywords and power and toughness"
    if "add_chosen_subtype" in spec and (not spec.get("self") or changes_types or set(spec) - {
            "affects", "whose", "self", "add_chosen_subtype"}):
        return "static.add_chosen_subtype: the chosen type is added to its own source only, and does nothing else"
    condition = spec.get("if_you_control", {}).get("filter", {})
    if "keywords" in condition or any("keywords" in f for f in condition.get("any_of", [])):
        return "static.if_you_control: a condition can't count objects by keywords"
    if {"if_you_control", "if", "if_graveyard", "if_graveyard_types"} & set(spec) and changes_types and not animated:
        return "static.if_you_control: a condition is judged only for granted abilities and keywords"
    if set(spec) & CONDITIONS and changes_types and not animated:
        return ("static: a type-changing effect reads a condition only as its own source's added card types, one "
                "no layer changes (asp/objects.lp types_group_on)")
    return layer7_problem(spec)


# The keys of a static ability's conditions (asp/static_conditions.lp).
CONDITIONS = frozenset({"if", "if_you_control", "if_graveyard", "if_graveyard_types", "if_hand", "if_life",
                        "if_life_start", "if_counters", "if_devotion", "if_level", "if_life_gained", "if_poison",
                        "if_designation", "if_auras"})
# The ``if`` values judged on board facts alone (early_condition_fails), which layer 4 may read.
EARLY_IFS = ("untapped", "your_turn", "other_turns", "attached")


# Layer 7 amounts counted on each object the ability affects (asp/power_toughness.lp pt_affected_part).
AFFECTED_AMOUNTS = frozenset({"attached_to_affected", "counters_on_affected", "affected_mana_value", "affected_colors",
                              "affected_cost_symbols"})


def _layer7_only(spec: dict[str, Any]) -> bool:
    """A static ability that only changes power and toughness (7c, CR 613.4c), under a condition or not:
    its filter may read the keywords layer 6 gave (asp/power_toughness.lp pt_matches)."""
    return "pt" in spec and set(spec) <= {"affects", "whose", "enchanted", "self", "pt", "per"} | CONDITIONS


def _self_animation(spec: dict[str, Any]) -> bool:
    """CR 205.1b, 613.1d, 611.3a: card types (and with Creature, creature types) added to its own source,
    with no filter, while a condition no layer changes holds (asp/objects.lp types_group_on, self_types_ts)."""
    return bool(spec.get("self")) and not spec["affects"] and bool(spec.get("add_types")) and (
        "add_subtypes" not in spec or "Creature" in spec["add_types"]) and (
        set(spec) <= {"affects", "whose", "self", "add_types", "add_subtypes", "if"} | EARLY_CONDITIONS) and (
        spec.get("if", "untapped") in EARLY_IFS) and spec.get("add_subtypes") != "all_creature_types"


# What a group that adds creature types may choose its objects by (asp/objects.lp group_subtypes: judged as
# printed, matches_printed): never a subtype another addition could give, keywords or power (CR 613.8a).
GROUP_SUBTYPES_KEYS = frozenset({"types", "not_types", "supertypes", "not_supertypes", "colors", "not_colors",
                                 "other", "token", "with_counter", "with_counters", "commander"})


def _group_subtypes(spec: dict[str, Any]) -> bool:
    """CR 205.1b, 613.1d: "Other creatures you control are Assassins in addition to their other types": creature
    types added to a group of creatures (asp/objects.lp group_subtypes), nothing else, no condition."""
    affects = spec["affects"]
    return not spec.get("enchanted") and not spec.get("self") and set(spec) == {"affects", "whose", "add_subtypes"} \
        and isinstance(spec["add_subtypes"], list) and "Creature" in affects.get("types", []) and \
        set(affects) <= GROUP_SUBTYPES_KEYS


def _reads_layers(spec: dict[str, Any]) -> bool:
    """A filter that names power or keywords (which layers 6 and 7 give, CR 613.1f, 613.4)."""
    return any(key in spec for key in STAT_KEYS) or bool(spec.get("keywords")) or any(
        _reads_layers(each) for each in spec.get("any_of", []))


def layer7_problem(spec: dict[str, Any]) -> str | None:
    """Why a static ability's power and toughness (layer 7, CR 613.4; asp/power_toughness.lp) or
    condition can't be applied: layers 6 and 7 read no power or keyword (613.8: such a dependency
    is not modelled), a count is of permanents or graveyard cards, a characteristic-defining
    ability defines its own source's (604.3); None when it can."""
    if _reads_layers(spec.get("if_you_control", {}).get("filter", {})):
        return "static.if_you_control: a condition can't count objects by power (layers 6 and 7 read it, CR 613.8)"
    changes_pt = "pt" in spec or "cda" in spec or "base_pt" in spec
    if not changes_pt:
        return "static.per: per gives pt for each one counted, and needs pt" if "per" in spec else None
    if "cda" in spec and not spec.get("self"):
        return "static.cda: a characteristic-defining ability defines its own source's (self: true, CR 604.3)"
    # CR 613.6: "are 1/1 creatures", "is an artifact creature with power and toughness each equal to
    # its mana value" set them for the objects its types changed (base_pt beside add_types, nothing else)
    mana_value_pt = spec.get("base_pt") == "mana_value"
    if mana_value_pt and (not spec.get("add_types") or "pt" in spec or "cda" in spec):
        return "static.base_pt: mana_value sets the power and toughness of the objects add_types makes creatures"
    typed_pt = "base_pt" in spec and "pt" not in spec and "cda" not in spec
    if any(spec.get(key) for key in ("set_land_types", "add_land_types", "lose_land_types_and_abilities",
                                      "set_card_types", "set_colorless", "set_colors", "lose_abilities",
                                      "set_subtypes")) or \
            (spec.get("add_types") and not typed_pt):
        return ("static.pt: a static ability that changes types or removes abilities does nothing else (give its "
                "power and toughness as a second static ability after it)")
    if ("pt" in spec or "base_pt" in spec) and _reads_layers(
            {key: value for key, value in spec["affects"].items() if key != "keywords" or not _layer7_only(spec)}):
        return "static.affects: a change of power and toughness can't choose its objects by power (CR 613.8)"
    if any(set(amount) & AFFECTED_AMOUNTS for amount in spec.get("cda", {}).values()) or (
            set(spec.get("per", {})) & AFFECTED_AMOUNTS and ("also" in spec["per"] or "cda" in spec)):
        return ("static.per: an amount counted on each object affected (attached_to_affected, counters_on_affected, "
                "affected_mana_value) is a per's alone")
    counts = [spec.get("per", {})] + list(spec.get("cda", {}).values())
    counts += [each["also"] for each in counts if "also" in each]
    among = [{"count": each[key]} for each in counts for key in ("colors_among", "names_among", "greatest_mana_value",
                                                                 "total_mana_value") if key in each]
    counts = [each for each in counts + among if "count" in each]
    if any(each and each["count"].get("zone", "battlefield") == "battlefield" and (
            _reads_layers({k: v for k, v in each["count"]["filter"].items() if k != "keywords"})
            or "named_chosen" in each["count"]["filter"]
            or any("chosen" in alternative for alternative in each["count"]["filter"].get("any_of", []))
            or ("chosen" in each["count"]["filter"] and each in among)) for each in counts):
        return ("static.per: a power or toughness can't count objects by power (CR 613.8), nor by a chosen "
                "name, nor by a chosen color or type but in a count of permanents")
    return None


def load_library(path: str | Path) -> Library:
    """A card file: definitions (``pysolver-cards/1``), or characteristics and Oracle text
    (``pysolver-oracle/1``) compiled as the built-in library's are."""
    return _document_library(documents.load(path, CardError))


def _document_library(document: documents.Document) -> Library:
    if isinstance(document.data, dict) and document.data.get("format") == ORACLE_FORMAT:
        return compile_oracle_texts(document)
    return parse_library(document)


ORACLE_FORMAT = "pysolver-oracle/1"
# A built-in card given by its characteristics and Oracle text (compiled as it loads).
ORACLE_FIELDS: dict[str, type | tuple[type, ...]] = {
    "name": str, "oracle": str, "types": list, "mana_cost": str, "supertypes": list,
    "subtypes": list, "keywords": list, "power": (int, str), "toughness": (int, str)}


def compile_oracle_texts(document: documents.Document) -> Library:
    """Cards given by their characteristics and Oracle text (``pysolver-oracle/1``),
    compiled by the compiler that compiles imported cards (issue 13: built-in cards are
    compiled cards).  Each must compile ``ok``; the result is validated like a card file."""
    entries = document.data.get("cards")
    if not isinstance(entries, list):
        raise CardError("expected a list of cards", file=document.name, place=document.place(("cards",)))
    compiled = []
    for index, entry in enumerate(entries):
        place = document.place(("cards", index))
        if not isinstance(entry, dict) or not {"name", "types", "oracle"} <= set(entry) or any(
                key not in ORACLE_FIELDS or not isinstance(value, ORACLE_FIELDS[key])
                for key, value in entry.items()):
            raise CardError(f"an Oracle-text card needs name, types and oracle, and only "
                            f"{', '.join(ORACLE_FIELDS)}", file=document.name, place=place)
        card = compile_oracle(json.dumps(entry, sort_keys=True))
        if card is None:
            raise CardError(f"card {entry['name']!r}: its Oracle text does not compile ok; define it by "
                            "hand (and say why in pysolver/data/hand-written-cards.yaml)",
                            file=document.name, place=place)
        compiled.append(card)
    return parse_library(documents.Document(document.name, {"format": "pysolver-cards/1",
                                                            "cards": compiled}, document.marks))


@cache
def compile_oracle(entry_json: str) -> dict[str, Any] | None:
    """A pure function, ``characteristics and Oracle text -> definition`` (None when the
    text doesn't compile ok): what a cache of the built-in library can key on."""
    from pysolver.cards import oracle  # only when the library is built (it is cached)

    entry = json.loads(entry_json)
    stats = {k: str(entry[k]) for k in ("power", "toughness") if k in entry}
    result = oracle.compile_card(entry["name"], entry["oracle"], types=entry["types"],
                                 subtypes=entry.get("subtypes", []), supertypes=entry.get("supertypes", []),
                                 mana_cost=entry.get("mana_cost"), keywords=entry.get("keywords"), **stats)
    return result.card if result.ok else None


@lru_cache(maxsize=1)
def builtin_library() -> Library:
    """The library that ships with pysolver: every file in pysolver/data/cards/, read,
    compiled and validated once, then kept in the cache (pysolver/cache.py) under the hash
    of the files and of pysolver's source (the compiler's among it)."""
    folder = Path(__file__).resolve().parent.parent / "data" / "cards"
    inputs = [(f"pysolver/data/cards/{entry.name}", entry.read_bytes())
              for entry in sorted(folder.iterdir(), key=lambda e: e.name) if entry.name.endswith(".yaml")]
    built = cached("library", inputs, lambda: _build_library(inputs), form="marshal")
    return Library({name: Card(name, data, origin) for name, (data, origin) in built.items()})


def _build_library(inputs: list[tuple[str, bytes]]) -> dict[str, list]:
    cards: dict[str, Card] = {}
    for name, content in inputs:
        document = documents.parse(content.decode("utf-8"), name, CardError)
        if isinstance(document.data, dict) and document.data.get("format") == ORACLE_FORMAT:
            part = compile_oracle_texts(document)
        else:
            part = parse_library(document)
        for card_name, card in part.cards.items():
            if card_name in cards:
                raise CardError(f"card {card_name!r} is also defined in {cards[card_name].origin}",
                                file=name)
            cards[card_name] = card
    return {name: [card.data, card.origin] for name, card in cards.items()}


def library_with(paths: list[str | Path] | tuple = (), environment: bool = False) -> Library:
    """The built-in library with card files added.

    A YAML or JSON card file adds cards and replaces built-in ones of the same
    name.  A SQLite card database (``pysolver cards import``) is consulted only
    for the cards that neither the built-in library nor a card file defines:
    the built-in definitions are hand-checked against the rulings, so they
    take precedence.  With ``environment``, the files named in the variable
    PYSOLVER_CARDS (separated by the path separator) come after ``paths``.
    """
    library = builtin_library()
    paths = list(paths)
    if environment:
        paths += [p for p in os.environ.get(ENVIRONMENT, "").split(os.pathsep) if p]
    if not paths:
        return library
    from pysolver.cards import db as carddb  # imported when a card file is named (issue 16)

    databases = []
    for path in paths:
        if carddb.is_database(path):
            databases.append(_database(str(path), _stamp(path)))
        else:
            library = library.extended(_card_file(str(path), _stamp(path)))
    return library.with_fallbacks(databases) if databases else library


@lru_cache(maxsize=256)
def _card_file(path: str, stamp: tuple[int, int, int] | None) -> Library:  # stamp: a key of the cache only
    """A card file's library (``load_library``), read once a process for the same path and
    the same file (its identity, size and last change: a file written again is read again),
    and kept in the cache folder (pysolver/cache.py) under the hash of its path and content and
    of pysolver's source, as the built-in library is: a run that finds it there reads the file
    but neither parses, validates nor compiles it.  ``pysolver verify`` reads the card files
    its cases name: the ruling corpus named 192 files 323 times, each read about 4 ms of CPU
    (issue 16).  The library is shared, as the built-in library's cards are: ``library_with``
    makes a library of its own from it (``Library.extended``) and no query changes a card."""
    text = documents.read_text(path, CardError)

    def build() -> dict[str, list]:
        library = _document_library(documents.parse(text, path, CardError))
        return {name: [card.data, card.origin] for name, card in library.cards.items()}
    built = cached("card-file", [(path, text.encode("utf-8"))], build, form="marshal")
    return Library({name: Card(name, data, origin) for name, (data, origin) in built.items()})


def _stamp(path: str | Path) -> tuple[int, int, int] | None:
    """The file's identity and last change: a library imported again at the same path is another."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


@lru_cache(maxsize=8)
def _database(path: str, stamp: tuple[int, int, int] | None):  # stamp: a key of the cache only
    from pysolver.cards import db as carddb

    return carddb.CardDatabase(path)


# ------------------------------------------------------------------- facts
def mana_symbols(text: str) -> list[str]:
    return MANA_SYMBOL.findall(text or "")


def color_symbol_counts(mana_cost: str) -> dict[str, int]:
    """Mana symbols of each color in a mana cost; a hybrid symbol counts for each of its colors."""
    counts: dict[str, int] = {}
    for symbol in mana_symbols(mana_cost):
        for color in set(symbol.split("/")) & set(COLORS):
            counts[color] = counts.get(color, 0) + 1
    return counts


def hybrid_pair_counts(mana_cost: str) -> dict[tuple[str, str], int]:
    """Hybrid mana symbols of two colors in a mana cost, by their pair of colors (sorted by
    letter), e.g. {("U", "W"): 2} for {W/U}{W/U} (CR 107.4e)."""
    counts: dict[tuple[str, str], int] = {}
    for symbol in mana_symbols(mana_cost):
        colors = sorted(set(symbol.split("/")) & set(COLORS))
        if len(colors) == 2:
            pair = (colors[0], colors[1])
            counts[pair] = counts.get(pair, 0) + 1
    return counts


def mana_value(mana_cost: str) -> int:
    """CR 202.3: the mana value of a mana cost, X counted as 0 (202.3e, off the stack)."""
    total = 0
    for symbol in mana_symbols(mana_cost):
        first = symbol.split("/")[0]
        if first.isdigit():
            total += int(first)  # {2}, and {2/W} counts 2 (202.3f)
        elif symbol != "X":
            total += 1
    return total


def type_set(spec: Any) -> list[str]:
    if spec == "any_color":
        return list(COLORS)
    if spec == "any_type":
        return list("WUBRGC")
    return list(spec)
