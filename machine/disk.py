"""The Micro's disk: a directory of programs and data files, reached only by checked names.

Owns every file access of guest programs (GARER, CHARGER, SUPPRIMER, EXECUTER);
must not import pygame or the front ends.
"""

from __future__ import annotations

import errno
import math
import os
import re
import stat
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from machine.book import read_book
from machine.errors import Err, LseError, clip, long_string
from machine.lse.formats import line_shown
from machine.lse.source import MAX_LINE_NUMBER, Limits, characters, default_limits, number_prefix, text_lines, too_large
from machine.lse.values import Array, Memory, Vars, array_dims, elements, new_array

if TYPE_CHECKING:
    from machine.lse.numbers import NumberModel


@cache
def name_pattern() -> re.Pattern:  # compiled by its first use, not at start-up
    return re.compile(r"[A-Z][A-Z0-9]{0,7}\Z")
DATA_SUFFIX = ".don"
PROGRAM_SUFFIX = ".lse"
# CHARGER status codes (lse-notes §1.3).
NO_FILE, NO_RECORD, NUMBER, VECTOR, MATRIX, STRING = -2.0, -1.0, 0.0, 1.0, 2.0, 3.0
TEMPORARY_PREFIX = ".tmp-"
# A temporary file older than this was left by a save that never finished (the Micro was killed):
# it is removed when a Micro starts on the disk. A younger one may be another Micro's save under way.
STALE_SECONDS = 60
# The host's errors, in the Micro's words (the host's own detail is never shown).
HOST_ERRORS = {
    errno.EROFS: Err.DISK_READ_ONLY,
    errno.ENOSPC: Err.DISK_FULL, errno.EDQUOT: Err.DISK_FULL, errno.EFBIG: Err.DISK_FULL,
    errno.EISDIR: Err.NOT_A_FILE, errno.ELOOP: Err.NOT_A_FILE, errno.ENXIO: Err.NOT_A_FILE,
    errno.EACCES: Err.DISK_ACCESS_DENIED, errno.EPERM: Err.DISK_ACCESS_DENIED,
}


def host_error(error: OSError, name: str) -> LseError:
    """The Micro's error for a failed file access on the host (name: the file, as the program named it)."""
    code = HOST_ERRORS.get(error.errno or 0, Err.DISK_ERROR)
    if code is Err.DISK_ERROR:
        return LseError(code, name)
    return LseError(code, name if code is Err.NOT_A_FILE else "")


def _refuse_constant(text: str) -> float:
    raise ValueError(text)  # NaN, Infinity: no number of the Micro


def check_name(name: object) -> str:
    """Return a file name in upper case if it is letters and digits (at most 8), else fail."""
    if type(name) is not str:
        raise LseError(Err.FILE_NAME, clip(name))
    upper = name.upper()
    if not name_pattern().match(upper):
        raise LseError(Err.FILE_NAME, clip(name))
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


def _number(data: object) -> float | None:
    """A finite number of a record, or None."""
    if type(data) not in (int, float):
        return None
    try:
        value = float(data)
    except OverflowError:  # an integer of 400 digits
        return None
    return value if math.isfinite(value) else None


def _dims(data: object) -> tuple[int, ...] | None:
    """The sizes a record declares for an array: one or two whole numbers at least 1, or None."""
    if type(data) is not list or not 1 <= len(data) <= 2:
        return None
    dims = []
    for item in data:
        value = _number(item)
        if value is None or not value.is_integer() or value < 1:
            return None
        dims.append(int(value))
    return tuple(dims)


