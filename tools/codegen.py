"""Regenerate the Python gRPC code from proto/: `python -m tools.codegen`.

protoc writes `import frontier.v1.x_pb2`; we rewrite those imports to point at
the package folder the code lives in, so no sys.path tricks are needed.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTO_DIR = ROOT / "proto"
OUT_DIR = ROOT / "service" / "generated"
PACKAGE = "service.generated"
# proto/google/ holds vendored copies for other languages; Python takes them from googleapis-common-protos.
OWN_PROTOS = PROTO_DIR / "frontier"


def generate(out_dir: Path = OUT_DIR) -> list[Path]:
    """Write the generated modules under out_dir and return their paths."""
    from grpc_tools import protoc  # dev-only dependency

    protos = sorted(str(p.relative_to(PROTO_DIR)) for p in OWN_PROTOS.rglob("*.proto"))
    include = str(Path(protoc.__file__).parent / "_proto")
    with tempfile.TemporaryDirectory() as tmp:
        args = [
            "protoc",
            f"-I{PROTO_DIR}",
            f"-I{include}",
            f"--python_out={tmp}",
            f"--pyi_out={tmp}",
            f"--grpc_python_out={tmp}",
            *protos,
        ]
        if protoc.main(args) != 0:
            raise SystemExit("protoc failed")
        written = []
        for source in sorted(Path(tmp).rglob("*.py*")):
            target = out_dir / source.relative_to(tmp)
            target.parent.mkdir(parents=True, exist_ok=True)
            text = re.sub(r"^from frontier\.", f"from {PACKAGE}.frontier.", source.read_text(), flags=re.M)
            text = re.sub(
                r"^import frontier\.(\S+) as", rf"import {PACKAGE}.frontier.\1 as", text, flags=re.M
            )
            target.write_text(text)
            written.append(target)
    for folder in {p.parent for p in written} | {out_dir}:
        while True:
            (folder / "__init__.py").touch()
            if folder == out_dir:
                break
            folder = folder.parent
    return written


if __name__ == "__main__":
    for path in generate(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT_DIR):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
