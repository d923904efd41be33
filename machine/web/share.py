"""A program carried in a link: `#prog=` and the program's text compressed; imports the error catalogue only.

Decision: zlib's deflate then base64 for URLs without padding, done in Python on both ends (the page
runs this module in Pyodide), so that a link made by the page, by a test or by the README's recipe is
read back the same way. Reading is bounded: a link never unpacks to more than a program may hold.
"""

from __future__ import annotations

import base64
import binascii
import zlib

from machine.errors import Err, LseError

PREFIX = "prog="
SHOWN = 12  # characters of a bad link shown in its message


def encode(text: str) -> str:
    """The fragment (without '#') that carries a program's text."""
    packed = zlib.compress(text.encode("utf-8"), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(fragment: str, most_bytes: int) -> str | None:
    """The program a fragment carries (None if it carries none); LIEN ILLISIBLE if it cannot be read."""
    fragment = fragment.lstrip("#")
    if not fragment.startswith(PREFIX):
        return None
    data = fragment[len(PREFIX):]
    shown = data[:SHOWN] + ("..." if len(data) > SHOWN else "")
    if len(data) > 2 * most_bytes:  # no compressed program of the limit is that long
        raise LseError(Err.BAD_LINK, shown)
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, most_bytes + 1)
        if len(raw) > most_bytes or not unpacker.eof:
            raise LseError(Err.BAD_LINK, shown)
        return raw.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise LseError(Err.BAD_LINK, shown) from None
