"""What AIDE says: the command list, the keys, one entry per command and built-in, and the hints
for words of other languages; plain data and a word wrapper, imports nothing of the Micro but how
a message shows a person's text (errors.clip).
"""

from __future__ import annotations

from machine.errors import clip

# What AIDE alone prints: the commands two by two (one pair a row where it fits), then notes wrapped
# at word boundaries; on 40 columns it all fits the screen with the prompt.
HEADER = "COMMANDES (2 LETTRES OU LE MOT ENTIER):"
PAIRS = [
    ("EX EXECUTER [N,M]", "CO CONTINUER"), ("RE REPRENDRE N", "PO POURSUIVRE N"),
    ("LI LISTER [N,M]", "EF EFFACER *, N A M"), ("NU NUMEROTER [N,P]", "RA RANGER NOM"),
    ("MO MODIFIER NOM", "AP APPELER NOM"), ("CA CATALOGUER", "SU SUPPRIMER NOM"),
    ("RC RECUPERER", "DE DEMO"), ("PA PAS A PAS", "NO NORMAL"), ("TR TRACE", "AR ARRET [N]"),
    ("ME MESURE", "BI BILAN"), ("AI AIDE [NOM]", "QU QUITTER"),
]
KEYS_NOTE = "TOUCHES: FLECHES, RETOUR, INSER, SUPPR, \\, DEBUT, FIN, ECHAP, F9 F10 F11 F12 (AIDE TOUCHES)."
NOTES = [
    "N TEXTE: RANGE LA LIGNE N; N SEUL: L'EFFACE (RC LA RAMENE). SANS NUMERO: EXECUTE TOUT DE SUITE (? = AFFICHER).",
    KEYS_NOTE,
    "AIDE NOM: UNE COMMANDE OU UNE FONCTION, AVEC UN EXEMPLE (AIDE SCH).",
]
SUMMARY = [HEADER, *(item for pair in PAIRS for item in pair), *NOTES]
# The keys, as AIDE TOUCHES (and AIDE) list them: the window's and the terminal's.
KEYS = [
    "TOUCHES:",
    "FLECHES: LE CURSEUR SUR TOUT L'ECRAN; RETOUR ENVOIE LA LIGNE SOUS LE CURSEUR.",
    "HAUT/BAS SUR LA LIGNE EN COURS: LES LIGNES DEJA TAPEES. MAJ+HAUT: MONTER SUR L'ECRAN.",
    "INSER, SUPPR, EFFACEMENT, \\, DEBUT, FIN: CORRIGER LA LIGNE.",
    "ECHAP OU CTRL-C: INTERROMPRE LE PROGRAMME, OU ABANDONNER LA LIGNE. CTRL-D (TERMINAL): SORTIR.",
    "F9: FILM GIF. F10: PLEIN ECRAN. F11: TURBO. F12: PHOTO PNG.",
]
# Decision: the web page has no F9 (no film) nor Ctrl-D (a page cannot close itself), and pastes with Ctrl-V: its
# AIDE names its own keys (Monitor.keys), not the window's, which sent a person to keys that did nothing.
PAGE_KEYS_NOTE = "TOUCHES: FLECHES, RETOUR, INSER, SUPPR, \\, DEBUT, FIN, ECHAP, CTRL-V, F10 F11 F12 (AIDE TOUCHES)."
PAGE_KEYS = [
    *KEYS[:4],
    "ECHAP OU CTRL-C: INTERROMPRE LE PROGRAMME, OU ABANDONNER LA LIGNE. CTRL-V: COLLER, LIGNE A LIGNE.",
    "F10: PLEIN ECRAN. F11: TURBO.",
    "F12: PHOTO PNG. ECHAP ET CES TROIS-LA SONT AUSSI DES BOUTONS SOUS L'ECRAN.",
]
# Decision: at a terminal the line editor is prompt_toolkit's (the window's screen-wide cursor and F keys are not
# there; its history, Ctrl-R and Tab are): its AIDE names them, as the page's does its own.
TERMINAL_KEYS_NOTE = "TOUCHES: FLECHES, RETOUR, DEBUT, FIN, \\, TAB, CTRL-R, CTRL-C, CTRL-D (AIDE TOUCHES)."
TERMINAL_KEYS = [
    "TOUCHES:",
    "GAUCHE, DROITE, DEBUT, FIN, SUPPR, EFFACEMENT, \\: CORRIGER LA LIGNE.",
    "HAUT/BAS: LES LIGNES DEJA TAPEES, GARDEES D'UNE SEANCE A L'AUTRE. CTRL-R: Y CHERCHER.",
    "TAB: COMPLETER UNE COMMANDE, OU UN NOM DE PROGRAMME APRES AP, RA, MO, SU.",
    "CTRL-C: INTERROMPRE LE PROGRAMME, OU ABANDONNER LA LIGNE. CTRL-D SUR UNE LIGNE VIDE: SORTIR.",
]
DESKTOP = (KEYS_NOTE, KEYS)  # (AIDE's note on the keys, AIDE TOUCHES's rows), for a front end's Monitor.keys
PAGE = (PAGE_KEYS_NOTE, PAGE_KEYS)
TERMINAL = (TERMINAL_KEYS_NOTE, TERMINAL_KEYS)
# One entry per command and per built-in: what it does, then an example.
TOPICS: dict[str, tuple[str, str]] = {
    "EXECUTER": ("EXECUTE LE PROGRAMME AVEC DES VARIABLES NEUVES, DEPUIS N1, ARRET AVANT N2.", "EX 100"),
    "CONTINUER": ("REPART APRES PAUSE, ARRET OU INTERRUPTION.", "CO"),
    "REPRENDRE": ("REPART A LA LIGNE N EN GARDANT LES VARIABLES.", "RE 40"),
    "POURSUIVRE": ("CONTINUE JUSQU'A LA LIGNE N, APRES UN ARRET D'UNE EXECUTION AVEC AR, PA, TR OU EX N1,N2.",
                   "PO 80"),
    "LISTER": ("AFFICHE LE PROGRAMME, OU LES LIGNES N1 A N2 (UN CARACTERE DE CONTROLE PAR SON CODE: \\X07).",
               "LI 10,50"),
    "EFFACER": ("EFFACE LE PROGRAMME (*), UNE LIGNE OU DES LIGNES (OU N SEUL); RC RAMENE LE PROGRAMME D'AVANT.",
                "EF 20 A 40"),
    "NUMEROTER": ("RENUMEROTE A PARTIR DE N PAR PAS DE P, ET LES ALLER EN SUIVENT.", "NU 100,10"),
    "RANGER": ("RANGE LE PROGRAMME SUR LE DISQUE SOUS UN NOUVEAU NOM.", "RA CARRE"),
    "MODIFIER": ("RANGE LE PROGRAMME EN REMPLACANT CELUI DU MEME NOM.", "MO CARRE"),
    "APPELER": ("CHARGE UN PROGRAMME DU DISQUE OU DU LIVRE A LA PLACE DE CELUI EN MEMOIRE.", "AP QUEENS"),
    "CATALOGUER": ("LISTE LES PROGRAMMES ET FICHIERS DU DISQUE, PUIS CEUX DU LIVRE.", "CA"),
    "SUPPRIMER": ("EFFACE UN PROGRAMME RANGE SUR LE DISQUE.", "SU CARRE"),
    "RECUPERER": ("RAMENE LE DERNIER PROGRAMME REMPLACE (AP, EF, N SEUL); RC ENCORE, CELUI D'AVANT (8 AU PLUS),"
                  " CELUI EN MEMOIRE PASSANT DESSOUS. SINON CHAQUE PROGRAMME GARDE A LA FERMETURE: CEUX NON"
                  " RANGES SONT GARDES SUR LE DISQUE (9 AU PLUS), CELUI EN MEMOIRE LE PREMIER.", "RC"),
    "PAS A PAS": ("MONTRE CHAQUE LIGNE AVANT DE L'EXECUTER; RETOUR POUR AVANCER.", "PA"),
    "NORMAL": ("FIN DU PAS A PAS ET DE LA TRACE.", "NO"),
    "TRACE": ("AFFICHE LE NUMERO DE CHAQUE LIGNE EXECUTEE.", "TR"),
    "ARRET": ("POSE OU ENLEVE UN ARRET AVANT LA LIGNE N.", "AR 30"),
    "MESURE": ("COMPTE OPERATIONS ET CYCLES PAR LIGNE POUR BILAN.", "ME"),
    "BILAN": ("LE COUT DE LA DERNIERE EXECUTION: CYCLES, OPERATIONS, LIGNES.", "BI"),
    "DEMO": ("LA DEMONSTRATION DU MICRO; VOTRE PROGRAMME RESTE EN MEMOIRE.", "DE"),
    "AIDE": ("LA LISTE DES COMMANDES, OU UNE COMMANDE OU FONCTION EXPLIQUEE.", "AIDE SCH"),
    "QUITTER": ("SORT DU MICRO (A UN TERMINAL, CTRL-D AUSSI; SUR LA PAGE WEB, L'ETEINT ET LE RALLUME); DEMANDE "
                "CONFIRMATION SI LE PROGRAMME N'EST PAS RANGE.", "QU"),
    "ABS": ("VALEUR ABSOLUE.", "?ABS(-3)"),
    "ENT": ("PARTIE ENTIERE (VERS LE BAS).", "?ENT(-3.3)"),
    "RAC": ("RACINE CARREE.", "?RAC(2)"),
    "EXP": ("EXPONENTIELLE.", "?EXP(1)"),
    "LGN": ("LOGARITHME NEPERIEN.", "?LGN(10)"),
    "SIN": ("SINUS (RADIANS).", "?SIN(1)"),
    "COS": ("COSINUS (RADIANS).", "?COS(1)"),
    "ATG": ("ARC TANGENTE (RADIANS).", "?4*ATG(1)"),
    "ALE": ("NOMBRE AU HASARD ENTRE 0 ET 1.", "?ENT(6*ALE(0))+1"),
    "TEM": ("SECONDES DEPUIS MINUIT.", "?TEM()"),
    "DAT": ("LA DATE ET L'HEURE EN CHAINE.", "?DAT()"),
    "LGR": ("LONGUEUR D'UNE CHAINE.", "?LGR('BONJOUR')"),
    "POS": ("POSITION DE T DANS S A PARTIR DE D, 0 SI ABSENT.", "?POS('BONJOUR',1,'JO')"),
    "SCH": ("SOUS-CHAINE DE S A PARTIR DE D, DE N CARACTERES.", "?SCH('BONJOUR',4,4)"),
    "GRL": ("LE PREMIER MOT DE S A PARTIR DE D.", "?GRL('  LE MICRO',1)"),
    "SKP": ("POSITION DE LA PREMIERE LETTRE A PARTIR DE D.", "?SKP('  AB',1)"),
    "PTR": ("POSITION DU PREMIER NON-LETTRE A PARTIR DE D.", "?PTR('AB C',1)"),
    "CCA": ("UN NOMBRE EN CHAINE.", "?CCA(42)!'!'"),
    "CNB": ("LE NOMBRE ECRIT DANS S A PARTIR DE D.", "?CNB('X=12',3)+1"),
    "EQN": ("CODE DU CARACTERE EN POSITION P.", "?EQN('A')"),
    "EQC": ("LE CARACTERE DE CODE N (EQC(7) SONNE).", "?EQC(65)"),
    "ETL": ("ET BIT A BIT.", "?ETL(12,10)"),
    "OUL": ("OU BIT A BIT.", "?OUL(12,10)"),
    "OUX": ("OU EXCLUSIF BIT A BIT.", "?OUX(12,10)"),
}
# Words of BASIC and of shells a newcomer types, and what LSE says instead.
FOREIGN = {
    "RUN": "EX (EXECUTER)", "LIST": "LI (LISTER)", "PRINT": "AFFICHER OU ?", "INPUT": "LIRE",
    "GOTO": "ALLER EN N", "GOSUB": "&PROC(...) ET PROCEDURE", "NEW": "EF * (EFFACER)",
    "LOAD": "AP NOM (APPELER)", "SAVE": "RA NOM (RANGER)", "DIR": "CA (CATALOGUER)",
    "LS": "CA (CATALOGUER)", "CAT": "CA (CATALOGUER)", "CONT": "CO (CONTINUER)",
    "RENUM": "NU (NUMEROTER)", "DELETE": "EF N (EFFACER)", "DIM": "TABLEAU", "END": "TERMINER",
    "STOP": "PAUSE", "LET": "X←1 OU X_1", "IF": "SI ... ALORS", "FOR": "FAIRE N POUR I←1 JUSQUA 9",
    "HELP": "AIDE", "QUIT": "QUITTER", "EXIT": "QUITTER", "BYE": "QUITTER", "SYSTEM": "QUITTER",
    "CLS": "AFFICHER EQC(12)",
}


