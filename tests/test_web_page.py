"""The web page's Python side, run on the desktop: the page's Micro, links, the promised suspension, the build."""

import json
import re
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import greenlet
import pytest

from machine.book import read_book
from machine.errors import Err, LseError
from machine.lse.status import Status
from machine.micro import Micro
from machine.web import share
from machine.web.build import package_files, write_wheel
from machine.web.page import Page
from machine.web.promised import PromisedSuspension

ROOT = Path(__file__).resolve().parent.parent
WEB_ERRORS = {Err.BAD_LINK, Err.FILE_UNREADABLE, Err.DISK_ELSEWHERE}  # what the tests below prove the page says
# (test_errors.py counts)


class GreenletBaton:
    """A stand-in for the page's baton (static/baton.js): the program on a greenlet, an awaitable a thunk."""

    def __init__(self) -> None:
        self.host = self.program = None

    def start(self, entry, *args):
        def switch():
            self.host = greenlet.getcurrent()
            self.program = greenlet.greenlet(lambda: entry(*args), parent=self.host)
            return self.program.switch()
        return switch

    def pause(self):
        return lambda: self.host.switch()

    def go(self, word):
        def switch():
            self.host = greenlet.getcurrent()
            self.program.parent = self.host
            return self.program.switch(word)
        return switch

    def failed(self):
        return None


def promised() -> PromisedSuspension:
    return PromisedSuspension(GreenletBaton(), lambda thunk: thunk())


def frames_until(page: Page, text: str, most: int = 2000) -> str:
    for _ in range(most):
        page.frame()
        if text in page.screen_text():
            return page.screen_text()
    raise AssertionError(f"{text!r} never shown:\n{page.screen_text()}")


def typed(page: Page, *lines: str) -> None:
    for line in lines:
        page.frame(json.dumps([["text", line], ["key", "Enter"]]))


@pytest.fixture
def page(tmp_path) -> Page:
    made = Page("micro40", str(tmp_path / "disk"), promised)
    made.seat.toggle_turbo()
    return made


# ---------------------------------------------------------------- links
@pytest.mark.parametrize("text", ["10 AFFICHER 'BONJOUR'\n20 TERMINER\n", "", "10 A←'É à ← ²'\n" * 40])
def test_a_link_gives_back_the_program_it_carries(text):
    assert share.decode("#" + share.encode(text), 10_000) == text


@pytest.mark.parametrize("fragment", ["#prog=%%%", "#prog=eNoz", "#prog=" + "A" * 50, "#prog=AAAA"])
def test_a_damaged_link_is_lien_illisible(fragment):
    with pytest.raises(LseError) as caught:
        share.decode(fragment, 10_000)
    assert caught.value.code is Err.BAD_LINK


def test_a_link_that_unpacks_past_the_program_limit_is_refused_without_unpacking_it_all():
    bomb = share.encode("1" * 1_000_000)
    with pytest.raises(LseError) as caught:
        share.decode(bomb, 1000)
    assert caught.value.code is Err.BAD_LINK


def test_a_fragment_without_a_program_carries_none():
    assert share.decode("#profile=console80", 1000) is None


# ---------------------------------------------------------------- the page's Micro
def test_the_page_boots_to_pret_and_runs_what_is_typed(page):
    assert "PRET" in frames_until(page, "PRET")
    typed(page, "10 AFFICHER 'BONJOUR'", "20 TERMINER", "EX")
    assert "BONJOUR\nTERMINE" in frames_until(page, "TERMINE")


def test_a_frame_sends_the_screen_only_when_it_changed(page):
    first = json.loads(page.frame())
    assert first["rows"][0].startswith(page.micro.profile.title)
    assert len(first["rows"]) == page.micro.profile.rows
    page.frames = 1  # the cursor stays as it is
    assert page.frame() is None


def test_the_book_queens_runs_in_the_page_with_the_desktops_output_and_cycles(page):
    page.open_book("queens")
    frames_until(page, "TERMINE", most=20_000)
    desktop = Micro()
    desktop.load_text(read_book("queens"))
    desktop.run_until_blocked()
    assert "92  SOLUTIONS" in page.screen_text()
    assert page.cycles() == desktop.cycles


