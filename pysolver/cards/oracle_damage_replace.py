"""Oracle compiler forms of static prevention and replacement effects of damage (issue 13; CR 615.1a,
615.10, 615.12, 614.1a, 616.1): an event (damage a source would deal to a recipient), what is done to it
(prevent all of it, prevent N of it, double or triple it, that much plus N), and the two ends of the
event, each a general piece: the source ("a source you control", "a red source", "an artifact", "a
creature you control", "~", "equipped creature") and the recipient ("you", "an opponent", "a permanent
or player", "creatures you control", "~", "enchanted creature").  "Prevent all damage that would be
dealt to enchanted creature by artifact sources", "If a source an opponent controls would deal damage to
you, prevent 1 of that damage", "If a creature you control would deal damage to a permanent or player,
it deals double that damage instead", "Damage can't be prevented" (615.12).  The rule is asp/damage.lp,
the one place every damage event a query deals goes through, with the order the affected player chooses
(616.1).  A source "of the chosen color" (or creature type) is judged on the choice made as the
effect's permanent entered (607.1).  Damage to its controller redirected to its source or to the
permanent it is attached to ("All damage that would be dealt to you is dealt to ~ instead", 614.9).  Not
read: other redirections (of damage to a permanent, to a chosen creature), a
prevention with another effect ("prevent that damage and put a counter ..."), an amount read from the
board.  This module imports nothing of the package: ``whose_filter`` and ``unsupported`` are
pysolver.cards.oracle's."""

from __future__ import annotations

import re
from typing import Any, Callable

NUMBERS = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "one": 1, "two": 2, "three": 3}
WhoseFilter = Callable[..., tuple[str, dict[str, Any]]]
Unsupported = type[Exception]

# CR 615.1a: "Prevent all [noncombat] damage that would be dealt to RECIPIENT[ by SOURCE]".
PREVENT_TO = re.compile(r"Prevent all (?:noncombat )?damage that would be dealt to (?P<to>.+?)"
                        r"(?: by (?P<by>.+))?")
# CR 615.1a: "Prevent all damage that SOURCE would deal[ to RECIPIENT]", "Prevent all damage that would be
# dealt by SOURCE".
PREVENT_BY = re.compile(r"Prevent all (?:noncombat )?damage (?:that )?(?P<by>(?!would ).+?) would deal"
                        r"(?: to (?P<to>.+))?")
PREVENT_DEALT_BY = re.compile(r"Prevent all (?:noncombat )?damage that would be dealt by (?P<by>.+)")
# CR 615.1a, 615.10: "If SOURCE would deal [noncombat] damage to RECIPIENT, prevent N of that damage /
# prevent that damage"; "If [noncombat] damage would be dealt to RECIPIENT, prevent that damage".
IF_SOURCE = re.compile(r"If (?P<by>.+?) would deal (?:noncombat )?damage to (?P<to>.+?), (?P<what>.+)")
IF_DEALT = re.compile(r"If (?:noncombat )?damage would be dealt to (?P<to>.+?), (?P<what>prevent that damage)")
IF_SELF_DEALT = re.compile(r"If (?P<to>~) would be dealt damage, (?P<what>prevent that damage)")
# CR 614.1a: "Double all damage that SOURCE would deal".
DOUBLE_ALL = re.compile(r"Double all damage (?:that )?(?P<by>.+?) would deal")
# CR 615.12: "Damage can't be prevented", "Damage that would be dealt by ~ can't be prevented".
UNPREVENTABLE = re.compile(r"(?:All )?[Dd]amage(?P<self> that would be dealt by ~)? can't be prevented")
# CR 614.9: "All damage that would be dealt to you is dealt to ~ instead" (to equipped or enchanted creature);
# "As long as ~ is untapped, all damage that would be dealt to you by unblocked creatures is dealt to ~ instead".
REDIRECT = re.compile(r"(?:(?P<untapped>As long as ~ is untapped, a)|A)ll damage that would be dealt to you"
                      r"(?P<unblocked> by unblocked creatures)? is dealt to (?P<into>~|equipped creature|"
                      r"enchanted creature) instead")
