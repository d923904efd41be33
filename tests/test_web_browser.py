"""The web page in a real Chromium: programs typed, chosen, shared and run, the screen read back and photographed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from web_page import BOOT_MS, RUN_MS, SCREENSHOT, opened, reload_after, shows, type_lines

from machine.lse.status import Status
from machine.profile import load_profile
from machine.rom import load_font
from machine.web import share
from machine.web.page import Page

pytestmark = pytest.mark.renderer  # run once more if Chromium's renderer dies (tests/crashed_renderer.py)


def test_a_browser_without_jspi_is_told_why_on_the_page_and_shown_no_dead_controls(context, site):
    context.add_init_script("delete WebAssembly.Suspending;")  # as a browser that cannot suspend WebAssembly
    page = context.new_page()
    page.goto(site)
    page.wait_for_function("window.microFailure", timeout=BOOT_MS)
    assert "IL FAUT CHROMIUM 137 OU PLUS" in page.inner_text("#status")
    assert not page.is_visible("#controls") and not page.is_visible("#book")


def test_a_program_typed_at_the_prompt_runs(context, site):
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = opened(context, site)
    assert "PRET" in shows(page, "PRET")
    assert asked and all(url.startswith(site) or url.startswith("data:") for url in asked), asked
    type_lines(page, "10 AFFICHER 'BONJOUR'", "20 TERMINER", "EX")
    assert "EX\nBONJOUR\nTERMINE\nPRET" in shows(page, "\nTERMINE\n")


def test_queens_from_the_menu_finds_92_with_the_desktops_screen_and_cycles(context, site, tmp_path, request):
    page = opened(context, site)
    page.click("#turbo")
    page.select_option("#book", "QUEENS")
    seen = shows(page, "\nTERMINE\n")
    assert "92  SOLUTIONS" in seen
    if request.config.getoption("--update-golden"):  # the README's picture of the page
        page.locator("#screen").blur()
        page.wait_for_timeout(200)
        page.screenshot(path=str(SCREENSHOT), clip={"x": 0, "y": 0, "width": 1280, "height": 660})
    desktop = on_the_desktop(tmp_path, lambda desk: desk.open_book("QUEENS"))
    assert seen == "\n".join(row.rstrip() for row in desktop.screen_text().split("\n"))
    assert page.evaluate("window.micro.cycles()") == desktop.cycles()


@pytest.mark.parametrize("name", ["DEMO", "PYTHAGORE", "QUEENS3_FINAL"])
def test_a_book_program_prints_the_desktops_screen_and_spends_its_cycles_in_the_page(context, site, tmp_path, name):
    page = opened(context, site)
    page.click("#turbo")
    page.select_option("#book", name)
    seen = shows(page, "\nTERMINE\n")
    desktop = on_the_desktop(tmp_path, lambda desk: desk.open_book(name))
    assert seen == "\n".join(row.rstrip() for row in desktop.screen_text().split("\n"))
    assert page.evaluate("window.micro.cycles()") == desktop.cycles() > 0


def on_the_desktop(folder: Path, start, answers: tuple[str, ...] = ()) -> Page:
    """The same page's Python run on the desktop (greenlet) to its end, answering LIRE with `answers`."""
    desktop = Page("micro40", str(folder))
    desktop.seat.toggle_turbo()
    start(desktop)
    waiting = list(answers)
    while desktop.session.running or desktop.pending is not None:
        desktop.frame()
        if waiting and desktop.micro.runtime.status is Status.WAITING:
            desktop.frame(json.dumps([["text", waiting.pop(0)], ["key", "Enter"]]))
    return desktop


def test_a_shared_link_runs_the_program_it_carries(context, site):
    program = "10 AFFICHER 'DU LIEN: ';AFFICHER 6*7\n20 TERMINER\n"
    page = opened(context, site, "#" + share.encode(program))
    assert "DU LIEN:\n42\nTERMINE" in shows(page, "\nTERMINE\n")


