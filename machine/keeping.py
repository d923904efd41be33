"""The monitor's commands that save, load and take back programs: nothing the person typed is lost.

A mixin of machine.monitor.Monitor (which provides lines, dirty, disk, leaving, say, store_line, source);
must not import pygame or the front ends.
"""

from __future__ import annotations

from collections.abc import Callable

from machine.book import book_names, read_book
from machine.disk import Disk, check_name
from machine.errors import SHOWN_SOURCE_CHARS, Diagnostic, Err, LseError, clip, message, render
from machine.helptext import wrap
from machine.lse.source import characters, limits_of, number_prefix, split_source

CONFIRM = "PROGRAMME NON RANGE, CONFIRMER (O/N) ?"
# Decision: RC takes back each of the last programs replaced in the session (AP, EF *, a file dropped on the web
# page), not the last one only: a program typed, then AP QUEENS and AP NIM to look at the book, was lost at the
# second AP, O answered by habit. At most KEPT_REPLACED are kept, as many programs of the largest size as a Micro
# holds without noticing; past them a program replaced unchanged since it was loaded or saved (the disk or the
# book has it) goes first, else the oldest.
KEPT_REPLACED = 8
# Decision: a line erased (N alone, EF n) keeps the program as it was for RC, as EF * does: 10 typed alone by
# mistake erased line 10 with nothing to take it back. Lines erased one after another, nothing else changed
# between, are kept once (the program before the first: RC brings them all back), and when more than
# KEPT_REPLACED are kept such copies go before the programs replaced whole, so that erasing lines one by one
# never pushes out a program typed before.
Kept = tuple["ProgramLines", bool, bool]  # a program RC holds: its lines, unsaved, a copy kept by an erasure
YES = ("O", "OUI")
NO = ("N", "NON", "")


def program_source(lines: dict[int, str]) -> str:
    """A program's text, in the layout LISTER prints and a program file holds."""
    return "".join(f"{number} {lines[number]}\n" for number in sorted(lines))


