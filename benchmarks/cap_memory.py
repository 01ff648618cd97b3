"""Benchmark: every query on a board at the documented object cap, within 2 GB (issue 16).

A board of 50,000 permanents (PYSOLVER_MAX_OBJECTS), two players, mixing every
built-in permanent card with a mana ability (basics, Reflecting Pool, Exotic
Orchard, Gaea's Cradle, Tolarian Academy, City of Brass, Gemstone Mine, ...),
each query run as a user runs it (``python -m pysolver ...``) in a child
process whose address space is capped (3 GB, so that a runaway query can't
take the machine).  Prints each query's peak memory (the child's maximum
resident set) and CPU time, and whether it answered, refused up front (a
limit error, exit status 3) or failed; a query that answers must stay within
2 GB.  A query stopped by its --timeout (300 s) is listed as refused, with
the tool's "incomplete" message.

    python benchmarks/cap_memory.py [PERMANENTS]
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile

from pysolver import cards
from pysolver.board import slug

GIB = 1024 ** 3
BUDGET = 2 * GIB
ADDRESS_SPACE = 3 * GIB
TIMEOUT = 300  # seconds a query may take (its own --timeout: exit 3, "incomplete")
PERMANENT_TYPES = {"Artifact", "Creature", "Land", "Enchantment"}
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def mana_cards() -> list[str]:
    """Built-in permanents with a mana ability (no Auras: they need a host)."""
    found = []
    for name, card in sorted(cards.builtin_library().cards.items()):
        data = card.data
        if not PERMANENT_TYPES & set(data.get("types", [])) or data.get("enchant"):
            continue
        if any(not isinstance(data.get(stat, 0), int) for stat in ("power", "toughness")):
            continue
        if any("mana" in ability for ability in data.get("abilities", [])) or name in BASICS:
            found.append(name)
    return found


def board(size: int, seed: int = 16) -> dict:
    """The short form (a full form with ids passes the file's value limit at this size); a board at
    rest: a legendary card at most once a player (else the legend rule applies, CR 704.5j, and
    `turn` refuses the board), a Forest in place of the others."""
    rng = random.Random(seed)
    kinds = mana_cards()
    library = cards.builtin_library().cards
    legendary = {name for name in kinds if "Legendary" in library[name].data.get("supertypes", [])}
    found: dict[str, list[str]] = {}
    for player in ("A", "B"):
        seen: set[str] = set()
        found[player] = []
        for _ in range(size // 2):
            card = rng.choice(kinds)
            if card in legendary and card in seen:
                card = "Forest"
            seen.add(card)
            found[player].append(card)
    return found


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run(arguments: list[str]) -> tuple[str, float, float]:
    """(status, peak resident GB, CPU seconds) of one query in a child process."""
    command = [sys.executable, "-m", "pysolver", *arguments, "--timeout", str(TIMEOUT)]
    # stderr to a file: a pipe nobody reads until the child ends stops a child that writes more than it
    # holds (a refusal listing thousands of objects once did)
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, preexec_fn=limit_memory)
        _, status, usage = os.wait4(process.pid, 0)
        errors.seek(0)
        error = errors.read().decode(errors="replace").strip().splitlines()
    code = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss * 1024 / GIB  # kilobytes on Linux
    if code == 0:
        state = "answered"
    elif code == 3:
        state = "refused: " + (error[-1] if error else "")
    else:
        state = f"failed ({code}): " + (error[-1] if error else "")
    return state, peak, usage.ru_utime + usage.ru_stime


def main(size: int = 50_000) -> int:
    data = board(size)
    kinds = len({card for listed in data.values() for card in listed})
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "board.json")
        with open(path, "w", encoding="utf-8") as out:
            json.dump(data, out)
        first = slug(data["A"][0])
        queries = [["could-produce", path], ["available", path, "A"],
                   ["can-activate", path, first, "--ability", "1"], ["mana", path, first, "--ability", "1"],
                   ["turn", path], ["outcomes", path]]
        print(f"{size:,} permanents of {kinds} card kinds, two players; budget {BUDGET / GIB:g} GB")
        print(f"{'query':>14}  {'peak (GB)':>9}  {'cpu (s)':>8}  status")
        status = 0
        for arguments in queries:
            state, peak, seconds = run(arguments)
            print(f"{arguments[0]:>14}  {peak:>9.2f}  {seconds:>8.1f}  {state}", flush=True)
            if state.startswith("failed") or (state == "answered" and peak * GIB > BUDGET):
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 50_000))
