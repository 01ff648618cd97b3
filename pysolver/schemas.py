"""JSON Schemas of pysolver's file formats: boards and card definitions.

`pysolver schema board` and `pysolver schema cards` print them; the loaders
validate every file against them before any rule sees it.  docs/board-format.md
and docs/cards.md describe each field.

The schemas of `--json` output live one a query in
pysolver/data/output-schemas/<query>.json (docs/json-output.md);
`output_schema(name)` reads one and `pysolver schema --output NAME` prints it.
"""

from __future__ import annotations

from typing import Any

from pysolver import validator

NAME = {"type": "string", "minLength": 1, "maxLength": 200}
# One kind of permanent an Aura may enchant (CR 303.4a): every type, subtype and supertype listed.
ENCHANT_KIND = {"type": "object", "additionalProperties": False,
                "properties": {**{key: {"type": "array", "items": NAME} for key in (
                    "types", "subtypes", "supertypes", "not_types", "not_subtypes", "not_supertypes")},
                    **{key: {"type": "array", "items": {"enum": ["W", "U", "B", "R", "G"]}}
                       for key in ("colors", "not_colors")}}}
COUNT = {"type": "integer", "minimum": 0, "maximum": 1_000_000}
# Numbers that reach clingo as integers (32-bit) or count grounding steps are
# capped, so a huge number is a clear error, not an overflow.
BOUNDED = {"type": "integer", "minimum": -1_000_000, "maximum": 1_000_000}
TURN_NUMBER = {"type": "integer", "minimum": 1, "maximum": 1_000_000}
# Counters on a permanent: an ability that removes X of them grounds one amount
# per possible X (and "any combination" of types per amount), so the number is
# capped well below what would blow up grounding.
COUNTERS = {"type": "integer", "minimum": 0, "maximum": 100}
MANA_TYPE = {"enum": ["W", "U", "B", "R", "G", "C"]}
COLOR = {"enum": ["W", "U", "B", "R", "G"]}
# A number in a mana symbol has at most 6 digits ({99999999999} would overflow clingo).
MANA_STRING = {"type": "string", "pattern": r"^(\{(?:[WUBRGCXSP/]|[0-9]{1,6}(?![0-9]))+\})*$",
               "maxLength": 200}
WHOSE = {"enum": ["you", "opponent", "any"]}

# ---------------------------------------------------------------- card data
# The fields of a FILTER that read power or toughness (CR 208.1: layer 7's result, 613.4).
STAT_KEYS = ("power_at_least", "power_at_most", "toughness_at_least", "toughness_at_most")
# The conditions of a static ability judged on board facts alone (asp/static_conditions.lp
# early_condition_fails): a layer 4 effect may read them (CR 613.8: no other layer's result is read).
EARLY_CONDITIONS = frozenset({"if_devotion", "if_hand", "if_life", "if_life_start", "if_counters", "if_graveyard",
                              "if_graveyard_types", "if_life_gained", "if_poison", "if_designation"})
FILTER = {
    "type": "object",
    "description": "Objects that have every listed characteristic.",
    "additionalProperties": False,
    "properties": {
        "types": {"type": "array", "items": NAME},
        "not_types": {"type": "array", "items": NAME},
        "subtypes": {"type": "array", "items": NAME},
        "not_subtypes": {"type": "array", "items": NAME, "description": "has none of these subtypes (CR 205.3)"},
        "supertypes": {"type": "array", "items": NAME},
        "not_supertypes": {"type": "array", "items": NAME},
        "colors": {"type": "array", "items": COLOR, "description": "has each of these colors (CR 105.2)"},
        "not_colors": {"type": "array", "items": COLOR, "description": "has none of these colors (\"nonwhite\", "
                                                                       "CR 105.2)"},
        "max_mana_value": {**COUNT, "description": "mana value N or less (CR 202.3)"},
        "min_mana_value": {**COUNT, "description": "mana value N or greater (CR 202.3)"},
        "token": {"type": "boolean", "description": "a token (true) or a card (false), CR 111.1"},
        "commander": {"const": True, "description": "a commander (CR 903.3; the board's commander:)"},
        "not_owned": {"const": True, "description": "a permanent its controller doesn't own (CR 108.3: \"you "
                                                    "control but don't own\"; the board's owner:)"},
        "tapped": {"type": "boolean", "description": "a tapped (true) or an untapped (false) permanent, as the "
                                                   "board has it (CR 110.5); a card is neither"},
        "with_counter": {**NAME, "description": "with a counter of this kind on it"},
        "with_counters": {"const": True, "description": "with a counter of any kind on it (CR 122.1)"},
        "face_down": {"const": True, "description": "a face-down permanent (CR 708.2; the board's face_down:); a "
                                                     "card is none"},
        "attacking": {"const": True, "description": "an attacking creature (CR 508.1k, 511.3): none on a board, "
                                                     "which is refused in the combat steps after attackers are "
                                                     "declared when a card names it"},
        "named": {**NAME, "description": "with this name (CR 201.2)"},
        "keywords": {"type": "array", "items": NAME, "description": "with these keywords"},
        "power_at_least": {**COUNT, "description": "with power N or greater"},
        "power_at_most": {**COUNT, "description": "with power N or less (CR 208.1)"},
        "toughness_at_least": {**COUNT, "description": "with toughness N or greater (CR 208.1)"},
        "toughness_at_most": {**COUNT, "description": "with toughness N or less (CR 208.1)"},
        "x_in_mana_cost": {"const": True, "description": "with {X} in its mana cost (CR 107.3)"},
        "colorless": {"const": True, "description": "with no color (CR 105.2c)"},
        "multicolored": {"const": True, "description": "with two or more colors (CR 105.2b)"},
        "entered_this_turn": {"const": True, "description": "came under its controller's control "
                                                            "this turn (the board's entered:)"},
        "attached": {"enum": ["Equipment", "Aura", "modified"],
                     "description": "equipped (an Equipment is attached to it, CR 301.5), enchanted (an Aura, "
                                    "303.4) or modified (a counter on it, equipped, or enchanted by an Aura its "
                                    "controller controls, 700.9): judged on permanents after layer 4, never by "
                                    "a type-changing effect"},
        "other": {"const": True, "description": "other than the ability's source"},
        "named_chosen": {"const": True, "description": "with the name chosen for the ability's "
                                                       "source (the board's chosen: {name: ...})"},
        "chosen": {"enum": ["color", "creature_type", "card_type"],
                   "description": "of the color, creature type or card type chosen as the ability's source "
                                  "entered (the board's chosen: {color: ..}, {creature_type: ..} or {card_type: ..}; "
                                  "CR 607.1)"},
    },
}
SIMPLE_FILTER: dict[str, Any] = FILTER
FILTER = {**SIMPLE_FILTER, "properties": {
    **SIMPLE_FILTER["properties"],
    "any_of": {"type": "array", "items": SIMPLE_FILTER, "minItems": 2,
               "description": "matching one of these filters too"}}}
# A card in a hand (a reveal): only its printed types, subtypes and supertypes are judged.
CARD_KINDS = {"type": "object", "additionalProperties": False, "minProperties": 1, "properties": {
    key: {"type": "array", "items": NAME} for key in ("types", "subtypes", "supertypes")}}
HAND_FILTER = {"oneOf": [CARD_KINDS, {
    "type": "object", "additionalProperties": False, "required": ["any_of"],
    "properties": {"any_of": {"type": "array", "items": CARD_KINDS, "minItems": 2}}}]}
TYPE_SET = {
    "oneOf": [
        {"enum": ["any_color", "any_type"]},
        {"type": "array", "items": MANA_TYPE, "minItems": 1, "uniqueItems": True},
    ]
}
ZONE = {"enum": ["battlefield", "graveyard", "exiled"],
        "description": "where the objects are: permanents (default), cards in graveyards, or the "
                       "cards exiled with the source (the board's exiled:, CR 607.2a)"}


def _among(zone: dict[str, Any]) -> dict[str, Any]:
    """The objects an amount counts: those matching a filter that W controls, in a zone."""
    return {"type": "object", "additionalProperties": False, "required": ["filter"],
            "properties": {"whose": WHOSE, "filter": FILTER, "zone": zone}}


AMONG = _among(ZONE)
# CR 208.1: the total power or toughness of matching permanents (a counters item's amount only).
TOTAL_STAT = {
    "type": "object",
    "additionalProperties": False,
    "required": ["total"],
    "properties": {
        "total": {
            "type": "object",
            "additionalProperties": False,
            "required": ["stat", "filter"],
            "properties": {"stat": {"enum": ["power", "toughness"]}, "whose": WHOSE, "filter": FILTER},
        }
    },
    "description": "the total power or toughness of matching permanents (a negative one counted as it is)",
}
AMOUNT = {
    "oneOf": [
        COUNT,
        {"const": "devotion", "description": "devotion to the chosen color (CR 700.5)"},
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["count"],
            "properties": {"count": AMONG},
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["counter"],
            "properties": {
                "counter": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["kind", "then"],
                    "properties": {"kind": NAME, "then": COUNT, "else": COUNT},
                }
            },
        },
        {"const": "X", "description": "the number of counters the cost removes (X)"},
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["sacrificed"],
            "properties": {"sacrificed": {"enum": ["mana_value", "power", "toughness"]}},
            "description": "the mana value, power or toughness of the permanent the cost sacrificed "
                           "(`sacrifice: FILTER`), as it last existed (CR 608.2h)",
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["x_plus"],
            "properties": {"x_plus": COUNT},
            "description": "X (counters removed by the cost) plus a number",
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["counters_on_self"],
            "properties": {"counters_on_self": NAME, "plus": COUNT},
            "description": "the number of counters of a kind on the source (plus a number)",
        },
        {"enum": ["power", "toughness"], "description": "the source's power or toughness"},
        {"const": "creatures_sharing_a_type",
         "description": "the greatest number of creatures the controller controls that have a creature "
                        "type in common (a changeling has every one, CR 702.73a)"},
        {"const": "life_gained", "description": "the life the controller gained this turn (the board's "
                                                "life_gained, CR 119.3)"},
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["revealed"],
            "properties": {"revealed": {"type": "object", "additionalProperties": False,
                                        "required": ["filter"], "properties": {"filter": FILTER}}},
            "description": "one for each matching card of the controller's hand revealed: any "
                           "number of them, from none to all (the board's hand:)",
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["greatest"],
            "properties": {
                "greatest": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["stat", "filter"],
                    "properties": {"stat": {"enum": ["power", "toughness"]}, "whose": WHOSE,
                                   "filter": FILTER},
                }
            },
            "description": "the greatest power or toughness among matching objects (0 if none)",
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["if_you_control", "then", "else"],
            "properties": {"if_you_control": FILTER, "then": COUNT, "else": COUNT},
            "description": "then if the controller controls a matching object, else else",
        },
    ]
}
ADD = {
    "type": "object",
    "description": "What a mana ability adds (exactly one form, plus an amount).",
    "additionalProperties": False,
    "properties": {
        "mana": MANA_STRING,
        "one_of": TYPE_SET,
        "combination": TYPE_SET,
        "reflect": {
            "type": "object",
            "additionalProperties": False,
            "required": ["filter"],
            "properties": {
                "whose": {"enum": ["you", "opponent", "any", "sacrificed"]},
                "filter": FILTER,
                "kind": {"enum": ["type", "color"]},
                "untapped": {"const": True, "description": "\"that land\": the permanent the cost untapped "
                             "(an untap_tapped cost of one permanent an opponent controls; CR 106.7 ignores "
                             "the cost, so could-produce looks at every one the filter matches)"},
            },
        },
        "commander_colors": {"const": True},
        "chosen_color": {
            "description": "one mana of the color chosen as the source entered (CR 607.4); "
                           "a list adds other types to choose from",
            "oneOf": [{"const": True}, {"type": "array", "items": MANA_TYPE, "minItems": 1}],
        },
        "distinct": {**TYPE_SET, "description": "the amount in different types among these"},
        "options": {"type": "array", "items": {**MANA_STRING, "minLength": 3}, "minItems": 2,
                    "uniqueItems": True, "description": "one of these fixed amounts"},
        "double_pool": {"const": True, "description": "as much of each type as your mana pool holds (CR 701.9f)"},
        "color_among": {**AMONG, "description": "one mana of any color among matching objects (CR 105.2)"},
        "each_color_among": {**AMONG, "description": "one mana of each color among matching objects"},
        "amount": {"oneOf": AMOUNT["oneOf"] + [{
            "type": "object",
            "additionalProperties": False,
            "required": ["total"],
            "properties": {"total": {
                "type": "object", "additionalProperties": False, "required": ["stat", "filter"],
                "properties": {"stat": {"enum": ["power", "toughness", "mana_value"]}, "whose": WHOSE,
                               "filter": FILTER}}},
            "description": "the total power, toughness or mana value of matching permanents (a negative total "
                           "adds none, CR 107.1b)",
        }, {
            "type": "object",
            "additionalProperties": False,
            "required": ["count"],
            "properties": {"count": {**_among({"const": "hand"}), "required": ["filter", "zone"]}},
            "description": "the matching cards of the hands of the players `whose` names (the board's hand:, "
                           "CR 402.1), judged on their printed characteristics",
        }, {
            "type": "object",
            "additionalProperties": False,
            "required": ["devotion"],
            "properties": {"devotion": {"enum": list("WUBRG")}},
            "description": "its controller's devotion to the color (CR 700.5)",
        }]},
    },
    "oneOf": [
        {"required": ["mana"]},
        {"required": ["one_of"]},
        {"required": ["combination"]},
        {"required": ["reflect"]},
        {"required": ["commander_colors"]},
        {"required": ["chosen_color"]},
        {"required": ["distinct"]},
        {"required": ["options"], "not": {"required": ["amount"]}},
        {"required": ["double_pool"]},
        {"required": ["color_among"]},
        {"required": ["each_color_among"], "not": {"required": ["amount"]}},
    ],
}
COST_ITEM = {
    "oneOf": [
        {"enum": ["{T}", "{Q}", "sacrifice_self"]},
        MANA_STRING,
        {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "additionalProperties": False,
            "properties": {
                "remove_counters": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["kind"],
                    "properties": {"kind": NAME, "count": {"oneOf": [COUNT, {"const": "X"}]}},
                },
                "sacrifice": FILTER,
                "sacrifice_x": {**FILTER, "description": "sacrifice X permanents matching the filter, X "
                                                         "announced as it is activated (CR 107.3a, 601.2b)"},
                "pay_life": COUNT,
                "discard": COUNT,
                "tap_untapped": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["filter"],
                    "properties": {"count": {"oneOf": [COUNT, {"const": "X", "description": "X, announced "
                                                               "as it is activated (CR 107.3a)"}]},
                                   "filter": FILTER},
                },
                "text": {"type": "string", "minLength": 1,
                         "description": "a cost the rules don't model, kept as text"},
                "exile_from_graveyard": {
                    "type": "object", "additionalProperties": False, "required": ["count", "filter"],
                    "description": "exile that many cards of your graveyard matching the filter (CR 701.11a, "
                                   "601.2h, 118.3)",
                    "properties": {"count": COUNT, "filter": FILTER}},
                "untap_tapped": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["filter"],
                    "properties": {"count": COUNT, "whose": WHOSE, "filter": FILTER},
                },
            },
        },
    ]
}
TARGET = {
    "type": "object",
    "description": "One instance of the word 'target' (CR 115.1c): what it may choose.",
    "additionalProperties": False,
    "required": ["zone"],
    "properties": {
        "zone": {"enum": ["battlefield", "graveyard", "player", "any_target"]},
        "whose": WHOSE,
        "filter": FILTER,
        "text": {"type": "string", "description": "the target as the card words it"},
    },
}
RIDER = {
    "type": "object",
    "additionalProperties": False,
    "minProperties": 1,
    "maxProperties": 1,
    "properties": {
        "damage_to_controller": COUNT,
        "damage_to_tapper": COUNT,
        "gain_life": COUNT,
        "opponents_gain_life": COUNT,
        "sacrifice_if_no_counters": NAME,
        "text": {"type": "string", "minLength": 1,
                 "description": "an effect of the ability that changes no mana, kept as text"},
    },
}
# CR 602.1b: a condition of "Activate only if ...": controlling N or more objects, the source
# itself matching a filter ("~ is a creature"), having entered this turn, or N or more counters.
ONLY_IF = {"oneOf": [
    {"type": "object", "additionalProperties": False, "required": ["you_control"],
     "properties": {"you_control": FILTER, "at_least": {**COUNT, "minimum": 1}}},
    {"type": "object", "additionalProperties": False, "required": ["self_is"],
     "properties": {"self_is": FILTER}},
    {"type": "object", "additionalProperties": False, "required": ["self_entered_this_turn"],
     "properties": {"self_entered_this_turn": {"const": True}}},
    {"type": "object", "additionalProperties": False, "required": ["self_counters"],
     "properties": {"self_counters": NAME, "at_least": {**COUNT, "minimum": 1}}},
    # CR 702.151a: "Activate only if this permanent is attached to a creature" (reconfigure's unattach)
    {"type": "object", "additionalProperties": False, "required": ["self_attached_to"],
     "properties": {"self_attached_to": FILTER}},
    # CR 602.5b, 404.2: "if there are four or more creature cards in your graveyard" (printed characteristics)
    {"type": "object", "additionalProperties": False, "required": ["graveyard", "at_least"],
     "properties": {"graveyard": FILTER, "at_least": {**COUNT, "minimum": 1}}},
    # CR 119.1, 402.1: its controller's life total, the number of cards in their hand (the board's hand:)
    *({"type": "object", "additionalProperties": False, "required": [key], "properties": {key: COUNT}}
      for key in ("life_at_least", "life_at_most", "hand_at_least", "hand_at_most")),
    # CR 722.1, 723.1, 702.131c, 309.7: a designation its controller has (the board's players[])
    {"type": "object", "additionalProperties": False, "required": ["designation"],
     "properties": {"designation": {"enum": ["monarch", "initiative", "city_blessing", "completed_dungeon"]}}},
    # CR 716.2a, 716.2d: the source's level is exactly N (a class level bar's "if this Class is level N-1")
    {"type": "object", "additionalProperties": False, "required": ["self_level"],
     "properties": {"self_level": {**COUNT, "minimum": 1}}},
]}
ONLY_IF_YOU_CONTROL = {
    "description": "the controller must control an object matching the filter "
                   "(a list: matching any one of them)",
    "oneOf": [FILTER, {"type": "array", "items": FILTER, "minItems": 1}],
}
ONLY_IF_ANY = {
    "type": "array", "minItems": 1, "items": ONLY_IF,
    "description": "\"Activate only if ...\" (CR 602.1b): one of these conditions must hold "
                   "(not together with only_if_you_control)",
}
MANA_ABILITY = {
    "type": "object",
    "description": "An activated mana ability (CR 605.1a).",
    "additionalProperties": False,
    "required": ["cost", "add"],
    "properties": {
        "cost": {"type": "array", "items": COST_ITEM},
        "add": ADD,
        "riders": {"type": "array", "items": RIDER},
        "chance": {
            "type": "object", "additionalProperties": False, "required": ["coin"],
            "description": "it adds its mana only on one result of a coin flip (CR 705): "
                           "coin: win or lose",
            "properties": {"coin": {"enum": ["win", "lose"]}},
        },
        "unless_paid": {
            "type": "object", "additionalProperties": False, "required": ["by", "cost"],
            "description": "it adds its mana unless a player pays the cost (CR 608.2d, 118.12): "
                           "by: any (any player) or opponent",
            "properties": {"by": {"enum": ["any", "opponent"]}, "cost": {"type": "string", "minLength": 1}},
        },
        "instead": {
            "type": "object",
            "additionalProperties": False,
            "required": ["if", "add"],
            "description": "while the condition holds it adds this instead (CR 614.15): a counter "
                           "on the source, controlling an object matching each filter, or a designation its "
                           "controller has (CR 722.1, 723.1, 702.131c, 309.7)",
            "properties": {
                "if": {"oneOf": [
                    {"type": "object", "additionalProperties": False, "required": ["counter"],
                     "properties": {"counter": NAME}},
                    {"type": "object", "additionalProperties": False, "required": ["you_control"],
                     "properties": {"you_control": {"type": "array", "items": FILTER, "minItems": 1}}},
                    {"type": "object", "additionalProperties": False, "required": ["designation"],
                     "properties": {"designation": {"enum": ["monarch", "initiative", "city_blessing",
                                                             "completed_dungeon"]}}},
                ]},
                "add": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {"mana": MANA_STRING, "one_of": TYPE_SET, "amount": COUNT},
                    "oneOf": [{"required": ["mana"]}, {"required": ["one_of"]}],
                },
            },
        },
        "only_if_you_control": ONLY_IF_YOU_CONTROL,
        "only_if": ONLY_IF_ANY,
        "player": {"enum": ["chosen", "each"],
                   "description": "the mana goes to a player the controller chooses, or to each "
                                  "player (default: the controller)"},
        "restriction": {"type": "string", "description": "spending restriction (text only)"},
        "activation_restriction": {
            "type": "string",
            "description": "when or how often it may be activated (\"Activate only ...\": a timing, "
                           "CR 602.1b, 602.5d; or once, twice ... each turn, CR 602.5b)",
        },
    },
}
REPLACEMENT = {
    "type": "object",
    "description": "A replacement effect on mana production (CR 106.12b, 614.1a).",
    "additionalProperties": False,
    "required": ["tapped"],
    "properties": {
        "tapped": FILTER,
        "tapper": {"enum": ["you", "any"]},
        "controller": {"enum": ["you", "opponent"],
                       "description": "only a permanent the effect's controller (you) or an opponent "
                                      "of theirs controls (default: anyone's)"},
        "min_amount": COUNT,
        "multiply": {"type": "integer", "minimum": 2, "maximum": 10},
        "becomes": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"type": MANA_TYPE, "amount": COUNT,
                           "any_color": {"const": True,
                                         "description": "mana of one color of the player's choice, the amount "
                                                        "unchanged (\"a color of your choice\")"}},
            "oneOf": [{"required": ["type"]}, {"required": ["any_color"], "not": {"required": ["amount"]}}],
        },
    },
    "oneOf": [{"required": ["multiply"]}, {"required": ["becomes"]}],
}
MANA_TRIGGER = {
    "type": "object",
    "description": "A triggered mana ability (CR 605.1b, 106.12a).",
    "additionalProperties": False,
    "required": ["tapped", "add"],
    "properties": {
        "tapped": FILTER,
        "tapper": WHOSE,
        "enchanted": {"type": "boolean"},
        "self": {"type": "boolean", "description": "only its own source (\"Whenever ~ is tapped for mana\")"},
        "tapped_for": {"enum": [*"WUBRGC", "chosen"],
                       "description": "tapped for mana of this type: the ability produced some (CR 106.12a)"},
        "add": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "same_type": COUNT,
                "mana": MANA_STRING,
                "one_of": TYPE_SET,
                "options": {"type": "array", "items": MANA_STRING, "minItems": 1,
                            "description": "one of these, all of its mana (\"{U}{U} or {B}{B}\")"},
                "chosen_color": COUNT,
                "any_combination": {**COUNT, "description": "N mana in any combination of colors"},
            },
            "minProperties": 1,
            "maxProperties": 1,
        },
        "any_mana_ability": {"type": "boolean",
                             "description": "any mana ability of the permanent, with {T} in its cost or not "
                                            "(\"Whenever a land's ability causes you to add ...\", CR 605.1b)"},
        "optional": {"type": "boolean", "description": "\"may add\": its controller may add none (CR 603.5)"},
        "instead": {
            "type": "object",
            "additionalProperties": False,
            "required": ["if_matches", "add"],
            "description": "while the permanent tapped matches if_matches, it adds this instead (CR 608.2c)",
            "properties": {
                "if_matches": FILTER,
                "add": {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
                        "properties": {"mana": MANA_STRING, "one_of": TYPE_SET,
                                       "options": {"type": "array", "items": MANA_STRING, "minItems": 1}}},
            },
        },
        "restriction": {"type": "string", "description": "how the mana it adds may be spent (CR 106.6)"},
        "riders": {"type": "array", "items": RIDER},
    },
}
# The amounts a spell's own cost change counts (asp/cost_changes.lp, asp/amounts.lp).
# CR 601.2f: a spell's own cost change by what no board records (pysolver/cards/oracle_costs.py UNJUDGED).
UNJUDGED_COST: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["unjudged"],
    "description": "what no board records (what happened this turn, attackers, day or night), as the card says it: "
                   "\"for each creature that died this turn\", \"if a creature is attacking you\"; pay --spell and "
                   "next cast refuse the spell (CR 601.2f)",
    "properties": {"unjudged": {"type": "string", "minLength": 1, "maxLength": 500}}}
