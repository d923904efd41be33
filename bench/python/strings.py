"""String building, searching and cutting, like bench/lse/strings.lse (find for POS, slices for SCH)."""


def main() -> None:
    n = total = 0
    for _ in range(5):
        s = ""
        for i in range(1, 801):
            s += str(i) + ","
        for j in range(1, 801):
            t = str(j)
            p = s.find(t)
            while p >= 0:
                end = s.find(",", p)  # SCH(S,P,','): up to the next comma, or to the end
                if end < 0:
                    end = len(s)
                n += 1
                total += len(s[p:end])
                p = s.find(t, p + 1)
    print(len(s), n, total, s[999:1011])


if __name__ == "__main__":
    main()
