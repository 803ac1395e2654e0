"""The lock (``requirements/lock.txt``) is what every install uses, so it must say what
``pyproject.toml`` says: each declared dependency (runtime, every extra, the build backend) is
pinned at a version its range allows, and each package the lock pins for the project itself is
declared. A dependency added to, removed from or re-ranged in one but not the other fails here,
naming the package, until ``make lock`` compiles the lock again.

The lock is uv's ``pip compile`` output: ``name==version [; marker]`` with its hashes, then
``# via`` lines naming what requires it. The project's own dependencies say
``via maester (pyproject.toml)``; the build backend, handed to the compiler apart from the
project, has no ``via`` at all. Both count as pinned for the project."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import NormalizedName, canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements" / "lock.txt"


@dataclass(frozen=True)
class Pin:
    name: NormalizedName
    version: Version
    hashes: int
    #: What the lock says requires this package (``maester (pyproject.toml)``, ``aiohttp``…).
    via: tuple[str, ...]


def parse_lock(text: str) -> list[Pin]:
    """Every pin of a hashed lock, with the ``via`` lines that follow it."""
    pins: list[Pin] = []
    entry: list[str] = []  # the lines of the pin being read, joined at its backslashes
    via: list[str] = []

    def close() -> None:
        if not entry:
            return
        words = " ".join(entry).split()
        hashes = sum(word.startswith("--hash=") for word in words)
        req = Requirement(" ".join(w for w in words if not w.startswith("--hash=")))
        (spec,) = req.specifier  # a lock pins one exact version per line
        if spec.operator != "==":
            raise ValueError(f"{req.name} is not pinned with == in the lock: {req}")
        pins.append(Pin(canonicalize_name(req.name), Version(spec.version), hashes, tuple(via)))
        entry.clear()
        via.clear()

    continued = False
    for raw in text.splitlines():
        line = raw.strip()
        if continued:
            entry.append(line.removesuffix("\\"))
        elif line.startswith("# via"):
            via.extend(filter(None, [line.removeprefix("# via").strip()]))
        elif line.startswith("#") and raw.startswith(" ") and entry:
            via.append(line.removeprefix("#").strip())
        elif line and not line.startswith("#"):
            close()
            entry.append(line.removesuffix("\\"))
        continued = line.endswith("\\")
    close()
    return pins


def declared(pyproject: dict[str, Any]) -> list[Requirement]:
    """Runtime dependencies, every extra's, and the build backend's requirements."""
    project = pyproject["project"]
    texts = [*project.get("dependencies", ())]
    for extra in project.get("optional-dependencies", {}).values():
        texts.extend(extra)
    texts.extend(pyproject.get("build-system", {}).get("requires", ()))
    return [Requirement(text) for text in texts]


def mismatches(pyproject: dict[str, Any], lock_text: str) -> list[str]:
    """What keeps the lock from matching ``pyproject``: one sentence per package, naming it."""
    project = canonicalize_name(pyproject["project"]["name"])
    pins = parse_lock(lock_text)
    by_name: dict[NormalizedName, list[Pin]] = {}
    for pin in pins:
        by_name.setdefault(pin.name, []).append(pin)

    def for_project(pin: Pin) -> bool:
        return not pin.via or any(
            canonicalize_name(v.split(" (", 1)[0]) == project for v in pin.via)

    problems: list[str] = []
    wanted = declared(pyproject)
    for req in wanted:
        name = canonicalize_name(req.name)
        found = by_name.get(name, [])
        if not found:
            problems.append(f"{req.name}: declared in pyproject.toml ({req}) but not in the lock")
            continue
        for pin in found:
            if not req.specifier.contains(pin.version, prereleases=True):
                problems.append(f"{req.name}: the lock pins {pin.version}, outside pyproject's "
                                f"range {req.specifier}")
        if not any(for_project(pin) for pin in found):
            problems.append(f"{req.name}: declared in pyproject.toml but the lock pins it only "
                            f"as a dependency of {', '.join(found[0].via)}")
    names = {canonicalize_name(req.name) for req in wanted}
    for pin in pins:
        if for_project(pin) and pin.name not in names:
            problems.append(f"{pin.name}: pinned in the lock for the project but not declared "
                            f"in pyproject.toml")
        if not pin.hashes:
            problems.append(f"{pin.name}: pinned in the lock without a hash")
    return problems


def test_lock_matches_pyproject() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    problems = mismatches(pyproject, LOCK.read_text(encoding="utf-8"))
    assert not problems, ("requirements/lock.txt does not match pyproject.toml (`make lock` "
                          "compiles it again):\n" + "\n".join(problems))


def test_the_lock_pins_every_declared_package_with_hashes() -> None:
    pins = parse_lock(LOCK.read_text(encoding="utf-8"))
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert {canonicalize_name(r.name) for r in declared(pyproject)} <= {p.name for p in pins}
    assert all(pin.hashes for pin in pins)
    # uv and pillow ship one wheel per platform: the lock holds them all, not just this one's.
    assert min(p.hashes for p in pins if p.name in {"uv", "pillow"}) > 10


def test_the_real_lock_against_pyproject_without_one_dependency_names_it() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    lock = LOCK.read_text(encoding="utf-8")
    before = set(mismatches(pyproject, lock))  # empty unless the test above fails too
    dependencies = pyproject["project"]["dependencies"]
    dependencies.remove(next(d for d in dependencies if d.startswith("orjson")))
    assert set(mismatches(pyproject, lock)) - before == {
        "orjson: pinned in the lock for the project but not declared in pyproject.toml"}


PYPROJECT = {
    "build-system": {"requires": ["setuptools>=68"]},
    "project": {
        "name": "maester",
        "dependencies": ["discord.py>=2.7", "pillow>=10.0"],
        "optional-dependencies": {"dev": ["pytest>=8"]},
    },
}
LOCK_TEXT = """\
# This file was autogenerated by uv via the following command:
#    make upgrade
colorama==0.4.6 ; sys_platform == 'win32' \\
    --hash=sha256:aa
    # via pytest
