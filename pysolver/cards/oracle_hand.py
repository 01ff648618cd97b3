"""Abilities no query can reach (issue 13): an ability activated from a hand ("Channel — {2},
Discard this card: ...") or from a graveyard ("{3}{R}{R}: Return this card from your graveyard to
your hand"), a trigger on cycling ("When you cycle this card, ..."), and a
permission to cast or play cards from exile ("You may play cards exiled with ~"), from a
graveyard or from the top of a library, under a condition or not ("During your turn, as long as
you've sacrificed a nontoken permanent this turn, you may play cards exiled with ~"; "As long as ~
is attached to a creature, you may cast creature spells from the top of your library"), with what
it says of the spells cast that way ("If you cast a spell this way, that creature enters with a
finality counter on it").  `pysolver next` activates abilities of permanents only, casts spells
and plays lands from a hand only (but for a card's own flashback: CR 601.2a, 305.1, 702.34a), and
no query cycles a card; each such sentence is irrelevant, saying why.
An ability of these shapes that adds mana is never irrelevant (a mana ability of a card in a
hand could pay a cost; the compiler refuses it)."""

from __future__ import annotations

import re

from pysolver.cards import patterns as rx

FROM_A_HAND = ("an ability activated from a hand (CR 113.6m, 602.1): no query activates an ability of a card in a "
               "hand (`next` activates abilities of permanents, can-activate takes a permanent), and it adds no mana")
FROM_A_GRAVEYARD = ("an ability that functions only in a graveyard (CR 113.6m, 113.6j: its cost or effect moves "
                    "this card out of a graveyard): no query activates an ability of a card in a graveyard "
                    "(`next` activates abilities of permanents, can-activate takes a permanent), and it adds no mana")
CYCLED = ("a trigger when a card is cycled: cycling is activated from a hand (CR 702.29a, 702.29c), which no "
          "query does")
# CR 702.29a, 702.49a: cycling and ninjutsu are activated from a hand (commander ninjutsu from the command zone too).
HAND_COSTS = ("a change to what abilities activated from a hand cost (cycling, ninjutsu: CR 702.29a, 702.49a, 601.2f, "
              "602.2b): no query activates an ability of a card in a hand (`next` activates abilities of permanents, "
              "can-activate takes a permanent)")
HAND_COST_CHANGE = re.compile(r"(?:Cycling|Ninjutsu) abilities you activate cost \{\d+\} (?:less|more) to activate")
FROM_EXILE = ("a permission to cast or play cards from exile: `pysolver next` casts spells and plays lands only from "
              "a hand (CR 601.2a, 305.1)")

# "Channel — {1}{G}, Discard this card: Destroy target artifact ... Activate only as a sorcery."
HAND_ABILITY = re.compile(r"Channel — [^:]*\bDiscard (?:this card|~)(?!\w)[^:]*: (.+)")
CYCLE_TRIGGER = re.compile(r"When(?:ever)? you cycle (?:this card|~|a card|another card), .+")
FROM_LIBRARY_OR_GRAVEYARD = ("a permission to cast or play from a graveyard or library: `pysolver next` casts "
                             "spells and plays lands only from a hand, but for a card's own flashback (CR 601.2a, "
                             "305.1, 702.34a)")

# What the permission says of the spells cast or the cards played through it, which are never cast or
# played (CR 601.2a): "If you cast a spell this way, ...", "You can't cast more than one spell this way each turn".
THIS_WAY = (r"(?:\. (?:If you (?:cast a spell|play a land|play a card|cast a spell or play a land) this way, [^.]+"
            r"|You can't (?:cast|play) more than one (?:spell|card|land) this way each turn))*")
# "exiled with ~" ends the sentence as often as not: "~" is no word character, so no \b after it.
EXILE_PERMISSION = re.compile(
    r"(?:[^.]*?, )?(?:[Yy]ou|Each player|[Tt]hat player) may (?:look at [^,]+, and (?:you|they) may )?"
    r"(?:play|cast)\b[^.]*?(?:\bexiled with ~(?!\w)|\bfrom exile\b|\bfrom among those cards\b)[^.]*" + THIS_WAY)
# CR 611.3a: a condition on a static permission ("As long as ~ is attached to a creature", "During your
# turn", "Coven — As long as ...": the ability word is left out before): whatever it says, the permission
# is never used.  A trigger ("Whenever ..., you may cast ...") is no such condition.
CONDITION = (r"(?:(?:Once )?[Dd]uring (?:your turn|each of your turns)|Once each turn|As long as [^.,]+"
             r"|You may look at the top card of your library (?:any time|at any time), and)")
LIBRARY_PERMISSION = re.compile(
    rf"(?:{CONDITION}(?:, as long as [^.,]+)?,? )?[Yy]ou may (?:cast|play) [^.]*? from (?:your graveyard|the top of "
    r"your library)(?: by [^.]+? in addition to (?:paying )?(?:their|its) other costs)?" + THIS_WAY)
EXILE = re.compile(r"\bexiled with ~|\bfrom exile\b")
MANA = re.compile(r"\b(?:[Aa]dds?|mana)\b")
ACTIVATED_LINE = re.compile(r'(?:[^—:"]+? — )?(?P<cost>[^:"]+): (?P<effect>.+)')
THIS_CARD_IN_A_GRAVEYARD = re.compile(r"(?:\bthis card|~) from your graveyard\b")


# A cost that puts the card itself into a graveyard ("Sacrifice ~", "Discard this card"); "Sacrifice a
# land" or "Sacrifice two artifacts" puts other cards there.
SELF_TO_GRAVEYARD = re.compile(r"\b(?:[Ss]acrifice|[Dd]iscard) (?:~|this (?:card|creature|artifact|enchantment|land|"
                               r"permanent)\b)")


def in_a_graveyard_only(cost: str, effect: str) -> bool:
    """CR 113.6m: an activated ability whose cost or effect moves this card out of a graveyard
    functions only there, unless its cost first puts it there (sacrificing or discarding it)."""
    if THIS_CARD_IN_A_GRAVEYARD.search(cost):
        return True
    return bool(THIS_CARD_IN_A_GRAVEYARD.search(effect)) and not SELF_TO_GRAVEYARD.search(cost)


def unreachable(bare: str) -> str | None:
    """Why a line (or a sentence) is an ability no query reaches (see above), or None."""
    m = HAND_ABILITY.fullmatch(bare)
    if m and not MANA.search(m.group(1)):
        return FROM_A_HAND
    m = ACTIVATED_LINE.fullmatch(bare)
    if m and not bare.startswith(("When", "At ", "If ")) and in_a_graveyard_only(m["cost"], m["effect"]) \
            and not rx.search(r"\b[Aa]dds?\b", m["effect"]):  # "mana value" is no mana it adds
        return FROM_A_GRAVEYARD
    if CYCLE_TRIGGER.fullmatch(bare) and not rx.search(r"\band when\b", bare):
        return CYCLED
    if HAND_COST_CHANGE.fullmatch(bare):
        return HAND_COSTS
    if EXILE_PERMISSION.fullmatch(bare) and EXILE.search(bare) and not MANA.search(bare.split(" may ", 1)[0]):
        return FROM_EXILE
    if LIBRARY_PERMISSION.fullmatch(bare) and not MANA.search(bare.split(" may ", 1)[0]):
        return FROM_LIBRARY_OR_GRAVEYARD
    return None
