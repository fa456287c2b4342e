from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MostWantedView(_message.Message):
    __slots__ = ("phase", "turn", "active", "players", "deck_size", "discard", "tiles", "reshuffles", "winners", "end_reason", "settings", "action", "deck")
    class Player(_message.Message):
        __slots__ = ("seat", "notoriety", "money", "hand_size", "committed_count", "hand", "committed")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        NOTORIETY_FIELD_NUMBER: _ClassVar[int]
        MONEY_FIELD_NUMBER: _ClassVar[int]
        HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
        COMMITTED_COUNT_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        COMMITTED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        notoriety: int
        money: int
        hand_size: int
        committed_count: int
        hand: _containers.RepeatedScalarFieldContainer[str]
        committed: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., notoriety: _Optional[int] = ..., money: _Optional[int] = ..., hand_size: _Optional[int] = ..., committed_count: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., committed: _Optional[_Iterable[str]] = ...) -> None: ...
    class Tile(_message.Message):
        __slots__ = ("tile", "cards", "points", "flipped")
        TILE_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        FLIPPED_FIELD_NUMBER: _ClassVar[int]
        tile: str
        cards: int
        points: int
        flipped: bool
        def __init__(self, tile: _Optional[str] = ..., cards: _Optional[int] = ..., points: _Optional[int] = ..., flipped: _Optional[bool] = ...) -> None: ...
    class Settings(_message.Message):
        __slots__ = ("first_player", "tie_rule", "duel_reward", "bail_rule", "max_join_circuits", "max_turns", "first_seat", "last_call", "declarer_may_swap")
        FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
        TIE_RULE_FIELD_NUMBER: _ClassVar[int]
        DUEL_REWARD_FIELD_NUMBER: _ClassVar[int]
        BAIL_RULE_FIELD_NUMBER: _ClassVar[int]
        MAX_JOIN_CIRCUITS_FIELD_NUMBER: _ClassVar[int]
        MAX_TURNS_FIELD_NUMBER: _ClassVar[int]
        FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
        LAST_CALL_FIELD_NUMBER: _ClassVar[int]
        DECLARER_MAY_SWAP_FIELD_NUMBER: _ClassVar[int]
        first_player: str
        tie_rule: str
        duel_reward: str
        bail_rule: str
        max_join_circuits: int
        max_turns: int
        first_seat: int
        last_call: bool
        declarer_may_swap: bool
        def __init__(self, first_player: _Optional[str] = ..., tie_rule: _Optional[str] = ..., duel_reward: _Optional[str] = ..., bail_rule: _Optional[str] = ..., max_join_circuits: _Optional[int] = ..., max_turns: _Optional[int] = ..., first_seat: _Optional[int] = ..., last_call: _Optional[bool] = ..., declarer_may_swap: _Optional[bool] = ...) -> None: ...
    class Action(_message.Message):
        __slots__ = ("kind", "tile", "size", "participants", "locked", "deciding", "circuits", "last_call")
        KIND_FIELD_NUMBER: _ClassVar[int]
        TILE_FIELD_NUMBER: _ClassVar[int]
        SIZE_FIELD_NUMBER: _ClassVar[int]
        PARTICIPANTS_FIELD_NUMBER: _ClassVar[int]
        LOCKED_FIELD_NUMBER: _ClassVar[int]
        DECIDING_FIELD_NUMBER: _ClassVar[int]
        CIRCUITS_FIELD_NUMBER: _ClassVar[int]
        LAST_CALL_FIELD_NUMBER: _ClassVar[int]
        kind: str
        tile: str
        size: int
        participants: _containers.RepeatedScalarFieldContainer[int]
        locked: _containers.RepeatedScalarFieldContainer[int]
        deciding: int
        circuits: int
        last_call: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, kind: _Optional[str] = ..., tile: _Optional[str] = ..., size: _Optional[int] = ..., participants: _Optional[_Iterable[int]] = ..., locked: _Optional[_Iterable[int]] = ..., deciding: _Optional[int] = ..., circuits: _Optional[int] = ..., last_call: _Optional[_Iterable[int]] = ...) -> None: ...
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    END_REASON_FIELD_NUMBER: _ClassVar[int]
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    phase: str
    turn: int
    active: int
    players: _containers.RepeatedCompositeFieldContainer[MostWantedView.Player]
    deck_size: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    tiles: _containers.RepeatedCompositeFieldContainer[MostWantedView.Tile]
    reshuffles: int
    winners: _containers.RepeatedScalarFieldContainer[int]
    end_reason: str
    settings: MostWantedView.Settings
    action: MostWantedView.Action
    deck: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, phase: _Optional[str] = ..., turn: _Optional[int] = ..., active: _Optional[int] = ..., players: _Optional[_Iterable[_Union[MostWantedView.Player, _Mapping]]] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., tiles: _Optional[_Iterable[_Union[MostWantedView.Tile, _Mapping]]] = ..., reshuffles: _Optional[int] = ..., winners: _Optional[_Iterable[int]] = ..., end_reason: _Optional[str] = ..., settings: _Optional[_Union[MostWantedView.Settings, _Mapping]] = ..., action: _Optional[_Union[MostWantedView.Action, _Mapping]] = ..., deck: _Optional[_Iterable[str]] = ...) -> None: ...

