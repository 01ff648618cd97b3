"""What a spell costs, for the compiler of pysolver/cards/oracle.py: its own cost change
(CR 113.6d, 601.2f) and its alternative costs (118.9).

"This spell costs {X} less to cast, where X is the greatest power among creatures you
control", "This spell costs {1} less to cast for each creature card in your graveyard": the
card's ``own_cost``, generic mana less (or more) for each one of an amount the rules count
for the caster as the total cost is determined (asp/cost_changes.lp, asp/amounts.lp);
"This spell costs {2} less to cast if you control a Dragon": once, while the amount is at
least (or at most) a number.
"You may pay {1} and return a basic land you control to its owner's hand rather than pay this
spell's mana cost": the card's ``alternative_costs``, which pay --spell pays beside its mana cost.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx

OWN_COST = re.compile(r"This spell costs \{(?P<n>X|\d+)\} (?P<how>less|more) to cast"
                      r"(?:, where X is (?P<where>.+)| for each (?P<each>.+))")


# CR 601.2c, 601.2f: "This spell costs {2}{W} more to cast for each target beyond the first" (strive,
# an ability word, 207.2c): mana added for each target chosen but one.
PER_TARGET = re.compile(r"This spell costs (?P<mana>(?:\{(?:\d+|[WUBRGC])\})+) more to cast for each target "
                        r"beyond the first")


# "This spell costs {2} less to cast if you control a Dragon", "If you have 3 or less life, this
# spell costs {6} less to cast": once, when a condition on an amount holds (CR 601.2f).
OWN_COST_IF = re.compile(r"This spell costs \{(?P<n>\d+)\} (?P<how>less|more) to cast (?:if|as long as) (?P<if>.+)"
                         r"|If (?P<if_first>.+?), this spell costs \{(?P<n_first>\d+)\} (?P<how_first>less|more) "
                         r"to cast")
# "This spell costs {2} less to cast during your end step": the steps and turn as cast_only reads them.
OWN_COST_DURING = re.compile(r"This spell costs \{(?P<n>\d+)\} (?P<how>less|more) to cast during (?P<during>.+)")
# CR 702.166b: "This spell costs {1} less to cast if it's bargained".
OPTIONAL_PAID = re.compile(r"This spell costs \{(?P<n>\d+)\} (?P<how>less|more) to cast if it's bargained")
COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
          "fifteen": 15, "twenty": 20}
NUMBER = r"(?P<k>a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|" \
         r"twenty|\d+)"


def _count(word: str) -> int:
    return COUNTS[word] if word in COUNTS else int(word)


def cost_condition(phrase: str, amount_from: Callable[[str], Any], whose_filter: Callable[..., Any],
                   card_filter: Callable[[str], Any] | None = None) -> dict[str, Any] | None:
    """``you control three or more artifacts``, ``you control a Dragon``, ``your life total is 5 or
    less``: the condition as {amount, at_least | at_most}, or None when it is none of these forms
    (an amount a form can't read raises the compiler's Unsupported)."""
    found = _player_condition(phrase, whose_filter, card_filter)
    if found is not None:
        return found
    m = rx.fullmatch(rf"you control {NUMBER} or more (.+)", phrase)
    if m:  # CR 109.2: permanents its caster controls
        return {"amount": amount_from(f"the number of {m.group(2)} you control"), "at_least": _count(m.group("k"))}
    m = rx.fullmatch(r"you control an? (.+)", phrase)
    if m:
        whose, spec = whose_filter(f"{m.group(1)} you control")
        return {"amount": {"count": {"whose": whose, "filter": spec}}, "at_least": 1}
    m = rx.fullmatch(rf"your opponents control {NUMBER} or more (.+)", phrase)
    if m:  # all of them together
        return {"amount": amount_from(f"the number of {m.group(2)} your opponents control"),
                "at_least": _count(m.group("k"))}
    m = rx.fullmatch(rf"(?:you have|there are) {NUMBER} or more (.+) in your graveyard", phrase)
    if m:  # CR 404.2: cards in its caster's graveyard
        cards = m.group(2).replace(" and/or ", " or ")
        return {"amount": amount_from(f"the number of {cards} in your graveyard"), "at_least": _count(m.group("k"))}
    m = rx.fullmatch(rf"you(?:'ve)? gained {NUMBER} or more life this turn", phrase)
    if m:  # CR 119.3: the board's life_gained
        return {"amount": "life_gained", "at_least": _count(m.group("k"))}
    if phrase == "you gained life this turn":
        return {"amount": "life_gained", "at_least": 1}
    if phrase == "you've cast another spell this turn":  # CR 601.2i: the spells its caster cast before it
        return {"amount": "spells_cast", "at_least": 1}
    m = rx.fullmatch(rf"(?:your life total is {NUMBER} or less|you have {NUMBER.replace('k>', 'k2>')} or less life)",
                     phrase)
    if m:  # CR 119.1: its caster's life total
        return {"amount": "life_total", "at_most": _count(m.group("k") or m.group("k2"))}
    return None


def _player_condition(phrase: str, whose_filter: Callable[..., Any], card_filter: Callable[[str], Any] | None
                      ) -> dict[str, Any] | None:
    """Conditions on what one player has (CR 102.3: "an opponent" is any one of them, the one for
    whom it holds): "an opponent controls seven or more lands" (the most one opponent controls),
    "an opponent has no cards in hand" (the fewest one holds), "there are no land cards in your
    hand", "you have three or more cards in hand" (CR 402.1: the cards of the hand, judged on their
    printed characteristics), "there are four or more card types among cards in your graveyard"
    (CR 205.2a, 404.1)."""
    m = rx.fullmatch(rf"an opponent controls {NUMBER} or more (.+)", phrase)
    if m:
        _, spec = whose_filter(f"{m.group(2)} you control", plural=True)
        return {"amount": {"count": {"whose": "an_opponent", "filter": spec}}, "at_least": _count(m.group("k"))}
    m = rx.fullmatch(r"an opponent has no cards in (?:their )?hand", phrase)
    if m:
        return {"amount": {"count": {"whose": "an_opponent", "zone": "hand", "filter": {}}}, "at_most": 0}
    m = rx.fullmatch(r"(?:there are no (?:(.+) )?cards in your hand|you have no (?:(.+) )?cards in (?:your )?hand)",
                     phrase)
    if m:
        cards = m.group(1) or m.group(2)
        if cards and card_filter is None:
            return None
        spec = card_filter(f"{cards} cards") if cards and card_filter is not None else {}
        return {"amount": {"count": {"whose": "you", "zone": "hand", "filter": spec}}, "at_most": 0}
    m = rx.fullmatch(rf"you have {NUMBER} or more cards in (?:your )?hand", phrase)
    if m:
        return {"amount": {"count": {"whose": "you", "zone": "hand", "filter": {}}}, "at_least": _count(m.group("k"))}
    m = rx.fullmatch(rf"there are {NUMBER} or more card types among cards in your graveyard", phrase)
    if m:
        return {"amount": "graveyard_card_types", "at_least": _count(m.group("k"))}
    return None


# Amounts a spell's own cost counts beside the compiler's (amount_from): CR 700.8 a party;
# "the greatest number of artifacts an opponent controls" (CR 102.3: the most one opponent controls).
PARTY = re.compile(r"the number of creatures? in your party")
OPPONENT_MOST = re.compile(r"the greatest number of (.+) an opponent controls")


def _cost_amount(phrase: str, whose_filter: Callable[..., Any]) -> Any:
    if PARTY.fullmatch(phrase):
        return "party"
    if phrase == "the number of other spell cast this turn":  # CR 601.2i: every player's, cast before it
        return "spells_cast_all"
    m = OPPONENT_MOST.fullmatch(phrase)
    if m:
        _, spec = whose_filter(f"{m.group(1)} you control", plural=True)
        return {"count": {"whose": "an_opponent", "filter": spec}}
    return None


def own_cost(bare: str, amount_from: Callable[[str], Any],
             unsupported: Callable[[str], Exception], whose_filter: Callable[..., Any],
             card_filter: Callable[[str], Any] | None = None,
             cast_only: Callable[[str], dict[str, Any] | None] | None = None
             ) -> tuple[list[tuple[str, Any]], str] | None:
    """(compiled data, what it is) for a spell's own cost change, or None when the line is not
    one; an amount no rule counts for a cost raises ``unsupported``; ``cast_only`` reads the steps
    and turn of "Cast this spell only during ..." (pysolver.cards.oracle_casting)."""
    m = PER_TARGET.fullmatch(bare)
    if m:  # the targets are chosen before the total cost is determined (CR 601.2c, 601.2f)
        changed = changed_mana(m.group("mana"), "more")
        if changed is None:
            return None
        return ([("card", {"own_cost": {**changed, "per": "targets_beyond_first"}})],
                "its own ability that adds to what it costs for each target beyond the first (CR 113.6d, 601.2c, "
                "601.2f): next cast counts the targets it chooses; pay --spell, which chooses none, refuses it")
    m = OPTIONAL_PAID.fullmatch(bare)
    if m and int(m.group("n")):  # CR 702.166b: "if it's bargained", its optional cost paid as it was cast
        return ([("card", {"own_cost": {m.group("how"): int(m.group("n")), "if": {"paid": "bargain"}}})],
                "its own ability that changes what it costs when it is bargained (CR 113.6d, 601.2f, 702.166b): "
                "pay --spell --additional bargain reads it")
    m = OWN_COST_DURING.fullmatch(bare)
    if m and cast_only is not None:  # CR 601.2f: judged as the total cost is determined, on the step and turn
        during = cast_only(f"Cast this spell only during {m.group('during')}")
        if during is None or int(m.group("n")) == 0 or "if_attacked" in during:
            return None
        del during["text"]
        return ([("card", {"own_cost": {m.group("how"): int(m.group("n")), "if": {"during": during}}})],
                "its own ability that changes what it costs during some steps or turns (CR 113.6d, 601.2f): pay "
                "--spell and next cast read it")
    m = OWN_COST_IF.fullmatch(bare)
    aimed = _target_condition(m.group("if") or "", whose_filter) if m and m.group("if") else None
    if m and aimed is not None:  # CR 601.2f: judged on the targets chosen before (601.2c)
        how, n = m.group("how"), int(m.group("n"))
        if n == 0:
            return None
        return ([("card", {"own_cost": {how: n, "if": {"targets": aimed}}})],
                "its own ability that changes what it costs when it targets such a permanent (CR 113.6d, 601.2f, "
                "601.2c): next cast judges it on the targets chosen; pay --spell, which chooses none, refuses it")
    if m:
        phrase = m.group("if") or m.group("if_first")
        how, n = m.group("how") or m.group("how_first"), int(m.group("n") or m.group("n_first"))
        if UNJUDGED.search(phrase) and n:  # what happened this turn, attackers: no board states it
            return ([("card", {"own_cost": {how: n, "if": {"unjudged": f"if {phrase}"}}})], UNJUDGED_WHY)
        if TARGETS_UNSTATED.fullmatch(phrase) and n:  # a card or a spell targeted: no filter of permanents states it
            return ([("card", {"own_cost": {how: n, "if": {"unjudged": f"if {phrase}"}}})], TARGETS_UNSTATED_WHY)
        condition = cost_condition(phrase, amount_from, whose_filter, card_filter)
        if condition is None:
            return None
        if condition["amount"] != "life_total" and not _counted_for_a_cost(condition["amount"]):
            raise unsupported(f"the condition '{m.group('if') or m.group('if_first')}' of a spell's cost change")
        how, n = m.group("how") or m.group("how_first"), int(m.group("n") or m.group("n_first"))
        if n == 0:
            return None
        return ([("card", {"own_cost": {how: n, "if": condition}})],
                "its own ability that changes what it costs while a condition holds (CR 113.6d, 601.2f): pay "
                "--spell reads it")
    m = OWN_COST.fullmatch(bare)
    if not m or (m.group("n") == "X") != bool(m.group("where")):
        return None
    if THIS_WAY.fullmatch(m.group("each") or ""):  # CR 601.2b, 601.2f: the number its any-number cost pays
        if m.group("n") == "X" or not int(m.group("n")):  # (the compiler checks the card has one such cost)
            return None
        return ([("card", {"own_cost": {m.group("how"): int(m.group("n")), "per": "paid_this_way"}})], PAID_THIS_WAY)
    phrase = m.group("where") or "the number of " + m.group("each")
    per = 1 if m.group("n") == "X" else int(m.group("n"))
    if UNJUDGED.search(phrase) and per:  # what happened this turn, attackers: no board states it
        clause = f"where X is {m.group('where')}" if m.group("where") else f"for each {m.group('each')}"
        return ([("card", {"own_cost": {m.group("how"): per, "per": {"unjudged": clause}}})], UNJUDGED_WHY)
    parts = m.group("each").split(" and each ") if m.group("each") else []
    if len(parts) > 1:  # "for each Cave you control and each Cave card in your graveyard": the counts added
        amount: Any = {"sum": [_each_amount(part, amount_from, card_filter) for part in parts]}
    else:
        amount = _total(phrase, whose_filter) or _cost_amount(phrase, whose_filter) or amount_from(phrase)
    if not _counted_for_a_cost(amount):
        raise unsupported(f"the amount '{phrase}' of a spell's cost change")
    if per == 0:
        return None
    return ([("card", {"own_cost": {m.group("how"): per, "per": amount}})],
            "its own ability that changes what it costs (CR 113.6d, 601.2f): pay --spell reads it")


# CR 601.2b, 601.2f: "for each creature sacrificed this way", "for each card exiled this way": the number of
# permanents or cards its "any number of" additional cost pays (ANY_NUMBER).
THIS_WAY = re.compile(r"(?:creature|permanent|artifact|land|card) (?:sacrificed|exiled) this way")
ANY_NUMBER = ("sacrifice_any_number", "exile_from_hand_any_number")
PAID_THIS_WAY = ("its own ability that changes what it costs for each permanent or card its additional cost pays "
                 "(CR 113.6d, 601.2b, 601.2f): pay --spell and next cast determine it for each number paid")


def paid_this_way_unread(card: dict[str, Any]) -> bool:
    """Whether the card's own cost counts what "this way" pays (PAID_THIS_WAY) and it has not exactly one
    "any number of" additional cost to count."""
    paid = [item for item in card.get("additional_costs", []) if isinstance(item, dict) and next(iter(item)) in
            ANY_NUMBER]
    return card.get("own_cost", {}).get("per") == "paid_this_way" and len(paid) != 1


# CR 601.2f: a count or condition of what happened this turn that no board records (a creature that died,
# a card drawn, cycled or discarded, damage dealt, life lost, a creature that attacked: only the life gained
# and the spells cast are, 119.3, 601.2i), of attacking or blocking creatures (508.1k, 509.1g: a board
# states none) or of day and night (728: a board records neither): the change compiles with its count
# unjudged, so pay --spell and next cast refuse the spell (asp/cost_changes.lp), never a count guessed.
UNJUDGED = re.compile(r"\b(?:died|attacked|drawn|drew|cycled|discarded|lost|entered|dealt)\b.*\bthis turn\b"
                      r"|\b(?:attacking|blocking|attacked you)\b|\bit's (?:night|day)\b")
UNJUDGED_WHY = ("its own ability that changes what it costs by what no board records: what happened this turn, "
                "attackers, day or night (CR 113.6d, 601.2f): pay --spell and next cast refuse the spell")
# CR 601.2c, 601.2f: "if it targets a creature card with mana value 3 or less", "... a creature spell": a target that
# is no permanent, which no condition on the targets states (they are permanents): unjudged too.
TARGETS_UNSTATED = re.compile(r"it targets (?:an? )?[\w ]*\b(?:card|spell)\b[\w ]*")
TARGETS_UNSTATED_WHY = ("its own ability that changes what it costs by what it targets, a card or a spell, which no "
                        "condition on its targets states (CR 113.6d, 601.2c, 601.2f): pay --spell and next cast refuse "
                        "the spell")


def _each_amount(part: str, amount_from: Callable[[str], Any], card_filter: Callable[[str], Any] | None) -> Any:
    """One count of "for each A and each B": ``artifact card in your hand`` (CR 402.1: its caster's hand, judged
    on the cards' printed characteristics), else what amount_from reads of "the number of ..."."""
    m = rx.fullmatch(r"(.+ cards?) in your hand", part)
    if m and card_filter is not None:
        return {"count": {"whose": "you", "zone": "hand", "filter": card_filter(m.group(1))}}
    return amount_from(f"the number of {part}")


# CR 601.2c, 601.2f: "if it targets a tapped creature", "... a creature you control with a +1/+1
# counter on it", "... a blue permanent": a permanent among its targets (judged before its costs are
# paid, 601.2g-h, so a creature tapped for mana while paying doesn't count).
TARGETS_IF = re.compile(r"it targets an? (?P<tapped>tapped )?(?P<what>.+)")
# The filter keys and card types such a condition may name (judged on permanents, asp/objects.lp).
TARGET_KEYS = {"types", "subtypes", "supertypes", "colors", "with_counter", "any_of"}
PERMANENT_TYPES = {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}


def _target_condition(phrase: str, whose_filter: Callable[..., Any]) -> dict[str, Any] | None:
    """``it targets a tapped creature`` -> {whose, filter, tapped?}, or None (a phrase a filter of
    permanents can't state, an attacking creature, a card, a spell: not this form)."""
    m = TARGETS_IF.fullmatch(phrase)
    if not m or rx.search(r"\b(?:attacking|blocking|card|spell|damage|permanent card)\b", m.group("what")):
        return None
    try:
        whose, spec = whose_filter(m.group("what"))
    except Exception:  # the compiler's Unsupported: a phrase no filter reads
        return None
    specs = spec.get("any_of", [spec])
    if set(spec) - TARGET_KEYS or any(set(each) - TARGET_KEYS or set(each.get("types", [])) - PERMANENT_TYPES
                                      for each in specs):
        return None
    found: dict[str, Any] = {"whose": whose, "filter": spec}
    if m.group("tapped"):  # CR 110.5: a status, judged on the target
        found["tapped"] = True
    return found


# CR 208.1, 202.3: "the total power of creatures you control", "the total mana value of
# noncreature artifacts you control" (a negative power counts as it is, 107.1b).
TOTAL = re.compile(r"the total (power|toughness|mana value) of (.+ you control)")


HISTORIC = [{"types": ["Artifact"]}, {"supertypes": ["Legendary"]}, {"subtypes": ["Saga"]}]  # CR 700.6


def _total(phrase: str, whose_filter: Callable[..., Any]) -> dict[str, Any] | None:
    """``the total power of creatures you control`` -> {total: {stat, whose, filter}}, or None."""
    m = TOTAL.fullmatch(phrase)
    if not m:
        return None
    if m.group(2) == "historic permanents you control":  # CR 700.6: artifacts, legendaries and Sagas
        whose, spec = "you", {"any_of": [{key: list(value) for key, value in each.items()} for each in HISTORIC]}
    else:
        whose, spec = whose_filter(m.group(2), plural=True)
    return {"total": {"stat": m.group(1).replace(" ", "_"), "whose": whose, "filter": spec}}


# CR 601.2i: the spells cast this turn before the spell; pay counts them only for its total cost
# (an alternative's condition is judged apart, asp/alternative_costs.lp, where they are not given).
SPELLS_CAST = ("spells_cast", "spells_cast_all")


def _counted_for_a_cost(amount: Any) -> bool:
    """The amounts asp/cost_changes.lp counts: the greatest power or toughness among
    permanents, their total power, toughness or mana value, a count of permanents or of
    graveyard or hand cards (of one opponent too), the life gained this turn, a party, the card
    types among graveyard cards;
    never one that leaves out "other" objects (a spell being cast is on no battlefield)."""
    if amount in ("life_gained", "party", "graveyard_card_types", "spells_cast", "spells_cast_all"):
        return True
    if not isinstance(amount, dict) or len(amount) != 1:
        return False
    if "sum" in amount:  # CR 601.2f: "for each A and each B", each counted
        return all(_counted_for_a_cost(part) and part != "life_gained" for part in amount["sum"])
    (kind, spec), = amount.items()
    return kind in ("greatest", "count", "total") and not spec["filter"].get("other")


ALTERNATIVE = re.compile(r"You may (?P<costs>.+) rather than pay this spell's mana cost")
RETURN_TO_HAND = re.compile(r"return (?:a|an) (?P<what>.+) you control to its owner's hand")
# The filters the payment search reads on the permanents a cost chooses (pay's _matching).
CHOSEN_BY = {"types", "subtypes", "supertypes", "colors"}
# What a sacrifice may also say (CR 111.1: "a nontoken creature"; 109.2: "nonland permanents": pay's _matching reads
# them).
SACRIFICED_BY = CHOSEN_BY | {"token", "not_types"}


def alternative_cost(bare: str, cost_item: Callable[[str], Any], noun_filter: Callable[..., dict[str, Any]],
                     unsupported: Callable[[str], Exception], card_filter: Callable[[str], Any] | None = None
                     ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 118.9: "You may pay {1} and return a basic land you control to its owner's hand rather
    than pay this spell's mana cost" -> the card's ``alternative_costs`` (one list of cost items),
    or None when the line is not one; a part pay can't pay raises ``unsupported``."""
    m = ALTERNATIVE.fullmatch(bare)
    if not m:
        return None
    items: list[Any] = []
    for part in m.group("costs").split(" and "):
        items += _alternative_item(part, cost_item, noun_filter, unsupported, card_filter)
    return ([("card", {"alternative_costs": [items]})],
            "an alternative cost (CR 118.9, 601.2b): pay --spell gives its ways beside the mana cost's")


# CR 118.9: "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast", "... for
# Zombie creature spells you cast": a permanent's ability giving its controller an alternative cost.
GRANTED_ALTERNATIVE = re.compile(r"You may pay (?P<mana>(?:\{(?:\d+|[WUBRGC])\})+) rather than pay the mana cost "
                                 r"for (?:(?P<which>[\w ]+?) )?spells you cast")


def granted_alternative(bare: str, spell_filter: Callable[[str], dict[str, Any]]
                        ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 118.9, 601.2b: the ability ``alternative_cost_grant`` (a mana cost its controller may pay
    rather than the mana cost of matching spells), or None; ``spell_filter`` reads "Zombie creature"
    (raising the compiler's Unsupported for words it doesn't read)."""
    m = GRANTED_ALTERNATIVE.fullmatch(bare)
    if not m:
        return None
    spells = spell_filter(m.group("which")[0].upper() + m.group("which")[1:]) if m.group("which") else {}
    return ([("ability", {"alternative_cost_grant": {"whose": "you", "spells": spells, "cost": [m.group("mana")]}})],
            "a static ability that gives its controller an alternative cost for some spells (CR 118.9, 601.2b): pay "
            "--spell and next cast give its ways beside the spell's own")


# CR 118.9: an alternative cost with a condition, before or after it; or casting it without paying
# its mana cost (no cost items).
CONDITIONAL_ALTERNATIVE = re.compile(
    r"If (?P<if>[^,]+), you may (?P<costs>.+) rather than pay this spell's mana cost"
    r"|If (?P<if2>[^,]+), rather than pay this spell's mana cost, you may (?P<costs2>.+)"
    r"|You may (?P<costs3>.+) rather than pay this spell's mana cost if (?P<if3>.+)")
FREE = re.compile(r"If (?P<if>[^,]+), you may cast (?:this spell|~) without paying its mana cost"
                  r"|You may cast (?:this spell|~) without paying its mana cost if (?P<if2>.+)")


def conditional_alternative(bare: str, cost_item: Callable[[str], Any], noun_filter: Callable[..., dict[str, Any]],
                            unsupported: Callable[[str], Exception], amount_from: Callable[[str], Any],
                            whose_filter: Callable[..., Any], card_filter: Callable[[str], Any] | None = None
                            ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 118.9: "If you control a Forest, you may cast this spell without paying its mana cost",
    "If you control a Swamp, you may sacrifice a creature rather than pay this spell's mana cost"
    -> the card's ``alternative_costs`` (one with its condition: each part an amount at least or at
    most a number, judged for the caster, asp/alternative_costs.lp), or None when the line is not one;
    a condition or a part pay can't judge raises ``unsupported``."""
    free = FREE.fullmatch(bare)
    m = free or CONDITIONAL_ALTERNATIVE.fullmatch(bare)
    if not m:
        return None
    groups = {k: v for k, v in m.groupdict().items() if v is not None}
    phrase = next(v for k, v in groups.items() if k.startswith("if"))
    conditions = []
    for part in phrase.split(" and "):
        condition = _board_condition(part, whose_filter, amount_from) or cost_condition(part, amount_from, whose_filter)
        if condition is None or condition["amount"] in SPELLS_CAST or (
                condition["amount"] not in ("life_total",) and not _counted_for_a_cost(condition["amount"])):
            raise unsupported(f"the condition '{part}' of an alternative cost")
        conditions.append(condition)
    items: list[Any] = []
    if not free:
        costs = next(v for k, v in groups.items() if k.startswith("costs"))
        items = [item for part in costs.split(" and ")
                 for item in _alternative_item(part, cost_item, noun_filter, unsupported, card_filter)]
    what = "casting it without paying its mana cost" if free else "an alternative cost"
    return ([("card", {"alternative_costs": [{"cost": items, "if": conditions}]})],
            f"{what} while a condition holds (CR 118.9, 601.2b): pay --spell gives its ways beside the mana cost's")


def _board_condition(phrase: str, whose_filter: Callable[..., Any], amount_from: Callable[[str], Any]
                     ) -> dict[str, Any] | None:
    """"an opponent controls an Island": at least one among the permanents its caster's opponents
    control; "there are thirteen or more creatures on the battlefield": among all permanents
    (CR 109.2)."""
    m = rx.fullmatch(r"an opponent controls an? (.+)", phrase)
    if m:
        whose, spec = whose_filter(f"{m.group(1)} your opponents control")
        return {"amount": {"count": {"whose": whose, "filter": spec}}, "at_least": 1}
    m = rx.fullmatch(rf"there are {NUMBER} or more (.+) on the battlefield", phrase)
    if m:
        return {"amount": amount_from(f"the number of {m.group(2)} on the battlefield"),
                "at_least": _count(m.group("k"))}
    return None


def _alternative_item(part: str, cost_item: Callable[[str], Any], noun_filter: Callable[..., dict[str, Any]],
                      unsupported: Callable[[str], Exception], card_filter: Callable[[str], Any] | None = None
                      ) -> list[Any]:
    """One part of an alternative cost as its cost items (several for "sacrifice two Mountains"),
    or ``unsupported`` raised for a part pay doesn't pay."""
    m = rx.fullmatch(r"pay ((?:\{(?:\d+|[WUBRGC])\})+)", part)
    if m:
        return [m.group(1)]
    m = RETURN_TO_HAND.fullmatch(part)
    if m:  # CR 400.7: the permanent leaves the battlefield (it may be tapped for mana first, 601.2g-h)
        spec = noun_filter(m.group("what"))
        if set(spec) <= CHOSEN_BY:
            return [{"return_to_hand": spec}]
        raise unsupported(f"the alternative cost '{part}'")
    # CR 601.2h: "discard a Mountain card" (701.8a), "reveal a ... card from your hand" (701.16a): a card
    # of the hand judged by its printed characteristics
    chosen = _card_item(part, card_filter) if card_filter is not None else None
    if chosen is not None and next(iter(chosen)) in ("discard_card", "reveal"):
        return [chosen]
    m = rx.fullmatch(r"sacrifice (two|three|four|five) ([\w\- ]+)", part)
    if m:  # CR 701.17a: that many distinct permanents
        spec = noun_filter(m.group(2), plural=True)
        if set(spec) <= SACRIFICED_BY:
            return [{"sacrifice": spec}] * SEVERAL[m.group(1)]
        raise unsupported(f"the alternative cost '{part}'")
    item = cost_item(part[0].upper() + part[1:])
    if isinstance(item, dict) and len(item) == 1:
        (kind, value), = item.items()
        if kind == "sacrifice" and set(value) <= SACRIFICED_BY:
            return [item]
        if kind in ("pay_life", "discard") and isinstance(value, int):
            return [item]
    raise unsupported(f"the alternative cost '{part}'")


EVOKE = re.compile(r"[Ee]voke ((?:\{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRG])\})+)")


def evoke(piece: str, card: dict[str, Any]) -> list[tuple[str, Any]] | None:
    """CR 702.74a: "Evoke {1}{G}": an alternative cost (pay --spell gives its ways, next cast
    casts it evoked) and "When this permanent enters, if its evoke cost was paid, its controller
    sacrifices it" (a triggered ability next puts on the stack), or None when the cost is not mana."""
    m = EVOKE.fullmatch(piece)
    if not m:
        return None
    trigger = {"when": {"event": "enters"}, "if": {"evoked": True}, "do": [{"sacrifice_self": True}],
               "text": "if its evoke cost was paid, its controller sacrifices it"}
    return [("card", {"alternative_costs": card.get("alternative_costs", []) + [
                {"name": "evoke", "cost": [m.group(1)]}]}),
            ("ability", {"triggered": trigger})]


# CR 702.34a: "Flashback {2}{R}", "Flashback—{1}{U}, Pay 3 life", "Flashback—Sacrifice a Mountain".
FLASHBACK = re.compile(r"[Ff]lashback(?: (?P<mana>(?:\{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRG])\})+)|—(?P<costs>.+?))\.?")


def flashback(piece: str, card: dict[str, Any], cost_item: Callable[[str], Any],
              noun_filter: Callable[..., dict[str, Any]], unsupported: type[Exception]) -> list[tuple[str, Any]] | None:
    """CR 702.34a: "Flashback {2}{R}" on an instant or sorcery card: an alternative cost it may be
    cast for from its owner's graveyard, exiled when it leaves the stack (pay --spell gives its ways,
    next cast CARD flashback casts it), or None when the piece is not flashback, the card is of
    another type (the keyword then grants nothing a query reads here) or a part of its cost is one pay
    can't pay."""
    m = FLASHBACK.fullmatch(piece)
    if not m or not {"Instant", "Sorcery"} & set(card.get("types", [])):
        return None
    if m.group("mana"):
        items: list[Any] = [m.group("mana")]
    else:
        items = []
        for part in m.group("costs").split(", "):
            if rx.fullmatch(r"(?:\{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRG])\})+", part):
                items.append(part)
                continue
            try:
                items += _alternative_item(part[0].lower() + part[1:], cost_item, noun_filter, unsupported)
            except unsupported:
                return None
    return [("card", {"alternative_costs": card.get("alternative_costs", []) + [
        {"name": "flashback", "cost": items}]})]


# CR 702.33a: "Kicker—Sacrifice a creature", "Kicker—Pay 3 life": a kicker cost other than mana after a dash.
KICKER_COSTS = re.compile(r"Kicker—(?P<costs>.+?)\.?")


def kicker_costs(piece: str, cost_item: Callable[[str], Any], noun_filter: Callable[..., dict[str, Any]]
                 ) -> list[Any] | None:
    """CR 702.33a: the cost items of "Kicker—Sacrifice two lands", an optional additional cost (the card's
    ``kicker``, which pay --spell --additional kicker and next cast ... kicked pay, as additional costs are: 601.2b,
    601.2h), or None when the piece is no such kicker or a part of its cost is one pay doesn't pay."""
    m = KICKER_COSTS.fullmatch(piece)
    if not m:
        return None
    items: list[Any] = []
    for part in m.group("costs").split(", "):
        found = _additional_item("pay " + part if part.startswith("{") else part[0].lower() + part[1:], cost_item,
                                 noun_filter)
        if found is None:
            return None
        items += found
    return items


AFFINITY = re.compile(r"[Aa]ffinity for (?P<what>[\w\- ]+)")


def affinity(piece: str, card: dict[str, Any], amount_from: Callable[[str], Any],
             unsupported: type[Exception]) -> list[tuple[str, Any]] | str | None:
    """CR 702.41a: "Affinity for artifacts" means "This spell costs {1} less to cast for each
    artifact you control": the card's ``own_cost`` (asp/cost_changes.lp counts the permanents its
    caster controls as the total cost is determined, 601.2f).  None when the piece is not affinity;
    why, when it is one no rule counts (a quality no filter reads)."""
    m = AFFINITY.fullmatch(piece)
    if not m:
        return None
    try:
        amount = amount_from(f"the number of {m.group('what')} you control")
    except unsupported:
        amount = None
    if not _counted_for_a_cost(amount):
        return f"{piece}: permanents no filter reads (CR 702.41a), so the spell's total cost can't be known"
    return [("card", {"own_cost": {"less": 1, "per": amount}})]


ADDITIONAL = re.compile(r"As an additional cost to cast (?:this spell|~), (.+)")
# Costs that choose a card of its caster's hand or graveyard by its printed characteristics
# (CR 601.2h): "reveal an Elf card from your hand" (701.16a), "discard a land card" (701.8a), "exile
# two creature cards from your graveyard" (701.11a).
REVEAL = re.compile(r"reveal (an? [\w\- ]+? card) from your hand")
DISCARD_CARD = re.compile(r"discard (an? [\w\- ]+? card)")
EXILE_CARDS = re.compile(r"exile (a|an|one|two|three|four|five) ([\w\- ]+? cards?) from your graveyard")


def _card_item(part: str, card_filter: Callable[[str], dict[str, Any]]) -> Any:
    """``reveal an Elf card from your hand`` -> {reveal: FILTER}, ``discard a land card`` ->
    {discard_card: FILTER}, ``exile a creature card from your graveyard`` -> {exile_from_graveyard:
    {count, filter}}; None when the part is none of these (a filter no rule judges raises the
    compiler's Unsupported)."""
    m = REVEAL.fullmatch(part)
    if m:
        return {"reveal": card_filter(m.group(1))}
    m = DISCARD_CARD.fullmatch(part)
    if m and m.group(1) not in ("a card", "an card"):
        return {"discard_card": card_filter(m.group(1))}
    m = EXILE_CARDS.fullmatch(part)
    if m:
        return {"exile_from_graveyard": {"count": COUNTS[m.group(1)], "filter": card_filter(m.group(2))}}
    return None
# "behold a Goblin" (its reminder text: "choose a Goblin you control or reveal a Goblin card from your hand"), and
# those words themselves: a cost paid by choosing a permanent of its controller's or revealing a card of the hand
# (CR 601.2h, 701.16a; behold is newer than the rules text cited, read by its reminder text).
BEHOLD = re.compile(r"behold (?P<what>an? [\w\- ]+?)|choose (?P<chosen>an? [\w\- ]+?) you control or reveal "
                    r"(?P<revealed>an? [\w\- ]+?) card from your hand")
# "behold a Kithkin and exile it" (its reminder text: "Exile a Kithkin you control or a Kithkin card from your hand").
BEHOLD_EXILE = re.compile(r"(behold an? [\w\- ]+?) and exile it")


def _behold_item(part: str, noun_filter: Callable[..., dict[str, Any]],
                 card_filter: Callable[[str], dict[str, Any]] | None) -> Any:
    """``behold a Goblin`` -> {behold: FILTER}: the filter judges the permanent chosen and the card revealed
    alike; None when the part is no such cost, or its kinds differ or are of qualities the search doesn't read."""
    m = BEHOLD.fullmatch(part)
    if m is None or card_filter is None:
        return None
    what = m.group("what") or m.group("chosen")
    if (m.group("revealed") is not None and m.group("revealed") != what) or re.search(r"\b(?:and|or)\b", what):
        return None
    spec = noun_filter(what)
    if not spec or not set(spec) <= CHOSEN_BY or card_filter(f"{what} card") != spec:
        return None
    return {"behold": spec}


MANA_ITEM = re.compile(r"(?:\{(?:\d+|[WUBRGC])\})+")
# The items pay --spell and next cast pay beside the mana cost (pysolver/query/payment.py's _extra).
PAID_ITEMS = ("sacrifice", "discard", "pay_life", "tap_untapped", "return_to_hand", "reveal", "discard_card",
              "exile_from_graveyard", "behold", "waterbend", "blight", "behold_exile")
SEVERAL = {"two": 2, "three": 3, "four": 4, "five": 5}


# "sacrifice a creature or pay {3}", "sacrifice a creature, discard a card, or pay 4 life": a choice
# between costs, each option led by a cost verb (the "or" of "an artifact or creature" is a filter's).
CHOICE_VERB = r"(?=(?:sacrifice|discard|pay|tap|return|reveal|exile|behold|blight)\b)"
CHOICE_OR = re.compile(rf",? or {CHOICE_VERB}")
CHOICE_SPLIT = re.compile(rf",? or {CHOICE_VERB}|, {CHOICE_VERB}")


def additional_costs(bare: str, cost_item: Callable[[str], Any], noun_filter: Callable[..., dict[str, Any]],
                     unsupported: type[Exception], card_filter: Callable[[str], dict[str, Any]] | None = None,
                     card: dict[str, Any] | None = None) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 601.2b, 118.8: "As an additional cost to cast this spell, sacrifice an artifact or
    creature", "..., sacrifice two creatures", "..., return a land you control to its owner's
    hand" -> the card's ``additional_costs`` (several sacrifices: one item each, never the same
    permanent twice); "..., discard a card or pay {5}" -> one item ``{one_of: [[items], [items]]}``,
    a choice its caster makes as the spell is cast (601.2b: each option a way to pay).  None when a
    part is none of the items pay pays: X, an optional cost ("you may ...")."""
    m = ADDITIONAL.fullmatch(bare)
    if m and rx.search(r"\bX\b", m.group(1)):
        return _x_additional(m.group(1), card_filter, noun_filter, unsupported)
    if not m:
        return None
    chosen = ANY_NUMBER_OPTIONAL.fullmatch(m.group(1))
    if chosen and chosen.group("sacrificed"):  # "you may sacrifice any number of": none is a choice too
        part = f"sacrifice any number of {chosen.group('sacrificed')}"
        found = _additional_item(part, cost_item, noun_filter, card_filter)
        return ([("card", {"additional_costs": found})], "an additional cost to cast it (CR 601.2b, 118.8, "
                "701.17a): pay --spell pays it") if found else None
    if chosen and card_filter is not None:  # CR 601.2h: cards of its caster's hand, judged printed
        try:
            spec = card_filter(chosen.group("exiled"))
        except unsupported:
            return None
        return ([("card", {"additional_costs": [{"exile_from_hand_any_number": spec}]})],
                "an additional cost to cast it (CR 601.2b, 118.8, 406.3): pay --spell pays it")
    times = OPTIONAL_TIMES.fullmatch(m.group(1))
    if times:  # CR 601.2b, 118.8: an optional additional cost its caster pays any number of times
        owned = (card or {}).get("optional_costs", {})
        return ([("card", {"optional_costs": {**owned, "times": [times.group(1)]}})],
                "an optional additional cost to cast it, paid any number of times (CR 601.2b, 118.8): pay --spell "
                "--additional times pays it once for each time named, --additional times=any every number")
    more = OPTIONAL_ONE_OR_MORE.fullmatch(m.group(1))
    if more:  # CR 601.2b, 701.17a: an optional additional cost, one permanent or more when paid
        found = _additional_item(f"sacrifice any number of {more.group(1)}", cost_item, noun_filter, card_filter)
        if not found:
            return None
        owned = (card or {}).get("optional_costs", {})
        item = {"sacrifice_one_or_more": found[0]["sacrifice_any_number"]}
        copies = (", and its reflexive trigger, copies of the spell as it is cast (603.12, 707.10), which next never "
                  "makes: it pays no optional cost, and next resolve refuses a spell with one" if more.group(2) else "")
        return ([("card", {"optional_costs": {**owned, "sacrifice": [item]}})],
                "an optional additional cost to cast it (CR 601.2b, 118.8, 701.17a): pay --spell --additional "
                f"sacrifice pays it, each choice of one or more a way{copies}")
    for form, key, why in OPTIONAL_COUNTED:  # CR 601.2b, 118.8: an optional additional cost of one number
        counted = form.fullmatch(m.group(1))
        if counted:
            return _optional(card, key, {key: int(counted.group(1))}, why)
    beheld = OPTIONAL_BEHOLD.fullmatch(m.group(1))
    if beheld:  # CR 601.2b, 118.8: an optional additional cost (behold: its reminder text, 701.16a)
        try:
            item = _behold_item(beheld.group(1), noun_filter, card_filter)
        except unsupported:
            return None
        return _optional(card, "behold", item, "; behold: choose a permanent you control or reveal a card of your "
                         "hand, its reminder text") if item is not None else None
    exiled = BEHOLD_EXILE.fullmatch(m.group(1))
    if exiled:  # the permanent or card beheld is exiled (601.2h, 406.3)
        try:
            item = _behold_item(exiled.group(1), noun_filter, card_filter)
        except unsupported:
            return None
        return ([("card", {"additional_costs": [{"behold_exile": item["behold"]}]})], "an additional cost to cast it "
                "(CR 601.2b, 118.8, 601.2h, 406.3; behold and exile: exile a permanent you control or a card of your "
                "hand, its reminder text): pay --spell pays it") if item is not None else None
    if BEHOLD.fullmatch(m.group(1)):  # before the choice between costs: "choose ... or reveal ..." is one cost
        try:
            item = _behold_item(m.group(1), noun_filter, card_filter)
        except unsupported:
            return None
        return ([("card", {"additional_costs": [item]})], "an additional cost to cast it (CR 601.2b, 118.8, 601.2h; "
                "behold: choose a permanent you control or reveal a card of your hand): pay --spell pays it") \
            if item is not None else None
    revealed = OPTIONAL_REVEAL.fullmatch(m.group(1))
    if revealed and card_filter is not None:  # CR 601.2b, 118.8, 701.16a: an optional additional cost
        try:
            item = _card_item(revealed.group(1), card_filter)
        except unsupported:
            return None
        return _optional(card, "reveal", item, ", 701.16a")
    listed = TAP_LIST.fullmatch(m.group(1))
    if listed:  # "tap four untapped artifacts, creatures, and/or lands you control": one filter (CR 118.3)
        return _tap_list(listed, noun_filter, unsupported)
    if CHOICE_OR.search(m.group(1)):
        return _choice(m.group(1), cost_item, noun_filter, unsupported, card_filter)
    items: list[Any] = []
    for part in rx.split(r", and |, | and ", m.group(1)):
        if rx.match(r"(?:or|you may)\b", part):
            return None  # a choice between costs, or an optional one
        try:
            found = _additional_item(part, cost_item, noun_filter, card_filter)
        except unsupported:
            return None
        if found is None:
            return None
        items += found
    return ([("card", {"additional_costs": items})],
            "an additional cost to cast it (CR 601.2b, 118.8): pay --spell pays it")


# CR 601.2b, 118.8: "you may reveal a Dragon card from your hand": an optional additional cost (701.16a).
# CR 601.2b: "you may sacrifice any number of creatures" (none too), "you may exile any number of white cards
# from your hand".
ANY_NUMBER_OPTIONAL = re.compile(r"you may (?:sacrifice any number of (?P<sacrificed>[\w\- ]+)"
                                 r"|exile any number of (?P<exiled>[\w\- ]+ cards) from your hand)")
# CR 601.2b, 118.8: "you may pay {1}{G} any number of times" (Taste of Paradise); "you may sacrifice one or more
# creatures" (Plumb the Forbidden), and its reflexive trigger "When you do, copy this spell for each creature
# sacrificed this way" (603.12, 707.10).
OPTIONAL_TIMES = re.compile(r"you may pay ((?:\{(?:[0-9]+|[WUBRGC]|[WUBRG]/[WUBRG])\})+) any number of times")
OPTIONAL_ONE_OR_MORE = re.compile(r"you may sacrifice one or more ([\w\- ]+?)"
                                  r"(\. When you do, copy this spell for each [\w\- ]+ sacrificed this way)?\.?")
# CR 701.57a: "you may collect evidence 6": exile cards with total mana value 6 or greater from your graveyard.
OPTIONAL_EVIDENCE = re.compile(r"you may collect evidence (\d+)")
OPTIONAL_REVEAL = re.compile(r"you may (reveal an? [\w\- ]+? card from your hand)")
OPTIONAL_BEHOLD = re.compile(r"you may (behold an? [\w\- ]+?)")
# "waterbend {5}" (its reminder text: "While paying a waterbend cost, you can tap your artifacts and creatures to help.
# Each one pays for {1}."; newer than the rules text cited): {5} that untapped artifacts and creatures may help pay.
WATERBEND = re.compile(r"waterbend \{(\d+)\}")
OPTIONAL_WATERBEND = re.compile(r"you may waterbend \{(\d+)\}")
# "blight 1" (its reminder text: "put a -1/-1 counter on a creature you control"; newer than the rules text cited).
BLIGHT = re.compile(r"blight (\d+)")
OPTIONAL_BLIGHT = re.compile(r"you may blight (\d+)")
# CR 118.3, 601.2h: "tap four untapped artifacts, creatures, and/or lands you control": that many untapped
# permanents of any of those kinds (a list whose commas no split of the parts may cut).
TAP_LIST = re.compile(r"tap (?P<k>a|an|one|two|three|four|five) untapped (?P<what>\w+, [\w, /]+) you control")


# Optional additional costs of one number: the form, the item's key, and what it is (CR 701.57a; blight and waterbend
# are newer than the rules text cited, read by their reminder texts).
OPTIONAL_COUNTED = ((OPTIONAL_EVIDENCE, "collect_evidence", ", 701.57a"),
                    (OPTIONAL_BLIGHT, "blight", "; blight: -1/-1 counters on a creature you control, its reminder "
                                                "text"),
                    (OPTIONAL_WATERBEND, "waterbend", "; waterbend: generic mana that untapped artifacts and creatures "
                                                      "may help pay, its reminder text"))


def _optional(card: dict[str, Any] | None, name: str, item: Any, why: str) -> tuple[list[tuple[str, Any]], str]:
    """The card's ``optional_costs`` with ``name``'s one item (CR 601.2b, 118.8), and the sentence's reason."""
    owned = (card or {}).get("optional_costs", {})
    return ([("card", {"optional_costs": {**owned, name: [item]}})],
            f"an optional additional cost to cast it (CR 601.2b, 118.8{why}): pay --spell --additional {name} pays it")


def _tap_list(m: re.Match[str], noun_filter: Callable[..., dict[str, Any]], unsupported: type[Exception]
              ) -> tuple[list[tuple[str, Any]], str] | None:
    try:
        spec = noun_filter(m.group("what"), plural=True)
    except unsupported:
        return None
    if not all(set(each) <= CHOSEN_BY for each in spec.get("any_of", [spec])):
        return None
    count = COUNTS[m.group("k")]
    item = {"tap_untapped": {"count": count, "filter": spec} if count != 1 else {"filter": spec}}
    return ([("card", {"additional_costs": [item]})], "an additional cost to cast it (CR 601.2b, 118.8): pay --spell "
            "pays it")


# CR 107.3a, 601.2b: "pay X life", "discard X cards", "exile X creature cards from your graveyard":
# X is announced as the spell is cast (pay --spell --x N), the same X as its mana cost's.
X_ADDITIONAL = re.compile(r"pay X life|waterbend \{X\}|discard X cards(?P<random> at random)?"
                          r"|exile X (?:(?P<what>[\w\- ]+?) )?cards from your graveyard"
                          r"|return X (?P<returned>[\w\- ]+?) you control to their owners?'s? hands?")


def _x_additional(text: str, card_filter: Callable[[str], dict[str, Any]] | None,
                  noun_filter: Callable[..., dict[str, Any]], unsupported: type[Exception]
                  ) -> tuple[list[tuple[str, Any]], str] | None:
    """The one additional cost with X pay pays (X_ADDITIONAL), or None."""
    m = X_ADDITIONAL.fullmatch(text)
    if not m or (m.group("what") and card_filter is None):
        return None
    if m.group("returned"):  # CR 400.7: X permanents its caster controls leave to their owners' hands
        try:
            spec = noun_filter(m.group("returned"), plural=True)
        except unsupported:
            return None
        if not set(spec) <= CHOSEN_BY:
            return None
        item: dict[str, Any] = {"return_to_hand": {"count": "X", "filter": spec}}
    elif text.startswith("pay"):
        item = {"pay_life": "X"}
    elif text.startswith("waterbend"):  # X generic mana, which untapped artifacts and creatures may help pay
        item = {"waterbend": "X"}
    elif text.startswith("discard"):  # CR 701.8b: at random, paid after the other costs (601.2h)
        item = {"discard_at_random" if m.group("random") else "discard": "X"}
    else:  # CR 701.11a; the cards judged on their printed characteristics
        spec = card_filter(f"{m.group('what')} cards") if m.group("what") and card_filter is not None else {}
        item = {"exile_from_graveyard": {"count": "X", "filter": spec}}
    return ([("card", {"additional_costs": [item]})],
            "an additional cost to cast it with X, the value announced as it is cast (CR 601.2b, 107.3a): pay "
            "--spell --x N pays it")


def _choice(text: str, cost_item: Callable[[str], Any], noun_filter: Callable[..., dict[str, Any]],
            unsupported: type[Exception], card_filter: Callable[[str], dict[str, Any]] | None
            ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 601.2b: "discard a card or pay {5}": one option of costs is chosen and paid (an option
    pay doesn't pay, or two options alike: None)."""
    options: list[list[Any]] = []
    for part in CHOICE_SPLIT.split(text):
        if rx.match(r"(?:or|you may)\b", part):
            return None
        try:
            found = _additional_item(part, cost_item, noun_filter, card_filter)
        except unsupported:
            return None
        if found is None or found in options:
            return None
        options.append(found)
    return ([("card", {"additional_costs": [{"one_of": options}]})],
            "an additional cost to cast it, a choice between costs (CR 601.2b, 118.8): pay --spell gives each "
            "option's ways")


def _additional_item(part: str, cost_item: Callable[[str], Any], noun_filter: Callable[..., dict[str, Any]],
                     card_filter: Callable[[str], dict[str, Any]] | None = None) -> list[Any] | None:
    m = rx.fullmatch(r"pay ((?:\{(?:\d+|[WUBRGC])\})+)", part)
    if m:  # CR 118.1: mana, paid with the mana cost (601.2f)
        return [m.group(1)]
    m = rx.fullmatch(r"discard (a|two|three) cards? at random", part)
    if m:  # CR 701.8b: the cards discarded are random, paid after the other costs (601.2h)
        return [{"discard_at_random": COUNTS[m.group(1)]}]
    chosen = _card_item(part, card_filter) if card_filter is not None else None
    if chosen is not None and next(iter(chosen)) in ("discard_card", "reveal"):
        return [chosen]
    beheld = _behold_item(part, noun_filter, card_filter)
    if beheld is not None:  # "behold a Goblin or pay {2}": an option of a choice (CR 601.2b)
        return [beheld]
    m = WATERBEND.fullmatch(part)
    if m:  # generic mana that untapped artifacts and creatures may help pay (its reminder text)
        return [{"waterbend": int(m.group(1))}]
    m = BLIGHT.fullmatch(part)
    if m:  # N -1/-1 counters on a creature its caster controls (its reminder text)
        return [{"blight": int(m.group(1))}]
    m = RETURN_TO_HAND.fullmatch(part)
    if m:  # CR 400.7: the permanent leaves the battlefield (it may be tapped for mana first, 601.2g-h)
        spec = noun_filter(m.group("what"))
        return [{"return_to_hand": spec}] if set(spec) <= CHOSEN_BY else None
    m = rx.fullmatch(r"sacrifice (two|three|four|five) ([\w\- ]+)", part)
    if m:  # CR 701.17a: that many distinct permanents
        spec = noun_filter(m.group(2), plural=True)
        return [{"sacrifice": spec}] * SEVERAL[m.group(1)] if set(spec) <= CHOSEN_BY else None
    m = rx.fullmatch(r"sacrifice (all|any number of) ([\w\- ]+?)(?: you control)?", part)
    if m and (m.group(1) == "any number of") != part.endswith(" you control"):
        # CR 701.17a, 601.2h: every one its caster controls as the cost is paid, or the ones chosen (none too)
        spec = noun_filter(m.group(2), plural=True)
        key = "sacrifice_all" if m.group(1) == "all" else "sacrifice_any_number"
        return [{key: spec}] if set(spec) <= SACRIFICED_BY else None
    item = cost_item(part[0].upper() + part[1:])
    if isinstance(item, str):
        return [item] if MANA_ITEM.fullmatch(item) else None
    if isinstance(item, dict) and next(iter(item)) in PAID_ITEMS:
        return [item]
    return None


def changed_mana(symbols: str, how: str) -> dict[str, Any] | None:
    """``{2}``, ``{B}``, ``{1}{B}`` more or less: {more|less: N} for generic mana, ``more_colored``
    for colored or colorless symbols added (CR 601.2f); None for a reduction of colored mana (CR
    118.7b-c reduce the generic part by what a color lacks, which no rule here models)."""
    generic = sum(int(s) for s in rx.findall(r"\{(\d+)\}", symbols))
    colored = "".join(rx.findall(r"\{[WUBRGC]\}", symbols))
    if colored and how == "less":
        return None
    if generic == 0 and not colored:
        return None
    return ({how: generic} if generic else {}) | ({"more_colored": colored} if colored else {})


# "Spells you cast with mana value 5 or greater", "Spells you cast of the chosen creature type",
# "Each spell you cast that's red or green", "Spells your opponents cast that target ~": the spells a
# cost change applies to, narrowed by a quality of the spell (CR 202.3 its mana value, 607.1 a creature
# type chosen as its source entered, 105.1 its colors, 205.3 its types) judged on its card, or by its
# targets (601.2c: the change's source among them; asp/cost_changes.lp).
SPELL_QUALIFIER = re.compile(
    r"(?P<head>(?:.+? )?[Ss]pells?(?: you cast| your opponents cast| an opponent casts)?) "
    r"(?:with mana value (?P<mv>\d+) or (?P<bound>greater|less)|of the chosen (?P<chosen>creature|card) type"
    r"|(?P<named>with the chosen name)"
    r"|from (?P<zones>your graveyard|graveyards|exile|anywhere other than your hand)(?P<exile> or from exile)?"
    r"|that's (?:an? )?(?P<that>[\w, ]+?)|(?P<target_self>that targets? ~))"
    r" (?P<rest>costs? (?:\{(?:\d+|[WUBRGC])\})+ (?:more|less) to cast)")


# CR 400.1: the zones a spell may be cast from; "anywhere other than your hand" is every other
# zone a card may be cast from (a library, a graveyard, exile, the command zone).
CAST_FROM = {"your graveyard": ["graveyard"], "graveyards": ["graveyard"], "exile": ["exile"],
             "anywhere other than your hand": ["library", "graveyard", "exile", "command"]}


def qualified_cost_change(bare: str, cost_change: Callable[[str], Any], spell_filter: Callable[[str], Any]
                          ) -> dict[str, Any] | None:
    """A cost change of spells of a mana value, of the chosen creature type, "that's" a color or
    type, or cast from a zone (``cost_change`` reads the rest of the line), or None when the line is
    not one."""
    m = SPELL_QUALIFIER.fullmatch(bare)
    if not m:
        return None
    change = cost_change(f"{m.group('head')} {m.group('rest')}")
    if change is None or "during" in change:
        return None
    spells = dict(change["spells"])
    if m.group("mv"):  # CR 202.3
        spells["min_mana_value" if m.group("bound") == "greater" else "max_mana_value"] = int(m.group("mv"))
    elif m.group("chosen"):  # CR 607.1, 205.3m, 205.2a: chosen as its source entered
        spells["chosen"] = f"{m.group('chosen')}_type"
    elif m.group("named"):  # CR 607.1, 201.2: the name chosen as its source entered
        spells["named_chosen"] = True
    elif m.group("zones"):  # CR 601.2a: the zone the spell is cast from
        return {**change, "cast_from": CAST_FROM[m.group("zones")] + (["exile"] if m.group("exile") else [])}
    elif m.group("target_self"):  # CR 601.2c, 601.2f: its source among the targets chosen before
        return {**change, "if_targets_self": True}
    else:
        if spells:  # "Creature spells you cast that's ..." is no English: not read
            return None
        spells = spell_filter(m.group("that"))
    return {**change, "spells": spells}
