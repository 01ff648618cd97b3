"""Boards that mean nothing are refused: what a board states must be possible.

Each check names the rule that makes the state impossible (or makes the game
change it at once, as a state-based action, so it is never seen).  Types are
read from the card data (the card, or the card it copies): what the card
says, never the card's name.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from functools import cache

from pysolver import schemas
from pysolver.schemas import STAT_KEYS
from pysolver.counters import final_chapter, keyword_counter_unordered, unmodelled as unmodelled_counter

PERMANENT_TYPES = {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
COLORS = ("W", "U", "B", "R", "G")


def _words(card, key: str) -> set[str]:
    return {str(t).casefold() for t in (card.data.get(key) or ())} if card is not None else set()


def check_permanent_card(builder, path: tuple, name: str) -> None:
    """CR 110.4: only a card with a permanent type can be on the battlefield."""
    card = builder.library.get(name)
    if card is not None and not _words(card, "types") & PERMANENT_TYPES:
        kinds = " ".join(card.data.get("types") or ()) or "card"
        builder.fail(path, f"{name} is {_a(kinds)} card, not a permanent card: it can't be on the "
                           "battlefield (CR 110.4)")
    if card is not None and " // " in name and "room" in _words(card, "subtypes"):
        doors = " or ".join(repr(door) for door in name.split(" // "))
        builder.fail(path, f"{name} is a Room, whose text is that of its unlocked doors (CR 709.5, 709.5c): name the "
                           f"door unlocked, {doors} (a Room with both unlocked is not supported)")


def check_counters(builder, path: tuple, counters: dict[str, int]) -> None:
    """A counter whose kind has rules pysolver doesn't model is refused, never ignored."""
    for kind, count in counters.items():
        why = unmodelled_counter(kind) if count else None
        if why is not None:
            builder.fail(path + (kind,), why)


def check_keyword_counters(builder, battlefield, effects) -> None:
    """CR 122.1b, 613.7c: a keyword counter beside an effect that removes abilities is refused."""
    found = keyword_counter_unordered(builder.library, battlefield, effects, builder.stated)
    if found is not None:
        builder.fail(("battlefield", found[0], "counters", found[1]), found[2])


def check_counter_limits(builder, path: tuple, card_name: str, counters: dict[str, int]) -> None:
    """CR 101.2, 122.1: "~ can't have more than N [kind] counters on it" (its card's counter_limits)."""
    card = builder.library.get(card_name)
    for limit in card.data.get("counter_limits", []) if card is not None else []:
        if counters.get(limit["kind"], 0) > limit["at_most"]:
            builder.fail(path + (limit["kind"],), f"{card_name} can't have more than {limit['at_most']} "
                                                  f"{limit['kind']} counters on it (CR 101.2)")


def _a(words: str) -> str:
    return f"an {words}" if words[:1].lower() in "aeiou" else f"a {words}"


def _uncreatured_attached(card) -> bool:
    """CR 702.151b, 301.5c: an Equipment with reconfigure isn't a creature while it is attached (its card data's
    static ability of its own that removes Creature while attached: pysolver/cards/oracle_attached.py)."""
    return card is not None and any(
        isinstance(a, dict) and isinstance(a.get("static"), dict) and a["static"].get("self")
        and a["static"].get("if") == "attached" and "Creature" in a["static"].get("remove_types", [])
        for a in card.data.get("abilities", []))


def enchant_of(card) -> object:
    """What an Aura can enchant (its card data's ``enchant``): "player", "opponent", "permanent",
    a filter of types/subtypes/supertypes, ``any_of`` such filters with ``whose``, or None if
    the card doesn't say."""
    return card.data.get("enchant") if card is not None else None


def _matches(target_card, spec: dict, same_controller: bool) -> bool:
    """CR 303.4a, 702.5a: the permanent is one the enchant ability allows (its printed types; a
    ``whose`` of "you" wants the Aura's controller to control it, "opponent" an opponent).  Its
    colors, and its characteristics after every effect, are the state-based action's to judge
    (CR 704.5m, asp/state_based.lp): a board may state it attached where only they forbid it."""
    if spec.get("whose") is not None and same_controller != (spec["whose"] == "you"):
        return False
    return any(all({w.casefold() for w in kind.get(key, ())} <= _words(target_card, key)
                   for key in ("types", "subtypes", "supertypes"))
               and not any({w.casefold() for w in kind.get(f"not_{key}", ())} & _words(target_card, key)
                           for key in ("types", "subtypes", "supertypes"))
               for kind in spec.get("any_of", [spec]))


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _spec_words(spec: dict) -> str:
    def words(kind: dict) -> list[str]:
        return ([COLOR_WORDS[c] for c in kind.get("colors", [])] + [f"non{COLOR_WORDS[c]}" for c in
                                                                     kind.get("not_colors", [])]
                + [f"non-{w}" for key in ("not_supertypes", "not_subtypes", "not_types") for w in kind.get(key, [])]
                + list(kind.get("supertypes", [])) + list(kind.get("subtypes", [])) + list(kind.get("types", [])))
    kinds = [" ".join(words(kind)) or "permanent" for kind in spec.get("any_of", [spec])]
    whose = {"you": " its controller controls", "opponent": " an opponent of its controller controls"}
    return " or ".join(kinds) + whose.get(spec.get("whose"), "")


