from google.protobuf import struct_pb2 as _struct_pb2
from service.generated.frontier.v1 import most_wanted_pb2 as _most_wanted_pb2
from service.generated.frontier.v1 import deadwood_pb2 as _deadwood_pb2
from service.generated.frontier.v1 import western_legends_pb2 as _western_legends_pb2
from service.generated.frontier.v1 import most_wanted_types_pb2 as _most_wanted_types_pb2
from service.generated.frontier.v1 import deadwood_types_pb2 as _deadwood_types_pb2
from service.generated.frontier.v1 import western_legends_types_pb2 as _western_legends_types_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Command(_message.Message):
    __slots__ = ("most_wanted", "deadwood_1876", "western_legends", "json")
    MOST_WANTED_FIELD_NUMBER: _ClassVar[int]
    DEADWOOD_1876_FIELD_NUMBER: _ClassVar[int]
    WESTERN_LEGENDS_FIELD_NUMBER: _ClassVar[int]
    JSON_FIELD_NUMBER: _ClassVar[int]
    most_wanted: _most_wanted_pb2.MostWantedCommand
    deadwood_1876: _deadwood_pb2.DeadwoodCommand
    western_legends: _western_legends_pb2.WesternLegendsCommand
    json: str
    def __init__(self, most_wanted: _Optional[_Union[_most_wanted_pb2.MostWantedCommand, _Mapping]] = ..., deadwood_1876: _Optional[_Union[_deadwood_pb2.DeadwoodCommand, _Mapping]] = ..., western_legends: _Optional[_Union[_western_legends_pb2.WesternLegendsCommand, _Mapping]] = ..., json: _Optional[str] = ...) -> None: ...

class GameEvent(_message.Message):
    __slots__ = ("kind", "json", "most_wanted", "deadwood_1876", "western_legends")
    KIND_FIELD_NUMBER: _ClassVar[int]
    JSON_FIELD_NUMBER: _ClassVar[int]
    MOST_WANTED_FIELD_NUMBER: _ClassVar[int]
    DEADWOOD_1876_FIELD_NUMBER: _ClassVar[int]
    WESTERN_LEGENDS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    json: str
    most_wanted: _most_wanted_types_pb2.MostWantedEvent
    deadwood_1876: _deadwood_types_pb2.DeadwoodEvent
    western_legends: _western_legends_types_pb2.WesternLegendsEvent
    def __init__(self, kind: _Optional[str] = ..., json: _Optional[str] = ..., most_wanted: _Optional[_Union[_most_wanted_types_pb2.MostWantedEvent, _Mapping]] = ..., deadwood_1876: _Optional[_Union[_deadwood_types_pb2.DeadwoodEvent, _Mapping]] = ..., western_legends: _Optional[_Union[_western_legends_types_pb2.WesternLegendsEvent, _Mapping]] = ...) -> None: ...

class Outcome(_message.Message):
    __slots__ = ("ranking", "scores", "reason", "ended")
    RANKING_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    ENDED_FIELD_NUMBER: _ClassVar[int]
    ranking: _containers.RepeatedCompositeFieldContainer[SeatGroup]
    scores: _containers.RepeatedScalarFieldContainer[int]
    reason: str
    ended: str
    def __init__(self, ranking: _Optional[_Iterable[_Union[SeatGroup, _Mapping]]] = ..., scores: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ..., ended: _Optional[str] = ...) -> None: ...

class Ruling(_message.Message):
    __slots__ = ("ruling", "seat", "by", "reason", "result", "to_version", "granted_by_seats", "granted_by_organiser")
    RULING_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BY_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    TO_VERSION_FIELD_NUMBER: _ClassVar[int]
    GRANTED_BY_SEATS_FIELD_NUMBER: _ClassVar[int]
    GRANTED_BY_ORGANISER_FIELD_NUMBER: _ClassVar[int]
    ruling: str
    seat: int
    by: str
    reason: str
    result: _containers.RepeatedCompositeFieldContainer[SeatGroup]
    to_version: int
    granted_by_seats: _containers.RepeatedScalarFieldContainer[int]
    granted_by_organiser: bool
    def __init__(self, ruling: _Optional[str] = ..., seat: _Optional[int] = ..., by: _Optional[str] = ..., reason: _Optional[str] = ..., result: _Optional[_Iterable[_Union[SeatGroup, _Mapping]]] = ..., to_version: _Optional[int] = ..., granted_by_seats: _Optional[_Iterable[int]] = ..., granted_by_organiser: _Optional[bool] = ...) -> None: ...

