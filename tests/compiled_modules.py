"""Compiled modules kept between test runs, outside the checkout (imported first by conftest.py).

Where PYTHONDONTWRITEBYTECODE is set (this machine's environment), every test process compiled
pysolver and rewrote the test modules' asserts again, and every CLI child the tests start
compiled pysolver again: ~5 s of CPU a test process, 0.1 s a child (issue 16).  The suite then
keeps them in a folder of this user's in the temporary folder (sys.pycache_prefix, which the
children inherit), never in the checkout; Python checks each against its source as it does in
__pycache__.  Where bytecode is written anyway, or the user chose a prefix, nothing changes.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def keep_compiled_modules() -> None:
    if not sys.dont_write_bytecode or sys.pycache_prefix is not None:
        return
    folder = Path(tempfile.gettempdir()) / f"pysolver-test-pycache-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    if folder.is_symlink() or folder.stat().st_uid != os.getuid():  # not this user's: compile as before
        return
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    sys.dont_write_bytecode = False


keep_compiled_modules()
