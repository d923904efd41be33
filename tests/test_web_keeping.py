"""The web page in a real Chromium: what a reload or a closed tab keeps, and where the keyboard goes."""

from __future__ import annotations

import pytest
from web_page import BOOT_MS, RUN_MS, SCREENSHOT, opened, reload_after, screen, shows, type_lines

from machine.book import book_names

pytestmark = pytest.mark.renderer  # run once more if Chromium's renderer dies (tests/crashed_renderer.py)


def listed(page, *lines: str) -> None:
    """Type LI and wait until the Micro has listed `lines`: the page's Python holds them."""
    type_lines(page, "LI")
    shows(page, "LI\n" + "\n".join(lines))
    frames = page.evaluate("window.micro.frames()")
    page.wait_for_function("(n) => window.micro.frames() > n + 1", arg=frames, timeout=RUN_MS)


def test_an_unsaved_program_survives_a_real_reload_and_rc_brings_it_back(context, site):
    page = opened(context, site)
    type_lines(page, "10 AFFICHER 'PAS PERDU'", "20 TERMINER")
    listed(page, "10 AFFICHER 'PAS PERDU'", "20 TERMINER")
    page.reload()  # no sync of our own: the page keeps it as it goes
    page.wait_for_function("window.micro?.ready", timeout=BOOT_MS)
    page.click("#screen")
    assert "RC (RECUPERER)" in shows(page, "RC (RECUPERER)")
    type_lines(page, "RC", "EX")
    assert "PAS PERDU" in shows(page, "\nTERMINE\n")


def test_every_unsaved_program_rc_holds_survives_a_real_reload(context, site):
    page = opened(context, site)
    type_lines(page, "10 AFFICHER 'PREMIER'", "EF *", "O", "10 AFFICHER 'SECOND'")
    listed(page, "10 AFFICHER 'SECOND'")
    page.reload()  # the page kept both as it went, not only the one in memory
    page.wait_for_function("window.micro?.ready", timeout=BOOT_MS)
    page.click("#screen")
    shows(page, "2 PROGRAMMES NON RANGES ONT ETE GARDES")
    type_lines(page, "RC", "RC")
    listed(page, "10 AFFICHER 'PREMIER'")  # the one in memory came back first, then the one EF * replaced


def test_an_unsaved_program_survives_closing_the_tab(context, site):
    page = opened(context, site)
    type_lines(page, "10 AFFICHER 'TAB FERME'", "20 TERMINER")
    listed(page, "10 AFFICHER 'TAB FERME'", "20 TERMINER")
    page.close(run_before_unload=True)
    again = opened(context, site)
    shows(again, "RC (RECUPERER)")
    type_lines(again, "RC", "EX")
    assert "TAB FERME" in shows(again, "\nTERMINE\n")
    again.reload()  # the copy RC took left localStorage and the slot: only the program in memory is kept
    again.wait_for_function("window.micro?.ready", timeout=BOOT_MS)
    assert "UN PROGRAMME NON RANGE A ETE GARDE" in shows(again, "RC (RECUPERER)")


def switch_tabs(page) -> None:
    """The page hidden and shown again, as a switch to another tab and back does."""
    for state in ("hidden", "visible"):
        page.evaluate("""(state) => {
            Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
            document.dispatchEvent(new Event("visibilitychange"));
        }""", state)


def test_tab_switches_keep_no_copy_of_a_program_saved_since(context, site):
    page = opened(context, site)
    for version in range(3):
        type_lines(page, f"10 AFFICHER 'VERSION {version}'")
        listed(page, f"10 AFFICHER 'VERSION {version}'")
        switch_tabs(page)
    type_lines(page, "RA FINI", "CA")
    shows(page, "PROGRAMMES: FINI")
    page.wait_for_timeout(500)  # the disk written
    page.reload()
    page.wait_for_function("window.micro?.ready", timeout=BOOT_MS)
    page.click("#screen")
    assert "NON RANGE" not in shows(page, "PRET")
    type_lines(page, "RC")
    assert "RIEN A RECUPERER" in shows(page, "RIEN A")


