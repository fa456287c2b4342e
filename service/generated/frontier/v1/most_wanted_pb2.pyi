from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MostWantedCommand(_message.Message):
    __slots__ = ("declare_robbery", "join_robbery", "withdraw_from_robbery", "stay_put", "lock_cards", "do_honest_labor", "visit_church", "challenge_duel")
    DECLARE_ROBBERY_FIELD_NUMBER: _ClassVar[int]
    JOIN_ROBBERY_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_FROM_ROBBERY_FIELD_NUMBER: _ClassVar[int]
    STAY_PUT_FIELD_NUMBER: _ClassVar[int]
    LOCK_CARDS_FIELD_NUMBER: _ClassVar[int]
    DO_HONEST_LABOR_FIELD_NUMBER: _ClassVar[int]
    VISIT_CHURCH_FIELD_NUMBER: _ClassVar[int]
    CHALLENGE_DUEL_FIELD_NUMBER: _ClassVar[int]
    declare_robbery: DeclareRobbery
    join_robbery: JoinRobbery
    withdraw_from_robbery: WithdrawFromRobbery
    stay_put: StayPut
    lock_cards: LockCards
    do_honest_labor: DoHonestLabor
    visit_church: VisitChurch
    challenge_duel: ChallengeDuel
    def __init__(self, declare_robbery: _Optional[_Union[DeclareRobbery, _Mapping]] = ..., join_robbery: _Optional[_Union[JoinRobbery, _Mapping]] = ..., withdraw_from_robbery: _Optional[_Union[WithdrawFromRobbery, _Mapping]] = ..., stay_put: _Optional[_Union[StayPut, _Mapping]] = ..., lock_cards: _Optional[_Union[LockCards, _Mapping]] = ..., do_honest_labor: _Optional[_Union[DoHonestLabor, _Mapping]] = ..., visit_church: _Optional[_Union[VisitChurch, _Mapping]] = ..., challenge_duel: _Optional[_Union[ChallengeDuel, _Mapping]] = ...) -> None: ...

class DeclareRobbery(_message.Message):
    __slots__ = ("tile", "cards")
    TILE_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    tile: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, tile: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class JoinRobbery(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class WithdrawFromRobbery(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class StayPut(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class LockCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class DoHonestLabor(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class VisitChurch(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class ChallengeDuel(_message.Message):
    __slots__ = ("target", "size")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    target: int
    size: int
    def __init__(self, target: _Optional[int] = ..., size: _Optional[int] = ...) -> None: ...
