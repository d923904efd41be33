"""Tests of the machine profiles in roms/ and of their loader."""

from __future__ import annotations

import copy
import marshal
import os
import sys
import tomllib

import pytest

from machine import profile as profile_module
from machine.errors import InternalError
from machine.profile import (
    REQUIRED_COSTS,
    ProfileError,
    known_profiles,
    load_profile,
    parse_profile,
)


def micro40_tables() -> dict:
    """Return the raw tables of roms/micro40.toml, for breaking in tests."""
    with (profile_module.ROMS_DIR / "micro40.toml").open("rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize(("name", "columns", "rows", "colours"), [
    ("micro40", 40, 25, 16),
    ("console80", 80, 25, 2),
])
def test_each_profile_loads_with_its_geometry_and_palette(name, columns, rows, colours):
    p = load_profile(name)
    assert (p.name, p.columns, p.rows, len(p.palette)) == (name, columns, rows, colours)
    assert p.foreground in p.palette and p.background in p.palette
    assert p.foreground != p.background
    assert set(p.costs) == REQUIRED_COSTS


def test_the_default_profile_is_micro40_with_its_constants():
    p = load_profile()
    assert p.name == "micro40"
    assert p.title == "MICRO LSE 40 - 1985"
    assert (p.clock_hz, p.max_call_depth, p.memory_cells, p.max_string) == (1_000_000, 200, 16384, 4000)
    assert p.colour("black") == (0, 0, 0)
    assert p.colour("white") == (255, 255, 255)


@pytest.mark.parametrize("name", ["micro40", "console80"])
def test_each_profile_has_a_television_shaped_tube_a_frame_rate_and_a_beep(name):
    p = load_profile(name)
    assert (p.aspect, p.frame_hz) == ((4, 3), 50)
    assert (p.bell_hz, p.bell_ms) == (1000, 100)


def test_console80_inherits_the_costs_of_micro40():
    assert load_profile("console80").costs == load_profile("micro40").costs
    assert load_profile("console80").title == "MITRA-15 L.S.E."


def test_known_profiles_lists_the_roms_sorted():
    assert known_profiles() == ["console80", "micro40"]


def test_an_unknown_name_is_refused_listing_the_known_ones():
    with pytest.raises(ProfileError) as e:
        load_profile("xyz")
    assert str(e.value) == "MACHINE INCONNUE: xyz (CONNUES: console80, micro40)"
    assert e.value.known == ["console80", "micro40"]


@pytest.mark.parametrize("name", ["../x", "../roms/micro40", "/etc/passwd", "Micro40", "micro40.toml", "", "a b"])
def test_a_name_that_is_not_a_plain_profile_name_is_refused(name):
    with pytest.raises(ProfileError):
        load_profile(name)


def test_profiles_and_their_costs_are_read_only():
    p = load_profile()
    with pytest.raises(TypeError):
        p.costs["div"] = 0  # type: ignore[index]
    with pytest.raises(AttributeError):
        p.columns = 80  # type: ignore[misc]


def test_division_costs_at_least_eight_additions_in_micro40():
    costs = load_profile("micro40").costs
    assert costs["div"] >= 8 * costs["add"]


def test_an_empty_faire_pass_takes_between_one_and_two_milliseconds():
    p = load_profile("micro40")
    c = p.costs
    cycles = c["loop_step"] + c["variable"] + c["add"] + c["compare"] + c["assign"]
    assert 0.001 <= cycles / p.clock_hz <= 0.002


def break_table(tables: dict, section: str, key: str, value: object) -> dict:
    """Return a copy of the tables with one key set to value (deleted if value is ...)."""
    broken = copy.deepcopy(tables)
    if value is ...:
        del broken[section][key]
    else:
        broken[section][key] = value
    return broken


@pytest.mark.parametrize(("section", "key", "value", "says"), [
    ("costs", "div", ..., "missing ['div']"),
    ("costs", "modulo", 5, "unknown ['modulo']"),
    ("costs", "div", -1, "div must be a non-negative integer"),
    ("costs", "div", 1.5, "div must be a non-negative integer"),
    ("costs", "div", True, "div must be a non-negative integer"),
    ("machine", "columns", 0, "columns must be a positive integer"),
    ("machine", "rows", -3, "rows must be a positive integer"),
    ("machine", "rows", "25", "rows must be a positive integer"),
    ("machine", "clock_hz", ..., "missing ['clock_hz']"),
    ("machine", "name", "other", "expected 'micro40'"),
    ("machine", "title", 7, "title must be a string"),
    ("palette", "blue", "blue", "colour must be"),
    ("palette", "blue", "#12345", "colour must be"),
    ("display", "foreground", "mauve", "not a [palette] colour"),
    ("display", "aspect", "4/3", "aspect must be \"width:height\""),
    ("display", "aspect", "0:3", "aspect must be \"width:height\""),
    ("display", "aspect", 1.33, "aspect must be \"width:height\""),
    ("display", "frame_hz", 0, "frame_hz must be a positive integer"),
    ("sound", "bell_hz", ..., "missing ['bell_hz']"),
    ("sound", "bell_ms", 0.1, "bell_ms must be a positive integer"),
])
def test_a_malformed_field_is_an_internal_error_naming_it(section, key, value, says):
    with pytest.raises(InternalError) as e:
        parse_profile("micro40", break_table(micro40_tables(), section, key, value))
    assert says in str(e.value)


