"""The log reader's fast path for entry lines: msgspec decodes a line straight into its fields.

An entry line is most of every log, and the strict reader (`replay.logfile`) spends
most of a rebuild parsing and checking it in Python. Here msgspec does both in C,
against a type that already says what the strict reader checks: exactly the entry's
fields, integers within ±(2**53 - 1), no fractions, no NaN, containers nested no
deeper than the strict reader allows (the JSON type below has no deeper level), valid UTF-8 and no lone
surrogate (msgspec refuses both). What the type cannot say is that no key appears
twice (msgspec keeps the last): a line is taken only if it is exactly the canonical
spelling of what was decoded (sorted keys, no spaces), and a canonical spelling has
no duplicate keys. Every other line -- not canonical, malformed, or anything msgspec
refuses -- returns None, and the strict reader reads it and gives its own value or
error, so both paths give the same result (tests/replay/test_fast_lines.py).
"""

from __future__ import annotations

import binascii
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias, Union

import msgspec

from replay.record import UNSEEN_FORMAT, Entry

SAFE_INTEGER = 2**53 - 1  # as replay.logfile (I-JSON)
# The strict reader allows containers MAX_DEPTH (32) deep; the type here stops at
# FAST_DEPTH (msgspec's type for it grows exponentially with depth), so a deeper line
# goes to the strict reader. Events nest 5 deep at most.
FAST_DEPTH = 10

SafeInt = Annotated[int, msgspec.Meta(ge=-SAFE_INTEGER, le=SAFE_INTEGER)]
# 64 characters; that they are lowercase hex is checked at once for a line's hashes (one
# `lowercase_hex` call: msgspec's own `pattern` costs a call per field).
Hash = Annotated[str, msgspec.Meta(min_length=64, max_length=64)]


def _json_at(depth: int) -> Any:
    """The JSON values allowed at `depth` (the line itself is depth 1): containers only
    down to FAST_DEPTH, and no float anywhere."""
    value: Any = Union[SafeInt, str, bool, None]  # noqa: UP007 -- a runtime-built type
    for _ in range(FAST_DEPTH + 1 - depth):
        value = Union[SafeInt, str, bool, None, list[value], dict[str, value]]  # noqa: UP007
    return value


if TYPE_CHECKING:  # a type built at run time is opaque to mypy
    ObjectInLine: TypeAlias = dict[str, Any]
    ObjectInList: TypeAlias = dict[str, Any]
else:
    ObjectInLine = dict[str, _json_at(3)]  # a field's object (depth 2)
    ObjectInList = dict[str, _json_at(4)]  # an object in a field's list (depth 3)


class _Entry(msgspec.Struct, forbid_unknown_fields=True):
    """An entry line of format 1 (field names as in the log, all required)."""

    command: ObjectInLine
    draws: tuple[ObjectInList, ...]  # tuples, as Entry holds them: no copy
    events: tuple[ObjectInList, ...]
    hash: Hash
    prev: Hash
    seat: SafeInt
    type: Literal["entry"]
    version: SafeInt


class _SaltedEntry(_Entry, forbid_unknown_fields=True):
    """An entry line of formats 2 and 3: the same and its salt."""

    salt: Hash


ItemId = Annotated[str, msgspec.Meta(min_length=1)]


class _UnseenEntry(_SaltedEntry, forbid_unknown_fields=True):
    """An entry line of an expanded tabletop recording (format 5) naming items nobody saw."""

    unseen: Annotated[tuple[ItemId, ...], msgspec.Meta(min_length=1)]


class _SeatSignature(msgspec.Struct, forbid_unknown_fields=True):
    """A move its seat signed (replay/seat_signatures.py): as the strict reader checks it."""

    command_id: Annotated[str, msgspec.Meta(min_length=1, max_length=128)]
    signature: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{128}$")]


class _SignedEntry(_SaltedEntry, forbid_unknown_fields=True):
    """An entry line of a seat that claimed with a key: its signature of the move."""

    seat_signature: _SeatSignature


# Any JSON value of a line whose containers nest at most FAST_DEPTH deep (no floats, safe integers).
_SHALLOW: msgspec.json.Decoder[Any] = msgspec.json.Decoder(_json_at(1))
_DECODERS: dict[int, msgspec.json.Decoder[_Entry]] = {
    1: msgspec.json.Decoder(_Entry),
    2: msgspec.json.Decoder(_SaltedEntry),
}
_UNSEEN_DECODER = msgspec.json.Decoder(_UnseenEntry)
_SIGNED_DECODER = msgspec.json.Decoder(_SignedEntry)
_CANONICAL = msgspec.json.Encoder(order="sorted")