def test_a_button_clicked_gives_the_keyboard_back_to_the_micro(context, site):
    page = opened(context, site)
    page.click("#turbo")
    type_lines(page, "10 AFFICHER 'APRES TURBO'", "20 TERMINER", "EX")
    assert "APRES TURBO\nTERMINE" in shows(page, "\nTERMINE\n")
    assert page.get_attribute("#turbo", "aria-pressed") == "true"  # Return did not press it again
    page.click("#esc")
    type_lines(page, "LI")
    shows(page, "LI\n10 AFFICHER 'APRES TURBO'")
    page.click("#share")
    page.wait_for_function("document.getElementById('link').value.includes('#prog=')", timeout=RUN_MS)
    type_lines(page, "30 AFFICHER 'APRES PARTAGE'")
    shows(page, "30 AFFICHER 'APRES PARTAGE'\n")


def test_a_menu_chosen_gives_the_keyboard_back_but_one_walked_with_arrows_keeps_them(context, site):
    page = opened(context, site)
    page.focus("#monitor")  # as a click on the menu does
    page.select_option("#monitor", "green")
    page.wait_for_function("window.micro.look().foreground[0] === 0x33", timeout=RUN_MS)
    type_lines(page, "10 AFFICHER 'VERT'", "LI")
    shows(page, "LI\n10 AFFICHER 'VERT'")
    page.focus("#aspect")
    page.keyboard.press("ArrowDown")
    assert page.input_value("#aspect") == "square"
    assert page.evaluate("document.activeElement.id") == "aspect"  # the arrows still walk the menu
    page.keyboard.press("Enter")  # chosen: the keyboard goes back to the Micro
    type_lines(page, "20 AFFICHER 'CARRE'", "LI")
    shows(page, "LI\n10 AFFICHER 'VERT'\n20 AFFICHER 'CARRE'")


def paste_on_the_screen(page, text: str) -> None:
    """Ctrl-V on the screen: the browser's paste event, with the clipboard's text."""
    page.evaluate("""(text) => {
        const data = new DataTransfer();
        data.setData("text/plain", text);
        document.getElementById("screen").dispatchEvent(
            new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
    }""", text)


def test_a_pasted_session_types_each_line_when_the_micro_asks_for_it(context, site):
    page = opened(context, site)
    paste_on_the_screen(page, "10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nEX\n12\nLI\n")
    seen = shows(page, "LI\n10 LIRE N")
    assert "EX12\n144\nTERMINE\nPRET\nLI\n10 LIRE N\n20 AFFICHER N*N\n30 TERMINER\nPRET" in seen
    type_lines(page, "40 AFFICHER 'ENSUITE'", "LI")  # typed keys still go where the Micro's cursor is
    assert "40 AFFICHER 'ENSUITE'\nLI\n10 LIRE N" in shows(page, "40 AFFICHER 'ENSUITE'\nLI\n10 LIRE N")


def test_a_file_too_large_for_a_program_is_refused_without_being_read_whole(context, site, tmp_path):
    path = tmp_path / "enorme.lse"
    path.write_text("10 AFFICHER 1\n" * 200_000, encoding="utf-8")  # 2.8 MB
    page = opened(context, site)
    page.set_input_files("#file", str(path))
    assert "PROGRAMME TROP GRAND" in shows(page, "TROP GRAND")


def test_the_book_menu_walked_with_the_arrows_opens_nothing_until_return(context, site):
    page = opened(context, site)
    type_lines(page, "10 AFFICHER 'MIEN'", "LI")
    shows(page, "LI\n10 AFFICHER 'MIEN'")
    page.focus("#book")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(500)
    assert page.evaluate("document.activeElement.id") == "book"  # the arrows still walk the menu
    assert screen(page).rstrip("\n").endswith("LI\n10 AFFICHER 'MIEN'\nPRET")  # nothing opened
    assert page.input_value("#book") == book_names()[1]
    page.keyboard.press("Enter")  # chosen: that program runs, and the keys go back to the Micro
    assert page.evaluate("document.activeElement.id") == "screen"
    page.keyboard.press("Escape")
    assert "INTERROMPU EN LIGNE" in shows(page, "INTERROMPU")