def wrap(text: str, width: int) -> list[str]:
    """Cut text into rows of at most `width` characters, at spaces (a longer word is cut)."""
    rows: list[str] = []
    row = ""
    for word in text.split():
        while len(word) > width:
            if row:
                rows.append(row)
                row = ""
            rows.append(word[:width])
            word = word[width:]
        if not row:
            row = word
        elif len(row) + 1 + len(word) <= width:
            row += " " + word
        else:
            rows.append(row)
            row = word
    if row or not rows:
        rows.append(row)
    return rows


def summary_rows(width: int, keys: tuple[str, list[str]] = DESKTOP) -> list[str]:
    """AIDE alone: the commands two by two where a pair fits the width, then the notes (the keys: `keys`), wrapped."""
    half = width // 2
    rows = wrap(HEADER, width)
    for left, right in PAIRS:
        if len(left) < half and len(right) <= width - half:
            rows.append(left.ljust(half) + right)
        else:
            rows.extend([left, right])
    for note in NOTES:
        rows.extend(wrap(keys[0] if note == KEYS_NOTE else note, width))
    return rows


def topic_rows(name: str, commands: list[tuple[str, str, str]], width: int,
               keys: tuple[str, list[str]] = DESKTOP) -> list[str] | None:
    """AIDE NAME: the entry of one command (abbreviation or word) or built-in (TOUCHES: the front end's keys);
    None if unknown."""
    word = name.strip().upper()
    if word in ("TOUCHES", "CLAVIER"):
        return [row for item in keys[1] for row in wrap(item, width)]
    for short, full, _ in commands:
        if word in (short, full, full.replace(" ", "")):
            word = full
            break
    if word not in TOPICS:
        return None
    what, example = TOPICS[word]
    return wrap(f"{word}: {what}", width) + wrap(f"EXEMPLE: {example}", width)


def foreign_hint(text: str) -> str | None:
    """The hint for a wrong line that starts with a word of another language, or is one unknown word."""
    word = text.strip().split(" ", 1)[0].split("(", 1)[0].upper() if text.strip() else ""
    hint = FOREIGN.get(word)
    if hint:
        return f"{word}: EN LSE, {hint}"
    if text.strip().isalpha():  # one bare word: neither a command nor an instruction
        return f"{clip(text.strip().upper())} (AIDE: LES COMMANDES)"
    return None
