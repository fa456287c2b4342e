"""Write the conformance corpus in `seeds/conformance/`: logs with the verdict any verifier must give.

    python -m tools.conformance [--out seeds/conformance]

Good logs of each game (finished, cut short, tabletop, format 1, and logs kept as older engines
recorded them) and failing logs, one per failure the verifier reports and one per kind of
forgery a re-sealer tries, each listed
in `manifest.json` with its expected verdict, code and line. The expectations are
written here from how each file is made, never read back from the verifier; a test
runs the verifier over the corpus and checks that the files are current.

Verdicts: `passed`, `failed`, `incomplete` (seeds/LOG-FORMAT.md), and `unreadable`
for a file the reader refuses (code `MALFORMED_LINE`; `frontier audit` exits 2).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from engines.base import Engine
from engines.registry import get_engine
from engines.rng import SeededRng
from engines.simulate import playout
from replay.entropy import client_commitment, seat_salt_4
from replay.forgeries import PlainRecord, Record, cut_trailer, plain, reroll, reseal
from replay.logfile import write_lines
from replay.record import FORMAT_VERSION, DealLine, Entry, SeatLine, line_salt, mixed_seed, seat_salt
from replay.trust.checkpoint import sign
from replay.trust.keys import SigningKey, load_signing_key
from replay.trust.signed_log import line_hashes
from replay.trust.signer import SAMPLES
from replay.verify import build_record, steps
from tools.checkpoint_cases import checkpoint_cases, proof_files
from tools.clock_cases import clock_cases
from tools.corpus_seeds import corpus_game_id, corpus_seed
from tools.draw_cases import draw_cases
from tools.fork_cases import fork_cases
from tools.kept_cases import kept_cases
from tools.log_cases import log_files
from tools.signed_cases import signed_cases
from tools.unseen_cases import unseen_cases
from tools.upgrade_cases import upgrade_cases

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "seeds" / "conformance"
SAMPLE_KEY = Path(__file__).resolve().parent.parent / "seeds" / "keys" / "samples.pem"
# A forger's key: made from a fixed seed so the corpus regenerates byte for byte.
FORGER = SigningKey(
    Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"a forger's key").digest()), signer="a forger"
)
GAMES = ("deadwood-1876", "most-wanted", "western-legends")
LEAN = {"western-legends": 0.7}  # as tools.samples: a uniform bot wanders until the round cap
CUT = 10  # entries kept in the logs cut short


@dataclass(frozen=True)
class Case:
    """One corpus file and what every conforming verifier must say about it."""

    file: str
    verdict: str  # passed | failed | incomplete | unreadable
    code: str | None
    line: int | None
    about: str
    content: bytes
    # What the checkpoint says when checked with the sample key (seeds/keys/samples.pub):
    # verified | invalid | unsigned | untrusted; None for a file the reader refuses.
    signature: str | None = "verified"
    signature_code: str | None = None

    def manifest(self) -> dict[str, object]:
        return {
            "file": self.file,
            "verdict": self.verdict,
            "code": self.code,
            "line": self.line,
            "signature": self.signature,
            "signature_code": self.signature_code,
            "about": self.about,
        }


def _two_bots(
    engine: Engine, seed: bytes, game_id: str, options: dict[str, Any], cut: int | None
) -> list[Any]:
    """The steps two bots play, drawing from `seed`; `cut` stops after that many commands."""
    played = []
    for step in playout(
        engine, 2, seed=seed, game_id=game_id, options=options, bot_seed=2, lean=LEAN.get(engine.game_id, 0.0)
    ):
        played.append(step)
        if cut is not None and len(played) > cut:
            break
    return played


@cache
def game_record(
    game: str, *, format_version: int = FORMAT_VERSION, cut: int | None = None, reveal: bool | None = None
) -> PlainRecord:
    """A bot game of `game` with two seats, sealed; `cut` stops it after that many commands
    (`reveal` shows the seed of a game cut short, for forgeries that need it and a short file)."""
    name = f"{game}-f{format_version}"
    seed = corpus_seed(name)
    game_id = corpus_game_id(name)
    engine = get_engine(game)
    options = engine.options({})
    played = _two_bots(engine, seed, game_id, options, cut)
    players = ["Outlaw 1", "Outlaw 2"]
    return plain(
        build_record(
            game_id,
            game,
            options,
            2,
            players,
            "conformance",
            seed,
            played,
            format_version=format_version,
            reveal_seed=reveal,
        )
    )


DEAL = "conformance-cup/round-1/2-seats"  # the duplicate deal both tables of the good pair share


@cache
def deal_record(table: int) -> Record:
    """Table `table` of a duplicate deal: the deal's seed and key, its own game id and play."""
    name = f"most-wanted-deal-table-{table}"
    game_id = corpus_game_id(name)
    engine = get_engine("most-wanted")
    options = engine.options({})
    seed = corpus_seed("most-wanted-deal")
    # The generator is keyed by the deal, not the game id: playout's game_id is the deal key.
    played = list(playout(engine, 2, seed=seed, game_id=DEAL, options=options, bot_seed=table))
    players = [f"Table {table} seat 1", f"Table {table} seat 2"]
    return build_record(game_id, "most-wanted", options, 2, players, "conformance", seed, played, deal=DEAL)


