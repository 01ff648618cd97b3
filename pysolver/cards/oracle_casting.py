"""Who may cast which spells when, for the compiler of pysolver/cards/oracle.py (issue 13).

"You may cast creature spells as though they had flash", "Any player may cast Sliver spells as
though they had flash": the ability ``cast_permission`` (CR 702.8a, 307.1: the spells may be
cast any time their caster could cast an instant); "You may cast this spell as though it had
flash": the card's own ``cast_as_though_flash`` (it functions as the card is cast, 113.6i is
not needed: 601.3 reads the permission from the hand); "... if you pay {2} more to cast it": its
``flash_cost``, an additional cost paid to use the permission (601.3c, 118.8).  "Your opponents can't cast spells during
your turn", "You can't cast noncreature spells", "Each player can't cast more than one spell each
turn": the ability ``cast_prohibition`` (CR 101.2: a "can't" wins over any "can", 601.3).
"Cast this spell only during combat", "... only during the declare blockers step on an opponent's
turn", "... only during combat on your turn before blockers are declared": the card's own
``cast_only`` (CR 601.3: it may be cast only in those steps, on that player's turn; 506.1 the combat
phase's steps, 508.1 and 509.1 attackers and blockers declared as their steps begin).
asp/actions.lp judges them as `pysolver next cast` casts a spell.  A permission, prohibition or
restriction with a condition no rule judges ("only if you've been attacked this step") is none of
these forms: its line stays not understood.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx

SpellFilter = Callable[[str], dict[str, Any]]

FLASH = re.compile(r"(?P<who>You|Any player) may cast (?P<which>.+?) spells as though they had flash")
OWN_FLASH = re.compile(r"You may cast (?:this spell|~) as though it had flash")
# CR 601.3d: "... if X is 3 or less" (X announced as it is proposed, 601.3b), "... if a creature is attacking and
# a creature is blocking" (508.1k, 509.1g: only once blockers are declared).
OWN_FLASH_IF = re.compile(r"You may cast (?:this spell|~) as though it had flash if (?:X is (?P<x>\d+) or less"
                          r"|(?P<blocking>a creature is attacking and a creature is blocking))")
# CR 601.3c: "... if you pay {2} more to cast it": an additional cost paid to use the permission.
OWN_FLASH_PAYING = re.compile(r"You may cast (?:this spell|~) as though it had flash if you pay "
                              r"(?P<mana>(?:\{(?:\d+|[WUBRGC])\})+) more to cast it")
PROHIBIT = re.compile(r"(?P<who>You|Your opponents|Players|Each player|Each opponent|Enchanted player) can't cast "
                      r"(?P<what>.+?)(?P<during> during (?:your turn|combat))?")
# CR 102.1, 102.3: whose spells, relative to the ability's controller.
# "Enchanted player": the player a Curse is attached to (CR 303.4).
WHOSE = {"You": "you", "Your opponents": "opponent", "Each opponent": "opponent", "Players": "any",
         "Enchanted player": "enchanted_player",
         "Each player": "any", "Any player": "any"}
# CR 506.1: the combat phase's steps; "your turn": its controller is the active player.
DURING = {" during your turn": "your_turn", " during combat": "combat"}
PERMANENT_SPELL = {"any_of": [{"types": [t]} for t in ("Artifact", "Battle", "Creature", "Enchantment",
                                                      "Planeswalker")]}  # CR 110.4a (lands are never cast)


def _spells(which: str, spell_filter: SpellFilter, unsupported: type[Exception]) -> dict[str, Any] | None:
    """``Sliver``, ``creature and enchantment``, ``noncreature``, ``permanent``: the filter."""
    if which == "permanent":
        return PERMANENT_SPELL
    try:
        return spell_filter(which[0].upper() + which[1:])
    except unsupported:
        return None


# CR 506.1: the combat phase's steps; 509.1: blockers are declared as the declare blockers step begins,
# so "before blockers are declared" is the beginning of combat and declare attackers steps.
COMBAT_STEPS = ["beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"]
NAMED_STEPS = {"upkeep": "upkeep", "draw step": "draw", "beginning of combat step": "beginning_of_combat",
               "declare attackers step": "declare_attackers", "declare blockers step": "declare_blockers",
               "combat damage step": "combat_damage", "end of combat step": "end_of_combat", "end step": "end"}
CAST_ONLY = re.compile(
    r"Cast this spell only during (?:(?P<combat>combat)|the (?P<step>[a-z ]+?)(?: step)?"
    r"|(?P<whose_step>your|an opponent's) (?P<own_step>upkeep|draw step|end step)"
    r"|(?P<turn>your|an opponent's) turn)"
    r"(?: on (?P<on>your|an opponent's) turn)?(?P<before> before blockers are declared)?")
TURN_OF = {"your": "you", "an opponent's": "opponent"}
# CR 500.1, 501.1, 502-514: the steps and main phases after the upkeep a player may cast a spell in, in turn order
# (none in the untap step, 502.4), for "... after their upkeep step" (in an additional upkeep step, refused).  "Before
# attackers are declared", "before the combat damage step" and "during combat after blockers are declared" stay not
# understood: whether a declare blockers or combat damage step happened (508.8: skipped without attackers) or
# attackers were declared in an earlier combat of the turn (500.8) is not on a board.
TURN_STEPS = ["upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers", "declare_blockers",
              "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup"]
MOMENTS = {"after their upkeep step": TURN_STEPS[1:], "after your upkeep step": TURN_STEPS[1:]}
MOMENT = re.compile(r"Cast this spell only (?:during (?P<turn>your|an opponent's) turn,? )?(?P<moment>"
                    + "|".join(MOMENTS) + ")")


# CR 508.1b, 601.3: "... and only if you've been attacked this step": the active player attacks, so this is
# never on its caster's turn; on an opponent's, whether they attacked its caster is not on a board (next
# cast refuses it there).
ATTACKED = " and only if you've been attacked this step"


def cast_only(bare: str) -> dict[str, Any] | None:
    """"Cast this spell only during combat on your turn": {steps, turn, text}, or None (CR 601.3);
    "... during the declare attackers step and only if you've been attacked this step": with
    ``if_attacked`` and only on an opponent's turn (508.1b)."""
    if bare.endswith(ATTACKED):
        timed = cast_only(bare.removesuffix(ATTACKED))
        if timed is None or timed.get("steps") != ["declare_attackers"] or timed.get("turn", "opponent") != "opponent":
            return None
        return {**timed, "turn": "opponent", "if_attacked": True, "text": bare}
    moment = MOMENT.fullmatch(bare)
    if moment:  # "after their upkeep step": the opponent's turn it names; "after your upkeep step": your turn
        turn = moment.group("turn") or ("your" if moment.group("moment") == "after your upkeep step" else None)
        owner = {"after their upkeep step": "an opponent's", "after your upkeep step": "your"}.get(
            moment.group("moment"), turn)
        if turn != owner:
            return None
        return {"steps": MOMENTS[moment.group("moment")], **({"turn": TURN_OF[turn]} if turn else {}), "text": bare}
    m = CAST_ONLY.fullmatch(bare)
    if not m:
        return None
    spec: dict[str, Any] = {}
    if m.group("combat"):
        spec["steps"] = COMBAT_STEPS[:2] if m.group("before") else list(COMBAT_STEPS)
    elif m.group("before"):
        return None  # "before blockers are declared" reads only with combat
    elif m.group("step") or m.group("own_step"):
        step = NAMED_STEPS.get((m.group("step") or "") + " step") or NAMED_STEPS.get(m.group("step") or "")
        step = step or NAMED_STEPS.get(m.group("own_step") or "")
        if step is None:
            return None
        spec["steps"] = [step]
    whose = [w for w in (m.group("whose_step"), m.group("turn"), m.group("on")) if w]
    if len(whose) > 1:
        return None
    if whose:
        spec["turn"] = TURN_OF[whose[0]]
    spec["text"] = bare
    return spec