class RequestTakebackRequest(_message.Message):
    __slots__ = ("game_id", "to_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TO_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    to_version: int
    def __init__(self, game_id: _Optional[str] = ..., to_version: _Optional[int] = ...) -> None: ...

class AnswerTakebackRequest(_message.Message):
    __slots__ = ("game_id", "accept")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    accept: bool
    def __init__(self, game_id: _Optional[str] = ..., accept: _Optional[bool] = ...) -> None: ...

class TakebackResponse(_message.Message):
    __slots__ = ("version", "status", "pending", "taken_back")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    TAKEN_BACK_FIELD_NUMBER: _ClassVar[int]
    version: int
    status: str
    pending: PendingTakeback
    taken_back: bool
    def __init__(self, version: _Optional[int] = ..., status: _Optional[str] = ..., pending: _Optional[_Union[PendingTakeback, _Mapping]] = ..., taken_back: _Optional[bool] = ...) -> None: ...

class PendingTakeback(_message.Message):
    __slots__ = ("seat", "to_version", "awaiting")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_VERSION_FIELD_NUMBER: _ClassVar[int]
    AWAITING_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to_version: int
    awaiting: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., to_version: _Optional[int] = ..., awaiting: _Optional[_Iterable[int]] = ...) -> None: ...

class ResignRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class EndGameRequest(_message.Message):
    __slots__ = ("game_id", "abandon", "result", "reason")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ABANDON_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    abandon: bool
    result: _containers.RepeatedCompositeFieldContainer[SeatGroup]
    reason: str
    def __init__(self, game_id: _Optional[str] = ..., abandon: _Optional[bool] = ..., result: _Optional[_Iterable[_Union[SeatGroup, _Mapping]]] = ..., reason: _Optional[str] = ...) -> None: ...

class UpgradeRulesRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class UpgradeRulesResponse(_message.Message):
    __slots__ = ("version", "from_rules", "to_rules")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    FROM_RULES_FIELD_NUMBER: _ClassVar[int]
    TO_RULES_FIELD_NUMBER: _ClassVar[int]
    version: int
    from_rules: str
    to_rules: str
    def __init__(self, version: _Optional[int] = ..., from_rules: _Optional[str] = ..., to_rules: _Optional[str] = ...) -> None: ...

class RulingResponse(_message.Message):
    __slots__ = ("version", "status", "outcome")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    version: int
    status: str
    outcome: Outcome
    def __init__(self, version: _Optional[int] = ..., status: _Optional[str] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ...) -> None: ...

