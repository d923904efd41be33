"""What a running program prints, reads (LIRE) and keeps on disk, as a part of the runtime.

Imports values, ops, inputs and the error catalogue; never a front end.
"""

from __future__ import annotations

from machine.errors import Err, LseError, clip, long_string, message
from machine.lse import ops
from machine.lse.inputs import parse_number_field
from machine.lse.linker import running_line
from machine.lse.status import Status
from machine.lse.values import Array, Vars, positions


class ProgramIO:
    """Output, input and disk of the Runtime (which provides cyc, costs, counts, inputs, disk, _suspend)."""

    def out(self, text: str) -> None:
        """Print text, charging each character printed.

        Decision: the text is kept and given to the screen (and the front end's listeners) when the
        slice ends, the program waits or ends, or the debugger's hook runs (flush_output): one call
        of the screen a slice, not one a line (a program printing 80 000 lines spent a third of its
        time there); a slice is a few milliseconds.
        """
        self._cyc.cell_contents += self.costs["print_char"] * len(text)  # the counter itself, not the property
        if self.profiling:
            self._counts["print_char"] += len(text)
        self.printed.append(text)

    def flush_output(self) -> None:
        """Give what was printed since the last time to the screen."""
        if self.printed:
            text = "".join(self.printed)
            self.printed.clear()
            self.output(text)

    def feed(self, line: str) -> None:
        """Give the program one line of input (what the person typed)."""
        self.inputs.feed(line)

    def end_input(self) -> None:
        """Say that no more input will come (end of file on stdin)."""
        self.inputs.close()

    def _next_field(self, want_string: bool) -> str:
        self.out("\a")  # LIRE rings the bell
        field = self._await_field(want_string)
        if want_string and len(field) > self.limits["max_string"]:  # a CHAINE holds no more, as ! says
            raise LseError(Err.MEMORY_FULL, long_string(len(field)))
        return field

    def _await_field(self, want_string: bool) -> str:
        """The next field typed, charged by its characters, waiting for a line if none is there."""
        while True:
            value = self.inputs.take(want_string)
            if value is not None:
                self.charge("input_char", len(value))
                return value
            self._suspend(Status.WAITING)
            if self.interrupted:  # ESC while the program waits for a line
                self.interrupted = False
                # Decision: stopped as slice_end stops a computation, so that CONTINUER goes on; it asks the
                # field being read again from its start (what the line had typed before it is taken).
                line = running_line(self.compiled.tables) if self.compiled is not None else None
                self.current_line = line or self.current_line
                self.error = LseError(Err.INTERRUPTED, line=line)
                self.resumable = True
                self._suspend(Status.FAILED)

    def read_into(self, env: Vars, name: str) -> None:
        """LIRE a variable: a string, a number, or every element of an array."""
        current = env.get(name)
        if type(current) is Array:
            for at in positions(current):
                self.read_into_ref((current, at))
            return
        if name in env.strings:
            env.assign(name, self.read_string())
        else:
            env.assign(name, self.read_number())

    def read_string(self) -> str:
        """A field for a CHAINE (read_into's; and the generated code's for the program's CHAINE, which stores it)."""
        return self._next_field(True)

    def read_into_ref(self, ref: tuple) -> None:
        """LIRE through a reference (array element or by-reference parameter)."""
        container, key = ref
        if isinstance(container, Vars):
            self.read_into(container, key)
            return
        want_string = type(container[key]) is str
        ops.set_ref(ref, self.read_string() if want_string else self.read_number())

    def read_number(self) -> float:
        """A number field (LIRE of a variable that only ever holds numbers, written as a store of what this
        gives); typed at a keyboard (inputs.keyboard), a bad one is refused and asked again.

        Decision: outside the profile, a number already typed on the current line is taken at once,
        charged as out() and _await_field charge (the bell, then the field's characters): a program
        reading its numbers one LIRE at a time spent most of its time in the longer way, kept for
        the waits, the bad fields and the profile's counts.
        """
        inputs = self.inputs
        if not self.profiling and (value := inputs.take_number()) is not None:
            self.printed.append("\a")  # LIRE rings the bell (out() without the profile's count)
            self._cyc.cell_contents += self.costs["print_char"] + self.costs["input_char"] * inputs.taken
            return self.numbers.value(value) if self.numbers.single else value  # (finite: a double as it is)
        while True:
            raw = self._next_field(False)
            value = parse_number_field(raw, inputs.beyond, inputs.decimal)
            if value is not None:
                return self.numbers.value(value)
            if not inputs.keyboard:
                raise LseError(Err.BAD_INPUT, clip(raw))
            inputs.drop_line()  # the rest of the wrong line goes with it
            self.out("\r\n" + message(Err.INPUT_AGAIN, clip(raw)) + "\r\n")

    # ------------------------------------------------------------ disk
    def _disk(self):
        if self.disk is None:
            raise LseError(Err.DISK_ERROR, "PAS DE DISQUE")
        return self.disk

    def disk_store(self, value: object, record: object, file: object) -> None:
        """GARER value, record, file."""
        self._disk().store(value, record, file)

    def disk_load(self, env: Vars, name: str, record: object, file: object) -> float:
        """CHARGER into a variable; return the status code."""
        return self._disk().load(env, name, record, file, self.limits["max_string"], self.numbers)

    def disk_load_ref(self, ref: tuple, record: object, file: object) -> float:
        """CHARGER into a by-reference parameter: into the caller's variable (an element takes no record)."""
        container, key = ref
        if not isinstance(container, Vars):
            raise LseError(Err.ALREADY_DECLARED)
        return self.disk_load(container, key, record, file)

    def disk_delete(self, file: object, record: object) -> None:
        """SUPPRIMER file[, record]."""
        self._disk().delete(file, record)

    def chain(self, program: object, start: object) -> None:
        """EXECUTER another program (chaining)."""
        self._disk().chain(self, program, start)
