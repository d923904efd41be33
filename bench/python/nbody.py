"""Four bodies under gravity (G=1) by Euler steps, like nbody.lse: the energy every K steps, then the positions."""

import math
import sys

DT = 0.001


def energy(pos: list[list[float]], vel: list[list[float]], mass: list[float]) -> float:
    """Kinetic plus potential energy of the system."""
    e = 0.0
    n = len(mass)
    for i in range(n):
        u, v, w = vel[i]
        e = e + 0.5 * mass[i] * (u * u + v * v + w * w)
        xi, yi, zi = pos[i]
        for j in range(i + 1, n):
            xj, yj, zj = pos[j]
            dx, dy, dz = xj - xi, yj - yi, zj - zi
            e = e - mass[i] * mass[j] / math.sqrt(dx * dx + dy * dy + dz * dz)
    return e


def step(pos: list[list[float]], vel: list[list[float]], mass: list[float]) -> None:
    """One Euler step: velocities from the pairwise attractions, then positions."""
    n = len(mass)
    for i in range(n - 1):
        pi, vi = pos[i], vel[i]
        for j in range(i + 1, n):
            pj, vj = pos[j], vel[j]
            dx, dy, dz = pj[0] - pi[0], pj[1] - pi[1], pj[2] - pi[2]
            d2 = dx * dx + dy * dy + dz * dz
            g = DT / (d2 * math.sqrt(d2))
            a, b = mass[j] * g, mass[i] * g
            vi[0] += dx * a
            vi[1] += dy * a
            vi[2] += dz * a
            vj[0] -= dx * b
            vj[1] -= dy * b
            vj[2] -= dz * b
    for p, v in zip(pos, vel):
        p[0] += DT * v[0]
        p[1] += DT * v[1]
        p[2] += DT * v[2]


def main() -> None:
    ns, k = map(int, sys.stdin.read().split())
    pos = [[0.0, 0.0, 0.0], [10.0, 0.0, 0.0], [0.0, 15.0, 0.5], [-20.0, 0.0, -1.0]]
    vel = [[0.0, 0.0, 0.0], [0.0, 3.0, 0.0], [-2.5, 0.0, 0.1], [0.0, -2.2, 0.0]]
    mass = [100.0, 1.0, 2.0, 0.5]
    print(0, f"{energy(pos, vel, mass):.6f}")
    for s in range(1, ns + 1):
        step(pos, vel, mass)
        if s % k == 0:
            print(s, f"{energy(pos, vel, mass):.6f}")
    for i, (x, y, z) in enumerate(pos, 1):
        print(i, f"{x:.4f} {y:.4f} {z:.4f}")


if __name__ == "__main__":
    main()
