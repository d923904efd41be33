"""The book on board: the book's programs (programs/*.lse) as a read-only volume of the Micro's disk.

Reads only the project's own data folder (machine/resources.py); imports nothing else of the Micro.
"""

from __future__ import annotations

from pathlib import Path

from machine.resources import data_dir

SUFFIX = ".lse"


def book_dir() -> Path:
    """The folder of the book's programs, in a clone or inside the installed package."""
    return data_dir("programs")


def book_names() -> list[str]:
    """The names of the book's programs, in upper case, sorted."""
    try:
        return sorted(path.stem.upper() for path in book_dir().glob("*" + SUFFIX) if path.is_file())
    except OSError:
        return []


def book_path(name: str) -> Path | None:
    """The file of one of the book's programs (any case, with or without .lse), or None."""
    stem = name.strip()
    if stem.lower().endswith(SUFFIX):
        stem = stem[:-len(SUFFIX)]
    if stem.upper() not in book_names():  # a name of the book only: no path can be spelled
        return None
    return book_dir() / (stem.lower() + SUFFIX)


def read_book(name: str) -> str | None:
    """The text of one of the book's programs, or None if the book has no such program."""
    path = book_path(name)
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