def test_a_file_chooser_closed_without_a_file_gives_the_keyboard_back_to_the_micro(context, site):
    page = opened(context, site)
    with page.expect_file_chooser():
        page.click("#open")  # the chooser is closed without a file
    type_lines(page, "10 AFFICHER 'SANS FICHIER'", "LI")
    assert "LI\n10 AFFICHER 'SANS FICHIER'" in shows(page, "LI\n10 AFFICHER 'SANS FICHIER'")


def test_the_same_file_opened_twice_runs_twice(context, site, tmp_path):
    path = tmp_path / "deux.lse"
    path.write_text("10 AFFICHER 'ENCORE'\n20 TERMINER\n", encoding="utf-8")
    page = opened(context, site)
    page.set_input_files("#file", str(path))
    shows(page, "ENCORE\nTERMINE\n")
    type_lines(page, "10 AFFICHER 'AUTRE'")
    shows(page, "10 AFFICHER 'AUTRE'\n")
    page.set_input_files("#file", str(path))
    assert "10 AFFICHER 'AUTRE'\nEX\nENCORE\nTERMINE\n" in shows(page, "'AUTRE'\nEX\nENCORE\nTERMINE\n")


def test_a_file_that_is_not_text_is_refused_as_unreadable_not_typed_at_the_micro(context, site, tmp_path):
    path = tmp_path / "photo.lse"
    path.write_bytes(SCREENSHOT.read_bytes())  # a picture, named as a program by mistake
    page = opened(context, site)
    page.set_input_files("#file", str(path))
    seen = shows(page, "ILLISIBLE")
    assert "FICHIER photo.lse ILLISIBLE\nPRET" in seen and "IEND" not in seen, seen


def test_characters_a_keyboard_makes_with_altgr_or_option_reach_the_micro(context, site):
    page = opened(context, site)
    page.keyboard.type("10 AFFICHER 'T")
    page.keyboard.press("Control+Alt+BracketLeft")  # AltGr on Windows is Ctrl and Alt: a French keyboard's [
    page.keyboard.press("Alt+BracketRight")  # Option on a Mac is Alt: a French Mac's ]
    page.keyboard.type("'")
    page.keyboard.press("Enter")
    page.keyboard.press("Alt+KeyF")  # Alt and a letter stay the browser's (its menu)
    type_lines(page, "LI")
    assert "LI\n10 AFFICHER 'T[]'\nPRET" in shows(page, "LI\n10 AFFICHER")


def test_a_data_file_written_by_a_program_that_then_waits_is_there_after_a_reload(context, site):
    page = opened(context, site)
    type_lines(page, "10 LIRE S", "20 GARER S,1,'#SCORES'", "30 AFFICHER 'REJOUER'", "40 LIRE R", "50 TERMINER", "EX")
    shows(page, "\nEX\n")
    type_lines(page, "42")  # the answer: the program writes its file, then waits for the next one
    shows(page, "EX42\nREJOUER")
    frames = page.evaluate("window.micro.frames()")  # a frame's disk write is awaited before the next frame
    page.wait_for_function("(n) => window.micro.frames() > n + 1", arg=frames, timeout=RUN_MS)
    page.reload()  # as a person closing the page while the program waits
    page.wait_for_function("window.micro?.ready", timeout=BOOT_MS)
    page.click("#screen")
    type_lines(page, "CA")
    assert "FICHIERS: SCORES" in shows(page, "FICHIERS:")


