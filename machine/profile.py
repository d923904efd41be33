"""Machine profiles read from roms/<name>.toml, the one place machine constants come from; imports errors only."""

from __future__ import annotations

import marshal
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from machine.errors import InternalError
from machine.record import record
from machine.resources import data_dir

ROMS_DIR = data_dir("roms")
DEFAULT_PROFILE = "micro40"

_NAME = re.compile(r"^[a-z0-9_]+$")
_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

# Operation kinds the compiler charges, then one entry per built-in function.
REQUIRED_COSTS: frozenset[str] = frozenset((
    "statement", "constant", "variable", "assign", "array_read", "array_write",
    "add", "sub", "mul", "div", "pow", "neg", "compare", "logic", "concat",
    "conditional", "jump", "loop_init", "loop_step", "call", "return",
    "print_char", "input_char", "declare", "element_init", "char_scan", "disk",
    "ABS", "ENT", "RAC", "EXP", "LGN", "SIN", "COS", "ATG", "ALE", "TEM", "DAT",
    "LGR", "POS", "SCH", "GRL", "SKP", "PTR", "CCA", "CNB", "EQN", "EQC",
    "ETL", "OUL", "OUX",
))

# Positive integers of the [machine] section, beside its two strings.
_MACHINE_INTS = ("columns", "rows", "clock_hz", "max_call_depth", "memory_cells", "max_string",
                 "max_line_chars", "max_program_bytes", "max_program_lines", "max_data_file_bytes")
_MACHINE_KEYS = frozenset(("name", "title", "numbers", *_MACHINE_INTS))
NUMBER_MODELS = ("double", "single")  # see machine/lse/numbers.py
_DISPLAY_KEYS = frozenset(("foreground", "background", "aspect", "frame_hz"))
_SOUND_KEYS = frozenset(("bell_hz", "bell_ms"))
_SECTIONS = frozenset(("machine", "palette", "display", "sound", "costs"))
_ASPECT = re.compile(r"^([1-9][0-9]*):([1-9][0-9]*)$")

RGB = tuple[int, int, int]


class ProfileError(Exception):
    """The user asked for a machine that has no profile in roms/."""

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(name, known)
        self.name = name
        self.known = known

    def __str__(self) -> str:
        return f"MACHINE INCONNUE: {self.name} (CONNUES: {', '.join(self.known)})"


@record(frozen=True)
class Profile:
    """One machine's constants: geometry, clock, limits, colours and cycle costs."""

    name: str
    title: str
    columns: int
    rows: int
    clock_hz: int
    max_call_depth: int
    memory_cells: int
    max_string: int
    numbers: str
    max_line_chars: int
    max_program_bytes: int
    max_program_lines: int
    max_data_file_bytes: int
    palette: Mapping[str, RGB]
    foreground: str
    background: str
    aspect: tuple[int, int]
    frame_hz: int
    bell_hz: int
    bell_ms: int
    costs: Mapping[str, int]

    def colour(self, name: str) -> RGB:
        """Return the (r, g, b) of a palette colour."""
        return self.palette[name]


def known_profiles() -> list[str]:
    """Return the names of the profiles in roms/, sorted."""
    return sorted(p.stem for p in ROMS_DIR.glob("*.toml") if _NAME.match(p.stem))


def load_profile(name: str = DEFAULT_PROFILE) -> Profile:
    """Load roms/<name>.toml, resolving `inherits`; raise ProfileError for an unknown name."""
    return parse_profile(name, _read_tables(name, ()))


def _read_tables(name: str, chain: tuple[str, ...]) -> dict[str, Any]:
    """Read one profile file and fill the sections it omits from the profile it inherits."""
    path = ROMS_DIR / f"{name}.toml"
    if not _NAME.match(name) or not path.is_file():  # one stat; roms/ is listed only to say what is known
        known = known_profiles()
        if name not in known or not _NAME.match(name):
            if chain:  # a profile inheriting from a missing one is a bug of roms/, not of the user
                raise InternalError(f"roms/{chain[-1]}.toml inherits unknown profile {name!r}")
            raise ProfileError(name, known)
    if name in chain:
        raise InternalError(f"roms/{name}.toml: inheritance cycle {' -> '.join((*chain, name))}")
    try:
        data = read_toml(path)
    except OSError as e:
        raise InternalError(f"roms/{name}.toml: {e}") from e
    parent = data.pop("inherits", None)
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise InternalError(f"roms/{name}.toml: inherits must be a profile name")
    # Decision: a section the child declares replaces the parent's section whole
    # (a 2-colour palette must not be merged into 16); omitted sections are inherited.
    return {**_read_tables(parent, (*chain, name)), **data}


# Decision: tomllib costs a run ~3 ms (its import compiles regular expressions and imports datetime,
# then the parse), a large share of the Micro's start-up. The tables parsed from a profile are kept
# beside it, in roms/__pycache__, as a marshal of (the file's exact bytes, its tables): a cache is used
# only if it holds the very bytes just read from the .toml, so no edit can be missed (whatever the
# mtime); anything unreadable in it means "parse again". Like Python's own .pyc files it is written
# atomically (temporary file, then rename), not at all under PYTHONDONTWRITEBYTECODE, and silently
# not when the directory is read-only.
_CACHE_FORMAT = 1


def _cache_path(path: Path) -> Path:
    return path.parent / "__pycache__" / f"{path.name}.{sys.implementation.cache_tag}.marshal"