def deal_cases() -> list[Case]:
    """A good duplicate pair, and forgeries of the deal key (re-keyed or dropped, re-sealed)."""
    cases = [
        Case(
            f"good/most-wanted-deal-table-{table}.jsonl",
            "passed",
            None,
            None,
            f"table {table} of a duplicate deal: header `deal` keys the generator; "
            "both tables share the seed commitment and the setup",
            text(deal_record(table)),
        )
        for table in (1, 2)
    ]
    header, entries, trailer = deal_record(1)
    for name, deal, about in (
        ("deal-key-changed", "conformance-cup/round-2/2-seats", "the deal key changed and every hash redone"),
        ("deal-key-dropped", None, "the deal key removed (the game id keys the draws) and every hash redone"),
    ):
        forged = reseal(replace(header, deal=deal), entries, trailer)
        cases.append(Case(f"fail/{name}.jsonl", "failed", "DRAW_DIFFERS", 1, about, text(forged)))
    return cases


def text(record: Record, *, signed_over: Record | None = None, key: SigningKey | None = None) -> bytes:
    """The log's lines, closed by a checkpoint signed with the published sample key.

    `signed_over` signs another record's lines instead (a checkpoint that no longer fits the
    edited log); `key` signs with another key. Forgeries that re-seal every hash are re-signed
    too, so that each file isolates one check of the rules; the checkpoint has cases of its own.
    """
    header, entries, trailer = signed_over or record
    checkpoint = sign(
        key or sample_key(), header.game_id, line_hashes(header, entries), imported=False, trailer=trailer
    )
    return unsigned_text(record) + (checkpoint.to_line() + "\n").encode()


def unsigned_text(record: Record) -> bytes:
    return "".join(line + "\n" for line in write_lines(*record)).encode()


@cache
def sample_key() -> SigningKey:
    return replace(load_signing_key(SAMPLE_KEY), signer=SAMPLES)


def line_of(index: int) -> int:
    """The file line of entries[index]: the header is line 1."""
    return index + 2


def trailer_line(record: Record) -> int:
    return len(record[1]) + 2


# -- the cases ---------------------------------------------------------------------------------


def good_cases() -> list[Case]:
    cases = []
    for game in GAMES:
        cases.append(
            Case(
                f"good/{game}-finished.jsonl",
                "passed",
                None,
                None,
                f"a finished {game} game, seed revealed",
                text(game_record(game)),
            )
        )
        cut = cut_trailer(game_record(game, cut=CUT))
        cases.append(
            Case(
                f"good/{game}-no-trailer.jsonl",
                "incomplete",
                None,
                None,
                "a game still being written: no trailer",
                text(cut),
            )
        )
    in_progress = game_record("deadwood-1876", cut=CUT)
    cases.append(
        Case(
            "good/deadwood-1876-in-progress.jsonl",
            "incomplete",
            None,
            None,
            "an in_progress trailer, seed not revealed",
            text(in_progress),
        )
    )
    header, entries, trailer = game_record("deadwood-1876")
    assert trailer is not None
    tabletop = reseal(
        replace(header, seed_commitment=None),
        [
            replace(e, salt=line_salt(b"any salt the writer chose", header.game_id, e.version))
            for e in entries
        ],
        replace(trailer, seed=None),
    )
    cases.append(
        Case(
            "good/deadwood-1876-tabletop.jsonl",
            "passed",
            None,
            None,
            "a tabletop log: no seed; outcomes as observed; salts the writer's own",
            text(tabletop),
        )
    )
    cases.append(
        Case(
            "good/deadwood-1876-format-1.jsonl",
            "passed",
            None,
            None,
            "a finished game in format 1 (json.dumps hashes, no salts)",
            text(game_record("deadwood-1876", format_version=1)),
        )
    )
    return cases


