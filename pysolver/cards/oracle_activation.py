"""Restrictions on activating abilities (CR 602.5), for the compiler of pysolver/cards/oracle.py.

"Activated abilities of sources with the chosen name can't be activated unless they're mana
abilities", "Activated abilities of lands your opponents control can't be activated unless
they're mana abilities": the ability ``forbid_activating`` (asp/legality.lp), read by
can-activate; mana abilities stay free (605.1a), so no mana query is touched.  A restriction
that reaches mana abilities too is not this form (the line stays not understood).
"""

from __future__ import annotations

import re
from typing import Any, Callable

FORBID = re.compile(r"Activated abilities of (?P<what>.+?) can't be activated unless they're mana abilities")


def forbid_activating(bare: str, whose_filter: Callable[..., tuple[str, dict[str, Any]]],
                      unsupported: type[Exception]) -> tuple[list[tuple[str, Any]], str] | None:
    """(compiled data, what it is), or None when the line is not this form or names objects
    the compiler can't read."""
    m = FORBID.fullmatch(bare)
    if not m:
        return None
    what = m.group("what")
    if what == "sources with the chosen name":  # CR 201.2, 607.1: the name chosen as it entered
        whose, spec = "any", {"named_chosen": True}
    else:
        try:
            whose, spec = whose_filter(what, plural=True)
        except unsupported:
            return None
    return ([("ability", {"forbid_activating": {"affects": spec, "whose": whose}})],
            "a restriction on activating the non-mana abilities of some permanents (CR 602.5): "
            "can-activate reads it")


# CR 602.5, 303.4, 301.5: "Enchanted creature can't attack or block, and its activated abilities can't be
# activated" (the Arrest family), "Enchanted creature's activated abilities can't be activated", "Enchanted
# permanent doesn't untap during its controller's untap step and its activated abilities can't be activated",
# "Enchanted creature gets -1/-1, and its activated abilities can't be activated", "... its activated abilities
# with {T} in their costs can't be activated".
ATTACHED = re.compile(r"(?P<group>(?:Enchanted|Equipped) (?:creature|permanent|artifact|land))"
                      r"(?:'s activated abilities"
                      r"|(?: (?P<combat>can't attack or block)"
                      r"| (?P<untap>doesn't untap during its controller's untap step)"
                      r"| gets (?P<power>[+-]\d+)/(?P<toughness>[+-]\d+))?,? and its activated abilities)"
                      r"(?P<tap> with \{T\} in their costs)? can't be activated")


def attached_cant_activate(bare: str, group: Callable[[str], tuple[str, dict[str, Any], bool] | None]
                           ) -> tuple[list[tuple[str, Any]], str] | None:
    """(compiled data, what it is) for an Aura's or Equipment's ban on activating the abilities of the
    permanent it is attached to (mana abilities too: CR 602.5 names no exception, 605.1a), or None
    when the line is not this form.  can-activate, mana, available and pay read it (asp/legality.lp);
    could-produce doesn't (CR 106.7: what an ability would produce if it resolved, whether or not it
    could be activated)."""
    m = ATTACHED.fullmatch(bare)
    found = group(m.group("group")) if m else None
    if found is None or not found[2]:
        return None
    whose, spec, _ = found
    static: dict[str, Any] = {"affects": spec, "whose": whose, "enchanted": True,
                              "cant_activate": "tap" if m.group("tap") else "all"}
    why = ("a static ability of an Aura or Equipment: the activated abilities of the permanent it is attached to "
           + ("with {T} in their costs " if m.group("tap") else "") + "can't be activated, mana abilities too "
           "(CR 602.5)")
    if m.group("untap"):  # CR 502.3
        static["doesnt_untap"] = True
        why += "; it doesn't untap during its controller's untap step (502.3)"
    if m.group("power"):  # CR 613.4c
        static["pt"] = {"power": int(m.group("power")), "toughness": int(m.group("toughness"))}
        why += "; it gets that much power and toughness (613.4c)"
    if m.group("combat"):
        why += "; 'can't attack or block' concerns only combat, which no query declares (508.1, 509.1)"
    return [("ability", {"static": static})], why


# CR 602.5: "Activated abilities of artifacts can't be activated", "Activated abilities of creatures your
# opponents control can't be activated", "Activated abilities of artifacts, creatures, and planeswalkers can't
# be activated": no exception, so mana abilities are stopped too (605.1a).
GROUP_BAN = re.compile(r"Activated abilities of (?P<what>[^\".]+?) can't be activated")
# What the layer-6 reach can't judge: power and toughness, keywords (matches_layer6, asp/objects.lp,
# judges every condition but these), a choice made as the source entered.
UNJUDGED = ("power", "toughness", "power_at_least", "power_at_most", "toughness_at_least", "toughness_at_most",
            "keywords", "not_keywords", "chosen", "named_chosen")