def check_attachments(builder, battlefield: list, players: set[str]) -> None:
    """Who may be attached to what: an Aura to what its enchant ability allows (CR 303.4,
    702.5, 704.5m), an Equipment to a creature and a Fortification to a land (CR 301.5,
    301.6, 704.5n), anything else to nothing (CR 704.5p); never in a cycle."""
    # The Auras' names, each card read once (card_name without a call per permanent); without
    # one, only the permanents whose entries state more than their card may be attached.
    auras = {name for name in builder.cards_here if "aura" in _words(builder.library.get(name), "subtypes")}
    by_id: dict = {}  # made for the first permanent checked (most boards attach nothing)
    attached: list[int] = []  # the permanents attached to something, for the cycle check
    for i in range(len(battlefield)) if auras else builder.stated:
        permanent = battlefield[i]
        if permanent.attached_to is None and (permanent.copy_of or permanent.card) not in auras:
            continue
        if not by_id:
            by_id = {p.id: p for p in battlefield}
        if permanent.attached_to is not None:
            attached.append(i)
        card = builder.library.get(permanent.card_name)
        subtypes = _words(card, "subtypes")
        types = _words(card, "types")
        aura = "aura" in subtypes
        enchant = enchant_of(card)
        if aura and enchant is None:
            builder.fail(("battlefield", i, "card"), f"{permanent.card_name} is an Aura whose card data "
                         "doesn't say what it enchants (enchant:, from its \"Enchant ...\" line; CR 702.5a)")
        if permanent.attached_to is None:
            if aura:
                what = _spec_words(enchant) if isinstance(enchant, dict) else str(enchant)
                builder.fail(("battlefield", i), f"{permanent.card_name} is an Aura: it must be "
                             f"attached to {_a(what)} (attached_to; CR 303.4c, 704.5m)")
            continue
        kind, ref = permanent.attached_to
        path = ("battlefield", i, "attached_to", kind)
        if kind == "player":
            builder.player(path, ref, players)
        elif ref not in by_id:
            builder.fail(path, f"attached to {ref!r}, which is not a permanent on the battlefield")
        elif ref == permanent.id:
            builder.fail(path, "a permanent can't be attached to itself (CR 301.5c, 303.4d)")
        name = permanent.card_name
        if aura:
            if "creature" in types:
                builder.fail(path, f"{name} is an Aura and a creature: it can't enchant anything (CR 303.4d)")
            players_only = enchant in ("player", "opponent")
            if players_only and kind == "permanent":
                builder.fail(path, f"{name} enchants a player and can't be attached to a permanent (CR 702.5d)")
            if not players_only and kind == "player":
                builder.fail(path, f"{name} enchants a permanent and can't be attached to a player (CR 702.5a)")
            if enchant == "opponent" and kind == "player" and ref == permanent.controller:
                builder.fail(path, f"{name} enchants an opponent of its controller, and {ref} controls it "
                                   "(CR 303.4a, 702.5d)")
            if isinstance(enchant, dict) and kind == "permanent":
                target = builder.library.get(by_id[ref].card_name)
                if not _matches(target, enchant, by_id[ref].controller == permanent.controller):
                    builder.fail(path, f"{name} can enchant only {_a(_spec_words(enchant))}, and {ref} "
                                       f"({by_id[ref].card_name}) is not one (CR 303.4c, 704.5m)")
            continue
        if ("creature" in types and not _uncreatured_attached(card)) or "battle" in types:
            builder.fail(path, f"{name} is a {'creature' if 'creature' in types else 'battle'}: it can't "
                               "be attached to anything (CR 704.5p)")
        needs = "creature" if "equipment" in subtypes else "land" if "fortification" in subtypes else None
        if needs is None:
            builder.fail(path, f"{name} is not an Aura, an Equipment or a Fortification: it can't be "
                               "attached to anything (CR 704.5p)")
        if kind == "player":
            builder.fail(path, f"{name} can't be attached to a player: only an Aura can (CR 704.5n)")
        target = builder.library.get(by_id[ref].card_name)
        if needs not in _words(target, "types"):
            builder.fail(path, f"{name} can be attached only to a {needs}, and {ref} "
                               f"({by_id[ref].card_name}) is not one (CR 301.5, 301.6, 704.5n)")
    for i in attached:
        permanent = battlefield[i]
        seen = {permanent.id}
        current = permanent
        while current.attached_to is not None and current.attached_to[0] == "permanent":
            current = by_id[current.attached_to[1]]
            if current.id in seen:
                builder.fail(("battlefield", i, "attached_to", "permanent"),
                             f"{permanent.id} and {current.id} are attached to each other in a cycle "
                             "(CR 303.4d, 704.5m)")
            seen.add(current.id)


def check_control(builder, battlefield: list) -> None:
    """CR 613.1b, 303.4: an Aura that says "You control enchanted creature" (its card data's
    ``control_enchanted``) gives its controller control of the permanent it enchants; of several,
    the one with the latest timestamp (613.7).  The board must say that player controls it."""
    controlling: dict = {}  # the enchanted permanent's id -> the latest such Aura on it
    for i in builder.stated:  # a bare entry is attached to nothing
        permanent = battlefield[i]
        if permanent.attached_to is None or permanent.attached_to[0] != "permanent":
            continue
        card = builder.library.get(permanent.card_name)
        if card is None or not card.data.get("control_enchanted"):
            continue
        ref = permanent.attached_to[1]
        if ref not in controlling or controlling[ref].timestamp < permanent.timestamp:
            controlling[ref] = permanent
    for i, permanent in enumerate(battlefield if controlling else ()):
        aura = controlling.get(permanent.id)
        if aura is not None and aura.controller != permanent.controller:
            builder.fail(("battlefield", i, "controller"),
                         f"{permanent.id} is enchanted by {aura.id} ({aura.card_name}: \"You control enchanted "
                         f"...\"), so {aura.controller} controls it, not {permanent.controller} (CR 613.1b, 303.4; "
                         "of several such Auras, the latest timestamp's, 613.7)")