# A count of permanents, or of cards in graveyards or hands, a spell's own cost reads.
OWN_COUNT: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["count"],
    "properties": {"count": {
        "type": "object", "additionalProperties": False, "required": ["filter"],
        "properties": {"whose": {"enum": ["you", "opponent", "any", "an_opponent"],
                                 "description": "an_opponent: one opponent, the one for whom a condition holds "
                                                "(the most, or the fewest for at_most; CR 102.3); not with graveyard"},
                       "filter": FILTER,
                       "zone": {"enum": ["battlefield", "graveyard", "hand"]}}}}}
OWN_COST_AMOUNTS: list[dict[str, Any]] = [
    {"const": "life_gained"},
    {"const": "party", "description": "the creatures in its caster's party (CR 700.8)"},
    {"const": "graveyard_card_types", "description": "the card types among cards in its caster's graveyard "
                                                     "(CR 205.2a)"},
    {"const": "spells_cast", "description": "the spells its caster cast this turn before it (the board's "
                                            "spells_cast_this_turn, CR 601.2i)"},
    {"const": "spells_cast_all", "description": "the spells every player cast this turn before it (CR 601.2i)"},
    {"type": "object", "additionalProperties": False, "required": ["greatest"],
     "properties": {"greatest": {
         "type": "object", "additionalProperties": False, "required": ["stat", "filter"],
         "properties": {"stat": {"enum": ["power", "toughness"]}, "whose": WHOSE,
                        "filter": FILTER}}}},
    OWN_COUNT,
    {"type": "object", "additionalProperties": False, "required": ["sum"],
     "description": "the sum of counts (\"for each Cave you control and each Cave card in your graveyard\", "
                    "CR 601.2f)",
     "properties": {"sum": {"type": "array", "minItems": 2, "maxItems": 4, "items": OWN_COUNT}}},
    {"type": "object", "additionalProperties": False, "required": ["total"],
     "description": "the total power, toughness or mana value of the permanents matching the filter (CR 208.1, "
                    "202.3; a negative power counts as it is, 107.1b)",
     "properties": {"total": {
         "type": "object", "additionalProperties": False, "required": ["stat", "filter"],
         "properties": {"stat": {"enum": ["power", "toughness", "mana_value"]}, "whose": WHOSE,
                        "filter": FILTER}}}},
]
# The cost items of an alternative cost (CR 118.9) pay --spell pays.
ALTERNATIVE_ITEMS: dict[str, Any] = {"type": "array", "minItems": 1, "maxItems": 10, "items": {"oneOf": [
    MANA_STRING,
    {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
     "properties": {"sacrifice": FILTER, "return_to_hand": FILTER, "pay_life": COUNT, "discard": COUNT,
                    "discard_card": {**FILTER, "description": "discard a card of your hand matching it (CR 701.8a, "
                                                              "601.2h)"},
                    "reveal": {**FILTER, "description": "reveal a card of your hand matching it (CR 701.16a, "
                                                        "601.2h)"}}}]}}
# A cost item of a spell's additional costs (CR 601.2b, 118.8).
ADDITIONAL_ITEM = {"oneOf": [COST_ITEM, {"type": "object", "additionalProperties": False,
                                         "required": ["return_to_hand"], "properties": {"return_to_hand": FILTER}},
                             {"type": "object", "additionalProperties": False, "required": ["collect_evidence"],
                              "properties": {"collect_evidence": {
                                  **COUNT, "minimum": 1, "description": "exile cards of your graveyard with total "
                                  "mana value this or greater (CR 701.57a)"}}},
                             {"type": "object", "additionalProperties": False, "required": ["discard_at_random"],
                              "properties": {"discard_at_random": {
                                  **COUNT, "minimum": 1, "description": "discard that many cards of your hand at "
                                  "random, after the other costs (CR 701.8b, 601.2h); next cast refuses it"}}},
                             {"type": "object", "additionalProperties": False,
                              "required": ["exile_from_hand_any_number"],
                              "properties": {"exile_from_hand_any_number": {
                                  **FILTER, "description": "exile any number of cards of your hand matching it, none "
                                                           "too (CR 601.2h, 406.3)"}}},
                             {"type": "object", "additionalProperties": False, "required": ["sacrifice_all"],
                              "properties": {"sacrifice_all": {**FILTER, "description": "sacrifice every permanent "
                                                               "you control matching it as the cost is paid, none "
                                                               "too (CR 701.17a, 601.2h)"}}},
                             {"type": "object", "additionalProperties": False, "required": ["sacrifice_any_number"],
                              "properties": {"sacrifice_any_number": {
                                  **FILTER, "description": "sacrifice any number of permanents you control matching "
                                                           "it, none too: each choice a way (CR 701.17a, 601.2h)"}}},
                             {"type": "object", "additionalProperties": False, "required": ["sacrifice_one_or_more"],
                              "properties": {"sacrifice_one_or_more": {
                                  **FILTER, "description": "sacrifice one or more permanents you control matching "
                                                           "it: each choice a way (CR 701.17a, 601.2h)"}}},
                             {"type": "object", "additionalProperties": False, "required": ["reveal"],
                              "properties": {"reveal": {**FILTER, "description": "reveal a card of your hand "
                                                        "matching it (CR 701.16a, 601.2h)"}}},
                             {"type": "object", "additionalProperties": False, "required": ["blight"],
                              "properties": {"blight": {**COUNT, "minimum": 1, "description": "blight: put that "
                                             "many -1/-1 counters on a creature you control (CR 601.2h); next cast "
                                             "refuses it"}}},
                             {"type": "object", "additionalProperties": False, "required": ["waterbend"],
                              "properties": {"waterbend": {**COUNT, "minimum": 1, "description": "waterbend: that "
                                             "much generic mana, which untapped artifacts and creatures you control "
                                             "may help pay, {1} each (CR 601.2h)"}}},
                             {"type": "object", "additionalProperties": False, "required": ["behold_exile"],
                              "properties": {"behold_exile": {**FILTER, "description": "behold and exile: exile a "
                                                              "permanent you control or a card of your hand matching "
                                                              "it (CR 601.2h, 406.3); next cast refuses a permanent"}}},
                             {"type": "object", "additionalProperties": False, "required": ["behold"],
                              "properties": {"behold": {**FILTER, "description": "behold: choose a permanent you "
                                                        "control or reveal a card of your hand matching it (CR "
                                                        "601.2h, 701.16a)"}}},
                             {"type": "object", "additionalProperties": False, "required": ["discard_card"],
                              "properties": {"discard_card": {**FILTER, "description": "discard a card of your hand "
                                                              "matching it (CR 701.8a, 601.2h)"}}}]}
