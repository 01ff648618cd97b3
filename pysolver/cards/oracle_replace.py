"""Oracle compiler forms of replacement effects of a player's life gain and card draws
(issue 13, CR 614.1a, 616.1): "If you would gain life while you have 5 or less life, you
gain twice that much life instead", "If you would gain life, you gain that much life plus 1
instead", "If you would draw a card while you have no cards in hand, draw two cards instead",
"If ~ would be put into a graveyard from anywhere, exile it instead" (or "would die"), "If one
or more tokens would be created under your control, twice that many of those tokens are created
instead", "Skip your draw step", "Players skip their untap steps".  Called by
pysolver.cards.oracle for a line no other form read (this module imports nothing of the
package); returns (compiled data, why) or None.
The rules are asp/life_replacement.lp and asp/draw_replacement.lp (with
pysolver.next_state.draw, which draws the cards)."""

from __future__ import annotations

import re
from typing import Any

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10}
GAIN_TWICE = re.compile(r"If you would gain life(?: while you have (\w+) or less life)?, "
                        r"you gain twice that much life instead")
# CR 614.1a: "If you would gain life, you gain that much life plus 1 instead".
GAIN_PLUS = re.compile(r"If you would gain life, you gain that much life plus (\w+) instead")
DRAW_TWO = re.compile(r"If you would draw a card while you have no cards in hand, draw two cards instead")
# CR 614.1a, 700.4: its own replacement of being put into a graveyard (from anywhere, or from the
# battlefield as a creature or planeswalker: "die").
# CR 111.2, 614.1a: tokens created under its controller's control are doubled.
TOKENS_TWICE = re.compile(r"If one or more tokens would be created under your control, twice that many of those "
                          r"tokens are created instead|If an effect would create one or more tokens under your "
                          r"control, it creates twice that many of those tokens instead")
# CR 111.2, 614.1a: tokens created under its controller's control come with others ("those tokens plus an additional
# Treasure token", "plus that many 1/1 green Squirrel creature tokens"): kept worded, refused where it applies.
TOKENS_ADDED = re.compile(r"If you would create one or more (?P<of1>(?:[A-Z][\w\-']*|artifact|creature) )?tokens, "
                          r"instead create those tokens plus (?P<adds1>an additional [^.]+? token)|If one or more "
                          r"(?P<of2>(?:[A-Z][\w\-']*|artifact|creature) )?tokens would be created under your "
                          r"control, those tokens plus (?P<adds2>(?:an additional [^.]+? token|that many [^.]+? "
                          r"tokens|an? [^.]+? token)(?: with [a-z]+)?) are created instead")
# CR 614.1b, 614.10: a static ability that skips a step of some players' turns.
SKIPS = re.compile(r"(?P<you>Skip your (?P<s1>untap|upkeep|draw) step)|"
                   r"(?:Each player skips their (?P<s2>untap|upkeep|draw) step|"
                   r"Players skip their (?P<s3>untap|upkeep|draw) steps)|"
                   r"(?:Each opponent skips their (?P<s4>untap|upkeep|draw) step|"
                   r"Your opponents skip their (?P<s5>untap|upkeep|draw) steps)")
EXILED_INSTEAD = re.compile(r"If ~ would (be put into a graveyard from anywhere|die), exile it instead")
# CR 614.1a, 614.6: its own replacement putting it into its owner's library instead: shuffled in (the order a board
# can't follow) or on top (pysolver next refuses both where they apply: pysolver/exiled_instead.py).
LIBRARY_INSTEAD = re.compile(r"If ~ would (be put into a graveyard from anywhere|die), (?:(?:reveal ~ and )?"
                             r"(?P<shuffled>shuffle it into its owner's library)|(?P<top>put it on top of its owner's "
                             r"library)) instead")