def casting_form(bare: str, spell_filter: SpellFilter, unsupported: type[Exception], permanent: bool
                 ) -> tuple[list[tuple[str, Any]], str] | None:
    """(compiled data, what it is) for a permission or prohibition to cast, or None."""
    if OWN_FLASH.fullmatch(bare):  # CR 702.8a, 601.3: the card itself, cast from the hand
        return ([("card", {"cast_as_though_flash": True})],
                "a permission to cast it as though it had flash (CR 702.8a, 601.3): next cast reads it")
    m = OWN_FLASH_IF.fullmatch(bare)
    if m:  # CR 601.3b, 601.3d: as though it had flash while a condition holds
        condition = {"x_at_most": int(m.group("x"))} if m.group("x") else {"blocking": True}
        return ([("card", {"flash_if": condition})],
                "a permission to cast it as though it had flash while a condition holds (CR 601.3d, 601.3b): next "
                "cast judges it (X as announced; attackers and blockers no board states: refused where they may be)")
    m = OWN_FLASH_PAYING.fullmatch(bare)
    if m:  # CR 601.3c, 118.8: an additional cost its caster pays to cast it as though it had flash
        return ([("card", {"flash_cost": m.group("mana")})],
                "a permission to cast it as though it had flash if its caster pays an additional cost (CR 601.3c, "
                "118.8): pay --spell --additional flash and next cast CARD additional=flash pay it")
    restricted = cast_only(bare)
    if restricted is not None:  # CR 601.3: the card itself, cast from any zone
        if restricted.get("if_attacked"):
            return ([("card", {"cast_only": restricted})],
                    "a restriction on when it may be cast (CR 601.3, 508.1b): only on an opponent's turn, as its "
                    "active player attacks; next cast refuses it at any other time, and then too: whether its caster "
                    "was attacked is not on the board")
        return ([("card", {"cast_only": restricted})],
                "a restriction on when it may be cast (CR 601.3): next cast refuses it at any other time")
    if not permanent:
        return None  # a spell's own effect, which resolving grants for a while: not these forms
    m = FLASH.fullmatch(bare)
    if m:
        spells = _spells(m.group("which"), spell_filter, unsupported)
        if spells is None:
            return None
        return ([("ability", {"cast_permission": {"whose": WHOSE[m.group("who")], "spells": spells}})],
                "a permission to cast spells as though they had flash (CR 702.8a, 307.1): next cast reads it")
    if rx.fullmatch(r"(?:You|Any player) may cast spells as though they had flash", bare):
        who = "you" if bare.startswith("You") else "any"
        return ([("ability", {"cast_permission": {"whose": who, "spells": {}}})],
                "a permission to cast spells as though they had flash (CR 702.8a, 307.1): next cast reads it")
    m = PROHIBIT.fullmatch(bare)
    if not m:
        return None
    what = m.group("what")
    prohibition: dict[str, Any] = {"whose": WHOSE[m.group("who")]}
    if m.group("during"):
        prohibition["during"] = DURING[m.group("during")]
    more = rx.fullmatch(r"more than one (?:(?P<which>.+?) )?spell each turn", what)
    if more:  # CR 601.3: a second spell this turn (the board's spells_cast_this_turn)
        if more.group("which"):
            return None  # a count of spells of a kind, which no board records
        prohibition["spells"] = {}
        prohibition["after_one_each_turn"] = True
    elif what == "spells":
        prohibition["spells"] = {}
    elif rx.fullmatch(r"spells with the same name as (?:a card exiled with ~|the exiled card)", what):
        prohibition["spells"] = {}  # CR 201.2, 607.2a: a name of a card exiled with its source (the board's exiled:)
        prohibition["named_exiled"] = True
    elif what == "spells with the chosen name":
        prohibition["spells"] = {}  # CR 201.2, 607.1: the name chosen as its source entered (the board's chosen:)
        prohibition["named_as"] = "chosen"
    elif what == "spells with the same name as a nontoken permanent":
        prohibition["spells"] = {}  # CR 201.2, 111.1: a name a nontoken permanent on the battlefield has now
        prohibition["named_as"] = "nontoken_permanent"
    elif what in ("spells from anywhere other than their hands", "spells from graveyards"):
        prohibition["spells"] = {}  # CR 601.2a: the zone it is cast from (next cast: a hand, or a graveyard)
        prohibition["cast_from"] = "not_hand" if what.endswith("hands") else "graveyard"
    elif rx.fullmatch(r"spells with (even|odd) mana values", what):
        prohibition["spells"] = {}  # CR 202.3, 202.3e: the spell's mana value (its X counted), even or odd
        prohibition["mana_value"] = what.split()[2]
    else:
        spells_m = rx.fullmatch(r"(.+?) spells", what)
        spells = _spells(spells_m.group(1), spell_filter, unsupported) if spells_m else None
        if spells is None:
            return None
        prohibition["spells"] = spells
    return ([("ability", {"cast_prohibition": prohibition})],
            "a prohibition on casting spells (CR 101.2, 601.3): next cast refuses such a spell")