def decode(name: str, data: object, file: str = "", memory: Memory | None = None,
           held: int = 0, model: Callable[[float], float] | None = None) -> tuple[object, float]:
    """Turn JSON data back into a value, with its CHARGER status; FICHIER f ILLISIBLE if it is not one.

    An array's size is checked against `memory` (`held`: the cells the variable frees) before it is built
    (a string longer than a CHAINE holds is MEMOIRE PLEINE: Disk.load). `model`: each number made a number of
    the machine's model (single precision: its float32, DEPASSEMENT DE CAPACITE past them).
    """
    if type(data) is str:  # ("\udc80" written by hand: U+FFFD, as every string from outside; the file keeps it)
        return characters(data), STRING
    number = _number(data)
    if number is not None:
        return (number if model is None else model(number)), NUMBER
    if type(data) is dict and set(data) == {"dims", "values"}:
        dims = _dims(data["dims"])
        values = data["values"]
        if dims is not None and type(values) is list:
            size = math.prod(dims)
            if memory is not None and size - held > 0 and memory.used + size - held > memory.limit:
                raise LseError(Err.MEMORY_FULL, f"TABLEAU {name}")
            numbers = [_number(item) for item in values] if len(values) == size else [None]
            if None not in numbers:
                if model is not None:
                    numbers = [model(item) for item in numbers]
                array = new_array(name, dims)
                array[1:] = numbers
                return array, VECTOR if len(dims) == 1 else MATRIX
    raise LseError(Err.FILE_UNREADABLE, file or name)