COST_CHANGE = {
    "type": "object",
    "description": "A static ability that changes what spells cost (CR 601.2f): {1} more or less "
                   "generic mana, or a minimum total (Trinisphere).",
    "additionalProperties": False,
    "required": ["spells"],
    "properties": {
        "spells": {**FILTER, "description": "the spells affected, judged on their cards (types, "
                                            "not_types, subtypes, colors, any_of)"},
        "whose": {"enum": ["you", "opponent", "any"],
                  "description": "spells cast by the ability's controller (\"you cast\"), by its "
                                 "opponents (\"your opponents cast\") or by any player"},
        "more": {**COUNT, "minimum": 1, "description": "generic mana added to the cost"},
        "less": {**COUNT, "minimum": 1, "description": "generic mana taken off (CR 118.7a)"},
        "more_colored": {"type": "string", "pattern": "^(\\{[WUBRGC]\\})+$",
                         "description": "colored or colorless mana symbols added to the cost (\"Black spells "
                                        "you cast cost {B} more to cast\")"},
        "minimum": {**COUNT, "minimum": 1, "description": "the total costs at least this much mana"},
        "cast_from": {"type": "array", "minItems": 1, "uniqueItems": True,
                      "items": {"enum": ["library", "graveyard", "exile", "command"]},
                      "description": "only spells cast from one of these zones (CR 601.2a: \"Spells you cast "
                                     "from your graveyard\")"},
        "if_untapped": {"type": "boolean", "description": "only while its source is untapped"},
        "if_targets_self": {"const": True, "description": "only spells that target its source (CR 601.2c, "
                                                         "601.2f): next cast judges it on the targets chosen; pay "
                                                         "--spell, which chooses none, refuses it"},
        "during": {"enum": ["your_turn", "other_turns"],
                   "description": "only during its controller's turns, or only during the other players' "
                                  "(CR 102.1: the active player's turn)"},
        "per": {"enum": ["other_spell_this_turn"],
                "description": "more for each other spell its caster cast this turn (Damping Sphere): "
                               "boards don't record those spells, so pay refuses it"},
    },
    "anyOf": [{"required": ["more"]}, {"required": ["less"]}, {"required": ["minimum"]},
              {"required": ["more_colored"]}],
}
EVENT_REPLACEMENT = {
    "type": "object",
    "description": "A replacement effect of its controller's life gain, card draws or tokens created (CR "
                   "614.1a, 616.1; asp/life_replacement.lp, asp/draw_replacement.lp, asp/token_replacement.lp): "
                   "gain_life, twice that much life instead (while they have if_life_at_most life or less), "
                   "or that much life plus N instead (plus); "
                   "draw, draw_instead cards instead while their hand is empty (if_hand_empty); create_tokens, "
                   "twice that many tokens created under their control instead, or those tokens plus others (adds: "
                   "refused where it applies).",
    "additionalProperties": False,
    "required": ["event"],
    "properties": {
        "event": {"enum": ["gain_life", "draw", "create_tokens"]},
        "multiply": {"const": 2, "description": "gain_life: that much life times this instead; create_tokens: "
                                                "that many tokens times this instead"},
        "plus": {"type": "integer", "minimum": 1, "maximum": 1000,
                 "description": "gain_life: that much life plus this instead (\"you gain that much life plus 1 "
                                "instead\", CR 614.1a; beside an effect that doubles the gain, the order its "
                                "player chooses, 616.1, is refused)"},
        "if_life_at_most": {**COUNT, "description": "gain_life: only while its controller has this much "
                                                    "life or less"},
        "no_gain": {"enum": ["any", "you", "opponent"],
                    "description": "gain_life: these players (every player, its controller, their opponents) "
                                   "gain no life (\"gains no life instead\", CR 614.1a; \"can't gain life\", "
                                   "119.7)"},
        "draw_instead": {"const": 2, "description": "draw: this many cards instead of one"},
        "adds": {"type": "string", "minLength": 1,
                 "description": "create_tokens: the tokens it adds (\"those tokens plus an additional Treasure "
                                "token\", CR 614.1a), worded: not applied; where tokens would be created under its "
                                "controller's control, a query refuses"},
        "of": {"type": "string", "minLength": 1,
               "description": "create_tokens with adds: the tokens it applies to, worded (\"artifact tokens\")"},
        "if_hand_empty": {"const": True, "description": "draw: only while its controller has no cards in hand"},
    },
    "oneOf": [
        {"properties": {"event": {"const": "gain_life"}}, "required": ["multiply"],
         "not": {"anyOf": [{"required": ["draw_instead"]}, {"required": ["if_hand_empty"]},
                           {"required": ["no_gain"]}, {"required": ["plus"]}]}},
        {"properties": {"event": {"const": "gain_life"}}, "required": ["plus"],
         "not": {"anyOf": [{"required": ["multiply"]}, {"required": ["if_life_at_most"]},
                           {"required": ["no_gain"]}, {"required": ["draw_instead"]},
                           {"required": ["if_hand_empty"]}]}},
        {"properties": {"event": {"const": "gain_life"}}, "required": ["no_gain"],
         "not": {"anyOf": [{"required": ["multiply"]}, {"required": ["if_life_at_most"]},
                           {"required": ["draw_instead"]}, {"required": ["if_hand_empty"]},
                           {"required": ["plus"]}]}},
        {"properties": {"event": {"const": "draw"}}, "required": ["draw_instead", "if_hand_empty"],
         "not": {"anyOf": [{"required": ["multiply"]}, {"required": ["if_life_at_most"]},
                           {"required": ["plus"]}]}},
        {"properties": {"event": {"const": "create_tokens"}}, "required": ["multiply"],
         "not": {"anyOf": [{"required": ["if_life_at_most"]}, {"required": ["draw_instead"]},
                           {"required": ["if_hand_empty"]}, {"required": ["plus"]}, {"required": ["adds"]},
                           {"required": ["of"]}]}},
        {"properties": {"event": {"const": "create_tokens"}}, "required": ["adds", "of"],
         "not": {"anyOf": [{"required": ["if_life_at_most"]}, {"required": ["draw_instead"]},
                           {"required": ["if_hand_empty"]}, {"required": ["plus"]}, {"required": ["multiply"]}]}},
    ],
}
ABILITY: dict[str, Any] = {
    "type": "object",
    "minProperties": 1,
    "maxProperties": 1,
    "additionalProperties": False,
    "properties": {
        "mana": MANA_ABILITY,
        "replacement": REPLACEMENT,
        "mana_trigger": MANA_TRIGGER,
        "static": {"$ref": "#/$defs/static"},
        "activated": {"$ref": "#/$defs/activated"},
        "triggered": {"$ref": "#/$defs/triggered"},
        "skip": {"$ref": "#/$defs/skip"},
        "cost_change": COST_CHANGE,
        "event_replacement": EVENT_REPLACEMENT,
        "counter_replacement": {
            "type": "object",
            "description": "CR 614.1a, 616.1, 122.6 (asp/counter_put.lp): one or more `kind` counters that would be "
                           "put on a permanent matching `filter` that `whose` controls (as its controller sees "
                           "them) are that many plus `amount` (`how: plus`) or that many minus `amount`, none below "
                           "zero (`how: minus`) instead",
            "additionalProperties": False,
            "required": ["how", "amount", "filter", "whose"],
            "properties": {"kind": {"type": "string", "minLength": 1}, "how": {"enum": ["plus", "minus"]},
                           "every_kind": {"const": True, "description": "instead of `kind`: of each kind the event "
                                                                        "puts (\"of each of those kinds\")"},
                           "amount": {"type": "integer", "minimum": 1, "maximum": 1_000},
                           "filter": FILTER, "whose": WHOSE},
            "oneOf": [{"required": ["kind"]}, {"required": ["every_kind"]}],
        },
        "player_counter_replacement": {
            "type": "object",
            "description": "CR 614.1a, 122.1 (asp/damage.lp): the counters its controller would get are that many "
                           "plus `amount` of each kind instead (the poison counters of damage from a source with "
                           "infect, 120.3b: the only ones a query gives a player)",
            "additionalProperties": False,
            "required": ["whose", "how", "amount"],
            "properties": {"whose": {"const": "you"}, "how": {"const": "plus"},
                           "amount": {"type": "integer", "minimum": 1, "maximum": 1_000}},
        },
        "damage_replacement": {
            "type": "object",
            "description": "CR 615.1a, 614.1a, 616.1 (asp/damage.lp): the damage a source matching `from` would deal "
                           "to a recipient matching `to` is prevented (`how: prevent_all`; `prevent`: `amount` of it; "
                           "`prevent_all_but`: all of it but `amount`), "
                           "doubled, tripled, that much plus `amount`, or dealt to another permanent instead (`how: "
                           "redirect`, `into`; only damage to players), in the order the affected player chooses "
                           "among such effects. `from`: `self` (its own source), `attached` (the permanent it is "
                           "attached to), or `whose` (the source's controller, as its controller sees them) with an "
                           "optional `filter`; `to`: `self`, `attached`, `players` (whose) and/or `permanents` "
                           "(`whose`, optional `filter`)",
            "additionalProperties": False,
            "required": ["how", "from", "to"],
            "properties": {
                "how": {"enum": ["prevent_all", "prevent", "prevent_all_but", "double", "triple", "plus", "redirect",
                                 "counters_instead"]},
                "amount": {"type": "integer", "minimum": 1, "maximum": 1_000},
                "into": {"enum": ["self", "attached"],
                         "description": "`how: redirect`: the damage is dealt to its source (`self`) or to the "
                                        "permanent its source is attached to (`attached`) instead (CR 614.9)"},
                "while": {"const": "untapped", "description": "only while its source is untapped (CR 611.3a, 110.5)"},
                "during": {"enum": ["you", "opponent"],
                           "description": "only during its controller's turns (`you`) or its opponents' (CR 102.1)"},
                "from": {"type": "object", "additionalProperties": False, "minProperties": 1,
                         "properties": {"self": {"const": True}, "attached": {"const": True}, "whose": WHOSE,
                                        "filter": FILTER}},
                "to": {"type": "object", "additionalProperties": False, "minProperties": 1,
                       "properties": {"self": {"const": True}, "attached": {"const": True}, "players": WHOSE,
                                      "permanents": {"type": "object", "additionalProperties": False,
                                                     "required": ["whose"],
                                                     "properties": {"whose": WHOSE, "filter": FILTER}}}},
            },
            "anyOf": [{"properties": {"how": {"enum": ["prevent", "prevent_all_but", "plus"]}}, "required": ["amount"],
                       "not": {"required": ["into"]}},
                      {"properties": {"how": {"enum": ["prevent_all", "double", "triple", "counters_instead"]}},
                       "not": {"anyOf": [{"required": ["amount"]}, {"required": ["into"]}]}},
                      {"properties": {"how": {"const": "redirect"}, "to": {"required": ["players"],
                                                                           "maxProperties": 1}},
                       "required": ["into"], "not": {"required": ["amount"]}}],
        },
        "exiled_instead": {
            "type": "object",
            "description": "CR 614.1a, 614.6, 700.4 (asp/zone_change.lp): a permanent matching `filter` that `whose` "
                           "controls (as its controller sees them; `other`: not its source) that would die (`event: "
                           "dies`) or be put into a graveyard from the battlefield (`event: graveyard`) is exiled "
                           "instead",
            "additionalProperties": False,
            "required": ["event", "whose", "filter"],
            "properties": {"event": {"enum": ["dies", "graveyard"]}, "whose": WHOSE, "filter": FILTER},
        },
        "exiled_from_anywhere": {
            "type": "object",
            "description": "CR 614.1a, 614.6 (asp/zone_change.lp, pysolver/exiled_instead.py): a card (or token: a "
                           "filter without `token: false`) matching `filter` that would be put into the graveyard of "
                           "`whose` (its owner, as the source's controller sees them) from anywhere is exiled instead",
            "additionalProperties": False,
            "required": ["whose", "filter"],
            "properties": {"whose": WHOSE, "filter": FILTER},
        },
        "unspent_mana": {
            "type": "object",
            "description": "CR 500.4, 106.4, 614.1a (asp/turn.lp): as steps and phases end, `whose` (all players: "
                           "`any`; its controller: `you`) don't lose their unspent mana of type `mana` (`all`: every "
                           "type; how: kept), or the mana they would lose becomes colorless instead (how: colorless)",
            "additionalProperties": False,
            "required": ["whose", "how", "mana"],
            "properties": {"whose": {"enum": ["any", "you"]}, "how": {"enum": ["kept", "colorless"]},
                           "mana": {"enum": ["all", "w", "u", "b", "r", "g"]}},
        },
        "skip_extra_turns": {
            "description": "CR 614.1b, 614.10, 500.7 (asp/turn.lp): each player (`any`) or each opponent of its "
                           "controller (`opponent`) skips an extra turn they would begin",
            "enum": ["any", "opponent"],
        },
        "draw_replaced": {
            "type": "object",
            "description": "CR 614.1a, 121.1: the draws of `whose` (as its controller sees them) are replaced in a way "
                           "next doesn't apply: next refuses such a draw while it is on the battlefield",
            "additionalProperties": False,
            "required": ["whose"],
            "properties": {"whose": WHOSE},
        },
        "damage_unpreventable": {
            "enum": ["all", "self"],
            "description": "CR 615.12 (asp/damage.lp): damage (`all`, or that its source deals: `self`) can't be "
                           "prevented",
        },
        "alternative_cost_grant": {
            "type": "object",
            "description": "CR 118.9, 601.2b: W's players (`whose`, as its controller sees them) may pay `cost` "
                           "rather than the mana cost of the spells they cast matching `spells` (judged on their "
                           "cards): pay --spell and next cast give its ways beside the spell's own",
            "additionalProperties": False,
            "required": ["spells", "cost"],
            "properties": {"spells": FILTER, "whose": WHOSE, "cost": ALTERNATIVE_ITEMS},
        },
        "cast_permission": {
            "type": "object",
            "description": "CR 702.8a, 307.1: W's players (`whose`, as its controller sees them) may cast "
                           "spells matching `spells` (judged on their cards) as though they had flash",
            "additionalProperties": False,
            "required": ["spells"],
            "properties": {"spells": FILTER, "whose": WHOSE},
        },
        "spend_mana": {
            "type": "object",
            "description": "CR 609.4b: W's players (`whose`) may spend mana of the types `mana` as though it were "
                           "mana of any color (`as: any_color`), or only as though it were colorless mana "
                           "(`as: colorless_only`: it pays generic mana and {C} only, 107.4b-c); it changes how "
                           "a cost is paid, never the cost nor the type of the mana spent",
            "additionalProperties": False,
            "required": ["mana", "as"],
            "properties": {"whose": {"enum": ["you", "any"]},
                           "mana": {"type": "array", "minItems": 1, "uniqueItems": True,
                                    "items": {"enum": list("WUBRGC")}},
                           "as": {"enum": ["any_color", "colorless_only"]}},
        },
        "cast_prohibition": {
            "type": "object",
            "description": "CR 101.2, 601.3: W's players can't cast spells matching `spells`; `during`: "
                           "only during its controller's turn or during combat; `after_one_each_turn`: "
                           "only once they cast a spell this turn; `named_exiled`: only spells with the name of "
                           "a card exiled with its source (CR 201.2, 607.2a; the board's exiled:); "
                           "`mana_value`: only spells whose mana value is even (odd), X counted (CR 202.3e); "
                           "`cast_from`: only spells cast from a graveyard, or from anywhere but a hand (601.2a); "
                           "`named_as`: only spells with the name chosen as its source entered (`chosen`, 607.1) "
                           "or with the name of a nontoken permanent (`nontoken_permanent`, 111.1)",
            "additionalProperties": False,
            "required": ["spells"],
            "properties": {"spells": FILTER, "whose": {"enum": ["you", "opponent", "any", "enchanted_player"]},
                           "during": {"enum": ["your_turn", "combat"]},
                           "after_one_each_turn": {"const": True}, "named_exiled": {"const": True},
                           "mana_value": {"enum": ["even", "odd"]}, "cast_from": {"enum": ["graveyard", "not_hand"]},
                           "named_as": {"enum": ["chosen", "nontoken_permanent"]}},
        },
        "forbid_activating": {
            "type": "object",
            "description": "CR 602.5: the activated abilities of matching permanents can't be activated "
                           "unless they're mana abilities (`named_chosen`: the name chosen as its source "
                           "entered)",
            "additionalProperties": False,
            "required": ["affects"],
            "properties": {"affects": FILTER, "whose": WHOSE},
        },
    },
}
# Layer 7 amounts (CR 613.4): the permanents matching a filter that W controls, or the
# matching cards in W's graveyards (zone: graveyard), as a static P/T ability counts them.
PT_PARTS = {
    "count": _among({"enum": ["battlefield", "graveyard"]}),
    "hand": {"enum": ["you", "opponent", "any"], "description": "the cards in W's hands (CR 402.1; the board's hand:)"},
    "counters_on_self": {**NAME, "description": "the counters of this kind on its source (CR 122.1)"},
    "all_counters_on_self": {"const": True, "description": "the counters of every kind on its source"},
    "attached_to_self": {"type": "array", "minItems": 1, "uniqueItems": True,
                         "items": {"enum": ["Aura", "Equipment"]},
                         "description": "the Auras and/or Equipment attached to its source (CR 301.5, 303.4)"},
    "life": {"const": True, "description": "its controller's life total (CR 119.1)"},
    "opponents": {"const": True, "description": "its controller's opponents (CR 102.3)"},
    "lost_players": {"const": True, "description": "the players who have lost the game (CR 104.3, 800.4a; the "
                                                   "board's lost:)"},
    "chosen_player_count": {**FILTER, "description": "the permanents matching the filter that the player chosen as "
                                                     "its source entered controls (CR 607.1; the board's chosen:; "
                                                     "none chosen: none)"},
    "player_counters": {**NAME, "description": "the counters of this kind its controller has (CR 122.1: experience, "
                                               "energy 107.14, poison 122.1f; the board's counters: and poison:)"},
    "domain": {"const": True, "description": "the basic land types among the lands its controller controls "
                                             "(CR 305.6, Domain)"},
    "devotion": {"enum": list("WUBRG"), "description": "its controller's devotion to the color (CR 700.5)"},
    "graveyard_card_types": {"enum": ["you", "opponent", "any"],
                             "description": "the card types among the cards in W's graveyards, each counted once "
                                            "however many cards have it (CR 205.2a; the board's graveyard:)"},
    "colors_among": {**_among({"const": "battlefield"}),
                     "description": "the colors among the permanents matching the filter that W controls (CR 105.2)"},
    "names_among": {**_among({"const": "battlefield"}),
                    "description": "the names among the permanents matching the filter that W controls, each once; a "
                                   "face-down one has none (CR 201.2, 708.2a: \"differently named lands you "
                                   "control\"; no 'other')"},
    "attached_to_affected": {"type": "array", "minItems": 1, "uniqueItems": True,
                             "items": {"enum": ["Aura", "Equipment"]},
                             "description": "per only: the Auras and/or Equipment attached to each object it affects, "
                                            "counted for that object (CR 301.5, 303.4, 613.4c)"},
    "counters_on_affected": {**NAME, "description": "per only: the counters of this kind on each object it affects, "
                                                    "counted for that object (CR 122.1, 613.4c)"},
    "affected_mana_value": {"const": True, "description": "per only: the mana value of each object it affects "
                                                          "(CR 202.3, 613.4c)"},
    "affected_colors": {"const": True, "description": "per only: the colors of each object it affects (CR 105.2, "
                                                      "613.4c)"},
    "affected_cost_symbols": {"enum": list("WUBRG"),
                              "description": "per only: the mana symbols of the color in the mana cost of each object "
                                             "it affects, a hybrid one of the color too (Chroma; CR 107.4, 613.4c)"},
    "greatest_mana_value": {**_among({"const": "battlefield"}),
                            "description": "the greatest mana value among the permanents matching the filter that W "
                                           "controls, 0 for none (CR 202.3; no 'other')"},
    "total_mana_value": {**_among({"const": "battlefield"}),
                         "description": "the total mana value of the permanents matching the filter that W controls "
                                        "(CR 202.3; 'other': its source left out)"},
    "exiled_colors": {"const": True, "description": "the colors among the cards exiled with its source (CR 105.2, "
                                                    "607.2a; the exiled cards used to craft it, 702.167c; the "
                                                    "board's exiled:)"},
}
PT_COUNT = {
    "type": "object",
    "additionalProperties": False,
    "description": "a layer 7 amount: exactly one of count, hand, counters_on_self, all_counters_on_self, "
                   "attached_to_self, life, opponents, lost_players, chosen_player_count, domain, devotion, "
                   "graveyard_card_types, "
                   "colors_among, names_among, "
                   "exiled_colors, "
                   "greatest_mana_value, total_mana_value, attached_to_affected, counters_on_affected, "
                   "affected_mana_value, affected_colors, affected_cost_symbols; with "
                   "also, a "
                   "count added to it (\"each Assassin you control and each Assassin card in your graveyard\"); "
                   "with times (a cda's only), that many times it (\"twice the number of\"); "
                   "with plus, that number added",
    "oneOf": [{"required": [key]} for key in PT_PARTS],
    "properties": {
        **PT_PARTS,
        "also": {"type": "object", "additionalProperties": False, "required": ["count"],
                 "properties": {"count": PT_PARTS["count"]}},
        "plus": {"type": "integer", "minimum": -100, "maximum": 100},
        "times": {"type": "integer", "minimum": 2, "maximum": 10},
    },
}
PT_CHANGE = {"type": "integer", "minimum": -1000, "maximum": 1000}
STATIC = {
    "type": "object",
    "description": "A static ability's continuous effect (CR 604, 613).",
    "additionalProperties": False,
    "required": ["affects"],
    "dependentRequired": {"except_mana": ["activation_cost_unjudged"]},
    "properties": {
        "anchor": {"type": "string", "maxLength": 100,
                   "description": "an anchor word (CR 614.12b): the permanent has this ability only as long as "
                                  "the word was chosen as it entered (the board's chosen: {anchor: ..})"},
        "affects": FILTER,
        # CR 108.3: "owned": the permanents its controller owns, whoever controls them; CR 303.4:
        # "enchanted_player": those the player its source (a Curse) is attached to controls
        "whose": {"enum": ["you", "opponent", "any", "owned", "enchanted_player"]},
        "enchanted": {"type": "boolean"},
        "set_land_types": {"type": "array", "items": NAME},
        "add_land_types": {
            "oneOf": [{"const": "all_basic"}, {"type": "array", "items": NAME}]
        },
        "add_types": {"type": "array", "items": NAME},
        "add_subtypes": {
            "oneOf": [{"const": "all_creature_types"}, {"type": "array", "items": NAME, "minItems": 1}],
            "description": "with enchanted: the permanent its source is attached to gains these creature types "
                           "(every one: all_creature_types) in addition to its other types (layer 4, CR 205.1b, "
                           "205.3m, 613.1d), judged on its printed characteristics; nothing else.  With self "
                           "and add_types [Creature]: its source has these creature types while the same "
                           "effect makes it a creature (205.1b, 611.3a)"},
        "lose_land_types_and_abilities": {
            "const": True,
            "description": "the affected lose all land types (layer 4, CR 613.1d, 205.3i) and all "
                           "abilities (layer 6, 613.1f), each in timestamp order (613.7)"},
        "set_card_types": {
            "type": "array", "items": {"enum": ["Land", "Creature"]}, "minItems": 1, "maxItems": 1,
            "description": "the affected's card types become these (layer 4, CR 205.1a, 613.1d; its "
                           "subtypes of other card types go too), in timestamp order (613.7)"},
        "set_colors": {"type": "array", "items": {"enum": ["W", "U", "B", "R", "G"]}, "minItems": 1,
                       "description": "the affected's colors become these (layer 5, CR 105.2, 613.1e)"},
        "set_subtypes": {"type": "array", "items": NAME, "minItems": 1,
                         "description": "with enchanted: the creature types of the creature its source enchants "
                                        "become these (layer 4, CR 205.1b, 613.1d), in timestamp order with the "
                                        "effects that add creature types (613.7); nothing else"},
        "set_colorless": {"const": True, "description": "the affected become colorless (layer 5, "
                                                       "CR 105.2c, 613.1e)"},
        "lose_abilities": {
            "const": True,
            "description": "the affected lose all abilities (layer 6, CR 613.1f), in timestamp order "
                           "(613.7); give what the same effect grants as a second static ability"},
        "grant": {"type": "array", "items": {"$ref": "#/$defs/ability"}},
        "grant_keywords": {"type": "array", "items": NAME},
        "lose_keywords": {"type": "array", "items": NAME,
                          "description": "the affected lose these keywords (layer 6, CR 613.1f), in timestamp "
                                         "order (613.7: a grant with a later timestamp gives them back)"},
        "deny_keywords": {"type": "array", "items": NAME,
                          "description": "the affected lose these keywords and can't have or gain them (a "
                                         "grant, whatever its timestamp, or an effect until end of turn)"},
        "cant_be_targeted": {
            "type": "object", "additionalProperties": False, "required": ["by", "whose"],
            "description": "what it affects can't be the target of spells, abilities or both (CR 115.1), "
                           "maybe only of those with a quality (a color, not a color, a card type, a subtype: "
                           "a spell's own, an ability's source's) or those its controller's opponents control",
            "properties": {"by": {"enum": ["spells", "abilities", "both"]},
                           "whose": {"enum": ["any", "opponent"]},
                           "color": {"enum": list("WUBRG")}, "not_color": {"enum": list("WUBRG")},
                           "card_type": NAME, "subtype": NAME},
            "maxProperties": 3},
        "pt": {
            "type": "object", "additionalProperties": False, "required": ["power", "toughness"],
            "properties": {"power": PT_CHANGE, "toughness": PT_CHANGE},
            "description": "the affected get +power/+toughness (layer 7c, CR 613.4c; negative: -N); "
                           "with per, that much for each one of the amount"},
        "base_pt": {"oneOf": [{
            "type": "object", "additionalProperties": False, "required": ["power", "toughness"],
            "properties": {"power": {"type": "integer", "minimum": 0, "maximum": 1000},
                           "toughness": {"type": "integer", "minimum": 0, "maximum": 1000}}},
            {"const": "mana_value"}],
            "description": "the affected have this base power and toughness (layer 7b, CR 613.4b: over the "
                           "printed values and characteristic-defining abilities; of several such effects, the "
                           "latest timestamp's, 613.7); a permanent whose power or toughness the board states "
                           "can't be reached by one (refused). mana_value, beside add_types: the objects made "
                           "creatures have base power and toughness each equal to their mana value (March of "
                           "the Machines, 613.6, 202.3)"},
        "per": {**PT_COUNT, "description": "pt is given for each permanent matching the filter "
                                           "that whose controls, or each matching card in whose's "
                                           "graveyards (zone: graveyard); filter other: not the "
                                           "source itself"},
        "cda": {
            "type": "object", "additionalProperties": False, "minProperties": 1,
            "properties": {"power": PT_COUNT, "toughness": PT_COUNT},
            "description": "a characteristic-defining ability (CR 604.3, layer 7a), with self: its "
                           "power or toughness is the number counted, plus plus"},
        "activate_as_though_haste": {
            "const": True,
            "description": "its controller may activate abilities of the affected as though they had haste"
                           " (CR 702.10c)",
        },
        "self": {"const": True, "description": "it affects only its own source (\"it has\")"},
        "chosen_land_type": {"enum": ["set", "add"],
                             "description": "a land type effect (CR 305.7, 613.1d): the affected are the basic land "
                                            "type chosen as its source entered (the board's chosen: "
                                            "{basic_land_type: ..}; none chosen, no effect), instead of (set) or "
                                            "beside (add) their land types"},
        "chosen_color": {"const": "set",
                         "description": "a color effect (layer 5, CR 613.1e, 105.2, 607.1): the affected are the "
                                        "color chosen as its source entered (the board's chosen: {color: ..}; none "
                                        "chosen, no effect) and no other, in timestamp order (613.7)"},
        "add_chosen_subtype": {"const": "creature_type",
                               "description": "with self: its source is the creature type chosen as it "
                                              "entered in addition to its other types (CR 205.1b, 613.1d, 607.1)"},
        "doesnt_untap": {"const": True, "description": "the affected don't untap during their controllers' "
                                                       "untap steps (CR 502.3)"},
        "legend_rule_exempt": {"const": True, "description": "the legend rule doesn't apply to the affected "
                                                             "(CR 704.5j)"},
        "doesnt_untap_unless": {"const": "monarch",
                                "description": "with doesnt_untap: not while the affected's controller is the "
                                               "monarch (CR 722.1; the board's monarch:)"},
        "cant_activate": {"enum": ["all", "tap"],
                          "description": "the activated abilities of the affected can't be activated, mana "
                                         "abilities too (all), or only those with {T} in their costs (tap) "
                                         "(CR 602.5)"},
        "activation_cost_unjudged": {"type": "string", "minLength": 1,
                                     "description": "the sentence of a change to what the activated abilities of "
                                                    "the affected cost, mana abilities too unless except_mana "
                                                    "(CR 601.2f, 602.2b), which no rule applies: the queries that "
                                                    "activate one refuse"},
        "except_mana": {"const": True, "description": "with activation_cost_unjudged: not the mana abilities of "
                                                      "the affected (\"unless they're mana abilities\")"},
        "if_level": {**COUNT, "description": "only while its source's level is N or greater "
                                             "(a Class's level section, CR 716.2a; the board's level:)"},
        "if": {"enum": ["max_speed", "modified", "untapped", "entered_this_turn", "your_turn", "other_turns",
                        "equipped", "enchanted", "attached", "attached_tapped", "attached_untapped"],
               "description": "the effect applies only while its controller has max speed "
                              "(CR 702.178a), while its source is modified (700.9), while "
                              "its source is untapped, in the turn it entered (611.3a; "
                              "the board's entered:), during its controller's turn, during the other "
                              "players' turns (102.1), or while "
                              "an Equipment (an Aura) is attached to its source (301.5, 303.4), while "
                              "its source is attached to a permanent (reconfigure, 702.151b), or while "
                              "the permanent its source is attached to is tapped (untapped; 110.5)"},
        "if_life": {
            "type": "object", "additionalProperties": False, "required": ["whose"],
            "minProperties": 2, "maxProperties": 2,
            "properties": {"whose": {"enum": ["you", "opponent"]},
                           "at_least": {"type": "integer", "minimum": -1000, "maximum": 1000000},
                           "at_most": {"type": "integer", "minimum": -1000, "maximum": 1000000}},
            "description": "the effect applies only while its controller (you) or an opponent "
                           "(opponent: any one of them) has at least (at most) this much life "
                           "(CR 611.3a, 119.1; the board's life:)"},
        "if_life_start": {
            "oneOf": [{"type": "object", "additionalProperties": False, "required": ["more_than"],
                       "properties": {"more_than": {"type": "integer", "minimum": -1, "maximum": 1000000}}},
                      {"type": "object", "additionalProperties": False, "required": ["at_most_half"],
                       "properties": {"at_most_half": {"const": True}}}],
            "description": "the effect applies only while its controller's life total is more than its starting "
                           "life total plus more_than (-1: at least its starting life total), or at most half of "
                           "it (CR 611.3a, 119.1, 103.4; the board's life: and starting_life:)"},
        "if_life_gained": {
            "type": "object", "additionalProperties": False, "required": ["at_least"],
            "properties": {"at_least": {"type": "integer", "minimum": 1, "maximum": 1_000_000}},
            "description": "the effect applies only while its controller gained at least this much life this "
                           "turn (Infusion, CR 611.3a, 119.3; the board's life_gained:)"},
        "if_auras": {
            "type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
            "properties": {"exactly": COUNT, "at_least": COUNT},
            "description": "the effect applies only while exactly (at least) this many Auras are attached to its "
                           "source (\"as long as ~ is enchanted by exactly two Auras\", CR 611.3a, 303.4; the "
                           "board's attachments)"},
        "if_designation": {
            "enum": ["monarch", "initiative", "city_blessing", "completed_dungeon"],
            "description": "the effect applies only while its controller is the monarch (CR 722.1), has the "
                           "initiative (723.1), has the city's blessing (702.131c) or has completed a dungeon "
                           "(309.7) (CR 611.3a; the board's monarch:, initiative:, city_blessing:, "
                           "completed_dungeons:)"},
        "if_poison": {
            "type": "object", "additionalProperties": False, "required": ["whose", "at_least"],
            "properties": {"whose": {"enum": ["opponent"]},
                           "at_least": {"type": "integer", "minimum": 1, "maximum": 1_000_000}},
            "description": "the effect applies only while some one opponent has at least this many poison "
                           "counters (Corrupted; 1: 'an opponent is poisoned', CR 611.3a, 122.1f; the board's "
                           "poison:)"},
        "if_counters": {
            "type": "object", "additionalProperties": False, "required": ["at_least"],
            "properties": {"kind": NAME, "at_least": COUNT, "at_most": COUNT},
            "description": "the effect applies only while its source has at least this many "
                           "counters of the kind, or of all kinds together without one, and with at_most no "
                           "more than that many (a leveler's level section, CR 711.2a-b) (CR 611.3a, 122.1; "
                           "the board's counters:)"},
        "if_graveyard": {
            "type": "object", "additionalProperties": False, "required": ["at_least"],
            "properties": {"at_least": COUNT, "filter": FILTER, "whose": {"enum": ["you", "opponent"]}},
            "description": "the effect applies only while its controller's graveyard (whose: opponent: some "
                           "one opponent's) holds at least this many cards matching the filter (default: any "
                           "card; Threshold, CR 611.3a; the board's graveyard:)"},
        "if_graveyard_types": {
            "type": "object", "additionalProperties": False, "required": ["at_least"],
            "properties": {"at_least": COUNT},
            "description": "the effect applies only while the cards of its controller's graveyard have at least "
                           "this many card types among them, each counted once (Delirium, CR 611.3a, 205.2a; the "
                           "board's graveyard:)"},
        "if_hand": {
            "type": "object", "additionalProperties": False,
            "oneOf": [{"required": ["at_least"]}, {"required": ["at_most"]}],
            "properties": {"at_least": COUNT, "at_most": {"type": "integer", "minimum": 0, "maximum": 1000},
                           "whose": {"enum": ["you", "opponent"]}},
            "description": "the effect applies only while its controller's hand (whose: opponent: some one "
                           "opponent's, CR 102.3) holds at least (at most) this many cards (CR 611.3a, 402.1; "
                           "the board's hand:)"},
        "if_devotion": {
            "type": "object", "additionalProperties": False, "required": ["colors", "less_than"],
            "properties": {"colors": {"type": "array", "items": {"enum": list("WUBRG")}, "minItems": 1,
                                      "maxItems": 2, "uniqueItems": True},
                           "less_than": COUNT},
            "description": "the effect applies only while its controller's devotion to the color (to the pair "
                           "of colors: each symbol of either counted once) is less than this (CR 611.3a, 700.5)"},
        "remove_types": {
            "type": "array", "items": {"const": "Creature"}, "minItems": 1, "maxItems": 1,
            "description": "with self: its source isn't this card type, nor its subtypes of that type "
                           "(layer 4, CR 205.1a, 613.1d), in timestamp order (613.7); its condition may only "
                           "be one that reads no layer (devotion, hand, life, counters, graveyard, untapped, "
                           "your turn)"},
        "if_you_control": {
            "type": "object",
            "additionalProperties": False,
            "required": ["filter"],
            "properties": {"at_least": COUNT, "filter": FILTER, "whose": {"enum": ["you", "opponent"]},
                           "none": {"const": True}},
            "description": "the effect applies only while the controller (whose: opponent: some one "
                           "opponent) controls at least this many (default 1) objects matching the filter; "
                           "none: only while they control none",
        },
    },
}
TARGET_NUMBER = {"type": "integer", "minimum": 1, "maximum": 10,
                 "description": "which of its targets (its `targets`, from 1)"}