def group_cant_activate(bare: str, group: Callable[[str], tuple[str, dict[str, Any], bool] | None]
                        ) -> tuple[list[tuple[str, Any]], str] | None:
    """(compiled data, what it is) for a static ability that stops the activated abilities of every
    permanent of a group, mana abilities too (CR 602.5, 605.1a), or None when the line is not this
    form or its group names what the reach can't judge.  can-activate, mana, available and pay read it
    (asp/legality.lp, as the Arrest family's); could-produce doesn't (CR 106.7)."""
    m = GROUP_BAN.fullmatch(bare)
    what = m.group("what") if m else ""
    found = group(what[:1].upper() + what[1:]) if m else None
    if found is None or found[2]:
        return None
    whose, spec, _ = found
    if any(key in each for each in (spec, *spec.get("any_of", [])) for key in UNJUDGED):
        return None
    return ([("ability", {"static": {"affects": spec, "whose": whose, "cant_activate": "all"}})],
            "a static ability: the activated abilities of the permanents of a group can't be activated, mana "
            "abilities too (CR 602.5, 605.1a)")



# CR 601.2f, 602.2b: "Activated abilities of white enchantments cost {3} more to activate", "Activated abilities of
# Foods you control cost {1} less to activate", "... cost {2} more to activate unless they're mana abilities",
# "Activated abilities of nontoken Rebels cost an additional "Sacrifice a land" to activate": a change to the total
# cost of the activated abilities of every permanent of a group, mana abilities too unless it says otherwise. No
# rule here applies it, so whether an affected ability can be activated, and what activating it pays, are unknown.
GROUP_COST_CHANGE = re.compile(r"Activated abilities(?: of (?P<what>[^\".]+?))? cost (?P<change>.+?) to activate"
                               r"(?P<except_mana> unless they're mana abilities)?(?:, where X is [^.]+)?")
# CR 702.6a, 601.2f, 602.2b: equip is an activated ability of Equipment, never a mana ability (605.1a): "Equip
# abilities you activate cost {1} less to activate", "... of other Equipment ...", "Equip costs you pay cost {1}
# less" change what the equip abilities of its controller's Equipment cost (every activated ability of those
# Equipment but their mana abilities is refused: the change is kept as its sentence).
EQUIP_COST_CHANGE = re.compile(r"(?:Equip abilities you activate(?P<other> of other Equipment)?|Equip costs you pay) "
                               r"cost \{\d+\} (?:less|more)(?: to activate)?")


def group_cost_change(bare: str, group: Callable[[str], tuple[str, dict[str, Any], bool] | None]
                      ) -> tuple[list[tuple[str, Any]], str] | None:
    """(compiled data, what it is) for a static ability that changes what the activated abilities of a group's
    permanents cost, kept as its sentence (``activation_cost_unjudged``): can-activate, mana, available, pay
    and next refuse an ability it affects (activation_unknown, asp/legality.lp); could-produce ignores costs
    (CR 106.7).  None when the line is not this form or its group names what the reach can't judge."""
    equip = EQUIP_COST_CHANGE.fullmatch(bare)
    if equip:  # the Equipment its controller controls (CR 702.6a: only its controller activates equip)
        equipment = {"subtypes": ["Equipment"], **({"other": True} if equip.group("other") else {})}
        return ([("ability", {"static": {"affects": equipment, "whose": "you", "activation_cost_unjudged": bare + ".",
                                         "except_mana": True}})],
                "a static ability: a change to what the equip abilities of its controller's Equipment cost (CR "
                "702.6a, 601.2f, 602.2b), which no rule here applies: the queries that activate an ability of those "
                "Equipment other than a mana ability refuse")
    m = GROUP_COST_CHANGE.fullmatch(bare)
    what = m.group("what") or "" if m else ""
    found = (group(what[:1].upper() + what[1:]) if what else ("any", {}, False)) if m else None
    if m is None or found is None or found[2]:
        return None
    whose, spec, _ = found
    if any(key in each for each in (spec, *spec.get("any_of", [])) for key in UNJUDGED):
        return None
    static: dict[str, Any] = {"affects": spec, "whose": whose, "activation_cost_unjudged": bare + "."}
    if m.group("except_mana"):
        static["except_mana"] = True
    return ([("ability", {"static": static})],
            "a static ability: a change to what the activated abilities of the permanents of a group cost "
            + ("(not their mana abilities) " if m.group("except_mana") else "(mana abilities too) ")
            + "(CR 601.2f, 602.2b), which no rule here applies: the queries that activate one refuse")
