"""The Micro's machine-bound built-ins: ALE's reproducible generator, the clock of TEM and DAT; imports errors,
values and the BUILTINS table, never pygame or the runtime."""

from __future__ import annotations

import math
import os
import struct
from collections.abc import Callable
from typing import TYPE_CHECKING

from machine.errors import Err, LseError
from machine.lse.builtins import BUILTINS
from machine.lse.values import check_number

if TYPE_CHECKING:
    from datetime import datetime


_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # splitmix64's multipliers


def _mix(z: int) -> int:
    """The splitmix64 finaliser: a well-spread 64-bit function of z."""
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


_UNIT = float(1 << 52)


def _unit(z: int) -> float:
    """Map 64 random bits to a float strictly inside ]0,1[."""
    return ((z >> 12) + 0.5) / _UNIT


class Random:
    """The Micro's pseudo-random generator (splitmix64): reproducible given its seed."""

    def __init__(self, seed: int | None = None) -> None:
        self._state = 0
        self.seed(int.from_bytes(os.urandom(8), "big") if seed is None else seed)

    def seed(self, n: int) -> None:
        """Restart the sequence of ALE(0) from seed n."""
        self._state = n & _MASK

    def next(self) -> float:
        """Return the next number of the sequence, in ]0,1[."""
        self._state = (self._state + _GAMMA) & _MASK
        return _unit(_mix(self._state))

    def ale(self, x: float) -> float:
        """ALE: ALE(0) is the next number of the sequence; any other x gives a fixed function of x.

        Decision: ALE(0), a Monte Carlo program's every draw, is next(), _mix and _unit written out: one call
        where there were four (montecarlo's draws took 0.85 of its profile).
        """
        if x == 0.0 and type(x) is float:
            z = self._state = (self._state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            return (((z ^ (z >> 31)) >> 12) + 0.5) / _UNIT
        x = check_number(x, "ALE")
        if not math.isfinite(x):
            raise LseError(Err.BAD_ARGUMENT, "ALE")
        if x == 0:
            return self.next()
        (bits,) = struct.unpack(">Q", struct.pack(">d", x))
        return _unit(_mix((bits + _GAMMA) & _MASK))


def host_now() -> datetime:
    """The host's local date and time; datetime is imported by the first TEM or DAT (start-up)."""
    from datetime import datetime
    return datetime.now()


# In single precision a draw from 1 - 2^-25 up rounds to 1: it is the largest float32 below 1 instead.
SINGLE_ROUNDS_UP, SINGLE_BELOW_ONE = 1.0 - 2.0 ** -25, 1.0 - 2.0 ** -24


class Environment:
    """What ALE, TEM and DAT need from the machine: a seeded generator and a clock; `single`: the number model
    rounds each result to a float32 (ALE's then stays below 1)."""

    def __init__(self, seed: int | None = None,
                 now: Callable[[], datetime] = host_now, single: bool = False) -> None:
        self.random = Random(seed)
        self.now = now
        # ALE(x): see Random.ale (bound here: no call on the way, in double)
        self.ale = self.single_ale if single else self.random.ale

    def single_ale(self, x: float) -> float:
        """ALE in single precision: the draw, kept inside ]0,1[ once rounded to a float32 (about one in 3E7
        would round to 1, and ENT(ALE(0)*6)+1 would be 7)."""
        drawn = self.random.ale(x)
        return drawn if drawn < SINGLE_ROUNDS_UP else SINGLE_BELOW_ONE

    def tem(self) -> float:
        """TEM(): whole seconds since midnight."""
        t = self.now()
        return float(t.hour * 3600 + t.minute * 60 + t.second)

    def dat(self) -> str:
        """DAT(): the date and time as 'DD/MM/YY HH:MM:SS'."""
        return self.now().strftime("%d/%m/%y %H:%M:%S")

    def function(self, name: str) -> Callable:
        """Return the callable of a built-in, bound to this environment when needed."""
        entry = BUILTINS.get(name)
        if entry is None:
            raise LseError(Err.UNKNOWN_FUNCTION, name)
        if entry.fn is not None:
            return entry.fn
        return getattr(self, name.lower())