def failing_cases() -> list[Case]:
    base = game_record("deadwood-1876")
    header, entries, trailer = base
    assert trailer is not None
    last = trailer_line(base)
    cases: list[Case] = []

    def add(name: str, record: Record, code: str, line: int, about: str, verdict: str = "failed") -> None:
        cases.append(Case(f"fail/{name}.jsonl", verdict, code, line, about, text(record)))

    stale = list(entries)
    stale[3] = replace(stale[3], seat=1 - stale[3].seat)  # hash left as it was
    add(
        "broken-chain-edited",
        (header, stale, trailer),
        "BROKEN_CHAIN",
        line_of(3),
        "a line edited after sealing, hashes not redone",
    )
    unlinked = list(entries)
    unlinked[4] = replace(unlinked[4], prev="ab" * 32).sealed()
    add(
        "broken-chain-prev",
        (header, unlinked, trailer),
        "BROKEN_CHAIN",
        line_of(4),
        "a line whose prev does not link to the line before",
    )
    wrong_seed = replace(trailer, seed=corpus_seed("another").hex())
    add(
        "seed-mismatch",
        reseal(header, entries, wrong_seed),
        "SEED_MISMATCH",
        last,
        "the revealed seed does not match the commitment",
    )
    add(
        "seed-withheld",
        reseal(header, entries, replace(trailer, seed=None)),
        "SEED_WITHHELD",
        last,
        "finished, but the seed is withheld",
    )
    salted = list(entries)
    salted[5] = replace(salted[5], salt="cd" * 32)
    add(
        "salt-differs",
        reseal(header, salted, trailer),
        "SALT_DIFFERS",
        line_of(5),
        "a salt the revealed seed does not derive",
    )
    add(
        "salt-differs-header",
        reseal(replace(header, salt="cd" * 32), entries, trailer),
        "SALT_DIFFERS",
        1,
        "the header's salt is not the seed's",
    )
    forged, index = reroll(base)
    assert forged[2] is not None
    add(
        "reroll-seed-withheld",
        forged,
        "SEED_WITHHELD",
        trailer_line(forged),
        "a die re-rolled, the game re-played by the rules, every hash re-sealed, the seed withheld",
    )
    shown = reseal(forged[0], forged[1], replace(forged[2], seed=trailer.seed))
    add(
        "reroll-seed-shown",
        shown,
        "DRAW_DIFFERS",
        line_of(index),
        "the same forgery with the seed revealed: the edited roll is named",
    )
    cases.append(
        Case(
            "fail/trailer-cut.jsonl",
            "incomplete",
            None,
            None,
            "the trailer cut off; never a finished game",
            text(cut_trailer(base)),
        )
    )
    swapped = reseal(replace(header, players=tuple(reversed(header.players))), entries, trailer)
    cases.append(
        Case(
            "fail/names-swapped.jsonl",
            "passed",
            None,
            None,
            "player names swapped and re-sealed. The rules cannot see this; "
            "the server's checkpoint no longer fits the re-sealed lines",
            text(swapped, signed_over=base),
            "invalid",
            "CHECKPOINT_HEADER_DIFFERS",
        )
    )
    cases.append(
        Case(
            "fail/names-swapped-resigned.jsonl",
            "passed",
            None,
            None,
            "names swapped again, re-signed with the forger's own key: not the server's key",
            text(swapped, key=FORGER),
            "untrusted",
            "UNTRUSTED_KEY",
        )
    )
    cases.append(
        Case(
            "fail/names-swapped-unsigned.jsonl",
            "passed",
            None,
            None,
            "names swapped again, checkpoint stripped: nothing binds the log to a server",
            unsigned_text(swapped),
            "unsigned",
            "UNSIGNED",
        )
    )
    more = list(entries)
    more[6] = replace(more[6], events=(*more[6].events, more[6].events[-1]))
    add(
        "events-differ",
        reseal(header, more, trailer),
        "EVENTS_DIFFER",
        line_of(6),
        "an event added to a line, re-sealed",
    )
    spelled, line = _number_as_boolean(entries)
    add(
        "event-number-as-boolean",
        reseal(header, spelled, trailer),
        "EVENTS_DIFFER",
        line_of(line),
        "an event's number 0 or 1 spelled false or true (equal in Python, not in JSON), re-sealed",
    )
    index, seat = _not_to_act(base)
    moved = list(entries)
    moved[index] = replace(moved[index], seat=seat)
    add(
        "not-to-act",
        reseal(header, moved, trailer),
        "NOT_TO_ACT",
        line_of(index),
        "a command from a seat the game was not waiting for",
    )
    seed = bytes.fromhex(str(trailer.seed))
    # The last command again, its draws (if any) the seed's for the new version: only the rules object.
    again = SeededRng(seed, header.game_id, entries[-1].version)
    extra = replace(
        entries[-1],
        version=entries[-1].version + 1,
        draws=tuple(again.rederive(d) or d for d in entries[-1].draws),
        salt=line_salt(seed, header.game_id, entries[-1].version + 1),
    )
    over = reseal(header, [*entries, extra], replace(trailer, version=extra.version))
    add("game-over", over, "GAME_OVER", line_of(len(entries)), "a command after the game was over")
    bad = list(entries)
    bad[2] = replace(bad[2], command={"kind": "draw_six_shooter", "v": 1})
    add(
        "bad-command",
        reseal(header, bad, trailer),
        "BAD_COMMAND",
        line_of(2),
        "a command the game does not know",
    )
    outcome = dict(trailer.outcome or {})
    outcome["scores"] = [score + 1 for score in outcome["scores"]]
    add(
        "outcome-differs",
        reseal(header, entries, replace(trailer, outcome=outcome)),
        "OUTCOME_DIFFERS",
        last,
        "the trailer's scores are not the rules'",
    )
    add(
        "status-differs",
        reseal(header, entries, replace(trailer, status="in_progress")),
        "STATUS_DIFFERS",
        last,
        "the result is right but the status says in_progress",
    )
    add(
        "state-hash-differs",
        reseal(header, entries, replace(trailer, state_hash="0" * 64)),
        "STATE_HASH_DIFFERS",
        last,
        "the final state hash is not the replay's",
    )
    add(
        "unknown-game",
        reseal(replace(header, game="poker"), entries, trailer),
        "UNKNOWN_GAME",
        1,
        "a game this verifier does not have",
    )
    add(
        "bad-seats",
        reseal(replace(header, seats=1, players=("Outlaw 1",)), entries, trailer),
        "BAD_SEATS",
        1,
        "one seat for a game of two to nine",
    )
    add(
        "bad-options",
        reseal(replace(header, options={**header.options, "no_such_option": 1}), entries, trailer),
        "BAD_OPTIONS",
        1,
        "an option the game does not have",
    )
    add(
        "no-commitment",
        reseal(replace(header, seed_commitment=None), entries, trailer),
        "NO_COMMITMENT",
        last,
        "a seed revealed for a header that commits to none",
    )
    add(
        "unknown-rng",
        reseal(replace(header, rng="mt19937"), entries, trailer),
        "UNKNOWN_RNG",
        1,
        "a random generator this verifier does not have",
    )
    add(
        "unknown-rules-version",
        reseal(replace(header, rules_version="deadwood-1876/0"), entries, trailer),
        "UNKNOWN_RULES_VERSION",
        1,
        "a rules version this verifier does not know: never re-run under rules it guesses",
    )
    index = _first_roll(entries)
    table = list(entries)
    table[index] = replace(
        table[index],
        draws=tuple({**d, "value": 9} if d["op"] == "randint" else d for d in table[index].draws),
    )
    impossible = reseal(replace(header, seed_commitment=None), table, replace(trailer, seed=None))
    add("impossible-outcome", impossible, "IMPOSSIBLE_OUTCOME", line_of(index), "a tabletop die showing 9")
    return cases


