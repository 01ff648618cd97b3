"""JSON Schemas of pysolver's file formats: boards and card definitions.

`pysolver schema board` and `pysolver schema cards` print them; the loaders
validate every file against them before any rule sees it.  docs/board-format.md
and docs/cards.md describe each field.
"""

from __future__ import annotations

from typing import Any

import jsonschema

NAME = {"type": "string", "minLength": 1, "maxLength": 200}
COUNT = {"type": "integer", "minimum": 0, "maximum": 1_000_000}
MANA_TYPE = {"enum": ["W", "U", "B", "R", "G", "C"]}
COLOR = {"enum": ["W", "U", "B", "R", "G"]}
MANA_STRING = {"type": "string", "pattern": r"^(\{[0-9WUBRGCXSP/]+\})*$", "maxLength": 200}
WHOSE = {"enum": ["you", "opponent", "any"]}

# ---------------------------------------------------------------- card data
FILTER = {
    "type": "object",
    "description": "Objects that have every listed characteristic.",
    "additionalProperties": False,
    "properties": {
        "types": {"type": "array", "items": NAME},
        "not_types": {"type": "array", "items": NAME},
        "subtypes": {"type": "array", "items": NAME},
        "supertypes": {"type": "array", "items": NAME},
        "not_supertypes": {"type": "array", "items": NAME},
    },
}
TYPE_SET = {
    "oneOf": [
        {"enum": ["any_color", "any_type"]},
        {"type": "array", "items": MANA_TYPE, "minItems": 1, "uniqueItems": True},
    ]
}
AMOUNT = {
    "oneOf": [
        COUNT,
        {"const": "devotion", "description": "devotion to the chosen color (CR 700.5)"},
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["count"],
            "properties": {
                "count": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["filter"],
                    "properties": {"whose": WHOSE, "filter": FILTER},
                }
            },
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
            },
        },
        "commander_colors": {"const": True},
        "double_pool": {"const": True, "description": "as much of each type as your mana pool holds (CR 701.9f)"},
        "amount": AMOUNT,
    },
    "oneOf": [
        {"required": ["mana"]},
        {"required": ["one_of"]},
        {"required": ["combination"]},
        {"required": ["reflect"]},
        {"required": ["commander_colors"]},
        {"required": ["double_pool"]},
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
                "pay_life": COUNT,
                "discard": COUNT,
                "tap_untapped": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["filter"],
                    "properties": {"count": COUNT, "filter": FILTER},
                },
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
RIDER = {
    "type": "object",
    "additionalProperties": False,
    "minProperties": 1,
    "maxProperties": 1,
    "properties": {
        "damage_to_controller": COUNT,
        "damage_to_tapper": COUNT,
        "sacrifice_if_no_counters": NAME,
    },
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
        "only_if_you_control": FILTER,
        "restriction": {"type": "string", "description": "spending restriction (text only)"},
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
        "min_amount": COUNT,
        "multiply": {"type": "integer", "minimum": 2, "maximum": 10},
        "becomes": {
            "type": "object",
            "additionalProperties": False,
            "required": ["type"],
            "properties": {"type": MANA_TYPE, "amount": COUNT},
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
        "add": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "same_type": COUNT,
                "mana": MANA_STRING,
                "one_of": TYPE_SET,
                "chosen_color": COUNT,
            },
            "minProperties": 1,
            "maxProperties": 1,
        },
        "riders": {"type": "array", "items": RIDER},
    },
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
    },
}
STATIC = {
    "type": "object",
    "description": "A static ability's continuous effect (CR 604, 613).",
    "additionalProperties": False,
    "required": ["affects"],
    "properties": {
        "affects": FILTER,
        "whose": WHOSE,
        "enchanted": {"type": "boolean"},
        "set_land_types": {"type": "array", "items": NAME},
        "add_land_types": {
            "oneOf": [{"const": "all_basic"}, {"type": "array", "items": NAME}]
        },
        "add_types": {"type": "array", "items": NAME},
        "grant": {"type": "array", "items": {"$ref": "#/$defs/ability"}},
        "grant_keywords": {"type": "array", "items": NAME},
    },
}
ACTIVATED = {
    "type": "object",
    "description": "An activated ability that is not a mana ability (CR 602).",
    "additionalProperties": False,
    "required": ["cost"],
    "properties": {
        "cost": {"type": "array", "items": COST_ITEM},
        "text": {"type": "string"},
        "target": {"type": "object"},
    },
}
TRIGGERED = {
    "type": "object",
    "description": "A triggered ability (CR 603) other than a mana ability.",
    "additionalProperties": True,
    "required": ["when"],
    "properties": {"when": {"type": "object"}, "text": {"type": "string"},
                   "riders": {"type": "array", "items": RIDER},
                   "effect": {"enum": ["doesnt_untap"],
                              "description": "what a 'tapped for mana' trigger does to that permanent"}},
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
        "abilities": {"type": "array", "items": ABILITY},
        "effect": {
            "type": "array",
            "items": ABILITY,
            "description": "the continuous effect the card creates as it resolves (CR 611.2)",
        },
        "oracle": {"type": "string"},
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
    "$defs": {"ability": ABILITY, "static": STATIC, "activated": ACTIVATED, "triggered": TRIGGERED},
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
                "life": {"type": "integer"},
                "mana_pool": MANA_STRING,
                "graveyard": {"type": "array", "items": NAME},
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
PERMANENT = {
    "type": "object",
    "additionalProperties": False,
    "required": ["card", "controller"],
    "properties": {
        "id": NAME,
        "card": NAME,
        "controller": NAME,
        "owner": NAME,
        "tapped": {"type": "boolean"},
        "counters": {"type": "object", "additionalProperties": COUNT},
        "attached_to": ATTACHMENT,
        "continuous_control": {
            "type": "boolean",
            "description": "controlled continuously since its controller's most recent turn began (CR 302.6)",
        },
        "x": COUNT,
        "copy_of": NAME,
        "timestamp": {"type": "integer"},
        "chosen": {"type": "object", "additionalProperties": NAME},
        "entered": {"type": "object"},
        "token": {"type": "boolean"},
    },
}
EFFECT = {
    "type": "object",
    "additionalProperties": False,
    "required": ["card", "controller"],
    "properties": {
        "id": NAME,
        "card": NAME,
        "controller": NAME,
        "duration": {"enum": ["end_of_turn", "permanent", "until_next_turn"]},
        "timestamp": {"type": "integer"},
    },
}
STACK_ITEM = {
    "type": "object",
    "additionalProperties": False,
    "required": ["card", "controller"],
    "properties": {
        "id": NAME,
        "card": NAME,
        "controller": NAME,
        "x": COUNT,
        "copy": {"type": "boolean"},
        "cast": {"type": "boolean"},
        "without_paying_mana_cost": {"type": "boolean"},
        "resolving": {"type": "boolean"},
        "copy_of": NAME,
    },
}
STEPS = [
    "untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup",
]
BOARD_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://pysolver.invalid/schemas/board-1.json",
    "title": "pysolver board, format 1",
    "description": "Full form. The short form maps each player's name to a list of card names.",
    "type": "object",
    "additionalProperties": False,
    "required": ["players"],
    "properties": {
        "format": {"const": "pysolver-board/1"},
        "players": {"type": "array", "items": PLAYER, "minItems": 2},
        "turn": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "number": {"type": "integer", "minimum": 1},
                "active": NAME,
                "step": {"enum": STEPS},
            },
        },
        "battlefield": {"type": "array", "items": PERMANENT},
        "effects": {"type": "array", "items": EFFECT},
        "stack": {"type": "array", "items": STACK_ITEM},
        "notes": {"type": "string"},
    },
}
SHORT_BOARD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "minProperties": 2,
    "additionalProperties": {"type": "array", "items": NAME},
}


def first_error(schema: dict[str, Any], data: Any):
    """The most relevant validation error, or None."""
    validator = jsonschema.Draft202012Validator(schema)
    return jsonschema.exceptions.best_match(validator.iter_errors(data))


def describe(error) -> str:
    """A short message for a jsonschema error."""
    if error.validator == "additionalProperties":
        return error.message.replace("Additional properties are not allowed", "unknown field")
    if error.validator == "required":
        return error.message.replace("is a required property", "is missing")
    message = error.message
    if len(message) > 160:
        message = message[:157] + "..."
    return message