def test_a_missing_section_is_an_internal_error():
    tables = micro40_tables()
    del tables["costs"]
    with pytest.raises(InternalError, match=r"missing section \[costs\]"):
        parse_profile("micro40", tables)


def test_a_profile_inheriting_from_a_missing_one_is_an_internal_error(tmp_path, monkeypatch):
    (tmp_path / "child.toml").write_text('inherits = "ghost"\n')
    monkeypatch.setattr(profile_module, "ROMS_DIR", tmp_path)
    with pytest.raises(InternalError, match="inherits unknown profile 'ghost'"):
        load_profile("child")


def test_an_inheritance_cycle_is_an_internal_error(tmp_path, monkeypatch):
    (tmp_path / "a.toml").write_text('inherits = "b"\n')
    (tmp_path / "b.toml").write_text('inherits = "a"\n')
    monkeypatch.setattr(profile_module, "ROMS_DIR", tmp_path)
    with pytest.raises(InternalError, match="inheritance cycle a -> b -> a"):
        load_profile("a")


def test_a_file_that_is_not_toml_is_an_internal_error(tmp_path, monkeypatch):
    (tmp_path / "bad.toml").write_text("[machine\n")
    monkeypatch.setattr(profile_module, "ROMS_DIR", tmp_path)
    with pytest.raises(InternalError, match=r"roms/bad\.toml"):
        load_profile("bad")


def test_a_child_section_replaces_the_parent_section_whole(tmp_path, monkeypatch):
    source = (profile_module.ROMS_DIR / "micro40.toml").read_text()
    (tmp_path / "micro40.toml").write_text(source)
    (tmp_path / "mono.toml").write_text(
        'inherits = "micro40"\n'
        + source[source.index("[machine]"):source.index("[palette]")].replace('"micro40"', '"mono"')
        + '[palette]\nblack = "#000000"\namber = "#ffb000"\n'
        + '[display]\nforeground = "amber"\nbackground = "black"\naspect = "4:3"\nframe_hz = 50\n')
    monkeypatch.setattr(profile_module, "ROMS_DIR", tmp_path)
    p = load_profile("mono")
    assert dict(p.palette) == {"black": (0, 0, 0), "amber": (255, 176, 0)}
    assert p.costs["div"] == 1500


# ---------------------------------------------------------------- the cache of parsed profiles


def own_micro40(tmp_path, monkeypatch, write: bool = True):
    """A roms/ of one micro40.toml in tmp_path, caches written; return the .toml's path."""
    path = tmp_path / "micro40.toml"
    path.write_bytes((profile_module.ROMS_DIR / "micro40.toml").read_bytes())
    monkeypatch.setattr(profile_module, "ROMS_DIR", tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", not write)
    return path


def test_a_cached_profile_is_read_without_tomllib(tmp_path, monkeypatch):
    own_micro40(tmp_path, monkeypatch)
    parsed = load_profile()
    cache = f"micro40.toml.{sys.implementation.cache_tag}.marshal"
    assert [p.name for p in (tmp_path / "__pycache__").iterdir()] == [cache]
    monkeypatch.setitem(sys.modules, "tomllib", None)  # any `import tomllib` now fails
    assert load_profile() == parsed == profile_module.parse_profile("micro40", micro40_tables())


def test_an_edit_of_the_same_size_and_time_is_read_again(tmp_path, monkeypatch):
    path = own_micro40(tmp_path, monkeypatch)
    assert load_profile().costs["div"] == 1500
    stat = path.stat()
    path.write_text(path.read_text().replace("div = 1500", "div = 1499"))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert path.stat().st_size == stat.st_size
    assert load_profile().costs["div"] == 1499
    monkeypatch.setitem(sys.modules, "tomllib", None)  # and the cache now holds the edit
    assert load_profile().costs["div"] == 1499


@pytest.mark.parametrize("damage", [b"", b"not marshal", b"\xe9" * 40, marshal.dumps((99, b"", {})),
                                    marshal.dumps((1, b"[machine]", None))])
def test_a_damaged_cache_is_parsed_again_and_replaced(tmp_path, monkeypatch, damage):
    own_micro40(tmp_path, monkeypatch)
    parsed = load_profile()
    (cache,) = (tmp_path / "__pycache__").iterdir()
    cache.write_bytes(damage)
    assert load_profile() == parsed
    assert cache.read_bytes() != damage


def test_no_cache_is_written_where_it_cannot_be_nor_under_dont_write_bytecode(tmp_path, monkeypatch):
    own_micro40(tmp_path, monkeypatch, write=False)
    parsed = load_profile()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["micro40.toml"]
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (tmp_path / "__pycache__").write_text("a file where the cache directory would go")  # mkdir fails
    assert load_profile() == parsed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["__pycache__", "micro40.toml"]


def test_a_file_that_is_not_toml_is_refused_even_when_its_old_text_was_cached(tmp_path, monkeypatch):
    path = own_micro40(tmp_path, monkeypatch)
    load_profile()
    path.write_text("[machine\n")
    with pytest.raises(InternalError, match=r"roms/micro40\.toml"):
        load_profile()