TARGETED_DO = {
    "damage": {"type": "object", "additionalProperties": False, "required": ["amount", "target"],
               "description": "deals N damage to the target (CR 120.3)",
               "properties": {"amount": COUNT, "target": TARGET_NUMBER}},
    "pump": {"type": "object", "additionalProperties": False, "required": ["power", "toughness", "target"],
             "description": "the target gets +N/+M until end of turn (CR 611.2a, 613.4c)",
             "properties": {"power": {"type": "integer", "minimum": -1000, "maximum": 1000},
                            "toughness": {"type": "integer", "minimum": -1000, "maximum": 1000},
                            "target": TARGET_NUMBER}},
    "gain_keywords": {"type": "object", "additionalProperties": False, "required": ["keywords", "target"],
                      "description": "the target gains these keywords until end of turn (CR 611.2a)",
                      "properties": {"keywords": {"type": "array", "minItems": 1, "maxItems": 10,
                                                  "items": {"type": "string", "maxLength": 100}},
                                     "target": TARGET_NUMBER}},
    "destroy": {"type": "object", "additionalProperties": False, "required": ["target"],
                "description": "destroy the target (CR 701.7a)", "properties": {"target": TARGET_NUMBER}},
    "untap": {"type": "object", "additionalProperties": False, "required": ["target"],
              "description": "untap the target (CR 701.21b)", "properties": {"target": TARGET_NUMBER}},
    "tap": {"type": "object", "additionalProperties": False, "required": ["target"],
            "description": "tap the target (CR 701.21a)", "properties": {"target": TARGET_NUMBER}},
    "counters_on": {"type": "object", "additionalProperties": False, "required": ["kind", "count", "target"],
                    "description": "put this many counters of a kind on the target (CR 122.1, 122.6: one event of "
                                   "asp/counter_put.lp)",
                    "properties": {"kind": NAME, "count": COUNT, "target": TARGET_NUMBER}},
    "target_loses_life": {"type": "object", "additionalProperties": False, "required": ["amount", "target"],
                          "description": "the target player loses N life (CR 119.3)",
                          "properties": {"amount": COUNT, "target": TARGET_NUMBER}},
    "you_gain_life": {"type": "object", "additionalProperties": False, "required": ["amount"],
                      "description": "then its controller gains N life, after its effects on its targets (\"... "
                                     "and you gain N life\", CR 608.2c, 119.3), if it resolves (608.2b)",
                      "properties": {"amount": COUNT}},
    "attach": {"type": "object", "additionalProperties": False, "required": ["target"],
               "description": "attach the ability's source to the target (CR 701.3a: equip, 702.6a)",
               "properties": {"target": TARGET_NUMBER}},
}
TARGETED_DO_ITEM = {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                    "properties": TARGETED_DO}
ACTIVATED = {
    "type": "object",
    "description": "An activated ability that is not a mana ability (CR 602).",
    "additionalProperties": False,
    "required": ["cost"],
    "properties": {
        "anchor": {"type": "string", "maxLength": 100,
                   "description": "an anchor word (CR 614.12b): the permanent has this ability only as long as "
                                  "the word was chosen as it entered (the board's chosen: {anchor: ..})"},
        "cost": {"type": "array", "items": COST_ITEM},
        "text": {"type": "string"},
        "target": {"type": "object"},
        "targets": {"type": "array", "items": TARGET},
        "do": {"type": "array", "minItems": 1, "items": TARGETED_DO_ITEM,
               "description": "its effects pysolver next applies as it resolves (CR 608.2)"},
        "activation_restriction": {"type": "string", "maxLength": 300,
                                   "description": "its \"Activate only ...\" sentence (CR 602.5b, 602.5d)"},
        "only_if_you_control": ONLY_IF_YOU_CONTROL,
        "only_if": ONLY_IF_ANY,
        "unjudged": {"type": "array", "minItems": 1, "items": {"type": "string", "maxLength": 300},
                     "description": "its \"Activate only ...\" or \"This ability costs ...\" sentences the "
                                    "legality rules don't read (CR 602.1b, 602.5, 601.2f): can-activate and "
                                    "next refuse to say whether it can be activated"},
        "timing": {"const": "sorcery",
                   "description": "activate only as a sorcery (CR 602.5d, 307.1): equip, for one"},
    },
}
STEPS = [
    "untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup",
]
STEP = {"enum": STEPS}
TRIGGER_WHEN = {
    "oneOf": [
        {
            "type": "object",
            "description": "At the beginning of a step or phase (CR 603.2b): whose step it is, "
                           "relative to the controller, the enchanted player's, or the player chosen as it "
                           "entered (chosen).",
            "additionalProperties": False,
            "required": ["step", "whose"],
            "properties": {
                "step": STEP,
                "whose": {"enum": ["you", "opponent", "any", "enchanted", "enchanted_controller", "chosen"]},
                "first_each_turn": {"type": "boolean"},
            },
        },
        {
            "type": "object",
            "description": "An event: this permanent enters (CR 603.6a), leaves the battlefield (`leaves`, "
                           "for any zone, 603.6c) or becomes tapped (`becomes_tapped`) or untapped "
                           "(`becomes_untapped`; with `attached`, the "
                           "permanent it is attached to; with `filter`, one of `whose` matching it; 603.2e, 603.2); "
                           "one or more counters (of `kind`) are put on this permanent (or, with `filter`, one of "
                           "`whose` matching it; `counters_put`, 122.6: entering with them too); "
                           "`whose` player gains life (`gain_life`, "
                           "119.3), loses life (`lose_life`, 119.3, 120.3a: pysolver next follows the loss "
                           "of a resolving spell or ability and refuses one paid as a cost) or draws a card "
                           "(`draw`, 121.1); a "
                           "permanent matching `tapped` is tapped for mana by `tapper` (106.12a); "
                           "`whose` player casts a spell matching `filter`; this permanent (or, with "
                           "`filter`, one of `whose` matching it) dies, is put into a graveyard from the "
                           "battlefield, or is sacrificed (`sacrifice`: by its controller, `whose: you`; "
                           "603.6c, 603.10a, 701.17a); this permanent (or, with `filter`, one of `whose` "
                           "matching it) is turned face up (`turned_face_up`, 708.8); `whose` player activates "
                           "an ability that isn't a mana ability of a permanent matching `filter` (`activate`, "
                           "602.2i); cards matching `filter` leave a graveyard of `whose` (`leave_graveyard`, "
                           "603.2; with `batch`, once for each event, 603.2c); `whose` player commits a "
                           "crime (`crime`, 700.13: casts a spell, activates an ability or puts a triggered "
                           "ability on the stack that targets an opponent or a permanent an opponent controls, "
                           "once for each); damage is dealt "
                           "(`damage`, CR 120: which damage "
                           "triggers it isn't modelled, and pysolver next refuses an action that deals "
                           "damage while it is on the battlefield).",
            "additionalProperties": False,
            "required": ["event"],
            "dependentRequired": {"reaches": ["kind"], "chapter": ["reaches"]},
            "properties": {"event": {"enum": ["enters", "dies", "becomes_tapped", "becomes_untapped", "tapped_for_mana",
                                              "counters_put", "cast",
                                              "cast_self", "permanent_enters", "put_into_graveyard", "sacrifice",
                                              "leaves", "returned_to_hand", "put_into_exile", "gain_life", "lose_life",
                                              "draw", "discard",
                                              "play_land",
                                              "becomes_target", "damage", "turned_face_up", "activate",
                                              "leave_graveyard", "crime", "last_counter_removed", "coin_flip"]},
                           "result": {"enum": ["won", "lost"],
                                      "description": "coin_flip: the result of the flip (\"wins a coin flip\", "
                                                     "\"loses a coin flip\"; CR 705.1): a mana ability's flip, its "
                                                     "controller's, triggers it (the mana query lists it)"},
                           "target_whose": {**WHOSE, "description": "becomes_target of another permanent, matching "
                                            "`filter`: whose it is, relative to the ability's controller (\"a "
                                            "creature you control\"; `whose`: the spell's or ability's controller)"},
                           "spell": {**FILTER, "description": "becomes_target by a spell: only a spell whose card "
                                     "matches it (\"an Aura spell\"; CR 603.2, 112.3)"},
                           "by": {"enum": ["spell", "spell_or_ability"],
                                  "description": "becomes_target: the target of a spell, or of a spell or an "
                                                 "ability (CR 603.2, 115.1)"},
                           "put_by": {"const": "you", "description": "counters_put: only counters its controller "
                                      "puts (\"Whenever you put one or more ... counters on\"; CR 122.6a: a "
                                      "permanent entering, its controller)"},
                           "kind": {"type": "string", "description": "counters_put: only counters of this kind "
                                    "(\"one or more +1/+1 counters are put on\"); absent: any kind (CR 122.6); "
                                    "last_counter_removed: the kind whose last counter is removed from this "
                                    "permanent (\"When the last time counter is removed from ~\", CR 603.2, "
                                    "702.63a; pysolver next puts it on the stack)"},
                           "reaches": {"type": "integer", "minimum": 1, "maximum": 100,
                                       "description": "counters_put of a `kind`: only an event that takes the "
                                                      "count of that kind on the permanent from fewer than this "
                                                      "to this or more (\"When the twelfth hour counter is put "
                                                      "on ~\"; a chapter, CR 714.2b)"},
                           "chapter": {"const": True, "description": "with `reaches` and `kind: lore`: a "
                                       "chapter ability, \"{rN}—[Effect]\" (CR 714.2b); its Saga's final "
                                       "chapter number is the greatest (714.2d)"},
                           "tapped": FILTER, "tapper": WHOSE, "filter": FILTER,
                           "whose": {"enum": ["you", "opponent", "any", "enchanted"],
                                     "description": "whose event or object, relative to the ability's controller; "
                                                    "enchanted: the player its source enchants (a draw or a cast "
                                                    "trigger, CR 303.4)"},
                           "self": {"const": True, "description": "only its own source tapped for mana"},
                           "or_self": {"const": True, "description": "\"Whenever ~ or another [filter] "
                                       "enters / dies\": its own entering or leaving triggers it too "
                                       "(CR 603.6a, 603.10a)"},
                           "entering": {"enum": ["tapped", "untapped"],
                                        "description": "enters or permanent_enters: only a permanent that enters "
                                                       "tapped / untapped, with the replacement effects that apply "
                                                       "to it (\"Whenever a permanent you control enters tapped\", "
                                                       "\"When ~ enters untapped\"; CR 603.6a, 614.12)"},
                           "graveyard": {"enum": ["you", "opponent"],
                                         "description": "put_into_graveyard: only a permanent put into this "
                                                        "player's graveyard (its owner's, CR 400.3, 108.3), "
                                                        "relative to the ability's controller (\"into your "
                                                        "graveyard\", \"into an opponent's graveyard\")"},
                           "hand": {"enum": ["you", "opponent"],
                                    "description": "returned_to_hand: only a permanent returned to this player's "
                                                   "hand (its owner's, CR 400.3, 108.3), relative to the "
                                                   "ability's controller (\"returned to your hand\")"},
                           "from_anywhere": {"const": True, "description": "put_into_graveyard: \"put into a "
                                             "graveyard from anywhere\": from the battlefield as without it, "
                                             "and from any other zone, where the trigger condition "
                                             "functions (CR 113.6k), which next refuses where it would "
                                             "trigger"},
                           "batch": {"const": True, "description": "\"Whenever one or more creatures you "
                                     "control die / enter\", \"Whenever you discard one or more cards\": once for "
                                     "each event, however many permanents or cards it concerns (CR 603.2c)"},
                           "attached": {"const": True, "description": "\"When enchanted creature dies\": "
                                        "the permanent this Aura or Equipment is attached to dies, is put into a "
                                        "graveyard or leaves the battlefield (CR 603.10a), becomes the target "
                                        "of a spell or ability (becomes_target) or becomes tapped "
                                        "(becomes_tapped, 603.2e) or untapped (becomes_untapped, 603.2)"},
                           "from": {"const": "graveyard", "description": "\"When ~ enters from a graveyard\" "
                                    "(CR 603.6a); no action of pysolver next puts a permanent onto the "
                                    "battlefield from a graveyard"},
                           "or_copy": {"const": True, "description": "\"Whenever you cast or copy\": a "
                                       "copy triggers it too (CR 707.10); pysolver next copies a spell "
                                       "only for storm, refused while such an ability is on the "
                                       "battlefield"},
                           "not_first_in_draw_step": {"const": True,
                                                      "description": "a draw trigger: not for the first card its "
                                                                     "player draws in each of their draw steps, the "
                                                                     "turn-based draw (CR 504.1)"},
                           "not_first_each_turn": {"const": True,
                                                   "description": "\"a spell other than your first spell each "
                                                                  "turn\": its caster cast another spell before it "
                                                                  "this turn, CR 603.2"},
                           "nth_each_turn": {"type": "integer", "minimum": 1, "maximum": 4,
                                             "description": "\"your second spell each turn\": the caster's "
                                                            "Nth spell this turn (of those matching `filter`), "
                                                            "CR 603.2"},
                           "during": {"enum": ["you", "opponent", "caster", "not_caster", "not_player"],
                                      "description": "a cast trigger: only during its controller's turn "
                                                     "(you), an opponent's, the caster's, or another "
                                                     "player's than the caster's (\"if it's not their "
                                                     "turn\", CR 603.2, 603.4); a draw trigger: you, "
                                                     "opponent, or another player's than the drawer's "
                                                     "(not_player)"},
                           "cast_from": {"enum": ["hand", "not_hand", "exile", "graveyard"],
                                         "description": "a cast trigger: only for a spell cast from this "
                                                        "zone (not_hand: any but a hand; CR 601.2a); "
                                                        "pysolver next casts from a hand"},
                           "targets": {"oneOf": [
                               {"type": "object", "additionalProperties": False, "required": ["self"],
                                "properties": {"self": {"const": True}}},
                               {"type": "object", "additionalProperties": False, "required": ["filter", "whose"],
                                "properties": {"filter": FILTER, "whose": WHOSE}}],
                               "description": "a cast trigger: only for a spell that targets this permanent "
                                              "(self) or a permanent matching filter (whose, relative to the "
                                              "ability's controller) as it is cast (CR 601.2c)"},
                           "not_owned": {"const": True, "description": "a cast trigger: only for a spell its "
                                                                       "caster doesn't own (CR 108.3)"},
                           "mana_value_vs": {"type": "object", "additionalProperties": False,
                                             "required": ["compare", "stat"],
                                             "properties": {"compare": {"enum": ["less", "greater", "at_most",
                                                                                 "at_least"]},
                                                            "stat": {"enum": ["power", "toughness"]}},
                                             "description": "a cast trigger: only for a spell whose mana value "
                                                            "compares so with its source's power or toughness "
                                                            "(CR 202.3, 208.1)"},
                           "kicked": {"const": True, "description": "a cast trigger: only for a kicked "
                                                                    "spell (CR 702.33d)"},
                           "while": {"$ref": "#/$defs/while_condition"},
                           "once_each_turn": {"const": True,
                                              "description": "\"This ability triggers only once each "
                                                             "turn\" (CR 603.2): the board's "
                                                             "triggered_this_turn records that it has"},
                           "to": {"const": "exile",
                                  "description": "a leave_graveyard trigger: only cards put into exile from the "
                                                 "graveyard (CR 406.2), not a card cast from it"},
                           "limit_with_previous": {"const": True,
                                                   "description": "one ability with two trigger events (CR 603.2) "
                                                                  "compiled as one ability each: it shares the "
                                                                  "once-each-turn limit of the ability just before "
                                                                  "it, so either one triggering spends both"},
                           "unjudged": {"type": "string", "maxLength": 300,
                                        "description": "a condition on the spell or the event that no board "
                                                       "records (why): pysolver next refuses where it would "
                                                       "trigger"}},
        },
        {
            "type": "object",
            "description": "A state trigger (CR 603.8): it triggers as soon as the board matches the "
                           "condition (one of an intervening 'if's: what its controller controls, what is on "
                           "the battlefield, the counters on its source, what its source is), and not again while it "
                           "is on the "
                           "stack; pysolver next puts it on the stack after each action.",
            "additionalProperties": False,
            "required": ["state"],
            "properties": {"state": {"$ref": "#/$defs/state_condition"}},
        },
    ]
}
TRIGGER_IF = {
    "type": "object",
    "description": "An intervening 'if' clause (CR 603.4), checked on triggering and on resolution; "
                   "several conditions: all of them (\"if A and B\").",
    "minProperties": 1,
    "maxProperties": 3,
    "additionalProperties": False,
    "properties": {
        "self_tapped": {"const": True},
        "mana_spent_at_least": {**COUNT, "description": "a cast trigger's \"if at least N mana was spent "
                                                       "to cast it\" (CR 603.4, 601.2h)"},
        "with_counter": {
            "type": "object",
            "description": "at least this many permanents (whose, relative to the controller) "
                           "have a counter of this kind",
            "additionalProperties": False,
            "required": ["kind", "whose", "at_least"],
            "properties": {"kind": NAME, "whose": WHOSE, "at_least": COUNT},
        },
        "you_control": {"$ref": "#/$defs/control_condition",
                        "description": "its controller controls at least / at most this many "
                                       "permanents matching the filter"},
        "self_no_counter": {**NAME, "description": "it has no counter of this kind on it"},
        "graveyard_count": {
            "type": "object", "additionalProperties": False, "required": ["at_least", "filter"],
            "description": "at least this many cards matching the filter (printed characteristics) are in "
                           "its controller's graveyard",
            "properties": {"at_least": COUNT, "filter": FILTER}},
        "graveyard_card_types": {
            "type": "object", "additionalProperties": False, "required": ["at_least"],
            "description": "at least this many card types (CR 205.2a) among the cards in its controller's "
                           "graveyard (\"four or more card types among cards in your graveyard\": delirium)",
            "properties": {"at_least": COUNT}},
        "self_untapped": {"const": True, "description": "its source is untapped"},
        "entering_stats_greater": {
            "const": True, "description": "an ability that triggers on a creature entering: that creature's power "
                                          "is greater than its source's power and/or its toughness greater than its "
                                          "source's toughness (evolve, CR 702.100a, 702.100c): judged as it "
                                          "triggers; pysolver next refuses to resolve such an ability"},
        "evoked": {"const": True, "description": "its source was cast for its evoke cost and is entering "
                                                 "(CR 702.74a): pysolver next, from a stack item's `evoked`"},
        "kicked": {"const": True, "description": "an enters trigger: its source is entering from a spell that was "
                                                 "kicked (\"if it was kicked\", CR 702.33d, 603.4): pysolver next, "
                                                 "from a stack item's `kicked`"},
        "cast": {"const": True, "description": "an enters trigger: its source is entering from a spell that was "
                                               "cast (\"if you cast it\", CR 601.2, 603.4; no copy, 707.10): "
                                               "pysolver next, from the resolving stack item"},
        "cast_from": {"enum": ["hand", "graveyard", "exile"],
                      "description": "an enters trigger: its source is entering from a spell cast from this zone "
                                     "(\"if you cast it from your hand\", CR 601.2a, 603.4): pysolver next, from the "
                                     "stack item's `cast_from`"},
        "self_is": {**FILTER, "description": "its source matches the filter (\"if ~ is an enchantment\")"},
        "self_counters": {
            "type": "object", "additionalProperties": False, "required": ["kind", "at_least"],
            "description": "at least this many counters of this kind are on its source",
            "properties": {"kind": NAME, "at_least": COUNT}},
        "on_battlefield": {"$ref": "#/$defs/control_condition",
                           "description": "at least / at most this many permanents matching the filter are on "
                                          "the battlefield, whoever controls them"},
        "left_counters": {**NAME, "description": "a leaves-the-battlefield trigger: the permanent that left had a "
                                                 "counter of this kind (`any`: of any kind) on it as it last existed "
                                                 "(CR 603.4, 603.10a)"},
        "left_no_counters": {**NAME, "description": "a leaves-the-battlefield trigger: the permanent that left had "
                                                    "no counter of this kind on it as it last existed (CR 603.4, "
                                                    "603.10a)"},
        "left_counters_at_least": {
            "type": "object", "additionalProperties": False, "required": ["kind", "at_least"],
            "description": "a leaves-the-battlefield trigger: the permanent that left had at least this many "
                           "counters of this kind on it as it last existed (CR 603.4, 603.10a, 122.1)",
            "properties": {"kind": NAME, "at_least": COUNT}},
        "player_state": {
            "type": "object", "additionalProperties": False, "required": ["whose", "of"],
            "minProperties": 3, "maxProperties": 3,
            "description": "a player's life total (of: life) or number of cards in hand (of: hand) is at least / at "
                           "most N: its controller's (whose: you) or, on a step trigger, the active player's (whose: "
                           "active, \"that player\" of each player's step; CR 603.4, 119.1, 402.1), or some "
                           "player's (whose: any, \"a player has\") or some opponent's (whose: opponent; 102.1)",
            "properties": {"whose": {"enum": ["you", "active", "any", "opponent"]}, "of": {"enum": ["life", "hand"]},
                           "at_least": COUNT, "at_most": {"type": "integer", "minimum": 0}}},
        "left_is": {**FILTER, "description": "a leaves-the-battlefield trigger: the permanent that left matched the "
                                             "filter as it last existed (\"if it was a creature\", \"if it's not a "
                                             "token\"; CR 603.4, 603.10a)"},
        "opponent_controls_more": {
            "type": "object", "additionalProperties": False, "required": ["filter"],
            "description": "an opponent controls more permanents matching the filter than its controller",
            "properties": {"filter": FILTER}},
        "unjudged": {"type": "string", "maxLength": 300,
                     "description": "a condition about earlier events that no board records (why): no rule "
                                    "reads it; pysolver next and turn refuse where the ability would trigger"},
        "self_has_counters": {"const": True, "description": "a counter of any kind is on its source (CR 122.1)"},
        "self_counters_below": {
            "type": "object", "additionalProperties": False, "required": ["kind", "below"],
            "description": "fewer than this many counters of this kind are on its source",
            "properties": {"kind": NAME, "below": COUNT}},
        "total_stat": {
            "type": "object", "additionalProperties": False, "required": ["of", "at_least"],
            "description": "the total power (toughness) of the creatures its controller controls is at least N "
                           "(CR 208.1)",
            "properties": {"of": {"enum": ["power", "toughness"]}, "at_least": COUNT}},
        "more_life_than_an_opponent": {"const": True, "description": "its controller has more life than some "
                                                                     "opponent (CR 119.1)"},
        "less_life_than_an_opponent": {"const": True, "description": "its controller has less life than some "
                                                                     "opponent (CR 119.1)"},
        "attached_tapped": {"type": "boolean", "description": "the permanent its source (an Aura or Equipment) "
                                                              "is attached to is tapped (true) or untapped "
                                                              "(false); false when attached to none"},
        "attached_is": {**FILTER, "description": "the permanent its source (an Aura or Equipment) is attached "
                                                 "to matches the filter (\"if enchanted creature's power is 4 or "
                                                 "greater\", CR 303.4, 208.1); false when attached to none"},
        "a_player_controls_none": {
            "type": "object", "additionalProperties": False, "required": ["filter"],
            "description": "some player controls no permanent matching the filter",
            "properties": {"filter": FILTER}},
        "controls_most": {
            "type": "object", "additionalProperties": False, "required": ["whose", "filter"],
            "description": "some player (whose: any) or the active player (whose: active, a step trigger's \"that "
                           "player\", CR 603.2b) controls more permanents matching the filter than each other "
                           "player",
            "properties": {"whose": {"enum": ["any", "active"]}, "filter": FILTER}},
        "designation": {"enum": ["monarch", "initiative", "city_blessing", "completed_dungeon"],
                        "description": "its controller is the monarch (CR 722.1), has the initiative (723.1), the "
                                       "city's blessing (702.131c) or has completed a dungeon (309.7); the board's "
                                       "players[]"},
        "self_in_command_zone": {"const": True, "description": "its source is in the command zone (CR 408.1): "
                                                               "never true of a permanent"},
        "life_gained": {**COUNT, "minimum": 1,
                        "description": "its controller gained this much life this turn or more (CR 119.3; the "
                                       "board's life_gained)"},
    },
}
IF_CONDITIONS: dict[str, Any] = TRIGGER_IF["properties"]  # type: ignore[assignment]
# CR 106.4: mana of fixed types a resolving spell or ability adds ("Add {B}{B}{B}."), one symbol a mana.
# CR 106.4: the mana a resolving spell or ability adds: fixed types, or in the form of a mana ability's add (ADD)
# that asp/effect_mana.lp computes for an effect: fixed mana, one type of some, any combination, with an amount
# that is a number or a count of permanents (CR 109.2)
ADDED_MANA = {"oneOf": [{"type": "string", "pattern": r"^(\{[WUBRGC]\}){1,100}$"}, {
    "type": "object", "additionalProperties": False,
    "properties": {"mana": MANA_STRING, "one_of": TYPE_SET, "combination": TYPE_SET,
                   "amount": {"oneOf": [COUNT, {"type": "object", "additionalProperties": False, "required": ["count"],
                                                "properties": {"count": {
                                                    "type": "object", "additionalProperties": False,
                                                    "required": ["filter"],
                                                    "properties": {"whose": WHOSE, "filter": FILTER}}}}]}},
    "oneOf": [{"required": ["mana"]}, {"required": ["one_of"]}, {"required": ["combination"]}]}]}