def test_a_program_waiting_in_lire_takes_the_typed_answer(page):
    page.open("10 LIRE X\n20 AFFICHER X*2\n30 TERMINER\n")
    for _ in range(5):
        page.frame()
    assert page.micro.runtime.status is Status.WAITING
    typed(page, "21")
    assert "42" in frames_until(page, "TERMINE")


def test_escape_interrupts_a_running_program_and_co_continues_it(page):
    page.open("10 X←0\n20 X←X+1;ALLER EN 20\n")
    page.frame()
    page.frame(json.dumps([["key", "Escape"]]))
    assert "INTERROMPU EN LIGNE 20" in frames_until(page, "INTERROMPU")


def test_a_page_is_still_at_the_prompt_and_not_while_a_program_runs_waits_or_is_to_be_opened(page):
    frames_until(page, "PRET")
    assert page.still()
    page.open("10 LIRE X\n20 TERMINER\n")
    page.frame()
    assert page.micro.runtime.status is Status.WAITING and not page.still()
    page.open("10 X←0\n20 X←X+1;ALLER EN 20\n")
    assert page.pending is not None and not page.still()
    while page.pending is not None:
        page.frame()
    assert page.session.running and not page.still()
    page.frame(json.dumps([["key", "Escape"]]))
    frames_until(page, "INTERROMPU EN LIGNE 20")
    assert page.still()


def test_the_frames_of_a_still_page_switch_no_stack(tmp_path):
    switches: list[str] = []

    class CountingBaton(GreenletBaton):
        def start(self, entry, *args):
            switches.append("start")
            return super().start(entry, *args)

        def go(self, word):
            switches.append(word)
            return super().go(word)

    page = Page("micro40", str(tmp_path / "disk"), lambda: PromisedSuspension(CountingBaton(), lambda thunk: thunk()))
    for _ in range(50):
        assert page.still()
        page.frame()
    assert switches == []
    typed(page, "10 AFFICHER 'BONJOUR'", "20 TERMINER", "EX")
    frames_until(page, "TERMINE")
    assert switches[0] == "start"


def test_where_automatic_collection_is_off_the_page_collects_in_full_every_few_seconds(page, monkeypatch):
    from machine.web import page as page_module

    collected: list[tuple] = []
    monkeypatch.setattr(page_module.gc, "isenabled", lambda: False)
    monkeypatch.setattr(page_module.gc, "collect", lambda *generation: collected.append(generation))
    page.frames = 0
    for _ in range(2 * page_module.COLLECT_FRAMES):
        page.frame()
    assert collected == [(), ()]  # no generation named: a full collection


def test_own_collection_turns_automatic_collection_off(monkeypatch):
    from machine.web import promised as promised_module

    turned: list[str] = []
    monkeypatch.setattr(promised_module.gc, "disable", lambda: turned.append("off"))
    promised_module.own_collection()
    assert turned == ["off"]


def test_opening_a_program_while_one_runs_stops_it_first_and_keeps_the_old_one_for_rc(page):
    page.open("10 X←0\n20 X←X+1;ALLER EN 20\n")
    page.frame()
    page.open("10 AFFICHER 'SECOND'\n20 TERMINER\n")
    frames_until(page, "SECOND")
    typed(page, "RC", "LI")
    assert "20 X←X+1;ALLER EN 20" in frames_until(page, "ALLER EN 20")


def test_a_bad_link_is_said_on_the_screen_and_the_prompt_comes_back(page):
    page.open_link("#prog=%%%")
    assert "LIEN ILLISIBLE" in frames_until(page, "LIEN")



@pytest.mark.parametrize("how", ["link", "paste"])
def test_what_the_page_refuses_while_a_program_runs_stops_it_before_saying_why(page, how):
    page.open("10 X←0\n20 X←X+1;ALLER EN 20\n")
    page.frame()
    if how == "link":
        page.open_link("#prog=@@@@")
    else:
        page.frame(json.dumps([["paste", "10 AFFICHER 1\n" * 30_000]]))
    text = frames_until(page, "LIEN ILLISIBLE" if how == "link" else "PROGRAMME TROP GRAND")
    assert "EX\nINTERROMPU EN LIGNE 20\nPRET\n" in text and not page.session.running, text  # no PRET mid-run


