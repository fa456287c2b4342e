"""The match-log file: one canonical JSON object per line, header first, trailer last.

Writing is a straight copy of the record (`Header.to_json()` and friends).
Reading is strict about shape -- every field present, of the right type, no
unknown field, lines in order -- and trusts nothing else: hashes and rules are
checked by `replay.verify`, so a file that reads cleanly may still be rejected.
The format is documented in seeds/LOG-FORMAT.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from engines.base import JsonValue
from replay import fastlines
from replay.record import (
    AUTOPILOT,
    DRAW_QUESTIONS_FORMAT,
    FORMAT,
    FORMAT_VERSIONS,
    MAX_CLIENT_SEED,
    UNSEEN_FORMAT,
    DealLine,
    Entry,
    Header,
    Line,
    RulingLine,
    SeatLine,
    Trailer,
    UpgradeLine,
    canonical_json,
)

Record = tuple[Header, list[Line], Trailer | None]

_HASH = re.compile(r"[0-9a-f]{64}")
_STATUSES = ("finished", "in_progress")


class LogFormatError(ValueError):
    """A match log that is not well formed; names the line (1-based) and what is wrong."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(f"line {line}: {problem}")
        self.line = line
        self.problem = problem


def write_lines(header: Header, entries: Iterable[Line], trailer: Trailer | None = None) -> list[str]:
    """The lines of a match log, without line ends."""
    spelling = header.format_version
    lines = [canonical_json(header.to_json(), spelling)]
    lines.extend(canonical_json(entry.to_json(), spelling) for entry in entries)
    if trailer is not None:
        lines.append(canonical_json(trailer.to_json(), spelling))
    return lines


def write(path: Path, header: Header, entries: Iterable[Line], trailer: Trailer | None = None) -> None:
    """Write a match log file (UTF-8, one line per record, a final newline)."""
    path.write_text("\n".join(write_lines(header, entries, trailer)) + "\n", encoding="utf-8")


def read(path: Path) -> Record:
    """Read a match log file strictly; see `read_bytes`."""
    return read_bytes(path.read_bytes())


def read_bytes(data: bytes) -> Record:
    """Read a match log from its bytes: UTF-8 is checked line by line, so a bad byte names its line."""
    return read_lines(decode_lines(data))


def decode_lines(data: bytes) -> list[str]:
    """The lines of a log file's bytes, each checked as UTF-8 (a bad byte names its line)."""
    lines = data.split(b"\n")
    if lines[0].startswith(b"\xef\xbb\xbf"):
        raise LogFormatError(1, "the file starts with a byte-order mark (BOM); save it as UTF-8 without one")
    texts: list[str] = []
    for number, raw in enumerate(lines, start=1):
        try:
            texts.append(raw.decode("utf-8").removesuffix("\r"))
        except UnicodeDecodeError as error:
            raise LogFormatError(
                number, f"not UTF-8: byte 0x{raw[error.start]:02x} at column {error.start + 1}"
            ) from None
    return texts


def read_text(text: str) -> Record:
    """Read a match log from its text; lines end at "\n" only (see `split_lines`)."""
    return read_lines(split_lines(text))