def _number_as_boolean(entries: Sequence[Entry]) -> tuple[list[Entry], int]:
    """The entries with the first event field holding 0 or 1 spelled as a boolean, and its index."""
    for index, entry in enumerate(entries):
        for position, event in enumerate(entry.events):
            for name, value in event.items():
                if name != "v" and type(value) is int and value in (0, 1):
                    events = list(entry.events)
                    events[position] = {**event, name: bool(value)}
                    edited = list(entries)
                    edited[index] = replace(entry, events=tuple(events))
                    return edited, index
    raise ValueError("no event holds a 0 or 1")


def _not_to_act(record: Record) -> tuple[int, int]:
    """The first entry (from the third) where one seat alone is to act, and the other seat."""
    header, entries, _ = record
    engine = get_engine(header.game)
    for index, step in enumerate(steps(header, entries[:-1])):
        waiting = engine.seats_to_act(step.state)
        if index >= 2 and len(waiting) == 1:
            return index, 1 - waiting[0]
    raise AssertionError("no entry with a single seat to act")


def _first_roll(entries: Sequence[Entry]) -> int:
    return next(i for i, e in enumerate(entries) if any(d["op"] == "randint" for d in e.draws))


def malformed_cases() -> list[Case]:
    """Files the reader must refuse, each naming its line (verdict `unreadable`)."""
    good = unsigned_text(game_record("deadwood-1876"))  # the reader's own cases: no checkpoint needed
    lines = good.split(b"\n")
    entry = json.loads(lines[2])

    def with_line(number: int, line: bytes) -> bytes:
        changed = list(lines)
        changed[number - 1] = line
        return b"\n".join(changed)

    def seat_as(spelling: str) -> bytes:
        return lines[2].replace(f'"seat":{entry["seat"]}'.encode(), f'"seat":{spelling}'.encode(), 1)

    removed = [*lines[:4], *lines[5:]]
    after = [*lines[:-1], lines[3], b""]
    trailer_at = next(n for n, line in enumerate(lines) if b'"type":"trailer"' in line)
    empty_seed = re.sub(rb'"seed":"[0-9a-f]+"', b'"seed":""', lines[trailer_at], count=1)
    redacted = json.loads(lines[0])
    redacted.update(salt=None, redacted_for=0)
    made: list[tuple[str, bytes, int, str]] = [
        (
            "not-utf8",
            with_line(3, lines[2][:40] + b"\xff\xfe" + lines[2][40:]),
            3,
            "bytes that are not UTF-8",
        ),
        ("bom", b"\xef\xbb\xbf" + good, 1, "a byte-order mark before the header"),
        ("deep-nesting", with_line(3, b"[" * 5000 + b"]" * 5000), 3, "arrays nested 5000 deep"),
        (
            "deep-objects",
            with_line(3, b'{"a":' * 40 + b"1" + b"}" * 40),
            3,
            "objects nested 40 deep (the limit is 32)",
        ),
        ("huge-integer", with_line(3, seat_as("9" * 5000)), 3, "an integer of 5000 digits"),
        ("unsafe-integer", with_line(3, seat_as(str(2**53))), 3, "an integer beyond 2**53 - 1"),
        ("fraction", with_line(3, seat_as("0.5")), 3, "a number with a fraction"),
        ("nan", with_line(3, seat_as("NaN")), 3, "NaN"),
        ("infinity", with_line(3, seat_as("Infinity")), 3, "Infinity"),
        ("duplicate-key", with_line(3, b'{"seat":0,' + lines[2][1:]), 3, "a key twice in one object"),
        (
            "lone-surrogate",
            with_line(3, lines[2].replace(b'"entry"', b'"entry\\ud800"', 1)),
            3,
            "a lone \\ud800 escape",
        ),
        ("not-json", with_line(4, lines[3][:-9]), 4, "a line cut mid-object"),
        ("not-an-object", with_line(4, b"[1,2,3]"), 4, "a line that is not an object"),
        (
            "unknown-field",
            with_line(3, b'{"colour":"red",' + lines[2][1:]),
            3,
            "a field format 5 does not have",
        ),
        (
            "missing-field",
            with_line(3, lines[2].replace(b'"salt":', b'"slat":', 1)),
            3,
            "the salt field missing",
        ),
        ("line-removed", b"\n".join(removed), 5, "a line removed: versions skip"),
        ("line-after-trailer", b"\n".join(after), len(lines), "a line after the trailer"),
        (
            "unknown-format-version",
            with_line(1, lines[0].replace(b'"format_version":5', b'"format_version":6', 1)),
            1,
            "a format this reader does not know",
        ),
        (
            "redacted-export",
            with_line(1, json.dumps(redacted).encode()),
            1,
            "a redacted export (hidden values removed) is for reading only",
        ),
        ("empty", b"", 1, "an empty file"),
        ("empty-seed", with_line(trailer_at + 1, empty_seed), trailer_at + 1, "a revealed seed of no bytes"),
    ]
    return [
        Case(f"unreadable/{name}.jsonl", "unreadable", "MALFORMED_LINE", line, about, content, None)
        for name, content, line, about in made
    ]


