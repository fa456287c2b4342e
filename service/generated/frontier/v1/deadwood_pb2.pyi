from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DeadwoodCommand(_message.Message):
    __slots__ = ("pass_safe", "ride_horse", "peek_safes", "draw_with_duster", "rob_safe", "challenge_duel", "defend", "assist", "decline_assist", "send_away", "discard_card", "give_safe", "commit_to_heist", "decline_badge_turn", "showdown_shoot", "play_mystery_gun", "choose_character")
    class SafeRef(_message.Message):
        __slots__ = ("seat", "position")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        position: int
        def __init__(self, seat: _Optional[int] = ..., position: _Optional[int] = ...) -> None: ...
    class PassSafe(_message.Message):
        __slots__ = ("position",)
        POSITION_FIELD_NUMBER: _ClassVar[int]
        position: int
        def __init__(self, position: _Optional[int] = ...) -> None: ...
    class RideHorse(_message.Message):
        __slots__ = ("card", "destination")
        CARD_FIELD_NUMBER: _ClassVar[int]
        DESTINATION_FIELD_NUMBER: _ClassVar[int]
        card: str
        destination: str
        def __init__(self, card: _Optional[str] = ..., destination: _Optional[str] = ...) -> None: ...
    class PeekSafes(_message.Message):
        __slots__ = ("card", "safes")
        CARD_FIELD_NUMBER: _ClassVar[int]
        SAFES_FIELD_NUMBER: _ClassVar[int]
        card: str
        safes: _containers.RepeatedCompositeFieldContainer[DeadwoodCommand.SafeRef]
        def __init__(self, card: _Optional[str] = ..., safes: _Optional[_Iterable[_Union[DeadwoodCommand.SafeRef, _Mapping]]] = ...) -> None: ...
    class DrawWithDuster(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: str
        def __init__(self, card: _Optional[str] = ...) -> None: ...
    class RobSafe(_message.Message):
        __slots__ = ("card", "target", "position")
        CARD_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        card: str
        target: int
        position: int
        def __init__(self, card: _Optional[str] = ..., target: _Optional[int] = ..., position: _Optional[int] = ...) -> None: ...
    class ChallengeDuel(_message.Message):
        __slots__ = ("card", "target")
        CARD_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        card: str
        target: int
        def __init__(self, card: _Optional[str] = ..., target: _Optional[int] = ...) -> None: ...
    class Defend(_message.Message):
        __slots__ = ("gun",)
        GUN_FIELD_NUMBER: _ClassVar[int]
        gun: str
        def __init__(self, gun: _Optional[str] = ...) -> None: ...
    class Assist(_message.Message):
        __slots__ = ("card", "side")
        CARD_FIELD_NUMBER: _ClassVar[int]
        SIDE_FIELD_NUMBER: _ClassVar[int]
        card: str
        side: str
        def __init__(self, card: _Optional[str] = ..., side: _Optional[str] = ...) -> None: ...
    class DeclineAssist(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class SendAway(_message.Message):
        __slots__ = ("destination",)
        DESTINATION_FIELD_NUMBER: _ClassVar[int]
        destination: str
        def __init__(self, destination: _Optional[str] = ...) -> None: ...
    class DiscardCard(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: str
        def __init__(self, card: _Optional[str] = ...) -> None: ...
    class GiveSafe(_message.Message):
        __slots__ = ("position", "to")
        POSITION_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        position: int
        to: int
        def __init__(self, position: _Optional[int] = ..., to: _Optional[int] = ...) -> None: ...
    class CommitToHeist(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: str
        def __init__(self, card: _Optional[str] = ...) -> None: ...
    class DeclineBadgeTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ShowdownShoot(_message.Message):
        __slots__ = ("target", "gun")
        TARGET_FIELD_NUMBER: _ClassVar[int]
        GUN_FIELD_NUMBER: _ClassVar[int]
        target: int
        gun: str
        def __init__(self, target: _Optional[int] = ..., gun: _Optional[str] = ...) -> None: ...
    class PlayMysteryGun(_message.Message):
        __slots__ = ("gun",)
        GUN_FIELD_NUMBER: _ClassVar[int]
        gun: str
        def __init__(self, gun: _Optional[str] = ...) -> None: ...
    class ChooseCharacter(_message.Message):
        __slots__ = ("character",)
        CHARACTER_FIELD_NUMBER: _ClassVar[int]
        character: str
        def __init__(self, character: _Optional[str] = ...) -> None: ...
    PASS_SAFE_FIELD_NUMBER: _ClassVar[int]
    RIDE_HORSE_FIELD_NUMBER: _ClassVar[int]
    PEEK_SAFES_FIELD_NUMBER: _ClassVar[int]
    DRAW_WITH_DUSTER_FIELD_NUMBER: _ClassVar[int]
    ROB_SAFE_FIELD_NUMBER: _ClassVar[int]
    CHALLENGE_DUEL_FIELD_NUMBER: _ClassVar[int]
    DEFEND_FIELD_NUMBER: _ClassVar[int]
    ASSIST_FIELD_NUMBER: _ClassVar[int]
    DECLINE_ASSIST_FIELD_NUMBER: _ClassVar[int]
    SEND_AWAY_FIELD_NUMBER: _ClassVar[int]
    DISCARD_CARD_FIELD_NUMBER: _ClassVar[int]
    GIVE_SAFE_FIELD_NUMBER: _ClassVar[int]
    COMMIT_TO_HEIST_FIELD_NUMBER: _ClassVar[int]
    DECLINE_BADGE_TURN_FIELD_NUMBER: _ClassVar[int]
    SHOWDOWN_SHOOT_FIELD_NUMBER: _ClassVar[int]
    PLAY_MYSTERY_GUN_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    pass_safe: DeadwoodCommand.PassSafe
    ride_horse: DeadwoodCommand.RideHorse
    peek_safes: DeadwoodCommand.PeekSafes
    draw_with_duster: DeadwoodCommand.DrawWithDuster
    rob_safe: DeadwoodCommand.RobSafe
    challenge_duel: DeadwoodCommand.ChallengeDuel
    defend: DeadwoodCommand.Defend
    assist: DeadwoodCommand.Assist
    decline_assist: DeadwoodCommand.DeclineAssist
    send_away: DeadwoodCommand.SendAway
    discard_card: DeadwoodCommand.DiscardCard
    give_safe: DeadwoodCommand.GiveSafe
    commit_to_heist: DeadwoodCommand.CommitToHeist
    decline_badge_turn: DeadwoodCommand.DeclineBadgeTurn
    showdown_shoot: DeadwoodCommand.ShowdownShoot
    play_mystery_gun: DeadwoodCommand.PlayMysteryGun
    choose_character: DeadwoodCommand.ChooseCharacter
    def __init__(self, pass_safe: _Optional[_Union[DeadwoodCommand.PassSafe, _Mapping]] = ..., ride_horse: _Optional[_Union[DeadwoodCommand.RideHorse, _Mapping]] = ..., peek_safes: _Optional[_Union[DeadwoodCommand.PeekSafes, _Mapping]] = ..., draw_with_duster: _Optional[_Union[DeadwoodCommand.DrawWithDuster, _Mapping]] = ..., rob_safe: _Optional[_Union[DeadwoodCommand.RobSafe, _Mapping]] = ..., challenge_duel: _Optional[_Union[DeadwoodCommand.ChallengeDuel, _Mapping]] = ..., defend: _Optional[_Union[DeadwoodCommand.Defend, _Mapping]] = ..., assist: _Optional[_Union[DeadwoodCommand.Assist, _Mapping]] = ..., decline_assist: _Optional[_Union[DeadwoodCommand.DeclineAssist, _Mapping]] = ..., send_away: _Optional[_Union[DeadwoodCommand.SendAway, _Mapping]] = ..., discard_card: _Optional[_Union[DeadwoodCommand.DiscardCard, _Mapping]] = ..., give_safe: _Optional[_Union[DeadwoodCommand.GiveSafe, _Mapping]] = ..., commit_to_heist: _Optional[_Union[DeadwoodCommand.CommitToHeist, _Mapping]] = ..., decline_badge_turn: _Optional[_Union[DeadwoodCommand.DeclineBadgeTurn, _Mapping]] = ..., showdown_shoot: _Optional[_Union[DeadwoodCommand.ShowdownShoot, _Mapping]] = ..., play_mystery_gun: _Optional[_Union[DeadwoodCommand.PlayMysteryGun, _Mapping]] = ..., choose_character: _Optional[_Union[DeadwoodCommand.ChooseCharacter, _Mapping]] = ...) -> None: ...
