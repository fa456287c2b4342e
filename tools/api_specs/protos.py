"""proto/ read by protoc with its comments kept: the descriptors and each element's comment."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from google.protobuf import descriptor_pb2

ROOT = Path(__file__).resolve().parents[2]
PROTO_DIR = ROOT / "proto"
OWN_PROTOS = PROTO_DIR / "frontier"

# Where protoc's source info points: a path of field numbers and indexes into FileDescriptorProto.
MESSAGE, ENUM, SERVICE = 4, 5, 6
NESTED_MESSAGE, NESTED_ENUM, FIELD, METHOD, ENUM_VALUE = 3, 4, 2, 2, 2


@dataclass
class Protos:
    files: dict[str, descriptor_pb2.FileDescriptorProto]  # by file name, imports included
    messages: dict[str, descriptor_pb2.DescriptorProto]  # by full name, without the leading dot
    enums: dict[str, descriptor_pb2.EnumDescriptorProto]
    comments: dict[tuple[str, ...], str]  # ("message", name), ("field", message, field), ...
    services: list[tuple[str, descriptor_pb2.ServiceDescriptorProto]]  # (package, service), ours only


def read_protos() -> Protos:
    from grpc_tools import protoc  # dev-only dependency

    names = sorted(str(p.relative_to(PROTO_DIR)) for p in OWN_PROTOS.rglob("*.proto"))
    include = str(Path(protoc.__file__).parent / "_proto")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "set.binpb"
        args = ["protoc", f"-I{PROTO_DIR}", f"-I{include}", "--include_imports", "--include_source_info"]
        if protoc.main([*args, f"--descriptor_set_out={out}", *names]) != 0:
            raise SystemExit("protoc failed")
        found = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())
    protos = Protos({}, {}, {}, {}, [])
    for file in found.file:
        protos.files[file.name] = file
        _index(protos, file)
        if file.name in names:
            protos.services += [(file.package, service) for service in file.service]
    return protos


def _index(protos: Protos, file: descriptor_pb2.FileDescriptorProto) -> None:
    located = {tuple(location.path): _comment(location) for location in file.source_code_info.location}

    def messages(prefix: str, found: list[descriptor_pb2.DescriptorProto], path: tuple[int, ...]) -> None:
        for i, message in enumerate(found):
            name, here = f"{prefix}.{message.name}", (*path, i)
            protos.messages[name] = message
            protos.comments[("message", name)] = located.get(here, "")
            for j, field in enumerate(message.field):
                protos.comments[("field", name, field.name)] = located.get((*here, FIELD, j), "")
            messages(name, list(message.nested_type), (*here, NESTED_MESSAGE))
            enums(name, list(message.enum_type), (*here, NESTED_ENUM))

    def enums(prefix: str, found: list[descriptor_pb2.EnumDescriptorProto], path: tuple[int, ...]) -> None:
        for i, enum in enumerate(found):
            name = f"{prefix}.{enum.name}"
            protos.enums[name] = enum
            protos.comments[("enum", name)] = located.get((*path, i), "")

    messages(file.package, list(file.message_type), (MESSAGE,))
    enums(file.package, list(file.enum_type), (ENUM,))
    for i, service in enumerate(file.service):
        name = f"{file.package}.{service.name}"
        protos.comments[("service", name)] = located.get((SERVICE, i), "")
        for j, method in enumerate(service.method):
            protos.comments[("method", name, method.name)] = located.get((SERVICE, i, METHOD, j), "")


def _comment(location: descriptor_pb2.SourceCodeInfo.Location) -> str:
    parts = [location.leading_comments, location.trailing_comments]
    lines = [line.strip() for part in parts for line in part.strip().splitlines()]
    return "\n".join(line for line in lines if line)