def all_cases() -> list[Case]:
    forks = fork_cases(game_record("most-wanted"), text, Case)  # tools/fork_cases.py
    signed = checkpoint_cases(seated_record("most-wanted", entropy=False), text, Case)  # checkpoint_cases.py
    entropy_5 = seated_record("most-wanted", entropy=True, format_version=5)
    dealt_5 = seated_record("most-wanted", entropy=True, format_version=5, cut=0, reveal=True)
    return [
        *good_cases(),
        *failing_cases(),
        *seat_cases(),
        *reveal_cases(),
        *malformed_cases(),
        *deal_cases(),
        # tools/draw_cases.py: short games, seed revealed
        *draw_cases(
            game_record("western-legends", cut=CUT, reveal=True), entropy_5, dealt_5, line_of, text, Case
        ),
        *forks,
        *signed,
        *upgrade_cases(text, Case),  # tools/upgrade_cases.py
        *clock_cases(text, Case),  # tools/clock_cases.py: a clocked game and its resume line
        # tools/unseen_cases.py: items an expanded tabletop recording names that nobody saw
        *unseen_cases(
            game_record("most-wanted", cut=CUT, reveal=True),
            game_record("most-wanted", format_version=1, cut=CUT),
            line_of,
            text,
            Case,
        ),
        # tools/signed_cases.py: moves signed by a seat that claimed with a key
        *signed_cases(seated_record("most-wanted", entropy=False, format_version=5), text, Case),
        *kept_cases(DEFAULT_OUT, Case),  # tools/kept_cases.py: recorded by older engines, never regenerated
    ]


