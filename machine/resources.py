"""Where the Micro's data files live (roms/, programs/); imports nothing of the project.

Decision: in a clone they sit beside the package; `pip install .` copies them into the
package (pyproject.toml maps roms/ to machine/roms and programs/ to machine/programs).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the directory `name` (roms or programs): inside the installed package, else the clone's."""
    installed = _PACKAGE / name
    return installed if installed.is_dir() else _PACKAGE.parent / name