def _layer7_reads_keywords(static: dict) -> bool:
    """A change of power and toughness (CR 613.4) whose filter or amount names keywords (layer 6's)."""
    return ("pt" in static or "cda" in static) and any(
        '"keywords"' in json.dumps(static.get(key, {})) for key in ("affects", "per", "cda"))


def _layer6_reads_stats(static: dict) -> bool:
    """A static ability of another layer than 7 whose objects are chosen by power or toughness (CR 613.1)."""
    return not ({"pt", "cda", "base_pt"} & set(static)) and bool(_reads_stats(static.get("affects", {})))


def check_layer_order(builder, battlefield: list, effects: list) -> None:
    """CR 613.8: a change of power and toughness that chooses its objects (or counts them) by keywords reads
    layer 6's result; a layer-6 effect that chooses its objects by power reads layer 7's: together each depends
    on the other, which no rule here orders (asp/power_toughness.lp pt_matches).  Such a board is refused."""
    @cache  # each card once (issue 16)
    def statics(name: str, key: str = "abilities") -> list:
        card = builder.library.get(name)
        return [a["static"] for a in (card.data.get(key, []) if card is not None else []) if "static" in a]

    if not any(any(map(_layer7_reads_keywords, statics(name))) for name in builder.characteristics(battlefield)) \
            and not any(any(map(_layer7_reads_keywords, statics(e.card, "effect"))) for e in effects):
        return  # most boards: each card once, no walk of the permanents (issue 16)
    sources = [(("battlefield", i, "card"), p.card_name, "abilities") for i, p in enumerate(battlefield)] + [
        (("effects", i, "card"), e.card, "effect") for i, e in enumerate(effects)]
    readers = [(path, name) for path, name, key in sources if any(map(_layer7_reads_keywords, statics(name, key)))]
    if not readers:
        return  # the card that reads keywords is a face-down permanent's, which has none of its abilities
    stats = next((name for _, name, key in sources if any(map(_layer6_reads_stats, statics(name, key)))), None)
    if stats is not None:
        path, name = readers[0]
        builder.fail(path, f"{name} changes power and toughness by keywords (layer 7 reads layer 6) and {stats} "
                           "gives abilities by power (layer 6 reads layer 7): each depends on the other, which the "
                           "rules here don't order (CR 613.8)")


def check_type_additions(builder, battlefield: list, effects: list) -> None:
    """CR 613.8a, 205.3d: the creature types an Aura, an Equipment or a group adds ("is a Knight in addition to its
    other types", "Other creatures you control are Assassins ...") are judged on the card types before layer 4 adds
    any (asp/objects.lp subtypes_reach, group_subtypes); an effect that adds a card type their filter names
    ("Enchanted artifact is a creature ...") changes what they apply to, so it applies first, which no rule here
    orders.  A board with both is refused."""
    @cache  # each card once (issue 16)
    def statics(name: str, key: str = "abilities") -> list:
        card = builder.library.get(name)
        return [a["static"] for a in (card.data.get(key, []) if card is not None else []) if "static" in a]

    def filtered(name: str, key: str) -> set:
        return {t for static in statics(name, key) if "add_subtypes" in static
                for t in (*static["affects"].get("types", []), *static["affects"].get("not_types", []))}

    kinds = {(name, "abilities") for name in builder.characteristics(battlefield)} | {(e.card, "effect")
                                                                                    for e in effects}
    if not any(filtered(name, key) for name, key in kinds):
        return  # most boards: each card once, no walk of the permanents (issue 16)
    sources = [(("battlefield", i, "card"), p.card_name, "abilities") for i, p in enumerate(battlefield)] + [
        (("effects", i, "card"), e.card, "effect") for i, e in enumerate(effects)]
    named = {(path, name): filtered(name, key) for path, name, key in sources}
    adders = [(path, name, types) for (path, name), types in named.items() if types]
    for path, name, key in sources:
        added = {t for static in statics(name, key) for t in static.get("add_types", [])}
        for _, adder, types in adders:
            if added & types:
                builder.fail(path, f"{name} adds the card type {sorted(added & types)[0]}, which decides what "
                                   f"{adder} adds creature types to: the one depends on the other (CR 613.8a), "
                                   "which the rules here don't order")


# CR 508.1k, 511.3: the steps in which creatures declared as attackers are attacking.
COMBAT_STEPS = ("declare_attackers", "declare_blockers", "combat_damage", "end_of_combat")


def check_attacking(builder, battlefield: list, effects: list, step: str) -> None:
    """CR 508.1k, 511.3: a board states no attacking creatures; outside the combat steps after attackers are
    declared none attacks, but in them a card whose data names attacking creatures ("Attacking creatures you
    control get +1/+0", its filter's ``attacking``) would be judged on attackers the board doesn't say: refused."""
    found = attacking_reader(builder.library.get, battlefield, effects, step)
    if found is not None:
        builder.fail(*found)