# -- format 3: seat lines and player entropy -------------------------------------------------

LATE = "Bea"  # the name claimed for seat 2 after creation
CLIENT_SEED = "bea's client seed"


@cache
def seated_record(
    game: str, *, entropy: bool, cut: int | None = None, format_version: int = 3, reveal: bool | None = None
) -> Record:
    """A two-seat bot game (format 3) whose seat 2 was claimed after creation by Bea.

    With `entropy` the deal waited for her client seed: the header deals nothing, her seat line
    carries the client seed, a deal line follows, and every draw comes from the mixed seed.
    """
    name = f"{game}-f{format_version}-{'entropy' if entropy else 'seat'}"
    seed = corpus_seed(name)
    game_id = corpus_game_id(name)
    engine = get_engine(game)
    # A short game keeps the corpus readable: the seat-line cases need an end, not a long one.
    options = engine.options({"max_turns": 12} if game == "most-wanted" else {})
    client_seed = CLIENT_SEED if entropy else None
    drawing = mixed_seed(seed, [None, client_seed]) if entropy else seed
    played = _two_bots(engine, drawing, game_id, options, cut)
    return build_record(
        game_id,
        game,
        options,
        2,
        ["Outlaw 1", ""],
        "conformance",
        seed,
        played,
        format_version=format_version,
        claims=[(1, LATE, client_seed)],
        player_entropy=entropy,
        reveal_seed=reveal,
    )


