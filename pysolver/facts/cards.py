"""A card's facts: its characteristics and abilities as clingo symbols (the card
predicates of asp/input.lp).  Cards are data (pysolver.cards); this module, like
every part of pysolver.facts, only reads them."""

from __future__ import annotations

from typing import Any, Iterator

from clingo import Function, Number, String, Symbol

from pysolver.cards import (PHASE_STEPS, Card, color_symbol_counts, hybrid_pair_counts, layer7_problem, mana_symbols,
                            mana_value, type_set)
from pysolver.cards.restrictions import ACTIVATION_TIMING, activation_clauses
from pysolver.errors import CardError
from pysolver.facts.creature_types import creature_type_facts, creature_types
from pysolver.memo import per_object
from pysolver.protection import keyword_quality
from pysolver.schemas import EARLY_CONDITIONS  # conditions no layer changes

TYPE_CONSTANT = {t: Function(t.lower()) for t in "WUBRGC"}
# CR 700.8: the creature types of a party.
PARTY_TYPES = ("Cleric", "Rogue", "Warrior", "Wizard")
# CR 208.1: a filter's bounds on power and toughness other than power_at_least (filter_stat_bound/4).
STAT_BOUNDS = ("power_at_most", "toughness_at_least", "toughness_at_most")


def _arguments(value: Symbol | tuple[Symbol, ...] | None) -> list[Symbol]:
    """A filter condition's arguments after the filter: none, one, or several (filter_stat_bound)."""
    return [] if value is None else list(value) if isinstance(value, tuple) else [value]


def quality_facts(keyword: str, sourced: bool = False) -> list[Symbol]:
    """CR 702.16a, 702.11d: keyword_quality(K, Kind, Q) for a keyword of protection or hexproof
    from a quality (Q: color(T), card_type(T), subtype(S), multicolored, monocolored, colorless,
    everything; unjudged for a quality the rules here can't judge: asp/protection.lp).  "From
    the chosen color" is chosen_color only where the rules know the keyword's source (``sourced``:
    a card's printed keyword, a static ability's grant, CR 607.1), else unjudged."""
    found = keyword_quality(keyword)
    if found is None:
        return []
    kind, quality = found
    if quality == ("chosen_color",) and not sourced:
        quality = None
    if quality is None:
        term = Function("unjudged")
    elif quality[0] == "color":
        term = Function("color", [Function(quality[1])])
    elif quality[0] in ("card_type", "subtype"):
        term = Function(quality[0], [String(quality[1])])
    else:
        term = Function(quality[0])
    found_facts = [Function("keyword_quality", [String(keyword.lower()), Function(kind), term])]
    if quality is not None and quality[0] == "subtype":  # a changeling card is each creature type (702.73a)
        found_facts.append(Function("creature_type", [String(quality[1])]))
    return found_facts


def pip_alternatives(symbol: str) -> list[Symbol]:
    """The ways to pay one mana symbol of a cost (CR 107.4): mana(T), generic(N) or life(N)."""
    if symbol.isdigit():
        return [Function("generic", [Number(int(symbol))])]
    if symbol == "X":
        return [Function("generic", [Number(0)])]  # X = 0 is always a legal choice (107.3a)
    alternatives = []
    for part in symbol.split("/"):
        if part in TYPE_CONSTANT:
            alternatives.append(Function("mana", [TYPE_CONSTANT[part]]))
        elif part.isdigit():
            alternatives.append(Function("generic", [Number(int(part))]))
        elif part == "P":
            alternatives.append(Function("life", [Number(2)]))  # Phyrexian mana (107.4f)
        else:
            alternatives.append(Function("other", [String(part)]))  # {S}: not modelled
    return alternatives


# Effects on a spell's or ability's targets (card data `do:`, CR 115.1, 608.2b).
TARGETED = ("damage", "pump", "gain_keywords", "destroy", "untap", "tap", "attach", "counters_on", "target_loses_life",
            "you_gain_life")


