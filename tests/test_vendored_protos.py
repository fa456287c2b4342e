"""proto/google/rpc/ holds the same google.rpc messages the server encodes its error details with."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2
from grpc_tools import protoc

ROOT = Path(__file__).resolve().parents[1]
VENDORED = ROOT / "proto" / "google" / "rpc"


def compiled(name: str, tmp_path: Path) -> descriptor_pb2.FileDescriptorProto:
    include = Path(protoc.__file__).parent / "_proto"  # the well-known types (any, duration)
    out = tmp_path / f"{name}.binpb"
    arguments = ["protoc", f"-I{ROOT / 'proto'}", f"-I{include}", f"--descriptor_set_out={out}"]
    assert protoc.main([*arguments, f"google/rpc/{name}.proto"]) == 0
    files = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file
    found = next(f for f in files if f.name == f"google/rpc/{name}.proto")
    without_json_names(found.message_type)  # protoc fills them in; the embedded descriptors leave them out
    return found


def without_json_names(messages: Iterable[descriptor_pb2.DescriptorProto]) -> None:
    for message in messages:
        for field in message.field:
            field.ClearField("json_name")
        without_json_names(message.nested_type)


@pytest.mark.parametrize("name", ["status", "error_details", "code"])
def test_the_vendored_protos_are_the_servers_own(name: str, tmp_path: Path) -> None:
    served = descriptor_pb2.FileDescriptorProto()
    importlib.import_module(f"google.rpc.{name}_pb2").DESCRIPTOR.CopyToProto(served)
    assert compiled(name, tmp_path) == served, f"re-copy {name}.proto from googleapis-common-protos"
    assert (VENDORED / "LICENSE").read_text().lstrip().startswith("Apache License")