# What is done to the event (the recipient named again: "to that permanent or player").
AGAIN = r"(?: to (?:that permanent or player|that player or permanent|that player|that permanent|that creature))?"
WHAT = [(re.compile(r"prevent all but (?P<n>\w+) of that damage"), "prevent_all_but"),
        (re.compile(r"prevent (?P<n>\w+) of that damage"), "prevent"),
        (re.compile(r"prevent (?:that damage|all of that damage)"), "prevent_all"),
        (re.compile(r"(?:it|that source) deals double that damage" + AGAIN + " instead"), "double"),
        (re.compile(r"(?:it|that source) deals triple that damage" + AGAIN + " instead"), "triple"),
        (re.compile(r"(?:it|that source) deals that much damage plus (?P<n>\w+)" + AGAIN + " instead"), "plus"),
        # CR 614.1a: the damage is replaced by -1/-1 counters on the creature (no damage is dealt, 120.3)
        (re.compile(r"put that many -1/-1 counters on (?:that creature|it) instead"), "counters_instead")]
WORDS = {"prevent_all": "all of it is prevented (CR 615.1a)", "prevent": "{n} of it is prevented (CR 615.1a, 615.10)",
         "double": "it is doubled (CR 614.1a)", "triple": "it is tripled (CR 614.1a)",
         "plus": "it is that much plus {n} (CR 614.1a)",
         "prevent_all_but": "all of it but {n} is prevented (CR 615.1a)",
         "counters_instead": "that many -1/-1 counters are put on the creature instead, and no damage is dealt (CR "
                             "614.1a, 120.3)"}
PLAYERS = {"you": "you", "an opponent": "opponent", "a player": "any", "each opponent": "opponent"}
ATTACHED = {"enchanted creature": "attached", "equipped creature": "attached", "~": "self"}


def _source(phrase: str, whose_filter: WhoseFilter, unsupported: Unsupported) -> dict[str, Any] | None:
    """The source of the damage: {self: true} (its own source or the creature it is attached to), or
    {whose, filter?}: a source its controller's W controls matching the filter (none: any source)."""
    if phrase in ATTACHED:
        return {ATTACHED[phrase]: True}
    words = re.sub(r"\bsources\b", "permanents", re.sub(r"\bsource\b", "permanent", phrase))
    if words in ("a permanent", "permanents"):
        return {"whose": "any"}
    if re.search(r"\b(blocking|attacking|blocked|commander|spell|spells)\b", phrase):
        return None  # combat, a spell alone: not read
    try:
        whose, spec = whose_filter(words, plural=not words.startswith(("a ", "an ", "another ")),
                                   other=True)
    except unsupported:  # a phrase noun_filter doesn't read
        return None
    return {"whose": whose, **({"filter": spec} if spec else {})}


def _recipient(phrase: str, whose_filter: WhoseFilter, unsupported: Unsupported) -> dict[str, Any] | None:
    """The recipient: {players: W} and/or {permanents: {whose, filter}}, or {self | attached: true}."""
    if phrase in ATTACHED:
        return {ATTACHED[phrase]: True}
    if phrase in PLAYERS:
        return {"players": PLAYERS[phrase]}
    if phrase in ("a permanent or player", "a player or permanent", "any target"):
        return {"players": "any", "permanents": {"whose": "any"}}
    m = re.fullmatch(r"an? (creature|planeswalker|creature or planeswalker) or (?:a )?player", phrase)
    if m:  # "a creature or player": a player, or a permanent of the kind
        found = _recipient(f"{m.group(1)}s", whose_filter, unsupported)
        return {"players": "any", **found} if found and "permanents" in found else None
    m = re.fullmatch(r"(you|~) and (.+)", phrase)
    if m:  # "you and creatures you control", "~ and other creatures you control": each of them
        first, second = _recipient(m.group(1), whose_filter, unsupported), _recipient(m.group(2), whose_filter,
                                                                                     unsupported)
        return {**first, **second} if first and second and "permanents" in second else None
    if phrase in ("an opponent or a permanent an opponent controls",
                  "an opponent or a permanent that opponent controls"):
        return {"players": "opponent", "permanents": {"whose": "opponent"}}
    m = re.fullmatch(r"you or (.+ you control)", phrase)
    if m:
        found = _recipient(m.group(1), whose_filter, unsupported)
        return {"players": "you", **found} if found and "permanents" in found else None
    if re.search(r"\b(chosen|blocking|attacking|blocked|player|players|target)\b", phrase):
        return None
    try:
        plural = not phrase.startswith(("a ", "an ", "another "))
        whose, spec = whose_filter(phrase, plural=plural, other=True)
    except unsupported:
        return None
    return {"permanents": {"whose": whose, **({"filter": spec} if spec else {})}}


def _filter_of(recipient: dict[str, Any]) -> dict[str, Any]:
    """The filter of the permanents a recipient names (none: {})."""
    permanents = recipient.get("permanents")
    return permanents.get("filter", {}) if isinstance(permanents, dict) else {}


def _amount(word: str | None) -> int | None:
    return NUMBERS.get(word or "")