TRIGGER_DO = {
    "type": "object",
    "minProperties": 1,
    "maxProperties": 1,
    "additionalProperties": False,
    "properties": {
        "additional_steps": {"type": "array", "items": STEP, "minItems": 1,
                             "description": "steps added after this step (CR 500.9)"},
        "additional_phase": {"enum": ["beginning", "combat", "ending"],
                             "description": "a phase added after this phase (CR 500.8)"},
        **TARGETED_DO,  # on the ability's targets (CR 603.3d, 608.2b: asp/targets.lp, as an activated ability's)
        "counter_on_each": {
            "type": "object",
            "description": "put a counter of this kind on each permanent (whose) matching the filter "
                           "(\"other\": not the source), one event (CR 122.1, 122.6); not targeted",
            "additionalProperties": False,
            "required": ["kind", "whose", "filter"],
            "properties": {"kind": NAME, "whose": WHOSE, "filter": FILTER},
        },
        "put_counters": {
            "type": "object",
            "description": "the controller chooses this many permanents (fewer if fewer exist), "
                           "not targeted, and puts a counter on each",
            "additionalProperties": False,
            "required": ["kind", "choose", "whose", "filter"],
            "properties": {"kind": NAME, "choose": COUNT, "whose": WHOSE, "filter": FILTER},
        },
        "create_tokens": {
            "type": "object",
            "description": "create tokens of a card of the library (CR 111.2): a number, or one for "
                           "each counter of a kind on the source as it last existed (CR 603.10a)",
            "additionalProperties": False,
            "required": ["token", "count"],
            "properties": {"token": NAME, "count": {"oneOf": [COUNT, {
                "type": "object", "additionalProperties": False, "required": ["counters_on_self"],
                "properties": {"counters_on_self": NAME}}]}},
        },
        "draw": {**COUNT, "description": "its controller draws this many cards (CR 121.1)"},
        "add_mana": {**ADDED_MANA, "description": "its controller adds this mana to their mana pool (CR 106.4; a "
                     "triggered ability that isn't a mana ability, 605.1b: it uses the stack)"},
        "lose_life": {"oneOf": [COUNT, {
            "type": "object", "additionalProperties": False, "required": ["amount", "whose"],
            "properties": {"amount": COUNT, "whose": WHOSE}}],
            "description": "its controller loses this much life (a number), or each player of `whose` "
                           "(opponent: each opponent; any: each player) does (CR 119.3)"},
        "sacrifice_self": {"const": True, "description": "sacrifice this permanent (CR 701.17a)"},
        "return_self_to_hand": {"const": True, "description": "return this permanent to its "
                                "owner's hand (CR 400.7)"},
        "gain_life": {**COUNT, "description": "its controller gains this much life (CR 119.3)"},
        "remove_counter_self": {**NAME, "description": "remove a counter of this kind from this permanent, if it "
                                "has one (CR 122.1)"},
        "remove_counter_or_sacrifice_self": {**NAME, "description": "remove a counter of this kind from this "
                                             "permanent; if it can't, sacrifice it (CR 122.1, 701.17a; fading, "
                                             "702.32a)"},
        "counter_on_self": {"oneOf": [NAME, {
            "type": "object", "additionalProperties": False, "required": ["kind", "count"],
            "properties": {"kind": NAME, "count": COUNT}}],
            "description": "put a counter of this kind (or count counters) on this permanent (CR 122.1)"},
        "copy_self": {"enum": ["spells_cast_before"],
                      "description": "storm (CR 702.40a): a spell's own cast trigger puts a copy of the spell on "
                                     "the stack for each other spell cast before it this turn (its stack item's "
                                     "storm_count, 707.10)"},
        "pump_self": {"type": "object", "additionalProperties": False, "required": ["power", "toughness"],
                      "description": "this permanent gets +power/+toughness until end of turn (CR 611.2a, "
                                     "613.4c); pysolver next applies it, outcomes says it isn't modelled",
                      "properties": {"power": {"type": "integer", "minimum": -1000, "maximum": 1000},
                                     "toughness": {"type": "integer", "minimum": -1000, "maximum": 1000}}},
        "destroy_at_random": {
            "type": "object",
            "description": "destroy one permanent chosen at random among those (whose) with a "
                           "counter of this kind that can be destroyed (CR 701.7a, 702.12b)",
            "additionalProperties": False,
            "required": ["kind", "whose"],
            "properties": {"kind": NAME, "whose": WHOSE},
        },
    },
}
TRIGGERED = {
    "type": "object",
    "description": "A triggered ability (CR 603) other than a mana ability.",
    "additionalProperties": False,
    "required": ["when", "text"],
    "properties": {
        "anchor": {"type": "string", "maxLength": 100,
                   "description": "an anchor word (CR 614.12b): the permanent has this ability only as long as "
                                  "the word was chosen as it entered (the board's chosen: {anchor: ..})"},
        "when": TRIGGER_WHEN,
        "targets": {"type": "array", "items": TARGET, "maxItems": 10,
                    "description": "chosen as it is put on the stack (CR 603.3d, 115.1); its do: names them"},
        "if": TRIGGER_IF,
        "do": {"type": "array", "items": TRIGGER_DO,
               "description": "effects the rules model; the rest is in text"},
        "may": {"const": True, "description": "\"you may\": its controller chooses as it resolves "
                                              "whether to apply the effects (CR 603.5)"},
        "text": {"type": "string"},
        "riders": {"type": "array", "items": RIDER},
        "effect": {"enum": ["doesnt_untap"],
                   "description": "what a 'tapped for mana' trigger does to that permanent"},
        "if_level": {**COUNT, "description": "the permanent has it only while its level is N or greater (a Class's "
                                             "level section, CR 716.2a; the board's level:): it triggers only then"},
    },
}
SKIP = {
    "type": "object",
    "description": "A static ability: players skip steps (a replacement effect, CR 614.1b, 614.10).",
    "additionalProperties": False,
    "required": ["steps", "players"],
    "properties": {
        "steps": {"type": "array", "items": STEP, "minItems": 1},
        "players": {"enum": ["each", "you", "opponent"]},
    },
}
CARD = {
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "types"],
    "properties": {
        "name": NAME,
        "mana_cost": MANA_STRING,
        "types": {"type": "array", "items": NAME, "minItems": 1},
        "subtypes": {"type": "array", "items": NAME},
        "supertypes": {"type": "array", "items": NAME},
        "keywords": {"type": "array", "items": NAME},
        "power": {"oneOf": [BOUNDED, NAME],
                  "description": "printed power (CR 208.1); text such as \"*\" has no value"},
        "toughness": {"oneOf": [BOUNDED, NAME], "description": "printed toughness"},
        "prototype": {
            "type": "object", "additionalProperties": False, "required": ["mana_cost", "power", "toughness"],
            "properties": {"mana_cost": MANA_STRING, "power": BOUNDED, "toughness": BOUNDED},
            "description": "its prototype (CR 702.160a): the mana cost, power and toughness a prototyped "
                           "spell and permanent have instead (718.3b; the board's prototyped:)"},
        "abilities": {"type": "array", "items": ABILITY},
        "ignored": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1, "maxLength": 500},
                    "description": "sentences of its text this definition leaves out: the card is partial, "
                                   "refused on a board unless --allow-partial, and then named with them"},
        "unread_keyword_grants": {
            "type": "object", "minProperties": 1,
            "additionalProperties": {"type": "array", "minItems": 1,
                                     "items": {"type": "string", "minLength": 1, "maxLength": 500}},
            "description": "keywords that sentences of its text no form reads may give (CR 613.1f), each with "
                           "them: the card is partial on a board where another card reads the keyword"},
        "graveyard_triggers": {
            "type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1, "maxLength": 500},
            "description": "sentences of triggered abilities that function only in a graveyard (CR 113.6m), which "
                           "no query models: the card is partial where it is in a graveyard"},
        "effect": {
            "type": "array",
            "items": ABILITY,
            "description": "the continuous effect the card creates as it resolves (CR 611.2)",
        },
        "oracle": {"type": "string"},
        "enchant": {"oneOf": [
            {"enum": ["player", "opponent", "permanent"]},
            {**ENCHANT_KIND, "minProperties": 1},
            {"type": "object", "additionalProperties": False, "required": ["any_of"],
             "properties": {"any_of": {"type": "array", "items": ENCHANT_KIND, "minItems": 1},
                            "whose": {"enum": ["you", "opponent"]}}}],
            "description": "an Aura's enchant ability (CR 702.5, 303.4a): a player, an opponent, any permanent, a "
                           "permanent with every type, subtype, supertype and color listed and none of the not_ ones "
                           "(\"Enchant land\": {types: [Land]}; \"Enchant non-Wall creature\": {types: [Creature], "
                           "not_subtypes: [Wall]}), or any_of such kinds ({} any "
                           "permanent) with whose: you / opponent (\"Enchant artifact or creature "
                           "you control\")"},
        "color_indicator": {"type": "array", "items": COLOR, "description": "CR 204"},
        "enters_tapped": {
            "description": "\"This permanent enters tapped\": a replacement effect of its own "
                           "(CR 614.1c, 614.12), true; or it enters tapped unless / when its condition "
                           "holds (check, fast, slow, shock, reveal lands; asp/zone_change.lp).",
            "oneOf": [
                {"const": True},
                {"type": "object", "additionalProperties": False, "minProperties": 1,
                 "maxProperties": 1, "properties": {
                     "unless_you_control": {"$ref": "#/$defs/control_condition"},
                     "when_you_control": {"$ref": "#/$defs/control_condition"},
                     "unless_opponents_control": {"$ref": "#/$defs/control_condition",
                                                  "description": "its controller's opponents together (CR 102.3)"},
                     "unless_an_opponent_controls": {"$ref": "#/$defs/control_condition",
                                                     "description": "some one opponent of its controller"},
                     "unless_your_turn": {"const": True, "description": "unless its controller is the active "
                                                                       "player (\"if it's not your turn\")"},
                     "unless_opponents_at_least": COUNT,
                     "unless_a_player_life_at_most": BOUNDED,
                     "unless_your_turn_at_most": {"type": "integer", "minimum": 1, "maximum": 10,
                                                  "description": "unless it's its controller's first, ..., "
                                                                 "Nth turn of the game"},
                     "unless_pay_life": COUNT,
                     "if_starting_player": {"const": True, "description": "if its controller was the "
                                                                          "starting player (CR 103.1)"},
                     "unless_reveal": {**HAND_FILTER, "description": "a card in your hand"}}},
                {"type": "object", "additionalProperties": False, "required": ["unjudged"], "properties": {
                    "unjudged": {"type": "string", "maxLength": 300,
                                 "description": "\"You may have ~ enter tapped. If you do, ...\": a choice as it "
                                                "enters and what follows it, which next doesn't judge: it refuses "
                                                "the permanent entering"}}},
            ],
        },
        "spell": {
            "type": "object",
            "description": "an instant's or sorcery's effects pysolver next applies as it resolves "
                           "(CR 608.2): draw cards (121.1), gain life (119.3), add mana (106.4), an extra turn "
                           "(500.7), and effects on its targets (115.1a)",
            "additionalProperties": False,
            "required": ["do", "text"],
            "properties": {"do": {"type": "array", "minItems": 1, "items": {
                "type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                "properties": {"draw": COUNT, "gain_life": COUNT, "extra_turn": {"enum": ["you"]},
                               "add_mana": ADDED_MANA, **TARGETED_DO}}},
                "targets": {"type": "array", "items": TARGET, "maxItems": 10},
                "text": {"type": "string"}},
        },
        "additional_costs": {"type": "array", "items": {"oneOf": [
                                 ADDITIONAL_ITEM,
                                 {"type": "object", "additionalProperties": False, "minProperties": 1,
                                  "maxProperties": 1,
                                  "description": "a cost with X, the value announced as the spell is cast "
                                                 "(CR 107.3a, 601.2b): pay X life, discard X cards, exile X "
                                                 "cards matching a filter from your graveyard",
                                  "properties": {"pay_life": {"const": "X"}, "discard": {"const": "X"},
                                                 "discard_at_random": {"const": "X"}, "waterbend": {"const": "X"},
                                                 "return_to_hand": {
                                                     "type": "object", "additionalProperties": False,
                                                     "required": ["count", "filter"],
                                                     "properties": {"count": {"const": "X"}, "filter": FILTER}},
                                                 "exile_from_graveyard": {
                                                     "type": "object", "additionalProperties": False,
                                                     "required": ["count", "filter"],
                                                     "properties": {"count": {"const": "X"}, "filter": FILTER}}}},
                                 {"type": "object", "additionalProperties": False, "required": ["one_of"],
                                  "description": "a choice between costs (CR 601.2b): one option, a list of "
                                                 "cost items, is chosen and paid",
                                  "properties": {"one_of": {"type": "array", "minItems": 2, "maxItems": 5, "items": {
                                      "type": "array", "minItems": 1, "items": ADDITIONAL_ITEM}}}}]},
                             "description": "costs paid to cast it besides its mana cost (CR 601.2b, "
                                            "118.8): mana, sacrifice (several: one item each, never the same "
                                            "permanent twice), discard, pay_life, tap_untapped, return_to_hand (a "
                                            "permanent you control, to its owner's hand), one_of (a choice "
                                            "between options of those)"},
        "alternative_costs": {
            "type": "array", "minItems": 1, "maxItems": 10,
            "description": "costs its controller may pay rather than its mana cost (CR 118.9): each a list "
                           "of cost items, mana strings, `sacrifice`, `pay_life`, `discard`, `discard_card`, "
                           "`reveal` or `return_to_hand` (a permanent you control matching a filter, to its owner's "
                           "hand); pay --spell gives their ways beside the mana cost's",
            "items": {"oneOf": [ALTERNATIVE_ITEMS, {
                "type": "object", "additionalProperties": False, "required": ["cost"],
                "description": "an alternative cost with a condition or a name (CR 118.9): `cost` (its items; "
                               "none: cast without paying its mana cost) is paid only while every part of `if` "
                               "holds, an amount (as own_cost's) at least or at most a number; `name`: the "
                               "keyword it is (evoke, CR 702.74a: the card's triggered ability with `if: "
                               "{evoked: true}` sacrifices it; flashback, 702.34a: paid only to cast it from its "
                               "owner's graveyard, and exiled as it leaves the stack)",
                "anyOf": [{"required": ["if"]}, {"required": ["name"]}],
                "properties": {
                    "name": {"enum": ["evoke", "flashback"]},
                    "cost": {**ALTERNATIVE_ITEMS, "minItems": 0},
                    "if": {"type": "array", "minItems": 1, "maxItems": 4, "items": {
                        "type": "object", "additionalProperties": False, "required": ["amount"],
                        "properties": {"amount": {"oneOf": [{"const": "life_total"}, *OWN_COST_AMOUNTS]},
                                       "at_least": COUNT, "at_most": COUNT},
                        "oneOf": [{"required": ["at_least"]}, {"required": ["at_most"]}]}}}}]},
        },
        "cast_as_though_flash": {"const": True, "description": "its own permission to be cast as though it "
                                                               "had flash (CR 702.8a, 601.3)"},
        "flash_if": {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
                     "description": "its own permission to be cast as though it had flash while a condition holds "
                                    "(CR 601.3d): `x_at_most` (X as announced, 601.3b), `blocking` (a creature is "
                                    "attacking and one blocking: next cast refuses it where blockers may be, 509.1)",
                     "properties": {"x_at_most": COUNT, "blocking": {"const": True}}},
        "flash_cost": {"type": "string", "pattern": r"^(\{([0-9]{1,6}(?![0-9])|[WUBRGC])\})+$", "maxLength": 200,
                       "description": "its own permission to be cast as though it had flash if its caster pays this "
                                      "additional cost (CR 601.3c, 118.8): pay --spell --additional flash adds it, "
                                      "next cast CARD additional=flash casts it so"},
        "cast_only": {
            "type": "object", "additionalProperties": False, "required": ["text"],
            "anyOf": [{"required": ["steps"]}, {"required": ["turn"]}],
            "description": "its own restriction on when it may be cast (CR 601.3: \"Cast this spell only during "
                           "combat on your turn\"): only in one of `steps`, only on its caster's turn (`turn: you`) "
                           "or an opponent's (`opponent`); `text` the sentence; next cast refuses it at any other time",
            "properties": {"steps": {"type": "array", "minItems": 1, "maxItems": 12, "uniqueItems": True,
                                     "items": {"enum": STEPS}},
                           "turn": {"enum": ["you", "opponent"]},
                           "if_attacked": {"const": True, "description": "and only if its caster was attacked "
                                                                         "this step (CR 508.1b), which no board "
                                                                         "records: next cast refuses it when the "
                                                                         "step and turn allow it"},
                           "text": {"type": "string", "maxLength": 500}}},
        "own_cost": {
            "type": "object",
            "description": "its own ability that changes what it costs (CR 113.6d, 601.2f): `less` (or "
                           "`more`) generic mana for each one of `per`: the greatest power or toughness "
                           "among permanents, a count of permanents or of graveyard cards, or the life "
                           "its caster gained this turn; or once, `if` an amount (those, or `life_total`: "
                           "its caster's life) is `at_least` or `at_most` a number",
            "additionalProperties": False,
            "properties": {
                "less": {**COUNT, "minimum": 1}, "more": {**COUNT, "minimum": 1},
                "if": {"oneOf": [
                    {"type": "object", "additionalProperties": False, "required": ["amount"],
                     "properties": {"amount": {"oneOf": [{"const": "life_total"}, *OWN_COST_AMOUNTS]},
                                    "at_least": COUNT,
                                    "at_most": COUNT},
                     "oneOf": [{"required": ["at_least"]}, {"required": ["at_most"]}]},
                    UNJUDGED_COST,
                    {"type": "object", "additionalProperties": False, "required": ["paid"],
                     "description": "when its optional cost was paid as it was cast (CR 702.166b: bargained; "
                                    "pay --spell --additional bargain)",
                     "properties": {"paid": {"enum": ["bargain"]}}},
                    {"type": "object", "additionalProperties": False, "required": ["during"],
                     "description": "during one of `steps`, on its caster's turn (`turn: you`) or an opponent's "
                                    "(CR 601.2f: as cast_only reads them)",
                     "properties": {"during": {
                         "type": "object", "additionalProperties": False,
                         "anyOf": [{"required": ["steps"]}, {"required": ["turn"]}],
                         "properties": {"steps": {"type": "array", "minItems": 1, "maxItems": 12, "uniqueItems": True,
                                                  "items": {"enum": STEPS}},
                                        "turn": {"enum": ["you", "opponent"]}}}}},
                    {"type": "object", "additionalProperties": False, "required": ["targets"],
                     "description": "when it targets a permanent matching `filter`, controlled by `whose` as its "
                                    "caster sees it, and tapped with `tapped` (CR 601.2c, 601.2f): next cast judges "
                                    "it on the targets it chooses; pay --spell, which chooses none, refuses it",
                     "properties": {"targets": {
                         "type": "object", "additionalProperties": False, "required": ["whose", "filter"],
                         "properties": {"whose": {"enum": ["you", "opponent", "any"]}, "filter": FILTER,
                                        "tapped": {"const": True}}}}}]},
                "more_colored": {"type": "string", "pattern": "^(\\{[WUBRGC]\\})+$", "maxLength": 100,
                                 "description": "mana of those types added for each one of `per` (CR 601.2f)"},
                "per": {"oneOf": [*OWN_COST_AMOUNTS, UNJUDGED_COST, {
                    "const": "paid_this_way",
                    "description": "each permanent or card its \"any number of\" additional cost pays (CR 601.2b, "
                                   "601.2f: \"for each creature sacrificed this way\"): pay --spell and next cast "
                                   "determine the total for each number"}, {
                    "const": "targets_beyond_first",
                    "description": "each target it has beyond the first (CR 601.2c, 601.2f: strive): next cast "
                                   "counts the targets it chooses; pay --spell, which chooses none, refuses it"}]},
            },
            "dependentRequired": {"more_colored": ["per"]},
            "oneOf": [{"required": ["less"]}, {"anyOf": [{"required": ["more"]}, {"required": ["more_colored"]}]}],
            "anyOf": [{"required": ["per"], "not": {"required": ["if"]}},
                      {"required": ["if"], "not": {"required": ["per"]}}],
        },
        "kicker": {"oneOf": [
            {"type": "string", "pattern": r"^(\{([0-9]{1,6}(?![0-9])|[WUBRGC]|[WUBRG]/[WUBRG])\})+$",
             "maxLength": 200},
            {"type": "array", "minItems": 1, "maxItems": 3, "items": ADDITIONAL_ITEM}],
                   "description": "its kicker cost (keyword Kicker, CR 702.33a): its mana, or its cost items "
                                  "(\"Kicker—Sacrifice a creature\": [{sacrifice: {types: [Creature]}}]); "
                                  "pay --additional kicker adds it"},
        "splice_onto": {"type": "array", "minItems": 1, "maxItems": 5, "uniqueItems": True,
                        "items": {"type": "string", "maxLength": 40},
                        "description": "what it may be spliced onto (keyword Splice, CR 702.47a): a spell with one "
                                       "of these card types or subtypes (\"Splice onto Arcane\": [Arcane]); pay "
                                       "--spell and next cast refuse casting such a spell while its caster holds "
                                       "the card"},
        "optional_costs": {
            "type": "object", "additionalProperties": False, "minProperties": 1,
            "description": "its optional additional costs beside kicker (CR 601.2b, 118.8), each its cost items: "
                           "multikicker (702.33c), replicate (702.56a), squad (702.157a), escalate (702.120a: at "
                           "most its optional_most) and times (\"you may pay {1}{G} any number of times\", 601.2b), "
                           "paid any number of times, sacrifice (\"you may sacrifice one or more creatures\", "
                           "701.17a), offspring "
                           "(702.175a), buyback (702.27a), entwine (702.42a), bargain (702.166a), casualty "
                           "(702.153a), reveal (a "
                           "card of the hand, 701.16a: \"you may reveal a Dragon card from your hand\"); pay --spell "
                           "--additional NAME pays one (once each time it is named)",
            "properties": {name: {"type": "array", "minItems": 1, "maxItems": 3, "items": ADDITIONAL_ITEM}
                           for name in ("multikicker", "replicate", "squad", "offspring", "buyback", "entwine",
                                        "bargain", "reveal", "collect_evidence", "casualty", "escalate", "times",
                                        "sacrifice", "behold", "waterbend", "blight")},
        },
        "optional_most": {
            "type": "object", "additionalProperties": False, "minProperties": 1,
            "description": "the most times an optional additional cost of optional_costs may be paid: escalate, "
                           "once for each mode chosen beyond the first of its modes (CR 702.120a, 700.2)",
            "properties": {"escalate": {"type": "integer", "minimum": 1, "maximum": 20}},
        },
        "chooses_colors": {"type": "integer", "minimum": 2, "maximum": 5,
                           "description": "it chooses up to this many colors (as it enters, CR 614.12, or "
                                          "as it was drafted, 905.2b): the board's chosen: {color: [...]}"},
        "chooses_as_it_enters": {
            "oneOf": [{"const": True},
                      {"type": "object", "additionalProperties": False, "minProperties": 1,
                       "properties": {"color": {"type": "array", "minItems": 1, "maxItems": 5, "uniqueItems": True,
                                                "items": {"enum": ["W", "U", "B", "R", "G"]}},
                                      "creature_type": {"const": True},
                                      "card_type": {"type": "array", "minItems": 2, "maxItems": 15,
                                                    "uniqueItems": True, "items": {"enum": [
                                                        "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon",
                                                        "Enchantment", "Instant", "Kindred", "Land", "Phenomenon",
                                                        "Plane", "Planeswalker", "Scheme", "Sorcery", "Vanguard"]}},
                                      "basic_land_type": {"const": True},
                                      "player": {"enum": ["any", "opponent"]},
                                      "anchor": {"type": "array", "minItems": 2, "maxItems": 2, "uniqueItems": True,
                                                 "items": {"type": "string", "maxLength": 100}},
                                      "riot": {"const": ["counter", "haste"]},
                                      "unleash": {"const": ["counter", "none"]},
                                      "read_ahead": {"const": True}}}],
            "description": "it chooses as it enters (CR 614.12), each choice the board's chosen:; {color: [W, U, B, "
                           "R]}: one of these colors (\"choose a color other than green\"), one outcome each in "
                           "pysolver next; {basic_land_type: true}: one of the five basic land types (chosen: "
                           "{basic_land_type: ..}), one outcome each; {creature_type: true}: a creature type (chosen: "
                           "{creature_type: ..}), which next doesn't choose; {card_type: [Artifact, Creature]}: one "
                           "of these card types (CR 205.2a, chosen: {card_type: ..}), one outcome each; {player: "
                           "any|opponent}: a player or an opponent (chosen: {player: ..}), one outcome each; "
                           "{anchor: [Khans, Dragons]}: one of two anchor words (614.12b, chosen: {anchor: ..}), "
                           "one outcome each, the abilities with that anchor the permanent's; {riot: [counter, "
                           "haste]}: riot's choice (CR 702.136a: an additional +1/+1 counter, or haste; chosen: "
                           "{riot: ..}), {unleash: [counter, none]}: unleash's (702.98a: an additional +1/+1 counter "
                           "or none), one outcome each; {read_ahead: true}: read ahead's number of lore counters, "
                           "one to its final chapter number (CR 702.155b; chosen: {read_ahead: '2'}), one outcome "
                           "each; several keys: each "
                           "choice; true: another choice, which next "
                           "doesn't make"},
        "echo": {"type": "string", "pattern": r"^(\{([0-9]{1,6}(?![0-9])|[WUBRGC])\})+$", "maxLength": 200,
                 "description": "its echo cost (keyword Echo, CR 702.30a): generic and "
                                "single-type symbols"},
        **{keyword: {"type": "string", "pattern": r"^(\{([0-9]{1,6}(?![0-9])|[WUBRGC]|[WUBRG]/[WUBRG])\})+$",
                     "maxLength": 200,
                     "description": f"its {keyword} cost (keyword {keyword.capitalize()}, CR {rule}): the mana "
                                    "paid to turn it face up while it is face down (pysolver next turn-face-up)"}
           for keyword, rule in (("morph", "702.37a, 702.37e"), ("megamorph", "702.37b, 702.37e"),
                                 ("disguise", "702.168a, 702.168d"))},
        "cumulative_upkeep": {"type": "string", "pattern": r"^(\{([0-9]+|[WUBRGC])\})+$", "maxLength": 200,
                              "description": "its cumulative upkeep cost (keyword Cumulative upkeep, "
                                             "CR 702.24a): generic and single-type symbols"},
        "doesnt_untap": {"oneOf": [
            {"const": True},
            {"type": "object", "additionalProperties": False, "required": ["if_counter"],
             "properties": {"if_counter": NAME}},
            {"type": "object", "additionalProperties": False, "required": ["if_you_control"],
             "properties": {"if_you_control": FILTER}}],
            "description": "\"doesn't untap during your untap step\" (CR 502.3): always, "
                           "while it has a counter of a kind (if_counter), or while its controller controls a "
                           "permanent matching the filter (if_you_control)"},
        "enters_instead": {
            "type": "object", "additionalProperties": False, "minProperties": 1,
            "description": "\"If it would enter, sacrifice / discard ... instead. If you do, put it onto the "
                           "battlefield. If you don't, put it into its owner's graveyard\" (CR 614.1c, 614.12)",
            "properties": {
                "sacrifice": {"type": "object", "additionalProperties": False, "required": ["count", "filter"],
                              "properties": {"count": COUNT, "filter": FILTER, "untapped": {"const": True}}},
                "discard": {"type": "object", "additionalProperties": False, "required": ["types"],
                            "properties": {"types": {"type": "array", "items": NAME, "minItems": 1,
                                                     "maxItems": 1}}},
                "optional": {"const": True}},
            "oneOf": [{"required": ["sacrifice"]}, {"required": ["discard"]}]},
        "as_enters_sacrifice_all": {**FILTER, "description": "as it enters its controller sacrifices every "
                                    "other permanent they control matching this filter (CR 614.1c)"},
        "devour": {"type": "object", "additionalProperties": False, "required": ["count", "filter"],
                   "description": "devour (CR 702.82a): as it enters its controller may sacrifice any number of "
                                  "other permanents they control matching the filter (creatures; \"Devour land\": "
                                  "lands), and it enters with count +1/+1 counters for each",
                   "properties": {"count": {**COUNT, "minimum": 1}, "filter": FILTER}},
        "others_enter_untapped": {**FILTER, "description": "permanents its controller controls matching "
                                  "this filter enter untapped (CR 614.1c, 614.12)"},
        "may_not_untap": {"const": True, "description": "\"You may choose not to untap it during your "
                          "untap step\" (CR 502.3)"},
        "untaps_in_others_untap": {"const": True, "description": "\"Untap it during each other "
                                   "player's untap step\" (CR 502.3)"},
        "devotion_increase": {"type": "integer", "minimum": 1, "description": "\"Your devotion to each color and "
                              "each combination of colors is increased by N\" (CR 700.5)"},
        "maximum_hand_size": {
            "type": "array",
            "minItems": 1,
            "description": "its static abilities' effects on a player's maximum hand size, applied in timestamp "
                           "order (CR 402.2, 613.11): `none` \"has no maximum hand size\", `change` \"is "
                           "increased by N\" (reduced: negative), `set` \"is N\"; the cleanup step's "
                           "discard reads it (514.1); whose `chosen_player`: the player chosen as it entered "
                           "(CR 607.1; the board's chosen:)",
            "items": {"type": "object", "additionalProperties": False, "required": ["whose"],
                      "properties": {"whose": {"enum": ["you", "opponent", "any", "chosen_player"]},
                                     "none": {"const": True},
                                     "change": {"type": "integer"},
                                     "set": {"type": "integer", "minimum": 0}},
                      "oneOf": [{"required": ["none"]}, {"required": ["change"]}, {"required": ["set"]}]}},
        "player_keywords": {
            "type": "array",
            "minItems": 1,
            "description": "keywords its static abilities give to players (relative to its controller): "
                           "\"You have hexproof\" (CR 702.11b: no spell or ability an opponent of theirs "
                           "controls may target them), \"You have shroud\" (702.18a: no spell or ability may)",
            "items": {"type": "object", "additionalProperties": False, "required": ["whose", "keyword"],
                      "properties": {"whose": {"enum": ["you"]},
                                     "keyword": {"enum": ["hexproof", "shroud"]}}}},
        "control_enchanted": {"const": True,
                              "description": "\"You control enchanted creature\": an Aura's control-changing effect "
                                             "(layer 2, CR 613.1b, 303.4): its controller controls the permanent "
                                             "it enchants (of several such Auras, the latest timestamp's, 613.7); a "
                                             "board that says another player does is refused, and `pysolver next` "
                                             "refuses a step after which the Aura has left and the permanent stays"},
        "additional_land_plays": {"type": "integer", "minimum": 1, "maximum": 3,
                                  "description": "\"You may play N additional lands on each of your turns\" "
                                                 "(CR 305.2a)"},
        "exiled_instead_of_graveyard": {
            "enum": ["anywhere", "dies"],
            "description": "its own replacement effect (CR 614.1a, 614.6): \"If ~ would be put into a graveyard "
                           "from anywhere, exile it instead\" (anywhere), or \"If ~ would die, exile it instead\" "
                           "(dies: from the battlefield, as a creature or planeswalker, 700.4)"},
        "protection_keeps_self": {
            "const": True,
            "description": "an Aura whose static ability grants the enchanted creature protection, and \"This effect "
                           "doesn't remove\" the Aura (CR 702.16n): that protection doesn't put it into its owner's "
                           "graveyard (702.16c, 704.5m); another instance of protection from the same quality does"},
        "discarded_by_opponent_instead": {
            "const": "battlefield",
            "description": "its own replacement effect (CR 614.1a, 701.8a): \"If a spell or ability an opponent "
                           "controls causes you to discard this card, put it onto the battlefield instead\": pysolver "
                           "next refuses such a discard (none it makes is caused by an opponent)"},
        "library_instead_of_graveyard": {
            "type": "object",
            "description": "its own replacement effect (CR 614.1a, 614.6): \"If ~ would be put into a graveyard from "
                           "anywhere (whence: anywhere) / would die (dies), shuffle it into (where: shuffled) / put it "
                           "on top of (top) its owner's library instead\": no graveyard, no dying "
                           "(asp/zone_change.lp); pysolver next refuses where it applies",
            "additionalProperties": False,
            "required": ["whence", "where"],
            "properties": {"whence": {"enum": ["anywhere", "dies"]}, "where": {"enum": ["shuffled", "top"]}},
        },
        "instead_of_losing_unjudged": {
            "type": "string", "maxLength": 300,
            "description": "a replacement effect (CR 614.1a): \"If you would lose the game, instead ...\" with an "
                           "effect next doesn't apply: next refuses where its controller would lose"},
        "instead_of_losing": {
            "type": "object",
            "additionalProperties": False,
            "required": ["exile_self", "life"],
            "description": "replacement effect: if its controller would lose the game, instead it is exiled "
                           "and their life total becomes `life` (CR 614.1a, 104.3)",
            "properties": {"exile_self": {"const": True},
                           "life": {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 1000000},
                                              {"const": "starting", "description": "its controller's starting life "
                                               "total (CR 103.4: the board states it)"}]}},
        },
        "others_enter_with_counters": {
            "type": "array",
            "description": "replacement effects: each other permanent its controller controls matching `filter` "
                           "enters with `count` more counters of `kind` (CR 614.1c, 614.12), times the number "
                           "of permanents matching `per` its controller already controls, or of the counters of "
                           "kind `per_counters` on it (CR 122.1); a filter's `chosen` is the choice made as it "
                           "entered (607.1)",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["filter", "kind", "count"],
                "properties": {"filter": FILTER, "kind": NAME, "count": COUNT, "per": FILTER, "per_counters": NAME,
                               "unjudged": {"type": "string", "maxLength": 300,
                                            "description": "an amount of what happened this turn, which no board "
                                                           "records: pysolver next refuses a permanent entering "
                                                           "that it applies to"}},
            },
        },
        "untap_limit": {
            "type": "object", "additionalProperties": False, "required": ["whose", "filter"],
            "properties": {"whose": {"enum": ["you", "any"]}, "filter": FILTER},
            "description": "in the untap step of whose (relative to its controller), the active player untaps "
                           "only one of the permanents matching the filter that would untap, of their choice "
                           "(CR 502.3)"},
        "cast_unjudged": {
            "type": "array", "minItems": 1, "maxItems": 5, "items": {"type": "string", "maxLength": 300},
            "description": "what casting the spell asks that no rule judges (a target its uncompiled effect names, "
                           "CR 601.2c): pysolver next refuses to cast it"},
        "enters_as_copy": {
            "type": "object", "additionalProperties": False, "required": ["whose", "filter"],
            "properties": {"whose": WHOSE, "filter": FILTER,
                           "except": {
                               "type": "object", "additionalProperties": False, "minProperties": 1,
                               "properties": {
                                   "own_name": {"const": True,
                                                "description": "\"except its name is ~\": its name is its own "
                                                               "card's, not the copied card's (CR 707.9b, 201.2)"},
                                   "types": {"type": "array", "items": {"enum": ["Artifact", "Creature",
                                                                                 "Enchantment", "Land"]},
                                             "minItems": 1, "maxItems": 4},
                                   "subtypes": {"type": "array", "items": NAME, "minItems": 1, "maxItems": 10},
                                   "keywords": {"type": "array", "items": NAME, "minItems": 1, "maxItems": 10},
                                   "supertypes": {"type": "array", "items": {"enum": ["Legendary"]},
                                                  "minItems": 1, "maxItems": 1},
                                   "not_supertypes": {"type": "array", "items": {"enum": ["Legendary"]},
                                                      "minItems": 1, "maxItems": 1},
                                   "enters_with_counters": {
                                       "type": "array", "minItems": 1, "maxItems": 4, "items": {
                                           "type": "object", "additionalProperties": False,
                                           "required": ["kind", "count"],
                                           "properties": {
                                               "kind": NAME,
                                               "count": {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 100},
                                                                   {"const": "X"}]},
                                               "if_type": {"enum": ["Artifact", "Creature", "Enchantment", "Land",
                                                                    "Planeswalker"]}},
                                           "description": "\"except it enters with an additional +1/+1 counter on "
                                                          "it [if it's a creature]\": counters it enters with as the "
                                                          "copy (CR 707.9e, 707.9f; X: the spell's, 107.3m), if it "
                                                          "is then of the card type"}}},
                               "description": "the exceptions of the copy, part of its copiable values (CR "
                                              "707.9b): its own name, card types, creature types and a supertype in "
                                              "addition to its other types, keywords it has, a supertype it doesn't "
                                              "have; "
                                              "they apply to the permanent while it is a copy (the board's "
                                              "copy_of)"},
                           "unjudged": {"type": "string", "maxLength": 300,
                                        "description": "what the copy does besides, which next doesn't model "
                                                       "(entering tapped, an exception, CR 707.9): next refuses "
                                                       "to put it onto the battlefield"}},
            "description": "replacement effect: \"You may have ~ enter as a copy of\" a permanent matching the filter "
                           "controlled by whose (relative to its controller), chosen as it enters, or none "
                           "(CR 614.1c, 707.5, 616.1c): pysolver next gives an outcome for each"},
        "others_enter_tapped": {
            "type": "object", "additionalProperties": False, "required": ["whose", "filter"],
            "properties": {"whose": WHOSE, "filter": FILTER},
            "description": "replacement effect: permanents matching the filter entering under the control of "
                           "whose (relative to its controller) enter tapped (CR 614.1c, 614.12)"},
        "counter_limits": {
            "type": "array", "minItems": 1, "maxItems": 5,
            "description": "\"~ can't have more than N [kind] counters on it\": counters of that kind beyond N are "
                           "never put on it (CR 101.2: the \"can't\" wins; asp/counter_put.lp), and a board with "
                           "more is refused",
            "items": {"type": "object", "additionalProperties": False, "required": ["kind", "at_most"],
                      "properties": {"kind": NAME, "at_most": COUNT}}},
        "counters_prohibited": {"const": True,
                                "description": "\"~ can't have counters put on it\": no counters of any kind are put "
                                               "on it (CR 101.2, 122.1; asp/counter_put.lp); those it has stay"},
        "enters_with_counters": {
            "type": "array",
            "description": "replacement effect: it enters with counters (CR 614.1c); count X is the X of the spell"
                           " that became it (CR 107.3m)",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "count"],
                "properties": {
                    "kind": NAME, "count": {"oneOf": [COUNT, {"const": "X"}]},
                    "per": {"oneOf": AMOUNT["oneOf"] + [TOTAL_STAT, {"const": "colors_spent"}],
                            "description": "count counters for each one of this amount (a count of "
                                           "permanents or of graveyard cards, or the greatest power or "
                                           "toughness among permanents, or their total, or life_gained: the "
                                           "life its controller gained this turn, 119.3, or colors_spent: the "
                                           "colors of mana spent to cast it, 702.44a, the stack item's "
                                           "mana_spent), judged as it enters (CR 614.12; asp/zone_change.lp)"},
                    "if": {"oneOf": [
                        {"const": "kicked", "description": "only if it was kicked (CR 702.33d)"},
                        {"type": "object", "additionalProperties": False, "required": ["spells_cast"],
                         "properties": {"spells_cast": {**COUNT, "minimum": 1}},
                         "description": "only if its controller cast this many spells or more this turn (CR "
                                        "601.2i: the board's spells_cast_this_turn)"},
                        {"type": "object", "additionalProperties": False, "required": ["cast_from"],
                         "properties": {"cast_from": {"enum": ["hand", "graveyard", "exile"]}},
                         "description": "only if it was cast from this zone (\"if you cast it from your hand\", "
                                        "CR 601.2a): pysolver next, from the resolving stack item's cast_from"},
                        {"type": "object", "additionalProperties": False, "required": ["cast"],
                         "properties": {"cast": {"const": True}},
                         "description": "only if it was cast (CR 601.2; no copy, 707.10): pysolver next, from the "
                                        "resolving stack item"},
                        {"type": "object", "additionalProperties": False, "required": ["colors_spent"],
                         "properties": {"colors_spent": {"type": "object", "additionalProperties": False,
                                                         "minProperties": 1, "maxProperties": 1,
                                                         "properties": {"at_least": COUNT, "at_most": COUNT}}},
                         "description": "only if at least / at most this many colors of mana were spent to cast it "
                                        "(CR 601.2h, 105.1: the stack item's mana_spent)"},
                        {"type": "object", "additionalProperties": False, "required": ["spent"],
                         "properties": {"spent": {"type": "object", "additionalProperties": False,
                                                  "required": ["type", "at_least"],
                                                  "properties": {"type": {"enum": ["W", "U", "B", "R", "G", "C"]},
                                                                 "at_least": {**COUNT, "minimum": 1}}}},
                         "description": "only if at least this much mana of this type was spent to cast it (CR "
                                        "601.2h: the stack item's mana_spent)"},
                        {"type": "object", "additionalProperties": False, "required": ["same_color_spent"],
                         "properties": {"same_color_spent": {**COUNT, "minimum": 1}},
                         "description": "only if at least this much mana of one color was spent to cast it "
                                        "(adamant, CR 601.2h: the stack item's mana_spent)"}]},
                    "or_kind": {**NAME, "description": "the counters are of kind or of this kind, its controller's "
                                                      "choice as it enters (CR 614.1c): an outcome each in next"},
                    "more_kinds": {"type": "array", "minItems": 1, "maxItems": 5, "items": NAME,
                                   "description": "more kinds to choose from, beside kind and or_kind"},
                    "choose": {"type": "integer", "minimum": 2, "maximum": 5,
                               "description": "how many different kinds its controller chooses as it enters (CR "
                                              "614.12a: \"your choice of two different counters ... from among "
                                              "...\"), each with count counters; absent: one"},
                    "unjudged": {"type": "string", "maxLength": 300,
                                 "description": "a condition or amount no board records (what happened this "
                                                "turn, how the spell was cast): next refuses to put it onto "
                                                "the battlefield"},
                },
                "not": {"anyOf": [{"required": ["per", "if"]}, {"required": ["per", "unjudged"]},
                                  {"required": ["if", "unjudged"]}]},
            },
        },
    },
}
CARDS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://pysolver.invalid/schemas/cards-1.json",
    "title": "pysolver card definitions, format 1",
    "type": "object",
    "additionalProperties": False,
    "required": ["format", "cards"],
    "properties": {
        "format": {"const": "pysolver-cards/1"},
        "cards": {"type": "array", "items": CARD},
    },
    "$defs": {"control_condition": {
        "type": "object", "additionalProperties": False, "required": ["filter"],
        "minProperties": 2, "maxProperties": 2,
        "description": "you control at least / at most this many objects matching the filter",
        "properties": {"at_least": COUNT, "at_most": {"type": "integer", "minimum": 0},
                       "filter": FILTER}},
              "ability": ABILITY, "static": STATIC, "activated": ACTIVATED, "triggered": TRIGGERED,
               "skip": SKIP, "while_condition": {
                   **TRIGGER_IF, "description": "\"enters while ~ has a -1/-1 counter on it\": a condition of the "
                                                "trigger event, judged only as it happens (CR 603.2)",
                   "maxProperties": 1, "properties": {k: v for k, v in IF_CONDITIONS.items() if k == "self_counters"}},
               "state_condition": {
                   **TRIGGER_IF, "description": "the condition of a state trigger (CR 603.8)", "maxProperties": 1,
                   "properties": {k: v for k, v in IF_CONDITIONS.items()
                                  if k in ("you_control", "on_battlefield", "self_no_counter", "self_counters",
                                           "self_is")}}},
}

