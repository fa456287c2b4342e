"""Write the API's specs from proto/: `python -m tools.api_specs`.

docs/openapi.json (OpenAPI 3.1: the unary methods at Connect's paths) and docs/asyncapi.yaml
(AsyncAPI 3: WatchGame, Replay, FollowEvents, Play). Their "current" test fails until they are
rewritten after a .proto file changes.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from tools.api_specs.asyncapi import asyncapi
from tools.api_specs.openapi import openapi
from tools.api_specs.protos import ROOT, read_protos

OPENAPI = ROOT / "docs" / "openapi.json"
ASYNCAPI = ROOT / "docs" / "asyncapi.yaml"


def rendered() -> dict[Path, str]:
    """Each spec's file and the text it should hold."""
    protos = read_protos()
    return {
        OPENAPI: json.dumps(openapi(protos), indent=2, ensure_ascii=False) + "\n",
        ASYNCAPI: yaml.safe_dump(asyncapi(protos), sort_keys=False, allow_unicode=True, width=110),
    }


if __name__ == "__main__":
    for path, text in rendered().items():
        path.write_text(text)
        print(f"wrote {path.relative_to(ROOT)}")