# CR 500.4, 106.4: mana empties from each player's pool as each step and phase ends, unless an effect keeps it
# ("Players don't lose unspent mana as steps and phases end", "You don't lose unspent green mana ...") or replaces
# the loss ("If you would lose unspent mana, that mana becomes colorless instead", 614.1a).
UNSPENT_KEPT = re.compile(r"(?P<who>Players|You) don't lose unspent (?:(?P<color>white|blue|black|red|green) )?mana as "
                          r"steps and phases end")
UNSPENT_COLORLESS = re.compile(r"If you would lose unspent mana, that mana becomes colorless instead")
COLOR_LETTERS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
# CR 614.1b, 614.10, 500.7: "If a player would begin an extra turn, that player skips that turn instead".
EXTRA_TURN_SKIPPED = re.compile(r"If (?P<who>a player|an opponent) would begin an extra turn, that player skips that "
                                r"turn instead")
# CR 614.1a, 701.8a: a card's own replacement of being discarded by an opponent's spell or ability.
DISCARDED_ONTO_BATTLEFIELD = re.compile(r"If a spell or ability an opponent controls causes you to discard (?:~|this "
                                        r"card), put it onto the battlefield instead of putting it into your "
                                        r"graveyard")
# CR 614.1a: "If a player would gain life, that player gains no life instead"; CR 119.7: "Players
# can't gain life" -- on every life gain this project models, both leave the player's life as it was.
NO_GAIN = re.compile(r"If (?P<who>a player|an opponent) would gain life, that player gains no life instead")
CANT_GAIN = re.compile(r"(?P<who>Players|Your opponents|You|Each opponent) can't gain life")
GAIN_WHOSE = {"a player": "any", "Players": "any", "an opponent": "opponent", "Your opponents": "opponent",
              "Each opponent": "opponent", "You": "you"}


