"""A text justified in lines of W characters, N times over, like bench/lse/justify.lse (POS, SCH, !)."""

import sys

TEXT = 'IL ETAIT UNE FOIS UN PETIT RENARD QUI VOULAIT MANGER LES POULES DU FERMIER MAIS LES POULES SE DEFENDAIENT BIEN '


def pos(s: str, p: int, c: str) -> int:
    """LSE's POS: where c is found in s from p (1-based), 0 if nowhere."""
    return s.find(c, p - 1) + 1 if p - 1 <= len(s) else 0


def main() -> None:
    w, n = map(int, sys.stdin.read().split())
    h = z = 0
    for _ in range(n):
        p, line = 1, ''
        while True:
            q = pos(TEXT, p, ' ')
            if q == 0:
                break
            m = TEXT[p - 1:q - 1]
            p = q + 1
            if len(line) + len(m) + 1 <= w:
                line = m if line == '' else line + ' ' + m
                continue
            k = pos(line, 1, ' ') or len(line)
            while len(line) < w:
                line = line[:k] + ' ' + line[k:]
                k = pos(line, k + 2, ' ')
                if k == 0:
                    k = pos(line, 1, ' ')
            h += 1
            z += ord(line[w - 1])
            line = m
        h += 1
        z %= 9973
    print(h, z, line)

if __name__ == "__main__":
    main()