def read_toml(path: Path, write_cache: bool | None = None) -> dict[str, Any]:
    """The tables of a TOML file, from its cache if that holds the same bytes; InternalError if not TOML.

    write_cache: None to write a missing or stale cache unless Python writes no bytecode.
    """
    raw = path.read_bytes()
    cache = _cache_path(path)
    try:
        form, cached_raw, data = marshal.loads(cache.read_bytes())
        if form == _CACHE_FORMAT and cached_raw == raw and isinstance(data, dict):
            return data
    except (OSError, ValueError, EOFError, TypeError):
        pass  # no cache, or not one of ours: parse the file
    import tomllib
    try:
        data = tomllib.loads(raw.decode())
    except tomllib.TOMLDecodeError as e:
        raise InternalError(f"roms/{path.name}: {e}") from e
    if write_cache if write_cache is not None else not sys.dont_write_bytecode:
        _write_cache(cache, raw, data)
    return data


def cache_profiles() -> None:
    """Write the cache of every profile in roms/ even under PYTHONDONTWRITEBYTECODE (bench/, as compileall)."""
    for name in known_profiles():
        read_toml(ROMS_DIR / f"{name}.toml", write_cache=True)


def _write_cache(cache: Path, raw: bytes, data: dict[str, Any]) -> None:
    try:
        blob = marshal.dumps((_CACHE_FORMAT, raw, data))
    except ValueError:  # a value marshal cannot keep (a TOML date): no cache
        return
    temporary = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
    try:
        cache.parent.mkdir(exist_ok=True)
        temporary.write_bytes(blob)
        os.replace(temporary, cache)
    except OSError:  # a read-only install: parse every time
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass


def parse_profile(name: str, data: Mapping[str, Any]) -> Profile:
    """Build a Profile from the tables of a profile file; raise InternalError if malformed."""
    where = f"roms/{name}.toml"
    unknown = set(data) - _SECTIONS
    if unknown:
        raise InternalError(f"{where}: unknown sections or keys {sorted(unknown)}")
    machine = _section(data, "machine", where)
    _check_keys(machine, _MACHINE_KEYS, f"{where} [machine]")
    if machine["name"] != name:
        raise InternalError(f"{where}: [machine] name is {machine['name']!r}, expected {name!r}")
    if not isinstance(machine["title"], str):
        raise InternalError(f"{where}: [machine] title must be a string")
    if machine["numbers"] not in NUMBER_MODELS:
        raise InternalError(f"{where}: [machine] numbers must be one of {NUMBER_MODELS}, got {machine['numbers']!r}")
    for key in _MACHINE_INTS:
        if not _is_int(machine[key]) or machine[key] <= 0:
            raise InternalError(f"{where}: [machine] {key} must be a positive integer, got {machine[key]!r}")
    palette = {colour: _rgb(value, f"{where} [palette] {colour}")
               for colour, value in _section(data, "palette", where).items()}
    if not palette:
        raise InternalError(f"{where}: [palette] is empty")
    display = _section(data, "display", where)
    _check_keys(display, _DISPLAY_KEYS, f"{where} [display]")
    for key in ("foreground", "background"):
        if display[key] not in palette:
            raise InternalError(f"{where}: [display] {key} {display[key]!r} is not a [palette] colour")
    aspect = _ASPECT.match(str(display["aspect"]))
    if not isinstance(display["aspect"], str) or aspect is None:
        raise InternalError(f"{where}: [display] aspect must be \"width:height\", got {display['aspect']!r}")
    sound = _section(data, "sound", where)
    _check_keys(sound, _SOUND_KEYS, f"{where} [sound]")
    for table, key, section in ((display, "frame_hz", "display"), (sound, "bell_hz", "sound"),
                                (sound, "bell_ms", "sound")):
        if not _is_int(table[key]) or table[key] <= 0:
            raise InternalError(f"{where}: [{section}] {key} must be a positive integer, got {table[key]!r}")
    costs = _section(data, "costs", where)
    _check_keys(costs, REQUIRED_COSTS, f"{where} [costs]")
    for key, value in costs.items():
        if not _is_int(value) or value < 0:
            raise InternalError(f"{where}: [costs] {key} must be a non-negative integer, got {value!r}")
    return Profile(
        name=name, title=machine["title"],
        columns=machine["columns"], rows=machine["rows"], clock_hz=machine["clock_hz"],
        max_call_depth=machine["max_call_depth"], memory_cells=machine["memory_cells"],
        max_string=machine["max_string"], numbers=machine["numbers"],
        max_line_chars=machine["max_line_chars"], max_program_bytes=machine["max_program_bytes"],
        max_program_lines=machine["max_program_lines"], max_data_file_bytes=machine["max_data_file_bytes"],
        palette=MappingProxyType(palette),
        foreground=display["foreground"], background=display["background"],
        aspect=(int(aspect.group(1)), int(aspect.group(2))), frame_hz=display["frame_hz"],
        bell_hz=sound["bell_hz"], bell_ms=sound["bell_ms"],
        costs=MappingProxyType(dict(costs)),
    )


def _section(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    """Return one [section] table of a profile, which must be present."""
    table = data.get(key)
    if not isinstance(table, dict):
        raise InternalError(f"{where}: missing section [{key}]")
    return table


def _check_keys(table: Mapping[str, Any], expected: frozenset[str], where: str) -> None:
    """Raise InternalError naming the missing and unknown keys of a table."""
    missing = expected - set(table)
    unknown = set(table) - expected
    if missing or unknown:
        parts = []
        if missing:
            parts.append(f"missing {sorted(missing)}")
        if unknown:
            parts.append(f"unknown {sorted(unknown)}")
        raise InternalError(f"{where}: {'; '.join(parts)}")


def _is_int(value: object) -> bool:
    """Tell whether a TOML value is an integer (booleans excluded)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _rgb(value: object, where: str) -> RGB:
    """Parse a "#rrggbb" colour into (r, g, b)."""
    if not isinstance(value, str) or not _HEX_COLOUR.match(value):
        raise InternalError(f"{where}: colour must be \"#rrggbb\", got {value!r}")
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)
