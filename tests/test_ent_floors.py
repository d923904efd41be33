"""ENT inline (pybuiltins): a float's floor, outside an index and in one (in single, its result past the single
range an overflow, not an index). Each program runs in every mode of the Micro against the reference (output,
error and line, cycles); the largest number a profile holds is read in (LIRE X).
"""

from __future__ import annotations

import pytest

from tests.oracle.differential import assert_agrees

LARGEST = {"micro40": "1.7976931348623157E308", "console80": "3.4028234E38"}

PROGRAMS = {
    "negative fractions, whole numbers and halves": (
        "10 LIRE X;FAIRE 20 POUR K←-3 PAS 0.75 JUSQUA 3\n20 AFFICHER ENT(K),ENT(K/2),ENT(-K/3)\n"),
    "the largest number and its negative": "10 LIRE X;AFFICHER ENT(X),ENT(-X),ENT(X/3),ENT(X)-X\n",
    "a negative zero's floor, printed and converted": (
        "10 LIRE X;Y←0*(-3);CHAINE C;C←CCA(ENT(Y));AFFICHER ENT(Y),C,LGR(C),ENT(Y/2)=0\n"),
    "tiny numbers": "10 LIRE X;Y←1/X;AFFICHER ENT(Y),ENT(-Y),ENT(Y/2),ENT(-Y/2)\n",
    "an overflow inside ENT": "10 LIRE X;AFFICHER ENT(X*2)\n",
    "an overflow inside ENT in an index (in single, past its range: console80 took it for an index)": (
        "10 LIRE X;TABLEAU T[3];AFFICHER T[ENT(X*X)]\n"),
    "an overflow inside ABS in an index": "10 LIRE X;TABLEAU T[3];AFFICHER T[ABS(X*X)]\n",
    "ENT of a string": "10 LIRE X;CHAINE C;C←'AB';AFFICHER ENT(C)\n",
    "a parity test and a remainder in a loop": (
        "10 LIRE X;S←0;FAIRE 20 POUR K←1 JUSQUA 40\n20 SI K=2*ENT(K/2) ALORS S←S+K-7*ENT(K/7)\n30 AFFICHER S\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("profile", ["micro40", "console80"])
def test_every_mode_agrees_with_the_reference_on_ent(name: str, profile: str) -> None:
    assert_agrees(PROGRAMS[name], [LARGEST[profile]], profile=profile)
