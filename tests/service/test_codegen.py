"""The generated gRPC code is exactly what `python -m tools.codegen` makes from proto/."""

from __future__ import annotations

from pathlib import Path

from tools.codegen import OUT_DIR, generate


def test_generated_code_is_current(tmp_path: Path) -> None:
    fresh = {p.relative_to(tmp_path): p.read_text() for p in generate(tmp_path)}
    stale = [
        str(name)
        for name, text in fresh.items()
        if not (OUT_DIR / name).exists() or (OUT_DIR / name).read_text() != text
    ]
    assert not stale, f"regenerate with `python -m tools.codegen`: stale {stale}"
    committed = {p.relative_to(OUT_DIR) for p in OUT_DIR.rglob("*_pb2*.py*")}
    assert committed == set(fresh), "generated files without a .proto: delete them and regenerate"
