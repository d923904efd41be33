"""The installable command: `micro-lse`, `python -m machine`, --version, one place for dependencies."""

from __future__ import annotations

import fnmatch
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import machine
from machine import __main__ as entry
from machine.resources import data_dir

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_python_dash_m_machine_prints_the_version():
    done = subprocess.run([sys.executable, "-m", "machine", "--version"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"micro-lse {machine.__version__}\n", "")


def test_the_micro_lse_command_is_the_entry_point_of_main():
    target = PYPROJECT["project"]["scripts"]["micro-lse"]
    module, function = target.split(":")
    assert (module, function) == (entry.__name__, "start")
    assert "from machine.__main__ import start" in (ROOT / "main.py").read_text(encoding="utf-8")


# Decision: both are called in a process of their own: start ends its process (os._exit), and a run that did so
# in pytest's own process would end the whole suite there, quietly, with status 0.
CALLED = "import sys\nsys.argv = ['micro-lse', '--version']\nfrom machine.__main__ import {0}\nprint('gave', {0}())\n"


@pytest.mark.parametrize(("entry_point", "printed"), [
    ("run", f"micro-lse {machine.__version__}\ngave 0\n"),  # it returns: a program or a test may call it
    ("start", f"micro-lse {machine.__version__}\n"),  # it ends the process, with run's status
])
def test_run_returns_its_status_and_start_ends_the_process_with_it(entry_point, printed):
    done = subprocess.run([sys.executable, "-c", CALLED.format(entry_point)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, printed, "")


def test_the_version_is_read_from_the_package_by_the_build():
    assert "version" in PYPROJECT["project"]["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "machine.__version__"}


def test_requirements_txt_only_installs_the_project_declared_in_pyproject():
    lines = [line.strip() for line in (ROOT / "requirements.txt").read_text().splitlines()]
    assert [line for line in lines if line and not line.startswith("#")] == ["-e .[test]"]


@pytest.mark.parametrize(("package", "directory", "needed"), [
    ("machine.roms", "roms", ["micro40.toml", "console80.toml", "font.txt"]),
    ("machine.programs", "programs", ["demo.lse", "queens.lse", "solitaire.lse"]),
])
def test_the_data_the_micro_reads_is_copied_into_the_installed_package(package, directory, needed):
    setuptools = PYPROJECT["tool"]["setuptools"]
    assert setuptools["package-dir"][package] == directory
    assert package in setuptools["packages"]
    patterns = setuptools["package-data"][package]
    for name in needed + [p.name for p in (ROOT / directory).glob("*.toml")]:
        assert (ROOT / directory / name).is_file()
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name


def test_in_a_clone_the_data_is_found_beside_the_package():
    assert data_dir("roms") == ROOT / "roms"
    assert data_dir("programs") == ROOT / "programs"