def test_the_share_button_makes_a_link_that_runs_the_program(context, site):
    page = opened(context, site)
    type_lines(page, "10 AFFICHER 'PARTAGE'", "20 TERMINER")
    shows(page, "20 TERMINER")
    page.click("#share")
    page.wait_for_function("document.getElementById('link').value.includes('#prog=')", timeout=RUN_MS)
    link = page.input_value("#link")
    other = opened(context, "", link)
    assert "PARTAGE" in shows(other, "\nTERMINE\n")


def test_a_damaged_link_says_lien_illisible(context, site):
    page = opened(context, site, "#prog=%25%25")
    assert "LIEN ILLISIBLE" in shows(page, "LIEN")


def test_a_program_saved_with_ra_is_there_after_a_reload(context, site):
    page = opened(context, site)
    type_lines(page, "10 AFFICHER 'GARDE'", "20 TERMINER")
    shows(page, "20 TERMINER")
    reload_after(page, lambda: type_lines(page, "RA GARDE"))
    type_lines(page, "CA")
    assert "PROGRAMMES: GARDE" in shows(page, "PROGRAMMES:")
    type_lines(page, "AP GARDE", "EX")
    assert "GARDE\nTERMINE" in shows(page, "\nTERMINE\n")


def test_escape_interrupts_a_program_that_never_ends(context, site):
    page = opened(context, site)
    type_lines(page, "10 ALLER EN 10", "EX")
    page.wait_for_timeout(300)
    page.keyboard.press("Escape")
    assert "INTERROMPU EN LIGNE 10" in shows(page, "INTERROMPU")


def test_a_pasted_listing_is_loaded_and_run(context, site):
    page = opened(context, site)
    page.click("#paste")
    page.fill("#listing", "10 AFFICHER 'COLLE'\n20 TERMINER\n")
    page.click("#paste-run")
    assert "COLLE" in shows(page, "\nTERMINE\n")


def test_the_profile_menu_switches_to_console80(context, site):
    page = opened(context, site)
    page.select_option("#profile", "console80")
    page.wait_for_function("window.micro.look().columns === 80", timeout=RUN_MS)
    assert shows(page, load_profile("console80").title).startswith(load_profile("console80").title)
    type_lines(page, "10 AFFICHER 'QUATRE-VINGTS'", "20 TERMINER", "EX")
    assert "QUATRE-VINGTS" in shows(page, "\nTERMINE\n")


def test_the_screen_is_drawn_with_the_font_rom_in_the_profiles_colours(context, site):
    page = opened(context, site)
    shows(page, "PRET")
    picture = page.locator("#screen").screenshot(animations="disabled")
    look = page.evaluate("window.micro.look()")
    pixels = _pixels(picture)
    width, height = look["cell_width"], look["cell_height"]
    scale_x, scale_y = width / look["font_width"], height / look["font_height"]
    title = page.evaluate("window.micro.screen()").split("\n")[0]
    font = load_font()
    for column, char in enumerate(title[:6]):  # "MICRO " in the top row, after a margin of one cell
        for dot_y, row in enumerate(font.glyph(char)):
            for dot_x in range(look["font_width"]):
                x = int((column + 1) * width + (dot_x + 0.5) * scale_x)
                y = int(height + (dot_y + 0.5) * scale_y)
                lit = bool(row & (0x80 >> dot_x))
                assert pixels(x, y) == tuple(look["foreground" if lit else "background"]), (char, dot_x, dot_y)