def attacking_reader(card_of, battlefield: list, effects: list, step: str) -> tuple[tuple, str] | None:
    """The first card (its path, the message) of a board in ``step`` that reads which creatures are attacking, which
    no board states (CR 508.1k): None outside the combat steps after attackers are declared.  ``card_of`` gives a
    card by its name (the library's ``get``); `pysolver next` refuses to pass into such a step the same way."""
    if step not in COMBAT_STEPS:
        return None

    @cache  # each card once (issue 16)
    def names_attacking(name: str, key: str = "abilities") -> bool:
        card = card_of(name)
        return card is not None and '"attacking": true' in json.dumps(card.data.get(key, []))

    sources = [(("battlefield", i, "card"), p.card_name, "abilities") for i, p in enumerate(battlefield)] + [
        (("effects", i, "card"), e.card, "effect") for i, e in enumerate(effects)]
    for path, name, key in sources:
        if names_attacking(name, key):
            return path, (f"{name} reads which creatures are attacking, which the board doesn't state (it is "
                          f"the {step.replace('_', ' ')} step, CR 508.1k)")
    return None


def check_base_pt(builder, battlefield: list, effects: list) -> None:
    """CR 613.4b, 613.7: a board's stated power or toughness is the result of effects the rules
    don't model (layer 7b); a static ability that sets base power and toughness ("Enchanted
    creature has base power and toughness 0/2", its card data's ``base_pt``) is modelled, and
    which of the two applies last is not on the board: a permanent it may reach (the one an Aura
    or Equipment is attached to, its own source, or any other) can't have its values stated."""
    @cache  # each card once (issue 16: a board's permanents are mostly copies)
    def setters(name: str, key: str = "abilities") -> list:
        card = builder.library.get(name)
        return [a["static"] for a in (card.data.get(key, []) if card is not None else [])
                if "base_pt" in a.get("static", {})]

    if not any(setters(name) for name in builder.characteristics(battlefield)) \
            and not any(setters(effect.card, "effect") for effect in effects):
        return  # no source sets base power and toughness (issue 16: most boards, walked once)
    # CR 613.7: the latest timestamp's applies; two such sources of one timestamp leave it undecided.
    seen: dict[int, str] = {}
    for i, source in enumerate([*battlefield, *effects]):
        on_board = i < len(battlefield)
        if setters(source.card_name if on_board else source.card, "abilities" if on_board else "effect"):
            if source.timestamp in seen:
                builder.fail(("battlefield", i, "timestamp") if on_board else ("effects", i - len(battlefield),
                                                                               "timestamp"),
                             f"{seen[source.timestamp]} and {source.id} both set base power and toughness (layer "
                             f"7b, CR 613.4b) with timestamp {source.timestamp}: which applies last (613.7) is "
                             "undecided")
            seen[source.timestamp] = source.id
    stated = [i for i, p in enumerate(battlefield) if p.power is not None or p.toughness is not None]
    if not stated:
        return
    for j, source in enumerate([*battlefield, *effects]):
        on_board = j < len(battlefield)
        for static in setters(source.card_name if on_board else source.card, "abilities" if on_board else "effect"):
            for i in stated:
                permanent = battlefield[i]
                attached = getattr(source, "attached_to", None)  # an effect is attached to nothing
                reached = (attached == ("permanent", permanent.id) if static.get("enchanted")
                           else source is permanent if static.get("self") else True)
                if reached:
                    builder.fail(("battlefield", i, "power" if permanent.power is not None else "toughness"),
                                 f"{source.id} ({source.card_name if on_board else source.card}) sets base power "
                                 f"and toughness (layer 7b, CR 613.4b), and {permanent.id}'s are stated: which "
                                 "applies last (613.7) is not on the board")


def default_previous_turn(players: list[str], active: str, turn_number: int, player: str) -> int:
    """The number of ``player``'s most recent turn before turn ``turn_number`` when no extra turn
    was taken (CR 500.7): the players take turns in their order."""
    behind = (players.index(active) - players.index(player)) % len(players)
    return turn_number - (behind or len(players))


def most_recent_turn(players: list[str], active: str, turn_number: int, player: str,
                     previous: dict[str, int]) -> int:
    """The number of ``player``'s most recent turn (this one, if it is theirs; else the board's
    turn.previous_turns, by default the turn order's, CR 500.7)."""
    if player == active:
        return turn_number
    return previous.get(player, default_previous_turn(players, active, turn_number, player))


def upkeeps_begun(step: str, resume_after: str | None, upkeeps: int | None) -> int:
    """The upkeep steps begun this turn at the board's step, its own included if it is an upkeep: turn.upkeeps
    (those before it) or its default, 1 past the turn's own upkeep (CR 500.8: an additional step comes after the
    one it was created in), as it is if the active player doesn't skip upkeeps (asp/turn.lp judges a skip,
    614.10)."""
    steps = schemas.STEPS
    if upkeeps is None:
        past = steps.index(step) > 1 or (resume_after is not None and steps.index(resume_after) >= 1)
        upkeeps = 1 if past else 0
    return upkeeps + (step == "upkeep")


