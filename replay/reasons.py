"""The service's reasons: the closed vocabulary of `google.rpc.ErrorInfo.reason` a client branches on.

Every refusal the service raises names one member; `python -m tools.reasons` lists them in
docs/reasons.md, with the statuses each is raised under. It lives on the record's floor because the
record's own refusals (a ruling or takeback `RulingRefused`, replay/table.py) are reasons too.

Two other vocabularies pass through `reason` unchanged and are not members: an engine's rule codes
(per game, from `RuleViolation`) and a recording's problem codes (a relayed line the table refuses).
A member's value is its name and never changes once released: clients match on it. A new reason is
a member with its meaning, raised somewhere, then `python -m tools.reasons` (tests/test_reasons.py
fails on a member no raise site names, and on a reason spelled as a string literal).
"""

from __future__ import annotations

import enum
from typing import Any, Self


class _NamedByMeaning(enum.EnumType):
    """Lets a member be declared by its meaning alone: its value is its own name."""

    def __new__(metacls, cls: str, bases: tuple[type, ...], classdict: Any, **kwds: Any) -> _NamedByMeaning:
        for name, meaning in list(classdict.items()):
            if isinstance(meaning, str) and not name.startswith("_"):
                # a plain dict write: the enum's own refuses a second value for a member's name
                dict.__setitem__(classdict, name, (name, meaning))
        return super().__new__(metacls, cls, bases, classdict, **kwds)


