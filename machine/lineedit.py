"""Line editing at a terminal (prompt_toolkit): arrows, history kept on the disk, Ctrl-R, Tab completion.

Used by the terminal front end only when stdin and stdout are both terminals; piped input never comes
here. Imports prompt_toolkit when an editor is made; must not import pygame.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path

from machine.history import load_history
from machine.lse.source import characters, text_lines

# The commands whose argument is a program name (Tab completes saved names and the book's).
NAMED = ("AP", "APPELER", "RA", "RANGER", "MO", "MODIFIER", "SU", "SUPPRIMER")


def completions(text: str, commands: Iterable[str], names: Callable[[], Iterable[str]]) -> list[str]:
    """The words that may complete the last word of `text`: a command first, a program name after AP etc."""
    words = text.upper().split(" ")
    if len(words) == 1:
        return sorted({command for command in commands if command.startswith(words[0])})
    if len(words) == 2 and words[0] in NAMED:
        return sorted({name for name in names() if name.startswith(words[1])})
    return []


class EditorClosed(Exception):
    """The line being read was ended from outside: the Micro is closing."""


class LineEditor:
    """Reads one line at a time with editing; the prompt's lines go to a history file, LIRE's do not."""

    def __init__(self, history: Path | None, commands: Iterable[str], names: Callable[[], Iterable[str]]) -> None:
        from prompt_toolkit import PromptSession, search
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.filters import is_searching
        from prompt_toolkit.history import FileHistory, InMemoryHistory
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.keys import Keys
        from prompt_toolkit.shortcuts import CompleteStyle

        commands = tuple(commands)

        class MicroCompleter(Completer):
            def get_completions(self, document, complete_event):
                text = document.text_before_cursor
                last = text.split(" ")[-1]
                for word in completions(text, commands, names):
                    yield Completion(word, start_position=-len(last))

        class Typed(InMemoryHistory):
            def append_string(self, string: str) -> None:  # (a byte not UTF-8 is half a pair: see KeptHistory)
                super().append_string(characters(string))

        class KeptHistory(FileHistory):
            # Decision: a disk that cannot be read or written (full, read-only) loses the history only, as in
            # the window (history.remember); prompt_toolkit would show the OSError's traceback at each new line
            # and swallow what is typed before the next Return.
            def load_history_strings(self):
                load_history(Path(self.filename))  # (which keeps the file's last KEPT_ENTRIES only)
                try:
                    return list(super().load_history_strings())
                except OSError:
                    return []

            # A byte typed that is not UTF-8 comes as half a UTF-16 pair (surrogateescape), which no file writes
            # (prompt_toolkit showed its traceback and swallowed a line): kept as the Micro keeps it, U+FFFD.
            def append_string(self, string: str) -> None:
                super().append_string(characters(string))

            def store_string(self, string: str) -> None:
                try:
                    super().store_string(string)
                except OSError:
                    pass

        bindings = KeyBindings()
        self.pasted: deque[str] = deque()  # the lines of a paste after the one sent, each sent when a line is read
        self.closed = False  # a closing came (close): the line being read, and any after it, end
        self._app = None

        @bindings.add(Keys.BracketedPaste)
        def _paste(event) -> None:
            # Decision: lines pasted at once are typed one after the other, as from a tape (prompt_toolkit put
            # them all in one line, sent whole and refused: CARACTERE INVALIDE '\N'); a last line without its
            # end stays to be edited.
            lines = text_lines(event.data)
            event.current_buffer.insert_text(lines[0])
            if len(lines) > 1:
                self.pasted.extend(lines[1:])
                event.current_buffer.validate_and_handle()

        @bindings.add("\\")
        def _erase(event) -> None:  # the old consoles' erase, as in the window
            event.current_buffer.delete_before_cursor(1)

        @bindings.add("enter", filter=is_searching)
        def _run_found(event) -> None:  # Return after Ctrl-R sends the line found, as a shell does
            search.accept_search()
            event.current_buffer.validate_and_handle()

        stored = None
        if history is not None:
            try:
                history.parent.mkdir(parents=True, exist_ok=True)
                stored = KeptHistory(str(history))
            except OSError:  # no writable home folder: the history lives for this session only
                stored = None
        common = dict(key_bindings=bindings, reserve_space_for_menu=0, complete_while_typing=False,
                      complete_style=CompleteStyle.READLINE_LIKE, enable_suspend=False)
        self.commands = PromptSession(history=stored or Typed(), completer=MicroCompleter(), **common)
        self.answers = PromptSession(history=Typed(), **common)

    def read(self, shown: str, *, at_prompt: bool) -> str | None:
        """One line after the text `shown` on the current row; None for Ctrl-D on an empty line.

        Ctrl-C raises KeyboardInterrupt (the caller abandons the line); EditorClosed if close() came.
        """
        session = self.commands if at_prompt else self.answers
        line = self.pasted.popleft() if self.pasted else ""
        self._app = session.app
        try:
            if self.closed:
                raise EditorClosed
            typed = session.prompt(shown, default=line, accept_default=bool(self.pasted),
                                   pre_run=lambda: self._end(session.app) if self.closed else None)
        except EOFError:
            typed = None
        except KeyboardInterrupt:
            self.pasted.clear()  # the rest of a paste is abandoned with the line
            if not self.closed:
                raise
        finally:
            self._app = None
        if self.closed:
            raise EditorClosed
        return typed

    def close(self) -> None:
        """End the line being read (the Micro closed from outside): safe in a signal handler; read raises EditorClosed.

        Decision: an exception raised by the handler into the editor's event loop, at whatever point it had come
        to, could leave asyncio waiting forever for a task it cut (the CI's SIGHUP test hung about 1 time in 40 under
        load): the editor ends the line itself, from its loop.
        """
        self.closed = True
        app = self._app
        loop = None if app is None else app.loop
        if loop is not None:
            try:
                loop.call_soon_threadsafe(self._end, app)
            except RuntimeError:  # the loop closed meanwhile: read sees `closed` on its way out
                pass

    @staticmethod
    def _end(app) -> None:
        if app.is_running and not app.is_done:
            app.exit(exception=EditorClosed)
