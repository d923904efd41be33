"""docs/COMPILER.md shows the Python the book's queens compile to, as the generator makes it now."""

from __future__ import annotations

import pytest

from machine.lse.listing import DOC, listing, main, queens_block


def test_the_document_shows_the_queens_as_the_generator_compiles_them():
    assert queens_block() in DOC.read_text(encoding="utf-8"), "run: python -m machine.lse.listing --doc"


def test_each_line_of_the_program_is_written_above_its_code_in_the_listing():
    text = listing("10 I←1\n20 SI I<3 ALORS DEBUT I←I+1;ALLER EN 20 FIN\n30 AFFICHER I;TERMINER\n")
    assert text.index("# 10: I←1") < text.index("v_I = 1.0") < text.index("# 20:") < text.index("# 30:")


def test_a_loop_the_program_decides_is_a_python_loop_with_a_continue():
    text = listing("10 FAIRE 20 POUR I←1 JUSQUA 9\n20 X←I\n30 TERMINER\n")
    assert "while True:" in text and "continue" in text and "lp[-1]" not in text


@pytest.mark.parametrize(("text", "code", "said"), [
    (None, 2, "FICHIER INEXISTANT"),
    ("10 X←(\n20 AFFICHER\n", 1, "EXPRESSION ATTENDUE, TROUVE FIN DE LIGNE EN LIGNE 10"),
    ("10 AFFICHER 1\n", 0, ""),
], ids=["a file that is not there", "a program with a syntax error", "a good program"])
def test_the_listing_command_says_what_is_wrong_with_its_file_in_the_micro_s_words(
        tmp_path, capsys, text: str | None, code: int, said: str) -> None:
    path = tmp_path / "p.lse"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    assert main([str(path)]) == code
    out, err = capsys.readouterr()
    assert said in err and "Traceback" not in err
    assert ("def _program" in out) == (code == 0)


@pytest.mark.parametrize(("machine", "code", "said"), [
    ("console80", 0, ""),
    ("micro99", 2, "MACHINE INCONNUE: micro99"),
    (None, 2, "usage"),
], ids=["a known profile", "an unknown profile", "no profile named after --machine"])
def test_the_listing_command_writes_a_profile_s_code_or_says_the_profile_is_unknown(
        tmp_path, capsys, machine: str | None, code: int, said: str) -> None:
    path = tmp_path / "p.lse"
    path.write_text("10 X←1/3\n20 X←X+X\n30 AFFICHER X\n", encoding="utf-8")
    assert main([str(path), "--machine", *([machine] if machine else [])]) == code
    out, err = capsys.readouterr()
    assert said in err and "Traceback" not in err
    if code == 0:
        source = path.read_text(encoding="utf-8")
        assert out == listing(source, machine=machine) != listing(source)