def check_entered(builder, battlefield: list, entries: list, players: list[str], active: str,
                  turn_number: int, step: str, resume_after: str | None = None,
                  previous: dict[str, int] | None = None, upkeeps: int | None = None) -> list:
    """``entered`` can't be in the future, and says whether a permanent has been controlled
    continuously since its controller's most recent turn began (CR 302.6): derived when
    ``continuous_control`` is not given, refused when it is given and contradicts it.  In an
    additional step (``resume_after``, CR 500.8, 500.9) the steps up to the one it was created
    after have passed too.  ``entered.upkeeps`` (CR 702.30a) can't contradict the turn's."""
    result = list(battlefield)
    steps = schemas.STEPS
    passed = max(steps.index(step), steps.index(resume_after)) if resume_after else steps.index(step)
    begun = upkeeps_begun(step, resume_after, upkeeps)
    for i in builder.stated:  # a bare entry states no entered
        permanent = battlefield[i]
        entered = permanent.entered
        if not entered:
            continue
        path = ("battlefield", i, "entered")
        if entered["turn"] > turn_number:
            builder.fail(path + ("turn",), f"turn {entered['turn']} is after the current turn ({turn_number})")
        if entered["turn"] == turn_number and steps.index(entered["step"]) > passed:
            builder.fail(path + ("step",), f"the {entered['step']} step of this turn is still to come "
                                           f"(the board is in the {step} step)")
        check_entered_additional(builder, path, entered, turn_number, step, resume_after, begun)
        check_entered_upkeeps(builder, path, entered, turn_number, step, resume_after, begun)
        recent = most_recent_turn(players, active, turn_number, permanent.controller, previous or {})
        continuous = entered["turn"] < recent
        if "continuous_control" in entries[i] and entries[i]["continuous_control"] != continuous:
            if continuous:
                why = (f"entered on turn {entered['turn']}, before {permanent.controller}'s most recent "
                       f"turn (turn {recent}) began")
            else:
                why = (f"came under {permanent.controller}'s control on turn {entered['turn']}, not before "
                       f"{permanent.controller}'s most recent turn (turn {recent}) began")
            builder.fail(("battlefield", i, "continuous_control"),
                         f"continuous_control: {str(not continuous).lower()} contradicts entered: it {why} "
                         "(CR 302.6)")
        result[i] = replace(permanent, continuous_control=continuous)
    return result


def check_entered_additional(builder, path: tuple, entered: dict, turn_number: int, step: str,
                             resume_after: str | None, begun: int) -> None:
    """CR 500.8, 500.9: an additional instance of a step this turn: the current one, or one before it; none
    comes before the turn's own upkeep has begun (an additional step comes after the step it was created in,
    and no player gets priority in the untap step, 502.4), and an additional upkeep after the turn's own."""
    if not entered.get("additional"):
        return
    if entered["turn"] != turn_number:
        builder.fail(path + ("additional",), f"it says it entered in an additional step of this turn, but turn "
                     f"{entered['turn']} isn't this turn ({turn_number})")
    if resume_after is None and step in ("untap", "upkeep"):
        builder.fail(path + ("additional",), f"it says it entered in an additional step of this turn, but the "
                     f"board is in the turn's own {step} step (no turn.resume_after), before which no additional "
                     "step comes (CR 500.8, 502.4)")
    if entered["step"] == "upkeep" and begun < 2:
        builder.fail(path + ("additional",), f"it says it entered in an additional upkeep step, which comes after "
                     f"the turn's own, but only {begun} upkeep step{'' if begun == 1 else 's'} "
                     f"{'has' if begun == 1 else 'have'} begun this turn (turn.upkeeps; CR 500.8)")


def _upkeeps(count: int) -> str:
    return f"{count} upkeep step{'' if count == 1 else 's'}"


def check_entered_upkeeps(builder, path: tuple, entered: dict, turn_number: int, step: str,
                          resume_after: str | None, begun: int) -> None:
    """CR 702.30a, 500.8: entered.upkeeps, the upkeep steps begun this turn when it came, within what the
    turn and the step it came in allow (asp/turn.lp refuses what a skip of upkeeps contradicts, 614.10)."""
    count = entered.get("upkeeps")
    if count is None:
        return
    here = path + ("upkeeps",)
    additional = bool(entered.get("additional"))
    if entered["turn"] != turn_number:
        builder.fail(here, f"it counts the upkeep steps of this turn when it came, but it came on turn "
                           f"{entered['turn']}, not this turn ({turn_number})")
    if count > begun:
        builder.fail(here, f"{_upkeeps(count)} had begun this turn when it came, more than the "
                           f"{begun} begun at the board's step (turn.upkeeps, and the step itself if it is an "
                           "upkeep; CR 500.8)")
    current = entered["step"] == step and additional == (resume_after is not None)
    if not additional and entered["step"] == "untap" and count != 0:
        builder.fail(here, f"{_upkeeps(count)} had begun when it came, but it came in the turn's own untap "
                           "step, before any upkeep step (CR 500.1)")
    if not additional and entered["step"] == "upkeep" and count != 1:
        builder.fail(here, f"{_upkeeps(count)} had begun when it came, but it came in the turn's own upkeep "
                           "step, the turn's first (CR 500.8: an additional one comes after it)")
    if additional and entered["step"] == "upkeep" and count < 2:
        builder.fail(here, f"{_upkeeps(count)} had begun when it came, but it came in an additional upkeep "
                           "step, which comes after the turn's own (CR 500.8)")
    if current and not additional and count != begun:
        builder.fail(here, f"{_upkeeps(count)} had begun when it came, but it came in the current step "
                           f"(the turn's own {step} step), at which {begun} have begun (turn.upkeeps)")
    if not current and count > begun - (step == "upkeep"):
        builder.fail(here, f"{_upkeeps(count)} had begun when it came, but it came before the board's "
                           f"{step} step, before which {begun - (step == 'upkeep')} began (turn.upkeeps)")


