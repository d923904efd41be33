"""Start-up benchmark: a Micro run of a program that only prints, against `python -c pass` (medians)."""

from __future__ import annotations

import compileall
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from machine.profile import cache_profiles  # noqa: E402


def median_time(command: list[str], runs: int) -> float:
    """The median wall time of a whole process."""
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, cwd=ROOT)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    compileall.compile_dir(ROOT / "machine", quiet=1)  # as an installed package is
    cache_profiles()  # as a first run leaves them where PYTHONDONTWRITEBYTECODE is not set
    bare = median_time([sys.executable, "-c", "pass"], runs)
    micro = median_time([sys.executable, "main.py", "bench/lse/empty.lse", "--headless"], runs)
    target = 1.5 * bare + 0.050
    print(f"python -c pass: {bare:.3f} s")
    print(f"Micro, a program that only prints: {micro:.3f} s")
    print(f"target (1.5 x python + 50 ms): {target:.3f} s -> {'met' if micro <= target else 'MISSED'}")
    return 0 if micro <= target else 1


if __name__ == "__main__":
    sys.exit(main())