def lowercase_hex(text: str) -> bool:
    """True if `text` is lowercase hex digits, an even number of them (every hash and salt is):
    binascii reads them in C, about twice as fast as a regular expression, and refuses any
    other character (a non-ASCII one too); uppercase digits are told by `lower()`."""
    try:
        binascii.a2b_hex(text)
    except ValueError:  # binascii.Error, or a non-ASCII character
        return False
    return text.lower() == text


def body_text(text: str, line: Entry) -> str | None:
    """The canonical JSON its chain hash covers (the line without its `hash`), from the text
    of an entry line that `entry` read, or None where it is not the line's text less a piece.

    A canonical ASCII line is spelled as `replay.record.canonical_json` spells it in every
    format (json.dumps and msgspec escape ASCII alike, and RFC 8785 is json.dumps on ASCII).
    Its keys are sorted, so the top-level hash is the last `,"hash":"..."` in it: the
    fields after it (prev, salt, seat, seat_signature, type, unseen, version) hold hex, integers,
    "entry", item ids and a command id, strings in which a quote is escaped, so none holds that text.
    """
    if not text.isascii():
        return None
    member = f',"hash":"{line.hash}"'
    at = text.rfind(member)
    return text[:at] + text[at + len(member) :] if at > 0 else None


def shallow(text: str) -> bool:
    """True if `text` is JSON nested at most FAST_DEPTH deep (False: it may or may not be)."""
    try:
        _SHALLOW.decode(text)
    except (msgspec.DecodeError, UnicodeError):
        return False
    return True


def canonical_object(text: str) -> dict[str, Any] | None:
    """The JSON object a canonical line holds, or None to leave the line to the strict reader.

    For the lines that are not entries (the header, above all, which holds the setup): the
    type says what the strict parser checks, and a canonical spelling has no key twice, so
    the strict parser would give the very same value.
    """
    try:
        value = _SHALLOW.decode(text)
        if type(value) is not dict or _CANONICAL.encode(value) != text.encode():
            return None
    except (msgspec.DecodeError, UnicodeError):
        return None
    return value


def _unseen_entry(text: str, format_version: int) -> _Entry | None:
    """An entry line that lists items nobody saw (tried only for such a line of format 5), or None."""
    if format_version < UNSEEN_FORMAT or '"unseen":' not in text:
        return None
    try:
        return _UNSEEN_DECODER.decode(text)
    except (msgspec.DecodeError, UnicodeError):
        return None


def _signed_entry(text: str, format_version: int) -> _Entry | None:
    """An entry line a key-holding seat signed (tried only for such a line, format 2 on), or None."""
    if format_version < 2 or '"seat_signature":' not in text:
        return None
    try:
        return _SIGNED_DECODER.decode(text)
    except (msgspec.DecodeError, UnicodeError):
        return None


def entry(text: str, format_version: int) -> Entry | None:
    """The entry a canonical entry line holds, or None to leave the line to the strict reader."""
    line: _Entry | None
    try:
        line = _DECODERS[min(format_version, 2)].decode(text)
    except msgspec.DecodeError:
        line = _unseen_entry(text, format_version) or _signed_entry(text, format_version)
    except UnicodeError:
        return None
    if line is None:
        return None
    if _CANONICAL.encode(line) != text.encode():
        return None
    salt = line.salt if isinstance(line, _SaltedEntry) else None
    signed = line.seat_signature if isinstance(line, _SignedEntry) else None
    unseen = line.unseen if isinstance(line, _UnseenEntry) else ()
    if len(set(unseen)) != len(unseen):
        return None
    if not lowercase_hex(f"{line.prev}{line.hash}{salt or ''}"):
        return None
    # What Entry(...) stores, without its frozen __init__'s setattr per field (as engines.base.changed).
    record: Entry = object.__new__(Entry)
    object.__setattr__(
        record,
        "__dict__",
        {
            "version": line.version,
            "seat": line.seat,
            "command": line.command,
            "draws": line.draws,
            "events": line.events,
            "prev": line.prev,
            "hash": line.hash,
            "format_version": format_version,
            "salt": salt,
            "by": None,  # an autopilot entry has one more field: the strict reader reads it
            "clock": None,  # as has an entry of a game with a clock
            "unseen": unseen,
            "seat_signature": None if signed is None else msgspec.structs.asdict(signed),
        },
    )
    return record
