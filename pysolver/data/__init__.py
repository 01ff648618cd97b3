"""Data files shipped inside the package: the creature types (CR 205.3m), the hand-written card
definitions, the output schemas."""

from __future__ import annotations

from functools import cache
from pathlib import Path

FOLDER = Path(__file__).resolve().parent


@cache
def creature_types() -> tuple[str, ...]:
    """The creature types (CR 205.3m), read once a process from creature-types.yaml: the one
    reader of the list (the compiler, the facts, board checks and `turn` all ask here)."""
    import yaml  # only when something reads creature types (issue 16: a JSON board needs no PyYAML)

    return tuple(yaml.safe_load((FOLDER / "creature-types.yaml").read_text("utf-8"))["creature_types"])