def _pixels(png: bytes):
    """A function (x, y) -> (r, g, b) over a PNG's pixels."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    return lambda x, y: image.getpixel((x, y))


def test_the_desktop_and_the_page_agree_on_a_program_with_input(context, site, tmp_path):
    program = "10 LIRE N\n20 FAIRE 30 POUR I←1 JUSQUA N\n30 AFFICHER[U] I*I,' '\n40 TERMINER\n"
    link = "#" + share.encode(program)
    page = opened(context, site, link)
    page.wait_for_timeout(500)
    type_lines(page, "7")
    seen = shows(page, "\nTERMINE\n")
    desktop = on_the_desktop(tmp_path, lambda desk: desk.open_link(link), ("7",))
    assert "49" in seen
    assert seen == "\n".join(row.rstrip() for row in desktop.screen_text().split("\n"))
    assert page.evaluate("window.micro.cycles()") == desktop.cycles()


def test_recursion_reaches_the_profiles_depth_limit_on_the_programs_own_stack(context, site):
    program = ("10 AFFICHER &S(190)\n20 AFFICHER &S(250)\n30 TERMINER\n40 PROCEDURE &S(N) LOCAL N\n"
               "50 SI N=0 ALORS RESULTAT 0 SINON RESULTAT N+&S(N-1)\n")
    page = opened(context, site, "#" + share.encode(program))
    seen = shows(page, "EMBOITES")
    assert "18145" in seen  # 190 calls deep, then refused past the profile's 200
    assert "TROP D'APPELS DE PROCEDURE EMBOITES\nEN LIGNE 50" in seen


def test_a_tape_opened_or_pasted_in_coller_is_typed_line_by_line_with_its_answers(context, site, tmp_path):
    tape = "10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nEX\n12\n"
    path = tmp_path / "bande.lse"
    path.write_text(tape, encoding="utf-8")
    page = opened(context, site)
    page.set_input_files("#file", str(path))
    text = shows(page, "EX12\n144\nTERMINE\n")
    assert "MELANGEES" not in text, text
    page.click("#paste")
    page.fill("#listing", tape.replace("12", "7"))
    page.click("#paste-run")
    assert "MELANGEES" not in shows(page, "EX7\n49\nTERMINE\n")


def test_a_file_opened_from_the_page_runs(context, site, tmp_path):
    path = tmp_path / "fichier.lse"
    path.write_text("10 AFFICHER 'DU FICHIER'\n20 TERMINER\n", encoding="utf-8")
    page = opened(context, site)
    page.set_input_files("#file", str(path))
    assert "DU FICHIER" in shows(page, "\nTERMINE\n")


def test_png_gives_a_picture_of_the_screen_to_download(context, site, tmp_path):
    page = opened(context, site)
    with page.expect_download() as download:
        page.click("#png")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("micro-lse-") and saved.suffix == ".png"
    from PIL import Image

    look = page.evaluate("window.micro.look()")
    with Image.open(saved) as image:
        assert image.size == ((look["columns"] + 2) * look["cell_width"], (look["rows"] + 2) * look["cell_height"])
        assert image.convert("RGB").getpixel((1, 1)) == tuple(look["background"])


def test_the_green_monitor_redraws_the_screen_in_its_tint(context, site):
    page = opened(context, site)
    page.select_option("#monitor", "green")
    page.wait_for_function("window.micro.look().foreground[0] === 0x33", timeout=RUN_MS)
    look = page.evaluate("window.micro.look()")
    pixels = _pixels(page.locator("#screen").screenshot())
    assert pixels(2, 2) == tuple(look["background"]) == (0x00, 0x12, 0x04)


def test_bel_rings_through_web_audio(context, site):
    page = opened(context, site, "#" + share.encode("10 AFFICHER EQC(7)\n20 TERMINER\n"))
    shows(page, "\nTERMINE\n")
    page.wait_for_function("window.micro.rings() === 1", timeout=RUN_MS)


def test_a_file_dropped_on_the_screen_runs(context, site):
    page = opened(context, site)
    page.evaluate("""() => {
        const files = new DataTransfer();
        files.items.add(new File(["10 AFFICHER 'DEPOSE'\\n20 TERMINER\\n"], "depose.lse"));
        document.getElementById("tube").dispatchEvent(
            new DragEvent("drop", {dataTransfer: files, bubbles: true, cancelable: true}));
    }""")
    assert "DEPOSE" in shows(page, "\nTERMINE\n")
