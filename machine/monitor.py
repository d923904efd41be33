"""The monitor: the PRET prompt, the program lines in memory, the commands, the disk and debugging.

Driven from outside with submit(line) and tick(cycles); must not import pygame or front ends.
"""

from __future__ import annotations

import re
from collections import deque

from machine.commands import COMMANDS, command_of
from machine.disk import Disk
from machine.errors import Diagnostic, Err, LseError, clip, listed, pointed, read_back, render
from machine.helptext import DESKTOP, foreign_hint, summary_rows, topic_rows, wrap
from machine.keeping import Keeping, program_source
from machine.lse import nodes as n
from machine.lse.parser import SyntaxErrors, build_program, parse, parse_line
from machine.lse.runtime import Status
from machine.lse.source import MAX_LINE_NUMBER, Limits, SourceLine, characters, digits_value, limits_of, number_prefix
from machine.lse.values import Vars
from machine.micro import Micro, line_texts
from machine.renumbering import computes_a_jump, renumber_text
from machine.resources import data_dir

NL = "\r\n"


def fitted(message: str, cols: int) -> str:
    """A message too wide for the screen's rows, broken between words: before its EN LIGNE n where that is
    enough, else where each row is full (a word wider than a row is cut by the screen). Unlike helptext.wrap,
    it keeps every space: a message quotes what was typed (TROUVE 'A  B')."""
    if len(message) <= cols:
        return message
    head, where, number = message.rpartition(" EN LIGNE ")
    if where and len(head) <= cols:
        return head + NL + where.lstrip() + number
    rows = [""]
    for word in message.split(" "):
        if rows[-1] and len(rows[-1]) + 1 + len(word) > cols:
            rows.append(word)
        else:
            rows[-1] = f"{rows[-1]} {word}" if rows[-1] else word
    return NL.join(rows)


IMMEDIATE = 0  # the line number an immediate instruction runs under
BOOT_HINT = "DEMO: DE   AIDE: AIDE   SORTIR: QUITTER"
DEMO_PROGRAM = data_dir("programs") / "demo.lse"
DIGITS = re.compile(r"[0-9]+")  # ASCII only: str.isdigit() also takes '²', which int() refuses