class SeatGroup(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class GameType(_message.Message):
    __slots__ = ("game", "title", "min_seats", "max_seats", "default_options")
    GAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MIN_SEATS_FIELD_NUMBER: _ClassVar[int]
    MAX_SEATS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    game: str
    title: str
    min_seats: int
    max_seats: int
    default_options: _struct_pb2.Struct
    def __init__(self, game: _Optional[str] = ..., title: _Optional[str] = ..., min_seats: _Optional[int] = ..., max_seats: _Optional[int] = ..., default_options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class ListGameTypesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGameTypesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameType]
    def __init__(self, games: _Optional[_Iterable[_Union[GameType, _Mapping]]] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("game", "seats", "players", "options", "tag", "player_entropy", "spectator_delay_seconds", "time_control", "timeout_policy", "join_deadline_seconds", "takeback_policy", "rules_version", "idempotency_key", "start_at", "private")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    TAG_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ENTROPY_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_DELAY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_POLICY_FIELD_NUMBER: _ClassVar[int]
    JOIN_DEADLINE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    TAKEBACK_POLICY_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    START_AT_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    game: str
    seats: int
    players: _containers.RepeatedScalarFieldContainer[str]
    options: _struct_pb2.Struct
    tag: str
    player_entropy: bool
    spectator_delay_seconds: int
    time_control: str
    timeout_policy: str
    join_deadline_seconds: int
    takeback_policy: str
    rules_version: str
    idempotency_key: str
    start_at: str
    private: bool
    def __init__(self, game: _Optional[str] = ..., seats: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., tag: _Optional[str] = ..., player_entropy: _Optional[bool] = ..., spectator_delay_seconds: _Optional[int] = ..., time_control: _Optional[str] = ..., timeout_policy: _Optional[str] = ..., join_deadline_seconds: _Optional[int] = ..., takeback_policy: _Optional[str] = ..., rules_version: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., start_at: _Optional[str] = ..., private: _Optional[bool] = ...) -> None: ...

class SeatClock(_message.Message):
    __slots__ = ("seat", "remaining_ms", "running", "deadline")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    RUNNING_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    remaining_ms: int
    running: bool
    deadline: str
    def __init__(self, seat: _Optional[int] = ..., remaining_ms: _Optional[int] = ..., running: _Optional[bool] = ..., deadline: _Optional[str] = ...) -> None: ...

class SeatToken(_message.Message):
    __slots__ = ("seat", "player", "token")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player: str
    token: str
    def __init__(self, seat: _Optional[int] = ..., player: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "seed_commitment", "seats", "version", "options", "duplicate")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seed_commitment: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatToken]
    version: int
    options: _struct_pb2.Struct
    duplicate: bool
    def __init__(self, game_id: _Optional[str] = ..., seed_commitment: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ..., version: _Optional[int] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., duplicate: _Optional[bool] = ...) -> None: ...

class ClaimSeatRequest(_message.Message):
    __slots__ = ("game_id", "player", "seat", "client_seed", "client_commitment", "player_id", "player_signature", "seat_key")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SEED_FIELD_NUMBER: _ClassVar[int]
    CLIENT_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    SEAT_KEY_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    player: str
    seat: int
    client_seed: str
    client_commitment: str
    player_id: str
    player_signature: str
    seat_key: str
    def __init__(self, game_id: _Optional[str] = ..., player: _Optional[str] = ..., seat: _Optional[int] = ..., client_seed: _Optional[str] = ..., client_commitment: _Optional[str] = ..., player_id: _Optional[str] = ..., player_signature: _Optional[str] = ..., seat_key: _Optional[str] = ...) -> None: ...

class RevealSeedRequest(_message.Message):
    __slots__ = ("game_id", "client_seed")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SEED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    client_seed: str
    def __init__(self, game_id: _Optional[str] = ..., client_seed: _Optional[str] = ...) -> None: ...

class RevealSeedResponse(_message.Message):
    __slots__ = ("version", "status", "awaiting_reveal")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    AWAITING_REVEAL_FIELD_NUMBER: _ClassVar[int]
    version: int
    status: str
    awaiting_reveal: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, version: _Optional[int] = ..., status: _Optional[str] = ..., awaiting_reveal: _Optional[_Iterable[int]] = ...) -> None: ...