# --------------------------------------------------------------------- boards
PLAYER = {
    "oneOf": [
        NAME,
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["name"],
            "properties": {
                "name": NAME,
                "commander_colors": {"type": "array", "items": COLOR, "uniqueItems": True},
                "life": BOUNDED,
                "mana_pool": MANA_STRING,
                "graveyard": {"type": "array", "items": NAME},
                "hand": {"type": "array", "items": NAME},
                "exile": {"type": "array", "items": NAME,
                          "description": "card names the player owns in exile, face up (CR 406.1, 406.3): pysolver "
                                         "next exiles cards there (a flashback spell, a cost that exiles)"},
                "speed": {"type": "integer", "minimum": 1, "maximum": 4,
                          "description": "the player's speed (CR 702.179); 4 is max speed"},
                "starting_life": {"type": "integer", "minimum": 1, "maximum": 1000000,
                                  "description": "the player's starting life total (CR 103.4: 20 in a two-player "
                                                 "game, others in other variants), read by 'your starting life "
                                                 "total'; without it a card that reads it is refused"},
                "library": {"type": "array", "items": NAME,
                            "description": "card names in the library, top first (CR 401); "
                                           "needed only to draw (pysolver next)"},
                "lost": {"type": "boolean", "description": "the player lost the game (CR 104.3, 704.5a)"},
                "spells_cast_this_turn": {"type": "integer", "minimum": 0, "maximum": 1000,
                                          "description": "how many spells the player cast this turn "
                                                         "(CR 601.2i; default: their spells on the stack)"},
                "life_gained": {"type": "integer", "minimum": 0, "maximum": 1000000,
                                "description": "life the player gained this turn (CR 119.3)"},
                "poison": {"type": "integer", "minimum": 0, "maximum": 1000000,
                           "description": "the player's poison counters (CR 122.1f; 120.3b: damage from a source "
                                          "with infect; 704.5c: a player with ten or more loses the game)"},
                "counters": {"type": "object", "additionalProperties": COUNT,
                             "description": "the player's counters of each kind but poison (CR 122.1: experience, "
                                            "energy 107.14, rad 725.1, ticket 107.17...); a kind not listed: none"},
                "monarch": {"type": "boolean",
                            "description": "the player is the monarch (CR 722.1; 722.3: only one player can be)"},
                "initiative": {"type": "boolean",
                               "description": "the player has the initiative (CR 723.1; 723.3: only one player can)"},
                "city_blessing": {"type": "boolean",
                                  "description": "the player has the city's blessing (CR 702.131c), for the rest of "
                                                 "the game"},
                "completed_dungeons": {"type": "array", "items": NAME, "maxItems": 1000,
                                       "description": "the dungeons the player completed this game, by name, one "
                                                      "entry each time (CR 309.7)"},
            },
        },
    ]
}
ATTACHMENT = {
    "type": "object",
    "minProperties": 1,
    "maxProperties": 1,
    "additionalProperties": False,
    "properties": {"permanent": NAME, "player": NAME},
}
def game_object(**properties: Any) -> dict[str, Any]:
    """An object of the board: an id, a card and a controller, and its own fields."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["card", "controller"],
        "properties": {"id": NAME, "card": NAME, "controller": NAME, **properties},
    }


PERMANENT = game_object(**{
        "owner": NAME,
        "tapped": {"type": "boolean"},
        "counters": {"type": "object", "additionalProperties": COUNTERS,
                     "description": "counters of each kind, at most 100 of a kind"},
        "attached_to": ATTACHMENT,
        "continuous_control": {
            "type": "boolean",
            "description": "controlled continuously since its controller's most recent turn began (CR 302.6)",
        },
        "x": COUNT,
        "copy_of": NAME,
        "timestamp": BOUNDED,
        "chosen": {
            "type": "object",
            "properties": {"color": {"oneOf": [NAME, {
                "type": "array", "items": NAME, "uniqueItems": True, "maxItems": 5,
                "description": "the colors chosen by a card that chooses several (CR 614.12, 905.2b)"}]},
                "read_ahead": {"type": "string", "pattern": "^[1-9][0-9]?$",
                               "description": "read ahead's number of lore counters it entered with (CR 702.155b)"}},
            "additionalProperties": NAME,
        },
        "entered": {
            "type": "object",
            "description": "when it came under its controller's control: during this step of "
                           "this turn (echo, CR 702.30a); absent: before that player's last upkeep",
            "additionalProperties": False,
            "required": ["turn", "step"],
            "properties": {"turn": TURN_NUMBER, "step": STEP,
                           "additional": {"const": True, "description": "during an additional instance of "
                                          "that step this turn: with the current step's name in an additional "
                                          "step (turn.resume_after), the current one unless upkeeps says an "
                                          "earlier one; else an earlier one (absent: during the turn's own, CR "
                                          "500.8, 500.9)"},
                           "upkeeps": {**COUNT, "description": "upkeep steps begun this turn when it came, the "
                                       "one it came during included (CR 702.30a, 500.8); only for an entry of "
                                       "this turn; absent: derived from the step where it says"}},
        },
        "token": {"type": "boolean"},
        "power": {**BOUNDED, "description": "its power before counters, when effects the "
                                                    "rules don't model change it (CR 613.4)"},
        "toughness": {**BOUNDED, "description": "its toughness before counters, likewise"},
        "damage": {**COUNT, "description": "damage marked on it this turn (CR 120.3, 704.5g)"},
        "level": {**COUNT, "description": "its level (a Class's, CR 716.2b); absent: 1 (716.2d)"},
        "skips_next_untap": {"type": "boolean",
                             "description": "it doesn't untap during its controller's next untap step (CR 502.3, "
                                            "701.39a: exerted, or tapped by an ability that says so), the first "
                                            "one not skipped (614.10a)"},
        "face_down": {"enum": ["morph", "disguise", "manifest", "cloak"],
                      "description": "it is face down, turned so by this ability or action: a 2/2 creature with no "
                                     "name, text, subtypes or mana cost, with ward {2} for disguise and cloak "
                                     "(CR 708.2a, 702.37a, 702.168a, 701.34a, 701.56a); card: is the card itself"},
        "commander": {"const": True, "description": "it is a commander (CR 903.3: a designation of its card, "
                                                    "never of a token), which \"commanders you control\" "
                                                    "reads"},
        "prototyped": {"const": True, "description": "it was cast prototyped: it has its card's prototype "
                                                     "mana cost, power and toughness and the colors of that "
                                                     "cost (CR 702.160a, 718.3b)"},
        "activated": {"type": "object", "additionalProperties": {"type": "integer"}, "maxProperties": 100,
                      "description": "activations of its limited abilities, by ability number: this "
                                     "turn, or in the game for a once-only one (CR 602.5b, 702.177a)"},
        "triggered_this_turn": {"type": "array", "items": {"type": "integer", "minimum": 1}, "maxItems": 100,
                                "uniqueItems": True,
                                "description": "its abilities, by number, that trigger only once each turn "
                                               "and have triggered this turn (CR 603.2)"},
        "exiled": {"type": "array", "items": NAME, "maxItems": 100,
                   "description": "the cards exiled with it, that its abilities refer to (CR 607.2a)"},
        "until_end_of_turn": {
            "type": "object", "additionalProperties": False, "minProperties": 1,
            "description": "what resolved effects give it until end of turn (CR 611.2a): +N/+M "
                           "(613.4c) and keywords; cleanup ends them (514.2)",
            "properties": {"power": {"type": "integer", "minimum": -1_000_000, "maximum": 1_000_000},
                           "toughness": {"type": "integer", "minimum": -1_000_000, "maximum": 1_000_000},
                           "keywords": {"type": "array", "items": NAME, "maxItems": 20, "uniqueItems": True}},
        },
})
EFFECT = game_object(
    duration={"enum": ["end_of_turn", "permanent", "until_next_turn"]},
    timestamp=BOUNDED,
)
STACK_ITEM = game_object(**{
        "x": COUNT,
        "copy": {"type": "boolean"},
        "cast": {"type": "boolean"},
        "without_paying_mana_cost": {"type": "boolean"},
        "kicked": {"type": "boolean", "description": "its kicker cost was paid (CR 702.33d)"},
        "evoked": {"type": "boolean", "description": "it was cast for its evoke cost (CR 702.74a)"},
        "flashback": {"type": "boolean", "description": "it was cast from a graveyard for its flashback cost: "
                                                        "exiled when it leaves the stack (CR 702.34a)"},
        "mana_spent": {"type": "string", "pattern": r"^(\{[WUBRGC]\})*$", "maxLength": 400,
                       "description": "the mana spent to cast it (CR 601.2h), one symbol a mana ({W}{W}{C}; empty: "
                                      "none): what sunburst, converge and adamant read as it enters (pysolver next "
                                      "cast gives it)"},
        "cast_from": {"enum": ["hand", "graveyard", "exile", "library", "command"],
                      "description": "the zone it was cast from (CR 601.2a): what 'if you cast it from your "
                                     "hand' reads as it enters (pysolver next cast gives it)"},
        "face_down": {"enum": ["morph", "disguise"],
                      "description": "it was cast face down by this ability: a 2/2 creature spell with no name, text, "
                                     "subtypes or mana cost (with ward {2} for disguise), which resolves into a "
                                     "face-down permanent (CR 702.37c, 702.168b, 708.4)"},
        "resolving": {"type": "boolean"},
        "copy_of": {
            "allOf": [NAME],
            "description": "for a copy of a spell (copy: true): the id of the original spell on the stack (CR 707.10)",
        },
        "source": {"allOf": [NAME], "description": "a triggered ability: the id of its source"},
        "ability": {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 1000,
                               "description": "abilities are numbered from 1"},
                              {"enum": ["echo", "cumulative_upkeep"]}],
                    "description": "a triggered ability: its number among the card's abilities, from 1, "
                                   "or echo or cumulative_upkeep (the keywords' triggers, CR 702.30a, 702.24a)"},
        "granted": {"type": "integer", "minimum": 1, "maximum": 1000,
                    "description": "a triggered ability the card's static ability `ability` grants its source "
                                   "(CR 613.1f): its place among what that ability grants, from 1"},
        "last_known": {
            "type": "object",
            "additionalProperties": False,
            "description": "a triggered ability whose source left the battlefield: the source as it "
                           "last existed there (CR 603.10a, 608.2h); the source id is then no permanent",
            "properties": {"counters": {"type": "object", "additionalProperties": COUNT},
                           "keywords": {"type": "array", "items": NAME, "maxItems": 100,
                                        "description": "the keywords it had (CR 113.7a; pysolver next "
                                                       "writes them for an ability that deals damage)"},
                           "controller": {"allOf": [NAME],
                                          "description": "the player who controlled it (CR 113.7a; who gains the "
                                                         "life its lifelink damage gives, 120.3f; pysolver next "
                                                         "writes it with the keywords)"}},
        },
        "storm_count": {**COUNT, "description": "a storm trigger (CR 702.40a): how many spells, of every "
                                               "player, were cast before its spell this turn; pysolver next "
                                               "writes it and refuses to resolve the trigger without it"},
        "enters_as_copy_of": {
            "allOf": [NAME],
            "description": "id of the permanent this permanent spell will enter as a copy of (Clone, CR 707.2)",
        },
        "targets": {
            "type": "array", "maxItems": 10,
            "description": "its targets, one for each instance of the word 'target' (CR 115.1, 601.2c): "
                           "{permanent: ID}, {player: NAME}, or {left: ID} for a permanent that left the "
                           "battlefield since (an illegal target, CR 608.2b)",
            "items": {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
                      "properties": {"permanent": NAME, "player": NAME, "left": NAME}},
        },
})
STACK_ITEM["dependentRequired"] = {"ability": ["source"], "source": ["ability"], "granted": ["source"]}
BOARD_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://pysolver.invalid/schemas/board-1.json",
    "title": "pysolver board, format 2",
    "description": "Full form. The short form maps each player's name to a list of card names.",
    "type": "object",
    "additionalProperties": False,
    "required": ["players"],
    "properties": {
        "format": {"const": "pysolver-board/2"},
        "players": {"type": "array", "items": PLAYER, "minItems": 2},
        "turn": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "number": TURN_NUMBER,
                "active": NAME,
                "starting_player": {**NAME, "description": "the player who took the game's first turn "
                                                         "(CR 103.1); on turn 1, the active player"},
                "step": {"enum": STEPS},
                "lands_played": {**COUNT, "description": "lands the active player played this turn (CR 305.2)"},
                "additional_steps": {"type": "array", "items": {"enum": STEPS},
                                     "description": "additional steps created to come after this one, "
                                                    "in order (CR 500.8-500.10)"},
                "resume_after": {"enum": STEPS,
                                 "description": "this step is an additional one: once it and the additional steps "
                                                "are over, the turn goes on with the steps after this one, the "
                                                "step they were created after (CR 500.8, 500.9)"},
                "extra_turns": {"type": "array", "items": NAME,
                                "description": "extra turns to come after this one, next first (CR 500.7)"},
                "previous_turns": {"type": "object",
                                   "additionalProperties": {"type": "integer", "minimum": 0,
                                                            "maximum": 1_000_000},
                                   "description": "players' most recent turns before this one, where "
                                                  "extra turns put them elsewhere than the turn order "
                                                  "(CR 500.7; 0: none yet)"},
                "upkeeps": {**COUNT, "description": "upkeep steps begun this turn before this step "
                                                    "(default: 1 past the upkeep or in an additional step created "
                                                    "at or after it, 0 before it)"},
            },
        },
        "battlefield": {"type": "array", "items": PERMANENT},
        "effects": {"type": "array", "items": EFFECT},
        "stack": {"type": "array", "items": STACK_ITEM,
                  "description": "bottom first: the last item is the top of the stack"},
        "notes": {"type": "string"},
    },
}
SHORT_BOARD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "minProperties": 2,
    "additionalProperties": {"type": "array", "items": NAME},
}


# Validators compiled once per schema (pysolver/validator.py); the schema is kept with its
# check, so its id can't be reused.  jsonschema is imported only to explain invalid data.
# An integer is an int: 2.0 would pass JSON Schema's "integer" and then fail where the
# rules need an integer (clingo.Number), so a float is refused (by both validators).
_VALIDATORS: dict[int, tuple[dict, Any]] = {}


def first_error(schema: dict[str, Any], data: Any):
    """The most relevant validation error, or None."""
    schema_and_check = _VALIDATORS.get(id(schema))
    if schema_and_check is None or schema_and_check[0] is not schema:
        schema_and_check = _VALIDATORS[id(schema)] = (schema, validator.compile_schema(schema))
    if schema_and_check[1](data):
        return None
    import jsonschema

    return jsonschema.exceptions.best_match(reference_validator(schema).iter_errors(data))


def reference_validator(schema: dict[str, Any]) -> Any:
    """jsonschema's validator of ``schema`` (integers are ints), which explains invalid data."""
    import jsonschema

    strict = jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
            "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)))
    return strict(schema)


