from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DeadwoodView(_message.Message):
    __slots__ = ("phase", "round", "main_rounds", "badge_round", "first_player", "active", "locations", "hand_size", "deck_size", "discard", "centre_safes", "boxed_safes", "players", "fight", "overflow", "discarding", "to_discard", "gold", "team_gold", "finalists", "eliminated", "showdown_turn", "winner", "win_reason", "deck", "centre", "boxed", "mystery_pending")
    class MysteryPending(_message.Message):
        __slots__ = ("seat", "safe")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SAFE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        safe: str
        def __init__(self, seat: _Optional[int] = ..., safe: _Optional[str] = ...) -> None: ...
    class Location(_message.Message):
        __slots__ = ("id", "capacity", "team")
        ID_FIELD_NUMBER: _ClassVar[int]
        CAPACITY_FIELD_NUMBER: _ClassVar[int]
        TEAM_FIELD_NUMBER: _ClassVar[int]
        id: str
        capacity: int
        team: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, id: _Optional[str] = ..., capacity: _Optional[int] = ..., team: _Optional[_Iterable[int]] = ...) -> None: ...
    class Player(_message.Message):
        __slots__ = ("seat", "character", "location", "hand_count", "hand", "safe_count", "safes", "passing", "has_passed", "committed", "has_committed", "badge_turns", "alive")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CHARACTER_FIELD_NUMBER: _ClassVar[int]
        LOCATION_FIELD_NUMBER: _ClassVar[int]
        HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        SAFE_COUNT_FIELD_NUMBER: _ClassVar[int]
        SAFES_FIELD_NUMBER: _ClassVar[int]
        PASSING_FIELD_NUMBER: _ClassVar[int]
        HAS_PASSED_FIELD_NUMBER: _ClassVar[int]
        COMMITTED_FIELD_NUMBER: _ClassVar[int]
        HAS_COMMITTED_FIELD_NUMBER: _ClassVar[int]
        BADGE_TURNS_FIELD_NUMBER: _ClassVar[int]
        ALIVE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        character: str
        location: str
        hand_count: int
        hand: _containers.RepeatedScalarFieldContainer[str]
        safe_count: int
        safes: _containers.RepeatedScalarFieldContainer[str]
        passing: str
        has_passed: bool
        committed: str
        has_committed: bool
        badge_turns: int
        alive: bool
        def __init__(self, seat: _Optional[int] = ..., character: _Optional[str] = ..., location: _Optional[str] = ..., hand_count: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., safe_count: _Optional[int] = ..., safes: _Optional[_Iterable[str]] = ..., passing: _Optional[str] = ..., has_passed: _Optional[bool] = ..., committed: _Optional[str] = ..., has_committed: _Optional[bool] = ..., badge_turns: _Optional[int] = ..., alive: _Optional[bool] = ...) -> None: ...
    class Fight(_message.Message):
        __slots__ = ("kind", "attacker", "defender", "position", "attack_gun", "defence_gun", "defended", "helpers", "askers")
        KIND_FIELD_NUMBER: _ClassVar[int]
        ATTACKER_FIELD_NUMBER: _ClassVar[int]
        DEFENDER_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        ATTACK_GUN_FIELD_NUMBER: _ClassVar[int]
        DEFENCE_GUN_FIELD_NUMBER: _ClassVar[int]
        DEFENDED_FIELD_NUMBER: _ClassVar[int]
        HELPERS_FIELD_NUMBER: _ClassVar[int]
        ASKERS_FIELD_NUMBER: _ClassVar[int]
        kind: str
        attacker: int
        defender: int
        position: int
        attack_gun: str
        defence_gun: str
        defended: bool
        helpers: _containers.RepeatedCompositeFieldContainer[DeadwoodView.Helper]
        askers: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, kind: _Optional[str] = ..., attacker: _Optional[int] = ..., defender: _Optional[int] = ..., position: _Optional[int] = ..., attack_gun: _Optional[str] = ..., defence_gun: _Optional[str] = ..., defended: _Optional[bool] = ..., helpers: _Optional[_Iterable[_Union[DeadwoodView.Helper, _Mapping]]] = ..., askers: _Optional[_Iterable[int]] = ...) -> None: ...
    class Helper(_message.Message):
        __slots__ = ("seat", "card", "side")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SIDE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        side: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., side: _Optional[str] = ...) -> None: ...
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    MAIN_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    BADGE_ROUND_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    CENTRE_SAFES_FIELD_NUMBER: _ClassVar[int]
    BOXED_SAFES_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    FIGHT_FIELD_NUMBER: _ClassVar[int]
    OVERFLOW_FIELD_NUMBER: _ClassVar[int]
    DISCARDING_FIELD_NUMBER: _ClassVar[int]
    TO_DISCARD_FIELD_NUMBER: _ClassVar[int]
    GOLD_FIELD_NUMBER: _ClassVar[int]
    TEAM_GOLD_FIELD_NUMBER: _ClassVar[int]
    FINALISTS_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_FIELD_NUMBER: _ClassVar[int]
    SHOWDOWN_TURN_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    WIN_REASON_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    CENTRE_FIELD_NUMBER: _ClassVar[int]
    BOXED_FIELD_NUMBER: _ClassVar[int]
    MYSTERY_PENDING_FIELD_NUMBER: _ClassVar[int]
    phase: str
    round: int
    main_rounds: int
    badge_round: bool
    first_player: int
    active: int
    locations: _containers.RepeatedCompositeFieldContainer[DeadwoodView.Location]
    hand_size: int
    deck_size: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    centre_safes: int
    boxed_safes: int
    players: _containers.RepeatedCompositeFieldContainer[DeadwoodView.Player]
    fight: DeadwoodView.Fight
    overflow: int
    discarding: int
    to_discard: int
    gold: _containers.RepeatedScalarFieldContainer[int]
    team_gold: _containers.RepeatedScalarFieldContainer[int]
    finalists: _containers.RepeatedScalarFieldContainer[int]
    eliminated: _containers.RepeatedScalarFieldContainer[int]
    showdown_turn: int
    winner: int
    win_reason: str
    deck: _containers.RepeatedScalarFieldContainer[str]
    centre: _containers.RepeatedScalarFieldContainer[str]
    boxed: _containers.RepeatedScalarFieldContainer[str]
    mystery_pending: _containers.RepeatedCompositeFieldContainer[DeadwoodView.MysteryPending]
    def __init__(self, phase: _Optional[str] = ..., round: _Optional[int] = ..., main_rounds: _Optional[int] = ..., badge_round: _Optional[bool] = ..., first_player: _Optional[int] = ..., active: _Optional[int] = ..., locations: _Optional[_Iterable[_Union[DeadwoodView.Location, _Mapping]]] = ..., hand_size: _Optional[int] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., centre_safes: _Optional[int] = ..., boxed_safes: _Optional[int] = ..., players: _Optional[_Iterable[_Union[DeadwoodView.Player, _Mapping]]] = ..., fight: _Optional[_Union[DeadwoodView.Fight, _Mapping]] = ..., overflow: _Optional[int] = ..., discarding: _Optional[int] = ..., to_discard: _Optional[int] = ..., gold: _Optional[_Iterable[int]] = ..., team_gold: _Optional[_Iterable[int]] = ..., finalists: _Optional[_Iterable[int]] = ..., eliminated: _Optional[_Iterable[int]] = ..., showdown_turn: _Optional[int] = ..., winner: _Optional[int] = ..., win_reason: _Optional[str] = ..., deck: _Optional[_Iterable[str]] = ..., centre: _Optional[_Iterable[str]] = ..., boxed: _Optional[_Iterable[str]] = ..., mystery_pending: _Optional[_Iterable[_Union[DeadwoodView.MysteryPending, _Mapping]]] = ...) -> None: ...