def event_replacement_form(bare: str) -> tuple[list[tuple[str, Any]], str] | None:
    m = GAIN_TWICE.fullmatch(bare)
    if m:
        spec: dict[str, Any] = {"event": "gain_life", "multiply": 2}
        if m.group(1):
            at_most = NUMBERS.get(m.group(1)) if not m.group(1).isdigit() else int(m.group(1))
            if at_most is None:
                return None
            spec["if_life_at_most"] = at_most
        return ([("ability", {"event_replacement": spec})],
                "its controller's life gain is doubled (CR 614.1a, 119.3; each such effect once, 616.1)")
    m = GAIN_PLUS.fullmatch(bare)
    if m:
        plus = NUMBERS.get(m.group(1)) if not m.group(1).isdigit() else int(m.group(1))
        if plus is None:
            return None
        return ([("ability", {"event_replacement": {"event": "gain_life", "plus": plus}})],
                f"its controller's life gain is {plus} more (CR 614.1a, 119.3, 119.10; each such effect once, "
                "616.1; asp/life_replacement.lp)")
    m = NO_GAIN.fullmatch(bare) or CANT_GAIN.fullmatch(bare)
    if m:
        whose = GAIN_WHOSE[m.group("who")]
        rule = "614.1a, 616.1f" if m.re is NO_GAIN else "119.7"
        players = {"any": "no player gains life", "opponent": "its controller's opponents gain no life",
                   "you": "its controller gains no life"}[whose]
        return ([("ability", {"event_replacement": {"event": "gain_life", "no_gain": whose}})],
                f"{players}, whatever else replaces the gain (CR {rule}; asp/life_replacement.lp)")
    m = SKIPS.fullmatch(bare)
    if m:
        step = next(m.group(g) for g in ("s1", "s2", "s3", "s4", "s5") if m.group(g))
        players = "you" if m.group("s1") else "each" if m.group("s2") or m.group("s3") else "opponent"
        return ([("ability", {"skip": {"steps": [step], "players": players}})],
                f"{players if players != 'you' else 'its controller'} skip the {step} step (CR 614.1b, 614.10; "
                "asp/turn.lp)")
    m = TOKENS_ADDED.fullmatch(bare)
    if m:
        of = (m.group("of1") or m.group("of2") or "").strip()
        return ([("ability", {"event_replacement": {"event": "create_tokens", "adds": m.group("adds1") or m.group(
                    "adds2"), "of": f"{of} tokens" if of else "tokens"}})],
                "the tokens its controller would create come with others (CR 111.2, 614.1a): not applied; where tokens "
                "would be created under its controller's control, outcomes and next refuse (asp/token_replacement.lp)")
    if TOKENS_TWICE.fullmatch(bare):
        return ([("ability", {"event_replacement": {"event": "create_tokens", "multiply": 2}})],
                "the tokens its controller would create are twice as many (CR 111.2, 614.1a; each such effect "
                "once, 616.1)")
    m = EXILED_INSTEAD.fullmatch(bare)
    if m:
        whence = "dies" if m.group(1) == "die" else "anywhere"
        return ([("card", {"exiled_instead_of_graveyard": whence})],
                "it is exiled instead of being put into a graveyard " + (
                    "from anywhere" if whence == "anywhere" else "from the battlefield (dying)")
                + " (CR 614.1a, 614.6, 700.4; asp/zone_change.lp, pysolver next)")
    m = LIBRARY_INSTEAD.fullmatch(bare)
    if m:
        whence = "dies" if m.group(1) == "die" else "anywhere"
        where = "shuffled" if m.group("shuffled") else "top"
        return ([("card", {"library_instead_of_graveyard": {"whence": whence, "where": where}})],
                "it is put into its owner's library (" + ("shuffled in" if where == "shuffled" else "on top")
                + ") instead of a graveyard " + ("from anywhere" if whence == "anywhere" else "from the battlefield "
                "(dying)") + " (CR 614.1a, 614.6, 700.4; asp/zone_change.lp: no graveyard, no dying; pysolver next "
                "refuses where it applies)")
    m = UNSPENT_KEPT.fullmatch(bare)
    if m:
        whose = "any" if m.group("who") == "Players" else "you"
        color = COLOR_LETTERS[m.group("color")] if m.group("color") else "all"
        return ([("ability", {"unspent_mana": {"whose": whose, "how": "kept", "mana": color}})],
                ("players" if whose == "any" else "its controller") + " don't lose unspent "
                + (m.group("color") + " " if m.group("color") else "") + "mana as steps and phases end (CR 500.4, "
                "106.4; asp/turn.lp, pysolver next)")
    if UNSPENT_COLORLESS.fullmatch(bare):
        return ([("ability", {"unspent_mana": {"whose": "you", "how": "colorless", "mana": "all"}})],
                "the unspent mana its controller would lose becomes colorless instead (CR 614.1a, 500.4, 106.4; "
                "asp/turn.lp, pysolver next)")
    m = EXTRA_TURN_SKIPPED.fullmatch(bare)
    if m:
        whose = "any" if m.group("who") == "a player" else "opponent"
        return ([("ability", {"skip_extra_turns": whose})],
                ("each player" if whose == "any" else "each opponent of its controller") + " skips an extra turn "
                "they would begin (CR 614.1b, 614.10, 500.7; asp/turn.lp, pysolver next and turn --turns)")
    if DISCARDED_ONTO_BATTLEFIELD.fullmatch(bare):
        return ([("card", {"discarded_by_opponent_instead": "battlefield"})],
                "discarded by an opponent's spell or ability, it is put onto the battlefield instead (CR 614.1a, "
                "701.8a): every discard next makes is its player's own (a cost, an entering permanent's "
                "replacement) or the cleanup step's (514.1), which it doesn't apply to; one an opponent causes is "
                "refused (pysolver.next_state.to_graveyard)")
    if DRAW_TWO.fullmatch(bare):
        return ([("ability", {"event_replacement": {"event": "draw", "draw_instead": 2, "if_hand_empty": True}})],
                "a draw with no cards in hand becomes two (CR 614.1a, 614.11, 121.2)")
    return None
