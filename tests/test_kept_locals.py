"""The locals that keep an element's value or key for later statements are dropped where nothing takes them up."""

from __future__ import annotations

import pytest

from machine.lse.exact import unbind_unused

CASES = {
    "a value that no later statement reads is not kept": (
        ["if (\x01_rv1 := _v3[_v1]) > 0.0:"],
        ["if _v3[_v1] > 0.0:"]),
    "a value read again later is kept": (
        ["if (\x01_rv1 := _v3[_v1]) > 0.0:", "_v4 = _rv1"],
        ["if (_rv1 := _v3[_v1]) > 0.0:", "_v4 = _rv1"]),
    "a key kept inside a value that is not, keeps its own local": (
        ["x = (\x01_rv2 := _v3[(\x01_rk1 := (_v1 + 1.0))])", "_v3[_rk1] = x"],
        ["x = _v3[(_rk1 := (_v1 + 1.0))]", "_v3[_rk1] = x"]),
    "the NOKEY line loses the keys nobody uses, and goes when none is left": (
        ["if (\x01_rv2 := _v3[(\x01_rk1 := _v1)]) > (\x01_rv4 := _v3[(\x01_rk3 := _v2)]):", "    _rk1 = _rk3 = _NOKEY",
         "    _rk1 = _NOKEY", "_v3[_rk3] = 1.0"],
        ["if _v3[_v1] > _v3[(_rk3 := _v2)]:", "    _rk3 = _NOKEY", "_v3[_rk3] = 1.0"]),
    "a general read in parentheses is unwrapped whole": (
        ["if (\x01_rv1 := (_v3[1.0] if 1.0 in _v3 else _rd(_v3, 1.0))) > 0.0:"],
        ["if (_v3[1.0] if 1.0 in _v3 else _rd(_v3, 1.0)) > 0.0:"]),
    "a string of the program that looks like a kept local is left alone": (
        ["x = '(_rv1 := '", "y = (\x01_rv1 := _v3[_v1]) + _f(')')"],
        ["x = '(_rv1 := '", "y = (_rv1 := _v3[_v1]) + _f(')')"]),
}


@pytest.mark.parametrize("lines, kept", CASES.values(), ids=CASES.keys())
def test_unused_locals_are_unbound(lines, kept):
    assert unbind_unused(lines) == kept