def line_bytes(number: int, text: str) -> int:
    """The bytes one line takes in a program file (`number text` and its line end, as Monitor.source writes)."""
    return len(str(number)) + 2 + (len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass")))


class ProgramLines(dict):
    """The numbered lines in memory, with `size`, the bytes of the program file they make, kept as a line is
    stored or taken out (only by `[number] = text` and pop: a tape of 9 999 lines is not counted again at each)."""

    def __init__(self, lines: dict[int, str] | None = None) -> None:
        super().__init__(lines or {})
        self.size = sum(line_bytes(number, text) for number, text in self.items())
        self.changes = 0  # counted at each line stored or taken out: the same count, the same lines

    def __setitem__(self, number: int, text: str) -> None:
        self.size = self.size_with(number, text)
        self.changes += 1
        super().__setitem__(number, text)

    def pop(self, number: int, *default: object) -> object:
        if number in self:
            self.size -= line_bytes(number, self[number])
            self.changes += 1
        return super().pop(number, *default)

    def size_with(self, number: int, text: str) -> int:
        """The size the program would have with this line stored (in place of the one of its number)."""
        old = self.get(number)
        return self.size + line_bytes(number, text) - (0 if old is None else line_bytes(number, old))


class Keeping:
    """RANGER, MODIFIER, APPELER, CATALOGUER, SUPPRIMER, RECUPERER, and the confirmations before a loss."""

    _lines: ProgramLines
    dirty: bool
    disk: Disk | None
    leaving: bool

    @property
    def lines(self) -> ProgramLines:
        """The program in memory, line by line: held no larger than a program file (see Monitor.store_line)."""
        return self._lines

    @lines.setter
    def lines(self, lines: dict[int, str]) -> None:
        self._lines = lines if type(lines) is ProgramLines else ProgramLines(lines)

    def keeping_init(self) -> None:
        self.confirming: Callable[[], None] | None = None  # what a O answer to CONFIRM does
        self.replaced: list[Kept] = []  # the programs replaced, the newest last: RC
        self.erasing: tuple[ProgramLines, int, Kept] | None = None  # the lines as the last erasure left them
        self.kept_sources: tuple[list[Kept], list[str]] = ([], [])  # the texts of self.replaced a closing keeps
        self.not_kept: str | None = None  # why the program could not be kept at closing (the exit status is 1)

    # ------------------------------------------------------------ confirming
    def unsaved(self) -> bool:
        """True if the program in memory was changed since it was last saved or loaded."""
        return self.dirty and bool(self.lines)

    def confirmed(self, action: Callable[[], None]) -> bool:
        """Do action now if nothing unsaved would be lost; else ask, and do it on a O. True if done now."""
        if not self.unsaved():
            action()
            return True
        self.say(CONFIRM + " ")
        self.confirming = action
        return False

    def answer(self, typed: str) -> bool:
        """The answer to CONFIRM: O or OUI does what was asked, anything else cancels.

        True if the line was the answer; False if it was something else (a program line, a command),
        which cancels too and is then taken as typed, so that nothing typed is lost.
        """
        action, self.confirming = self.confirming, None
        reply = typed.strip().upper()
        if reply in YES:
            action()
            return True
        self.say("ANNULE: LE PROGRAMME EST GARDE")
        return reply in NO

    def replace_program(self, lines: dict[int, str], dirty: bool, erased: bool = False) -> None:
        """Put a program in memory; the one it replaces is kept for RECUPERER (KEPT_REPLACED at most): one
        unchanged since loaded or saved goes first, then a copy an erasure kept (not the one just kept)."""
        if self.lines:
            self.replaced.append((self.lines, self.dirty, erased))
            if len(self.replaced) > KEPT_REPLACED:
                saved = [index for index, kept in enumerate(self.replaced) if not kept[1]]
                copies = [index for index, kept in enumerate(self.replaced[:-1]) if kept[2]]
                del self.replaced[(saved or copies or [0])[0]]
        self.lines, self.dirty = lines, dirty

    def erase(self, numbers: set[int]) -> None:
        """Erase lines (N alone, EF n): the program as it was is kept for RC, once for erasures in a row."""
        doomed = numbers & self.lines.keys()
        if not doomed:
            return
        before, erasing = self.lines, self.erasing
        if (erasing is not None and erasing[0] is before and erasing[1] == before.changes and self.replaced
                and self.replaced[-1] is erasing[2]):
            for number in doomed:  # (the copy kept before the first erasure holds these lines too)
                before.pop(number)
            self.dirty = True
            self.erasing = (before, before.changes, erasing[2])
            return
        self.replace_program({number: text for number, text in before.items() if number not in doomed},
                             True, erased=True)
        newest = self.replaced[-1] if self.replaced else None
        self.erasing = (self.lines, self.lines.changes, newest) if newest and newest[0] is before else None

    # ------------------------------------------------------------- the disk
    def _disk(self) -> Disk:
        if self.disk is None:
            raise LseError(Err.DISK_ERROR, "PAS DE DISQUE")
        return self.disk

    def ranger(self, rest: str) -> None:
        """RANGER name: save the program under a new name."""
        if self._disk().has_program(rest):
            raise LseError(Err.PROGRAM_EXISTS, rest.upper())
        self.modifier(rest)

    def modifier(self, rest: str) -> None:
        """MODIFIER name: save the program, replacing the saved one."""
        self._disk().write_program(rest, self.source())
        self.dirty = False
        self.say(f"RANGE {check_name(rest)}")

    def appeler(self, rest: str) -> None:
        """APPELER name: load a saved program (or one of the book's) in place of the one in memory."""
        text = self.program_text(rest)
        self.confirmed(lambda: self.load_text(text, dirty=False))

    def program_text(self, name: str) -> str:
        """A saved program's text, else the book's program of that name."""
        return self._disk().program_or_book(name)

    def load_text(self, text: str, dirty: bool = False) -> None:
        """Replace the program in memory by a program text; a wrong line is reported and kept, to be fixed."""
        self.replace_program(self.text_lines(text), dirty)

    def text_lines(self, text: str) -> dict[int, str]:
        """The lines of a program text; a wrong line is reported and kept, a program too large refused whole."""
        limits = limits_of(self.micro.profile)
        text = characters(text)  # (a JavaScript string's half pair: a line no disk could write)
        source_lines, problems = split_source(text, limits)
        if problems and problems[0].code in (Err.PROGRAM_TOO_LARGE, Err.TOO_MANY_LINES):
            raise problems[0].error()  # refused whole: the program in memory stays
        if problems and problems[0].code is Err.MIXED_NUMBERING:
            # Decision: a saved file with unnumbered lines among numbered ones (edited by hand) loads its
            # numbered lines, to be fixed and saved again, and names each unnumbered one: loading none put an
            # empty program in memory, and refusing would leave a file the Micro can never mend.
            raws = [raw.rstrip("\r") for raw in text.lstrip("\ufeff").split("\n") if raw.strip()]
            stray = [raw for raw in raws if number_prefix(raw)[0] is None]
            source_lines, problems = split_source("\n".join(raw for raw in raws if raw not in stray), limits)
            problems = [Diagnostic(Err.MIXED_NUMBERING, "", None, clip(raw, SHOWN_SOURCE_CHARS))
                        for raw in stray] + problems
        for problem in problems:
            self.fail(problem)
        loaded: dict[int, str] = {}
        for source_line in source_lines:
            if source_line.text.strip():
                self.check_line(source_line)
                loaded[source_line.number] = source_line.text.strip()
        return loaded

    def cataloguer(self, rest: str) -> None:
        """CATALOGUER: the programs and data files on the disk, then the book's programs apart."""
        programs, data = self._disk().catalogue()
        width = self.micro.profile.columns
        for title, names in (("PROGRAMMES", programs), ("FICHIERS", data),
                             ("LIVRE (LECTURE SEULE)", book_names())):
            for row in wrap(f"{title}: " + (" ".join(names) or "AUCUN"), width):
                self.say(row)

    def supprimer(self, rest: str) -> None:
        """SUPPRIMER name: delete a saved program (the book's programs cannot be deleted)."""
        try:
            text = self._disk().read_program(rest)
        except LseError:
            text = None
        try:
            self._disk().delete_program(rest)
        except LseError as error:
            if error.code in (Err.PROGRAM_MISSING, Err.FILE_NAME) and read_book(rest) is not None:
                raise LseError(Err.READ_ONLY, rest.strip().upper()) from None
            raise
        if text is not None:
            self.unsaved_by_deletion(text)
        self.say(f"SUPPRIME {check_name(rest)}")

    def unsaved_by_deletion(self, text: str) -> None:
        """A saved program deleted: the program in memory, and each RC holds, that was its text is unsaved from
        now on (a closing keeps it: AP, SU, then the Micro closed lost the program, saved nowhere any more)."""
        if self.lines and not self.dirty and self.source() == text:
            self.dirty = True
        for index, (lines, dirty, erased) in enumerate(self.replaced):
            if not dirty and program_source(lines) == text:
                self.replaced[index] = (lines, True, erased)

    def recuperer(self, rest: str) -> None:
        """RECUPERER: take back the last program replaced (AP, EF), else the newest one kept at a closing.

        Decision: the program in memory then goes under those kept (the session's, else the slot's), so that RC
        again brings the next one and, in turn, each (none is dropped); where the slot cannot be written it is
        kept as one replaced.
        """
        if self.replaced:
            lines, dirty, _ = self.replaced.pop()
            if self.lines:
                self.replaced.insert(0, (self.lines, self.dirty, False))
            self.lines, self.dirty = lines, dirty
            self.say_recovered()
            return
        kept = self.disk.kept_programs() if self.disk is not None else []
        if not kept:
            raise LseError(Err.NOTHING_TO_RECOVER)
        index, text = kept[0]
        loaded = self.text_lines(text)  # a program too large is refused here: memory and slot stay as they were
        self._disk().forget_recovery(index)  # (first: the slot holds no more than it did, none dropped)
        if self.lines:
            try:
                self._disk().save_recovery(self.source(), under=True)
            except LseError:
                self.replaced.insert(0, (self.lines, self.dirty, False))
        self.lines, self.dirty = loaded, True
        self.say_recovered()

    def say_recovered(self) -> None:
        """Say which program RC brought back (among several kept, PRET alone did not say which)."""
        numbers = sorted(self.lines)
        shown = f" ({numbers[0]} A {numbers[-1]})" if len(numbers) > 1 else f" ({numbers[0]})" if numbers else ""
        self.say(f"RECUPERE: {len(numbers)} LIGNE{'S' if len(numbers) > 1 else ''}{shown}")

    def kept_texts(self) -> list[str]:
        """What a closing keeps for RC, the oldest first: each unsaved program RC holds, then the one in memory if
        it is unsaved (RC after the restart brings them back in the order it would have)."""
        held, texts = self.kept_sources
        if len(held) != len(self.replaced) or any(old is not new for old, new in zip(held, self.replaced)):
            texts = [program_source(lines) for lines, dirty, _ in self.replaced if dirty and lines]
            self.kept_sources = (list(self.replaced), texts)  # (each frame of the web page asks)
        return [*texts, self.source()] if self.unsaved() else texts

    def keep_unsaved(self) -> LseError | None:
        """Write the unsaved programs (kept_texts) to the recovery slot; the error to show if they cannot be
        (None: kept, or none to keep)."""
        texts = self.kept_texts()
        if self.disk is None or not texts:
            return None
        try:
            self.disk.keep_programs(texts)
        except LseError as error:
            return LseError(Err.NOT_SAVED, message(error.code, error.text))
        return None

    def shutdown(self) -> str | None:
        """The Micro is closed: keep the unsaved programs in the recovery slot (QUITTER kept them already).

        If it cannot be kept, say so on the screen and return the message (the front end shows it
        where the person will see it once the screen is gone, and ends with status 1); the slot keeps
        what it held.
        """
        if self.leaving:  # leave() tried already, and said how it went
            return self.not_kept
        lost = self.keep_unsaved()
        if lost is not None:
            self.fail(lost)
            self.not_kept = render(lost)
        return self.not_kept
