"""The cards package imports one way, with no cycle (issue 11): `library`, `restrictions` and each
`oracle_*` module import nothing from the package but the few siblings named in SIBLINGS; `oracle` imports
`restrictions` and every `oracle_*` module; `db` imports `library` and `oracle`; any of them may import
`patterns` (the compiler's matching), which imports nothing from the package. A new `oracle_*` module needs
no line here unless it imports a sibling."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pysolver" / "cards"
# The only imports between the lower modules; each points down, so they can't form a cycle.
SIBLINGS = {
    "oracle_next.py": {"pysolver.cards.oracle_triggers", "pysolver.cards.oracle_step_ifs", "pysolver.cards.oracle_keywords"},
    "oracle_step_ifs.py": {"pysolver.cards.oracle_ifs", "pysolver.cards.oracle_words"},
    "oracle_leaves.py": {"pysolver.cards.oracle_triggers", "pysolver.cards.oracle_hand", "pysolver.cards.oracle_ifs"},
    "oracle_face_up.py": {"pysolver.cards.oracle_triggers"},
    "oracle_activate_events.py": {"pysolver.cards.oracle_triggers"},
    "oracle_player_events.py": {"pysolver.cards.oracle_triggers"},
    "oracle_graveyard_events.py": {"pysolver.cards.oracle_triggers"},
    "oracle_ifs.py": {"pysolver.cards.oracle_words"},
    "oracle_enters.py": {"pysolver.cards.oracle_ifs"},
    "oracle_pt.py": {"pysolver.cards.oracle_static", "pysolver.cards.oracle_cast_keywords"},
    "oracle_attached_types.py": {"pysolver.cards.oracle_pt"},
    "oracle_animated.py": {"pysolver.cards.oracle_pt", "pysolver.cards.oracle_static"},
    "oracle_tapping.py": {"pysolver.cards.oracle_triggers"},
    "oracle_triggers.py": {"pysolver.cards.oracle_step_ifs"},
    "oracle_counter_events.py": {"pysolver.cards.oracle_triggers"},
    "oracle_crime.py": {"pysolver.cards.oracle_triggers"},
    "oracle_counter_limit.py": {"pysolver.cards.oracle_words"},
    "oracle_unlock.py": {"pysolver.cards.oracle_leaves"},
    "oracle_cast.py": {"pysolver.cards.oracle_leaves", "pysolver.cards.oracle_triggers"},
    "oracle_batch.py": {"pysolver.cards.oracle_triggers"},
    "oracle_from_anywhere.py": {"pysolver.cards.oracle_triggers"},
    "oracle_turn_events.py": {"pysolver.cards.oracle_triggers"},
}
ORACLE_MODULES = sorted(p.name for p in PACKAGE.glob("oracle_*.py"))
# What each module of the package may import from the package itself.
# The bottom of the package: every module may import it, it imports nothing from the package.
BOTTOM = {"pysolver.cards.patterns"}
ALLOWED = {
    **{name: SIBLINGS.get(name, set()) for name in ["library.py", "restrictions.py", "patterns.py", *ORACLE_MODULES]},
    "oracle.py": {"pysolver.cards.restrictions", *(f"pysolver.cards.{name[:-3]}" for name in ORACLE_MODULES)},
    "db.py": {"pysolver.cards.library", "pysolver.cards.oracle"},
}


def package_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pysolver.cards"):
            if node.module == "pysolver.cards":
                found |= {f"pysolver.cards.{alias.name}" for alias in node.names}
            else:
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("pysolver.cards")}
    return found


def test_modules_import_only_what_lies_below_them():
    assert sorted(p.name for p in PACKAGE.glob("*.py")) == sorted([*ALLOWED, "__init__.py"])
    for name, allowed in ALLOWED.items():
        assert package_imports(PACKAGE / name) - (BOTTOM if name != "patterns.py" else set()) == allowed, name


def test_each_module_imports_first_in_a_fresh_interpreter():
    for module in ("pysolver.cards.library", "pysolver.cards.oracle", "pysolver.cards.oracle_next",
                   "pysolver.cards.oracle_triggers",
                   "pysolver.cards.oracle_static", "pysolver.cards.db", "pysolver.cards"):
        done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True,
                              check=False)
        assert (done.returncode, done.stderr) == (0, ""), module