def starting_player(builder, turn: dict, active: str, known) -> str | None:
    """CR 103.1: the player who took the game's first turn: turn.starting_player, or on turn 1
    the active player (no turn can come before the first); None when the board doesn't say."""
    starting = turn.get("starting_player")
    if starting is None:
        return active if turn.get("number", 1) == 1 else None
    builder.player(("turn", "starting_player"), starting, known)
    if turn.get("number", 1) == 1 and starting != active:
        builder.fail(("turn", "starting_player"), f"{starting} is not the active player of turn 1, "
                                                  f"which the starting player takes (CR 103.1)")
    return starting


def check_chosen(builder, battlefield: list, players: list) -> None:
    for i in builder.stated:  # a bare entry states no choice
        permanent = battlefield[i]
        if not permanent.chosen:  # every check below is of a choice stated
            continue
        for key, value in permanent.chosen:
            if key == "color" and value not in COLORS:
                builder.fail(("battlefield", i, "chosen", "color"),
                             f"{value!r} is not a color (colors: {', '.join(COLORS)}; CR 105.1)")
        colors = [value for key, value in permanent.chosen if key == "color"]
        card = builder.library.get(permanent.copy_of or permanent.card)
        options = card.data.get("chooses_as_it_enters") if card is not None else None
        for color in colors:  # CR 614.12: "choose a color other than green"
            if isinstance(options, dict) and color in COLORS and color not in options.get("color", COLORS):
                builder.fail(("battlefield", i, "chosen", "color"),
                             f"{color} is not a color {card.name} may choose (it chooses one of "
                             f"{', '.join(options['color'])}; CR 614.12)")
        check_chosen_kinds(builder, i, permanent, card, options)
        check_chosen_player_or_word(builder, i, permanent, card, options, players)
        most = card.data.get("chooses_colors", 1) if card is not None else 1
        if len(colors) > most:  # CR 614.12, 905.2b: as many colors as its text chooses
            builder.fail(("battlefield", i, "chosen", "color"),
                         f"{len(colors)} colors, but {card.name if card else permanent.card} chooses "
                         f"{'one color' if most == 1 else f'at most {most} colors'}")


# The kinds of choices a card's data names (chooses_as_it_enters), as the board states them.
CHOICE_WORDS = {"color": "a color", "creature_type": "a creature type", "card_type": "a card type",
                "basic_land_type": "a basic land type",
                "player": "a player", "anchor": "an anchor word", "riot": "riot's counter or haste",
                "unleash": "unleash's counter or none", "read_ahead": "read ahead's number of lore counters"}
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # CR 205.3i


def check_chosen_kinds(builder, i: int, permanent, card, options) -> None:
    """CR 614.12, 607.1: a creature type chosen is one (205.3m), and a card that says what it
    chooses as it enters (a color, a creature type) has no choice of the other kind.  None
    chosen is a state of its own: a permanent turned face up made no choice (708.8)."""
    from pysolver.data import creature_types

    for key, value in permanent.chosen:
        if key == "creature_type" and value not in creature_types():
            builder.fail(("battlefield", i, "chosen", "creature_type"),
                         f"{value!r} is not a creature type (CR 205.3m)")
        if key == "basic_land_type" and value not in BASIC_LAND_TYPES:
            builder.fail(("battlefield", i, "chosen", "basic_land_type"),
                         f"{value!r} is not a basic land type (basic land types: {', '.join(BASIC_LAND_TYPES)}; "
                         "CR 205.3i)")
        if key in ("riot", "unleash") and (not isinstance(options, dict) or key not in options):
            builder.fail(("battlefield", i, "chosen", key),  # CR 702.136a, 702.98a: the keyword's choice
                         f"{card.name if card else permanent.card} has no {key}, so it made no {key} choice as it "
                         f"entered (CR {'702.136a' if key == 'riot' else '702.98a'})")
            continue
        if isinstance(options, dict) and key in CHOICE_WORDS and key not in options:
            chooses = " and ".join(CHOICE_WORDS[k] for k in options if k in CHOICE_WORDS)
            builder.fail(("battlefield", i, "chosen", key),
                         f"{card.name} chooses {chooses} as it enters, not {CHOICE_WORDS[key]} (CR 614.12)")


