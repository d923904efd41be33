"""The core runs without pygame: checked in a fresh interpreter where importing pygame fails."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = textwrap.dedent("""
    import io, sys
    sys.modules["pygame"] = None  # any `import pygame` now raises ImportError
    from machine.micro import Micro
    from machine.lse.runtime import Status
    from machine.cli import main
    micro = Micro(seed=1)
    seen = []
    micro.listeners.append(seen.append)
    micro.load_text("10 FAIRE 10 POUR I←1 JUSQUA 3;AFFICHER[U] I*I\\n20 LIRE X;AFFICHER X;TERMINER\\n")
    assert micro.run_until_blocked() is Status.WAITING
    micro.feed("5")
    assert micro.run_until_blocked() is Status.ENDED
    out = io.StringIO()
    status = main([sys.argv[1], "--disk", sys.argv[2]], io.StringIO(""), out, io.StringIO())
    print(repr("".join(seen).replace("\\a", "")), status, repr(out.getvalue()))
    print(sys.modules["pygame"] is None, sorted(name for name in sys.modules if name.startswith("pygame.")))
""")


def test_the_core_and_the_headless_cli_run_with_pygame_blocked(tmp_path):
    program = tmp_path / "p.lse"
    program.write_text("10 AFFICHER 'SANS PYGAME';TERMINER\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(program), str(tmp_path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["'1 4 9 \\r\\n5 ' 0 '\\nSANS PYGAME\\n'", "True []"]
