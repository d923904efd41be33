"""Pi by 100 000 random points with the Micro's own generator (splitmix64, seed 1985), as bench/lse/montecarlo.lse."""

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def main() -> None:
    state = 1985
    inside = 0
    n = 100_000

    def ale() -> float:
        nonlocal state
        state = (state + GAMMA) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        return ((z >> 12) + 0.5) / float(1 << 52)

    for _ in range(n):
        x, y = ale(), ale()
        if x * x + y * y < 1:
            inside += 1
    print(inside, 4 * inside / n)


if __name__ == "__main__":
    main()
