from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CreateTournamentRequest(_message.Message):
    __slots__ = ("name", "game", "options", "format", "players", "table_size", "rounds", "tag", "duplicate_deals", "time_control", "timeout_policy", "private")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TAG_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_DEALS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_POLICY_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    name: str
    game: str
    options: _struct_pb2.Struct
    format: str
    players: _containers.RepeatedScalarFieldContainer[str]
    table_size: int
    rounds: int
    tag: str
    duplicate_deals: bool
    time_control: str
    timeout_policy: str
    private: bool
    def __init__(self, name: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., format: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., table_size: _Optional[int] = ..., rounds: _Optional[int] = ..., tag: _Optional[str] = ..., duplicate_deals: _Optional[bool] = ..., time_control: _Optional[str] = ..., timeout_policy: _Optional[str] = ..., private: _Optional[bool] = ...) -> None: ...

class GetTournamentRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ...) -> None: ...

class StartRoundRequest(_message.Message):
    __slots__ = ("tournament_id", "start_at")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    START_AT_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    start_at: str
    def __init__(self, tournament_id: _Optional[str] = ..., start_at: _Optional[str] = ...) -> None: ...

class TableResult(_message.Message):
    __slots__ = ("ranking", "scores")
    RANKING_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    ranking: _containers.RepeatedCompositeFieldContainer[SeatGroupNames]
    scores: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, ranking: _Optional[_Iterable[_Union[SeatGroupNames, _Mapping]]] = ..., scores: _Optional[_Iterable[int]] = ...) -> None: ...

class SeatGroupNames(_message.Message):
    __slots__ = ("players",)
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    players: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, players: _Optional[_Iterable[str]] = ...) -> None: ...

class Table(_message.Message):
    __slots__ = ("number", "game_id", "players", "status", "result")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    number: int
    game_id: str
    players: _containers.RepeatedScalarFieldContainer[str]
    status: str
    result: TableResult
    def __init__(self, number: _Optional[int] = ..., game_id: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., status: _Optional[str] = ..., result: _Optional[_Union[TableResult, _Mapping]] = ...) -> None: ...

class Round(_message.Message):
    __slots__ = ("number", "tables")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    number: int
    tables: _containers.RepeatedCompositeFieldContainer[Table]
    def __init__(self, number: _Optional[int] = ..., tables: _Optional[_Iterable[_Union[Table, _Mapping]]] = ...) -> None: ...

class Tournament(_message.Message):
    __slots__ = ("tournament_id", "name", "game", "options", "format", "players", "table_size", "rounds_planned", "tag", "seed_commitment", "seed", "status", "rounds", "created_at", "record_json", "duplicate_deals", "time_control", "timeout_policy", "private", "published_at")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_PLANNED_FIELD_NUMBER: _ClassVar[int]
    TAG_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    RECORD_JSON_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_DEALS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_POLICY_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_AT_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    name: str
    game: str
    options: _struct_pb2.Struct
    format: str
    players: _containers.RepeatedScalarFieldContainer[str]
    table_size: int
    rounds_planned: int
    tag: str
    seed_commitment: str
    seed: str
    status: str
    rounds: _containers.RepeatedCompositeFieldContainer[Round]
    created_at: str
    record_json: str
    duplicate_deals: bool
    time_control: str
    timeout_policy: str
    private: bool
    published_at: str
    def __init__(self, tournament_id: _Optional[str] = ..., name: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., format: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., table_size: _Optional[int] = ..., rounds_planned: _Optional[int] = ..., tag: _Optional[str] = ..., seed_commitment: _Optional[str] = ..., seed: _Optional[str] = ..., status: _Optional[str] = ..., rounds: _Optional[_Iterable[_Union[Round, _Mapping]]] = ..., created_at: _Optional[str] = ..., record_json: _Optional[str] = ..., duplicate_deals: _Optional[bool] = ..., time_control: _Optional[str] = ..., timeout_policy: _Optional[str] = ..., private: _Optional[bool] = ..., published_at: _Optional[str] = ...) -> None: ...