def check_chosen_player_or_word(builder, i: int, permanent, card, options, players: list) -> None:
    """CR 614.12: a player chosen is one of the game's (an opponent of its controller when the
    card chooses an opponent, 102.3); CR 614.12b: an anchor word chosen is one of the card's."""
    if not isinstance(options, dict):
        return
    for key, value in permanent.chosen:
        if key == "player" and "player" in options:
            names = [p.name for p in players]
            if value not in names:
                builder.fail(("battlefield", i, "chosen", "player"),
                             f"{value!r} is not a player (players: {', '.join(names)})")
            elif options["player"] == "opponent" and value == permanent.controller:
                builder.fail(("battlefield", i, "chosen", "player"),
                             f"{card.name} chooses an opponent as it enters, and {value} controls it (CR 614.12, "
                             "102.3)")
        if key == "card_type" and "card_type" in options and value not in options["card_type"]:
            builder.fail(("battlefield", i, "chosen", "card_type"),
                         f"{value!r} is not a card type {card.name} may choose (it chooses one of "
                         f"{', '.join(options['card_type'])}; CR 614.12, 205.2a)")
        if key in ("riot", "unleash") and key in options and value not in options[key]:  # CR 702.136a, 702.98a
            builder.fail(("battlefield", i, "chosen", key),
                         f"{value!r} is not a choice of {key} (it chooses {' or '.join(options[key])}; CR "
                         f"{'702.136a' if key == 'riot' else '702.98a'})")
        if key == "read_ahead" and "read_ahead" in options:  # CR 702.155b: one to its final chapter number
            final = final_chapter(card.data)
            if not 1 <= int(value) <= final:
                builder.fail(("battlefield", i, "chosen", "read_ahead"),
                             f"{value} is not a number {card.name} may choose with read ahead (one to its final "
                             f"chapter number, {final}; CR 702.155b)")
        if key == "anchor" and "anchor" in options and value not in options["anchor"]:
            builder.fail(("battlefield", i, "chosen", "anchor"),
                         f"{value!r} is not an anchor word {card.name} may choose (it chooses "
                         f"{' or '.join(options['anchor'])}; CR 614.12b)")


def check_effect_card(builder, path: tuple, name: str) -> None:
    """An effects: entry is the continuous effect of a resolved spell (CR 611.2): its card
    must create one as it resolves (the card data's ``effect``)."""
    card = builder.library.get(name)
    if card is not None and not card.data.get("effect"):
        builder.fail(path, f"{name} creates no continuous effect as it resolves (its card data has "
                           "no effect:), so it can't be in effects (CR 611.2)")


def spells_cast(builder, entries: list, players: list, stack: list) -> list:
    """Each player's spells_cast_this_turn (CR 601.2i): every spell on the stack that its
    controller cast was cast this turn (a step ends only with the stack empty, CR 500.2), so
    the count is at least those; without the field, exactly those."""
    counted = []
    for i, (entry, player) in enumerate(zip(entries, players, strict=True)):
        on_stack = [j for j, item in enumerate(stack) if item.source is None and item.cast and not item.copy
                    and item.controller == player.name]
        given = entry.get("spells_cast_this_turn") if isinstance(entry, dict) else None
        if given is not None and given < len(on_stack):
            places = ", ".join(f"stack[{j}]" for j in on_stack)
            builder.fail(("players", i, "spells_cast_this_turn"),
                         f"{player.name} cast {given} spells this turn, but {len(on_stack)} spells on the stack "
                         f"({places}) were cast by {player.name}, this turn (CR 500.2, 601.2i)")
        counted.append(replace(player, spells_cast_this_turn=len(on_stack) if given is None else given))
    return counted


def storm_counts(builder, entries: list, stack: list, players: list) -> None:
    """A stack item's storm_count (CR 702.40a): only a storm trigger's, and no more than the
    spells cast this turn before its spell (the players' spells_cast_this_turn, the spell among
    them)."""
    cast = sum(player.spells_cast_this_turn for player in players)
    for i, item in enumerate(stack):
        if item.storm_count is None:
            continue
        abilities = builder.library.get(item.card).abilities()
        ability = (abilities[item.ability - 1]
                   if isinstance(item.ability, int) and 1 <= item.ability <= len(abilities) else {})
        if {"copy_self": "spells_cast_before"} not in ability.get("triggered", {}).get("do", []):
            builder.fail(("stack", i, "storm_count"), "storm_count is a storm trigger's (CR 702.40a), and this item "
                                                      "is no storm trigger")
        if item.storm_count > cast - 1:
            builder.fail(("stack", i, "storm_count"),
                         f"{item.storm_count} spells cast before its spell this turn, but the players cast "
                         f"{cast} spells this turn, its spell among them (players[].spells_cast_this_turn, "
                         "CR 702.40a)")


def _reads_stats(spec: dict) -> set[str]:
    """power, toughness: what a filter reads of its objects (schemas.STAT_KEYS)."""
    return {key.partition("_")[0] for key in STAT_KEYS if key in spec}.union(
        *(_reads_stats(each) for each in spec.get("any_of", [])))


def _card_power_readers(data, found: dict[str, set[str]]) -> None:
    """The zones whose cards a card's data judges by power or toughness: a hand revealed
    ("revealed"), a graveyard (a filter with "zone": "graveyard"), and which of the two."""
    if isinstance(data, dict):
        if isinstance(data.get("revealed"), dict):
            found.setdefault("hand", set()).update(_reads_stats(data["revealed"].get("filter", {})))
        if data.get("zone") == "graveyard":
            found.setdefault("graveyard", set()).update(_reads_stats(data.get("filter", {})))
        for value in data.values():
            _card_power_readers(value, found)
    elif isinstance(data, list):
        for value in data:
            _card_power_readers(value, found)


def _reads_starting_life(builder, name: str) -> bool:
    card = builder.library.get(name)
    return card is not None and (
        any("if_life_start" in a.get("static", {}) for a in card.data.get("abilities", []))
        or card.data.get("instead_of_losing", {}).get("life") == "starting")  # CR 614.1a: "becomes equal to" it