def test_a_file_that_is_not_utf8_is_said_unreadable_and_the_program_in_memory_stays(page):
    typed(page, "10 AFFICHER 'GARDE'")
    page.open_file("photo.png", None)  # the page could not read it as UTF-8
    assert "FICHIER photo.png ILLISIBLE\nPRET" in frames_until(page, "ILLISIBLE")
    assert page.session.lines == {10: "AFFICHER 'GARDE'"}


def test_a_lone_surrogate_in_a_listing_from_the_page_is_a_bad_character_and_ra_still_saves(page):
    frames_until(page, "PRET")
    page.open("10 AFFICHER 'A\ud800B'\n20 TERMINER\n")  # Coller: a JavaScript string may hold half a pair
    frames_until(page, "B\nTERMINE\nPRET")
    typed(page, "RA DEMI")
    assert "RANGE DEMI" in frames_until(page, "RANGE")
    assert page.session.lines[10] == "AFFICHER 'A\ufffdB'"


def test_a_link_made_by_the_page_runs_its_program_in_another_page(page, tmp_path):
    typed(page, "10 AFFICHER 'PARTAGE'", "20 TERMINER")
    fragment = page.link()
    other = Page("micro40", str(tmp_path / "other"), promised)
    other.open_link("#" + fragment)
    assert "PARTAGE" in frames_until(other, "TERMINE")


def test_a_pasted_listing_is_typed_line_by_line(page):
    page.frame(json.dumps([["paste", "10 AFFICHER 'COLLE'\r\n20 TERMINER\nEX\n"]]))
    assert "COLLE" in frames_until(page, "TERMINE")


def test_a_program_saved_with_ra_is_on_the_disk_and_asks_for_the_disk_to_be_kept(page, tmp_path):
    typed(page, "10 TERMINER")
    page.frame()
    reply = page.frame(json.dumps([["text", "RA GARDE"], ["key", "Enter"]]))
    assert json.loads(reply)["sync"] is True  # the page writes its disk to IndexedDB
    assert list((tmp_path / "disk").glob("GARDE*"))
    later = Page("micro40", str(tmp_path / "disk"), promised)
    typed(later, "CA")
    assert "GARDE" in frames_until(later, "GARDE")



def test_a_data_file_written_by_a_program_that_goes_on_asks_for_the_disk_to_be_kept(page, tmp_path):
    frames_until(page, "PRET")
    page.open("10 LIRE S\n20 GARER S,1,'#SCORES'\n30 AFFICHER 'REJOUER'\n40 LIRE R\n50 TERMINER\n")
    frames_until(page, "EX\n")
    replies = [page.frame(json.dumps([["text", "42"], ["key", "Enter"]]))]  # an answer: no command, no end
    while "REJOUER" not in page.screen_text():
        replies.append(page.frame())
    replies += [page.frame() for _ in range(3)]
    assert list((tmp_path / "disk").glob("SCORES*"))
    assert any(reply and json.loads(reply)["sync"] for reply in replies)  # a page closed now keeps the file


def test_switching_the_profile_keeps_the_program_in_memory(page):
    typed(page, "10 AFFICHER 'GARDE'", "20 TERMINER")
    page.switch("console80")
    assert page.micro.profile.name == "console80"
    assert json.loads(page.describe())["columns"] == 80
    typed(page, "EX")
    assert "GARDE" in frames_until(page, "TERMINE")


def test_bel_rings_the_page(page):
    page.open("10 AFFICHER EQC(7)\n20 TERMINER\n")
    rings = 0
    for _ in range(50):
        reply = page.frame()
        rings += json.loads(reply)["rings"] if reply else 0
    assert rings == 1


def test_the_description_carries_every_glyph_of_the_rom_and_the_profile_colours(page):
    look = json.loads(page.describe("green", "tv", 2))
    assert look["glyphs"]["A"] == list(page.font.glyph("A"))
    assert look["foreground"] == [0x33, 0xFF, 0x66]
    assert look["cell_height"] > look["font_height"] * 2  # the tube's 4:3 makes dots taller than wide


# ---------------------------------------------------------------- the promised suspension
def test_the_promised_suspension_runs_a_program_as_the_greenlet_does():
    source = "10 S←0\n20 FAIRE 30 POUR I←1 JUSQUA 20000\n30 S←S+I\n40 AFFICHER S\n50 TERMINER\n"
    runs = []
    for suspension in (None, promised):
        micro = Micro(suspension=suspension)
        micro.load_text(source)
        slices = 0
        while micro.run(10_000).name == "RUNNING":
            slices += 1
        runs.append((micro.screen.text(), micro.cycles, slices))
    assert runs[0] == runs[1]
    assert runs[0][2] > 10  # it really paused and went on, many times