def error_path(error) -> tuple:
    """Where the error is: for an unknown field, the field itself."""
    path = tuple(error.absolute_path)
    unknown = _unknown_fields(error)
    return path + (unknown[0],) if unknown else path


def _unknown_fields(error) -> list[str]:
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return []
    known = set(error.schema.get("properties", {}))
    return sorted(str(k) for k in error.instance if k not in known)


_TYPE_WORDS = {str: "text", int: "an integer", float: "a decimal number", bool: "true or false",
               dict: "a mapping", list: "a list", type(None): "nothing (null)"}


def _a(expected: str) -> str:
    word = {"object": "mapping", "array": "list", "string": "text"}.get(expected, expected)
    return word if word == "text" else f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def describe(error) -> str:
    """A short message for a jsonschema error."""
    unknown = _unknown_fields(error)
    if unknown:
        return f"unknown field {unknown[0]!r}"
    if error.validator == "required":
        return error.message.replace("is a required property", "is missing")
    if error.validator == "minItems":
        count = error.validator_value
        return f"needs at least {count} {'item' if count == 1 else 'items'}"
    if error.validator == "minimum" and list(error.absolute_path)[-1:] == ["ability"]:
        return f"{error.message} ({error.schema['description']})"  # a stack entry's ability number
    if error.validator == "enum" and error.validator_value == STEPS:
        return f"unknown step {error.instance!r} (steps: {', '.join(STEPS)})"
    if error.validator == "enum":
        choices = ", ".join(map(str, error.validator_value))
        return f"{error.instance!r} is not one of: {choices}"
    if error.validator == "type":  # the value itself is not quoted: it may be anything
        expected = error.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        return f"{_TYPE_WORDS.get(type(error.instance), 'a value')} where {_a(expected)} is expected"
    if error.validator == "pattern" and error.validator_value == MANA_STRING["pattern"]:
        return (f"{_short(error.instance)} is not mana symbols such as {{2}}{{G}} "
                "(a number in a symbol has at most 6 digits)")
    message = error.message
    if len(message) > 160:
        message = message[:157] + "..."
    return message


# ------------------------------------------------------------ --json output
def output_schema_names() -> list[str]:
    """The queries (and commands) whose --json output has a schema file."""
    from importlib import resources
    folder = resources.files("pysolver.data").joinpath("output-schemas")
    return sorted(e.name[:-5] for e in folder.iterdir() if e.name.endswith(".json"))


def output_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of `pysolver NAME --json` output."""
    import json
    from importlib import resources
    path = resources.files("pysolver.data").joinpath("output-schemas", f"{name}.json")
    return json.loads(path.read_text("utf-8"))