DURING = {"During your turn, ": "you", "During each opponent's turn, ": "opponent",
          "During your opponents' turns, ": "opponent"}


def redirection_form(bare: str) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 614.9: damage that would be dealt to its controller is dealt to its source (or to the permanent its
    source is attached to) instead; "as long as ~ is untapped": not while its source is tapped (611.3a, 110.5);
    "by unblocked creatures": an unblocked creature is an attacking one (509.1h), and a board has none (the
    filter's ``attacking``, refused in the combat steps after attackers are declared)."""
    m = REDIRECT.fullmatch(bare)
    if m is None:
        return None
    source: dict[str, Any] = {"whose": "any"}
    if m.group("unblocked"):
        source["filter"] = {"types": ["Creature"], "attacking": True}
    spec: dict[str, Any] = {"how": "redirect", "into": ATTACHED[m.group("into")] if m.group("into") == "~"
                            else "attached", "from": source, "to": {"players": "you"}}
    if m.group("untapped"):
        spec["while"] = "untapped"
    into = "its source" if spec["into"] == "self" else "the creature its source is attached to"
    return ([("ability", {"damage_replacement": spec})],
            f"damage {'unblocked creatures' if m.group('unblocked') else 'a source'} would deal to its controller is "
            f"dealt to {into} instead{' while its source is untapped' if m.group('untapped') else ''} (a redirection "
            "effect, CR 614.9; asp/damage.lp: every damage event a query deals)")


def damage_replacement_form(bare: str, whose_filter: WhoseFilter, unsupported: Unsupported
                            ) -> tuple[list[tuple[str, Any]], str] | None:
    """A permanent's static prevention or replacement of damage (CR 615.1a, 614.1a), or None; "During your
    turn, ..." limits it to its controller's turns (or its opponents', 102.1)."""
    for prefix, whose in DURING.items():
        if bare.startswith(prefix):
            found = damage_replacement_form(bare[len(prefix)].upper() + bare[len(prefix) + 1:], whose_filter,
                                            unsupported)
            if found is None or "damage_replacement" not in found[0][0][1]:
                return None
            found_spec = found[0][0][1]["damage_replacement"]
            return ([("ability", {"damage_replacement": {**found_spec, "during": whose}})],
                    found[1] + (" during its controller's turns" if whose == "you" else " during its controller's "
                                "opponents' turns") + " (CR 102.1)")
    redirected = redirection_form(bare)
    if redirected is not None:
        return redirected
    m = UNPREVENTABLE.fullmatch(bare)
    if m:
        which = "self" if m.group("self") else "all"
        return ([("ability", {"damage_unpreventable": which})],
                "damage " + ("its source deals " if which == "self" else "") + "can't be prevented: prevention "
                "effects apply to it and prevent none of it (CR 615.12; asp/damage.lp)")
    how, amount, by, to = None, 0, None, None
    m = PREVENT_DEALT_BY.fullmatch(bare) or PREVENT_TO.fullmatch(bare) or PREVENT_BY.fullmatch(bare)
    if m:
        how, by, to = "prevent_all", m.group("by"), m.groupdict().get("to")
    m = m or DOUBLE_ALL.fullmatch(bare)
    if m and how is None:
        how, by = "double", m.group("by")
    if how is None:
        m = IF_SOURCE.fullmatch(bare) or IF_DEALT.fullmatch(bare) or IF_SELF_DEALT.fullmatch(bare)
        if m is None:
            return None
        by, to = m.groupdict().get("by"), m.group("to")
        for pattern, kind in WHAT:
            done = pattern.fullmatch(m.group("what"))
            if done:
                how = kind
                if "n" in done.groupdict():
                    amount = _amount(done.group("n")) or 0
                    if not amount:
                        return None
                break
        if how is None:
            return None
    source = _source(by, whose_filter, unsupported) if by else {"whose": "any"}
    recipient = _recipient(to, whose_filter, unsupported) if to else {"players": "any", "permanents": {"whose": "any"}}
    if source is None or recipient is None:
        return None
    if how == "counters_instead" and (set(recipient) != {"permanents"} or _filter_of(recipient) != {
            "types": ["Creature"]}):
        return None  # counters instead: on creatures alone (a player's damage isn't replaced so here)
    spec: dict[str, Any] = {"how": how, "from": source, "to": recipient}
    if amount:
        spec["amount"] = amount
    return ([("ability", {"damage_replacement": spec})],
            "damage its source and recipient match would deal: " + WORDS[how].format(n=amount)
            + ", in the order the affected player chooses among such effects (616.1; asp/damage.lp: every "
            "damage event a query deals)")
