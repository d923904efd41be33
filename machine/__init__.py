"""The Micro: an emulated 1980s French school microcomputer running LSE; the package's version and data folders."""

from pathlib import Path

__version__ = "0.2.0"


def data_dir(name: str) -> Path:
    """A folder of the Micro's data (roms, programs): beside the package in a clone, inside it when installed."""
    here = Path(__file__).resolve().parent
    installed = here / name
    return installed if installed.is_dir() else here.parent / name
