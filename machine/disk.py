"""The Micro's disk: a directory of programs and data files, reached only by checked names.

Owns every file access of guest programs (GARER, CHARGER, SUPPRIMER, EXECUTER);
must not import pygame or the front ends.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

from machine.errors import Err, LseError
from machine.lse.values import Array, Vars, array_dims, element_keys, elements, new_array


@cache
def name_pattern() -> re.Pattern:  # compiled by its first use, not at start-up
    return re.compile(r"[A-Z][A-Z0-9]{0,7}\Z")
DATA_SUFFIX = ".don"
PROGRAM_SUFFIX = ".lse"
# CHARGER status codes (lse-notes §1.3).
NO_FILE, NO_RECORD, NUMBER, VECTOR, MATRIX, STRING = -2.0, -1.0, 0.0, 1.0, 2.0, 3.0


def check_name(name: object) -> str:
    """Return a file name in upper case if it is letters and digits (at most 8), else fail."""
    if type(name) is not str:
        raise LseError(Err.FILE_NAME, name)
    upper = name.upper()
    if not name_pattern().match(upper):
        raise LseError(Err.FILE_NAME, name)
    return upper


def check_record(record: object) -> str:
    """Return a record number as a key, if it is a positive integer."""
    if type(record) is not float or not record.is_integer() or record < 1:
        raise LseError(Err.BAD_ARGUMENT, "NUMERO D'ENREGISTREMENT")
    return str(int(record))


def encode(value: object) -> object:
    """Turn a value into JSON data."""
    if type(value) is Array:
        return {"dims": list(array_dims(value)), "values": elements(value)}
    return value


def decode(name: str, data: object) -> tuple[object, float]:
    """Turn JSON data back into a value, with its CHARGER status."""
    if isinstance(data, str):
        return data, STRING
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        return float(data), NUMBER
    if isinstance(data, dict) and isinstance(data.get("dims"), list):
        dims = tuple(int(d) for d in data["dims"])
        array = new_array(name, dims)
        for key, item in zip(element_keys(array), data["values"], strict=True):
            array[key] = float(item)
        return array, VECTOR if len(dims) == 1 else MATRIX
    raise LseError(Err.DISK_ERROR, "ENREGISTREMENT ILLISIBLE")


class Disk:
    """Data files and programs in one directory; temporary files live in memory."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.temporary: dict[str, dict[str, object]] = {}

    # --------------------------------------------------------- data files
    def _split(self, file: object) -> tuple[str, bool]:
        if type(file) is not str:
            raise LseError(Err.FILE_NAME, file)
        permanent = file.startswith("#")
        return check_name(file[1:] if permanent else file), permanent

    def _path(self, name: str, suffix: str) -> Path:
        return self.root / (name + suffix)

    def _read(self, name: str, permanent: bool) -> dict[str, object] | None:
        if not permanent:
            return self.temporary.get(name)
        import json  # Decision: json and tempfile are imported by the first disk access, not by every run (start-up)
        path = self._path(name, DATA_SUFFIX)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as error:
            raise LseError(Err.DISK_ERROR, name) from error
        if not isinstance(data, dict):
            raise LseError(Err.DISK_ERROR, name)
        return data

    def _write(self, name: str, permanent: bool, records: dict[str, object]) -> None:
        if not permanent:
            self.temporary[name] = records
            return
        import json
        self.write_atomically(self._path(name, DATA_SUFFIX), json.dumps(records))

    def write_atomically(self, path: Path, text: str) -> None:
        """Write a file whole or not at all (write a temporary file, then rename)."""
        import tempfile
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.root, prefix=".tmp-")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    stream.write(text)
                os.replace(temporary, path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as error:
            raise LseError(Err.DISK_ERROR, error.strerror or "ECRITURE IMPOSSIBLE") from None

    def store(self, value: object, record: object, file: object) -> None:
        """GARER: put a value in a record of a data file."""
        name, permanent = self._split(file)
        key = check_record(record)
        records = dict(self._read(name, permanent) or {})
        records[key] = encode(value)
        self._write(name, permanent, records)

    def load(self, env: Vars, variable: str, record: object, file: object) -> float:
        """CHARGER: fill a variable from a record; return the status code."""
        name, permanent = self._split(file)
        key = check_record(record)
        records = self._read(name, permanent)
        if records is None:
            return NO_FILE
        if key not in records:
            return NO_RECORD
        value, status = decode(variable, records[key])
        # Decision: CHARGER gives the variable the kind of what it loads, unless
        # the variable is declared otherwise (then TYPES INCOMPATIBLES).
        if status == STRING and variable not in env.strings:
            env.declare_string(variable)
        if type(value) is Array:
            if variable in env.strings or (variable in env and type(env[variable]) is not Array):
                raise LseError(Err.TYPE_MISMATCH, variable)
            if env.memory is not None:
                env.memory.take(len(value) - len(env.get(variable, ())), f"TABLEAU {variable}")
            env[variable] = value
        else:
            env.assign(variable, value)
        return status

    def delete(self, file: object, record: object | None) -> None:
        """SUPPRIMER: remove a record, or the whole data file."""
        name, permanent = self._split(file)
        if record is None:
            if permanent:
                try:
                    self._path(name, DATA_SUFFIX).unlink()
                except FileNotFoundError:
                    raise LseError(Err.FILE_MISSING, name) from None
                except OSError as error:
                    raise LseError(Err.DISK_ERROR, error.strerror or name) from None
            elif self.temporary.pop(name, None) is None:
                raise LseError(Err.FILE_MISSING, name)
            return
        key = check_record(record)
        records = self._read(name, permanent)
        if records is None:
            raise LseError(Err.FILE_MISSING, name)
        records = dict(records)
        records.pop(key, None)
        self._write(name, permanent, records)

    # ------------------------------------------------------------ programs
    def read_program(self, name: object) -> str:
        """Return the text of a saved program."""
        checked = check_name(name)
        try:
            return self._path(checked, PROGRAM_SUFFIX).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise LseError(Err.PROGRAM_MISSING, checked) from None
        except (OSError, UnicodeDecodeError):
            raise LseError(Err.DISK_ERROR, checked) from None

    def write_program(self, name: object, text: str) -> None:
        """Save a program's text under a name."""
        self.write_atomically(self._path(check_name(name), PROGRAM_SUFFIX), text)

    def has_program(self, name: object) -> bool:
        """True if a program of that name is saved."""
        return self._path(check_name(name), PROGRAM_SUFFIX).exists()

    def delete_program(self, name: object) -> None:
        """Remove a saved program."""
        checked = check_name(name)
        try:
            self._path(checked, PROGRAM_SUFFIX).unlink()
        except FileNotFoundError:
            raise LseError(Err.PROGRAM_MISSING, checked) from None
        except OSError as error:
            raise LseError(Err.DISK_ERROR, error.strerror or checked) from None

    def catalogue(self) -> tuple[list[str], list[str]]:
        """Return the names of the saved programs and of the permanent data files."""
        try:
            names = sorted(path.name for path in self.root.iterdir() if path.is_file())
        except FileNotFoundError:
            return [], []
        except OSError as error:
            raise LseError(Err.DISK_ERROR, error.strerror or "CATALOGUE") from None
        programs = [name[:-len(PROGRAM_SUFFIX)] for name in names
                    if name.endswith(PROGRAM_SUFFIX) and name_pattern().match(name[:-len(PROGRAM_SUFFIX)])]
        data = [name[:-len(DATA_SUFFIX)] for name in names
                if name.endswith(DATA_SUFFIX) and name_pattern().match(name[:-len(DATA_SUFFIX)])]
        return programs, data

    # Decision: the recovery slot has a name no guest program can spell (it starts with a dot).
    RECOVERY = ".recuperation" + PROGRAM_SUFFIX

    def save_recovery(self, text: str) -> None:
        """Keep an unsaved program in the recovery slot."""
        self.write_atomically(self.root / self.RECOVERY, text)

    def take_recovery(self, remove: bool = True) -> str | None:
        """Return the program in the recovery slot (and empty the slot), or None."""
        path = self.root / self.RECOVERY
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        if remove:
            path.unlink(missing_ok=True)
        return text

    def chain(self, runtime: object, program: object, start: object) -> None:
        """EXECUTER: ask the Micro to load another program and run it."""
        text = self.read_program(program)
        line = None
        if start is not None:
            if type(start) is not float or not start.is_integer() or start < 1:
                raise LseError(Err.UNKNOWN_LINE, start)
            line = int(start)
        runtime.chain_request = (text, line)
        runtime.terminate()
