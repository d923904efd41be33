"""The history of lines typed at the prompt, kept in the disk's folder between sessions; imports nothing.

Decision: the file has prompt_toolkit's FileHistory layout (a `# date` line, then `+line`), so the
window and the terminal share one history.
"""

from __future__ import annotations

from pathlib import Path

HISTORY_FILE = ".historique"  # in the Micro's disk folder; a dot name no guest program can spell
# Decision: the file keeps the last thousand lines typed (the prompt recalls MAX_HISTORY of them): it grew by
# one entry a line typed, for ever, and each start read it whole.
KEPT_ENTRIES = 1000


def load_history(path: Path) -> list[str]:
    """The lines kept in a history file, oldest first (none if it cannot be read); a file of more than
    KEPT_ENTRIES is written again with its last ones (a disk that cannot be written keeps it as it is)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    entries = _entries(text)
    if len(entries) > KEPT_ENTRIES:
        entries = entries[-KEPT_ENTRIES:]
        try:
            kept = path.with_name(path.name + ".tmp")
            kept.write_text("".join(_record(entry, "") for entry in entries), encoding="utf-8")
            kept.replace(path)
        except OSError:
            pass
    return entries


def _entries(text: str) -> list[str]:
    """The entries of a history file's text (prompt_toolkit's layout: `+` before each line of an entry)."""
    entries: list[str] = []
    current: list[str] | None = None
    for raw in text.split("\n"):
        if raw.startswith("+"):
            current = [] if current is None else current
            current.append(raw[1:])
        elif current is not None:
            entries.append("\n".join(current))
            current = None
    if current is not None:
        entries.append("\n".join(current))
    return entries


def _record(entry: str, stamp: str) -> str:
    """One entry as the file holds it: its date line, then each of its lines after a `+`."""
    return f"\n# {stamp}\n" + "".join(f"+{line}\n" for line in entry.split("\n"))


def remember(path: Path, line: str) -> None:
    """Add one line to the history file; a disk that cannot be written only loses the history."""
    from datetime import datetime  # imported by the first line remembered, not by every run (start-up)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as stream:
            stream.write(_record(line, str(datetime.now())))
    except OSError:
        pass
