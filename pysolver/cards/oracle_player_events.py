"""Oracle compiler forms for abilities that trigger on a player's event (issue 13): "Whenever you
gain life", "Whenever an opponent loses life", "Whenever an opponent draws a card", "Whenever a
player gains life", "Whenever you discard a card", "Whenever you play a land" (CR 603.2, 119.3,
121.1, 701.8a, 305.1), and "Whenever you play a land or cast a spell" (two events, one ability each).

Each event is one `pysolver next` produces (life gained or lost as a spell or ability resolves, a
player dealt damage, 120.3a; a card drawn in the draw step or by an effect, a card discarded in the
cleanup step, to pay a cost or as a permanent enters, a land played), so the trigger is compiled
into the trigger machinery (asp/player_events.lp): it triggers once for each such event.  Its
effect is the ability's ``do`` where a form models it; otherwise only its text, which `next`
refuses to resolve.  An effect that reads the event ("that much life", "that player") keeps only
its text.  Called by pysolver.cards.oracle for a line no other form read; returns (compiled data,
why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_triggers import resolution, triggered_of

WHO = {"you": "you", "an opponent": "opponent", "a player": "any"}
EVENTS = {"gain life": "gain_life", "gains life": "gain_life", "lose life": "lose_life", "loses life": "lose_life",
          "draw a card": "draw", "draws a card": "draw",
          "discard a card": "discard", "discards a card": "discard", "play a land": "play_land",
          "plays a land": "play_land"}
PLAYER_EVENT = re.compile(r"Whenever (you|an opponent|a player) (gains? life|loses? life|draws? a card|"
                          r"discards? a card|plays? a land), (.+)")
# CR 603.2: "your second card each turn": the player's Nth card drawn this turn, which no board records.
NTH_DRAW = re.compile(r"Whenever (you|an opponent|a player) draws? (?:your|their) "
                      r"(first|second|third|fourth|fifth) card each turn, (.+)")
NTH_UNJUDGED = ("it looks only at the {} card its player draws each turn, and the board doesn't record the cards "
                "drawn this turn (CR 603.2)")
# CR 504.1, 603.2: "Whenever an opponent draws a card except the first one they draw in each of their draw steps": every
# draw but the draw step's turn-based one (the first draw of that step; asp/player_events.lp).
EXCEPT_FIRST = re.compile(r"Whenever (you|an opponent|a player) (draws? a card) except the first one (?:you|they) draw "
                          r"in each of (?:your|their) draw steps, (.+)")
# CR 603.4: "if it's not their turn": another player's turn than the one who drew's.
NOT_THEIR_TURN = re.compile(r"if it(?:'s not| isn't) (?:their|that player's) turn, (.+)")
# What reads the event itself: the amount gained, the player who gained or drew, the card drawn.
ABOUT_THE_EVENT = re.compile(r"\b(?:that much|that many|that player|that card|they|them|their|the amount)\b")


# CR 702.29a, 702.29d: "Whenever you cycle or discard a card": cycling discards the card as a cost, and the
# ability triggers once for it; no query cycles (a card's ability in a hand), so only discards happen.
CYCLE_OR_DISCARD = re.compile(r"Whenever (you|a player|an opponent) (cycles? or discards?) a card, (.+)")
# CR 603.2c: "Whenever you discard one or more cards": once for each discard, however many cards (all
# the cards of one discard: the cleanup step's, 514.1, a cost's, 601.2h, one entering permanent's, 614.1c).
DISCARD_BATCH = re.compile(r"Whenever (you|a player|an opponent) (discards?) one or more cards, (.+)")
NO_CYCLING = ("; its other event, cycling, never happens in a query: no action of `next` activates an ability of a "
              "card in a hand (CR 702.29a, 702.29d)")


# CR 603.2: "Whenever you discard one or more cards for the first time each turn": only the player's first
# discard this turn, which next doesn't follow (the trigger's unjudged: next refuses where it would trigger).
# (Not life gained: the mana query lists a gain trigger of a mana ability, and would list it every time.)
FIRST_TIME = re.compile(r"Whenever (you|an opponent|a player) (discards? one or more cards) for the first time each "
                        r"turn, (.+)")
FIRST_UNJUDGED = ("it triggers only the first time each turn its player {}, which next doesn't follow from the "
                  "events of earlier actions (CR 603.2)")


# CR 603.2, 701.8a: "Whenever you discard a creature card", "... one or more land cards": only a card matching the
# filter (its printed characteristics, judged as it is discarded: asp/player_events.lp); "one or more": once for the
# discard if any of its cards match (603.2c).
DISCARD_CARD = re.compile(r"Whenever (?P<who>you|a player|an opponent) (?P<verb>discards?) (?P<count>an?|one or more) "
                          r"(?P<noun>(?!cards?,).+? cards?), (?P<effect>.+)")


def player_event_form(bare: str, name: str, do_forms: Callable[[str], list[dict[str, Any]] | None],
                      cards: Callable[[str], dict[str, Any] | None] = lambda phrase: None
                      ) -> tuple[list[tuple[str, Any]], str] | None:
    """``do_forms`` reads an effect as the ability's ``do`` ([] or None when no form models it); ``cards`` a
    phrase as a filter of cards (oracle.card_filter), or None."""
    discarded = DISCARD_CARD.fullmatch(bare)
    if discarded and not rx.search(r"\b(?:this way|first time|triggers only)\b", bare):
        judged = cards(discarded.group("noun"))
        if not judged:  # not a filter of cards the rules judge, or every card (read below)
            return None
        many = "one or more cards" if discarded.group("count") == "one or more" else "a card"
        found = player_event_form(f"Whenever {discarded.group('who')} {discarded.group('verb')} {many}, "
                                  f"{discarded.group('effect')}", name, do_forms)
        if found is None or len(found[0]) != 1:
            return None
        found[0][0][1]["triggered"]["when"]["filter"] = judged
        return found[0], found[1] + ", only a card of that kind (CR 603.2, 701.8a: judged as it is discarded)"
    first = FIRST_TIME.fullmatch(bare)
    if first:  # the event alone, by this form, then marked: next refuses where it would trigger
        who, event, effect = first.groups()
        found = player_event_form(f"Whenever {who} {event}, {effect}", name, do_forms, cards)
        if found is None:
            return None
        when = found[0][0][1]["triggered"]["when"]
        when["unjudged"] = FIRST_UNJUDGED.format("discards cards")
        return found[0], found[1] + ": only the first time each turn, which next doesn't follow (it refuses where " \
                                    "it would trigger)"
    batch = DISCARD_BATCH.fullmatch(bare)
    if batch:  # CR 603.2c: once for the discard, however many cards (asp/player_events.lp)
        who, verb, effect = batch.groups()
        found = player_event_form(f"Whenever {who} {verb} a card, {effect}", name, do_forms)
        if found is None:
            return None
        found[0][0][1]["triggered"]["when"]["batch"] = True
        return found[0], found[1].replace("each time", "once each time").replace(
            "discards a card", "discards one or more cards at once") + ", however many cards it discards (CR 603.2c)"
    excepted = EXCEPT_FIRST.fullmatch(bare)
    if excepted:  # the draw alone, by this form, then marked (CR 504.1, 603.2)
        who, event, effect = excepted.groups()
        found = player_event_form(f"Whenever {who} {event}, {effect}", name, do_forms)
        if found is None or len(found[0]) != 1:
            return None
        found[0][0][1]["triggered"]["when"]["not_first_in_draw_step"] = True
        return found[0], found[1] + ", but the first card its player draws in each of their draw steps (CR 504.1)"
    cycled = CYCLE_OR_DISCARD.fullmatch(bare)
    if cycled:  # the discard alone, by this form
        who, verb, effect = cycled.groups()
        found = player_event_form(f"Whenever {who} {verb.split(' or ')[1]} a card, {effect}", name, do_forms)
        return None if found is None else (found[0], found[1] + NO_CYCLING)
    m = PLAYER_EVENT.fullmatch(bare)
    nth = None if m else NTH_DRAW.fullmatch(bare)
    if nth:  # next refuses where it would trigger (the trigger's unjudged)
        who, ordinal, effect = nth.groups()
        m, event = nth, "draws a card" if who != "you" else "draw a card"
    if not m:
        return None
    if not nth:
        who, event, effect = m.groups()
    if event.startswith(("gains", "loses", "draws", "discards", "plays")) != (who != "you"):
        return None  # "you gains": not a sentence of these forms
    turn = NOT_THEIR_TURN.fullmatch(effect) if EVENTS[event] == "draw" and who != "you" else None
    if turn:  # CR 603.4: whose turn it is as the card is drawn (and as it resolves: the same turn)
        effect = turn.group(1)
    if rx.match(r"if\b", effect) or rx.search(r"\btriggers only\b", effect):
        return None  # an intervening "if" (CR 603.4) or a limit on how often it triggers: not read here
    spec: dict[str, Any] = {"when": {"event": EVENTS[event], "whose": WHO[who]}}
    if turn:
        spec["when"]["during"] = "not_player"
    if nth:
        spec["when"]["unjudged"] = NTH_UNJUDGED.format(ordinal)
    spec.update(resolution(effect, name, do_forms, bool(ABOUT_THE_EVENT.search(effect))))
    what = {"gain_life": "gains life (CR 603.2, 119.3)", "lose_life": "loses life (CR 603.2, 119.3, 120.3a)",
            "draw": "draws a card (CR 603.2, 121.1)",
            "discard": "discards a card (CR 603.2, 701.8a)",
            "play_land": "plays a land (CR 603.2, 305.1)"}[EVENTS[event]]
    player = {"you": "its controller", "opponent": "an opponent", "any": "a player"}[WHO[who]]
    return [("ability", {"triggered": spec})], f"a triggered ability each time {player} {what}" + (
        f": only its {nth.group(2)} card each turn, which no board records (next refuses where it would trigger)"
        if nth else "")


# CR 603.2: "Whenever you play a land or cast a spell, [effect]": two events, one effect.
PLAY_OR_CAST = re.compile(r"Whenever (you|an opponent|a player) (plays? a land) or (casts? a spell), (.+)")


def play_or_cast_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                      ) -> tuple[list[tuple[str, Any]], str] | None:
    """Each event by the form that reads it alone (``single``: the compiler's forms), one ability
    each, as oracle_ifs.double_event_form does for "When ~ enters or dies"; None when either isn't read."""
    m = PLAY_OR_CAST.fullmatch(bare)
    if not m:
        return None
    who, play, cast, effect = m.groups()
    found = [each for each in (single(f"Whenever {who} {play}, {effect}"), single(f"Whenever {who} {cast}, {effect}"))
             if each is not None]
    if len(found) < 2:
        return None
    return ([item for data, _ in found for item in data],
            "two trigger events, one effect (CR 603.2): " + "; ".join(why for _, why in found))


# CR 603.2, 119.3: "Whenever you gain or lose life, [effect]": two events (a gain, a loss), one effect; each
# event triggers it once, as one ability each does.
GAIN_OR_LOSE = re.compile(r"Whenever (you|an opponent|a player) (gain or lose|gains or loses) life, (.+)")


def gain_or_lose_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                      ) -> tuple[list[tuple[str, Any]], str] | None:
    """Each event by the form that reads it alone (``single``), one ability each, as play_or_cast_form;
    None when either isn't read."""
    m = GAIN_OR_LOSE.fullmatch(bare)
    if not m:
        return None
    who, verbs, effect = m.groups()
    gain, lose = verbs.split(" or ")
    found = [each for each in (single(f"Whenever {who} {gain} life, {effect}"),
                               single(f"Whenever {who} {lose} life, {effect}")) if each is not None]
    if len(found) < 2:
        return None
    return ([item for data, _ in found for item in data],
            "two trigger events, one effect (CR 603.2): " + "; ".join(why for _, why in found))


