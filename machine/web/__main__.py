"""`python -m machine.web build OUT`: the Micro's web page as a static folder; the command line only."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from machine.web.build import BuildError, build


def main(argv: list[str] | None = None) -> int:
    """Build the site; 0 when it is ready, 2 with a message when it cannot be built."""
    parser = argparse.ArgumentParser(prog="python -m machine.web",
                                     description="Le Micro dans un navigateur: un site statique.")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("build", help="assembler le site dans le dossier OUT")
    command.add_argument("out", type=Path, metavar="OUT")
    args = parser.parse_args(argv)
    try:
        manifest = build(args.out)
    except BuildError as error:
        print(f"micro-lse web: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"micro-lse web: {args.out}: {error.strerror or error}", file=sys.stderr)
        return 2
    print(f"SITE PRET: {args.out} (micro-lse {manifest['version']}, pyodide {manifest['pyodide']})")
    print(f"  python -m http.server -d {args.out} 8000   puis http://127.0.0.1:8000/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