def test_a_host_call_that_waits_is_unwound_by_the_promised_suspension():
    micro = Micro(suspension=promised)
    micro.load_text("10 TERMINER\n20 PROCEDURE &ASK(N) LOCAL N\n30 LIRE N\n40 RESULTAT N\n")
    with pytest.raises(LseError):
        micro.call("&ASK", 1)
    micro.load_text("10 TERMINER\n20 PROCEDURE &TWICE(N) LOCAL N\n30 RESULTAT N*2\n")
    assert micro.call("&TWICE", 4)[0] == 8.0


def test_the_promised_suspension_hands_over_what_the_program_raised():
    suspension = promised()
    suspension.prepare(lambda start: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        suspension.begin(0)
    assert suspension.done()


# ---------------------------------------------------------------- the build
def test_the_wheel_holds_every_module_and_data_file_the_micro_needs(tmp_path):
    wheel = write_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("machine/web/page.py", "machine/lse/runtime.py", "machine/roms/font.txt",
                   "machine/roms/micro40.toml", "machine/programs/queens.lse"):
        assert needed in names
    assert any(name.endswith(".dist-info/RECORD") for name in names)
    assert len(names) == len(package_files()) + 3


def test_the_wheel_is_the_same_bytes_when_built_twice(tmp_path):
    assert write_wheel(tmp_path / "a").read_bytes() == write_wheel(tmp_path / "b").read_bytes()


BROWSERLIKE = textwrap.dedent("""
    import json, sys, tempfile, threading
    for absent in ("pygame", "greenlet", "prompt_toolkit", "PIL"):  # none of them exists in Pyodide
        sys.modules[absent] = None
    from machine.web.page import Page
    from machine.web.promised import PromisedSuspension

    class ThreadBaton:  # the two stacks as two threads, one running at a time
        def __init__(self):
            self.to_host, self.to_program, self.word = threading.Semaphore(0), threading.Semaphore(0), None
        def start(self, entry, *args):
            def switch():
                threading.Thread(target=lambda: (entry(*args), self.to_host.release()), daemon=True).start()
                self.to_host.acquire()
            return switch
        def pause(self):
            def switch():
                self.to_host.release()
                self.to_program.acquire()
                return self.word
            return switch
        def go(self, word):
            def switch():
                self.word = word
                self.to_program.release()
                self.to_host.acquire()
            return switch
        def failed(self):
            return None

    page = Page("micro40", tempfile.mkdtemp(), lambda: PromisedSuspension(ThreadBaton(), lambda thunk: thunk()))
    page.frame(json.dumps([["turbo"]]))
    for line in ["5 S←0", "10 FAIRE 20 POUR I←1 JUSQUA 3000", "20 S←S+I", "30 AFFICHER S;TERMINER", "EX"]:
        page.frame(json.dumps([["text", line], ["key", "Enter"]]))
        for _ in range(100):
            page.frame()
    print(page.screen_text().split())
    print(sorted(name for name in ("pygame", "greenlet", "prompt_toolkit", "PIL") if sys.modules[name] is not None))
""")


def test_the_pages_python_side_runs_without_the_desktops_packages_as_in_pyodide():
    done = subprocess.run([sys.executable, "-c", BROWSERLIKE], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    words, still = done.stdout.splitlines()
    assert "4.5015E+06" in words and "TERMINE" in words
    assert still == "[]"


def test_the_readmes_links_carry_a_program_that_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    fragments = set(re.findall(r"#(prog=[A-Za-z0-9_-]+)", readme))
    assert fragments
    for fragment in fragments:
        micro = Micro()
        micro.load_text(share.decode(fragment, 10_000))
        assert micro.run_until_blocked() is Status.ENDED
        assert micro.screen.text().strip()


def test_quitter_switches_the_micro_off_and_on_and_rc_brings_the_program_back(page):
    typed(page, "10 AFFICHER 'REVENU'", "20 TERMINER", "QUITTER", "O")
    frames_until(page, "RC (RECUPERER)")
    typed(page, "RC", "EX")
    assert "REVENU" in frames_until(page, "\nTERMINE\n")


def test_a_paste_larger_than_a_program_may_be_is_refused_whole(page):
    page.frame(json.dumps([["paste", "10 AFFICHER 1\n" * 30_000]]))
    assert "PROGRAMME TROP GRAND" in frames_until(page, "TROP GRAND")
    assert page.session.lines == {}


def test_turbo_is_told_to_the_page_even_when_the_screen_is_unchanged(page):
    page.frame()
    page.frames = 1
    page.frame()
    reply = page.frame(json.dumps([["turbo"]]))
    assert reply is not None and json.loads(reply)["turbo"] is False  # the fixture had it on


def test_the_build_without_npm_says_why_in_one_line_and_exits_2(tmp_path, monkeypatch, capsys):
    from machine.web import __main__ as command
    from machine.web import build as building

    web = tmp_path / "web"  # a clone's web/ whose npm packages were never installed
    (web / "static").mkdir(parents=True)
    (web / "package-lock.json").write_text((building.WEB / "package-lock.json").read_text())
    monkeypatch.setattr(building, "WEB", web)
    monkeypatch.setattr(command, "build", lambda out: building.build(out, npm=str(tmp_path / "no-npm")))
    assert command.main(["build", str(tmp_path / "site")]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "npm ci" in said[0], said


# ---------------------------------------------------------------- what the page keeps when it goes away
def test_a_frame_tells_the_page_the_unsaved_program_to_keep_and_when_none_is_left(page):
    page.frame()
    reply = json.loads(page.frame(json.dumps([["text", "10 AFFICHER 1"], ["key", "Enter"]])))
    assert reply["kept"] == "10 AFFICHER 1\n"
    assert "kept" not in json.loads(page.frame(json.dumps([["text", "L"]])))  # unchanged: not said again
    page.frame(json.dumps([["key", "Backspace"]]))
    assert json.loads(page.frame(json.dumps([["text", "RA GARDE"], ["key", "Enter"]])))["kept"] is None  # saved


def test_programs_kept_at_earlier_visits_go_to_the_recovery_slot_each_once(tmp_path):
    kept = json.dumps(["10 AFFICHER 'UN'\n", "10 AFFICHER 'UN'\n", "", "20 AFFICHER 'DEUX'\n"])
    first = Page("micro40", str(tmp_path / "disk"), promised, kept)
    assert "2 PROGRAMMES NON RANGES ONT ETE GARDES" in frames_until(first, "PRET")
    again = Page("micro40", str(tmp_path / "disk"), promised, kept)  # the disk written, the copies not yet gone
    assert "2 PROGRAMMES NON RANGES ONT ETE GARDES" in frames_until(again, "PRET")
    assert again.adopted


def test_a_paste_is_typed_line_by_line_as_the_micro_asks_even_past_a_run(page):
    frames_until(page, "PRET")
    page.frame(json.dumps([["paste", "10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nEX\n12\nLI\nAFF"]]))
    frames_until(page, "LI\n10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nPRET\nAFF")
    assert "EX12\n144\nTERMINE" in page.screen_text()
    typed(page, "ICHER 'FIN'")  # the paste's tail, finished by hand
    assert "AFFICHER 'FIN'\nFIN\nPRET" in frames_until(page, "FIN\nPRET")


def test_esc_drops_what_is_left_of_a_paste(page):
    frames_until(page, "PRET")
    page.frame(json.dumps([["paste", "10 ALLER EN 10\nEX\nLI\n"]]))
    page.frame(json.dumps([["key", "Escape"]]))
    text = frames_until(page, "INTERROMPU")
    for _ in range(20):
        page.frame()
    assert "\nLI\n" not in page.screen_text().split("INTERROMPU")[1] and not page.session.typed_ahead, text


def test_what_the_page_opens_types_its_ex_on_a_row_of_its_own(page):
    frames_until(page, "PRET")
    page.frame(json.dumps([["text", "10 AFFICHER 'A MOITIE'"]]))  # half typed: abandoned where it is, as by Esc
    page.open("10 AFFICHER 1\n20 X_3+*4\n30 TERMINER\n")
    text = frames_until(page, "^\nEX\n")
    assert "\n10 AFFICHER 'A MOITIE'\nEXPRESSION ATTENDUE" in text and "MOITIE'EX" not in text, text
    assert page.session.lines[10] == "AFFICHER 1"


def test_a_program_opened_after_a_refusal_writes_below_it(page):
    frames_until(page, "PRET")
    page.open_link("#prog=@@@@")
    frames_until(page, "LIEN ILLISIBLE")
    page.open("10 AFFICHER 'BONJOUR'\n20 TERMINER\n")
    text = frames_until(page, "TERMINE")
    assert "LIEN ILLISIBLE @@@@\nPRET\nEX\nBONJOUR\nTERMINE" in text, text


@pytest.mark.parametrize("how", ["open", "link"])
def test_a_tape_opened_or_carried_by_a_link_is_typed_line_by_line_as_at_the_terminal(page, how):
    frames_until(page, "PRET")
    typed(page, "10 AFFICHER 'AVANT'")
    tape = "10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nEX\n12\n"
    if how == "open":
        page.open(tape)
    else:
        page.open_link("#" + share.encode(tape))
    text = frames_until(page, "144\nTERMINE")
    assert "AVANT'\n10 LIRE N\n" in text and "EX12\n144" in text and "MELANGEES" not in text, text
    typed(page, "RC", "LI")
    assert "10 AFFICHER 'AVANT'" in frames_until(page, "10 AFFICHER 'AVANT'")


# ---------------------------------------------------------------- a disk another tab owns
def test_a_page_whose_disk_another_tab_owns_reads_it_and_refuses_every_write_until_it_owns_it(tmp_path):
    owner = Page("micro40", str(tmp_path / "disk"), promised)
    typed(owner, "10 AFFICHER 'GARDE'", "RA GARDE", "10 A←1", "20 GARER A,1,'#NOTES'", "EX")
    frames_until(owner, "TERMINE")
    on_disk = {path.name: path.read_bytes() for path in (tmp_path / "disk").iterdir()}
    page = Page("micro40", str(tmp_path / "disk"), promised, json.dumps(["10 AFFICHER 'KEPT'"]), elsewhere=True)
    assert "LE DISQUE EST A UN AUTRE ONGLET:\nICI, IL EST EN LECTURE SEULE\nPRET" in page.screen_text()
    typed(page, "AP GARDE", "LI")
    assert "LI\n10 AFFICHER 'GARDE'" in frames_until(page, "LI\n10")
    typed(page, "RA AUTRE", "MO GARDE", "SU GARDE", "10 A←2", "20 GARER A,1,'#NOTES'", "EX")
    text = frames_until(page, "EN LIGNE 20")
    assert text.count("DISQUE A UN AUTRE ONGLET: LECTURE SEULE") == 4, text
    assert {path.name: path.read_bytes() for path in (tmp_path / "disk").iterdir()} == on_disk  # nothing written
    page.own_disk()
    typed(page, "RA AUTRE")
    assert (tmp_path / "disk" / "AUTRE.lse").is_file()


def test_aide_on_the_page_names_the_pages_own_keys_not_the_windows_f9_or_ctrl_d(page):
    typed(page, "AIDE")
    summary = " ".join(frames_until(page, "(AIDE TOUCHES)").split("\n"))
    assert "ECHAP, CTRL-V, F10 F11 F12 (AIDE TOUCHES)" in summary and "F9" not in summary
    typed(page, "AIDE TOUCHES")
    keys = frames_until(page, "BOUTONS SOUS L'ECRAN")
    assert "CTRL-V: COLLER" in keys and "F12: PHOTO PNG" in keys and "F9" not in keys and "CTRL-D" not in keys
    assert "MAJ+HAUT" in keys  # the keys the page shares with the window are named alike


def test_a_run_that_wrote_the_disk_asks_for_it_to_be_kept_once(page, tmp_path):
    # (the frame the run ended in skipped its look at the disk's time, so the next one asked again for nothing new)
    frames_until(page, "PRET")
    page.open("10 X←7;GARER X,1,'#SCORES'\n20 TERMINER\n")
    replies = []
    for _ in range(200):
        replies.append(page.frame())
        if list((tmp_path / "disk").glob("SCORES*")) and not page.session.running:
            break
    replies += [page.frame() for _ in range(3)]
    synced = [at for at, reply in enumerate(replies) if reply and json.loads(reply)["sync"]]
    assert len(synced) == 1, synced