def seat_cases() -> list[Case]:
    """Good logs with seat lines and a player-entropy game; each seat-line forgery and failure code."""
    seated = seated_record("most-wanted", entropy=False)
    entropy = seated_record("deadwood-1876", entropy=True)
    cases = [
        Case(
            "good/most-wanted-seat-line.jsonl",
            "passed",
            None,
            None,
            "format 3: seat 2 claimed after creation; the name is in its seat line (line 2)",
            text(seated),
        ),
        Case(
            "good/deadwood-1876-player-entropy.jsonl",
            "passed",
            None,
            None,
            "format 3, player entropy: a seat line with a client seed, then the deal from the mixed seed",
            text(entropy),
        ),
    ]
    header, lines, _ = entropy
    # Bea's seat line only, in a three-seat game: seat 3 is still open, so nothing is dealt.
    open_header = replace(header, seats=3, players=("Outlaw 1", "", ""))
    cases.append(
        Case(
            "good/deadwood-1876-waiting.jsonl",
            "incomplete",
            None,
            None,
            "a player-entropy game still waiting for seat 3: nothing dealt, no trailer",
            text(reseal(open_header, lines[:1], None)),
        )
    )

    def add(name: str, record: Record, code: str, line: int, about: str) -> None:
        cases.append(Case(f"fail/{name}.jsonl", "failed", code, line, about, text(record)))

    def seat_edit(record: Record, **changes: Any) -> Record:
        head, body, trailer = record
        edited = [replace(line, **changes) if isinstance(line, SeatLine) else line for line in body]
        return reseal(head, edited, trailer)

    add(
        "seat-renamed",
        seat_edit(seated, player="Mallory"),
        "SEAT_ALTERED",
        2,
        "the name in a seat line changed and every hash re-sealed: the win credited to another name",
    )
    add(
        "client-seed-altered",
        seat_edit(entropy, client_seed="a seed chosen later"),
        "SEAT_ALTERED",
        2,
        "a client seed changed and every hash re-sealed",
    )
    head, body, trailer = entropy
    add(
        "seat-line-removed",
        reseal(head, [line for line in body if not isinstance(line, SeatLine)], trailer),
        "SEATS_OPEN",
        2,
        "a player-entropy game's seat line removed, re-sealed: the deal comes with a seat open",
    )
    add(
        "not-dealt",
        reseal(head, [line for line in body if not isinstance(line, DealLine)], trailer),
        "NOT_DEALT",
        3,
        "a player-entropy game's deal line removed: a command before the deal",
    )
    add(
        "missing-client-seed",
        seat_edit(entropy, client_seed=None),
        "MISSING_CLIENT_SEED",
        2,
        "a player-entropy game's seat taken without a client seed",
    )
    seed = corpus_seed("most-wanted-f3-seat")
    game_id = seated[0].game_id

    def resalted(record: Record, player: str, client_seed: str | None, seat: int = 1) -> Record:
        return seat_edit(
            record,
            seat=seat,
            player=player,
            client_seed=client_seed,
            salt=seat_salt(seed, game_id, seat, player, client_seed),
        )

    add(
        "unexpected-client-seed",
        resalted(seated, LATE, "a seed nobody asked for"),
        "UNEXPECTED_CLIENT_SEED",
        2,
        "a client seed in a game dealt at creation",
    )
    add(
        "seat-taken",
        resalted(seated, LATE, None, seat=0),
        "SEAT_TAKEN",
        2,
        "a seat line for a seat named at creation",
    )
    add("bad-seat", resalted(seated, LATE, None, seat=2), "BAD_SEAT", 2, "a seat line for seat 3 of two")
    head, body, trailer = seated
    deal = DealLine(events=(), draws=(), prev="", salt="0" * 64, format_version=3)
    add(
        "unexpected-deal",
        reseal(head, [body[0], deal, *body[1:]], trailer),
        "UNEXPECTED_DEAL",
        3,
        "a deal line in a game dealt at creation",
    )
    return cases


# -- format 4: commit, then reveal -----------------------------------------------------------


