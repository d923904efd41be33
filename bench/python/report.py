"""10 000 formatted lines, like bench/lse/report.lse."""


def main() -> None:
    lines = []
    for i in range(1, 10001):
        lines.append(f"N={i:5.0f} Q={i * i / 7:13.3f}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