class MostWantedEvent(_message.Message):
    __slots__ = ("v", "game_started", "deck_shuffled", "tile_flipped", "cards_drawn", "first_duel_started", "turn_started", "robbery_declared", "robbery_joined", "robbery_withdrawn", "stayed_put", "join_window_closed", "duel_challenged", "cards_locked", "hands_revealed", "bail_paid", "moved_back", "advanced", "cards_discarded", "labor_paid", "church_visited", "first_player_chosen", "game_ended", "rules_added", "last_call_started", "rejoin_call_added", "rejoin_call_started")
    class GameStarted(_message.Message):
        __slots__ = ("seats", "first_player", "tie_rule", "duel_reward", "bail_rule", "max_join_circuits", "max_turns")
        SEATS_FIELD_NUMBER: _ClassVar[int]
        FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
        TIE_RULE_FIELD_NUMBER: _ClassVar[int]
        DUEL_REWARD_FIELD_NUMBER: _ClassVar[int]
        BAIL_RULE_FIELD_NUMBER: _ClassVar[int]
        MAX_JOIN_CIRCUITS_FIELD_NUMBER: _ClassVar[int]
        MAX_TURNS_FIELD_NUMBER: _ClassVar[int]
        seats: int
        first_player: str
        tie_rule: str
        duel_reward: str
        bail_rule: str
        max_join_circuits: int
        max_turns: int
        def __init__(self, seats: _Optional[int] = ..., first_player: _Optional[str] = ..., tie_rule: _Optional[str] = ..., duel_reward: _Optional[str] = ..., bail_rule: _Optional[str] = ..., max_join_circuits: _Optional[int] = ..., max_turns: _Optional[int] = ...) -> None: ...
    class DeckShuffled(_message.Message):
        __slots__ = ("order", "reshuffle")
        ORDER_FIELD_NUMBER: _ClassVar[int]
        RESHUFFLE_FIELD_NUMBER: _ClassVar[int]
        order: _containers.RepeatedScalarFieldContainer[str]
        reshuffle: bool
        def __init__(self, order: _Optional[_Iterable[str]] = ..., reshuffle: _Optional[bool] = ...) -> None: ...
    class TileFlipped(_message.Message):
        __slots__ = ("tile",)
        TILE_FIELD_NUMBER: _ClassVar[int]
        tile: str
        def __init__(self, tile: _Optional[str] = ...) -> None: ...
    class CardsDrawn(_message.Message):
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class FirstDuelStarted(_message.Message):
        __slots__ = ("seats",)
        SEATS_FIELD_NUMBER: _ClassVar[int]
        seats: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...
    class TurnStarted(_message.Message):
        __slots__ = ("seat", "turn")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TURN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        turn: int
        def __init__(self, seat: _Optional[int] = ..., turn: _Optional[int] = ...) -> None: ...
    class RobberyDeclared(_message.Message):
        __slots__ = ("seat", "tile", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TILE_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        tile: str
        count: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., tile: _Optional[str] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class RobberyJoined(_message.Message):
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class RobberyWithdrawn(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class StayedPut(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class JoinWindowClosed(_message.Message):
        __slots__ = ("participants",)
        PARTICIPANTS_FIELD_NUMBER: _ClassVar[int]
        participants: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, participants: _Optional[_Iterable[int]] = ...) -> None: ...
    class DuelChallenged(_message.Message):
        __slots__ = ("seat", "target", "size")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        SIZE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        target: int
        size: int
        def __init__(self, seat: _Optional[int] = ..., target: _Optional[int] = ..., size: _Optional[int] = ...) -> None: ...
    class CardsLocked(_message.Message):
        __slots__ = ("seat", "count", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class ShownHand(_message.Message):
        __slots__ = ("seat", "cards", "category")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        CATEGORY_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        category: str
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., category: _Optional[str] = ...) -> None: ...
    class HandsRevealed(_message.Message):
        __slots__ = ("hands", "winner", "tied")
        HANDS_FIELD_NUMBER: _ClassVar[int]
        WINNER_FIELD_NUMBER: _ClassVar[int]
        TIED_FIELD_NUMBER: _ClassVar[int]
        hands: _containers.RepeatedCompositeFieldContainer[MostWantedEvent.ShownHand]
        winner: int
        tied: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, hands: _Optional[_Iterable[_Union[MostWantedEvent.ShownHand, _Mapping]]] = ..., winner: _Optional[int] = ..., tied: _Optional[_Iterable[int]] = ...) -> None: ...
    class BailPaid(_message.Message):
        __slots__ = ("seat", "amount", "to_seat")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        AMOUNT_FIELD_NUMBER: _ClassVar[int]
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        amount: int
        to_seat: int
        def __init__(self, seat: _Optional[int] = ..., amount: _Optional[int] = ..., to_seat: _Optional[int] = ...) -> None: ...
    class MovedBack(_message.Message):
        __slots__ = ("seat", "spaces")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SPACES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        spaces: int
        def __init__(self, seat: _Optional[int] = ..., spaces: _Optional[int] = ...) -> None: ...
    class Advanced(_message.Message):
        __slots__ = ("seat", "points")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        points: int
        def __init__(self, seat: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...
    class CardsDiscarded(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class LaborPaid(_message.Message):
        __slots__ = ("seat", "cards", "money")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        MONEY_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        money: int
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., money: _Optional[int] = ...) -> None: ...
    class ChurchVisited(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class FirstPlayerChosen(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class GameEnded(_message.Message):
        __slots__ = ("winners", "reason")
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        reason: str
        def __init__(self, winners: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ...) -> None: ...
    class RulesAdded(_message.Message):
        __slots__ = ("first_seat", "last_call", "declarer_may_swap")
        FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
        LAST_CALL_FIELD_NUMBER: _ClassVar[int]
        DECLARER_MAY_SWAP_FIELD_NUMBER: _ClassVar[int]
        first_seat: int
        last_call: bool
        declarer_may_swap: bool
        def __init__(self, first_seat: _Optional[int] = ..., last_call: _Optional[bool] = ..., declarer_may_swap: _Optional[bool] = ...) -> None: ...
    class LastCallStarted(_message.Message):
        __slots__ = ("seats",)
        SEATS_FIELD_NUMBER: _ClassVar[int]
        seats: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...
    class RejoinCallAdded(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class RejoinCallStarted(_message.Message):
        __slots__ = ("seats",)
        SEATS_FIELD_NUMBER: _ClassVar[int]
        seats: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...
    V_FIELD_NUMBER: _ClassVar[int]
    GAME_STARTED_FIELD_NUMBER: _ClassVar[int]
    DECK_SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    TILE_FLIPPED_FIELD_NUMBER: _ClassVar[int]
    CARDS_DRAWN_FIELD_NUMBER: _ClassVar[int]
    FIRST_DUEL_STARTED_FIELD_NUMBER: _ClassVar[int]
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    ROBBERY_DECLARED_FIELD_NUMBER: _ClassVar[int]
    ROBBERY_JOINED_FIELD_NUMBER: _ClassVar[int]
    ROBBERY_WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    STAYED_PUT_FIELD_NUMBER: _ClassVar[int]
    JOIN_WINDOW_CLOSED_FIELD_NUMBER: _ClassVar[int]
    DUEL_CHALLENGED_FIELD_NUMBER: _ClassVar[int]
    CARDS_LOCKED_FIELD_NUMBER: _ClassVar[int]
    HANDS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    BAIL_PAID_FIELD_NUMBER: _ClassVar[int]
    MOVED_BACK_FIELD_NUMBER: _ClassVar[int]
    ADVANCED_FIELD_NUMBER: _ClassVar[int]
    CARDS_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    LABOR_PAID_FIELD_NUMBER: _ClassVar[int]
    CHURCH_VISITED_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    RULES_ADDED_FIELD_NUMBER: _ClassVar[int]
    LAST_CALL_STARTED_FIELD_NUMBER: _ClassVar[int]
    REJOIN_CALL_ADDED_FIELD_NUMBER: _ClassVar[int]
    REJOIN_CALL_STARTED_FIELD_NUMBER: _ClassVar[int]
    v: int
    game_started: MostWantedEvent.GameStarted
    deck_shuffled: MostWantedEvent.DeckShuffled
    tile_flipped: MostWantedEvent.TileFlipped
    cards_drawn: MostWantedEvent.CardsDrawn
    first_duel_started: MostWantedEvent.FirstDuelStarted
    turn_started: MostWantedEvent.TurnStarted
    robbery_declared: MostWantedEvent.RobberyDeclared
    robbery_joined: MostWantedEvent.RobberyJoined
    robbery_withdrawn: MostWantedEvent.RobberyWithdrawn
    stayed_put: MostWantedEvent.StayedPut
    join_window_closed: MostWantedEvent.JoinWindowClosed
    duel_challenged: MostWantedEvent.DuelChallenged
    cards_locked: MostWantedEvent.CardsLocked
    hands_revealed: MostWantedEvent.HandsRevealed
    bail_paid: MostWantedEvent.BailPaid
    moved_back: MostWantedEvent.MovedBack
    advanced: MostWantedEvent.Advanced
    cards_discarded: MostWantedEvent.CardsDiscarded
    labor_paid: MostWantedEvent.LaborPaid
    church_visited: MostWantedEvent.ChurchVisited
    first_player_chosen: MostWantedEvent.FirstPlayerChosen
    game_ended: MostWantedEvent.GameEnded
    rules_added: MostWantedEvent.RulesAdded
    last_call_started: MostWantedEvent.LastCallStarted
    rejoin_call_added: MostWantedEvent.RejoinCallAdded
    rejoin_call_started: MostWantedEvent.RejoinCallStarted
    def __init__(self, v: _Optional[int] = ..., game_started: _Optional[_Union[MostWantedEvent.GameStarted, _Mapping]] = ..., deck_shuffled: _Optional[_Union[MostWantedEvent.DeckShuffled, _Mapping]] = ..., tile_flipped: _Optional[_Union[MostWantedEvent.TileFlipped, _Mapping]] = ..., cards_drawn: _Optional[_Union[MostWantedEvent.CardsDrawn, _Mapping]] = ..., first_duel_started: _Optional[_Union[MostWantedEvent.FirstDuelStarted, _Mapping]] = ..., turn_started: _Optional[_Union[MostWantedEvent.TurnStarted, _Mapping]] = ..., robbery_declared: _Optional[_Union[MostWantedEvent.RobberyDeclared, _Mapping]] = ..., robbery_joined: _Optional[_Union[MostWantedEvent.RobberyJoined, _Mapping]] = ..., robbery_withdrawn: _Optional[_Union[MostWantedEvent.RobberyWithdrawn, _Mapping]] = ..., stayed_put: _Optional[_Union[MostWantedEvent.StayedPut, _Mapping]] = ..., join_window_closed: _Optional[_Union[MostWantedEvent.JoinWindowClosed, _Mapping]] = ..., duel_challenged: _Optional[_Union[MostWantedEvent.DuelChallenged, _Mapping]] = ..., cards_locked: _Optional[_Union[MostWantedEvent.CardsLocked, _Mapping]] = ..., hands_revealed: _Optional[_Union[MostWantedEvent.HandsRevealed, _Mapping]] = ..., bail_paid: _Optional[_Union[MostWantedEvent.BailPaid, _Mapping]] = ..., moved_back: _Optional[_Union[MostWantedEvent.MovedBack, _Mapping]] = ..., advanced: _Optional[_Union[MostWantedEvent.Advanced, _Mapping]] = ..., cards_discarded: _Optional[_Union[MostWantedEvent.CardsDiscarded, _Mapping]] = ..., labor_paid: _Optional[_Union[MostWantedEvent.LaborPaid, _Mapping]] = ..., church_visited: _Optional[_Union[MostWantedEvent.ChurchVisited, _Mapping]] = ..., first_player_chosen: _Optional[_Union[MostWantedEvent.FirstPlayerChosen, _Mapping]] = ..., game_ended: _Optional[_Union[MostWantedEvent.GameEnded, _Mapping]] = ..., rules_added: _Optional[_Union[MostWantedEvent.RulesAdded, _Mapping]] = ..., last_call_started: _Optional[_Union[MostWantedEvent.LastCallStarted, _Mapping]] = ..., rejoin_call_added: _Optional[_Union[MostWantedEvent.RejoinCallAdded, _Mapping]] = ..., rejoin_call_started: _Optional[_Union[MostWantedEvent.RejoinCallStarted, _Mapping]] = ...) -> None: ...
