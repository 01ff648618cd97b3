"""Benchmark: could-produce on a board of every built-in card kind, once and twice (issue 16).

Every built-in card that can be on a board (permanents, and the effects of resolved
spells), COPIES of each, alternating between two players (an Aura on a host of its
own), in the full form: about 145 objects once, 290 twice.  Among them the mana
replacement effects (Contamination, Mana Reflection, Nyxbloom Ancient, Damping Sphere,
Pale Moon: ten effects twice) beside effects whose reach depends on types other
effects change (March of the Machines, Urborg, Blood Moon...), so that which effects
apply to a mana event is decided only by the solve (asp/mana_replacement.lp's
problems).  Each query runs as a user runs it (``python -m pysolver ...``) in a child
process capped at 8 GB of address space; prints the medians of CPU time and peak
memory (the child's maximum resident set) over RUNS runs, interleaved.

    python benchmarks/every_kind.py [RUNS [COPIES...]]
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

from pysolver import cards

GIB = 1024 ** 3
ADDRESS_SPACE = 8 * GIB
TIMEOUT = 600  # seconds (the query's own --timeout: exit 3)
PLAYERS = ["A", "B"]
PERMANENT_TYPES = {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}


def board(copies: int) -> dict:
    """COPIES of every built-in card kind that can be on a board, alternating between players."""
    battlefield: list[dict] = []
    effects: list[dict] = []
    for name, card in sorted(cards.builtin_library().cards.items()):
        data = card.data
        permanent = bool(PERMANENT_TYPES & set(data.get("types", [])))
        if not permanent and "effect" not in data:
            continue  # never on a board
        for i in range(copies):
            player = PLAYERS[i % 2]
            entry: dict = {"card": name, "controller": player}
            if not permanent:
                effects.append(entry)
                continue
            for stat in ("power", "toughness"):
                if stat in data and not isinstance(data[stat], int):
                    entry[stat] = 1
            enchant = data.get("enchant")
            if enchant == "player":
                entry["attached_to"] = {"player": player}
            elif enchant:  # a filter of what it can enchant: a creature, else a land
                host = f"host{len(battlefield)}"
                battlefield.append({"id": host, "card": "Grizzly Bears" if "creature" in str(enchant).lower()
                                    else "Forest", "controller": player})
                entry["attached_to"] = {"permanent": host}
            battlefield.append(entry)
    return {"players": PLAYERS, "battlefield": battlefield, "effects": effects}


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run(arguments: list[str]) -> tuple[int, float, float]:
    """(exit status, CPU seconds, peak resident GB) of one query in a child process."""
    command = [sys.executable, "-m", "pysolver", *arguments, "--allow-partial", "--json",
               "--timeout", str(TIMEOUT)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               preexec_fn=limit_memory)
    _, status, usage = os.wait4(process.pid, 0)
    return os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024 / GIB


def main(runs: int = 3, sizes: tuple[int, ...] = (1, 2)) -> int:
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for copies in sizes:
            paths[copies] = os.path.join(folder, f"every-{copies}.json")
            with open(paths[copies], "w", encoding="utf-8") as out:
                json.dump(board(copies), out)
        measured: dict[int, list[tuple[int, float, float]]] = {copies: [] for copies in sizes}
        for _ in range(runs):
            for copies in sizes:
                measured[copies].append(run(["could-produce", paths[copies]]))
        print(f"could-produce, every built-in card kind, medians of {runs} runs")
        print(f"{'copies':>6}  {'objects':>7}  {'cpu (s)':>8}  {'peak (GB)':>9}  exit")
        for copies in sizes:
            data = board(copies)
            objects = len(data["battlefield"]) + len(data["effects"])
            results = measured[copies]
            print(f"{copies:>6}  {objects:>7}  {statistics.median(r[1] for r in results):>8.1f}  "
                  f"{statistics.median(r[2] for r in results):>9.2f}  {sorted({r[0] for r in results})}")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, tuple(int(a) for a in sys.argv[2:]) or (1, 2)))