class SeatGrant(_message.Message):
    __slots__ = ("table", "game_id", "seat", "player", "token")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    table: int
    game_id: str
    seat: int
    player: str
    token: str
    def __init__(self, table: _Optional[int] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., player: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class StartRoundResponse(_message.Message):
    __slots__ = ("tournament", "round", "seats")
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    tournament: Tournament
    round: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatGrant]
    def __init__(self, tournament: _Optional[_Union[Tournament, _Mapping]] = ..., round: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatGrant, _Mapping]]] = ...) -> None: ...

class Standing(_message.Message):
    __slots__ = ("rank", "player", "points", "sonneborn_berger", "score_sum", "head_to_head", "games")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SONNEBORN_BERGER_FIELD_NUMBER: _ClassVar[int]
    SCORE_SUM_FIELD_NUMBER: _ClassVar[int]
    HEAD_TO_HEAD_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    points: float
    sonneborn_berger: float
    score_sum: int
    head_to_head: float
    games: int
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., points: _Optional[float] = ..., sonneborn_berger: _Optional[float] = ..., score_sum: _Optional[int] = ..., head_to_head: _Optional[float] = ..., games: _Optional[int] = ...) -> None: ...

class Standings(_message.Message):
    __slots__ = ("standings", "rules")
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[Standing]
    rules: str
    def __init__(self, standings: _Optional[_Iterable[_Union[Standing, _Mapping]]] = ..., rules: _Optional[str] = ...) -> None: ...

class Rating(_message.Message):
    __slots__ = ("player", "mu", "sigma", "ordinal")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    ORDINAL_FIELD_NUMBER: _ClassVar[int]
    player: str
    mu: float
    sigma: float
    ordinal: float
    def __init__(self, player: _Optional[str] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., ordinal: _Optional[float] = ...) -> None: ...

class RatingChange(_message.Message):
    __slots__ = ("player", "mu_before", "sigma_before", "mu_after", "sigma_after", "rank")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    MU_BEFORE_FIELD_NUMBER: _ClassVar[int]
    SIGMA_BEFORE_FIELD_NUMBER: _ClassVar[int]
    MU_AFTER_FIELD_NUMBER: _ClassVar[int]
    SIGMA_AFTER_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    player: str
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    rank: int
    def __init__(self, player: _Optional[str] = ..., mu_before: _Optional[float] = ..., sigma_before: _Optional[float] = ..., mu_after: _Optional[float] = ..., sigma_after: _Optional[float] = ..., rank: _Optional[int] = ...) -> None: ...

class RatingUpdate(_message.Message):
    __slots__ = ("game_id", "round", "table", "model", "constants", "changes")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    MODEL_FIELD_NUMBER: _ClassVar[int]
    CONSTANTS_FIELD_NUMBER: _ClassVar[int]
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    round: int
    table: int
    model: str
    constants: _struct_pb2.Struct
    changes: _containers.RepeatedCompositeFieldContainer[RatingChange]
    def __init__(self, game_id: _Optional[str] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., model: _Optional[str] = ..., constants: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., changes: _Optional[_Iterable[_Union[RatingChange, _Mapping]]] = ...) -> None: ...

class Ratings(_message.Message):
    __slots__ = ("ratings", "updates")
    RATINGS_FIELD_NUMBER: _ClassVar[int]
    UPDATES_FIELD_NUMBER: _ClassVar[int]
    ratings: _containers.RepeatedCompositeFieldContainer[Rating]
    updates: _containers.RepeatedCompositeFieldContainer[RatingUpdate]
    def __init__(self, ratings: _Optional[_Iterable[_Union[Rating, _Mapping]]] = ..., updates: _Optional[_Iterable[_Union[RatingUpdate, _Mapping]]] = ...) -> None: ...