# CR 603.2, 303.4: "Whenever enchanted player draws a card", "Whenever enchanted player casts a spell": the events
# of the player its source (an Aura with enchant player, 702.5a) is attached to.
ENCHANTED_PLAYER = re.compile(r"Whenever enchanted player (?P<event>draws a card|casts (?:a|an) [^,]*?spell), "
                              r"(?P<effect>.+)")
ENCHANTED_EVENTS = ("draw", "cast")


def enchanted_player_form(bare: str, single: Callable[[str], tuple[list[tuple[str, Any]], str] | None]
                          ) -> tuple[list[tuple[str, Any]], str] | None:
    """The same trigger on "a player"'s event, read by ``single`` (the compiler's forms), watching the enchanted
    player only (``whose: enchanted``); None unless that reads one trigger on a draw or a cast."""
    m = ENCHANTED_PLAYER.fullmatch(bare)
    if not m or rx.search(r"\b(?:first|second|third|other than|triggers only)\b", bare):
        return None
    found = single(f"Whenever a player {m.group('event')}, {m.group('effect')}")
    if found is None:
        return None
    data, why = found
    triggered = triggered_of(data)
    if len(triggered) != 1 or len(data) != 1 or triggered[0]["when"].get("event") not in ENCHANTED_EVENTS or (
            set(triggered[0]["when"]) - {"event", "whose", "filter"} or triggered[0]["when"].get("whose") != "any"):
        return None
    triggered[0]["when"]["whose"] = "enchanted"
    return data, why.replace("a player", "the enchanted player") + " (the player its source enchants, CR 303.4)"