class DeadwoodEvent(_message.Message):
    __slots__ = ("v", "game_started", "stars_placed", "deck_shuffled", "discards_reshuffled", "cards_drawn", "centre_stacked", "safes_dealt", "safes_boxed", "pass_chosen", "safe_passed", "safes_shuffled", "dice_rolled", "first_player_chosen", "turn_started", "horse_ridden", "safes_peeked", "duster_played", "discard_required", "card_discarded", "fight_started", "defence_chosen", "assist_offered", "assist_declined", "fight_resolved", "safe_stolen", "stars_swapped", "player_sent_away", "safe_left_game", "over_limit", "heist_started", "heist_committed", "heist_revealed", "heist_won", "heist_failed", "badge_round_started", "badge_turn_declined", "safes_revealed", "gold_adjusted", "teams_scored", "showdown_turn_started", "showdown_passed", "player_eliminated", "game_won", "rules_added", "mystery_scoring_started", "mystery_gun_played", "character_chosen")
    class GameStarted(_message.Message):
        __slots__ = ("seats", "locations", "characters", "capacity", "hand_size", "main_rounds", "safe_limit", "badge_turns", "assists", "rob_teammates", "hand_guns_in_showdown", "duster_draw", "stetson_peeks")
        SEATS_FIELD_NUMBER: _ClassVar[int]
        LOCATIONS_FIELD_NUMBER: _ClassVar[int]
        CHARACTERS_FIELD_NUMBER: _ClassVar[int]
        CAPACITY_FIELD_NUMBER: _ClassVar[int]
        HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
        MAIN_ROUNDS_FIELD_NUMBER: _ClassVar[int]
        SAFE_LIMIT_FIELD_NUMBER: _ClassVar[int]
        BADGE_TURNS_FIELD_NUMBER: _ClassVar[int]
        ASSISTS_FIELD_NUMBER: _ClassVar[int]
        ROB_TEAMMATES_FIELD_NUMBER: _ClassVar[int]
        HAND_GUNS_IN_SHOWDOWN_FIELD_NUMBER: _ClassVar[int]
        DUSTER_DRAW_FIELD_NUMBER: _ClassVar[int]
        STETSON_PEEKS_FIELD_NUMBER: _ClassVar[int]
        seats: int
        locations: _containers.RepeatedScalarFieldContainer[str]
        characters: _containers.RepeatedScalarFieldContainer[str]
        capacity: int
        hand_size: int
        main_rounds: int
        safe_limit: int
        badge_turns: str
        assists: bool
        rob_teammates: bool
        hand_guns_in_showdown: bool
        duster_draw: int
        stetson_peeks: int
        def __init__(self, seats: _Optional[int] = ..., locations: _Optional[_Iterable[str]] = ..., characters: _Optional[_Iterable[str]] = ..., capacity: _Optional[int] = ..., hand_size: _Optional[int] = ..., main_rounds: _Optional[int] = ..., safe_limit: _Optional[int] = ..., badge_turns: _Optional[str] = ..., assists: _Optional[bool] = ..., rob_teammates: _Optional[bool] = ..., hand_guns_in_showdown: _Optional[bool] = ..., duster_draw: _Optional[int] = ..., stetson_peeks: _Optional[int] = ...) -> None: ...
    class StarsPlaced(_message.Message):
        __slots__ = ("locations",)
        LOCATIONS_FIELD_NUMBER: _ClassVar[int]
        locations: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, locations: _Optional[_Iterable[str]] = ...) -> None: ...
    class DeckShuffled(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class DiscardsReshuffled(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class CardsDrawn(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class CentreStacked(_message.Message):
        __slots__ = ("safes",)
        SAFES_FIELD_NUMBER: _ClassVar[int]
        safes: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, safes: _Optional[_Iterable[str]] = ...) -> None: ...
    class SafesDealt(_message.Message):
        __slots__ = ("seat", "safes")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SAFES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        safes: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., safes: _Optional[_Iterable[str]] = ...) -> None: ...
    class SafesBoxed(_message.Message):
        __slots__ = ("safes",)
        SAFES_FIELD_NUMBER: _ClassVar[int]
        safes: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, safes: _Optional[_Iterable[str]] = ...) -> None: ...
    class PassChosen(_message.Message):
        __slots__ = ("seat", "position")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        position: int
        def __init__(self, seat: _Optional[int] = ..., position: _Optional[int] = ...) -> None: ...
    class SafePassed(_message.Message):
        __slots__ = ("giver", "receiver", "position", "safe")
        GIVER_FIELD_NUMBER: _ClassVar[int]
        RECEIVER_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        SAFE_FIELD_NUMBER: _ClassVar[int]
        giver: int
        receiver: int
        position: int
        safe: str
        def __init__(self, giver: _Optional[int] = ..., receiver: _Optional[int] = ..., position: _Optional[int] = ..., safe: _Optional[str] = ...) -> None: ...
    class SafesShuffled(_message.Message):
        __slots__ = ("seat", "order")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ORDER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        order: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ...) -> None: ...
    class DiceRolled(_message.Message):
        __slots__ = ("reason", "seats", "colours", "faces")
        REASON_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        COLOURS_FIELD_NUMBER: _ClassVar[int]
        FACES_FIELD_NUMBER: _ClassVar[int]
        reason: str
        seats: _containers.RepeatedScalarFieldContainer[int]
        colours: _containers.RepeatedScalarFieldContainer[str]
        faces: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, reason: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ..., colours: _Optional[_Iterable[str]] = ..., faces: _Optional[_Iterable[int]] = ...) -> None: ...
    class FirstPlayerChosen(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class TurnStarted(_message.Message):
        __slots__ = ("seat", "round", "badge")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ROUND_FIELD_NUMBER: _ClassVar[int]
        BADGE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        round: int
        badge: bool
        def __init__(self, seat: _Optional[int] = ..., round: _Optional[int] = ..., badge: _Optional[bool] = ...) -> None: ...
    class HorseRidden(_message.Message):
        __slots__ = ("seat", "card", "destination")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        DESTINATION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        destination: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., destination: _Optional[str] = ...) -> None: ...
    class SafesPeeked(_message.Message):
        __slots__ = ("seat", "card", "targets", "safes")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        TARGETS_FIELD_NUMBER: _ClassVar[int]
        SAFES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        targets: _containers.RepeatedCompositeFieldContainer[DeadwoodEvent.SafeRef]
        safes: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., targets: _Optional[_Iterable[_Union[DeadwoodEvent.SafeRef, _Mapping]]] = ..., safes: _Optional[_Iterable[str]] = ...) -> None: ...
    class DusterPlayed(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class DiscardRequired(_message.Message):
        __slots__ = ("seat", "count")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        count: int
        def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...
    class CardDiscarded(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class FightStarted(_message.Message):
        __slots__ = ("fight", "attacker", "defender", "position", "gun")
        FIGHT_FIELD_NUMBER: _ClassVar[int]
        ATTACKER_FIELD_NUMBER: _ClassVar[int]
        DEFENDER_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        GUN_FIELD_NUMBER: _ClassVar[int]
        fight: str
        attacker: int
        defender: int
        position: int
        gun: str
        def __init__(self, fight: _Optional[str] = ..., attacker: _Optional[int] = ..., defender: _Optional[int] = ..., position: _Optional[int] = ..., gun: _Optional[str] = ...) -> None: ...
    class DefenceChosen(_message.Message):
        __slots__ = ("seat", "gun")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GUN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        gun: str
        def __init__(self, seat: _Optional[int] = ..., gun: _Optional[str] = ...) -> None: ...
    class AssistOffered(_message.Message):
        __slots__ = ("seat", "card", "side")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SIDE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        side: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., side: _Optional[str] = ...) -> None: ...
    class AssistDeclined(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class FightResolved(_message.Message):
        __slots__ = ("attacker_won", "attack", "defence")
        ATTACKER_WON_FIELD_NUMBER: _ClassVar[int]
        ATTACK_FIELD_NUMBER: _ClassVar[int]
        DEFENCE_FIELD_NUMBER: _ClassVar[int]
        attacker_won: bool
        attack: int
        defence: int
        def __init__(self, attacker_won: _Optional[bool] = ..., attack: _Optional[int] = ..., defence: _Optional[int] = ...) -> None: ...
    class SafeStolen(_message.Message):
        __slots__ = ("attacker", "defender", "position", "safe")
        ATTACKER_FIELD_NUMBER: _ClassVar[int]
        DEFENDER_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        SAFE_FIELD_NUMBER: _ClassVar[int]
        attacker: int
        defender: int
        position: int
        safe: str
        def __init__(self, attacker: _Optional[int] = ..., defender: _Optional[int] = ..., position: _Optional[int] = ..., safe: _Optional[str] = ...) -> None: ...
    class StarsSwapped(_message.Message):
        __slots__ = ("attacker", "defender")
        ATTACKER_FIELD_NUMBER: _ClassVar[int]
        DEFENDER_FIELD_NUMBER: _ClassVar[int]
        attacker: int
        defender: int
        def __init__(self, attacker: _Optional[int] = ..., defender: _Optional[int] = ...) -> None: ...
    class PlayerSentAway(_message.Message):
        __slots__ = ("seat", "destination")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DESTINATION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        destination: str
        def __init__(self, seat: _Optional[int] = ..., destination: _Optional[str] = ...) -> None: ...
    class SafeLeftGame(_message.Message):
        __slots__ = ("seat", "position", "safe")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        SAFE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        position: int
        safe: str
        def __init__(self, seat: _Optional[int] = ..., position: _Optional[int] = ..., safe: _Optional[str] = ...) -> None: ...
    class OverLimit(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class HeistStarted(_message.Message):
        __slots__ = ("round",)
        ROUND_FIELD_NUMBER: _ClassVar[int]
        round: int
        def __init__(self, round: _Optional[int] = ...) -> None: ...
    class HeistCommitted(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class HeistRevealed(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class HeistWon(_message.Message):
        __slots__ = ("seat", "safe")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SAFE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        safe: str
        def __init__(self, seat: _Optional[int] = ..., safe: _Optional[str] = ...) -> None: ...
    class HeistFailed(_message.Message):
        __slots__ = ("safe",)
        SAFE_FIELD_NUMBER: _ClassVar[int]
        safe: str
        def __init__(self, safe: _Optional[str] = ...) -> None: ...
    class BadgeRoundStarted(_message.Message):
        __slots__ = ("allowances",)
        ALLOWANCES_FIELD_NUMBER: _ClassVar[int]
        allowances: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, allowances: _Optional[_Iterable[int]] = ...) -> None: ...
    class BadgeTurnDeclined(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class SafesRevealed(_message.Message):
        __slots__ = ("holdings",)
        HOLDINGS_FIELD_NUMBER: _ClassVar[int]
        holdings: _containers.RepeatedCompositeFieldContainer[DeadwoodEvent.Holding]
        def __init__(self, holdings: _Optional[_Iterable[_Union[DeadwoodEvent.Holding, _Mapping]]] = ...) -> None: ...
    class GoldAdjusted(_message.Message):
        __slots__ = ("seat", "safe", "delta")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SAFE_FIELD_NUMBER: _ClassVar[int]
        DELTA_FIELD_NUMBER: _ClassVar[int]
        seat: int
        safe: str
        delta: int
        def __init__(self, seat: _Optional[int] = ..., safe: _Optional[str] = ..., delta: _Optional[int] = ...) -> None: ...
    class TeamsScored(_message.Message):
        __slots__ = ("gold", "finalists")
        GOLD_FIELD_NUMBER: _ClassVar[int]
        FINALISTS_FIELD_NUMBER: _ClassVar[int]
        gold: _containers.RepeatedScalarFieldContainer[int]
        finalists: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, gold: _Optional[_Iterable[int]] = ..., finalists: _Optional[_Iterable[int]] = ...) -> None: ...
    class ShowdownTurnStarted(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class ShowdownPassed(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class PlayerEliminated(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class GameWon(_message.Message):
        __slots__ = ("seat", "reason")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        seat: int
        reason: str
        def __init__(self, seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...
    class SafeRef(_message.Message):
        __slots__ = ("seat", "position")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        position: int
        def __init__(self, seat: _Optional[int] = ..., position: _Optional[int] = ...) -> None: ...
    class Holding(_message.Message):
        __slots__ = ("seat", "safes")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SAFES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        safes: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., safes: _Optional[_Iterable[str]] = ...) -> None: ...
    class RulesAdded(_message.Message):
        __slots__ = ("holsters_in_showdown", "mystery_gold_die")
        HOLSTERS_IN_SHOWDOWN_FIELD_NUMBER: _ClassVar[int]
        MYSTERY_GOLD_DIE_FIELD_NUMBER: _ClassVar[int]
        holsters_in_showdown: bool
        mystery_gold_die: str
        def __init__(self, holsters_in_showdown: _Optional[bool] = ..., mystery_gold_die: _Optional[str] = ...) -> None: ...
    class MysteryScoringStarted(_message.Message):
        __slots__ = ("seats", "safes")
        SEATS_FIELD_NUMBER: _ClassVar[int]
        SAFES_FIELD_NUMBER: _ClassVar[int]
        seats: _containers.RepeatedScalarFieldContainer[int]
        safes: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seats: _Optional[_Iterable[int]] = ..., safes: _Optional[_Iterable[str]] = ...) -> None: ...
    class MysteryGunPlayed(_message.Message):
        __slots__ = ("seat", "safe", "gun")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SAFE_FIELD_NUMBER: _ClassVar[int]
        GUN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        safe: str
        gun: str
        def __init__(self, seat: _Optional[int] = ..., safe: _Optional[str] = ..., gun: _Optional[str] = ...) -> None: ...
    class CharacterChosen(_message.Message):
        __slots__ = ("seat", "character")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CHARACTER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        character: str
        def __init__(self, seat: _Optional[int] = ..., character: _Optional[str] = ...) -> None: ...
    V_FIELD_NUMBER: _ClassVar[int]
    GAME_STARTED_FIELD_NUMBER: _ClassVar[int]
    STARS_PLACED_FIELD_NUMBER: _ClassVar[int]
    DECK_SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    DISCARDS_RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    CARDS_DRAWN_FIELD_NUMBER: _ClassVar[int]
    CENTRE_STACKED_FIELD_NUMBER: _ClassVar[int]
    SAFES_DEALT_FIELD_NUMBER: _ClassVar[int]
    SAFES_BOXED_FIELD_NUMBER: _ClassVar[int]
    PASS_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    SAFE_PASSED_FIELD_NUMBER: _ClassVar[int]
    SAFES_SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    DICE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    HORSE_RIDDEN_FIELD_NUMBER: _ClassVar[int]
    SAFES_PEEKED_FIELD_NUMBER: _ClassVar[int]
    DUSTER_PLAYED_FIELD_NUMBER: _ClassVar[int]
    DISCARD_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    CARD_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_STARTED_FIELD_NUMBER: _ClassVar[int]
    DEFENCE_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    ASSIST_OFFERED_FIELD_NUMBER: _ClassVar[int]
    ASSIST_DECLINED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_RESOLVED_FIELD_NUMBER: _ClassVar[int]
    SAFE_STOLEN_FIELD_NUMBER: _ClassVar[int]
    STARS_SWAPPED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_SENT_AWAY_FIELD_NUMBER: _ClassVar[int]
    SAFE_LEFT_GAME_FIELD_NUMBER: _ClassVar[int]
    OVER_LIMIT_FIELD_NUMBER: _ClassVar[int]
    HEIST_STARTED_FIELD_NUMBER: _ClassVar[int]
    HEIST_COMMITTED_FIELD_NUMBER: _ClassVar[int]
    HEIST_REVEALED_FIELD_NUMBER: _ClassVar[int]
    HEIST_WON_FIELD_NUMBER: _ClassVar[int]
    HEIST_FAILED_FIELD_NUMBER: _ClassVar[int]
    BADGE_ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    BADGE_TURN_DECLINED_FIELD_NUMBER: _ClassVar[int]
    SAFES_REVEALED_FIELD_NUMBER: _ClassVar[int]
    GOLD_ADJUSTED_FIELD_NUMBER: _ClassVar[int]
    TEAMS_SCORED_FIELD_NUMBER: _ClassVar[int]
    SHOWDOWN_TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    SHOWDOWN_PASSED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ELIMINATED_FIELD_NUMBER: _ClassVar[int]
    GAME_WON_FIELD_NUMBER: _ClassVar[int]
    RULES_ADDED_FIELD_NUMBER: _ClassVar[int]
    MYSTERY_SCORING_STARTED_FIELD_NUMBER: _ClassVar[int]
    MYSTERY_GUN_PLAYED_FIELD_NUMBER: _ClassVar[int]
    CHARACTER_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    v: int
    game_started: DeadwoodEvent.GameStarted
    stars_placed: DeadwoodEvent.StarsPlaced
    deck_shuffled: DeadwoodEvent.DeckShuffled
    discards_reshuffled: DeadwoodEvent.DiscardsReshuffled
    cards_drawn: DeadwoodEvent.CardsDrawn
    centre_stacked: DeadwoodEvent.CentreStacked
    safes_dealt: DeadwoodEvent.SafesDealt
    safes_boxed: DeadwoodEvent.SafesBoxed
    pass_chosen: DeadwoodEvent.PassChosen
    safe_passed: DeadwoodEvent.SafePassed
    safes_shuffled: DeadwoodEvent.SafesShuffled
    dice_rolled: DeadwoodEvent.DiceRolled
    first_player_chosen: DeadwoodEvent.FirstPlayerChosen
    turn_started: DeadwoodEvent.TurnStarted
    horse_ridden: DeadwoodEvent.HorseRidden
    safes_peeked: DeadwoodEvent.SafesPeeked
    duster_played: DeadwoodEvent.DusterPlayed
    discard_required: DeadwoodEvent.DiscardRequired
    card_discarded: DeadwoodEvent.CardDiscarded
    fight_started: DeadwoodEvent.FightStarted
    defence_chosen: DeadwoodEvent.DefenceChosen
    assist_offered: DeadwoodEvent.AssistOffered
    assist_declined: DeadwoodEvent.AssistDeclined
    fight_resolved: DeadwoodEvent.FightResolved
    safe_stolen: DeadwoodEvent.SafeStolen
    stars_swapped: DeadwoodEvent.StarsSwapped
    player_sent_away: DeadwoodEvent.PlayerSentAway
    safe_left_game: DeadwoodEvent.SafeLeftGame
    over_limit: DeadwoodEvent.OverLimit
    heist_started: DeadwoodEvent.HeistStarted
    heist_committed: DeadwoodEvent.HeistCommitted
    heist_revealed: DeadwoodEvent.HeistRevealed
    heist_won: DeadwoodEvent.HeistWon
    heist_failed: DeadwoodEvent.HeistFailed
    badge_round_started: DeadwoodEvent.BadgeRoundStarted
    badge_turn_declined: DeadwoodEvent.BadgeTurnDeclined
    safes_revealed: DeadwoodEvent.SafesRevealed
    gold_adjusted: DeadwoodEvent.GoldAdjusted
    teams_scored: DeadwoodEvent.TeamsScored
    showdown_turn_started: DeadwoodEvent.ShowdownTurnStarted
    showdown_passed: DeadwoodEvent.ShowdownPassed
    player_eliminated: DeadwoodEvent.PlayerEliminated
    game_won: DeadwoodEvent.GameWon
    rules_added: DeadwoodEvent.RulesAdded
    mystery_scoring_started: DeadwoodEvent.MysteryScoringStarted
    mystery_gun_played: DeadwoodEvent.MysteryGunPlayed
    character_chosen: DeadwoodEvent.CharacterChosen
    def __init__(self, v: _Optional[int] = ..., game_started: _Optional[_Union[DeadwoodEvent.GameStarted, _Mapping]] = ..., stars_placed: _Optional[_Union[DeadwoodEvent.StarsPlaced, _Mapping]] = ..., deck_shuffled: _Optional[_Union[DeadwoodEvent.DeckShuffled, _Mapping]] = ..., discards_reshuffled: _Optional[_Union[DeadwoodEvent.DiscardsReshuffled, _Mapping]] = ..., cards_drawn: _Optional[_Union[DeadwoodEvent.CardsDrawn, _Mapping]] = ..., centre_stacked: _Optional[_Union[DeadwoodEvent.CentreStacked, _Mapping]] = ..., safes_dealt: _Optional[_Union[DeadwoodEvent.SafesDealt, _Mapping]] = ..., safes_boxed: _Optional[_Union[DeadwoodEvent.SafesBoxed, _Mapping]] = ..., pass_chosen: _Optional[_Union[DeadwoodEvent.PassChosen, _Mapping]] = ..., safe_passed: _Optional[_Union[DeadwoodEvent.SafePassed, _Mapping]] = ..., safes_shuffled: _Optional[_Union[DeadwoodEvent.SafesShuffled, _Mapping]] = ..., dice_rolled: _Optional[_Union[DeadwoodEvent.DiceRolled, _Mapping]] = ..., first_player_chosen: _Optional[_Union[DeadwoodEvent.FirstPlayerChosen, _Mapping]] = ..., turn_started: _Optional[_Union[DeadwoodEvent.TurnStarted, _Mapping]] = ..., horse_ridden: _Optional[_Union[DeadwoodEvent.HorseRidden, _Mapping]] = ..., safes_peeked: _Optional[_Union[DeadwoodEvent.SafesPeeked, _Mapping]] = ..., duster_played: _Optional[_Union[DeadwoodEvent.DusterPlayed, _Mapping]] = ..., discard_required: _Optional[_Union[DeadwoodEvent.DiscardRequired, _Mapping]] = ..., card_discarded: _Optional[_Union[DeadwoodEvent.CardDiscarded, _Mapping]] = ..., fight_started: _Optional[_Union[DeadwoodEvent.FightStarted, _Mapping]] = ..., defence_chosen: _Optional[_Union[DeadwoodEvent.DefenceChosen, _Mapping]] = ..., assist_offered: _Optional[_Union[DeadwoodEvent.AssistOffered, _Mapping]] = ..., assist_declined: _Optional[_Union[DeadwoodEvent.AssistDeclined, _Mapping]] = ..., fight_resolved: _Optional[_Union[DeadwoodEvent.FightResolved, _Mapping]] = ..., safe_stolen: _Optional[_Union[DeadwoodEvent.SafeStolen, _Mapping]] = ..., stars_swapped: _Optional[_Union[DeadwoodEvent.StarsSwapped, _Mapping]] = ..., player_sent_away: _Optional[_Union[DeadwoodEvent.PlayerSentAway, _Mapping]] = ..., safe_left_game: _Optional[_Union[DeadwoodEvent.SafeLeftGame, _Mapping]] = ..., over_limit: _Optional[_Union[DeadwoodEvent.OverLimit, _Mapping]] = ..., heist_started: _Optional[_Union[DeadwoodEvent.HeistStarted, _Mapping]] = ..., heist_committed: _Optional[_Union[DeadwoodEvent.HeistCommitted, _Mapping]] = ..., heist_revealed: _Optional[_Union[DeadwoodEvent.HeistRevealed, _Mapping]] = ..., heist_won: _Optional[_Union[DeadwoodEvent.HeistWon, _Mapping]] = ..., heist_failed: _Optional[_Union[DeadwoodEvent.HeistFailed, _Mapping]] = ..., badge_round_started: _Optional[_Union[DeadwoodEvent.BadgeRoundStarted, _Mapping]] = ..., badge_turn_declined: _Optional[_Union[DeadwoodEvent.BadgeTurnDeclined, _Mapping]] = ..., safes_revealed: _Optional[_Union[DeadwoodEvent.SafesRevealed, _Mapping]] = ..., gold_adjusted: _Optional[_Union[DeadwoodEvent.GoldAdjusted, _Mapping]] = ..., teams_scored: _Optional[_Union[DeadwoodEvent.TeamsScored, _Mapping]] = ..., showdown_turn_started: _Optional[_Union[DeadwoodEvent.ShowdownTurnStarted, _Mapping]] = ..., showdown_passed: _Optional[_Union[DeadwoodEvent.ShowdownPassed, _Mapping]] = ..., player_eliminated: _Optional[_Union[DeadwoodEvent.PlayerEliminated, _Mapping]] = ..., game_won: _Optional[_Union[DeadwoodEvent.GameWon, _Mapping]] = ..., rules_added: _Optional[_Union[DeadwoodEvent.RulesAdded, _Mapping]] = ..., mystery_scoring_started: _Optional[_Union[DeadwoodEvent.MysteryScoringStarted, _Mapping]] = ..., mystery_gun_played: _Optional[_Union[DeadwoodEvent.MysteryGunPlayed, _Mapping]] = ..., character_chosen: _Optional[_Union[DeadwoodEvent.CharacterChosen, _Mapping]] = ...) -> None: ...