class Monitor(Keeping):
    """The Micro's prompt: stores lines, runs commands and programs, keeps variables between runs."""

    def __init__(self, micro: Micro, disk: Disk | None = None) -> None:
        self.micro = micro
        self.disk = disk
        self.lines = {}
        self.variables = Vars()
        self.running = False
        self.dirty = False
        self.step_mode = False
        self.tracing = False
        self.measuring = False
        self.breakpoints: set[int] = set()
        self.stop_before: int | None = None
        self.last_status: Status | None = None
        self.suspended = None  # a paused program's runtime and its ran_lines, kept while an immediate line runs
        self.ran_lines: dict[int, str] | None = None  # the lines the runtime's code was built from (None: DEMO's)
        self.ran_line = False  # the current run is an immediate line, not the program
        self.typed_ahead: deque[str] = deque()  # a tape's lines, typed as the Micro asks for them
        self.leaving = False  # QUITTER was confirmed: the front end closes the Micro
        self.keys = DESKTOP  # the keys AIDE names: the front end's own (helptext.PAGE on the web page)
        self.keeping_init()

    # -------------------------------------------------------------- output
    def say(self, text: str) -> None:
        """Print a line of the Micro's own."""
        self.micro.show(NL + text)

    def prompt(self) -> None:
        """PRET, and the cursor on a fresh line for what the person types."""
        self.say("PRET" + NL)

    def boot(self, prompt: bool = True) -> None:
        """Show the banner, offer an unsaved program back, and prompt (unless the caller prompts later)."""
        self.micro.show(self.micro.profile.title)
        kept = len(self.disk.kept_programs()) if self.disk is not None else 0
        if kept == 1:
            self.say("UN PROGRAMME NON RANGE A ETE GARDE:")
            self.say("TAPEZ RC (RECUPERER) POUR LE REPRENDRE")
        elif kept:
            self.say(f"{kept} PROGRAMMES NON RANGES ONT ETE GARDES:")
            self.say("RC (RECUPERER) LES REPREND UN A UN")
        self.say(BOOT_HINT)
        if prompt:
            self.prompt()

    def fail(self, error: LseError | Diagnostic) -> None:
        """Show an error: its message, its line and its caret each on a row of its own (a line wider than the
        screen by the part around its caret: the caret under its character, see errors.pointed)."""
        if error.line == IMMEDIATE:  # a line typed without a number has no line to name
            error = LseError(error.code, error.text, None, error.source, error.column)
        first, *rest = render(error).split("\n")
        cols = self.micro.screen.cols
        if len(rest) == 2:  # the source and its caret
            source, column = pointed(rest[0], len(rest[1]) - 1, cols)
            rest = [source, " " * column + "^"]
        self.say(NL.join([fitted(first, cols), *rest]))

    # --------------------------------------------------------------- input
    def wants_line(self) -> bool:
        """True when a typed line is awaited: at the prompt, or by LIRE."""
        return not self.running or self.micro.runtime.status is Status.WAITING

    def submit(self, typed: str) -> None:
        """Take one typed line: program input while LIRE waits, else a prompt line (half a pair made U+FFFD)."""
        typed = characters(typed.rstrip("\r\n"))
        if self.running:
            if self.micro.runtime.status is Status.WAITING:
                self.micro.feed(typed)
            return
        try:
            quiet = self.prompt_line(typed)
        except LseError as error:
            self.fail(error)
            quiet = False
        if self.confirming is not None or self.leaving:
            return  # a question waits for its answer on the same row, or the Micro is closing
        if quiet:
            self.micro.show(NL)  # a stored line: the next one is typed below it, no PRET
        elif not self.running:
            self.prompt()

    def prompt_line(self, typed: str) -> bool:
        """Act on a line typed at the prompt; True if it was a program line (no prompt after it)."""
        if self.confirming is not None and self.answer(typed):
            return False
        typed = read_back(typed)  # (a listed line typed again is the line listed: \X07 its BEL)
        stripped = typed.strip()
        limits = limits_of(self.micro.profile)
        if len(stripped) > limits.max_line_chars:
            raise LseError(Err.LINE_TOO_LONG)
        if not stripped:
            if self.step_mode and self._resumable():
                self.continuer("")
                return False
            return True
        number, start = number_prefix(typed)
        if number is not None:
            if not 1 <= number <= MAX_LINE_NUMBER:
                raise LseError(Err.BAD_LINE_NUMBER, clip(stripped.split()[0]))
            self.store_line(number, typed[start:], typed, start)
            return True
        command = self.command_of(stripped)
        if command is not None:
            method, rest = command
            getattr(self, method)(rest.strip())
            return False
        self.immediate(stripped)
        return False

    def refuse(self, error: LseError) -> None:
        """A line the front end could not send whole: say why, then ask again (PRET, LIRE's answer, the O/N)."""
        self.fail(error)
        if self.confirming is not None:
            self.abandon_line()  # (a line that is not O answers no)
        elif self.running:
            self.micro.show(NL)
        else:
            self.prompt()

    def abandon_line(self) -> None:
        """Ctrl-C at the prompt: the line is dropped; a question waiting for O/N is answered no."""
        if self.confirming is not None:
            self.confirming = None
            self.say("ANNULE: LE PROGRAMME EST GARDE")
            self.prompt()

    def command_of(self, text: str) -> tuple[str, str] | None:
        """Return (method, arguments) if the text is a command, else None (an instruction)."""
        return command_of(text)

    # ------------------------------------------------------------ tapes
    def type_ahead(self, lines: list[str]) -> None:
        """Queue lines to be typed one by one whenever the Micro awaits a line (a tape being read)."""
        self.typed_ahead.extend(lines)

    def tape_waiting(self) -> bool:
        """True when a tape's next line is to be typed now: one is queued and the Micro awaits a line."""
        return bool(self.typed_ahead) and self.wants_line()

    def feed_typed_ahead(self) -> bool:
        """Type the next queued line if the Micro awaits one; True if a line was typed."""
        if not self.tape_waiting():
            return False
        line = self.typed_ahead.popleft()
        self.micro.show(line)
        self.submit(line)
        return True

    # ---------------------------------------------------------- the lines
    def store_line(self, number: int, text: str, typed: str | None = None, column: int = 0) -> None:
        """Store, replace or (with no text) delete a numbered line; a wrong typed line is not stored.

        `typed` is the whole line as typed and `column` where `text` starts in it, so that a caret
        points under the offending character of what the person typed.
        """
        if not 1 <= number <= MAX_LINE_NUMBER:
            raise LseError(Err.BAD_LINE_NUMBER, number)
        if not text.strip():
            self.erase({number})  # (the program as it was kept for RC, as EF n keeps it)
            return
        if typed is None:
            typed, column = f"{number} {text.strip()}", len(str(number)) + 1
            text = text.strip()
        if self.check_line(SourceLine(number, text, column, typed, self.line_limits())):
            most = self.micro.profile.max_program_lines
            if number not in self.lines and len(self.lines) >= most:
                raise LseError(Err.TOO_MANY_LINES, f"({most} AU PLUS)", number)
            most = self.micro.profile.max_program_bytes  # (no program is kept that could not be saved)
            if self.lines.size_with(number, text.strip()) > most:
                raise LseError(Err.PROGRAM_TOO_LARGE, f"({most} OCTETS AU PLUS)", number)
            self.lines[number] = text.strip()
            self.dirty = True

    def line_limits(self) -> Limits:
        """What the machine refuses written out in a line: numbers past its range, strings past its longest."""
        return limits_of(self.micro.profile)

    def check_line(self, line: SourceLine) -> bool:
        """Parse one line; show its errors and return False if it is wrong."""
        try:
            parse_line(line)
        except SyntaxErrors as errors:
            for diagnostic in errors.diagnostics:
                self.fail(diagnostic)
            return False
        return True

    def source(self) -> str:
        """The program in memory as text, in the layout LISTER prints."""
        return program_source(self.lines)

    def program(self, extra: n.Line | None = None) -> n.Program:
        """Parse the stored lines (and an immediate line) into a program."""
        parsed, diagnostics = [], []
        limits = self.line_limits()  # (the machine's, once for every line)
        for number in sorted(self.lines):
            try:
                parsed.append(parse_line(SourceLine(number, self.lines[number], len(str(number)) + 1,
                                                    f"{number} {self.lines[number]}", limits)))
            except SyntaxErrors as errors:
                diagnostics.extend(errors.diagnostics)
        if extra is not None:
            parsed.append(extra)
        program = build_program(parsed, diagnostics)
        if diagnostics:
            raise SyntaxErrors(diagnostics)
        return program

    # -------------------------------------------------------------- running
    def start(self, program: n.Program, line: int | None, variables: Vars,
              ran_lines: dict[int, str] | None = None) -> None:
        debugging = self.step_mode or self.tracing or bool(self.breakpoints) or self.stop_before is not None
        self.micro.profiling = self.measuring
        self.micro.load(program, variables=variables, debug=debugging, continued=False)
        if debugging:
            self.micro.runtime.line_hook = self.hook
        self.micro.runtime.start(line)
        self.ran_lines = ran_lines
        self.running = True
        self.ran_line = False

    def load_and_start(self, line: int | None, variables: Vars, extra: n.Line | None = None) -> None:
        try:
            program = self.program(extra)
        except SyntaxErrors as errors:
            for diagnostic in errors.diagnostics:
                self.fail(diagnostic)
            return
        self.start(program, line, variables, dict(self.lines))

    def hook(self, line: int) -> bool:
        """Before each line of a debugged run: trace it, or stop there."""
        if line == IMMEDIATE:
            return False
        if self.tracing:
            self.micro.show(f"[{line}]")
        if line == self.stop_before:
            return True
        if line in self.breakpoints:
            return True
        if self.step_mode:  # (the line of the program running: one EXECUTER ran may not be the one typed)
            self.say(listed(line_texts(self.micro.program).get(line) or f"{line} {self.lines.get(line, '')}"))
            return True
        return False

    def tick(self, cycles: int) -> Status | None:
        """Run the program for a slice; handle its end. Return its status, None when idle."""
        if self.feed_typed_ahead() and not self.running:
            return Status.RUNNING  # still reading a tape: not idle yet
        if not self.running:
            return None
        runtime = self.micro.runtime
        if (runtime.status is Status.WAITING and not runtime.inputs.lines and not runtime.inputs.closed
                and not runtime.interrupted):
            return Status.WAITING
        status = self.micro.run(cycles)
        if status in (Status.RUNNING, Status.WAITING):
            return status
        self.running = False
        self.last_status = status
        self.stopped(status)
        if self.suspended is not None:  # the paused program can be continued again
            (self.micro.runtime, self.ran_lines), self.suspended = self.suspended, None
        self.prompt()
        return status

    def stopped(self, status: Status) -> None:
        runtime = self.micro.runtime
        if status is Status.PAUSED:
            line = runtime.current_line
            if line == self.stop_before:
                self.stop_before = None
                self.say(f"ARRET AVANT LA LIGNE {line}")
            elif line == IMMEDIATE:  # PAUSE typed without a number
                self.say("PAUSE")
            elif not self.step_mode or line in self.breakpoints:
                self.say(f"PAUSE EN LIGNE {line}")
        elif status is Status.ENDED and not self.ran_line:
            self.say("TERMINE")
        elif status is Status.FAILED:
            error = self.micro.runtime.error
            if error.line == IMMEDIATE:
                error.line = None
            self.fail(error)
        if status is not Status.PAUSED and self.suspended is None:
            self.stop_before = None  # the stop PO n or EX n1,n2 asked was for the run that has ended

    def interrupt(self) -> None:
        """ESC or Ctrl-C while a program runs; a tape's lines not yet typed are dropped with the run."""
        self.typed_ahead.clear()  # (its answers would reach PRET: 10 alone erases line 10)
        if self.running:
            self.micro.interrupt()

    def immediate(self, text: str) -> None:
        """Run an instruction typed without a number, with the variables of the last run."""
        try:
            line = parse_line(SourceLine(IMMEDIATE, text, 0, text, self.line_limits()), immediate=True)
        except SyntaxErrors as errors:
            hint = foreign_hint(text)
            if hint is not None:
                raise LseError(Err.FOREIGN_WORD, hint) from None
            for diagnostic in errors.diagnostics:
                self.fail(Diagnostic(diagnostic.code, diagnostic.text, None, diagnostic.source,
                                     diagnostic.column))
            return
        extra = n.Line(IMMEDIATE, None, line.statements + (n.Terminer(IMMEDIATE),), text)
        if self._resumable():
            self.suspended = self.micro.runtime, self.ran_lines
        self.load_and_start(IMMEDIATE, self.variables, extra)
        self.ran_line = True

    def _resumable(self) -> bool:
        runtime = self.micro.runtime
        return runtime is not None and (runtime.status is Status.PAUSED or
                                        (runtime.status is Status.FAILED and runtime.resumable))

    # ------------------------------------------------------------ commands
    def numbers(self, rest: str, count: int) -> list[int]:
        values = [part.strip() for part in rest.split(",")] if rest else []
        if len(values) > count or not all(DIGITS.fullmatch(value) for value in values):
            raise LseError(Err.BAD_COMMAND, clip(rest))
        return [digits_value(value) for value in values]

    def line_numbers(self, rest: str, count: int) -> list[int]:
        """Numbers that must be lines (EX, RE, PO, AR, LI, EF; NU's start and step): one out of 1..65535 is named
        as it was typed."""
        values = self.numbers(rest, count)
        for typed, value in zip((part.strip() for part in rest.split(",")), values):
            if not 1 <= value <= MAX_LINE_NUMBER:
                raise LseError(Err.BAD_LINE_NUMBER, clip(typed))
        return values

    def executer(self, rest: str) -> None:
        """EXECUTER [n1[,n2]]: run with fresh variables from n1, stopping before n2."""
        bounds = self.line_numbers(rest, 2)
        if not self.lines:
            raise LseError(Err.NO_PROGRAM)
        if len(bounds) == 2 and bounds[1] not in self.lines:  # a stop that could never be made (as PO n says)
            raise LseError(Err.UNKNOWN_LINE, bounds[1] if bounds[0] in self.lines else bounds[0])
        self.variables = Vars()
        self.stop_before = bounds[1] if len(bounds) == 2 else None
        self.load_and_start(bounds[0] if bounds else None, self.variables)

    def continuer(self, rest: str) -> None:
        """CONTINUER after PAUSE, a stop or an interruption."""
        runtime = self.micro.runtime
        self.check_continuable()
        if not runtime.resume():
            # Decision: the code of a run stopped in a loop or a procedure cannot be built again from where it
            # stopped without what it keeps in Python locals; so a variable it counts on as set (or declared),
            # freed at the prompt, is named, and the person gives it a value again or takes the run up (RE n).
            freed = runtime.freed()
            if freed is not None:
                raise LseError(Err.FREED_AT_STOP, freed)
            raise LseError(Err.VALUES_AT_STOP if runtime.broken() else Err.NOTHING_TO_CONTINUE)
        runtime.line_hook = self.hook if runtime.line_hook is not None else None
        self.running = True
        self.ran_line = False

    def check_continuable(self) -> None:
        """Refuse CONTINUER (and POURSUIVRE) when no run is stopped, or its lines were changed since."""
        if not self._resumable():
            raise LseError(Err.NOTHING_TO_CONTINUE)
        if self.ran_lines is not None and self.ran_lines != self.lines:
            # Decision: the stopped run's code is the program as it was at EX; run on, it would run a retyped
            # line's old text and an erased line, which LI no longer shows. Lines put back as they were pass.
            raise LseError(Err.CHANGED_AT_STOP)

    def reprendre(self, rest: str) -> None:
        """REPRENDRE n: run from line n, keeping the variables."""
        bounds = self.line_numbers(rest, 1)
        if not bounds:
            raise LseError(Err.BAD_COMMAND, "REPRENDRE N")
        if bounds[0] in self.lines:  # a run of its own: a stop asked for another (PO n, EX n1,n2) is not its
            self.stop_before = None
        self.load_and_start(bounds[0], self.variables)

    def poursuivre(self, rest: str) -> None:
        """POURSUIVRE n: go on until line n."""
        bounds = self.line_numbers(rest, 1)
        if not bounds:
            raise LseError(Err.BAD_COMMAND, "POURSUIVRE N")
        self.check_continuable()
        if bounds[0] not in self.micro.runtime.ir.line_block:
            raise LseError(Err.UNKNOWN_LINE, bounds[0])
        if not self.micro.runtime.debugging:
            # Decision: a plain run's code has no stop before its lines, and cannot be built again with them
            # where it stopped (in a loop or a procedure what it keeps is in Python locals; after a PAUSE in a
            # line the rest of that line is still to run); measured (ME) alike. So PO is refused, saying when
            # it works: a run started with a breakpoint (AR), step by step (PA), traced (TR) or EX n1,n2.
            raise LseError(Err.PLAIN_RUN)
        self.stop_before = bounds[0]
        self.micro.runtime.line_hook = self.hook
        self.continuer("")

    def lister(self, rest: str) -> None:
        """LISTER [n1[,n2]]."""
        bounds = self.line_numbers(rest, 2)
        low = bounds[0] if bounds else 0
        high = bounds[1] if len(bounds) == 2 else (low if len(bounds) == 1 else MAX_LINE_NUMBER)
        for number in sorted(self.lines):
            if low <= number <= high:
                self.say(f"{number} {listed(self.lines[number])}")

    def effacer(self, rest: str) -> None:
        """EFFACER *, a line, lines n1,n2, or a range n1 A n2."""
        if rest == "*":
            self.confirmed(lambda: self.replace_program({}, False))
            return
        match = re.fullmatch(r"([0-9]+)\s+[Aa]\s+([0-9]+)", rest)
        if match:
            low, high = self.line_numbers(f"{match.group(1)},{match.group(2)}", 2)
            doomed = [number for number in self.lines if low <= number <= high]
        else:
            doomed = self.line_numbers(rest, MAX_LINE_NUMBER) if rest else []
            if not doomed:
                raise LseError(Err.BAD_COMMAND, "EFFACER *|N|N1 A N2")
        self.erase(set(doomed))  # the program as it was kept for RC, as after EF * (EF 10 A 900 erases much)

    def numeroter(self, rest: str) -> None:
        """NUMEROTER [start[,step]]: renumber, updating ALLER EN, RETOUR EN and FAIRE targets."""
        values = self.line_numbers(rest, 2)  # (a start or a step past 65535 named as typed, not as 65536)
        start = values[0] if values else 10
        step = values[1] if len(values) == 2 else 10
        old = sorted(self.lines)
        if not old:
            return
        if step < 1 or start < 1 or start + step * (len(old) - 1) > MAX_LINE_NUMBER:
            raise LseError(Err.BAD_LINE_NUMBER, f"{start},{step}")
        mapping = {number: start + step * index for index, number in enumerate(old)}
        self.lines = {mapping[number]: renumber_text(self.lines[number], number, mapping) for number in old}
        # A breakpoint stays on its line (one set on no line keeps its number, as a target to no line does).
        self.breakpoints = {mapping.get(number, number) for number in self.breakpoints}
        self.dirty = True
        for number in sorted(self.lines):  # (a line number worked out when it runs cannot be rewritten: said)
            if computes_a_jump(self.lines[number], number):
                self.fail(LseError(Err.JUMP_KEPT, str(number)))

    def pas_a_pas(self, rest: str) -> None:
        """PAS A PAS: show each line before it runs and wait for Return."""
        self.step_mode = True

    def normal(self, rest: str) -> None:
        """NORMAL: no more step by step, no trace."""
        self.step_mode = False
        self.tracing = False

    def trace(self, rest: str) -> None:
        """TRACE: print each line number as it runs."""
        self.tracing = True

    def arret(self, rest: str) -> None:
        """ARRET n: set or clear a breakpoint; ARRET alone lists them."""
        for number in self.line_numbers(rest, MAX_LINE_NUMBER):
            self.breakpoints ^= {number}
        listed = "ARRETS: " + (" ".join(str(b) for b in sorted(self.breakpoints)) or "AUCUN")
        for row in wrap(listed, self.micro.profile.columns):  # (cut between numbers, as CATALOGUER's names)
            self.say(row)

    def mesure(self, rest: str) -> None:
        """MESURE: measure the next runs (operations and cycles per line) for BILAN."""
        self.measuring = not self.measuring
        self.say("MESURE " + ("ACTIVE" if self.measuring else "ARRETEE"))

    def bilan(self, rest: str) -> None:
        """BILAN: the cost report of the last run."""
        if self.micro.runtime is None:
            raise LseError(Err.NO_PROGRAM)
        for line in self.micro.report(self.micro.screen.cols).split("\n"):  # (a row each: no table row wraps)
            self.say(line)
        if not self.micro.runtime.profiling:
            self.say("(ME POUR COMPTER OPERATIONS ET LIGNES)")

    def aide(self, rest: str) -> None:
        """AIDE: the commands and the keys; AIDE NAME: one command or built-in, with an example."""
        width = self.micro.profile.columns
        rows = topic_rows(rest, COMMANDS, width, self.keys) if rest else summary_rows(width, self.keys)
        if rows is None:
            raise LseError(Err.NO_HELP, clip(rest.upper()))
        for row in rows:
            self.say(row)

    def demo(self, rest: str) -> None:
        """DEMO: run the Micro's demonstration (programs/demo.lse); the program in memory is not touched."""
        try:
            program = parse(DEMO_PROGRAM.read_text(encoding="utf-8"), limits_of(self.micro.profile))
        except (OSError, SyntaxErrors):
            raise LseError(Err.PROGRAM_MISSING, "DEMO") from None
        self.stop_before = None
        self.start(program, None, Vars())  # the person's variables stay for their next immediate line

    def quitter(self, rest: str) -> None:
        """QUITTER: leave the Micro, after a confirmation if the program in memory is not saved."""
        self.confirmed(self.leave)

    def leave(self, forced: bool = False) -> None:
        """Close the Micro: the front end sees `leaving`; an unsaved program is kept for RC first.

        Decision: nothing says a program is kept before the slot is written. If it cannot be, QUITTER
        says why and stays at the prompt with the program; `forced` (Ctrl-D again) closes all the same,
        saying PROGRAMME NON GARDE before AU REVOIR (the exit status is then 1).
        """
        kept = len(self.kept_texts()) if self.disk is not None else 0
        lost = self.keep_unsaved()
        if lost is not None:
            self.fail(lost)
            if not forced:
                return
            self.not_kept = render(lost)
        elif kept:
            self.say("PROGRAMME GARDE: RC LE RAMENERA" if kept == 1 else f"{kept} PROGRAMMES GARDES: RC LES RAMENERA")
        self.say("AU REVOIR")
        self.micro.show(NL)
        self.leaving = True
