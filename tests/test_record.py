"""Record classes (machine/record.py): fields, defaults, equality, frozen, and __init__ made at first use."""

from __future__ import annotations

import pytest

from machine import record as record_module
from machine.record import field, record


def point_class() -> type:
    @record(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 0
        tags: list = field(default_factory=list)
    return Point


def test_a_class_no_one_instantiates_compiles_no_init(monkeypatch):
    made = []
    monkeypatch.setattr(record_module, "_make_init", lambda *args: made.append(args) or (lambda self: None))
    point_class()
    assert made == []


def test_the_init_is_compiled_once_at_the_first_instance(monkeypatch):
    made = []
    real = record_module._make_init
    monkeypatch.setattr(record_module, "_make_init", lambda *args: made.append(args) or real(*args))
    point = point_class()
    assert [point(1), point(2, 3), point(x=4)] == [point(1, 0), point(2, y=3), point(4, 0, [])]
    assert len(made) == 1


@pytest.mark.parametrize(("args", "kwargs"), [((), {}), ((1, 2, [], 4), {}), ((1,), {"z": 2}), ((1,), {"x": 2})])
def test_bad_arguments_fail_the_same_at_the_first_instance_and_after(args, kwargs):
    point = point_class()
    with pytest.raises(TypeError) as first:
        point(*args, **kwargs)
    point(0)
    with pytest.raises(TypeError) as later:
        point(*args, **kwargs)
    assert str(first.value) == str(later.value)


def test_a_frozen_record_keeps_its_values_equality_hash_and_repr():
    point = point_class()
    a, b = point(1, 2), point(1, 2)
    with pytest.raises(AttributeError):
        a.x = 5
    assert (a == b, a.tags is not b.tags, repr(a)) == (True, True, "point_class.<locals>.Point(x=1, y=2, tags=[])")
    assert hash(point(1, 2, ())) == hash(point(1, 2, ())) != hash(point(2, 1, ()))