discord-py==2.7.1 \\
    --hash=sha256:bb \\
    --hash=sha256:cc
    # via maester (pyproject.toml)
pillow==13.0.0 \\
    --hash=sha256:dd
    # via
    #   maester (pyproject.toml)
    #   simcord
pytest==9.2.0 \\
    --hash=sha256:ee
    # via maester (pyproject.toml)
setuptools==84.2.1 \\
    --hash=sha256:ff
"""


def test_a_matching_pair_passes() -> None:
    assert mismatches(PYPROJECT, LOCK_TEXT) == []
    pins = {pin.name: pin for pin in parse_lock(LOCK_TEXT)}
    assert pins["pillow"].via == ("maester (pyproject.toml)", "simcord")
    assert pins["discord-py"].hashes == 2
    assert pins["setuptools"].via == ()


def test_a_dependency_added_to_pyproject_alone_is_named() -> None:
    pyproject = {**PYPROJECT, "project": {**PYPROJECT["project"], "dependencies": [
        "discord.py>=2.7", "pillow>=10.0", "orjson>=3.9"]}}
    assert mismatches(pyproject, LOCK_TEXT) == [
        "orjson: declared in pyproject.toml (orjson>=3.9) but not in the lock"]


def test_a_dependency_added_to_the_lock_alone_is_named() -> None:
    lock = LOCK_TEXT + ("orjson==3.13.0 \\\n    --hash=sha256:ab\n"
                        "    # via maester (pyproject.toml)\n")
    assert mismatches(PYPROJECT, lock) == [
        "orjson: pinned in the lock for the project but not declared in pyproject.toml"]


def test_a_pin_outside_the_declared_range_is_named() -> None:
    pyproject = {**PYPROJECT, "project": {**PYPROJECT["project"], "dependencies": [
        "discord.py>=2.7", "pillow<12"]}}
    assert mismatches(pyproject, LOCK_TEXT) == [
        "pillow: the lock pins 13.0.0, outside pyproject's range <12"]


def test_a_declared_dependency_the_lock_has_only_for_another_package_is_named() -> None:
    pyproject = {**PYPROJECT, "project": {**PYPROJECT["project"], "dependencies": [
        "discord.py>=2.7", "pillow>=10.0", "colorama>=0.4; sys_platform == 'win32'"]}}
    assert mismatches(pyproject, LOCK_TEXT) == [
        "colorama: declared in pyproject.toml but the lock pins it only as a dependency of "
        "pytest"]


def test_a_pin_without_a_hash_is_named() -> None:
    lock = LOCK_TEXT.replace("pytest==9.2.0 \\\n    --hash=sha256:ee\n", "pytest==9.2.0\n")
    assert mismatches(PYPROJECT, lock) == ["pytest: pinned in the lock without a hash"]
