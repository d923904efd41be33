"""Plain record classes (fields, init, equality, repr) made cheaply at import; imports nothing.

Decision: the standard dataclasses module cost the Micro about a fifth of its start-up
(46 classes, each built through inspect and several exec calls). `record` builds the
same kind of class with one small exec for __init__ (at its first instance) and shared
methods for the rest; it supports what the Micro uses: positional or keyword fields,
defaults, default factories, frozen instances and __slots__.
"""

from __future__ import annotations

from collections.abc import Callable

_MISSING = object()


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make: Callable[[], object]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], object]) -> object:
    """A field whose default is made anew for each instance."""
    return _Factory(default_factory)


def record(cls: type | None = None, *, frozen: bool = False, slots: bool = False) -> Callable:
    """Class decorator: fields are the class's annotations, in order."""
    def wrap(cls: type) -> type:
        return _build(cls, frozen, slots)
    return wrap if cls is None else wrap(cls)


def _build(cls: type, frozen: bool, slots: bool) -> type:
    names = tuple(cls.__dict__.get("__annotations__", {}))
    defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
    namespace = {key: value for key, value in cls.__dict__.items()
                 if key not in defaults and key not in ("__dict__", "__weakref__")}
    if slots:
        namespace["__slots__"] = names
    namespace["_fields"] = names
    new = type(cls)(cls.__name__, cls.__bases__, namespace)
    new.__qualname__ = cls.__qualname__
    new.__init__ = _first_init(new, names, defaults, frozen)
    new.__repr__ = _repr
    new.__eq__ = _eq
    if frozen:
        new.__setattr__ = _refuse
        new.__delattr__ = _refuse
        new.__hash__ = _hash
    else:
        new.__hash__ = None
    if not slots:
        for name, value in defaults.items():
            if not isinstance(value, _Factory):
                setattr(new, name, value)
    return new


def _first_init(cls: type, names: tuple, defaults: dict, frozen: bool) -> Callable:
    """An __init__ that makes the real one on the class's first instance, then hands over to it.

    Decision: compiling an __init__ costs ~45 us; a run builds only some of the 48 record classes
    (a program without FAIRE never makes a Faire), so each is compiled when first needed (start-up).
    """
    def __init__(self, *args, **kwargs) -> None:
        init = _make_init(names, defaults, frozen, cls if "__slots__" in cls.__dict__ else None)
        cls.__init__ = init
        init(self, *args, **kwargs)
    return __init__


def _make_init(names: tuple, defaults: dict, frozen: bool, slotted: type | None = None) -> Callable:
    """The __init__ of a record class; a frozen one sets its fields past its refusing __setattr__.

    Decision: a frozen class with slots (`slotted`) sets each field through its slot's own setter, a
    fifth cheaper than object.__setattr__ (which looks the name up first): syntax nodes are made by
    the thousand at each parse.
    """
    scope: dict[str, object] = {"_MISSING": _MISSING, "_set": object.__setattr__}
    params, body = [], []
    for name in names:
        value = defaults.get(name, _MISSING)
        if isinstance(value, _Factory):
            scope[f"_make_{name}"] = value.make
            params.append(f"{name}=_MISSING")
            body.append(f"if {name} is _MISSING: {name} = _make_{name}()")
        elif value is not _MISSING:
            scope[f"_default_{name}"] = value
            params.append(f"{name}=_default_{name}")
        else:
            params.append(name)
        if frozen and slotted is not None:
            scope[f"_set_{name}"] = slotted.__dict__[name].__set__
            body.append(f"_set_{name}(self, {name})")
        else:
            body.append(f"_set(self, {name!r}, {name})" if frozen else f"self.{name} = {name}")
    source = f"def __init__(self, {', '.join(params)}):\n" + "".join(f"    {line}\n" for line in body or ["pass"])
    exec(source, scope)  # the field names are the class's own identifiers, never program text
    return scope["__init__"]


def _values(self: object) -> tuple:
    return tuple(getattr(self, name) for name in self._fields)


def _repr(self: object) -> str:
    inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
    return f"{type(self).__qualname__}({inner})"


def _eq(self: object, other: object) -> bool:
    if type(other) is not type(self):
        return NotImplemented
    return _values(self) == _values(other)


def _hash(self: object) -> int:
    return hash(_values(self))


def _refuse(self: object, *args: object) -> None:
    raise AttributeError(f"{type(self).__name__} is frozen")