class _Emitter:
    """Turns one card's definition into facts."""

    def __init__(self, card: Card):
        self.card = card
        self.name = String(card.name)
        self.facts: list[Symbol] = []
        self.keywords_read: set[str] = set()  # the keywords its filters read (filter_keyword, CR 702)

    def add(self, predicate: str, *args: Symbol) -> None:
        self.facts.append(Function(predicate, list(args)))

    def run(self) -> list[Symbol]:
        data = self.card.data
        for predicate, key in (("card_type", "types"), ("card_subtype", "subtypes"),
                               ("card_supertype", "supertypes")):
            for value in data.get(key, []):
                self.add(predicate, self.name, String(value))
        for keyword in data.get("keywords", []):
            self.add("card_keyword", self.name, String(keyword.lower()))
            self.facts += quality_facts(keyword, sourced=True)
        for stat in ("power", "toughness"):
            if isinstance(data.get(stat), int):
                self.add("card_stat", self.name, Function(stat), Number(data[stat]))
        for color, count in sorted(color_symbol_counts(self.card.mana_cost).items()):
            self.add("cost_color_symbols", self.name, TYPE_CONSTANT[color], Number(count))
        for (first, second), count in sorted(hybrid_pair_counts(self.card.mana_cost).items()):
            self.add("cost_hybrid_symbols", self.name, TYPE_CONSTANT[first], TYPE_CONSTANT[second], Number(count))
        self.add("card_mana_value", self.name, Number(mana_value(self.card.mana_cost)))
        if "prototype" in data:  # CR 702.160a, 718.3b: a prototyped permanent's values
            prototype = data["prototype"]
            self.add("prototype_mana_value", self.name, Number(mana_value(prototype["mana_cost"])))
            for color, count in sorted(color_symbol_counts(prototype["mana_cost"]).items()):
                self.add("prototype_color_symbols", self.name, TYPE_CONSTANT[color], Number(count))
            for (first, second), count in sorted(hybrid_pair_counts(prototype["mana_cost"]).items()):
                self.add("prototype_hybrid_symbols", self.name, TYPE_CONSTANT[first], TYPE_CONSTANT[second],
                         Number(count))
            for stat in ("power", "toughness"):
                self.add("prototype_stat", self.name, Function(stat), Number(prototype[stat]))
        x_symbols = mana_symbols(self.card.mana_cost).count("X")
        if x_symbols:
            self.add("card_x_symbols", self.name, Number(x_symbols))
        for color in data.get("color_indicator", []):
            self.add("card_color", self.name, TYPE_CONSTANT[color])
        for limit in data.get("counter_limits", []):  # CR 101.2, 122.1 (asp/counter_put.lp)
            self.add("counter_limit", self.name, String(limit["kind"]), Number(limit["at_most"]))
        if data.get("counters_prohibited"):  # CR 101.2, 122.1 (asp/counter_put.lp)
            self.add("counters_prohibited", self.name)
        for index, counters in enumerate(data.get("enters_with_counters", [])):
            count = counters["count"]
            if "per" in counters or "if" in counters or "or_kind" in counters:
                self.counters_item(index, counters)
            elif "unjudged" not in counters:  # unjudged: next refuses it entering (pysolver/next_state.py)
                self.add("etb_counters", self.name, String(counters["kind"]),
                         Function("x") if count == "X" else Number(count))
        if "enters_tapped" in data:
            self.enters_tapped(data["enters_tapped"])
        if data.get("doesnt_untap") is True:
            self.add("card_doesnt_untap", self.name)
        elif "if_you_control" in data.get("doesnt_untap", {}):  # CR 502.3: only while its controller controls one
            self.add("card_doesnt_untap_if_control", self.name, self.filter(
                Function("doesnt_untap", [self.name]), "if", data["doesnt_untap"]["if_you_control"]))
        elif "doesnt_untap" in data:  # CR 502.3: only while it has a counter of that kind
            self.add("card_doesnt_untap_counter", self.name, String(data["doesnt_untap"]["if_counter"]))
        self.enters_replacements(data)
        if "untap_limit" in data:  # CR 502.3 (asp/actions.lp)
            limit = data["untap_limit"]
            self.add("untap_limit", self.name, Function(limit["whose"]),
                     self.filter(Function("untap_limit", [self.name]), "untap", limit["filter"]))
        if data.get("may_not_untap"):
            self.add("card_may_not_untap", self.name)
        if data.get("untaps_in_others_untap"):
            self.add("card_untaps_in_others_untap", self.name)
        if "devotion_increase" in data:  # CR 700.5 (asp/mana_production.lp)
            self.add("card_devotion_increase", self.name, Number(data["devotion_increase"]))
        for index, effect in enumerate(data.get("maximum_hand_size", [])):  # CR 402.2, 613.11 (asp/actions.lp)
            kind = next(k for k in ("none", "change", "set") if k in effect)
            self.add("card_hand_size", self.name, Number(index), Function(effect["whose"]), Function(kind),
                     Number(0 if kind == "none" else effect[kind]))
        for effect in data.get("player_keywords", []):  # CR 702.11b, 702.18a (asp/targets.lp)
            self.add("card_player_keyword", self.name, Function(effect["whose"]), String(effect["keyword"]))
        spell = data.get("spell", {})
        spell_targets = self.card.spell_targets()
        if spell_targets:  # CR 115.1a: "target [something]" of an instant or sorcery; an Aura's (303.4a)
            self.targets(Function("spell", [self.name]), {**spell, "targets": spell_targets})
        for position, effect in enumerate(spell.get("do", [])):  # CR 608.2: an instant's or sorcery's effects
            (kind, value), = effect.items()
            if kind in TARGETED:
                continue
            if kind == "extra_turn":
                self.add("spell_extra_turn", self.name)
            elif kind == "add_mana":  # CR 106.4 (asp/effect_mana.lp): the position tells two apart
                added = Function("added", [Function("spell", [self.name]), Number(position)])
                self.add("spell_adds", self.name, added)
                self.effect_mana(added, value)
            else:
                self.add(f"spell_{kind}", self.name, Number(value))
        if "own_cost" in data:
            self.own_cost(data["own_cost"])
        if "alternative_costs" in data:
            self.alternative_conditions(data["alternative_costs"])
        if data.get("cast_as_though_flash"):  # CR 702.8a, 601.3 (asp/actions.lp)
            self.add("card_cast_as_flash", self.name)
        flash_if = data.get("flash_if", {})  # CR 601.3d (asp/actions.lp)
        if "x_at_most" in flash_if:
            self.add("card_flash_if_x_at_most", self.name, Number(flash_if["x_at_most"]))
        if flash_if.get("blocking"):
            self.add("card_flash_if_blocking", self.name)
        if "flash_cost" in data:  # CR 601.3c: as though it had flash, its additional cost paid (asp/actions.lp)
            self.add("card_flash_cost", self.name)
        restricted = data.get("cast_only", {})  # CR 601.3 (asp/actions.lp)
        for step in restricted.get("steps", []):
            self.add("card_cast_only_step", self.name, Function(step))
        if "turn" in restricted:
            self.add("card_cast_only_turn", self.name, Function(restricted["turn"]))
        for key, prefix in (("echo", "echo"), ("cumulative_upkeep", "cumulative")):
            if key not in data:
                continue
            generic = 0
            typed: dict[str, int] = {}
            for symbol in mana_symbols(data[key]):
                if symbol.isdigit():
                    generic += int(symbol)
                else:
                    typed[symbol] = typed.get(symbol, 0) + 1
            for symbol, count in sorted(typed.items()):  # one fact per type: facts are a set
                self.add(f"{prefix}_mana", self.name, TYPE_CONSTANT[symbol], Number(count))
            if generic:
                self.add(f"{prefix}_generic", self.name, Number(generic))
        for index, ability in enumerate(data.get("abilities", [])):
            term = Function("ab", [self.name, Number(index)])
            self.add("card_ability", self.name, term)
            self.ability(term, ability)
            self.shared_limit(term, ability, Function("ab", [self.name, Number(index - 1)]))
        for index, ability in enumerate(data.get("effect", [])):
            term = Function("effect_ab", [self.name, Number(index)])
            self.add("effect_ability", self.name, term)
            self.ability(term, ability)
        return self.facts

    # -- pieces
    def shared_limit(self, term: Symbol, ability: dict[str, Any], previous: Symbol) -> None:
        """CR 603.2: one ability with two trigger events, one ability each (``limit_with_previous``): the limit of
        ``previous``, the ability before it in its list (the card's abilities, or a static ability's grant)."""
        if ability.get("triggered", {}).get("when", {}).get("limit_with_previous"):
            self.add("trig_limit_with", term, previous)

    def own_cost(self, spec: dict[str, Any]) -> None:
        """CR 113.6d, 601.2f: "This spell costs {X} less to cast, where X is ...": N generic mana
        for each one of an amount, the amount's facts on the term own_cost(C) (asp/amounts.lp)."""
        term = Function("own_cost", [self.name])
        self.add("own_cost_change", self.name, Number(spec.get("more", 0) - spec.get("less", 0)))
        added = mana_symbols(spec.get("more_colored", ""))
        for symbol in sorted(set(added)):  # CR 601.2f: that much mana of a type added for each one
            self.add("own_cost_colored", self.name, TYPE_CONSTANT[symbol], Number(added.count(symbol)))
        if "unjudged" in spec.get("if", {}) or (isinstance(spec.get("per"), dict) and "unjudged" in spec["per"]):
            # CR 601.2f: what it counts or depends on, no board records
            self.add("own_cost_unjudged", self.name)
            return
        if "paid" in spec.get("if", {}):  # CR 702.166b: once, when that optional cost is paid
            self.add("own_cost_if_paid", self.name, Function(spec["if"]["paid"]))
            return
        if "during" in spec.get("if", {}):  # CR 601.2f: once, during those steps, on that player's turn
            during = spec["if"]["during"]
            self.add("own_cost_during", self.name)
            for step in during.get("steps", []):
                self.add("own_cost_during_step", self.name, Function(step))
            if "turn" in during:
                self.add("own_cost_during_turn", self.name, Function(during["turn"]))
            return
        if "targets" in spec.get("if", {}):  # CR 601.2c, 601.2f: once, when it targets such a permanent
            aimed = spec["if"]["targets"]
            self.add("own_cost_if_targets", self.name, Function(aimed["whose"]),
                     self.filter(term, "target", aimed["filter"]))
            if aimed.get("tapped"):
                self.add("own_cost_if_target_tapped", self.name)
            return
        if "if" in spec:  # once, while the amount is at least or at most a number
            compare = "at_least" if "at_least" in spec["if"] else "at_most"
            self.add("own_cost_if", self.name, Function(compare), Number(spec["if"][compare]))
        self.cost_amount(term, spec["if"]["amount"] if "if" in spec else spec["per"],
                         fewest="at_most" in spec.get("if", {}))

    def alternative_conditions(self, alternatives: list[Any]) -> None:
        """CR 118.9: the condition of each alternative cost that has one ("If you control a
        Forest, ..."): for each part J, alt_cost_if(C, I, J, at_least|at_most, K) and the
        amount's facts on the term alt_cost(C, I, J) (asp/alternative_costs.lp)."""
        for index, alternative in enumerate(alternatives):
            if not isinstance(alternative, dict):
                continue
            for part, condition in enumerate(alternative.get("if", [])):
                term = Function("alt_cost", [self.name, Number(index), Number(part)])
                compare = "at_least" if "at_least" in condition else "at_most"
                self.add("alt_cost_if", self.name, Number(index), Number(part), Function(compare),
                         Number(condition[compare]))
                self.cost_amount(term, condition["amount"], fewest=compare == "at_most")

    def cost_amount(self, term: Symbol, amount: Any, fewest: bool = False) -> None:
        """The facts of an amount a spell's cost reads (asp/cost_changes.lp cost_amount/2);
        ``fewest``: "an opponent" is the one with the fewest (a condition "at most"), else the most."""
        if isinstance(amount, dict) and "sum" in amount:  # CR 601.2f: "for each A and each B"
            self.add("amount_sum", term)
            for index, part in enumerate(amount["sum"]):
                part_term = Function("sum_part", [term, Number(index)])
                self.add("amount_sum_part", term, part_term)
                self.cost_amount(part_term, part, fewest)
        elif amount == "life_gained":
            self.add("amount_life_gained", term)
        elif amount == "paid_this_way":  # CR 601.2b: the number its any-number additional cost pays
            self.add("amount_paid_this_way", term)
        elif amount == "targets_beyond_first":  # CR 601.2c: the targets chosen as it is cast, but one
            self.add("amount_targets_beyond_first", term)
        elif amount == "life_total":
            self.add("amount_life_total", term)
        elif amount == "party":  # CR 700.8
            self.add("amount_party", term)
            for role in PARTY_TYPES:  # a changeling is each of them (CR 702.73a)
                self.add("creature_type", String(role))
        elif amount == "graveyard_card_types":  # CR 205.2a
            self.add("amount_graveyard_card_types", term)
        elif amount in ("spells_cast", "spells_cast_all"):  # CR 601.2i: cast this turn before it
            self.add("amount_spells_cast", term, Function("you" if amount == "spells_cast" else "any"))
        elif "count" in amount and (count_zone(amount) == "hand" or amount["count"].get("whose") == "an_opponent"):
            whose = amount["count"].get("whose", "you")
            if count_zone(amount) == "graveyard":
                raise CardError("own_cost: a count of one opponent's graveyard cards is not counted")
            if whose == "an_opponent":  # CR 102.3: one opponent, the one for whom the condition holds
                whose = "least_opponent" if fewest else "most_opponent"
            kind = "amount_hand_count" if count_zone(amount) == "hand" else "amount_player_count"
            self.add(kind, term, Function(whose), self.filter(term, "amount", amount["count"]["filter"]))
        elif "greatest" in amount:
            greatest = amount["greatest"]
            self.add("amount_greatest", term, Function(greatest["stat"]), Function(greatest.get("whose", "you")),
                     self.filter(term, "amount", greatest["filter"]))
        elif "total" in amount:  # CR 208.1, 202.3 (asp/amounts.lp)
            total = amount["total"]
            self.add("amount_total", term, Function(total["stat"]), Function(total.get("whose", "you")),
                     self.filter(term, "amount", total["filter"]))
        elif count_zone(amount) == "graveyard":
            self.add("amount_graveyard_count", term, Function(amount["count"].get("whose", "you")),
                     self.filter(term, "amount", amount["count"]["filter"]))
        else:
            self.add("amount_count", term, Function(amount["count"].get("whose", "you")),
                     self.filter(term, "amount", amount["count"]["filter"]))

    def counters_item(self, index: int, spec: dict[str, Any]) -> None:
        """CR 614.1c: counters it enters with if it was kicked (702.33d), or for each one of an
        amount (a count of permanents or of graveyard cards), judged as it enters (zone_change.lp)."""
        item = Function("counters_item", [self.name, Number(index)])
        count = spec["count"]
        if count == "X" or not isinstance(count, int):
            raise CardError("enters_with_counters: an item with per or if counts a number, not X")
        self.add("etb_counters_item", self.name, item, String(spec["kind"]), Number(count))
        if spec.get("if") == "kicked":
            self.add("etb_counters_if_kicked", item)
        elif isinstance(spec.get("if"), dict) and "spells_cast" in spec["if"]:  # CR 601.2i: N or more spells this turn
            self.add("etb_counters_if_spells", item, Number(spec["if"]["spells_cast"]))
        elif isinstance(spec.get("if"), dict) and "colors_spent" in spec["if"]:  # CR 601.2h: colors of mana spent
            (compare, bound), = spec["if"]["colors_spent"].items()
            self.add("etb_counters_if_colors_spent", item, Function(compare), Number(bound))
        elif isinstance(spec.get("if"), dict) and "spent" in spec["if"]:  # CR 601.2h: that much mana of a type
            self.add("etb_counters_if_spent", item, TYPE_CONSTANT[spec["if"]["spent"]["type"]],
                     Number(spec["if"]["spent"]["at_least"]))
        elif isinstance(spec.get("if"), dict) and "same_color_spent" in spec["if"]:  # CR 601.2h: adamant
            self.add("etb_counters_if_same_color_spent", item, Number(spec["if"]["same_color_spent"]))
        elif isinstance(spec.get("if"), dict):  # CR 601.2a: it was cast (from a zone)
            zone = spec["if"].get("cast_from")
            self.add("etb_counters_if_cast", item, Function(zone or "any"))
        if "or_kind" in spec:  # CR 614.1c: its controller chooses the kind (zone_change.lp)
            self.add("etb_counters_or_kind", item, String(spec["or_kind"]))
            for kind in spec.get("more_kinds", []):  # "two different counters on it from among A, B, and C"
                self.add("etb_counters_or_kind", item, String(kind))
            if "choose" in spec:
                self.add("etb_counters_choose", item, Number(spec["choose"]))
        amount = spec.get("per")
        if amount == "life_gained":  # CR 119.3: the life its controller gained this turn (zone_change.lp)
            self.add("etb_counters_life_gained", item)
        elif amount == "colors_spent":  # CR 702.44a: the colors of mana spent to cast it (zone_change.lp)
            self.add("etb_counters_colors_spent", item)
        elif isinstance(amount, dict) and "greatest" in amount:  # CR 208.1, 614.12 (zone_change.lp)
            greatest = amount["greatest"]
            self.add("etb_counters_greatest", item, Function(greatest["stat"]), Function(greatest.get("whose", "you")),
                     self.filter(item, "greatest", greatest["filter"]))
        elif isinstance(amount, dict) and "total" in amount:  # CR 208.1, 614.12 (zone_change.lp)
            total = amount["total"]
            self.add("etb_counters_total", item, Function(total["stat"]), Function(total.get("whose", "you")),
                     self.filter(item, "total", total["filter"]))
        elif amount is not None:
            if not isinstance(amount, dict) or "count" not in amount:
                raise CardError("enters_with_counters: per is a count of permanents or of graveyard cards")
            whose = Function(amount["count"].get("whose", "you"))
            spec_filter = self.filter(item, "per", amount["count"]["filter"])
            if count_zone(amount) == "graveyard":
                self.add("amount_graveyard_count", item, whose, spec_filter)
            elif count_zone(amount) == "battlefield":
                self.add("etb_counters_per", item, whose, spec_filter)
            else:
                raise CardError(f"enters_with_counters: per counts no cards in {count_zone(amount)}")

    def enters_replacements(self, data: dict[str, Any]) -> None:
        """CR 614.1c, 614.12: what replaces or goes with entering (asp/zone_change.lp)."""
        instead = data.get("enters_instead")
        if instead and "sacrifice" in instead:
            spec = instead["sacrifice"]
            self.add("etb_instead_sacrifice", self.name, Number(spec["count"]),
                     self.filter(Function("etb", [self.name]), "sacrifice", spec["filter"]),
                     Function("untapped" if spec.get("untapped") else "any"))
        if instead and "discard" in instead:
            self.add("etb_instead_discard", self.name, String(instead["discard"]["types"][0]))
        if instead and instead.get("optional"):
            self.add("etb_instead_optional", self.name)
        if "devour" in data:  # CR 702.82a (asp/zone_change.lp)
            self.add("etb_devour", self.name, Number(data["devour"]["count"]),
                     self.filter(Function("etb", [self.name]), "devour", data["devour"]["filter"]))
        if "as_enters_sacrifice_all" in data:
            self.add("etb_sacrifice_all", self.name,
                     self.filter(Function("etb", [self.name]), "sacrifice_all", data["as_enters_sacrifice_all"]))
        if "additional_land_plays" in data:
            self.add("card_additional_land_plays", self.name, Number(data["additional_land_plays"]))
        if "instead_of_losing" in data:  # CR 614.1a (asp/state_based.lp); CR 103.4: the starting life total
            life = data["instead_of_losing"]["life"]
            if life == "starting":
                self.add("card_instead_of_losing_start", self.name)
            else:
                self.add("card_instead_of_losing", self.name, Number(life))
        if "instead_of_losing_unjudged" in data:  # CR 614.1a (asp/state_based.lp: next refuses)
            self.add("card_instead_of_losing_unjudged", self.name)
        if data.get("protection_keeps_self"):  # CR 702.16n (asp/state_based.lp)
            self.add("card_protection_keeps_self", self.name)
        if "library_instead_of_graveyard" in data:  # CR 614.1a (asp/zone_change.lp)
            instead = data["library_instead_of_graveyard"]
            self.add("card_library_instead", self.name, Function(instead["whence"]), Function(instead["where"]))
        if "exiled_instead_of_graveyard" in data:  # CR 614.1a (asp/zone_change.lp)
            self.add("card_exiled_instead", self.name, Function(data["exiled_instead_of_graveyard"]))
        for index, more in enumerate(data.get("others_enter_with_counters", [])):
            term = Function("more", [self.name, Number(index)])
            self.add("etb_more_counters", term, self.filter(term, "enters", more["filter"]),
                     String(more["kind"]), Number(more["count"]))
            if "per" in more:
                self.add("etb_more_counters_per", term, self.filter(term, "per", more["per"]))
            if "per_counters" in more:  # CR 122.1: as many as the counters of that kind on the source
                self.add("etb_more_counters_own", term, String(more["per_counters"]))
            if "unjudged" in more:  # what happened this turn (pysolver next refuses where it applies)
                self.add("etb_more_counters_unjudged", term)
        if "others_enter_tapped" in data:  # CR 614.1c, 614.12 (zone_change.lp)
            spec = data["others_enter_tapped"]
            self.add("others_enter_tapped", self.name, Function(spec["whose"]),
                     self.filter(Function("etb", [self.name]), "tapped", spec["filter"]))
        if "enters_as_copy" in data:  # CR 614.1c, 707.5 (zone_change.lp)
            spec = data["enters_as_copy"]
            self.add("etb_copy", self.name, Function(spec["whose"]),
                     self.filter(Function("etb", [self.name]), "copy", spec["filter"]))
        if "others_enter_untapped" in data:
            self.add("others_enter_untapped", self.name,
                     self.filter(Function("etb", [self.name]), "untapped", data["others_enter_untapped"]))

    def enters_tapped(self, spec: Any) -> None:
        """CR 614.1c: "enters tapped", and the condition under which it applies (zone_change.lp)."""
        if isinstance(spec, dict) and "unjudged" in spec:
            return  # a choice next doesn't judge: it refuses the permanent entering (pysolver/next_state.py)
        self.add("card_enters_tapped", self.name)
        if spec is True:
            return
        for key, mode, whose in (("unless_you_control", "unless", None), ("when_you_control", "when", None),
                                 ("unless_opponents_control", "unless", "opponents"),
                                 ("unless_an_opponent_controls", "unless", "opponent")):
            condition = spec.get(key)
            if condition:
                compare = "at_most" if "at_most" in condition else "at_least"
                self.add("etb_tapped_control", self.name, Function(mode), Function(compare),
                         Number(condition[compare]),
                         self.filter(Function("etb", [self.name]), "control", condition["filter"]))
                if whose:  # CR 102.3: its controller's opponents' permanents (zone_change.lp)
                    self.add("etb_tapped_control_whose", self.name, Function(whose))
        if spec.get("unless_your_turn"):
            self.add("etb_tapped_unless_your_turn", self.name)
        if "unless_opponents_at_least" in spec:
            self.add("etb_tapped_opponents", self.name, Number(spec["unless_opponents_at_least"]))
        if "unless_your_turn_at_most" in spec:
            self.add("etb_tapped_your_turn_at_most", self.name, Number(spec["unless_your_turn_at_most"]))
        if spec.get("if_starting_player"):
            self.add("etb_tapped_if_starting_player", self.name)
        if "unless_a_player_life_at_most" in spec:
            self.add("etb_tapped_life_at_most", self.name, Number(spec["unless_a_player_life_at_most"]))
        if "unless_pay_life" in spec:
            self.add("etb_tapped_life", self.name, Number(spec["unless_pay_life"]))
        if "unless_reveal" in spec:
            wanted = spec["unless_reveal"]
            for index, alternative in enumerate(wanted.get("any_of", [wanted])):
                for key, predicate in (("types", "reveal_type"), ("subtypes", "reveal_subtype"),
                                       ("supertypes", "reveal_supertype")):
                    for value in alternative.get(key, []):
                        self.add(predicate, self.name, Number(index), String(value))
                self.creature_types(alternative.get("subtypes", []))
                self.add("reveal_alternative", self.name, Number(index))

    def filter(self, owner: Symbol, role: str, spec: dict[str, Any]) -> Symbol:
        """A filter term named by its content, so equal filters of different cards are one."""
        conditions: list[tuple[str, str, Symbol | tuple[Symbol, ...] | None]] = []
        for predicate, key in (("filter_type", "types"), ("filter_not_type", "not_types"),
                               ("filter_subtype", "subtypes"), ("filter_not_subtype", "not_subtypes"),
                               ("filter_supertype", "supertypes"), ("filter_not_supertype", "not_supertypes")):
            for value in sorted(spec.get(key, [])):
                conditions.append((predicate, key, String(value)))
        for color in sorted(spec.get("colors", [])):
            conditions.append(("filter_color", "colors", TYPE_CONSTANT[color]))
        for color in sorted(spec.get("not_colors", [])):  # CR 105.2: "nonwhite"
            conditions.append(("filter_not_color", "not_colors", TYPE_CONSTANT[color]))
        if "max_mana_value" in spec:
            conditions.append(("filter_max_mana_value", "max_mana_value", Number(spec["max_mana_value"])))
        if "min_mana_value" in spec:
            conditions.append(("filter_min_mana_value", "min_mana_value", Number(spec["min_mana_value"])))
        for keyword in sorted(spec.get("keywords", [])):
            conditions.append(("filter_keyword", "keywords", String(keyword.lower())))
            self.keywords_read.add(keyword.lower())
        if "token" in spec:
            conditions.append(("filter_token" if spec["token"] else "filter_nontoken", "token", None))
        if spec.get("commander"):  # CR 903.3
            conditions.append(("filter_commander", "commander", None))
        if spec.get("not_owned"):  # CR 108.3 (asp/filter_conditions.lp)
            conditions.append(("filter_not_owned", "not_owned", None))
        if "tapped" in spec:  # CR 110.5: a permanent's status
            conditions.append(("filter_tapped", "tapped", Function("tapped" if spec["tapped"] else "untapped")))
        if spec.get("attacking"):  # CR 508.1k: an attacking creature
            conditions.append(("filter_attacking", "attacking", None))
        if spec.get("face_down"):  # CR 708.2: a face-down permanent
            conditions.append(("filter_face_down", "face_down", None))
        if "with_counter" in spec:
            conditions.append(("filter_counter", "with_counter", String(spec["with_counter"])))
        if spec.get("with_counters"):  # CR 122.1: a counter of any kind
            conditions.append(("filter_any_counter", "with_counters", None))
        if "named" in spec:
            conditions.append(("filter_name", "named", String(spec["named"])))
        if "power_at_least" in spec:
            conditions.append(("filter_power_min", "power_at_least", Number(spec["power_at_least"])))
        for key in STAT_BOUNDS:  # CR 208.1: "with power 2 or less", "with toughness 4 or greater"
            if key in spec:
                stat, _, bound = key.partition("_at_")
                conditions.append(("filter_stat_bound", key, (Function(stat), Function(bound), Number(spec[key]))))
        if spec.get("x_in_mana_cost"):
            conditions.append(("filter_x_cost", "x_in_mana_cost", None))
        if spec.get("no_abilities"):  # CR 113.1: a card with no abilities (card_has_abilities, spend_spell)
            conditions.append(("filter_no_abilities", "no_abilities", None))
        for count in ("colorless", "multicolored"):  # CR 105.2c, 105.2b
            if spec.get(count):
                conditions.append((f"filter_{count}", count, None))
        if spec.get("entered_this_turn"):
            conditions.append(("filter_entered_this_turn", "entered_this_turn", None))
        if spec.get("attached") == "modified":  # CR 700.9 (asp/filter_conditions.lp)
            conditions.append(("filter_modified", "attached", None))
        elif "attached" in spec:  # CR 301.5, 303.4
            conditions.append(("filter_attached", "attached", String(spec["attached"])))
        if spec.get("other"):
            conditions.append(("filter_other", "other", None))
        if spec.get("named_chosen"):
            conditions.append(("filter_named_chosen", "named_chosen", None))
        if "chosen" in spec:  # CR 607.1: the color or creature type chosen as the source entered
            conditions.append(("filter_chosen", "chosen", String(spec["chosen"])))
        alternatives = [self.filter(owner, role, each) for each in spec.get("any_of", [])]
        for each in alternatives:
            conditions.append(("filter_any", "any_of", each))
        term = Function("flt", [Function("", [Function(key)] + _arguments(value)) for _, key, value in conditions])
        self.add("filter", term)
        for predicate, _, value in conditions:
            self.add(predicate, term, *_arguments(value))
        self.creature_types(spec.get("subtypes", []) + spec.get("not_subtypes", []))
        return term

    def creature_types(self, subtypes: list[str]) -> None:
        """The creature types a filter names (CR 205.3m): a changeling card is each of them
        (702.73a, asp/filter_conditions.lp)."""
        for subtype in subtypes:
            if subtype in creature_types():
                self.add("creature_type", String(subtype))

    def costs(self, term: Symbol, items: list[Any]) -> None:
        pips = 0
        for item in items:
            if isinstance(item, str) and item not in ("{T}", "{Q}", "sacrifice_self"):
                for symbol in mana_symbols(item):
                    for alternative in pip_alternatives(symbol):
                        self.add("cost_pip", term, Number(pips), alternative)
                    pips += 1
        if pips:
            self.add("cost_pips", term, Number(pips))
        for position, item in enumerate(items):
            step = Number(position)
            if item == "{T}":
                self.add("cost", term, Function("tap"))
                self.add("cost_step", term, step, Function("tap"))
            elif item == "{Q}":
                self.add("cost", term, Function("untap"))
                self.add("cost_step", term, step, Function("untap"))
            elif item == "sacrifice_self":
                self.add("cost", term, Function("sacrifice_self"))
            elif isinstance(item, str):
                pass  # its mana symbols are the cost_pip facts above
            elif "remove_counters" in item:
                spec = item["remove_counters"]
                count = spec.get("count", 1)
                amount = Function("x") if count == "X" else Number(count)
                self.add("cost_remove_counter", term, String(spec["kind"]), amount)
            elif "sacrifice_x" in item:
                self.add("cost_sacrifice_x", term, self.filter(term, f"cost{position}", item["sacrifice_x"]))
            elif "sacrifice" in item:
                self.add("cost_sacrifice", term, self.filter(term, f"cost{position}", item["sacrifice"]))
            elif "pay_life" in item:
                self.add("cost_life", term, Number(item["pay_life"]))
            elif "discard" in item:
                self.add("cost_discard", term, Number(item["discard"]))
            elif "tap_untapped" in item:
                spec = item["tap_untapped"]
                # CR 107.3a: "Tap X untapped ...": X may be 0, so the cost needs none tapped
                # (an ability that isn't a mana ability: ability_mana refuses it in a mana one).
                count = spec.get("count", 1)
                self.add("cost_tap_others", term, Number(0 if count == "X" else count),
                         self.filter(term, f"cost{position}", spec["filter"]))
            elif "text" in item:
                self.add("cost_text", term, String(item["text"]))
            elif "exile_from_graveyard" in item:  # CR 701.11a: cards of its controller's graveyard
                spec = item["exile_from_graveyard"]
                self.add("cost_exile_graveyard", term, Number(spec["count"]),
                         self.filter(term, f"cost{position}", spec["filter"]))
            elif "untap_tapped" in item:
                spec = item["untap_tapped"]
                self.add("cost_untap_others", term, Number(spec.get("count", 1)),
                         Function(spec.get("whose", "you")),
                         self.filter(term, f"cost{position}", spec["filter"]))

    def riders(self, term: Symbol, riders: list[dict[str, Any]], predicate: str = "rider") -> None:
        for rider in riders:
            (key, value), = rider.items()
            argument = String(value) if isinstance(value, str) else Number(value)
            self.add(predicate, term, Function(key), argument)

    def ability(self, term: Symbol, ability: dict[str, Any]) -> None:
        (kind, spec), = ability.items()
        self.add("kind", term, Function(kind))
        if isinstance(spec, dict) and "anchor" in spec:  # CR 614.12b (asp/objects.lp)
            self.add("ability_anchor", term, String(spec["anchor"]))
        if kind == "triggered" and "if_level" in spec:  # CR 716.2a (asp/objects.lp)
            self.add("ability_if_level", term, Number(spec["if_level"]))
        getattr(self, f"ability_{kind}")(term, spec)

    def ability_mana(self, term: Symbol, spec: dict[str, Any]) -> None:
        if any(isinstance(item, dict) and item.get("tap_untapped", {}).get("count") == "X"
               for item in spec["cost"]):
            raise CardError("a mana ability with \"Tap X untapped ...\" in its cost: no query models "
                            "the X tapped for mana (CR 107.3a)")
        self.costs(term, spec["cost"])
        self.mana_added(term, spec["add"], spec["cost"])
        if "instead" in spec:
            self.instead(term, spec["instead"])
        if "player" in spec:
            self.add("adds_to", term, Function(spec["player"]))
        self.riders(term, spec.get("riders", []))
        if "chance" in spec:  # CR 705.1: the result of the flip on which it adds its mana
            self.add("flips_coin", term, Function({"win": "won", "lose": "lost"}[spec["chance"]["coin"]]))
        if "unless_paid" in spec:  # CR 608.2d: who may pay, and what
            self.add("unless_paid", term, Function(spec["unless_paid"]["by"]),
                     String(spec["unless_paid"]["cost"]))
        if "restriction" in spec:
            self.add("restricted", term)
        self.activation_conditions(term, spec)
        if "activation_restriction" in spec:
            self.activation_restriction(term, spec["activation_restriction"])

    def effect_mana(self, term: Symbol, value: str | dict[str, Any]) -> None:
        """CR 106.4: a resolving spell's or ability's "Add ..." (card data add_mana: a mana string, or what a mana
        ability's add is), the mana production facts a mana ability's add has, of the term ``term``
        (asp/effect_mana.lp)."""
        self.mana_added(term, {"mana": value} if isinstance(value, str) else value, [])

    def mana_added(self, term: Symbol, add: dict[str, Any], cost: list[Any]) -> None:
        """What a mana ability's ``add`` (or a resolving effect's, effect_mana) produces, as facts of ``term``
        (asp/mana_production.lp); ``cost`` its cost (an amount may read the permanent it sacrificed)."""
        if "mana" in add:
            self.add("produces", term, Function("fixed"))
            counts: dict[str, int] = {}
            for symbol in mana_symbols(add["mana"]):
                counts[symbol] = counts.get(symbol, 0) + 1
            for symbol, count in sorted(counts.items()):
                self.add("produce_fixed", term, TYPE_CONSTANT[symbol], Number(count))
        elif "one_of" in add or "combination" in add:
            form = "one_type" if "one_of" in add else "combination"
            self.add("produces", term, Function(form))
            for mana_type in type_set(add.get("one_of", add.get("combination"))):
                self.add("produce_type", term, TYPE_CONSTANT[mana_type])
        elif "reflect" in add:
            reflect = add["reflect"]
            self.add("produces", term, Function("reflect"))
            self.add("reflect", term, Function(reflect.get("whose", "you")),
                     self.filter(term, "reflect", reflect["filter"]),
                     Function(reflect.get("kind", "type")))
            if reflect.get("untapped"):
                self.add("reflect_untapped", term)
        elif "commander_colors" in add:
            self.add("produces", term, Function("commander"))
        elif "options" in add:
            self.add("produces", term, Function("options"))
            for index, option in enumerate(add["options"]):
                counts = {}
                for symbol in mana_symbols(option):
                    counts[symbol] = counts.get(symbol, 0) + 1
                for symbol, count in sorted(counts.items()):
                    self.add("option", term, Number(index), TYPE_CONSTANT[symbol], Number(count))
        elif "chosen_color" in add or "distinct" in add:
            form = "chosen_color" if "chosen_color" in add else "distinct"
            self.add("produces", term, Function(form))
            extra = add[form]
            for mana_type in ([] if extra is True else type_set(extra)):
                self.add("produce_type", term, TYPE_CONSTANT[mana_type])
        elif "double_pool" in add:
            self.add("produces", term, Function("pool"))
        elif "color_among" in add or "each_color_among" in add:
            form = "color_among" if "color_among" in add else "each_color_among"
            among = add[form]
            self.add("produces", term, Function(form))
            self.add("color_among", term, Function(among.get("zone", "battlefield")),
                     Function(among.get("whose", "you")), self.filter(term, "among", among["filter"]))
        amount = add.get("amount")
        if isinstance(amount, int):
            self.add("amount", term, Number(amount))
        elif amount == "devotion":
            self.add("amount_devotion", term)
        elif isinstance(amount, dict) and "devotion" in amount:
            self.add("amount_devotion_color", term, TYPE_CONSTANT[amount["devotion"]])
        elif isinstance(amount, dict) and "count" in amount and count_zone(amount) == "graveyard":
            count = amount["count"]
            self.add("amount_graveyard_count", term, Function(count.get("whose", "you")),
                     self.filter(term, "amount", count["filter"]))
        elif isinstance(amount, dict) and "total" in amount:  # CR 208.1, 202.3 (asp/mana_amounts.lp)
            total = amount["total"]
            self.add("amount_total", term, Function(total["stat"]), Function(total.get("whose", "you")),
                     self.filter(term, "amount", total["filter"]))
        elif isinstance(amount, dict) and "count" in amount and count_zone(amount) == "hand":
            count = amount["count"]
            self.add("amount_hand_cards", term, Function(count.get("whose", "you")),
                     self.filter(term, "amount", count["filter"]))
        elif isinstance(amount, dict) and "count" in amount:
            count = amount["count"]
            if count_zone(amount) != "battlefield":  # the exiled cards are counted by no mana amount rule
                raise CardError(f"a mana amount counts permanents, cards in graveyards or in hands, not zone "
                                f"{count_zone(amount)!r}")
            self.add("amount_count", term, Function(count.get("whose", "you")),
                     self.filter(term, "amount", count["filter"]))
        elif isinstance(amount, dict) and "counter" in amount:
            counter = amount["counter"]
            self.add("amount_counter", term, String(counter["kind"]), Number(counter["then"]),
                     Number(counter.get("else", 1)))
        elif amount == "X":
            self.add("amount_x", term, Number(0))
        elif isinstance(amount, dict) and "x_plus" in amount:
            self.add("amount_x", term, Number(amount["x_plus"]))
        elif isinstance(amount, dict) and "counters_on_self" in amount and "plus" in amount:
            self.add("amount_counters_plus", term, String(amount["counters_on_self"]),
                     Number(amount["plus"]))
        elif isinstance(amount, dict) and "counters_on_self" in amount:
            self.add("amount_counters", term, String(amount["counters_on_self"]))
        elif isinstance(amount, dict) and "revealed" in amount:
            self.add("amount_revealed", term, self.filter(term, "amount", amount["revealed"]["filter"]))
        elif isinstance(amount, dict) and "sacrificed" in amount:
            if not any(isinstance(item, dict) and "sacrifice" in item for item in cost):
                raise CardError("an amount read from the sacrificed permanent needs a `sacrifice:` cost item")
            self.add("amount_sacrificed", term, Function(amount["sacrificed"]))
        elif amount in ("power", "toughness"):
            self.add("amount_stat", term, Function(amount))
        elif amount == "creatures_sharing_a_type":
            self.add("amount_sharing_type", term)
        elif amount == "life_gained":
            self.add("amount_life_gained", term)
        elif isinstance(amount, dict) and "greatest" in amount:
            greatest = amount["greatest"]
            self.add("amount_greatest", term, Function(greatest["stat"]),
                     Function(greatest.get("whose", "you")),
                     self.filter(term, "amount", greatest["filter"]))
        elif isinstance(amount, dict) and "if_you_control" in amount:
            self.add("amount_if_control", term, self.filter(term, "amount", amount["if_you_control"]),
                     Number(amount["then"]), Number(amount["else"]))

    def activation_conditions(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 602.1b: an ability's "Activate only if ..." conditions (activate_only_if)."""
        if "only_if_you_control" in spec:
            if "only_if" in spec:
                raise CardError("an ability with both only_if_you_control and only_if: say every "
                                "condition in only_if")
            wanted = spec["only_if_you_control"]
            for position, each in enumerate(wanted if isinstance(wanted, list) else [wanted]):
                role = "only_if" if position == 0 else f"only_if{position}"
                self.add("activate_only_if", term, Function("controls", [self.filter(term, role, each),
                                                                        Number(1)]))
        for position, condition in enumerate(spec.get("only_if", [])):
            self.add("activate_only_if", term, self.only_if(term, position, condition))

    def only_if(self, term: Symbol, position: int, condition: dict[str, Any]) -> Symbol:
        """CR 602.1b: one condition of "Activate only if ..." as asp/legality.lp reads it:
        controls(F, N), self_is(F), entered, self_counters(Kind, N), level(N), graveyard_cards(F, N) ..."""
        role = "only_if" if position == 0 else f"only_if{position}"
        if "you_control" in condition:
            return Function("controls", [self.filter(term, role, condition["you_control"]),
                                        Number(condition.get("at_least", 1))])
        if "self_is" in condition:
            return Function("self_is", [self.filter(term, role, condition["self_is"])])
        if "self_counters" in condition:
            return Function("self_counters", [String(condition["self_counters"]),
                                         Number(condition.get("at_least", 1))])
        if "graveyard" in condition:  # CR 602.5b, 404.2: cards of a kind in its controller's graveyard
            return Function("graveyard_cards", [self.filter(term, role, condition["graveyard"]),
                                                Number(condition["at_least"])])
        if "self_attached_to" in condition:  # CR 702.151a
            return Function("self_attached_to", [self.filter(term, role, condition["self_attached_to"])])
        if "designation" in condition:  # CR 722.1, 723.1, 702.131c, 309.7
            return Function("designation", [Function(condition["designation"])])
        if "self_level" in condition:  # CR 716.2a: a class level bar's "if this Class is level N-1"
            return Function("level", [Number(condition["self_level"])])
        for key in ("life_at_least", "life_at_most", "hand_at_least", "hand_at_most"):
            if key in condition:  # CR 119.1, 402.1: life(most, N), hand(least, N), ...
                what, bound = key.split("_at_")
                return Function(what, [Function("least" if bound == "least" else "most"), Number(condition[key])])
        return Function("entered")

    def activation_restriction(self, term: Symbol, text: str) -> None:
        """CR 602.5b, 602.5d: "Activate only ..." as the facts asp/legality.lp reads."""
        clauses = activation_clauses(text)
        if clauses is None:
            raise CardError(f"activation_restriction {text!r}: not a restriction the rules model "
                            f"(a timing: {', '.join(ACTIVATION_TIMING)}; or once, twice ... each turn)")
        for kind, value in clauses:
            if kind == "limit":
                self.add("activate_limit", term, Number(value[0]), Function(value[1]))
            elif kind == "graveyard":
                self.add("activate_if_graveyard", term, Number(value))
            elif value == "sorcery":
                self.add("activate_as_sorcery", term)
            elif value != "instant":  # CR 602.5d: "as an instant" is any time with priority
                self.add("activate_during", term, Function(value))

    def instead(self, term: Symbol, spec: dict[str, Any]) -> None:
        """A mana ability's own "instead" (CR 614.15): instead_if/2, instead_fixed/3,
        instead_type/2 and instead_amount/2 (asp/mana_instead.lp)."""
        condition = spec["if"]
        if "counter" in condition:
            self.add("instead_if", term, Function("counter", [String(condition["counter"])]))
        for index, each in enumerate(condition.get("you_control", [])):
            self.add("instead_if", term, Function("control", [self.filter(term, f"instead{index}", each)]))
        if "designation" in condition:  # CR 722.1, 723.1, 702.131c, 309.7
            self.add("instead_if", term, Function("designation", [Function(condition["designation"])]))
        add = spec["add"]
        if "mana" in add:
            counts: dict[str, int] = {}
            for symbol in mana_symbols(add["mana"]):
                counts[symbol] = counts.get(symbol, 0) + 1
            for symbol, count in sorted(counts.items()):
                self.add("instead_fixed", term, TYPE_CONSTANT[symbol], Number(count * add.get("amount", 1)))
        else:
            for mana_type in type_set(add["one_of"]):
                self.add("instead_type", term, TYPE_CONSTANT[mana_type])
            self.add("instead_amount", term, Number(add.get("amount", 1)))

    def ability_replacement(self, term: Symbol, spec: dict[str, Any]) -> None:
        self.add("repl_source", term, self.filter(term, "tapped", spec["tapped"]))
        self.add("repl_tapper", term, Function(spec.get("tapper", "any")))
        if "controller" in spec:
            self.add("repl_source_controller", term, Function(spec["controller"]))
        if "min_amount" in spec:
            self.add("repl_min_amount", term, Number(spec["min_amount"]))
        if "multiply" in spec:
            self.add("repl_multiply", term, Number(spec["multiply"]))
        else:
            becomes = spec["becomes"]
            # "a color of your choice": one replacement per color the player may choose (CR 614.1a)
            for mana_type in "WUBRG" if becomes.get("any_color") else becomes["type"]:
                self.add("repl_set_type", term, TYPE_CONSTANT[mana_type])
            if "amount" in becomes:
                self.add("repl_set_amount", term, Number(becomes["amount"]))

    def ability_mana_trigger(self, term: Symbol, spec: dict[str, Any]) -> None:
        self.add("trig_source", term, self.filter(term, "tapped", spec["tapped"]))
        self.add("trig_tapper", term, Function(spec.get("tapper", "any")))
        if spec.get("enchanted"):
            self.add("trig_enchanted", term)
        if spec.get("self"):  # "Whenever ~ is tapped for mana": its own source only (mana_triggers.lp)
            self.add("trig_self", term)
        if "tapped_for" in spec:  # CR 106.12a: "tapped for {C}"
            if spec["tapped_for"] == "chosen":  # "for mana of the chosen color" (mana_triggers.lp)
                self.add("trig_tapped_for_chosen", term)
            else:
                self.add("trig_tapped_for", term, TYPE_CONSTANT[spec["tapped_for"]])
        (form, value), = spec["add"].items()
        # CR 605.1b, 106.1: what it adds, as the vectors of mana it may add (one for "{G}{G}", one
        # for each type of "{R} or {G}", one for each option of "{U}{U} or {B}{B}"): a choice among them.
        alternatives = _trigger_vectors(form, value)
        if alternatives is None:
            self.add("trig_add", term, Function(form), Number(value))
        for vector in alternatives or ():
            self.add("trig_add", term, Function("vector"), vector)
        if spec.get("any_mana_ability"):  # CR 605.1b: "Whenever a land's ability causes you to add ..."
            self.add("trig_any_ability", term)
        if spec.get("optional"):  # CR 603.5: "may add"
            self.add("trig_optional", term)
        if "instead" in spec:  # CR 608.2c: "If that Island is snow, ... {U}{U} instead"
            instead = spec["instead"]
            self.add("trig_instead_if", term, self.filter(term, "instead", instead["if_matches"]))
            (form, value), = instead["add"].items()
            for vector in _trigger_vectors(form, value) or ():
                self.add("trig_instead_add", term, vector)
        if "restriction" in spec:  # CR 106.6: the mana it adds carries it
            self.add("trig_restriction", term, String(spec["restriction"]))
        self.riders(term, spec.get("riders", []), "trig_rider")

    def ability_static(self, term: Symbol, spec: dict[str, Any]) -> None:
        self.add("static_affects", term, Function(spec.get("whose", "any")),
                 self.filter(term, "affects", spec["affects"]))
        if spec.get("enchanted"):
            self.add("static_enchanted", term)
        for subtype in spec.get("set_land_types", []):
            self.add("set_land_subtypes", term, String(subtype))
        added = spec.get("add_land_types", [])
        if added == "all_basic":
            added = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
        for subtype in added:
            self.add("add_land_subtypes", term, String(subtype))
        for card_type in spec.get("add_types", []):
            self.add("add_type", term, String(card_type))
        added_subtypes = spec.get("add_subtypes", [])
        if added_subtypes == "all_creature_types":  # CR 205.3m (asp/objects.lp)
            self.add("add_all_creature_types", term)
            self.facts += creature_type_facts()
        else:
            for subtype in added_subtypes:  # CR 205.1b, 613.1d (asp/objects.lp)
                self.add("add_subtype", term, String(subtype))
        for subtype in spec.get("set_subtypes", []):  # CR 205.1b, 613.1d (asp/objects.lp)
            self.add("set_subtype", term, String(subtype))
            self.facts += creature_type_facts()
        if spec.get("lose_land_types_and_abilities"):
            if spec.get("grant") or spec.get("grant_keywords") or spec.get("set_land_types") or \
                    spec.get("add_land_types") or spec.get("add_types"):
                raise CardError("a static ability that loses all land types and abilities does nothing else "
                                "(give what the same effect grants as a second static ability after it)")
            self.add("lose_all", term)
        if spec.get("set_card_types") or spec.get("set_colorless") or spec.get("set_colors") or \
                spec.get("lose_abilities"):
            if spec.get("grant") or spec.get("grant_keywords") or spec.get("set_land_types") or \
                    spec.get("add_land_types") or spec.get("add_types") or \
                    spec.get("lose_land_types_and_abilities"):
                raise CardError("a static ability that sets card types, color or loses all abilities does "
                                "nothing else (give what the same effect grants as a second static ability "
                                "after it)")
            for card_type in spec.get("set_card_types", []):
                self.add("set_card_type", term, String(card_type))
            if "Creature" in spec.get("set_card_types", []):  # CR 205.1a: its creature types stay (objects.lp)
                self.facts += creature_type_facts()
            if spec.get("set_colorless"):
                self.add("set_colorless", term)
            for color in spec.get("set_colors", []):  # CR 105.2, 613.1e (asp/objects.lp)
                self.add("set_color", term, TYPE_CONSTANT[color])
            if spec.get("lose_abilities"):
                self.add("lose_abilities", term)
        if spec.get("self"):
            self.add("static_self", term)
        if "chosen_land_type" in spec:  # CR 305.7, 613.1d, 607.1 (asp/objects.lp)
            self.add("chosen_land_subtype", term, Function(spec["chosen_land_type"]))
        if "chosen_color" in spec:  # CR 613.1e, 105.2, 607.1 (asp/objects.lp)
            self.add("chosen_color_set", term)
        if "add_chosen_subtype" in spec:  # CR 205.1b, 607.1 (asp/objects.lp)
            self.add("add_chosen_subtype", term, String(spec["add_chosen_subtype"]))
        if spec.get("doesnt_untap"):  # CR 502.3 (asp/actions.lp)
            self.add("static_doesnt_untap", term)
        if spec.get("legend_rule_exempt"):  # CR 704.5j (asp/state_based.lp)
            self.add("static_legend_rule_exempt", term)
        if "doesnt_untap_unless" in spec:  # CR 722.1: unless the affected's controller is the monarch
            self.add("static_doesnt_untap_unless", term, Function(spec["doesnt_untap_unless"]))
        if "cant_activate" in spec:  # CR 602.5 (asp/legality.lp)
            self.add("static_cant_activate", term, Function(spec["cant_activate"]))
        if "activation_cost_unjudged" in spec:  # CR 601.2f, 602.2b (asp/legality.lp)
            self.add("static_activation_cost_unjudged", term, String(spec["activation_cost_unjudged"]))
            if spec.get("except_mana"):
                self.add("static_activation_cost_except_mana", term)
        if "if" in spec:
            self.add("static_if", term, Function(spec["if"]))
        if "if_graveyard" in spec:  # CR 611.3a: cards in a graveyard (static_conditions.lp)
            condition = spec["if_graveyard"]
            self.add("static_if_graveyard", term, Number(condition["at_least"]))
            self.add("amount_graveyard_count", term, Function(condition.get("whose", "you")),
                     self.filter(term, "if", condition.get("filter", {})))
        if "if_graveyard_types" in spec:  # CR 611.3a, 205.2a: card types in a graveyard (static_conditions.lp)
            self.add("static_if_graveyard_types", term, Number(spec["if_graveyard_types"]["at_least"]))
        if "if_hand" in spec:  # CR 611.3a, 402.1: cards in its controller's hand (static_conditions.lp)
            bound, = set(spec["if_hand"]) & {"at_least", "at_most"}
            self.add("static_if_hand", term, Function(bound), Number(spec["if_hand"][bound]))
            if spec["if_hand"].get("whose") == "opponent":  # CR 102.3: some one opponent's hand
                self.add("static_if_hand_whose", term, Function("opponent"))
        if "if_devotion" in spec:  # CR 611.3a, 700.5: devotion (static_conditions.lp, amounts.lp)
            self.add("static_if_devotion", term, Number(spec["if_devotion"]["less_than"]))
            for color in spec["if_devotion"]["colors"]:
                self.add("static_devotion_color", term, TYPE_CONSTANT[color])
        if spec.get("remove_types"):  # CR 205.1a, 613.1d (objects.lp)
            problem = removal_problem(spec)
            if problem is not None:
                raise CardError(problem)
            for card_type in spec["remove_types"]:
                self.add("remove_type", term, String(card_type))
            self.creature_types(self.card.data.get("subtypes", []))  # they go with it (205.1a)
        if "if_level" in spec:
            self.add("static_if_level", term, Number(spec["if_level"]))
        if "if_life" in spec:  # CR 611.3a, 119.1: a life total (static_conditions.lp)
            life = spec["if_life"]
            bound = "at_least" if "at_least" in life else "at_most"
            self.add("static_if_life", term, Function(life["whose"]), Function(bound), Number(life[bound]))
        if "if_life_start" in spec:  # CR 611.3a, 103.4: its starting life total (static_conditions.lp)
            start = spec["if_life_start"]
            if start.get("at_most_half"):
                self.add("static_if_life_half", term)
            else:
                self.add("static_if_life_start", term, Number(start["more_than"]))
        if "if_life_gained" in spec:  # CR 611.3a, 119.3: life gained this turn (static_conditions.lp)
            self.add("static_if_life_gained", term, Number(spec["if_life_gained"]["at_least"]))
        if "if_poison" in spec:  # CR 611.3a, 122.1f: an opponent's poison counters (static_conditions.lp)
            poison = spec["if_poison"]
            self.add("static_if_poison", term, Function(poison["whose"]), Number(poison["at_least"]))
        if "if_auras" in spec:  # CR 611.3a, 303.4: the Auras attached to its source (static_conditions.lp)
            (compare, count), = spec["if_auras"].items()
            self.add("static_if_auras", term, Function(compare), Number(count))
        if "if_designation" in spec:  # CR 611.3a, 722.1, 723.1, 702.131c, 309.7 (static_conditions.lp)
            self.add("static_if_designation", term, Function(spec["if_designation"]))
        if "if_counters" in spec:  # CR 611.3a, 122.1: counters on its source (static_conditions.lp)
            counted = spec["if_counters"]
            kind = String(counted["kind"]) if "kind" in counted else Function("all")  # all: of every kind together
            self.add("static_if_counters", term, kind, Number(counted["at_least"]))
            if "at_most" in counted:  # CR 711.2a-b: a leveler's level section
                self.add("static_if_counters_at_most", term, kind, Number(counted["at_most"]))
        self.layer7(term, spec)
        if "if_you_control" in spec:
            condition = spec["if_you_control"]
            self.add("static_if_control", term, self.filter(term, "if", condition["filter"]),
                     Number(condition.get("at_least", 1)))
            if condition.get("whose") == "opponent":  # CR 102.3: some one opponent
                self.add("static_if_control_whose", term, Function("opponent"))
            if condition.get("none"):
                self.add("static_if_control_none", term)
        if "cant_be_targeted" in spec:  # CR 115.1 (asp/targets.lp)
            ban = spec["cant_be_targeted"]
            if "color" in ban:
                quality = Function("color", [TYPE_CONSTANT[ban["color"]]])
            elif "not_color" in ban:
                quality = Function("not_color", [TYPE_CONSTANT[ban["not_color"]]])
            elif "card_type" in ban or "subtype" in ban:
                key = "card_type" if "card_type" in ban else "subtype"
                quality = Function(key, [String(ban[key])])
            else:
                quality = Function("everything")
            self.add("target_ban", term, Function(ban["by"]), Function(ban["whose"]), quality)
        for keyword in spec.get("grant_keywords", []):
            self.add("grant_keyword", term, String(keyword.lower()))
            self.facts += quality_facts(keyword, sourced=True)
        for keyword in spec.get("lose_keywords", []):  # CR 613.1f, 613.7 (asp/objects.lp)
            self.add("lose_keyword", term, String(keyword.lower()))
        for keyword in spec.get("deny_keywords", []):
            self.add("deny_keyword", term, String(keyword.lower()))
        if spec.get("activate_as_though_haste"):
            self.add("as_though_haste", term)
        for index, granted in enumerate(spec.get("grant", [])):
            granted_term = Function("granted", [term, Number(index)])
            self.add("grant_ability", term, granted_term)
            self.ability(granted_term, granted)
            self.shared_limit(granted_term, granted, Function("granted", [term, Number(index - 1)]))

    def layer7(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 613.4: a static ability's power and toughness (asp/power_toughness.lp): +P/+T to
        the affected (7c), for each one of an amount (per), its source's own value (cda, 7a), or the
        affected's base values (base_pt, 7b).
        Layer 7 reads no power or keyword (613.8: such a dependency is refused)."""
        problem = layer7_problem(spec)
        if problem is not None:
            raise CardError(problem)
        if spec.get("base_pt") == "mana_value":  # CR 613.4b, 613.6, 202.3
            self.add("static_base_pt_mana_value", term)
        elif "base_pt" in spec:  # CR 613.4b
            self.add("static_base_pt", term, Number(spec["base_pt"]["power"]), Number(spec["base_pt"]["toughness"]))
        if "pt" in spec:
            self.add("static_pt", term, Number(spec["pt"]["power"]), Number(spec["pt"]["toughness"]))
            per = spec.get("per", {})
            if {"attached_to_affected", "counters_on_affected", "affected_mana_value", "affected_colors",
                    "affected_cost_symbols"} & set(per):
                self.add("static_pt_per_affected", term)  # CR 613.4c: counted on each object affected
                for subtype in per.get("attached_to_affected", []):  # CR 301.5, 303.4
                    self.add("pt_amount_attached_to_affected", term, String(subtype))
                if "counters_on_affected" in per:  # CR 122.1
                    self.add("pt_amount_affected_counters", term, String(per["counters_on_affected"]))
                if per.get("affected_mana_value"):  # CR 202.3
                    self.add("pt_amount_affected_mana_value", term)
                if per.get("affected_colors"):  # CR 105.2
                    self.add("pt_amount_affected_colors", term)
                if "affected_cost_symbols" in per:  # CR 107.4
                    self.add("pt_amount_affected_cost_symbols", term, TYPE_CONSTANT[per["affected_cost_symbols"]])
            elif per:
                self.add("static_pt_per", term)
                self.pt_amount(term, per)
        for stat, amount in sorted(spec.get("cda", {}).items()):
            self.add("static_cda", term, Function(stat), Number(amount.get("plus", 0)))
            self.pt_amount(Function("cda", [term, Function(stat)]), amount)
            if "times" in amount:  # "twice the number of ..." (CR 604.3)
                self.add("cda_times", Function("cda", [term, Function(stat)]), Number(amount["times"]))

    def pt_amount(self, key: Symbol, amount: dict[str, Any]) -> None:
        """A layer 7 amount (asp/power_toughness.lp), the sum of its parts: a count of permanents
        (pt_amount_count) or of graveyard cards, cards in hands, counters or Auras and Equipment on
        the source, its controller's life total or domain."""
        if "count" in amount:
            count = amount["count"]
            whose = Function(count.get("whose", "you"))
            if count_zone(amount) == "graveyard":
                self.add("amount_graveyard_count", key, whose, self.filter(key, "amount", count["filter"]))
            else:
                self.add("pt_amount_count", key, whose, self.filter(key, "amount", count["filter"]))
        if "also" in amount:  # "and each Assassin card in your graveyard": a second part
            self.pt_amount(key, amount["also"])
        if "hand" in amount:  # CR 402.1
            self.add("pt_amount_hand", key, Function(amount["hand"]))
        if "counters_on_self" in amount:  # CR 122.1
            self.add("pt_amount_self_counters", key, String(amount["counters_on_self"]))
        if amount.get("all_counters_on_self"):
            self.add("pt_amount_all_counters", key)
        for subtype in amount.get("attached_to_self", []):  # CR 301.5, 303.4
            self.add("pt_amount_attached", key, String(subtype))
        if amount.get("life"):  # CR 119.1
            self.add("pt_amount_life", key)
        if amount.get("opponents"):  # CR 102.3
            self.add("pt_amount_opponents", key)
        if amount.get("lost_players"):  # CR 104.3, 800.4a
            self.add("pt_amount_lost_players", key)
        if "chosen_player_count" in amount:  # CR 607.1
            self.add("pt_amount_chosen_player", key, self.filter(key, "amount", amount["chosen_player_count"]))
        if "player_counters" in amount:  # CR 122.1
            self.add("pt_amount_player_counters", key, String(amount["player_counters"]))
        if amount.get("domain"):  # CR 305.6
            self.add("pt_amount_domain", key)
        if "graveyard_card_types" in amount:  # CR 205.2a
            self.add("pt_amount_graveyard_types", key, Function(amount["graveyard_card_types"]))
        if "devotion" in amount:  # CR 700.5
            self.add("pt_amount_devotion", key, TYPE_CONSTANT[amount["devotion"]])
        if amount.get("exiled_colors"):  # CR 105.2, 607.2a
            self.add("pt_amount_exiled_colors", key)
        for part in ("greatest_mana_value", "total_mana_value"):  # CR 202.3
            if part in amount:
                among = amount[part]
                self.add(f"pt_amount_{part}", key, Function(among.get("whose", "you")),
                         self.filter(key, "amount", among["filter"]))
        if "colors_among" in amount:  # CR 105.2
            among = amount["colors_among"]
            self.add("pt_amount_colors_among", key, Function(among.get("whose", "you")),
                     self.filter(key, "amount", among["filter"]))
        if "names_among" in amount:  # CR 201.2
            among = amount["names_among"]
            self.add("pt_amount_names_among", key, Function(among.get("whose", "you")),
                     self.filter(key, "amount", among["filter"]))

    def ability_activated(self, term: Symbol, spec: dict[str, Any]) -> None:
        self.costs(term, spec["cost"])
        self.activation_conditions(term, spec)
        for text in spec.get("unjudged", []):  # CR 602.1b, 601.2f: can-activate refuses
            self.add("activate_unjudged", term, String(text))
        if spec.get("timing") == "sorcery":
            self.add("activate_as_sorcery", term)
        if "activation_restriction" in spec:
            self.activation_restriction(term, spec["activation_restriction"])
        self.targets(term, spec)

    def targets(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 115.1: each instance of "target" (target_req), and what the resolving spell or
        ability does to each target (targeted_effect; numbered from 0 as target_req)."""
        for index, target in enumerate(spec.get("targets", [])):
            self.add("target_req", term, Number(index), Function(target["zone"]),
                     Function(target.get("whose", "any")),
                     self.filter(term, f"target{index}", target.get("filter", {})))
        for effect in spec.get("do", []):
            (kind, value), = effect.items()
            if kind not in TARGETED:
                continue
            if kind == "you_gain_life":  # CR 608.2c, 119.3: after its effects on its targets
                self.add("targets_then_gain_life", term, Number(value["amount"]))
                continue
            place = Number(value["target"] - 1)
            if kind == "damage":
                self.add("targeted_effect", term, place, Function("damage", [Number(value["amount"])]))
            elif kind == "pump":
                self.add("targeted_effect", term, place,
                         Function("pump", [Number(value["power"]), Number(value["toughness"])]))
            elif kind == "target_loses_life":  # CR 119.3 (asp/targets.lp)
                self.add("targeted_effect", term, place, Function("lose_life", [Number(value["amount"])]))
            elif kind == "counters_on":  # CR 122.1 (asp/targets.lp, asp/counter_put.lp)
                self.add("targeted_effect", term, place,
                         Function("counters", [String(value["kind"]), Number(value["count"])]))
            elif kind == "gain_keywords":
                for keyword in value["keywords"]:
                    self.add("targeted_effect", term, place, Function("keyword", [String(keyword.lower())]))
                    self.facts += quality_facts(keyword)
            else:
                self.add("targeted_effect", term, place, Function(kind))

    def ability_triggered(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 603: trigger_step/trigger_event, trigger_if (603.4) and the modelled effects."""
        when = spec["when"]
        if "step" in when:
            self.add("trigger_step", term, Function(when["step"]), Function(when["whose"]))
            if when.get("first_each_turn"):
                self.add("trigger_first_each_turn", term)
        elif "event" in when:  # (a state trigger has no event: CR 603.8)
            self.add("trigger_event", term, Function(when["event"]))
        if when.get("event") == "counters_put" and "kind" in when:  # CR 122.6: "one or more +1/+1 counters"
            self.add("trig_counter_kind", term, String(when["kind"]))
        if "reaches" in when:  # CR 603.2, 714.2b: "the twelfth hour counter", a chapter: the count reaching N
            self.add("trig_counter_reaches", term, Number(when["reaches"]))
        if when.get("chapter"):  # CR 714.2: a chapter ability (its Saga's final chapter number, 714.2d)
            self.add("chapter_ability", term, Number(when["reaches"]))
        if when.get("put_by") == "you":  # CR 122.6a: "Whenever you put one or more counters on ..."
            self.add("trig_counters_by_you", term)
        if when.get("event") == "becomes_target":  # CR 603.2, 115.1: of a spell, or of an ability too
            for kind in ("spell", "ability") if when.get("by") == "spell_or_ability" else ("spell",):
                self.add("trig_target_by", term, Function(kind))
            if "spell" in when:  # "the target of an Aura spell": the spell's card (CR 112.3)
                self.add("trig_target_spell", term, self.filter(term, "target_spell", when["spell"]))
            if "target_whose" in when:  # "Whenever a creature you control becomes the target ..."
                self.add("trig_target_whose", term, Function(when["target_whose"]))
        if when.get("event") in ("cast", "dies", "put_into_graveyard", "sacrifice", "leaves", "returned_to_hand",
                                 "put_into_exile", "gain_life", "lose_life", "draw",
                                 "discard", "play_land", "becomes_target", "turned_face_up", "activate",
                                 "becomes_tapped", "becomes_untapped", "counters_put", "leave_graveyard", "crime",
                                 "coin_flip") and (
                "filter" in when or "whose" in when):
            # CR 603.2: a spell cast or a permanent leaving that the ability looks for (not its own)
            self.add("trig_filter", term, self.filter(term, "trigger", when.get("filter", {})))
            self.add("trig_whose", term, Function(when.get("whose", "any")))
            if when.get("not_first_each_turn"):  # CR 603.2: not the caster's first spell this turn
                self.add("trig_not_first_spell", term)
            if "nth_each_turn" in when:  # CR 603.2: the caster's Nth (matching) spell this turn
                self.add("trig_nth_spell", term, Number(when["nth_each_turn"]),
                         Function("matching" if when.get("filter") else "every"))
        if when.get("event") == "cast":  # CR 603.2: the turn, the zone, kicking (issue 13)
            if "during" in when:
                self.add("trig_cast_during", term, Function(when["during"]))
            if "cast_from" in when:
                self.add("trig_cast_from", term, Function(when["cast_from"]))
            if when.get("kicked"):
                self.add("trig_cast_kicked", term)
            if when.get("not_owned"):
                self.add("trig_cast_not_owned", term)
            if "mana_value_vs" in when:  # CR 202.3, 208.1: against its source's power or toughness
                versus = when["mana_value_vs"]
                self.add("trig_cast_mana_value_vs", term, Function(versus["compare"]), Function(versus["stat"]))
            targets = when.get("targets", {})
            if targets.get("self"):  # CR 601.2c: the spell targets the ability's source
                self.add("trig_cast_targets_self", term)
            elif targets:
                self.add("trig_cast_targets", term, Function(targets["whose"]),
                         self.filter(term, "targeted", targets["filter"]))
        if when.get("not_first_in_draw_step"):  # CR 504.1: not the draw step's first draw
            self.add("trig_not_first_step_draw", term)
        if "during" in when and when.get("event") != "cast":  # CR 603.2: "dies during your turn"
            self.add("trig_during", term, Function(when["during"]))
        if when.get("once_each_turn"):  # "This ability triggers only once each turn" (CR 603.2)
            self.add("trig_once_each_turn", term)
        if when.get("or_self"):  # "Whenever ~ or another creature you control enters / dies"
            self.add("trigger_or_self", term)
        if "result" in when:  # CR 705.1: "wins a coin flip", "loses a coin flip"
            self.add("trig_flip_result", term, Function(when["result"]))
        if "entering" in when:  # CR 603.6a, 614.12: "enters tapped", "enters untapped"
            self.add("trig_entering_status", term, Function(when["entering"]))
        if when.get("attached"):  # CR 603.10a: "When enchanted creature dies"
            self.add("trig_attached", term)
        if "graveyard" in when:  # CR 400.3: "put into your / an opponent's graveyard" (its owner's)
            self.add("trig_graveyard_owner", term, Function(when["graveyard"]))
        if "hand" in when:  # CR 400.3: "returned to your hand" (its owner's)
            self.add("trig_hand_owner", term, Function(when["hand"]))
        if when.get("batch"):  # CR 603.2c: "Whenever one or more creatures you control die"
            self.add("trig_batch", term)
        if "to" in when:  # CR 406.2: "put into exile from your graveyard" (asp/player_events.lp)
            self.add("trig_leave_to", term, Function(when["to"]))
        if when.get("from_anywhere"):  # CR 113.6k: "put into a graveyard from anywhere" (asp/turn.lp)
            self.add("trig_from_anywhere", term)
        if "from" in when:  # CR 603.6a: "When ~ enters from a graveyard"
            self.add("trigger_enters_from", term, Function(when["from"]))
        if when.get("event") == "permanent_enters":  # CR 603.6a: a permanent matching filter enters
            self.add("trigger_enters_filter", term, Function(when.get("whose", "you")),
                     self.filter(term, "enters", when.get("filter", {})))
        if when.get("event") == "tapped_for_mana":
            self.add("trig_source", term, self.filter(term, "tapped", when.get("tapped", {})))
            self.add("trig_tapper", term, Function(when.get("tapper", "any")))
            if when.get("self"):
                self.add("trig_self", term)
            if "effect" in spec:
                self.add("trig_does", term, Function(spec["effect"]))
        self.riders(term, spec.get("riders", []), "trig_rider")
        for condition in self.conditions(term, spec.get("if", {})):  # CR 603.4
            self.add("trigger_if", term, condition)
        if "while" in when:  # CR 603.2: a condition of the event itself, judged only as it happens
            for condition in self.conditions(term, when["while"]):
                self.add("trigger_while", term, condition)
        if "state" in when:  # CR 603.8: a state trigger's condition (asp/state_triggers.lp)
            for condition in self.conditions(term, when["state"]):
                self.add("trigger_state", term, condition)
        if spec.get("may"):  # CR 603.5: its controller chooses whether to apply the effect
            self.add("effect_optional", term)
        self.targets(term, spec)  # CR 603.3d, 115.1: chosen as it is put on the stack (asp/targets.lp)
        for position, effect in enumerate(spec.get("do", [])):
            (kind, value), = effect.items()
            if self.self_effect(term, kind, value):
                continue
            if kind in ("additional_steps", "additional_phase"):
                steps = value if kind == "additional_steps" else PHASE_STEPS[value]
                for index, step in enumerate(steps):
                    self.add("adds_step", term, Number(index), Function(step))
                if kind == "additional_phase":  # CR 500.8: directly after this phase (asp/turn.lp)
                    self.add("adds_after_phase", term)
            elif kind == "put_counters":
                self.add("effect_put_counters", term, String(value["kind"]), Number(value["choose"]),
                         Function(value["whose"]), self.filter(term, f"do{position}", value["filter"]))
            elif kind == "create_tokens":
                count = value["count"]
                amount = (Function("fixed", [Number(count)]) if isinstance(count, int) else
                          Function("counters_on_self", [String(count["counters_on_self"])]))
                self.add("effect_create_tokens", term, String(value["token"]), amount)
            elif kind == "draw":  # CR 121.1 (asp/effects.lp)
                self.add("effect_draw", term, Number(value))
            elif kind == "add_mana":  # CR 106.4 (asp/effect_mana.lp): the position tells two apart
                added = Function("added", [term, Number(position)])
                self.add("effect_adds", term, added)
                self.effect_mana(added, value)
            elif kind == "lose_life":  # CR 119.3 (asp/effects.lp): its controller, or each player of whose
                lost, whose = (value, "you") if isinstance(value, int) else (value["amount"], value["whose"])
                self.add("effect_lose_life", term, Function(whose), Number(lost))
            elif kind == "counter_on_each":  # CR 122.1, 122.6 (asp/outcomes.lp)
                self.add("effect_counter_each", term, String(value["kind"]), Function(value["whose"]),
                         self.filter(term, f"do{position}", value["filter"]))
            elif kind == "destroy_at_random":
                self.add("effect_destroy_random", term, Function(value["whose"]), String(value["kind"]))

    def conditions(self, term: Symbol, condition: dict[str, Any]) -> Iterator[Symbol]:
        """The terms of a trigger's condition: an intervening "if" (CR 603.4, trigger_if) or a state
        trigger's (603.8, trigger_state); asp/turn.lp judges both (if_false/2)."""
        if condition.get("self_tapped"):
            yield Function("self_tapped")
        if "with_counter" in condition:
            count = condition["with_counter"]
            yield (Function("with_counter", [
                Function(count["whose"]), String(count["kind"]), Number(count["at_least"])]))
        if "you_control" in condition:
            control = condition["you_control"]
            compare = "at_most" if "at_most" in control else "at_least"
            yield (Function("you_control", [
                Function(compare), Number(control[compare]), self.filter(term, "if", control["filter"])]))
        if "graveyard_count" in condition:  # CR 603.4: cards in its controller's graveyard
            count = condition["graveyard_count"]
            yield (Function("graveyard_at_least", [
                Number(count["at_least"]), self.filter(term, "if", count["filter"])]))
        if "graveyard_card_types" in condition:  # CR 603.4, 205.2a: card types among its controller's graveyard
            yield Function("graveyard_types_at_least", [Number(condition["graveyard_card_types"]["at_least"])])
        if "self_no_counter" in condition:
            yield Function("self_no_counter", [String(condition["self_no_counter"])])
        if condition.get("self_untapped"):
            yield Function("self_untapped")
        if condition.get("entering_stats_greater"):  # CR 702.100a: the entering creature's against its source's
            yield Function("entering_stats_greater")
        if condition.get("evoked"):  # CR 702.74a: its evoke cost was paid (asp/turn.lp)
            yield Function("evoked")
        if condition.get("kicked"):  # CR 702.33d: it entered from a spell that was kicked (asp/turn.lp)
            yield Function("kicked")
        if condition.get("cast"):  # CR 601.2: it entered from a spell cast (asp/turn.lp)
            yield Function("cast")
        if "cast_from" in condition:  # CR 601.2a: ... cast from this zone
            yield Function("cast_from", [Function(condition["cast_from"])])
        if "self_is" in condition:  # CR 603.4: "if ~ is an enchantment"
            yield Function("self_is", [self.filter(term, "if", condition["self_is"])])
        if "self_counters" in condition:  # CR 603.4: N or more counters of a kind on its source
            counted = condition["self_counters"]
            yield Function("self_counters", [String(counted["kind"]), Number(counted["at_least"])])
        if "on_battlefield" in condition:  # every player's permanents
            count = condition["on_battlefield"]
            compare = "at_most" if "at_most" in count else "at_least"
            yield (Function("on_battlefield", [
                Function(compare), Number(count[compare]), self.filter(term, "if", count["filter"])]))
        if "left_counters" in condition:  # CR 603.4, 603.10a: the permanent that left, as it last existed
            kind = condition["left_counters"]
            yield (Function("left_counters", [
                Function("any") if kind == "any" else String(kind)]))
        if "left_no_counters" in condition:
            yield Function("left_no_counters", [String(condition["left_no_counters"])])
        if "left_counters_at_least" in condition:  # CR 603.4, 603.10a, 122.1: N or more of a kind, as it last existed
            counted = condition["left_counters_at_least"]
            yield Function("left_counters_at_least", [String(counted["kind"]), Number(counted["at_least"])])
        if "player_state" in condition:  # CR 603.4: a life total or hand size (asp/turn.lp)
            state = condition["player_state"]
            compare = "at_most" if "at_most" in state else "at_least"
            yield Function("player_state", [Function(state["whose"]), Function(state["of"]), Function(compare),
                                            Number(state[compare])])
        if "left_is" in condition:  # CR 603.4, 603.10a: its types as it last existed, or not a token
            yield Function("left_is", [self.filter(term, "if", condition["left_is"])])
        if "opponent_controls_more" in condition:
            yield (Function("opponent_controls_more", [
                self.filter(term, "if", condition["opponent_controls_more"]["filter"])]))
        yield from self.more_conditions(term, condition)

    def more_conditions(self, term: Symbol, condition: dict[str, Any]) -> Iterator[Symbol]:
        """The conditions of asp/trigger_ifs.lp (CR 603.4; pysolver/cards/oracle_step_ifs.py)."""
        if "designation" in condition:  # CR 722.1, 723.1, 702.131c, 309.7
            yield Function("designation", [Function(condition["designation"])])
        if condition.get("self_has_counters"):
            yield Function("self_has_counters")
        if "self_counters_below" in condition:
            below = condition["self_counters_below"]
            yield Function("self_counters_below", [String(below["kind"]), Number(below["below"])])
        if "total_stat" in condition:  # CR 208.1: of the creatures its controller controls
            total = condition["total_stat"]
            yield Function("total_stat", [Function(total["of"]), Number(total["at_least"]),
                                          self.filter(term, "if", {"types": ["Creature"]})])
        for compare in ("more", "less"):
            if condition.get(f"{compare}_life_than_an_opponent"):
                yield Function("life_than_an_opponent", [Function(compare)])
        if "attached_tapped" in condition:
            yield Function("attached_tapped", [Function("tapped" if condition["attached_tapped"] else "untapped")])
        if "attached_is" in condition:  # CR 303.4, 208.1: the permanent it is attached to matches the filter
            yield Function("attached_is", [self.filter(term, "if", condition["attached_is"])])
        if "a_player_controls_none" in condition:
            yield Function("a_player_controls_none", [
                self.filter(term, "if", condition["a_player_controls_none"]["filter"])])
        if condition.get("self_in_command_zone"):
            yield Function("self_in_command_zone")
        if "life_gained" in condition:  # CR 119.3: its controller gained that much life this turn or more
            yield Function("gained_life", [Number(condition["life_gained"])])
        if "controls_most" in condition:  # CR 102.1: more than each other player
            most = condition["controls_most"]
            yield Function("controls_most", [Function(most["whose"]), self.filter(term, "if", most["filter"])])

    def ability_event_replacement(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 614.1a: asp/life_replacement.lp, asp/draw_replacement.lp and asp/token_replacement.lp
        read what replaces its controller's life gain, draws or tokens created."""
        if spec["event"] == "gain_life" and "no_gain" in spec:
            self.add("no_life_gain", term, Function(spec["no_gain"]))
        elif spec["event"] == "gain_life" and "plus" in spec:
            self.add("gain_life_plus", term, Number(spec["plus"]))
        elif spec["event"] == "gain_life":
            self.add("gain_life_twice", term)
            if "if_life_at_most" in spec:
                self.add("gain_life_if_at_most", term, Number(spec["if_life_at_most"]))
        elif spec["event"] == "create_tokens" and "adds" in spec:  # CR 614.1a: refused where it applies
            self.add("tokens_added", term)
        elif spec["event"] == "create_tokens":
            self.add("tokens_twice", term)
        else:
            self.add("draw_two_if_hand_empty", term)

    def ability_counter_replacement(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 614.1a, 616.1, 122.6 (asp/counter_put.lp): the counters of a kind put on the permanents
        matching its filter that W controls are that many plus or minus ``amount``."""
        kind = Function("any") if spec.get("every_kind") else String(spec["kind"])  # any: of each kind it puts
        self.add("counter_replacement", term, kind, Function(spec["how"]), Number(spec["amount"]))
        self.add("counter_replacement_on", term, self.filter(term, "replaced", spec["filter"]),
                 Function(spec["whose"]))

    def ability_player_counter_replacement(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 614.1a, 122.1 (asp/damage.lp): the counters its controller would get are that many plus ``amount``."""
        self.add("player_counter_plus", term, Number(spec["amount"]))

    def ability_damage_replacement(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 615.1a, 614.1a, 616.1 (asp/damage.lp): damage from a source matching `from` to a recipient
        matching `to` is prevented (all, or `amount` of it), doubled, tripled, or that much plus `amount`; or
        redirected to its source or the permanent its source is attached to (`into`, CR 614.9)."""
        self.add("damage_replacement", term, Function(spec["how"]), Number(spec.get("amount", 0)))
        if "into" in spec:  # CR 614.9: a redirection effect
            self.add("damage_redirect", term, Function(spec["into"]))
        if "while" in spec:  # CR 611.3a, 110.5: not while its source is tapped
            self.add("damage_while", term, Function(spec["while"]))
        if "during" in spec:  # CR 102.1: only during its controller's turns (you) or the others' (opponent)
            self.add("damage_during", term, Function(spec["during"]))
        source, recipient = spec["from"], spec["to"]
        if source.get("self"):
            self.add("damage_from_self", term)
        elif source.get("attached"):
            self.add("damage_from_attached", term)
        else:
            self.add("damage_from", term, Function(source["whose"]))
            if "filter" in source:
                self.add("damage_from_filter", term, self.filter(term, "from", source["filter"]))
        if recipient.get("self"):
            self.add("damage_to_self", term)
        if recipient.get("attached"):
            self.add("damage_to_attached", term)
        if "players" in recipient:
            self.add("damage_to_player", term, Function(recipient["players"]))
        if "permanents" in recipient:
            permanents = recipient["permanents"]
            self.add("damage_to_permanent", term, Function(permanents["whose"]),
                     self.filter(term, "to", permanents.get("filter", {})))

    def ability_exiled_instead(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 614.1a, 614.6, 700.4 (asp/zone_change.lp): a permanent matching the filter that W controls,
        dying (``dies``) or put into a graveyard from the battlefield (``graveyard``), is exiled instead."""
        self.add("exiled_instead_of_others", term, Function(spec["event"]), Function(spec["whose"]),
                 self.filter(term, "exiled", spec["filter"]))

    def ability_exiled_from_anywhere(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 614.1a, 614.6 (asp/zone_change.lp): a card or token matching the filter that would be put into the
        graveyard of W (its owner, relative to the ability's controller) from anywhere is exiled instead."""
        self.add("exiled_from_anywhere", term, Function(spec["whose"]), self.filter(term, "exiled", spec["filter"]))

    def ability_unspent_mana(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 500.4, 106.4, 614.1a (asp/turn.lp): the players W (relative to its controller) keep their unspent
        mana of type T (all: every type) as steps and phases end, or it becomes colorless instead."""
        self.add("unspent_mana", term, Function(spec["whose"]), Function(spec["how"]), Function(spec["mana"]))

    def ability_skip_extra_turns(self, term: Symbol, spec: str) -> None:
        """CR 614.1b, 614.10, 500.7 (asp/turn.lp): the players W (relative to its controller) skip an extra turn
        they would begin."""
        self.add("skip_extra_turns", term, Function(spec))

    def ability_draw_replaced(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 614.1a, 121.1: a replacement of draws next doesn't apply: no facts; pysolver/next_state.draw
        refuses a draw by a player it applies to (as it refuses one with dredge, 702.52a)."""

    def ability_damage_unpreventable(self, term: Symbol, spec: str) -> None:
        """CR 615.12 (asp/damage.lp): damage (all, or its source's own) can't be prevented."""
        self.add("damage_unpreventable", term, Function(spec))

    def ability_cost_change(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 601.2f: spells matching a filter cost more or less generic mana, or at least N."""
        self.add("cost_change_spells", term, Function(spec.get("whose", "any")),
                 self.filter(term, "spells", spec["spells"]))
        if "more" in spec or "less" in spec:
            self.add("cost_change_generic", term, Number(spec.get("more", 0) - spec.get("less", 0)))
        added = mana_symbols(spec.get("more_colored", ""))
        for symbol in sorted(set(added)):  # CR 601.2f: that much mana of a color (or colorless) added
            self.add("cost_change_colored", term, TYPE_CONSTANT[symbol], Number(added.count(symbol)))
        if "minimum" in spec:
            self.add("cost_minimum", term, Number(spec["minimum"]))
        for zone in spec.get("cast_from", []):  # CR 601.2a: the zones the spells are cast from
            self.add("cost_change_from", term, Function(zone))
        if spec.get("if_untapped"):
            self.add("cost_change_if_untapped", term)
        if spec.get("if_targets_self"):  # CR 601.2c: only a spell that targets its source
            self.add("cost_change_if_targets_self", term)
        if "during" in spec:  # CR 102.1: whose turn it applies during
            self.add("cost_change_during", term, Function(spec["during"]))
        if "per" in spec:
            self.add("cost_change_per", term, Function(spec["per"]))

    def self_effect(self, term: Symbol, kind: str, value: Any) -> bool:
        """Effects of a triggered ability on its source or its controller (outcomes.lp)."""
        if kind == "sacrifice_self":
            self.add("effect_sacrifice_self", term)
        elif kind == "return_self_to_hand":
            self.add("effect_return_self", term, Function("hand"))
        elif kind == "gain_life":
            self.add("effect_gain_life", term, Number(value))
        elif kind == "counter_on_self":
            kind_, count = (value, 1) if isinstance(value, str) else (value["kind"], value["count"])
            self.add("effect_counter_self", term, String(kind_), Number(count))
        elif kind == "remove_counter_self":  # CR 122.1 (asp/outcomes.lp)
            self.add("effect_remove_counter_self", term, String(value))
        elif kind == "remove_counter_or_sacrifice_self":  # CR 122.1, 701.17a (asp/outcomes.lp)
            self.add("effect_remove_counter_self", term, String(value))
            self.add("effect_sacrifice_self_if_none", term, String(value))
        elif kind == "pump_self":  # CR 611.2a, 613.4c: until end of turn
            self.add("effect_pump_self", term, Number(value["power"]), Number(value["toughness"]))
        else:
            return False
        return True

    def ability_forbid_activating(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 602.5: matching permanents' non-mana activated abilities can't be activated."""
        self.add("forbid_activating", term, Function(spec.get("whose", "any")),
                 self.filter(term, "affects", spec["affects"]))

    def ability_alternative_cost_grant(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 118.9: W's players may pay its cost rather than the mana cost of matching spells (the cost
        is read by pay from the ability's spec; asp/alternative_costs.lp says which abilities apply)."""
        self.add("alt_cost_grant", term, Function(spec.get("whose", "you")),
                 self.filter(term, "spells", spec["spells"]))

    def ability_cast_permission(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 702.8a, 307.1: matching spells may be cast as though they had flash."""
        self.add("cast_permission", term, Function(spec.get("whose", "you")),
                 self.filter(term, "spells", spec["spells"]))

    def ability_spend_mana(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 609.4b: how W's players may spend mana of these types (asp/spending.lp)."""
        for mana_type in spec["mana"]:
            self.add("spend_mana", term, Function(spec.get("whose", "you")), TYPE_CONSTANT[mana_type],
                     Function(spec["as"]))

    def ability_cast_prohibition(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 101.2, 601.3: matching spells can't be cast (during a turn, after one spell each turn)."""
        self.add("cast_prohibition", term, Function(spec.get("whose", "any")),
                 self.filter(term, "spells", spec["spells"]))
        if "during" in spec:
            self.add("cast_prohibited_during", term, Function(spec["during"]))
        if spec.get("after_one_each_turn"):
            self.add("cast_prohibited_after_one", term)
        if spec.get("named_exiled"):  # CR 201.2, 607.2a
            self.add("cast_prohibited_named_exiled", term)
        if "mana_value" in spec:  # CR 202.3: even or odd
            self.add("cast_prohibited_mana_value", term, Function(spec["mana_value"]))
        if spec.get("named_as") == "chosen":  # CR 201.2, 607.1
            self.add("cast_prohibited_named_chosen", term)
        elif spec.get("named_as") == "nontoken_permanent":  # CR 201.2, 111.1
            self.add("cast_prohibited_named_nontoken", term)
        if "cast_from" in spec:  # CR 601.2a: from a graveyard, or from anywhere but a hand
            self.add("cast_prohibited_from", term, Function(spec["cast_from"]))

    def ability_skip(self, term: Symbol, spec: dict[str, Any]) -> None:
        """CR 614.1b, 614.10: players skip steps."""
        for step in spec["steps"]:
            self.add("skip_step", term, Function(step), Function(spec["players"]))


def counts_hands(data: dict[str, Any]) -> bool:
    """A static ability's power and toughness, or its condition, counts cards in hands
    (power_toughness.lp, static_conditions.lp)."""
    amounts = [a["static"].get("per", {}) for a in data.get("abilities", []) if "static" in a]
    amounts += [each for a in data.get("abilities", []) if "static" in a
                for each in a["static"].get("cda", {}).values()]
    return any("hand" in amount for amount in amounts) or any(
        "if_hand" in a["static"] for a in data.get("abilities", []) if "static" in a)


CONDITION_KEYS = EARLY_CONDITIONS | {"if", "if_you_control", "if_level"}


def removal_problem(spec: dict[str, Any]) -> str | None:
    """Why a static ability that removes a card type can't be read (CR 205.1a, 613.1d), or None."""
    if not spec.get("self") or spec.get("enchanted"):
        return "remove_types: only with self (its source isn't that type)"
    conditions = set(spec) & CONDITION_KEYS
    if conditions - EARLY_CONDITIONS - {"if"} or spec.get("if", "untapped") not in ("untapped", "your_turn",
                                                                                     "attached"):
        return ("remove_types: its condition must read no layer (a board fact: devotion, hand, life, counters, "
                "graveyard, untapped, your turn, attached), since layer 4 reads it (CR 613.8)")
    return None


def counts_graveyards(data: dict[str, Any]) -> bool:
    """A static ability's power and toughness, or its condition, counts cards in graveyards
    (power_toughness.lp, static_conditions.lp)."""
    amounts = [a["static"].get("per", {}) for a in data.get("abilities", []) if "static" in a]
    amounts += [each for a in data.get("abilities", []) if "static" in a
                for each in a["static"].get("cda", {}).values()]
    amounts += [amount["also"] for amount in amounts if "also" in amount]
    return any(amount.get("count", {}).get("zone") == "graveyard" or "graveyard_card_types" in amount
               for amount in amounts) or any(
        {"if_graveyard", "if_graveyard_types"} & set(a["static"]) for a in data.get("abilities", []) if "static" in a)


def count_zone(amount: dict[str, Any]) -> str:
    return str(amount["count"].get("zone", "battlefield"))


def _trigger_vectors(form: str, value: Any) -> list[Symbol] | None:
    """The vectors of mana a triggered mana ability's add (or its "instead") may add, one of which it
    adds: one for "{G}{G}", one for each type of "{R} or {G}", one for each option; None for a form
    the rules read by its number (same_type, chosen_color, any_combination)."""
    alternatives = ([value] if form == "mana" else ["{" + t + "}" for t in type_set(value)] if form == "one_of"
                    else value if form == "options" else None)
    if alternatives is None:
        return None
    return [Function("m", [Number(mana_symbols(mana).count(t)) for t in "WUBRGC"]) for mana in alternatives]


def filter_facts(spec: dict[str, Any]) -> tuple[Symbol, list[Symbol]]:
    """A filter's term and facts outside any card's (the cards a cost chooses, CR 601.2h)."""
    emitter = _Emitter(Card("", {}, ""))
    term = emitter.filter(String(""), "cost", spec)
    return term, emitter.facts


def card_facts(card: Card) -> Iterator[Symbol]:
    """Facts describing one card (its characteristics and abilities)."""
    return iter(_card_facts(card))


def filter_keywords(card: Card) -> frozenset[str]:
    """The keywords the card's filters read ("target creature with flying": filter_keyword), as its
    facts say (the board check of keywords a sentence no form reads may give: pysolver/board.py)."""
    emitter = _Emitter(card)
    emitter.run()
    return frozenset(emitter.keywords_read)


@per_object(kept=4096)
def _card_facts(card: Card) -> tuple[Symbol, ...]:
    """A card's facts depend on its definition only: made once per card (issue 16)."""
    return tuple(_Emitter(card).run())