def test_a_second_tab_reads_the_disk_the_first_owns_writes_nothing_and_owns_it_once_the_first_is_closed(
        context, site):
    first = opened(context, site)
    type_lines(first, "10 AFFICHER 'DU PREMIER'", "20 TERMINER")
    shows(first, "20 TERMINER")
    reload_after(first, lambda: type_lines(first, "RA PREMIER"))  # on the disk before the second tab starts
    second = opened(context, site)
    assert "LE DISQUE EST A UN AUTRE ONGLET:\nICI, IL EST EN LECTURE SEULE\nPRET" in shows(second, "LECTURE SEULE")
    assert not second.evaluate("window.micro.owner()") and first.evaluate("window.micro.owner()")
    type_lines(second, "AP PREMIER", "20 AFFICHER 'DU SECOND'", "30 TERMINER", "MO PREMIER", "RA SECOND")
    assert "RA SECOND\nDISQUE A UN AUTRE ONGLET: LECTURE SEULE\nPRET" in shows(second, "RA SECOND\nDISQUE")
    assert "MO PREMIER\nDISQUE A UN AUTRE ONGLET: LECTURE SEULE" in screen(second)
    assert "LECTURE SEULE" in second.inner_text("#status")
    type_lines(first, "RA TROIS", "CA")  # the first writes on, and nothing of the second's reaches the disk
    assert "PROGRAMMES: PREMIER TROIS" in shows(first, "PROGRAMMES:")
    first.wait_for_timeout(500)  # the disk written
    first.close(run_before_unload=True)
    second.wait_for_function("window.micro.owner()", timeout=RUN_MS)  # the lock passed on, the disk read again
    type_lines(second, "CA")
    assert "CA\nPROGRAMMES: PREMIER TROIS" in shows(second, "CA\nPROGRAMMES:")
    reload_after(second, lambda: type_lines(second, "RA SECOND"))
    type_lines(second, "CA", "AP PREMIER", "LI")
    seen = shows(second, "LI\n10 AFFICHER")
    assert "PROGRAMMES: PREMIER SECOND TROIS" in seen and "DU SECOND" not in seen.split("AP PREMIER")[1], seen


def loading_held(context, site: str):
    """A page whose Pyodide is held back (its WebAssembly not served) until the returned function is called."""
    held = []
    page = context.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site)
    page.wait_for_function("document.getElementById('status').textContent.startsWith('CHARGEMENT')")
    page.wait_for_timeout(300)
    assert held and not page.evaluate("window.micro?.ready")

    def release():
        held[0].continue_()
        page.wait_for_function("window.micro?.ready || window.microFailure", timeout=BOOT_MS)
    return page, release


def test_keys_typed_while_the_micro_loads_are_kept_for_it_and_esc_drops_them(context, site):
    page, release = loading_held(context, site)
    type_lines(page, "10 AFFICHER 'PERDU'")
    page.keyboard.press("Escape")  # drops what was typed so far
    type_lines(page, "10 AFFICHER 'AVANT'", "20 TERMINER", "EX")
    assert "(35 TOUCHES EN ATTENTE)" in page.inner_text("#status")
    release()
    seen = shows(page, "\nTERMINE\n")
    assert "PRET\n10 AFFICHER 'AVANT'\n20 TERMINER\nEX\nAVANT\nTERMINE\nPRET" in seen and "PERDU" not in seen, seen


def test_keys_typed_while_the_micro_loads_are_kept_up_to_a_lines_worth(context, site):
    page, release = loading_held(context, site)
    type_lines(page, *["?1"] * 100)  # 300 keys: the 250 first are kept, the 84th line's Return is not
    assert "(250 TOUCHES EN ATTENTE)" in page.inner_text("#status")
    release()
    assert page.evaluate("fetch('manifest.json').then((r) => r.json())")["typed_ahead"] == 250
    type_lines(page, "2")
    assert shows(page, "?2\n").rstrip("\n").endswith("?1\n1\nPRET\n?2\n2\nPRET")