class ClaimSeatResponse(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: SeatToken
    def __init__(self, seat: _Optional[_Union[SeatToken, _Mapping]] = ...) -> None: ...

class ReissueSeatTokenRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class PublishGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class PublishGameResponse(_message.Message):
    __slots__ = ("game_id", "published_at")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_AT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    published_at: str
    def __init__(self, game_id: _Optional[str] = ..., published_at: _Optional[str] = ...) -> None: ...

class ReissueSeatTokenResponse(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: SeatToken
    def __init__(self, seat: _Optional[_Union[SeatToken, _Mapping]] = ...) -> None: ...

class SubmitCommandRequest(_message.Message):
    __slots__ = ("game_id", "command_id", "expected_version", "command", "seat_signature")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    SEAT_SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    command_id: str
    expected_version: int
    command: Command
    seat_signature: str
    def __init__(self, game_id: _Optional[str] = ..., command_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., seat_signature: _Optional[str] = ...) -> None: ...

class SubmitCommandResponse(_message.Message):
    __slots__ = ("version", "events", "duplicate", "status", "seats_to_act", "legal_commands", "legal_version")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEATS_TO_ACT_FIELD_NUMBER: _ClassVar[int]
    LEGAL_COMMANDS_FIELD_NUMBER: _ClassVar[int]
    LEGAL_VERSION_FIELD_NUMBER: _ClassVar[int]
    version: int
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    duplicate: bool
    status: str
    seats_to_act: _containers.RepeatedScalarFieldContainer[int]
    legal_commands: _containers.RepeatedCompositeFieldContainer[Command]
    legal_version: int
    def __init__(self, version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., duplicate: _Optional[bool] = ..., status: _Optional[str] = ..., seats_to_act: _Optional[_Iterable[int]] = ..., legal_commands: _Optional[_Iterable[_Union[Command, _Mapping]]] = ..., legal_version: _Optional[int] = ...) -> None: ...

class GetStateRequest(_message.Message):
    __slots__ = ("game_id", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class GameState(_message.Message):
    __slots__ = ("game_id", "game", "version", "status", "viewer_seat", "view_json", "seats_to_act", "outcome", "state_hash", "imported", "most_wanted", "deadwood_1876", "western_legends", "player_entropy", "open_seats", "spectator_delay_seconds", "forked_from", "commit_reveal", "awaiting_reveal", "out_seats", "time_control", "timeout_policy", "clocks", "paused", "join_deadline", "takeback_policy", "pending_takeback", "starts_at", "private", "published_at")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VIEWER_SEAT_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    SEATS_TO_ACT_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    STATE_HASH_FIELD_NUMBER: _ClassVar[int]
    IMPORTED_FIELD_NUMBER: _ClassVar[int]
    MOST_WANTED_FIELD_NUMBER: _ClassVar[int]
    DEADWOOD_1876_FIELD_NUMBER: _ClassVar[int]
    WESTERN_LEGENDS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ENTROPY_FIELD_NUMBER: _ClassVar[int]
    OPEN_SEATS_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_DELAY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    FORKED_FROM_FIELD_NUMBER: _ClassVar[int]
    COMMIT_REVEAL_FIELD_NUMBER: _ClassVar[int]
    AWAITING_REVEAL_FIELD_NUMBER: _ClassVar[int]
    OUT_SEATS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_POLICY_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    PAUSED_FIELD_NUMBER: _ClassVar[int]
    JOIN_DEADLINE_FIELD_NUMBER: _ClassVar[int]
    TAKEBACK_POLICY_FIELD_NUMBER: _ClassVar[int]
    PENDING_TAKEBACK_FIELD_NUMBER: _ClassVar[int]
    STARTS_AT_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_AT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game: str
    version: int
    status: str
    viewer_seat: int
    view_json: str
    seats_to_act: _containers.RepeatedScalarFieldContainer[int]
    outcome: Outcome
    state_hash: str
    imported: bool
    most_wanted: _most_wanted_types_pb2.MostWantedView
    deadwood_1876: _deadwood_types_pb2.DeadwoodView
    western_legends: _western_legends_types_pb2.WesternLegendsView
    player_entropy: bool
    open_seats: _containers.RepeatedScalarFieldContainer[int]
    spectator_delay_seconds: int
    forked_from: ForkOrigin
    commit_reveal: bool
    awaiting_reveal: _containers.RepeatedScalarFieldContainer[int]
    out_seats: _containers.RepeatedScalarFieldContainer[int]
    time_control: str
    timeout_policy: str
    clocks: _containers.RepeatedCompositeFieldContainer[SeatClock]
    paused: bool
    join_deadline: str
    takeback_policy: str
    pending_takeback: PendingTakeback
    starts_at: str
    private: bool
    published_at: str
    def __init__(self, game_id: _Optional[str] = ..., game: _Optional[str] = ..., version: _Optional[int] = ..., status: _Optional[str] = ..., viewer_seat: _Optional[int] = ..., view_json: _Optional[str] = ..., seats_to_act: _Optional[_Iterable[int]] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., state_hash: _Optional[str] = ..., imported: _Optional[bool] = ..., most_wanted: _Optional[_Union[_most_wanted_types_pb2.MostWantedView, _Mapping]] = ..., deadwood_1876: _Optional[_Union[_deadwood_types_pb2.DeadwoodView, _Mapping]] = ..., western_legends: _Optional[_Union[_western_legends_types_pb2.WesternLegendsView, _Mapping]] = ..., player_entropy: _Optional[bool] = ..., open_seats: _Optional[_Iterable[int]] = ..., spectator_delay_seconds: _Optional[int] = ..., forked_from: _Optional[_Union[ForkOrigin, _Mapping]] = ..., commit_reveal: _Optional[bool] = ..., awaiting_reveal: _Optional[_Iterable[int]] = ..., out_seats: _Optional[_Iterable[int]] = ..., time_control: _Optional[str] = ..., timeout_policy: _Optional[str] = ..., clocks: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ..., paused: _Optional[bool] = ..., join_deadline: _Optional[str] = ..., takeback_policy: _Optional[str] = ..., pending_takeback: _Optional[_Union[PendingTakeback, _Mapping]] = ..., starts_at: _Optional[str] = ..., private: _Optional[bool] = ..., published_at: _Optional[str] = ...) -> None: ...

class ListLegalCommandsRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ListLegalCommandsResponse(_message.Message):
    __slots__ = ("version", "seat", "commands")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMMANDS_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    commands: _containers.RepeatedCompositeFieldContainer[Command]
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., commands: _Optional[_Iterable[_Union[Command, _Mapping]]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("game", "status", "player", "tag", "page_size", "page_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    TAG_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: str
    status: str
    player: str
    tag: str
    page_size: int
    page_token: str
    def __init__(self, game: _Optional[str] = ..., status: _Optional[str] = ..., player: _Optional[str] = ..., tag: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class GameSummary(_message.Message):
    __slots__ = ("game_id", "game", "status", "players", "tag", "version", "created_at", "imported", "player_entropy", "spectator_delay_seconds", "forked_from", "starts_at", "private", "published")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TAG_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    IMPORTED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ENTROPY_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_DELAY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    FORKED_FROM_FIELD_NUMBER: _ClassVar[int]
    STARTS_AT_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game: str
    status: str
    players: _containers.RepeatedScalarFieldContainer[str]
    tag: str
    version: int
    created_at: str
    imported: bool
    player_entropy: bool
    spectator_delay_seconds: int
    forked_from: str
    starts_at: str
    private: bool
    published: bool
    def __init__(self, game_id: _Optional[str] = ..., game: _Optional[str] = ..., status: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., tag: _Optional[str] = ..., version: _Optional[int] = ..., created_at: _Optional[str] = ..., imported: _Optional[bool] = ..., player_entropy: _Optional[bool] = ..., spectator_delay_seconds: _Optional[int] = ..., forked_from: _Optional[str] = ..., starts_at: _Optional[str] = ..., private: _Optional[bool] = ..., published: _Optional[bool] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameSummary]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[GameSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class WatchGameRequest(_message.Message):
    __slots__ = ("game_id", "from_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ...) -> None: ...

class GameUpdate(_message.Message):
    __slots__ = ("version", "seat", "events", "status", "seats_to_act", "notice", "ruling", "clocks")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEATS_TO_ACT_FIELD_NUMBER: _ClassVar[int]
    NOTICE_FIELD_NUMBER: _ClassVar[int]
    RULING_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    status: str
    seats_to_act: _containers.RepeatedScalarFieldContainer[int]
    notice: str
    ruling: Ruling
    clocks: _containers.RepeatedCompositeFieldContainer[SeatClock]
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., status: _Optional[str] = ..., seats_to_act: _Optional[_Iterable[int]] = ..., notice: _Optional[str] = ..., ruling: _Optional[_Union[Ruling, _Mapping]] = ..., clocks: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ...) -> None: ...

class ReplayRequest(_message.Message):
    __slots__ = ("game_id", "from_version", "to_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    TO_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    to_version: int
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ..., to_version: _Optional[int] = ...) -> None: ...

class ReplayStep(_message.Message):
    __slots__ = ("version", "seat", "command_json", "events", "view_json", "narrative", "most_wanted", "deadwood_1876", "western_legends", "ruling")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMMAND_JSON_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    NARRATIVE_FIELD_NUMBER: _ClassVar[int]
    MOST_WANTED_FIELD_NUMBER: _ClassVar[int]
    DEADWOOD_1876_FIELD_NUMBER: _ClassVar[int]
    WESTERN_LEGENDS_FIELD_NUMBER: _ClassVar[int]
    RULING_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    command_json: str
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    view_json: str
    narrative: str
    most_wanted: _most_wanted_types_pb2.MostWantedView
    deadwood_1876: _deadwood_types_pb2.DeadwoodView
    western_legends: _western_legends_types_pb2.WesternLegendsView
    ruling: Ruling
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., command_json: _Optional[str] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., view_json: _Optional[str] = ..., narrative: _Optional[str] = ..., most_wanted: _Optional[_Union[_most_wanted_types_pb2.MostWantedView, _Mapping]] = ..., deadwood_1876: _Optional[_Union[_deadwood_types_pb2.DeadwoodView, _Mapping]] = ..., western_legends: _Optional[_Union[_western_legends_types_pb2.WesternLegendsView, _Mapping]] = ..., ruling: _Optional[_Union[Ruling, _Mapping]] = ...) -> None: ...

class ExportLogRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ExportLogResponse(_message.Message):
    __slots__ = ("content", "redacted")
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    REDACTED_FIELD_NUMBER: _ClassVar[int]
    content: str
    redacted: bool
    def __init__(self, content: _Optional[str] = ..., redacted: _Optional[bool] = ...) -> None: ...

class ImportLogRequest(_message.Message):
    __slots__ = ("content", "idempotency_key")
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    content: str
    idempotency_key: str
    def __init__(self, content: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ImportLogResponse(_message.Message):
    __slots__ = ("game_id", "version", "state_hash", "duplicate")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATE_HASH_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    state_hash: str
    duplicate: bool
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., state_hash: _Optional[str] = ..., duplicate: _Optional[bool] = ...) -> None: ...

class AuditRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class AuditReport(_message.Message):
    __slots__ = ("ok", "game_id", "checks", "problems", "markdown", "verdict", "imported")
    OK_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CHECKS_FIELD_NUMBER: _ClassVar[int]
    PROBLEMS_FIELD_NUMBER: _ClassVar[int]
    MARKDOWN_FIELD_NUMBER: _ClassVar[int]
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    IMPORTED_FIELD_NUMBER: _ClassVar[int]
    ok: bool
    game_id: str
    checks: _containers.RepeatedScalarFieldContainer[str]
    problems: _containers.RepeatedScalarFieldContainer[str]
    markdown: str
    verdict: str
    imported: bool
    def __init__(self, ok: _Optional[bool] = ..., game_id: _Optional[str] = ..., checks: _Optional[_Iterable[str]] = ..., problems: _Optional[_Iterable[str]] = ..., markdown: _Optional[str] = ..., verdict: _Optional[str] = ..., imported: _Optional[bool] = ...) -> None: ...

class GetSigningKeyRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SigningKey(_message.Message):
    __slots__ = ("key_id", "algorithm", "public_key_hex", "public_key_pem", "signer")
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_HEX_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_PEM_FIELD_NUMBER: _ClassVar[int]
    SIGNER_FIELD_NUMBER: _ClassVar[int]
    key_id: str
    algorithm: str
    public_key_hex: str
    public_key_pem: str
    signer: str
    def __init__(self, key_id: _Optional[str] = ..., algorithm: _Optional[str] = ..., public_key_hex: _Optional[str] = ..., public_key_pem: _Optional[str] = ..., signer: _Optional[str] = ...) -> None: ...

class ProveInclusionRequest(_message.Message):
    __slots__ = ("game_id", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class InclusionProof(_message.Message):
    __slots__ = ("game_id", "version", "line", "line_hash", "leaf_index", "tree_size", "audit_path", "checkpoint")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    LINE_FIELD_NUMBER: _ClassVar[int]
    LINE_HASH_FIELD_NUMBER: _ClassVar[int]
    LEAF_INDEX_FIELD_NUMBER: _ClassVar[int]
    TREE_SIZE_FIELD_NUMBER: _ClassVar[int]
    AUDIT_PATH_FIELD_NUMBER: _ClassVar[int]
    CHECKPOINT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    line: str
    line_hash: str
    leaf_index: int
    tree_size: int
    audit_path: _containers.RepeatedScalarFieldContainer[str]
    checkpoint: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., line: _Optional[str] = ..., line_hash: _Optional[str] = ..., leaf_index: _Optional[int] = ..., tree_size: _Optional[int] = ..., audit_path: _Optional[_Iterable[str]] = ..., checkpoint: _Optional[str] = ...) -> None: ...

class ExpandRecordingRequest(_message.Message):
    __slots__ = ("content", "lenient")
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    LENIENT_FIELD_NUMBER: _ClassVar[int]
    content: str
    lenient: bool
    def __init__(self, content: _Optional[str] = ..., lenient: _Optional[bool] = ...) -> None: ...

class ExpandRecordingResponse(_message.Message):
    __slots__ = ("game_id", "version", "state_hash", "content")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATE_HASH_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    state_hash: str
    content: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., state_hash: _Optional[str] = ..., content: _Optional[str] = ...) -> None: ...

class PlayRequest(_message.Message):
    __slots__ = ("game_id", "command_id", "expected_version", "command", "from_version", "token", "reveal_client_seed", "seat_signature")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    REVEAL_CLIENT_SEED_FIELD_NUMBER: _ClassVar[int]
    SEAT_SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    command_id: str
    expected_version: int
    command: Command
    from_version: int
    token: str
    reveal_client_seed: str
    seat_signature: str
    def __init__(self, game_id: _Optional[str] = ..., command_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., from_version: _Optional[int] = ..., token: _Optional[str] = ..., reveal_client_seed: _Optional[str] = ..., seat_signature: _Optional[str] = ...) -> None: ...

class PlayUpdate(_message.Message):
    __slots__ = ("seat", "version", "status", "seats_to_act", "legal_commands", "step", "command_id", "duplicate", "error")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEATS_TO_ACT_FIELD_NUMBER: _ClassVar[int]
    LEGAL_COMMANDS_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    seat: int
    version: int
    status: str
    seats_to_act: _containers.RepeatedScalarFieldContainer[int]
    legal_commands: _containers.RepeatedCompositeFieldContainer[Command]
    step: GameUpdate
    command_id: str
    duplicate: bool
    error: PlayError
    def __init__(self, seat: _Optional[int] = ..., version: _Optional[int] = ..., status: _Optional[str] = ..., seats_to_act: _Optional[_Iterable[int]] = ..., legal_commands: _Optional[_Iterable[_Union[Command, _Mapping]]] = ..., step: _Optional[_Union[GameUpdate, _Mapping]] = ..., command_id: _Optional[str] = ..., duplicate: _Optional[bool] = ..., error: _Optional[_Union[PlayError, _Mapping]] = ...) -> None: ...

class PlayError(_message.Message):
    __slots__ = ("code", "reason", "message", "field")
    CODE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    FIELD_FIELD_NUMBER: _ClassVar[int]
    code: str
    reason: str
    message: str
    field: str
    def __init__(self, code: _Optional[str] = ..., reason: _Optional[str] = ..., message: _Optional[str] = ..., field: _Optional[str] = ...) -> None: ...

class ForkOrigin(_message.Message):
    __slots__ = ("game_id", "version", "state_hash")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATE_HASH_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    state_hash: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., state_hash: _Optional[str] = ...) -> None: ...

class StartRelayRequest(_message.Message):
    __slots__ = ("header", "spectator_delay_seconds")
    HEADER_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_DELAY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    header: str
    spectator_delay_seconds: int
    def __init__(self, header: _Optional[str] = ..., spectator_delay_seconds: _Optional[int] = ...) -> None: ...

class StartRelayResponse(_message.Message):
    __slots__ = ("game_id", "version", "relay_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    RELAY_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    relay_token: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., relay_token: _Optional[str] = ...) -> None: ...

class RelayLineRequest(_message.Message):
    __slots__ = ("game_id", "line", "expected_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    LINE_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    line: str
    expected_version: int
    def __init__(self, game_id: _Optional[str] = ..., line: _Optional[str] = ..., expected_version: _Optional[int] = ...) -> None: ...

class RelayLineResponse(_message.Message):
    __slots__ = ("version", "status", "duplicate", "resealed")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    RESEALED_FIELD_NUMBER: _ClassVar[int]
    version: int
    status: str
    duplicate: bool
    resealed: bool
    def __init__(self, version: _Optional[int] = ..., status: _Optional[str] = ..., duplicate: _Optional[bool] = ..., resealed: _Optional[bool] = ...) -> None: ...

class GetRelayRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class GetRelayResponse(_message.Message):
    __slots__ = ("header", "lines", "version", "status")
    HEADER_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    header: str
    lines: _containers.RepeatedScalarFieldContainer[str]
    version: int
    status: str
    def __init__(self, header: _Optional[str] = ..., lines: _Optional[_Iterable[str]] = ..., version: _Optional[int] = ..., status: _Optional[str] = ...) -> None: ...

class ForkGameRequest(_message.Message):
    __slots__ = ("game_id", "version", "players", "tag", "spectator_delay_seconds", "time_control", "timeout_policy")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TAG_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_DELAY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_POLICY_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    players: _containers.RepeatedScalarFieldContainer[str]
    tag: str
    spectator_delay_seconds: int
    time_control: str
    timeout_policy: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., tag: _Optional[str] = ..., spectator_delay_seconds: _Optional[int] = ..., time_control: _Optional[str] = ..., timeout_policy: _Optional[str] = ...) -> None: ...

class ForkGameResponse(_message.Message):
    __slots__ = ("game_id", "version", "seed_commitment", "seats", "forked_from")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    FORKED_FROM_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    seed_commitment: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatToken]
    forked_from: ForkOrigin
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., seed_commitment: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ..., forked_from: _Optional[_Union[ForkOrigin, _Mapping]] = ...) -> None: ...

class FollowEventsRequest(_message.Message):
    __slots__ = ("tournament_id", "player_id", "seat_tokens", "after")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    AFTER_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    player_id: str
    seat_tokens: _containers.RepeatedScalarFieldContainer[str]
    after: int
    def __init__(self, tournament_id: _Optional[str] = ..., player_id: _Optional[str] = ..., seat_tokens: _Optional[_Iterable[str]] = ..., after: _Optional[int] = ...) -> None: ...

class LedgerEvent(_message.Message):
    __slots__ = ("cursor", "game_id", "tag", "lines")
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TAG_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    cursor: int
    game_id: str
    tag: str
    lines: _containers.RepeatedCompositeFieldContainer[EventLine]
    def __init__(self, cursor: _Optional[int] = ..., game_id: _Optional[str] = ..., tag: _Optional[str] = ..., lines: _Optional[_Iterable[_Union[EventLine, _Mapping]]] = ...) -> None: ...

class EventLine(_message.Message):
    __slots__ = ("type", "data_json", "timestamp")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    DATA_JSON_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    type: str
    data_json: str
    timestamp: str
    def __init__(self, type: _Optional[str] = ..., data_json: _Optional[str] = ..., timestamp: _Optional[str] = ...) -> None: ...