def check_starting_life(builder, battlefield: list, players: list, elsewhere: list[str]) -> None:
    """CR 103.4: a player's starting life total depends on the game's variant (20 in a two-player
    game, 30 in Two-Headed Giant, 40 in Commander): a permanent whose static ability reads its
    controller's ("as long as your life total is greater than your starting life total") is
    refused unless the board states it (players[].starting_life); so is such a card anywhere else
    (a spell, a hand: `pysolver next` may put it onto the battlefield) unless every player's is."""
    stated = {p.name for p in players if p.starting_life is not None}
    # Each card once; the permanents are walked only when one reads it (issue 16: most boards)
    readers = {name for name in builder.cards_here if _reads_starting_life(builder, name)}
    for i, permanent in enumerate(battlefield if readers else ()):
        if (permanent.copy_of or permanent.card) in readers and permanent.controller not in stated:
            builder.fail(("battlefield", i, "card"),
                         f"{permanent.card} reads {permanent.controller}'s starting life total (CR 103.4), which the "
                         f"board doesn't state (players: starting_life)")
    unstated = [i for i, p in enumerate(players) if p.starting_life is None]
    for name in dict.fromkeys(elsewhere):
        if unstated and _reads_starting_life(builder, name):
            builder.fail(("players", unstated[0]),
                         f"{name} reads its controller's starting life total (CR 103.4), which the board doesn't "
                         f"state for {players[unstated[0]].name} (players: starting_life)")


def ascends(players: list, battlefield: list, card, names: Iterable[str] | None = None) -> list[str]:
    """CR 702.131b: "any time you control ten or more permanents and you don't have the city's blessing, you get
    the city's blessing for the rest of the game": the players without it (players[].city_blessing) who control
    ten or more permanents, one with ascend among them (its card's keywords; ``card`` gives a name's data).
    ``names``: the cards the permanents have the characteristics of, each once (the board's reader knows them):
    without ascend among them, the permanents are not walked (issue 16)."""
    lacking = {p.name for p in players if not p.city_blessing}
    if not lacking:
        return []

    @cache  # each card once
    def has_ascend(name: str) -> bool:
        data = card(name)
        return data is not None and any(k.lower() == "ascend" for k in data.data.get("keywords") or ())

    if names is not None and not any(map(has_ascend, names)):
        return []
    counted: dict[str, int] = {}
    ascending: set[str] = set()
    for permanent in battlefield:
        if permanent.controller not in lacking:
            continue
        counted[permanent.controller] = counted.get(permanent.controller, 0) + 1
        if has_ascend(permanent.card_name):
            ascending.add(permanent.controller)
    return [p.name for p in players if p.name in ascending and counted[p.name] >= 10]


def ability_remover(battlefield: list, effects: list, card) -> str | None:
    """CR 613.1f, 305.7: the first permanent or effect whose card data may remove abilities (lose_abilities,
    set_land_types), or None."""
    sources = [(p.id, card(p.card_name).data.get("abilities", [])) for p in battlefield]
    sources += [(e.id, card(e.card).data.get("effect", [])) for e in effects]
    for source, data in sources:
        held = json.dumps(data)
        if '"lose_abilities"' in held or '"set_land_types"' in held:
            return source
    return None


def check_city_blessing(builder, battlefield: list, players: list, effects: list) -> None:
    """CR 702.131b: a player who controls ten or more permanents, one with ascend, has the city's blessing: given
    (``players`` changed in place), unless an effect on the battlefield may have removed ascend (refused)."""
    blessed = ascends(players, battlefield, builder.library.get, builder.characteristics(battlefield))
    if not blessed:
        return
    remover = ability_remover(battlefield, effects, builder.library.get)
    if remover is not None:
        i = next(i for i, p in enumerate(players) if p.name == blessed[0])
        builder.fail(("players", i), f"{blessed[0]} controls ten or more permanents, one with ascend, and {remover} "
                     "may have removed its abilities (CR 613.1f, 305.7): whether they have the city's blessing "
                     "(702.131b) isn't judged here; say city_blessing: true if they do")
    for i, player in enumerate(players):
        if player.name in blessed:
            players[i] = replace(player, city_blessing=True)


def check_card_power(builder, battlefield: list, players: list) -> None:
    """CR 208.2a: a card printed with "*" power has it defined by an ability that works in
    every zone, which no card data computes: if a permanent judges cards in a hand or a
    graveyard by their power ("creature cards with power 5 or greater"), such a card there
    is refused rather than judged as having no power."""
    readers: dict[tuple[str, str], str] = {}
    for name in builder.cards_here:  # each card once, in board order
        card = builder.library.get(name)
        found: dict[str, set[str]] = {}
        _card_power_readers(card.data.get("abilities", []) if card is not None else [], found)
        for zone, stats in found.items():
            for stat in sorted(stats):
                readers.setdefault((zone, stat), name)
    for i, player in enumerate(players):
        for (zone, stat), reader in readers.items():
            for j, name in enumerate(getattr(player, zone)):
                card = builder.library.get(name)
                printed = card.data.get(stat) if card is not None else None
                if printed is not None and not isinstance(printed, int):
                    builder.fail(("players", i, zone, j),
                                 f"{name}'s {stat} is {printed!r} (defined by an ability, CR 208.2a) and "
                                 f"{reader} reads the {stat} of cards in {player.name}'s {zone}, which "
                                 "pysolver can't judge")