class Reason(enum.StrEnum, metaclass=_NamedByMeaning):
    """One reason a request is refused, with a line saying what it means."""

    meaning: str

    def __new__(cls, value: str, meaning: str) -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.meaning = meaning
        return member

    ALREADY_NEWEST = "the game is played under its engine's newest rules already"
    ALREADY_OUT = "the seat named has left the game already"
    AUDIT_NOT_ALLOWED = "a game in progress is audited by the organiser only"
    BAD_AUTHORIZATION = "an authorization that is not one `Bearer <token>`, or two tokens that differ"
    BAD_CLIENT_COMMITMENT = "the client seed commitment is not 64 lowercase hex digits"
    BAD_CLIENT_SEED = "the client seed is missing or of the wrong length"
    BAD_DELAY = "a spectator delay outside the allowed seconds"
    BAD_CURSOR = "an event stream cursor ahead of everything the store holds"
    BAD_FOLLOW_SCOPE = "an event stream asked for other than one tournament, one player or seat tokens"
    BAD_FORMAT = "an unknown tournament format"
    BAD_GAME_ID = "a game id that is not a UUID"
    BAD_IDEMPOTENCY_KEY = "an idempotency key of the wrong length or alphabet"
    BAD_INVITATION = "an invitation code that the organiser never issued, or that has been used"
    BAD_JOIN_DEADLINE = "a join deadline outside the allowed seconds"
    BAD_LADDER_ID = "a ladder id that is not a UUID"
    BAD_NAME = "a tournament name that is empty or too long"
    BAD_NUMBER = "a web query parameter that is not a whole number"
    BAD_OPTION = "a table option the game does not know or a value it does not take"
    BAD_PAGE_SIZE = "a page size outside 1 to 1000"
    BAD_PAGE_TOKEN = "a page token this server did not give"
    BAD_PERIOD = "a ladder's inactivity period that is not a whole number of seconds from 1 to 10 years"
    BAD_PLAYER = "a tournament player whose name is empty or too long"
    BAD_PLAYER_ID = "a player id that is not a UUID"
    BAD_PLAYER_SIGNATURE = "a seat claim as a registered player whose signature is not that player's key's"
    BAD_PUBLIC_KEY = "a player's public key that is not 32 bytes of Ed25519 key in hex"
    BAD_RESULT = "an adjudication without a valid ranking of the seats"
    BAD_ROUNDS = "a number of tournament rounds outside the allowed range"
    BAD_RULING = "a ruling made by someone who may not make it, or with fields it does not take"
    BAD_SEAT = "a seat number the game does not have"
    BAD_SEAT_COUNT = "a number of seats the game cannot be played with"
    BAD_SEAT_SIGNATURE = (
        "a key-holding seat's command without its valid signature, or signed by a seat with no key"
    )
    BAD_STATUS = "a game status filter other than waiting, in_progress or finished"
    BAD_TABLE_SIZE = "a tournament table size the game cannot be played with"
    BAD_TAKEBACK_POLICY = "an unknown takeback policy"
    BAD_TIMEOUT_POLICY = "an unknown timeout policy, or one without a clock"
    BAD_TIME_CONTROL = "a time control that cannot be read or is out of range"
    BAD_TOURNAMENT_ID = "a tournament id that is not a UUID"
    BAD_TO_VERSION = "a takeback to a version that is not an earlier one of the game"
    BAD_VERSION = "a version number that cannot be one (e.g. negative)"
    BAD_WEBHOOK_ID = "a webhook endpoint id that is not a UUID"
    BAD_WEBHOOK_OVERLAP = "a secret rotation's overlap that is negative or longer than 30 days"
    BAD_WEBHOOK_SCOPE = "a webhook scope other than one game, one tournament or the whole server"
    BROKEN_CHAIN = "the stored record of the game does not verify its hash chain"
    CLIENT_COMMITMENT_UNUSED = "a client seed commitment for a game that takes none"
    CLIENT_SEED_TOO_EARLY = "a client seed sent with the claim; it comes with RevealSeed"
    CLIENT_SEED_UNUSED = "a client seed for a game that takes none"
    COMMAND_ID_REUSED = "the seat used this command id for a different command"
    COMMITMENTS_PENDING = "a seed revealed before every seat has committed to one"
    CONTENTION = "the game or key changed too often meanwhile; send the call again"
    DEAL_IN_PLAY = "a duplicate deal still played at another table"
    DELIVERY_NOT_FOUND = "no dead-lettered delivery of this webhook with this id"
    DUPLICATE_PLAYER = "a tournament names one player twice"
    EMPTY_LINE = "a relayed line that is empty or only a note"
    EMPTY_LOG = "a match log import with no content"
    EMPTY_RECORDING = "a recording import with no content"
    EVENT_STREAM_SHARDED = "an event stream asked of a store split over several databases"
    FIELD_TOO_LONG = "a field longer than the server takes"
    FORK_AT_END = "a fork at the version where the game is over: nothing is left to play"
    FORK_SOURCE_DIFFERS = "a fork's log does not match the stored game it claims to fork"
    FORK_SOURCE_SECRET = "a fork of a stored game whose secrets are still kept"
    FORMAT_TOO_OLD = "a format 1 log names no rules version, so it cannot be upgraded"
    GAME_EXISTS = "a game with this id is stored already"
    GAME_MISMATCH = "a message for another game than the stream's"
    GAME_NOT_FOUND = "no game with this id"
    GAME_OVER = "the game is over; it takes no more commands or rulings"
    IDEMPOTENCY_KEY_REUSED = "the idempotency key was used for a different request"
    IMPORTED_GAME = "an imported game is a record: its seats, rules and end cannot change"
    JOIN_DEADLINE_PASSED = "the seats were not all taken in time; the game is abandoned"
    LADDER_NOT_FOUND = "no ladder with this id"
    LOG_REJECTED = "an imported log does not verify; `metadata.code` says where"
    LOG_NOT_SERVED = "a store split across databases has no one order of its games, so no service log"
    LOG_TILE_NOT_FOUND = "no tile or entry bundle of the service log at this path and its published size"
    NOT_STARTED = "a scheduled game before its announced start: no seat moves and no clock runs yet"
    BAD_START_TIME = 'a start time that is neither ISO 8601 nor "+90s", or is past or too far ahead'
    MALFORMED_COMMAND = "a command that cannot be read for this game"
    MALFORMED_LOG = "a match log that cannot be read"
    MALFORMED_REQUEST = "a request body that is not the method's message"
    MESSAGE_TOO_BIG = "a Play frame over the server's size limit"
    MISSING_COMMAND = "a command with no field set"
    MISSING_FIELD = "a required field is empty"
    NOTHING_TO_TAKE_BACK = "a takeback where there is nothing to undo"
    NOT_A_RELAY = "a relay call on a game that is not relayed"
    NOT_A_SEAT = "the token holds no seat in this game"
    NOT_DEALT = "the game waits for its seats; nothing is dealt yet"
    NOT_ONE_COMMAND = "a relayed line that does not state exactly one command"
    NOT_ONE_LINE = "a relayed line that spans several lines"
    NOT_PRIVATE = "a publication of a game that was created public"
    NOT_ON_THE_CLOCK = "a timeout for a seat that is not to act"
    NOT_UPGRADABLE = "a game with a clock or takebacks keeps the rules it started under"
    NOT_YOURS_TO_ANSWER = "the caller does not answer this takeback"
    NO_CLOCK = "a timeout in a game without a clock"
    NO_CLOCK_RUNNING = "a resume where no seat's clock is stopped"
    NO_COMMITMENT = "a seed reveal in a game whose seats commit to none"
    NO_OPEN_SEAT = "every seat of the game is taken"
    NO_ORGANISER = "the server has no organiser token, so nobody may do this"
    NO_SEAT_TOKENS = "an imported or relayed game's seats hold no tokens"
    NO_SIGNING_KEY = "this server holds no key to sign with"
    NO_TAKEBACK_PENDING = "an answer to a takeback nobody asked for"
    OPENING_TIMEOUT = "a Play connection's opening message came too late"
    ORGANISER_ONLY = "only the organiser's token may do this"
    ORGANISER_REQUIRED = "this call needs the organiser's token"
    PAUSED = "the game is paused after a timeout until the organiser rules"
    PRIVATE_GAME_NOT_OVER = "a private game is published once it is over"
    PRIVATE_TOURNAMENT_NOT_OVER = "a private tournament is published once every planned round is over"
    PLAYER_HAS_NO_KEY = "a seat claim as a registered player who has no public key to check it by"
    PLAYER_NOT_FOUND = "no registered player with this id"
    REASON_REQUIRED = "a ruling that ends the game without saying why"
    REASON_TOO_LONG = "a ruling's reason longer than the record takes"
    RECORDING_REJECTED = "a recording with problems; `metadata.code` names the first"
    RELAY_TOKEN_REQUIRED = "a relay call without the relay's (or organiser's) token"
    RESERVED_TAG = "a tag only the tournament service gives"
    RESULT_NOT_ALLOWED = "a result given with a ruling that takes none"
    REVEAL_WITH_COMMAND = "a client seed and a command sent in one message"
    ROUND_IN_PROGRESS = "the tournament's current round has games not over"
    RULES_DIVERGE = "the game's history does not re-run under the rules it is upgraded to"
    SEASON_IN_PLAY = "a ladder season cannot end while one of its games is in play"
    SEAT_OPEN = "the seat is open: ClaimSeat takes it"
    SEAT_OUT = "the seat has left the game"
    SEAT_TAKEN = "the seat is taken already"
    SEED_REVEAL_DIFFERS = "a client seed that is not the one the seat committed to"
    SERVER_STOPPING = "the server is stopping and stored nothing of the call"
    SOURCE_PRIVATE = "a fork of a private game not published yet: the fork would be public"
    SOURCE_IN_PROGRESS = "a fork of a game still being played"
    STALE_VERSION = "the expected version is not the game's; re-read and choose again"
    STORE_UNAVAILABLE = "the event store cannot be reached"
    TAKEBACK_NOT_GRANTED = "a takeback without the consent its policy needs"
    TAKEBACK_OFF = "the game takes no takebacks"
    TAKEBACK_PAST_CHANCE = "a takeback past a die roll or shuffle"
    TAKEBACK_PAST_REVEAL = "a takeback past something hidden being shown"
    TAKEBACK_PAST_RULING = "a takeback past a ruling"
    TAKEBACK_PENDING = "a takeback is asked for already and must be answered first"
    TIMED_OUT = "the seat's time ran out before the command arrived"
    TOKEN_NOT_ALLOWED = "a token in the message where it belongs in metadata"
    TOKEN_REQUIRED = "this call needs a seat token"
    TOO_MANY_CONNECTIONS = "the address holds as many Play connections as allowed"
    TOO_MANY_EVENT_STREAMS = "the server serves as many event streams as allowed"
    TOO_MANY_FAILURES = "too many wrong tokens from this address; wait and retry"
    TOO_MANY_PLAYERS = "more players named than there are seats or places"
    TOO_MANY_SEAT_STREAMS = "the token holds as many streams of this game as allowed"
    TOO_MANY_SPECTATORS_FROM_ADDRESS = "the address holds as many spectators' streams as allowed"
    TOO_MANY_SPECTATORS_OF_GAME = "the game has as many spectators as allowed"
    TOO_MANY_WATCHERS = "the server serves as many spectators' streams as allowed"
    TOURNAMENT_NOT_FOUND = "no tournament with this id"
    TOURNAMENT_OVER = "every round of the tournament has been played"
    UNKNOWN_GAME = "a kind of game this server does not play"
    UNKNOWN_RULES_VERSION = "a rules version the game's engine does not keep"
    UNKNOWN_RULING = "a ruling the table does not know"
    UNKNOWN_TOKEN = "the token is neither the organiser's nor a seat's of this game"
    UNNAMED_PLAYER = "a player-entropy game needs a name for every seat taken at creation"
    VERSION_OUT_OF_RANGE = "a version the game does not have"
    WEBHOOK_BAD_URL = "a webhook URL that is not an http or https URL with a host"
    WEBHOOK_NOT_FOUND = "no webhook endpoint with this id"
    WEBHOOK_PRIVATE_ADDRESS = "a webhook URL whose host is a private, loopback or link-local address"
    WEBHOOK_UNKNOWN_EVENT = "a webhook event type the server does not send"
    WRONG_GAME_COMMAND = "a command for another game than this one"
