"""The words of a text counted R times and the NP most frequent listed, like bench/lse/wordfreq.lse (a dict here)."""

import sys

TEXT = ("LE RENARD EST ENTRE DANS LA COUR DE LA FERME. LES POULES ONT VU LE RENARD ET "
        "LES POULES SE SONT SAUVEES DANS LE POULAILLER. LE FERMIER A ENTENDU LES POULES, "
        "IL EST SORTI DE LA MAISON AVEC SON CHIEN ET LE CHIEN A COURU APRES LE RENARD. "
        "LE RENARD A SAUTE LE MUR DE LA COUR ET IL EST RENTRE DANS LA FORET, MAIS IL "
        "REVIENDRA DEMAIN CAR LES POULES DE LA FERME SONT GRASSES ET LE FERMIER DORT. ")


def words(text: str) -> list[str]:
    """The words of text, split at blanks, commas and full stops."""
    for sep in ",.":
        text = text.replace(sep, " ")
    return text.split()


def main() -> None:
    r, np = map(int, sys.stdin.read().split())
    counts: dict[str, int] = {}
    total = 0
    for _ in range(r):
        for w in words(TEXT):
            total += 1
            counts[w] = counts.get(w, 0) + 1
    best = sorted(counts.items(), key=lambda kv: -kv[1])[:np]
    print(f"MOTS: {total} MOTS DIFFERENTS: {len(counts)}")
    for w, n in best:
        print(f"{w} : {n}")


if __name__ == "__main__":
    main()
