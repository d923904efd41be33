"""The static site of the web page: the project's own wheel, the pinned Pyodide, the page's files.

Runs on the host that builds the site (python -m machine.web build OUT); never in the browser.
Decision: the wheel is written here from pyproject.toml's own package table (packages, their folders,
their data), not by a build backend, so that building the site needs no network and no setuptools.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import tomllib
import zipfile
from pathlib import Path

import machine
from machine.frontends.seat import TYPED_AHEAD

ROOT = Path(machine.__file__).resolve().parent.parent
WEB = ROOT / "web"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
ZIP_TIME = (1985, 1, 1, 0, 0, 0)  # every file of the wheel dated alike: the same sources, the same bytes


class BuildError(Exception):
    """The site cannot be built; the message says why, for the person who asked."""


def build(out: Path, *, npm: str = "npm") -> dict:
    """Assemble the site in `out` (made or emptied of what an earlier build put there); return its manifest."""
    if not (ROOT / "pyproject.toml").is_file() or not (WEB / "static").is_dir():
        raise BuildError(f"il faut un clone du projet (pyproject.toml et web/ introuvables dans {ROOT})")
    pyodide = pyodide_dir(npm)
    out.mkdir(parents=True, exist_ok=True)
    for name in ("pyodide", "wheels"):
        shutil.rmtree(out / name, ignore_errors=True)
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / "pyodide" / name)
    for path in (WEB / "static").iterdir():
        if path.is_file():
            shutil.copy2(path, out / path.name)
    wheel = write_wheel(out / "wheels")
    manifest = {"wheel": f"wheels/{wheel.name}", "version": machine.__version__, "typed_ahead": TYPED_AHEAD,
                "pyodide": json.loads((pyodide / "package.json").read_text())["version"]}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def pyodide_dir(npm: str) -> Path:
    """The pinned Pyodide of web/package-lock.json, installed with `npm ci` if it is not there yet."""
    lock = json.loads((WEB / "package-lock.json").read_text())
    wanted = lock["packages"]["node_modules/pyodide"]["version"]
    folder = WEB / "node_modules" / "pyodide"
    if not _installed(folder, wanted):
        try:
            subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True)
        except (OSError, subprocess.CalledProcessError) as error:
            raise BuildError(f"npm ci a echoue dans {WEB}: {error}") from None
        if not _installed(folder, wanted):
            raise BuildError(f"pyodide {wanted} absent de {folder} apres npm ci")
    return folder


def _installed(folder: Path, version: str) -> bool:
    try:
        installed = json.loads((folder / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return False
    return installed == version and all((folder / name).is_file() for name in PYODIDE_FILES)


def package_files() -> list[tuple[str, Path]]:
    """(path in the wheel, file) for every module and data file pyproject.toml declares."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = table.get("package-dir", {})
    data = table.get("package-data", {})
    files = []
    for package in table["packages"]:
        folder = ROOT / folders.get(package, package.replace(".", "/"))
        inside = package.replace(".", "/")
        for pattern in ["*.py", *data.get(package, [])]:
            for path in sorted(folder.glob(pattern)):
                if path.is_file():
                    files.append((f"{inside}/{path.name}", path))
    return files


def write_wheel(folder: Path) -> Path:
    """Write the project's wheel (pure Python, any platform) into `folder`; return its path."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name, version = project["name"].replace("-", "_"), machine.__version__
    info = f"{name}-{version}.dist-info"
    entries = [(inside, path.read_bytes()) for inside, path in package_files()]
    entries.append((f"{info}/METADATA", (f"Metadata-Version: 2.1\nName: {project['name']}\n"
                                         f"Version: {version}\nSummary: {project['description']}\n").encode()))
    entries.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: machine.web.build\n"
                                     b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    record = "".join(f"{inside},sha256={_digest(data)},{len(data)}\n" for inside, data in entries)
    entries.append((f"{info}/RECORD", (record + f"{info}/RECORD,,\n").encode()))
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for inside, data in entries:
            archive.writestr(zipfile.ZipInfo(inside, ZIP_TIME), data, zipfile.ZIP_DEFLATED)
    return wheel


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode().rstrip("=")
