from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AddPlayerRequest(_message.Message):
    __slots__ = ("display_name", "public_key")
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    display_name: str
    public_key: str
    def __init__(self, display_name: _Optional[str] = ..., public_key: _Optional[str] = ...) -> None: ...

class InvitePlayerRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class InvitePlayerResponse(_message.Message):
    __slots__ = ("code",)
    CODE_FIELD_NUMBER: _ClassVar[int]
    code: str
    def __init__(self, code: _Optional[str] = ...) -> None: ...

class JoinWithInvitationRequest(_message.Message):
    __slots__ = ("code", "display_name", "public_key")
    CODE_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    code: str
    display_name: str
    public_key: str
    def __init__(self, code: _Optional[str] = ..., display_name: _Optional[str] = ..., public_key: _Optional[str] = ...) -> None: ...

class GetPlayerRequest(_message.Message):
    __slots__ = ("player_id",)
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    def __init__(self, player_id: _Optional[str] = ...) -> None: ...

class ListPlayersRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Player(_message.Message):
    __slots__ = ("player_id", "display_name", "public_key", "registered_at", "via")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    REGISTERED_AT_FIELD_NUMBER: _ClassVar[int]
    VIA_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    display_name: str
    public_key: str
    registered_at: str
    via: str
    def __init__(self, player_id: _Optional[str] = ..., display_name: _Optional[str] = ..., public_key: _Optional[str] = ..., registered_at: _Optional[str] = ..., via: _Optional[str] = ...) -> None: ...

class ListPlayersResponse(_message.Message):
    __slots__ = ("players",)
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    players: _containers.RepeatedCompositeFieldContainer[Player]
    def __init__(self, players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ...) -> None: ...

class HistoryGame(_message.Message):
    __slots__ = ("kind", "event_id", "event_name", "season", "game_id", "seat", "status", "place")
    KIND_FIELD_NUMBER: _ClassVar[int]
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_NAME_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    kind: str
    event_id: str
    event_name: str
    season: int
    game_id: str
    seat: int
    status: str
    place: int
    def __init__(self, kind: _Optional[str] = ..., event_id: _Optional[str] = ..., event_name: _Optional[str] = ..., season: _Optional[int] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., status: _Optional[str] = ..., place: _Optional[int] = ...) -> None: ...

class PlayerHistory(_message.Message):
    __slots__ = ("player", "games")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    player: Player
    games: _containers.RepeatedCompositeFieldContainer[HistoryGame]
    def __init__(self, player: _Optional[_Union[Player, _Mapping]] = ..., games: _Optional[_Iterable[_Union[HistoryGame, _Mapping]]] = ...) -> None: ...

class CreateLadderRequest(_message.Message):
    __slots__ = ("name", "game", "options", "time_control", "timeout_policy", "period_seconds")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_POLICY_FIELD_NUMBER: _ClassVar[int]
    PERIOD_SECONDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    game: str
    options: _struct_pb2.Struct
    time_control: str
    timeout_policy: str
    period_seconds: int
    def __init__(self, name: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., time_control: _Optional[str] = ..., timeout_policy: _Optional[str] = ..., period_seconds: _Optional[int] = ...) -> None: ...

class GetLadderRequest(_message.Message):
    __slots__ = ("ladder_id",)
    LADDER_ID_FIELD_NUMBER: _ClassVar[int]
    ladder_id: str
    def __init__(self, ladder_id: _Optional[str] = ...) -> None: ...

class PairLadderGameRequest(_message.Message):
    __slots__ = ("ladder_id", "players", "start_at")
    LADDER_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    START_AT_FIELD_NUMBER: _ClassVar[int]
    ladder_id: str
    players: _containers.RepeatedScalarFieldContainer[str]
    start_at: str
    def __init__(self, ladder_id: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., start_at: _Optional[str] = ...) -> None: ...

class LadderSeat(_message.Message):
    __slots__ = ("seat", "player_id", "token")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player_id: str
    token: str
    def __init__(self, seat: _Optional[int] = ..., player_id: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class PairLadderGameResponse(_message.Message):
    __slots__ = ("game_id", "seats")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seats: _containers.RepeatedCompositeFieldContainer[LadderSeat]
    def __init__(self, game_id: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[LadderSeat, _Mapping]]] = ...) -> None: ...

class LadderRow(_message.Message):
    __slots__ = ("rank", "player_id", "display_name", "mu", "sigma", "ordinal", "games", "last_played")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    ORDINAL_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    LAST_PLAYED_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player_id: str
    display_name: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    last_played: str
    def __init__(self, rank: _Optional[int] = ..., player_id: _Optional[str] = ..., display_name: _Optional[str] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., ordinal: _Optional[float] = ..., games: _Optional[int] = ..., last_played: _Optional[str] = ...) -> None: ...

class Ladder(_message.Message):
    __slots__ = ("ladder_id", "name", "game", "season", "as_of", "table", "games_in_play", "record_json")
    LADDER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAMES_IN_PLAY_FIELD_NUMBER: _ClassVar[int]
    RECORD_JSON_FIELD_NUMBER: _ClassVar[int]
    ladder_id: str
    name: str
    game: str
    season: int
    as_of: str
    table: _containers.RepeatedCompositeFieldContainer[LadderRow]
    games_in_play: int
    record_json: str
    def __init__(self, ladder_id: _Optional[str] = ..., name: _Optional[str] = ..., game: _Optional[str] = ..., season: _Optional[int] = ..., as_of: _Optional[str] = ..., table: _Optional[_Iterable[_Union[LadderRow, _Mapping]]] = ..., games_in_play: _Optional[int] = ..., record_json: _Optional[str] = ...) -> None: ...
