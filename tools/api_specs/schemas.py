"""JSON Schemas of our messages as protobuf's canonical JSON mapping writes and reads them.

Field names are their JSON names (lowerCamelCase; the proto names are read too); 64-bit integers are
strings (numbers are read too); enums are their value names; bytes are base64; the well-known
types have their special forms.
"""

from __future__ import annotations

from typing import Any

from google.protobuf.descriptor_pb2 import FieldDescriptorProto as Field

from tools.api_specs.protos import Protos

INT32 = {Field.TYPE_INT32, Field.TYPE_SINT32, Field.TYPE_SFIXED32, Field.TYPE_UINT32, Field.TYPE_FIXED32}
INT64 = {Field.TYPE_INT64, Field.TYPE_SINT64, Field.TYPE_SFIXED64, Field.TYPE_UINT64, Field.TYPE_FIXED64}
WELL_KNOWN: dict[str, dict[str, Any]] = {
    "google.protobuf.Struct": {"type": "object", "description": "any JSON object"},
    "google.protobuf.Value": {"description": "any JSON value"},
    "google.protobuf.ListValue": {"type": "array", "items": {}},
    "google.protobuf.Timestamp": {"type": "string", "format": "date-time"},
    "google.protobuf.Duration": {"type": "string", "pattern": "^-?[0-9]+(\\.[0-9]+)?s$"},
    "google.protobuf.Empty": {"type": "object"},
    "google.protobuf.Any": {
        "type": "object",
        "properties": {"@type": {"type": "string"}},
        "required": ["@type"],
        "additionalProperties": True,
    },
}


class Schemas:
    """Component schemas, added as messages are referred to; `ref` names one, `components` lists them."""

    def __init__(self, protos: Protos, prefix: str) -> None:
        self.protos = protos
        self.prefix = prefix  # where references point: "#/components/schemas/"
        self.components: dict[str, dict[str, Any]] = {}

    def ref(self, full_name: str) -> dict[str, Any]:
        name = full_name.lstrip(".")
        if name in WELL_KNOWN:
            return dict(WELL_KNOWN[name])
        if name not in self.components:
            self.components[name] = {}  # before its fields: a message may refer to itself
            if name in self.protos.enums:
                self.components[name] = self._enum(name)
            else:
                self.components[name] = self._message(name)
        return {"$ref": f"{self.prefix}{name}"}

    def _enum(self, name: str) -> dict[str, Any]:
        values = [value.name for value in self.protos.enums[name].value]
        schema: dict[str, Any] = {"type": "string", "enum": values}
        return _described(schema, self.protos.comments.get(("enum", name), ""))

    def _message(self, name: str) -> dict[str, Any]:
        message = self.protos.messages[name]
        properties = {}
        for field in message.field:
            schema = self._field(field)
            properties[field.json_name] = _described(
                schema, self.protos.comments.get(("field", name, field.name), "")
            )
        schema = {"type": "object", "properties": properties, "additionalProperties": False}
        return _described(schema, self.protos.comments.get(("message", name), ""))

    def _field(self, field: Field) -> dict[str, Any]:
        if field.type == Field.TYPE_MESSAGE:
            entry = self.protos.messages.get(field.type_name.lstrip("."))
            if entry is not None and entry.options.map_entry:
                value = next(f for f in entry.field if f.name == "value")
                return {"type": "object", "additionalProperties": self._single(value)}
        single = self._single(field)
        return {"type": "array", "items": single} if field.label == Field.LABEL_REPEATED else single

    def _single(self, field: Field) -> dict[str, Any]:
        kind = field.type
        if kind in (Field.TYPE_MESSAGE, Field.TYPE_GROUP, Field.TYPE_ENUM):
            return self.ref(field.type_name)
        if kind in INT32:
            return {"type": "integer", "format": "int32"}
        if kind in INT64:  # as a string, so no JSON reader loses digits
            return {"type": ["string", "integer"], "format": "int64"}
        if kind in (Field.TYPE_DOUBLE, Field.TYPE_FLOAT):
            return {"type": "number"}
        if kind == Field.TYPE_BOOL:
            return {"type": "boolean"}
        if kind == Field.TYPE_BYTES:
            return {"type": "string", "contentEncoding": "base64"}
        return {"type": "string"}


def _described(schema: dict[str, Any], comment: str) -> dict[str, Any]:
    if comment and "$ref" not in schema:
        schema["description"] = comment
    elif comment:  # OpenAPI 3.1 and AsyncAPI 3 allow siblings of $ref; JSON Schema 2020-12 too
        schema = {**schema, "description": comment}
    return schema