def test_the_page_opened_as_a_file_says_how_to_serve_it_instead_of_loading_for_ever(context, built):
    page = context.new_page()
    page.goto(built.joinpath("index.html").as_uri())
    page.wait_for_function("window.microFailure", timeout=10_000)
    status = page.inner_text("#status")
    assert "CHARGEMENT" not in status and "(file://)" in status, status
    assert f'python -m http.server -d "{built}" 8000 PUIS OUVRIR http://127.0.0.1:8000/' in status, status
    assert not page.is_visible("#controls")


def test_the_page_whose_script_cannot_be_fetched_says_so_instead_of_loading_for_ever(context, site):
    page = context.new_page()
    page.route("**/micro.js", lambda route: route.abort())
    page.goto(site)
    page.wait_for_function("window.microFailure", timeout=10_000)
    assert "LA PAGE N'A PAS PU CHARGER LE MICRO (micro.js)" in page.inner_text("#status")


def test_aide_on_the_page_names_its_own_keys(context, site):
    page = opened(context, site)
    type_lines(page, "AIDE")
    seen = shows(page, "(AIDE TOUCHES)")
    assert "ECHAP, CTRL-V, F10 F11\nF12 (AIDE TOUCHES)" in seen and "F9" not in seen, seen


@pytest.mark.parametrize("width, height", [(1280, 720), (1366, 768), (800, 600)])
def test_console80s_screen_leaves_the_status_and_every_control_in_a_common_window(browser, site, width, height):
    made = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = opened(made, site)
        page.select_option("#profile", "console80")  # the taller screen, chosen from the menu
        page.wait_for_function("window.micro.look().columns === 80", timeout=RUN_MS)
        page.wait_for_timeout(300)
        seen = page.evaluate("""() => {
            const box = (element) => element.getBoundingClientRect();
            const canvas = document.getElementById("screen");
            const controls = [...document.querySelectorAll("#controls button, #controls select, #status")];
            return {bottom: Math.max(...controls.map((element) => box(element).bottom)), inner: innerHeight,
                    scroll: document.documentElement.scrollHeight, shape: box(canvas).width / box(canvas).height,
                    drawn: canvas.width / canvas.height, shown: box(canvas).width};
        }""")
        assert seen["bottom"] <= seen["inner"] and seen["scroll"] <= seen["inner"], seen
        assert abs(seen["shape"] - seen["drawn"]) < 0.01 and seen["shown"] > 0.45 * width, seen  # shrunk, not bent
    finally:
        made.close()


def test_a_phone_types_through_the_field_its_keyboard_comes_up_for(browser, site):
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                device_scale_factor=2)
    try:
        page = phone.new_page()
        page.goto(site)
        page.wait_for_function("window.micro?.ready", timeout=BOOT_MS)
        assert page.is_visible("#keys")
        page.tap("#screen")  # a touch on the screen: the field has the focus, and the phone its keyboard
        assert page.evaluate("document.activeElement.id") == "keys"
        for line in ("10 AFFICHER 'AU TELEPHONX", "20 TERMINER", "EX"):
            page.keyboard.insert_text(line)  # a virtual keyboard: characters as the field's input, no key codes
            if line.startswith("10"):
                page.fill("#keys", "")  # its Backspace, which took the field's blank
                page.keyboard.insert_text("E'")
            page.keyboard.press("Enter")
        assert "EX\nAU TELEPHONE\nTERMINE" in shows(page, "\nTERMINE\n")
        page.tap("#turbo")  # a button used: the keys go back to the field, not to the screen
        assert page.evaluate("document.activeElement.id") == "keys"
        box = page.evaluate("document.getElementById('controls').getBoundingClientRect().bottom")
        assert box <= 844 * 1.5  # the page scrolls to its controls, no further
    finally:
        phone.close()


def test_the_field_for_a_touch_keyboard_is_not_shown_where_there_is_a_mouse(context, site):
    page = opened(context, site)
    assert not page.is_visible("#keys")
    assert page.evaluate("document.activeElement.id") == "screen"
