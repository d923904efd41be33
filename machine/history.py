"""The history of lines typed at the prompt, kept in the disk's folder between sessions; imports nothing.

Decision: the file has prompt_toolkit's FileHistory layout (a `# date` line, then `+line`), so the
window and the terminal share one history.
"""

from __future__ import annotations

from pathlib import Path

HISTORY_FILE = ".historique"  # in the Micro's disk folder; a dot name no guest program can spell


def load_history(path: Path) -> list[str]:
    """The lines kept in a history file, oldest first (none if it cannot be read)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
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


def remember(path: Path, line: str) -> None:
    """Add one line to the history file; a disk that cannot be written only loses the history."""
    from datetime import datetime  # imported by the first line remembered, not by every run (start-up)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as stream:
            stream.write(f"\n# {datetime.now()}\n+{line}\n")
    except OSError:
        pass
