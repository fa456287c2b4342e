"""An API answer as JSON for scripts: proto field names, every field, and numbers as JSON numbers.

protobuf's JSON mapping writes 64-bit integers as strings (`"version": "47"`), which JavaScript
could not hold exactly; the CLI's numbers (versions, scores, counts) are far below 2**53, so they
are written as the numbers they are.
"""

from __future__ import annotations

from typing import Any

from google.protobuf import json_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

_64_BIT = {
    FieldDescriptor.TYPE_INT64,
    FieldDescriptor.TYPE_UINT64,
    FieldDescriptor.TYPE_SINT64,
    FieldDescriptor.TYPE_FIXED64,
    FieldDescriptor.TYPE_SFIXED64,
}


def message_dict(message: Message) -> dict[str, Any]:
    data = json_format.MessageToDict(
        message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
    )
    return _with_numbers(message.DESCRIPTOR, data)


def _with_numbers(descriptor: Any, data: dict[str, Any]) -> dict[str, Any]:
    """`data` with the 64-bit fields of `descriptor` (pure or upb protobuf) as ints, nested ones too."""
    for field in descriptor.fields:
        if field.name not in data:
            continue
        value = data[field.name]
        if field.message_type is not None:
            if field.message_type.full_name.startswith("google.protobuf."):
                continue  # Struct, Timestamp...: JSON of their own, no 64-bit strings of ours
            if field.message_type.GetOptions().map_entry:
                data[field.name] = {
                    key: _number(field.message_type.fields_by_name["value"], item)
                    for key, item in value.items()
                }
            elif field.is_repeated:
                data[field.name] = [_with_numbers(field.message_type, item) for item in value]
            else:
                data[field.name] = _with_numbers(field.message_type, value)
        elif field.type in _64_BIT:
            repeated = field.is_repeated
            data[field.name] = [int(item) for item in value] if repeated else int(value)
    return data


def _number(field: FieldDescriptor, value: Any) -> Any:
    """A map's value: a message made numeric, a 64-bit string made an int, anything else as it is."""
    if field.message_type is not None:
        if field.message_type.full_name.startswith("google.protobuf."):
            return value
        return _with_numbers(field.message_type, value)
    return int(value) if field.type in _64_BIT else value