# CR 705.1, 705.2, 603.2: "Whenever a player wins a coin flip", "Whenever you lose a coin flip": a player who flips a
# coin wins or loses the flip; the one who flips is the one who activates a mana ability that flips
# (asp/mana_activation.lp), the only flip a query makes (an effect that flips keeps only its text).
COIN_FLIP = re.compile(r"Whenever (you|a player|an opponent) (wins?|loses?) a coin flip, (.+)")


def coin_flip_form(bare: str, name: str, do_forms: Callable[[str], list[dict[str, Any]] | None]
                   ) -> tuple[list[tuple[str, Any]], str] | None:
    """``do_forms`` reads an effect as the ability's ``do`` ([] or None when no form models it)."""
    m = COIN_FLIP.fullmatch(bare)
    if not m:
        return None
    who, verb, effect = m.groups()
    if verb.endswith("s") != (who != "you") or rx.match(r"if\b", effect) or rx.search(r"\btriggers only\b", effect):
        return None  # "you wins"; an intervening "if" (CR 603.4), a limit on how often: not read here
    result = "won" if verb.startswith("win") else "lost"
    spec: dict[str, Any] = {"when": {"event": "coin_flip", "result": result, "whose": WHO[who]}}
    spec.update(resolution(effect, name, do_forms, bool(ABOUT_THE_EVENT.search(effect))))
    player = {"you": "its controller", "opponent": "an opponent", "any": "a player"}[WHO[who]]
    return [("ability", {"triggered": spec})], (
        f"a triggered ability each time {player} {'wins' if result == 'won' else 'loses'} a coin flip (CR 603.2, "
        "705.1): a mana ability's flip (its controller's) triggers it")
