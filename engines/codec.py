"""The stable, versioned JSON form of commands and events.

A message encodes as `{"kind": "robbery_declared", "v": 1, ...fields}`. The
`kind` of a released message never changes; a changed field list bumps `v`.
Decoding turns JSON lists back into tuples (and nested dicts back into frozen
dataclasses) by reading the dataclass type hints once per class.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, TypeVar

import msgspec

from engines.base import JsonValue, Message

M = TypeVar("M")


class DecodeError(ValueError):
    """JSON that is not a well-formed message of this game; names the field."""


def encode(message: Message) -> dict[str, JsonValue]:
    """The JSON form of a command or event."""
    body = _to_json(message)
    assert isinstance(body, dict)
    return {"kind": message.kind, "v": message.version, **body}


_PLAIN = (int, str, bool, type(None))


def _to_json(value: Any) -> JsonValue:
    kind = type(value)
    if kind in _PLAIN:  # the hot path of every audit and every save: no ABC or dataclass checks
        return value
    names = _init_fields.get(kind)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _init_fields[kind] = tuple(f.name for f in dataclasses.fields(value) if f.init)
    if names is not None:
        return {name: _to_json(getattr(value, name)) for name in names}
    if isinstance(value, (tuple, list)):
        return [_to_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _to_json(v) for k, v in value.items()}
    return value


# Per dataclass: the names of its init fields, read once (dataclasses.fields is slow per call).
_init_fields: dict[type, tuple[str, ...]] = {}


class Codec:
    """Decodes the JSON form back into the message classes of one game."""

    def __init__(self, classes: Iterable[type[Message]]) -> None:
        self.by_kind: dict[str, type[Message]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self.by_kind:
                raise ValueError(f"message kind {cls.kind!r} of {cls.__name__} is empty or repeated")
            self.by_kind[cls.kind] = cls
        # Per kind that msgspec can build as the plain path does: the keys a message of it
        # holds with `v`, the same without it, its class and version, and its nested records.
        self.fast: dict[str, tuple[frozenset[str], frozenset[str], type[Message], int, Nested]] = {
            kind: (fields[1], fields[1] - {"v"}, cls, cls.version, nested)
            for kind, cls in self.by_kind.items()
            if (fields := _fast_fields(cls)) is not None and (nested := _nested_records(cls)) is not None
        }

    def decode(self, data: Mapping[str, JsonValue]) -> Message:
        """The message `data` (JSON values, as a JSON parser makes them) stands for."""
        if type(data) is not dict and not isinstance(data, Mapping):  # ABC checks are slow: dict first
            raise DecodeError(f"a message must be a JSON object, got {type(data).__name__}")
        kind = data.get("kind")
        fast = self.fast.get(kind) if type(kind) is str else None
        if fast is not None:
            with_v, without_v, known, version, nested = fast
            keys = data.keys()
            # Every field given (msgspec would leave a default out of the record's __dict__)
            # and no other (msgspec ignores them), `kind` among them and `v` if any right:
            # one set comparison in C each. The same for each nested record.
            # `v` an int: True == 1 in Python, not in JSON.
            v_right = keys == with_v and type(data["v"]) is int and data["v"] == version
            if (v_right or keys == without_v) and (
                not nested or all(_exact_records(data[name], many, names) for name, many, names in nested)
            ):
                try:
                    # msgspec checks and builds it in C; on any refusal the plain path
                    # below names the problem.
                    return msgspec.convert(data, known)
                except msgspec.ValidationError:
                    pass
        cls = self.by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise DecodeError(f"unknown kind {kind!r}; expected one of {sorted(self.by_kind)}")
        version = data.get("v", cls.version)
        if type(version) is not int or version != cls.version:  # True == 1 in Python, not in JSON
            raise DecodeError(
                f"{kind} version {version!r} is not supported (this build reads v{cls.version})"
            )
        # The envelope (kind, v) is skipped by name, not copied away: one dict less per message.
        return decode_dataclass(cls, data, cls.kind, envelope=True)


_ENVELOPE = frozenset(("kind", "v"))


def _fast_fields(cls: type, *, nested: bool = True) -> tuple[frozenset[str], frozenset[str]] | None:
    """The field names of `cls` and the names a message of it may hold, if `msgspec.convert`
    decodes its messages exactly as `decode_dataclass` does, else None.

    msgspec checks the same types (strictly: `true` is no int) and turns lists into tuples,
    but it ignores unknown fields (so they are checked by name first, at the top level and
    in each nested record: see `_nested_records`), it stores fields without calling
    `__init__` (so only a record whose `__init__` only stores them), and it turns an
    integer for a float field into a float (which the plain path keeps). With `nested`
    False, a class holding a record is refused.
    """
    if (cls, nested) in _fast:
        return _fast[cls, nested]
    names, enveloped, _, direct = _plans.get(cls) or _plan(cls)
    hints = typing.get_type_hints(cls)
    fields = None if enveloped is None else (names, enveloped)
    held = [name for name in names if _holds_record(hints[name])]
    if not direct or (held and (not nested or _nested_records(cls) is None)):
        fields = None
    else:
        try:
            msgspec.inspect.type_info(cls)
        except TypeError:  # a field type msgspec does not know
            fields = None
    _fast[cls, nested] = fields
    return fields


def converts_directly(cls: type) -> bool:
    """Whether `msgspec.convert(data, cls)` builds a message of `cls` exactly as `Codec.decode`
    does, for data whose keys are exactly the class's fields, `kind` and `v` (a class with
    no nested record: their keys are not checked here)."""
    return _fast_fields(cls, nested=False) is not None


# Per (class, nested allowed), made once: a Codec is made per read.
_fast: dict[tuple[type, bool], tuple[frozenset[str], frozenset[str]] | None] = {}

# Per field holding records: its name, whether it holds a tuple of them (else one), and
# the keys each must have (all its fields, as the codec writes them).
Nested = tuple[tuple[str, bool, frozenset[str]], ...]


def _nested_records(cls: type) -> Nested | None:
    """The fields of `cls` holding records that msgspec builds as the plain path does, or
    None if a field holds one any other way (optional, in a union, a float, or a record
    that itself holds records or floats). A flat class gives ()."""
    if cls in _nested:
        return _nested[cls]
    _nested[cls] = found = _find_nested(cls)
    return found


_nested: dict[type, Nested | None] = {}  # per class, made once


def _find_nested(cls: type) -> Nested | None:
    hints = typing.get_type_hints(cls)
    nested: list[tuple[str, bool, frozenset[str]]] = []
    for name in _plan_names(cls):
        hint = hints[name]
        if not _holds_record(hint):
            continue
        args = typing.get_args(hint)
        many = typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis
        record = args[0] if many else hint
        if not (isinstance(record, type) and dataclasses.is_dataclass(record)):
            return None
        flat = _fast_fields(record, nested=False)
        if flat is None:
            return None
        nested.append((name, many, flat[0]))
    return tuple(nested)


def _plan_names(cls: type) -> frozenset[str]:
    return (_plans.get(cls) or _plan(cls))[0]


def _exact_records(value: Any, many: bool, names: frozenset[str]) -> bool:
    """Whether `value` is a JSON object with exactly these keys (a list of them if `many`)."""
    if many:
        return type(value) is list and all(type(item) is dict and item.keys() == names for item in value)
    return type(value) is dict and value.keys() == names


def _holds_record(hint: Any) -> bool:
    """Whether a field of this type may hold a record (or a float)."""
    if hint is float or (isinstance(hint, type) and dataclasses.is_dataclass(hint)):
        return True
    return any(_holds_record(arg) for arg in typing.get_args(hint))


def decode_dataclass(
    cls: type[M], fields: Mapping[str, JsonValue], where: str, *, envelope: bool = False
) -> M:
    """Build `cls` from JSON fields, converting lists to tuples by type hint.

    With `envelope`, `fields` is a whole message and its `kind` and `v` are not fields.
    """
    names, enveloped, plan, direct = _plans.get(cls) or _plan(cls)
    if envelope and enveloped is None:  # a message with a field named kind or v: copy them away
        fields = {k: v for k, v in fields.items() if k not in _ENVELOPE}
        envelope = False
    allowed = enveloped if envelope else names
    assert allowed is not None
    if not fields.keys() <= allowed:
        raise DecodeError(f"{where}: unknown field(s) {sorted(set(fields) - allowed)}")
    kwargs: dict[str, Any] = {}
    for name, exact, convert in plan:
        if name in fields:
            value = fields[name]
            # The hot path of every rebuild: plain int/str/bool fields are checked inline,
            # without a call or a path string (built only for the error).
            if exact is not None and type(value) is exact:
                kwargs[name] = value
            else:
                kwargs[name] = convert(value, f"{where}.{name}")
    if direct and len(kwargs) == len(plan):
        # Every field given: fill the record as `engines.base.changed` does, without the
        # frozen __init__'s setattr per field (what __init__ would store, in the same order).
        record: M = object.__new__(cls)
        object.__setattr__(record, "__dict__", kwargs)
        return record
    try:
        return cls(**kwargs)
    except TypeError as error:
        raise DecodeError(f"{where}: {error}") from None


# Per class: its field names, the same with the envelope (None if they overlap), per field
# (name, exact plain type or None, converter), and whether its __init__ only stores the fields.
Plan = tuple[frozenset[str], frozenset[str] | None, tuple[tuple[str, type | None, "Converter"], ...], bool]
_plans: dict[type, Plan] = {}


def _plan(cls: type) -> Plan:
    converters = _converters(cls)
    hints = typing.get_type_hints(cls)
    steps = tuple(
        (name, hints[name] if hints[name] in (int, str, bool) else None, convert)
        for name, convert in converters.items()
    )
    names = frozenset(converters)
    enveloped = names | _ENVELOPE if names.isdisjoint(_ENVELOPE) else None
    _plans[cls] = plan = (names, enveloped, steps, _init_only_stores(cls))
    return plan


def _init_only_stores(cls: type) -> bool:
    """Whether `cls(**fields)` only stores its fields: tried once on marker values, so a
    __post_init__, a hand-written __init__, slots or a field left out of __init__ all say no."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return False
    names = [f.name for f in dataclasses.fields(cls)]
    markers = {name: object() for name in names}
    probe = object.__new__(cls)
    try:
        cls.__init__(probe, **markers)
    except Exception:  # noqa: BLE001 -- an __init__ that checks its arguments: build it the usual way
        return False
    return list(probe.__dict__.items()) == list(markers.items())