def split_lines(text: str) -> list[str]:
    """The lines of a log. Only "\n" ends a line: str.splitlines would also split at
    U+2028 and friends, which RFC 8785 leaves unescaped inside strings."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def read_lines(
    lines: Iterable[str], *, checkpoint_allowed: bool = True, bodies: list[str | None] | None = None
) -> Record:
    """Parse the lines of a match log into its header, entries and optional trailer.

    Raises LogFormatError at the first malformed line. Blank lines are allowed
    only at the end (an editor's trailing newline). With a `bodies` list, it gets one
    item per entry: the text its chain hash covers where the line is canonical (then
    `verify` need not spell it again), else None.
    """
    numbered = list(enumerate(lines, start=1))
    while numbered and not numbered[-1][1].strip():
        numbered.pop()
    if not numbered:
        raise LogFormatError(1, "the log is empty; it must start with a header line")
    if checkpoint_allowed and _is_checkpoint(numbered[-1][1]):
        # A signed checkpoint may close an export; it is not part of the record, and replay/trust/
        # verifies it (trust.signed_log.read_signed, which has split it off already and so
        # reads with checkpoint_allowed=False), so the record reader leaves it aside.
        numbered.pop()
    if numbered[0][1].startswith("\ufeff"):
        raise LogFormatError(1, "the log starts with a byte-order mark (BOM); save it as UTF-8 without one")
    header: Header | None = None
    entries: list[Line] = []
    trailer: Trailer | None = None
    for number, text in numbered:
        if header is not None and trailer is None:
            fast = fastlines.entry(text, header.format_version)  # None: read below, strictly
            if fast is not None:
                # In the strict path's order, so that both name the same first fault of a line.
                _check_draws(number, fast.draws, header.format_version)
                _require_version(number, fast.version, entries[-1].version if entries else 1)
                entries.append(fast)
                if bodies is not None:
                    bodies.append(fastlines.body_text(text, fast))
                continue
        data = _parse_object(number, text)
        kind = data.get("type")
        if trailer is not None:
            raise LogFormatError(number, f"a {kind!r} line after the trailer; the trailer must be last")
        if kind == "header":
            if header is not None:
                raise LogFormatError(number, "a second header; a log holds exactly one game")
            header = _header(number, data)
            _check_draws(number, header.setup_draws, header.format_version)
        elif header is None:
            raise LogFormatError(number, f"the first line must be the header, found type {kind!r}")
        elif kind == "entry":
            entry = _entry(number, data, header.format_version)
            _check_draws(number, entry.draws, header.format_version)
            _require_version(number, entry.version, _last_version(entries))
            entries.append(entry)
            if bodies is not None:
                bodies.append(None)
        elif kind in ("seat", "deal") and header.format_version >= 3:
            line = (
                _seat(number, data, header.format_version)
                if kind == "seat"
                else _deal(number, data, header.format_version, header.seats)
            )
            if isinstance(line, DealLine):
                _check_draws(number, line.draws, header.format_version)
            if line.version != _last_version(entries):
                # A seat line or the deal creates no version: it is at the previous line's.
                raise LogFormatError(
                    number,
                    f"a {kind} line at version {line.version} after a line at version "
                    f"{_last_version(entries)}; it must repeat the previous line's version",
                )
            entries.append(line)
            if bodies is not None:
                bodies.append(None)
        elif kind == "ruling":
            ruling = _ruling(number, data, header.format_version)
            _require_version(number, ruling.version, _last_version(entries))
            entries.append(ruling)
            if bodies is not None:
                bodies.append(None)
        elif kind == "upgrade" and header.format_version >= 2:
            upgrade = _upgrade(number, data, header.format_version)
            _require_version(number, upgrade.version, _last_version(entries))
            entries.append(upgrade)
            if bodies is not None:
                bodies.append(None)
        elif kind == "trailer":
            trailer = _trailer(number, data, header.format_version)
            if trailer.version != _last_version(entries):
                raise LogFormatError(
                    number,
                    f"the trailer is at version {trailer.version} "
                    f"but the last line creates version {_last_version(entries)}",
                )
        else:
            known = (
                "header, entry, seat, deal, ruling, upgrade or trailer"
                if header.format_version >= 3
                else "header, entry, ruling, upgrade or trailer"
                if header.format_version == 2
                else "header, entry, ruling or trailer"
            )
            raise LogFormatError(number, f"unknown line type {kind!r}; expected {known}")
    assert header is not None  # the first line was checked above
    return header, entries, trailer


def _check_draws(number: int, draws: Sequence[Mapping[str, JsonValue]], format_version: int) -> None:
    """From format 5 each draw names what was asked, so that the seed alone re-derives it:
    exactly {op: randint, low, high, value} (integers, low <= high) or {op: shuffle, items, value} (lists)."""
    if format_version < DRAW_QUESTIONS_FORMAT:
        return
    for index, draw in enumerate(draws, start=1):
        if _names_its_question(draw):
            continue
        raise LogFormatError(
            number,
            f"draw {index} is not a randint (op, low <= high, value: integers) "
            "or a shuffle (op, items, value: lists)",
        )


def _names_its_question(draw: Mapping[str, JsonValue]) -> bool:
    if draw.get("op") == "randint" and draw.keys() == {"op", "low", "high", "value"}:
        low, high, value = draw["low"], draw["high"], draw["value"]
        return type(low) is int and type(high) is int and type(value) is int and low <= high
    return (
        draw.get("op") == "shuffle"
        and draw.keys() == {"op", "items", "value"}
        and isinstance(draw["items"], list)
        and isinstance(draw["value"], list)
    )


def _is_checkpoint(text: str) -> bool:
    # As strict as every other line: a checkpoint that is not I-JSON (a duplicate key, NaN) is
    # left in, and refused at its line like any other malformed line.
    try:
        data = parse_json(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("type") == "checkpoint"


def _last_version(entries: list[Line]) -> int:
    return entries[-1].version if entries else 1


def _require_version(number: int, version: int, previous: int) -> None:
    if version != previous + 1:
        raise LogFormatError(
            number,
            f"lines out of order: version {version} follows version {previous} (expected {previous + 1})",
        )


# I-JSON (RFC 7493) limits, which RFC 8785 relies on: integers a double holds exactly.
SAFE_INTEGER = 2**53 - 1
MAX_DEPTH = 32  # no line of any game nests deeper than a dozen levels
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class _BadJson(ValueError):
    """A JSON value this format refuses: raised from the parser's hooks."""


def _integer(text: str) -> int:
    if len(text) < 16:  # at most 15 digits: within 2**53 - 1 (16 digits), the common case
        return int(text)
    # Checked on the digits before int() runs, so a thousand-digit number costs nothing.
    if len(text.lstrip("-")) > 16 or abs(int(text)) > SAFE_INTEGER:
        shown = text if len(text) <= 24 else f"{text[:12]}...({len(text)} digits)"
        raise _BadJson(f"the integer {shown} is outside the safe range ±(2**53 - 1) (RFC 8785)")
    return int(text)


def _no_fraction(text: str) -> float:
    raise _BadJson(f"the number {text[:24]} has a fraction or exponent; log values are integers")


def _no_constant(name: str) -> float:
    raise _BadJson(f"{name} is not JSON")


def _no_duplicates(pairs: list[tuple[str, JsonValue]]) -> dict[str, JsonValue]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _BadJson(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return data


def _too_deep(value: JsonValue) -> bool:
    """Whether a parsed value nests deeper than MAX_DEPTH (walked without recursion)."""
    stack: list[tuple[JsonValue, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def _lone_surrogate(value: JsonValue) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_lone_surrogate(k) or _lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_lone_surrogate(v) for v in value)
    return False


# Made once: json.loads with hooks builds a new decoder (and its scanner) on every call.
_DECODER = json.JSONDecoder(
    object_pairs_hook=_no_duplicates,
    parse_int=_integer,
    parse_float=_no_fraction,
    parse_constant=_no_constant,
)


# The decoder's scanner (not in typeshed): (value, end index), or StopIteration where no value starts.
_scan_once: Callable[[str, int], tuple[JsonValue, int]] = _DECODER.scan_once  # type: ignore[attr-defined]


def _decode(text: str) -> JsonValue:
    """`_DECODER.decode(text)`, minus its two Python frames and whitespace scans per line.

    A line that is one value and nothing else is scanned directly; any other text (leading
    or trailing whitespace, extra data, no value) goes through `decode` for its own result
    or error, so the outcome is the same either way.
    """
    try:
        value, end = _scan_once(text, 0)
    except StopIteration:
        return _DECODER.decode(text)
    return value if end == len(text) else _DECODER.decode(text)


DEEP_SCAN_FROM = 256  # fewer brackets than this cannot nest deep enough to trouble the parser
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _opens_too_deep(text: str) -> bool:
    """Whether the raw text nests deeper than MAX_DEPTH, strings left out (no parsing, no recursion)."""
    depth = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        depth = depth + 1 if bracket in "[{" else depth - 1
        if depth > MAX_DEPTH:
            return True
    return False


def parse_json(text: str) -> JsonValue:
    """Parse one line as I-JSON: no duplicate keys, integers only and in the safe range,
    no NaN or Infinity, no lone surrogates, nested at most MAX_DEPTH deep.

    Raises ValueError with a message fit to show.
    """
    too_deep = f"nested more than {MAX_DEPTH} levels deep"
    brackets = text.count("[") + text.count("{")
    if brackets > DEEP_SCAN_FROM and _opens_too_deep(text):
        # Refused before the C parser recurses hundreds of frames deep: finalizers that run
        # in that stack (e.g. a collected event loop's) would hit the recursion limit.
        raise ValueError(too_deep)
    try:
        data = _decode(text)
    except _BadJson as error:
        raise ValueError(str(error)) from None
    except RecursionError:  # the C parser's own limit, far above MAX_DEPTH
        raise ValueError(too_deep) from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error.msg} at column {error.colno})") from None
    # Many brackets need not nest deep: msgspec tells most lines apart in C (the header's
    # hundreds), the walk decides the rest.
    if brackets > MAX_DEPTH and not fastlines.shallow(text) and _too_deep(data):
        raise ValueError(too_deep)
    if _SURROGATE_ESCAPE.search(text) and _lone_surrogate(data):
        raise ValueError(
            "a string holds a lone UTF-16 surrogate (such as \\ud800), which is not Unicode text"
        )
    return data


def _parse_object(number: int, text: str) -> dict[str, JsonValue]:
    data = fastlines.canonical_object(text)  # None: parsed strictly below
    if data is None:
        try:
            data = parse_json(text)
        except ValueError as error:
            raise LogFormatError(number, str(error)) from None
    if not isinstance(data, dict):
        raise LogFormatError(number, f"a line must be a JSON object, found {type(data).__name__}")
    if "redacted_for" in data:
        # A redacted export has secrets stripped, so its hashes no longer cover its content.
        raise LogFormatError(
            number, "this is a redacted export (secrets removed); only a full log can be read"
        )
    return data


class _Fields:
    """Typed access to one line's fields that names the line and field on error.

    Every line of a log goes through here, so the checks are written inline (no
    lambda per field); the message is built only on error.
    """

    def __init__(self, number: int, data: Mapping[str, JsonValue], expected: Iterable[str]) -> None:
        self.number = number
        self.data = data
        expected = _field_set(expected)
        if data.keys() == expected:  # the common case: exactly the fields of its kind
            return
        missing = sorted(expected - set(data))
        if missing:
            raise LogFormatError(number, f"missing field(s) {', '.join(missing)} in {data.get('type')} line")
        unknown = sorted(set(data) - expected)
        if unknown:
            raise LogFormatError(number, f"unknown field(s) {', '.join(unknown)} in {data.get('type')} line")

    def _wrong(self, name: str, wanted: str) -> LogFormatError:
        return LogFormatError(self.number, f"field {name} must be {wanted}, found {self.data[name]!r}")

    def integer(self, name: str) -> int:
        value = self.data[name]
        # bool is an int in Python; keep them apart so `true` is not read as 1.
        if type(value) is not int:
            raise self._wrong(name, "an integer")
        return value

    def boolean(self, name: str) -> bool:
        value = self.data[name]
        if type(value) is not bool:
            raise self._wrong(name, "true or false")
        return value

    def text(self, name: str) -> str:
        value = self.data[name]
        if not isinstance(value, str):
            raise self._wrong(name, "a string")
        return value

    def optional_text(self, name: str) -> str | None:
        value = self.data[name]
        if value is not None and not isinstance(value, str):
            raise self._wrong(name, "a string or null")
        return value

    def hash(self, name: str) -> str:
        value = self.data[name]
        if not isinstance(value, str) or _HASH.fullmatch(value) is None:
            raise self._wrong(name, "64 lowercase hex digits")
        return value

    def object(self, name: str) -> dict[str, JsonValue]:
        value = self.data[name]
        if not isinstance(value, dict):
            raise self._wrong(name, "an object")
        return value

    def optional_object(self, name: str) -> dict[str, JsonValue] | None:
        value = self.data[name]
        if value is not None and not isinstance(value, dict):
            raise self._wrong(name, "an object or null")
        return value

    def objects(self, name: str) -> tuple[dict[str, JsonValue], ...]:
        value = self.data[name]
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise self._wrong(name, "a list of objects")
        return tuple(value)

    def texts(self, name: str) -> tuple[str, ...]:
        value = self.data[name]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self._wrong(name, "a list of strings")
        return tuple(value)

    def equal(self, name: str, expected: JsonValue, what: str) -> None:
        if self.data[name] != expected or type(self.data[name]) is not type(expected):
            raise LogFormatError(self.number, f"{what} {self.data[name]!r}; this reader knows {expected!r}")


_field_sets: dict[tuple[str, ...], frozenset[str]] = {}


def _field_set(names: Iterable[str]) -> frozenset[str]:
    """The set of a line kind's field names, made once per kind."""
    key = tuple(names)
    found = _field_sets.get(key)
    if found is None:
        found = _field_sets[key] = frozenset(key)
    return found


MAX_DEAL_KEY = 200  # a duplicate deal's key: "<tournament id>/round-<n>/<k>-seats" is ~60
_HEADER_FIELDS = (
    "type", "format", "format_version", "game_id", "game", "options", "seats", "players", "tag",
    "seed_commitment", "version", "events", "draws", "prev", "hash",
)  # fmt: skip
_ENTRY_FIELDS = ("type", "version", "seat", "command", "draws", "events", "prev", "hash")
_RULING_FIELDS = ("type", "version", "ruling", "seat", "by", "reason", "result", "prev", "hash")
_UPGRADE_FIELDS = ("type", "version", "from", "to", "by", "prev", "salt", "hash")
_TRAILER_FIELDS = ("type", "version", "status", "outcome", "state_hash", "seed", "prev", "hash")
# What each format adds to the lines of format 1 (the trailer is the same in both).
_HEADER_FIELDS_2 = (*_HEADER_FIELDS, "rules_version", "rng", "salt")
_ENTRY_FIELDS_2 = (*_ENTRY_FIELDS, "salt")
_HEADER_FIELDS_3 = (*_HEADER_FIELDS_2, "player_entropy")
_SEAT_FIELDS = ("type", "version", "seat", "player", "client_seed", "prev", "salt", "hash")
_DEAL_FIELDS = ("type", "version", "events", "draws", "prev", "salt", "hash")
# Format 4: a seat commits to its client seed; the deal line reveals every seat's seed.
_SEAT_FIELDS_4 = ("type", "version", "seat", "player", "client_commitment", "prev", "salt", "hash")
_DEAL_FIELDS_4 = (*_DEAL_FIELDS, "client_seeds")


def _header(number: int, data: Mapping[str, JsonValue]) -> Header:
    # Check the format before the field list, so a future format gets the clearer message.
    if data.get("format") != FORMAT:
        raise LogFormatError(number, f"unknown format {data.get('format')!r}; expected {FORMAT!r}")
    format_version = data.get("format_version")
    if type(format_version) is not int or format_version not in FORMAT_VERSIONS:
        known = " and ".join(map(str, FORMAT_VERSIONS))
        raise LogFormatError(number, f"unknown format_version {format_version!r}; this reader knows {known}")
    fields = {1: _HEADER_FIELDS, 2: _HEADER_FIELDS_2}.get(format_version, _HEADER_FIELDS_3)
    if format_version >= 2 and "deal" in data:  # only a duplicate deal's header has one
        fields = (*fields, "deal")
    if format_version >= 2 and "forked_from" in data:  # a forked game (service/core/relays/fork.py)
        fields = (*fields, "forked_from")
    if "clock" in data:  # a game with a clock (replay/clock.py)
        fields = (*fields, "clock")
    if format_version >= 2 and "takeback_policy" in data:  # a game that takes takebacks
        fields = (*fields, "takeback_policy")
    if format_version >= UNSEEN_FORMAT and "unseen" in data:  # an expanded tabletop recording
        fields = (*fields, "unseen")
    f = _Fields(number, data, fields)
    f.equal("version", 1, "the header must be version 1, found")
    commitment = f.optional_text("seed_commitment")
    if commitment is not None:
        f.hash("seed_commitment")
    seats = f.integer("seats")
    players = f.texts("players")
    if seats < 1 or len(players) != seats:
        raise LogFormatError(number, f"{seats} seat(s) but {len(players)} player name(s)")
    return Header(
        game_id=f.text("game_id"),
        game=f.text("game"),
        options=f.object("options"),
        seats=seats,
        players=players,
        tag=f.text("tag"),
        seed_commitment=commitment,
        setup_events=f.objects("events"),
        setup_draws=f.objects("draws"),
        prev=f.hash("prev"),
        hash=f.hash("hash"),
        format_version=format_version,
        rules_version=f.text("rules_version") if format_version >= 2 else None,
        rng=f.text("rng") if format_version >= 2 else None,
        salt=f.hash("salt") if format_version >= 2 else None,
        deal=_deal_key(f) if "deal" in data else None,
        forked_from=f.object("forked_from") if "forked_from" in data else None,
        takeback_policy=f.text("takeback_policy") if "takeback_policy" in data else None,
        player_entropy=f.boolean("player_entropy") if format_version >= 3 else False,
        clock=_header_clock(f) if "clock" in data else None,
        unseen=_unseen(f) if "unseen" in data else (),
    )


def _header_clock(f: _Fields) -> dict[str, JsonValue]:
    clock = f.object("clock")
    texts = all(isinstance(value, str) for value in clock.values())
    if set(clock) != {"time_control", "timeout_policy"} or not texts:
        raise f._wrong("clock", 'an object {"time_control": "...", "timeout_policy": "..."}')
    return clock


def _unseen(f: _Fields) -> tuple[str, ...]:
    """A line's `unseen`: the items it names that nobody at the table saw, each once (never empty:
    a line with none has no such field)."""
    unseen = f.data["unseen"]
    if (
        not isinstance(unseen, list)
        or not unseen
        or not all(isinstance(item, str) and item for item in unseen)
        or len(set(unseen)) != len(unseen)
    ):
        raise f._wrong("unseen", "a non-empty list of distinct item ids (non-empty strings)")
    return tuple(item for item in unseen if isinstance(item, str))


def _line_clock(f: _Fields) -> dict[str, JsonValue] | None:
    """A line's `clock`: "elapsed_ms", "left_ms" (per seat) and, for a move or a timeout, "used_ms";
    for a resume mark, "stopped_ms"."""
    if "clock" not in f.data:
        return None
    clock = f.object("clock")
    left = clock.get("left_ms")
    counts = [v for k, v in clock.items() if k != "left_ms"]
    if not (
        {"elapsed_ms", "left_ms"} <= set(clock) <= {"elapsed_ms", "used_ms", "stopped_ms", "left_ms"}
        and all(type(v) is int and v >= 0 for v in counts)
        and isinstance(left, list)
        and all(type(v) is int for v in left)
    ):
        raise f._wrong("clock", '{"elapsed_ms": n, "used_ms": n, "left_ms": [n, ...]} in whole milliseconds')
    return clock


def _seat(number: int, data: Mapping[str, JsonValue], format_version: int = 3) -> SeatLine:
    fields: tuple[str, ...] = _SEAT_FIELDS_4 if format_version >= 4 else _SEAT_FIELDS
    if "seat_key" in data:  # a seat that signs its moves (replay/seat_signatures.py)
        fields = (*fields, "seat_key")
    f = _Fields(number, data, fields)
    client_seed = commitment = None
    if format_version >= 4:
        commitment = f.optional_text("client_commitment")
        if commitment is not None:
            f.hash("client_commitment")
    else:
        client_seed = _client_seed(number, f.optional_text("client_seed"))
    return SeatLine(
        version=f.integer("version"),
        seat=f.integer("seat"),
        player=f.text("player"),
        client_seed=client_seed,
        prev=f.hash("prev"),
        hash=f.hash("hash"),
        salt=f.hash("salt"),
        format_version=format_version,
        client_commitment=commitment,
        seat_key=f.hash("seat_key") if "seat_key" in fields else None,
    )


def _client_seed(number: int, client_seed: str | None) -> str | None:
    if client_seed is not None and not 1 <= len(client_seed) <= MAX_CLIENT_SEED:
        raise LogFormatError(number, f"field client_seed must be 1 to {MAX_CLIENT_SEED} characters or null")
    return client_seed


def _deal(number: int, data: Mapping[str, JsonValue], format_version: int = 3, seats: int = 0) -> DealLine:
    f = _Fields(number, data, _DEAL_FIELDS_4 if format_version >= 4 else _DEAL_FIELDS)
    f.equal("version", 1, "the deal must be at version 1, found")
    client_seeds: tuple[str | None, ...] = ()
    if format_version >= 4:
        given = data["client_seeds"]
        if not isinstance(given, list) or len(given) != seats:
            raise LogFormatError(
                number, f"field client_seeds must be a list of {seats} item(s), one per seat"
            )
        if any(seed is not None and not isinstance(seed, str) for seed in given):
            raise LogFormatError(number, "field client_seeds must hold strings or null")
        client_seeds = tuple(
            _client_seed(number, seed) for seed in given if seed is None or isinstance(seed, str)
        )
    return DealLine(
        events=f.objects("events"),
        draws=f.objects("draws"),
        prev=f.hash("prev"),
        hash=f.hash("hash"),
        salt=f.hash("salt"),
        format_version=format_version,
        client_seeds=client_seeds,
    )


def _deal_key(f: _Fields) -> str:
    key = f.text("deal")
    if not key or len(key) > MAX_DEAL_KEY or not key.isprintable():
        raise LogFormatError(
            f.number, f"field deal must be 1-{MAX_DEAL_KEY} printable characters, found {key!r}"
        )
    return key


def _entry(number: int, data: Mapping[str, JsonValue], format_version: int) -> Entry:
    fields = _ENTRY_FIELDS if format_version == 1 else _ENTRY_FIELDS_2
    if "clock" in data:
        fields = (*fields, "clock")
    if format_version >= UNSEEN_FORMAT and "unseen" in data:  # an expanded tabletop recording
        fields = (*fields, "unseen")
    by = None
    if "by" in data:  # only an autopilot move (replay/table.py) says who played it
        fields = (*fields, "by")
        by = data["by"]
        if by != AUTOPILOT:
            raise LogFormatError(number, f"field by must be {AUTOPILOT!r} when present, found {by!r}")
    if "seat_signature" in data:  # a move its seat signed (replay/seat_signatures.py)
        fields = (*fields, "seat_signature")
    f = _Fields(number, data, fields)
    return Entry(
        by=by,
        clock=_line_clock(f),
        version=f.integer("version"),
        seat=f.integer("seat"),
        command=f.object("command"),
        draws=f.objects("draws"),
        events=f.objects("events"),
        prev=f.hash("prev"),
        hash=f.hash("hash"),
        format_version=format_version,
        salt=f.hash("salt") if format_version >= 2 else None,
        unseen=_unseen(f) if "unseen" in fields else (),
        seat_signature=_seat_signature(f) if "seat_signature" in fields else None,
    )


def _seat_signature(f: _Fields) -> dict[str, str]:
    """An entry's `seat_signature`: its command id and a 64-byte Ed25519 signature in lowercase hex."""
    given = f.object("seat_signature")
    command_id, signature = given.get("command_id"), given.get("signature")
    if (
        set(given) != {"command_id", "signature"}
        or not isinstance(command_id, str)
        or not 1 <= len(command_id) <= 128
        or not isinstance(signature, str)
        or len(signature) != 128
        or any(c not in "0123456789abcdef" for c in signature)
    ):
        raise f._wrong(
            "seat_signature", '{"command_id": "1-128 characters", "signature": "128 lowercase hex"}'
        )
    return {"command_id": command_id, "signature": signature}


def _ruling(number: int, data: Mapping[str, JsonValue], format_version: int) -> RulingLine:
    fields = _RULING_FIELDS if format_version == 1 else (*_RULING_FIELDS, "salt")
    takeback = "to_version" in data or "granted_by" in data  # only a takeback line has them
    if takeback:
        fields = (*fields, "to_version", "granted_by")
    f = _Fields(number, data, (*fields, "clock") if "clock" in data else fields)
    seat = data["seat"]
    if seat is not None and type(seat) is not int:
        raise f._wrong("seat", "an integer or null")
    result = data["result"]
    if result is not None and not (
        isinstance(result, list)
        and all(isinstance(tier, list) and all(type(s) is int for s in tier) for tier in result)
    ):
        raise f._wrong("result", "null or a list of lists of seats")
    return RulingLine(
        version=f.integer("version"),
        ruling=f.text("ruling"),
        seat=seat,
        by=f.text("by"),
        reason=f.text("reason"),
        result=None if result is None else tuple(tuple(tier) for tier in result),
        prev=f.hash("prev"),
        hash=f.hash("hash"),
        salt=f.hash("salt") if format_version >= 2 else None,
        format_version=format_version,
        clock=_line_clock(f),
        to_version=f.integer("to_version") if takeback else None,
        granted_by=_granted_by(f) if takeback else None,
    )


def _upgrade(number: int, data: Mapping[str, JsonValue], format_version: int) -> UpgradeLine:
    migrated = "events" in data  # only an upgrade with a setup migration has them
    f = _Fields(number, data, (*_UPGRADE_FIELDS, "events") if migrated else _UPGRADE_FIELDS)
    events = f.objects("events") if migrated else ()
    if migrated and not events:
        raise f._wrong("events", "a non-empty list of objects (an upgrade without a migration has none)")
    return UpgradeLine(
        version=f.integer("version"),
        from_rules=f.text("from"),
        to_rules=f.text("to"),
        by=f.text("by"),
        prev=f.hash("prev"),
        hash=f.hash("hash"),
        salt=f.hash("salt"),
        format_version=format_version,
        events=events,
    )


def _granted_by(f: _Fields) -> tuple[int, ...] | str:
    """A takeback's grant: the seats that consented, or "organiser"."""
    granted = f.data["granted_by"]
    if isinstance(granted, str):
        return granted
    if not isinstance(granted, list) or not all(type(seat) is int for seat in granted):
        raise f._wrong("granted_by", "a list of seats or a string")
    return tuple(seat for seat in granted if type(seat) is int)


def _trailer(number: int, data: Mapping[str, JsonValue], format_version: int) -> Trailer:
    f = _Fields(number, data, _TRAILER_FIELDS)
    status = f.text("status")
    if status not in _STATUSES:
        raise LogFormatError(number, f"field status must be one of {', '.join(_STATUSES)}, found {status!r}")
    seed = f.optional_text("seed")
    if seed is not None and (not seed or re.fullmatch(r"(?:[0-9a-f]{2})+", seed) is None):
        raise LogFormatError(number, f"field seed must be lowercase hex bytes or null, found {seed!r}")
    return Trailer(
        version=f.integer("version"),
        status=status,
        outcome=f.optional_object("outcome"),
        state_hash=f.hash("state_hash"),
        seed=seed,
        prev=f.hash("prev"),
        hash=f.hash("hash"),
        format_version=format_version,
    )
