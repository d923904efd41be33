"""docs/COMPILER.md shows the Python the book's queens compile to, as the generator makes it now."""

from __future__ import annotations

from machine.lse.listing import DOC, listing, queens_block


def test_the_document_shows_the_queens_as_the_generator_compiles_them():
    assert queens_block() in DOC.read_text(encoding="utf-8"), "run: python -m machine.lse.listing --doc"


def test_each_line_of_the_program_is_written_above_its_code_in_the_listing():
    text = listing("10 I←1\n20 SI I<3 ALORS DEBUT I←I+1;ALLER EN 20 FIN\n30 AFFICHER I;TERMINER\n")
    assert text.index("# 10: I←1") < text.index("v_I = 1.0") < text.index("# 20:") < text.index("# 30:")


def test_a_loop_the_program_decides_is_a_python_loop_with_a_continue():
    text = listing("10 FAIRE 20 POUR I←1 JUSQUA 9\n20 X←I\n30 TERMINER\n")
    assert "while True:" in text and "continue" in text and "lp[-1]" not in text