Converter = Callable[[Any, str], Any]


@cache
def _converters(cls: type) -> dict[str, Converter]:
    hints = typing.get_type_hints(cls)
    return {f.name: _converter(hints[f.name]) for f in dataclasses.fields(cls) if f.init}


def _converter(hint: Any) -> Converter:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple:
        item = _converter(args[0]) if args and (len(args) == 2 and args[1] is Ellipsis) else None
        positional = [_converter(a) for a in args] if item is None else []
        plain = args[0] if item is not None and args[0] in (int, str, bool) else None

        def to_tuple(value: Any, where: str) -> tuple[Any, ...]:
            if not isinstance(value, (list, tuple)):
                raise DecodeError(f"{where}: expected a list, got {value!r}")
            if plain is not None and all(type(v) is plain for v in value):
                return tuple(value)  # the common case, checked without a call per item
            if item is not None:
                return tuple(item(v, f"{where}[{i}]") for i, v in enumerate(value))
            if len(value) != len(positional):
                raise DecodeError(f"{where}: expected {len(positional)} items, got {len(value)}")
            pairs = enumerate(zip(positional, value, strict=True))
            return tuple(convert(v, f"{where}[{i}]") for i, (convert, v) in pairs)

        return to_tuple
    if origin in (typing.Union, types.UnionType):
        options = [_converter(a) for a in args]

        def to_union(value: Any, where: str) -> Any:
            if value is None and type(None) in args:
                return None
            errors = []
            for convert in options:
                try:
                    return convert(value, where)
                except DecodeError as error:
                    errors.append(str(error))
            raise DecodeError(f"{where}: {value!r} matches none of {args}")

        return to_union
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):

        def to_dataclass(value: Any, where: str) -> Any:
            if type(value) is not dict and not isinstance(value, Mapping):
                raise DecodeError(f"{where}: expected an object, got {value!r}")
            return decode_dataclass(hint, value, where)

        return to_dataclass
    if hint is type(None):
        return _exact(type(None))
    if hint in (int, str, bool, float):
        return _exact(hint)
    if origin is typing.Literal:

        def to_literal(value: Any, where: str) -> Any:
            if value not in args:
                raise DecodeError(f"{where}: {value!r} is not one of {args}")
            return value

        return to_literal
    if origin in (dict, Mapping) or hint is typing.Any:
        return lambda value, where: value
    raise TypeError(f"the codec cannot decode fields of type {hint!r}")


def _exact(kind: type) -> Converter:
    def check(value: Any, where: str) -> Any:
        # bool is an int in Python; keep them apart so a malformed field is caught.
        if type(value) is not kind and not (kind is float and type(value) is int):
            raise DecodeError(f"{where}: expected {kind.__name__}, got {value!r}")
        return value

    return check