class Disk:
    """Data files and programs in one directory; temporary files live in memory."""

    def __init__(self, root: Path, limits: Limits | None = None, elsewhere: bool = False) -> None:
        self.root = Path(root)
        self.limits = limits or default_limits()
        self.temporary: dict[str, dict[str, object]] = {}
        # The size each temporary file would have on the disk, kept as records come and go: a temporary file
        # holds no more than a permanent one (max_data_file_bytes), though it lives in the host's memory.
        self.temporary_bytes: dict[str, int] = {}
        # Another holder owns the disk (a second tab of the web page): it is read, never written (DISK_ELSEWHERE).
        self.elsewhere = elsewhere
        self.clean_stale()

    def clean_stale(self, now: float | None = None) -> list[str]:
        """Remove the temporary files of saves that never finished; return their names."""
        now = time.time() if now is None else now
        removed: list[str] = []
        if self.elsewhere:
            return removed  # the owner's save may be under way
        try:
            with os.scandir(self.root) as entries:
                for entry in entries:
                    if not entry.name.startswith(TEMPORARY_PREFIX) or not entry.is_file(follow_symlinks=False):
                        continue
                    if now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS:
                        os.unlink(entry.path)
                        removed.append(entry.name)
        except OSError:
            pass  # no disk yet, or one the Micro may not clean: nothing to do
        return removed

    def read_file(self, path: Path, shown: str, most: int) -> bytes | None:
        """The bytes of a regular file of the disk (None if there is none); never through a link.

        A link, a directory or a device in the disk is refused (N'EST PAS UN FICHIER), for reads as
        for writes: a program reaches nothing outside its disk. At most most + 1 bytes are read:
        more than `most` tells the caller the file is too large, without reading it all.
        """
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            handle = os.open(path, flags)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise host_error(error, shown) from None
        try:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                raise LseError(Err.NOT_A_FILE, shown)
            chunks, size = [], 0
            while size <= most:
                chunk = os.read(handle, min(1 << 20, most + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            return b"".join(chunks)
        except OSError as error:
            raise host_error(error, shown) from None
        finally:
            os.close(handle)

    def _writable(self, path: Path, shown: str) -> None:
        """Refuse to replace or remove anything in the disk but a regular file, or anything if another owns it."""
        if self.elsewhere:
            raise LseError(Err.DISK_ELSEWHERE)
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            return
        except OSError as error:
            raise host_error(error, shown) from None
        if not stat.S_ISREG(mode):
            raise LseError(Err.NOT_A_FILE, shown)

    # --------------------------------------------------------- data files
    def _split(self, file: object) -> tuple[str, bool]:
        if type(file) is not str:
            raise LseError(Err.FILE_NAME, clip(file))
        permanent = file.startswith("#")
        return check_name(file[1:] if permanent else file), permanent

    def _path(self, name: str, suffix: str) -> Path:
        return self.root / (name + suffix)

    def _read(self, name: str, permanent: bool, decimal: Callable[[str], float] = float) -> dict[str, object] | None:
        if not permanent:
            return self.temporary.get(name)
        import json  # Decision: json and tempfile are imported by the first disk access, not by every run (start-up)
        most = self.limits.max_data_file_bytes
        raw = self.read_file(self._path(name, DATA_SUFFIX), name, most)
        if raw is None:
            return None
        if len(raw) > most:
            raise LseError(Err.FILE_UNREADABLE, name)
        try:
            data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant, parse_float=decimal)
        except (ValueError, RecursionError):  # not JSON, not UTF-8, NaN, or nested past the parser
            raise LseError(Err.FILE_UNREADABLE, name) from None
        if type(data) is not dict:
            raise LseError(Err.FILE_UNREADABLE, name)
        return data

    def _write(self, name: str, permanent: bool, records: dict[str, object], key: str = "") -> None:
        """Write a data file's records, `key` the one record changed (temporary files count their size by it)."""
        if not permanent:
            size = self._temporary_size(name, records, key)
            if size > self.limits.max_data_file_bytes:
                raise LseError(Err.DISK_FULL)
            self.temporary[name], self.temporary_bytes[name] = records, size
            return
        import json
        text = json.dumps(records)
        if len(text) > self.limits.max_data_file_bytes:  # ASCII: one byte a character
            raise LseError(Err.DISK_FULL)
        self.write_atomically(self._path(name, DATA_SUFFIX), text)

    def _temporary_size(self, name: str, records: dict[str, object], key: str) -> int:
        """The size of a temporary file's JSON once its record `key` is as in `records` (set or removed),
        from the size it had: only that record is encoded again, so a program that fills a file pays the
        host no more for each GARER than for the record it stores."""
        import json
        before = self.temporary.get(name, {})
        size = self.temporary_bytes.get(name, 2)  # {}
        def entry(data: object) -> int:  # "key": data, and the ", " before it unless it is the only one
            return len(json.dumps(key)) + 2 + len(json.dumps(data))
        if key in before:
            size -= entry(before[key]) + (2 if len(before) > 1 else 0)
        if key in records:
            size += entry(records[key]) + (2 if len(records) > 1 else 0)
        return size

    def write_atomically(self, path: Path, text: str) -> None:
        """Write a file whole or not at all (write a temporary file, then rename)."""
        import tempfile
        self._writable(path, path.stem)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.root, prefix=TEMPORARY_PREFIX)
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    stream.write(text)
                os.replace(temporary, path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as error:
            raise host_error(error, path.stem) from None

    def store(self, value: object, record: object, file: object) -> None:
        """GARER: put a value in a record of a data file."""
        name, permanent = self._split(file)
        key = check_record(record)
        records = dict(self._read(name, permanent) or {})
        records[key] = encode(value)
        self._write(name, permanent, records, key)

    def load(self, env: Vars, variable: str, record: object, file: object, max_string: int | None = None,
             numbers: NumberModel | None = None) -> float:
        """CHARGER: fill a variable from a record; return the status code. A string longer than `max_string` (the
        most a CHAINE holds) is MEMOIRE PLEINE, as a string joined that long is, before the variable changes.
        In single precision (`numbers`), a number is read as a constant is (NumberModel.decimal: a file written
        by hand, or by the other machine, holds any decimal) and made a float32 (NumberModel.value)."""
        name, permanent = self._split(file)
        key = check_record(record)
        single = numbers is not None and numbers.single
        records = self._read(name, permanent, numbers.decimal if single else float)
        if records is None:
            return NO_FILE
        if key not in records:
            return NO_RECORD
        current = env.get(variable)
        held = len(current) - 1 if type(current) is Array else 0
        value, status = decode(variable, records[key], name, env.memory, held, numbers.value if single else None)
        if status == STRING and max_string is not None and len(value) > max_string:
            raise LseError(Err.MEMORY_FULL, long_string(len(value)))
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
                path = self._path(name, DATA_SUFFIX)
                self._writable(path, name)
                try:
                    path.unlink()
                except FileNotFoundError:
                    raise LseError(Err.FILE_MISSING, name) from None
                except OSError as error:
                    raise host_error(error, name) from None
            elif self.temporary.pop(name, None) is None:
                raise LseError(Err.FILE_MISSING, name)
            self.temporary_bytes.pop(name, None)
            return
        key = check_record(record)
        records = self._read(name, permanent)
        if records is None:
            raise LseError(Err.FILE_MISSING, name)
        records = dict(records)
        records.pop(key, None)
        self._write(name, permanent, records, key)

    # ------------------------------------------------------------ programs
    def read_program(self, name: object) -> str:
        """Return the text of a saved program."""
        checked = check_name(name)
        most = self.limits.max_program_bytes
        raw = self.read_file(self._path(checked, PROGRAM_SUFFIX), checked, most)
        if raw is None:
            raise LseError(Err.PROGRAM_MISSING, checked)
        if len(raw) > most:
            raise LseError(Err.PROGRAM_TOO_LARGE, f"{checked} ({most} OCTETS AU PLUS)")
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise LseError(Err.FILE_UNREADABLE, checked) from None

    def program_or_book(self, name: object) -> str:
        """A saved program's text, else the book's program of that name (the book: a read-only volume)."""
        try:
            return self.read_program(name)
        except LseError as error:
            missing = error.code in (Err.PROGRAM_MISSING, Err.FILE_NAME) and type(name) is str
            text = read_book(name) if missing else None
            if text is None:
                raise
            return text

    def write_program(self, name: object, text: str) -> None:
        """Save a program's text under a name."""
        checked = check_name(name)
        self._loadable(text, checked)
        self.write_atomically(self._path(checked, PROGRAM_SUFFIX), text)

    def _loadable(self, text: str, shown: str) -> None:  # (shown: the name, none for the recovery slot)
        """Refuse to write a program larger than read_program reads (PROGRAMME TROP GRAND): the prompt takes
        9 999 lines of 32 767 characters, and a program saved so could never be loaded back."""
        most = self.limits.max_program_bytes
        size = len(text.encode("utf-8"))
        if size > most:
            raise LseError(Err.PROGRAM_TOO_LARGE, f"{shown} ({size} OCTETS, {most} AU PLUS)".lstrip())

    def has_program(self, name: object) -> bool:
        """True if a program of that name is saved."""
        return os.path.lexists(self._path(check_name(name), PROGRAM_SUFFIX))

    def delete_program(self, name: object) -> None:
        """Remove a saved program."""
        checked = check_name(name)
        path = self._path(checked, PROGRAM_SUFFIX)
        self._writable(path, checked)
        try:
            path.unlink()
        except FileNotFoundError:
            raise LseError(Err.PROGRAM_MISSING, checked) from None
        except OSError as error:
            raise host_error(error, checked) from None

    def catalogue(self) -> tuple[list[str], list[str]]:
        """Return the names of the saved programs and of the permanent data files."""
        try:
            with os.scandir(self.root) as entries:  # links and directories are not the disk's files
                names = sorted(entry.name for entry in entries if entry.is_file(follow_symlinks=False))
        except FileNotFoundError:
            return [], []
        except OSError as error:
            raise host_error(error, "CATALOGUE") from None
        programs = [name[:-len(PROGRAM_SUFFIX)] for name in names
                    if name.endswith(PROGRAM_SUFFIX) and name_pattern().match(name[:-len(PROGRAM_SUFFIX)])]
        data = [name[:-len(DATA_SUFFIX)] for name in names
                if name.endswith(DATA_SUFFIX) and name_pattern().match(name[:-len(DATA_SUFFIX)])]
        return programs, data

    # Decision: the recovery slot has a name no guest program can spell (it starts with a dot). It keeps each
    # program left unsaved at a closing in a file of its own, numbered in the order kept (.recuperation.lse is
    # 0, the one file of the Micro that kept a single program; then .recuperation.1.lse, ...; one put back under
    # the others by RC, .recuperation.-1.lse): a closing never writes over a program kept before.
    # A closing keeps there each program RC held unsaved too (keeping.Keeping.kept_texts), and the slot holds
    # KEPT_AT_MOST programs, the oldest going first: the KEPT_REPLACED that RC holds in a session and the one in
    # memory (it grew by one file at every closing with a program unsaved, for ever).
    RECOVERY = ".recuperation" + PROGRAM_SUFFIX
    RECOVERY_NAME = re.compile(r"\.recuperation(?:\.(-?[1-9][0-9]{0,8}))?\.lse")
    KEPT_AT_MOST = 9

    def _recovery_path(self, index: int) -> Path:
        return self.root / (self.RECOVERY if index == 0 else f".recuperation.{index}{PROGRAM_SUFFIX}")

    def _recovery_indexes(self) -> list[int]:
        """The numbers of the files of the recovery slot, the oldest first."""
        try:
            with os.scandir(self.root) as entries:
                found = [self.RECOVERY_NAME.fullmatch(entry.name) for entry in entries]
        except OSError:
            return []
        return sorted(int(match.group(1) or 0) for match in found if match)

    def save_recovery(self, text: str, under: bool = False) -> None:
        """Keep a program in the recovery slot above those kept (under them: one RC put back); past KEPT_AT_MOST
        the oldest go."""
        self._loadable(text, "")
        indexes = self._recovery_indexes()
        index = 0 if not indexes else indexes[0] - 1 if under else indexes[-1] + 1
        self.write_atomically(self._recovery_path(index), text)
        for old in indexes[:max(0, len(indexes) + 1 - self.KEPT_AT_MOST)]:
            self.forget_recovery(old)

    def keep_programs(self, texts: list[str]) -> None:
        """Keep programs in the recovery slot, the newest last; one the slot holds already is not added again."""
        there = {text for _, text in self.kept_programs()}
        for text in texts:
            if text not in there:
                self.save_recovery(text)
                there.add(text)

    def kept_programs(self) -> list[tuple[int, str]]:
        """The programs of the recovery slot, the newest first, with their numbers. A file that is no program the
        Micro kept is left out, never shown nor offered (not UTF-8, larger than a program, a line unnumbered: a
        file damaged or written by hand, which RC brought back as a line of garbage, or refused for ever)."""
        kept = []
        most = self.limits.max_program_bytes
        for index in reversed(self._recovery_indexes()):
            try:
                raw = self.read_file(self._recovery_path(index), "RECUPERATION", most)
                text = raw.decode("utf-8") if raw is not None and len(raw) <= most else ""
            except (LseError, UnicodeDecodeError):
                continue
            lines = [line for line in text_lines(text) if line.strip()]
            if lines and too_large(text, self.limits) is None and all(number_prefix(line)[0] for line in lines):
                kept.append((index, text))
        return kept

    def forget_recovery(self, index: int) -> None:
        """Empty one file of the recovery slot (RC brought it back); on a read-only disk it stays, offered again."""
        if self.elsewhere:
            return
        try:
            self._recovery_path(index).unlink(missing_ok=True)
        except OSError:
            pass

    def take_recovery(self, remove: bool = True) -> str | None:
        """Return the newest program of the recovery slot (and take it out of the slot), or None."""
        kept = self.kept_programs()
        if not kept:
            return None
        if remove:
            self.forget_recovery(kept[0][0])
        return kept[0][1]

    def chain(self, runtime: object, program: object, start: object) -> None:
        """EXECUTER: ask the Micro to load another program (saved, else the book's) and run it."""
        text = self.program_or_book(program)
        line = None
        if start is not None:
            if type(start) is not float:
                raise LseError(Err.UNKNOWN_LINE, clip(start))
            if not start.is_integer() or not 1 <= start <= MAX_LINE_NUMBER:  # (1E300: no 301-digit message)
                raise LseError(Err.UNKNOWN_LINE, line_shown(start))
            line = int(start)
        runtime.chain_request = (text, line)
        runtime.terminate()