def reveal_cases() -> list[Case]:
    """A format-4 player-entropy game (Bea commits at her seat line, reveals in the deal line) and
    each way its reveal can be forged: the seed edited, the commitment edited, the reveal dropped."""
    entropy = seated_record("most-wanted", entropy=True, format_version=4)
    # The forgeries need only the deal: the same game stopped there, its seed revealed (a short file).
    header, lines, trailer = seated_record("most-wanted", entropy=True, format_version=4, cut=0, reveal=True)
    seat_line, deal_line = lines[0], lines[1]
    assert isinstance(seat_line, SeatLine) and isinstance(deal_line, DealLine)
    cases = [
        Case(
            "good/most-wanted-commit-reveal.jsonl",
            "passed",
            None,
            None,
            "format 4, player entropy: seat 2 commits to its client seed (line 2), the deal line "
            "reveals it (line 3) and the deal is drawn from the mixed seed",
            text(entropy),
        ),
        Case(
            "good/most-wanted-committed-not-revealed.jsonl",
            "incomplete",
            None,
            None,
            "format 4: every seat committed, no deal line yet (the seats' reveals are awaited)",
            text(reseal(header, lines[:1], None)),
        ),
    ]

    def add(name: str, body: Sequence[Any], code: str, line: int, about: str) -> None:
        forged = reseal(header, list(body), trailer)
        cases.append(Case(f"fail/{name}.jsonl", "failed", code, line, about, text(forged)))

    def dealt(*seeds: str | None) -> DealLine:
        return replace(deal_line, client_seeds=seeds)

    rest = lines[2:]
    add(
        "reveal-seed-edited",
        [seat_line, dealt(None, "a seed chosen after the commitments"), *rest],
        "SEED_REVEAL_DIFFERS",
        3,
        "format 4: the revealed client seed in the deal line edited and every hash re-sealed",
    )
    other = client_commitment("a seed chosen after the commitments")
    add(
        "commitment-edited",
        [replace(seat_line, client_commitment=other), deal_line, *rest],
        "SEAT_ALTERED",
        2,
        "format 4: the commitment in a seat line edited and every hash re-sealed (the salt not)",
    )
    seed = corpus_seed("most-wanted-f4-entropy")
    resalted = replace(
        seat_line, client_commitment=other, salt=seat_salt_4(seed, header.game_id, 1, LATE, other)
    )
    add(
        "commitment-edited-resalted",
        [resalted, deal_line, *rest],
        "SEED_REVEAL_DIFFERS",
        3,
        "format 4: a seat line's commitment edited with its salt recomputed from the revealed seed: "
        "the deal line's seed no longer matches it",
    )
    add(
        "reveal-missing",
        [seat_line, dealt(None, None), *rest],
        "REVEAL_MISSING",
        3,
        "format 4: the deal line leaves out a committed seat's client seed",
    )
    add(
        "unexpected-reveal",
        [seat_line, dealt("a seed for the seat named at creation", CLIENT_SEED), *rest],
        "UNEXPECTED_REVEAL",
        3,
        "format 4: the deal line gives a client seed for a seat taken at creation, which committed to none",
    )
    add(
        "missing-client-commitment",
        [replace(seat_line, client_commitment=None), deal_line, *rest],
        "MISSING_CLIENT_SEED",
        2,
        "format 4: a player-entropy game's seat taken without a client commitment",
    )
    return cases


def corpus_files(cases: Sequence[Case]) -> dict[str, bytes]:
    """Every file of the corpus (the manifest included), by path under the corpus folder."""
    files = {case.file: case.content for case in cases}
    manifest = [case.manifest() for case in cases]
    files["manifest.json"] = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()
    files["README.md"] = _readme(cases).encode()
    files.update(proof_files(game_record("deadwood-1876"), sample_key()))  # tools/checkpoint_cases.py
    files.update(log_files(sample_key()))  # tools/log_cases.py
    return files


def _readme(cases: Sequence[Case]) -> str:
    rows = [
        f"| `{c.file}` | {c.verdict} | {f'`{c.code}`' if c.code else '—'} | {c.line or '—'} "
        f"| {c.signature or '—'}{f' (`{c.signature_code}`)' if c.signature_code else ''} | {c.about} |"
        for c in cases
    ]
    return "\n".join(
        [
            "# Conformance corpus",
            "",
            "Match logs with the verdict, code and line every verifier of",
            "[`../LOG-FORMAT.md`](../LOG-FORMAT.md) must give; the same list is in `manifest.json`.",
            "Verdict `unreadable` means the reader refuses the file at that line (code `MALFORMED_LINE`).",
            "Signature is what the closing checkpoint ([`../CHECKPOINT-FORMAT.md`](../CHECKPOINT-FORMAT.md))",
            "gives when checked with the published sample key `../keys/samples.pub`; `frontier audit",
            "--key seeds/keys/samples.pub FILE` exits 0 passed, 1 failed (rules or an invalid signature),",
            "2 unreadable, 3 incomplete, 4 unsigned or signed by a key not trusted.",
            "Generated by `python -m tools.conformance`; `tests/replay/test_conformance.py` runs",
            "the verifier and `frontier audit` over every file and checks the corpus is current.",
            "Inclusion proofs a verifier must judge are in [`proofs/`](proofs/README.md); service logs a",
            "monitor or witness must judge in [`log/`](log/README.md).",
            "",
            "| file | verdict | code | line | signature | what |",
            "| --- | --- | --- | --- | --- | --- |",
            *rows,
            "",
        ]
    )


def main(argv: Sequence[str] | None = None, *, make: Callable[[], list[Case]] = all_cases) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder to write into")
    args = parser.parse_args(argv)
    for name, content in corpus_files(make()).items():
        path = args.out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
