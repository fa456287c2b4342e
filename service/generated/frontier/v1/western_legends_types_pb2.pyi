from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class WesternLegendsView(_message.Message):
    __slots__ = ("most_wanted", "ranches", "dice_awaiting_reroll", "after_move", "free_move", "round", "active", "first_player", "phase", "actions_left", "fought_this_turn", "players", "deck_size", "discard", "stand", "bandits", "sheriff", "fight_deck_size", "npc_fight", "end_round", "final_lp", "end_reason", "options", "fight", "deck", "fight_deck", "ranch_tokens", "poker")
    class StandEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class RanchCounts(_message.Message):
        __slots__ = ("green", "blue")
        GREEN_FIELD_NUMBER: _ClassVar[int]
        BLUE_FIELD_NUMBER: _ClassVar[int]
        green: int
        blue: int
        def __init__(self, green: _Optional[int] = ..., blue: _Optional[int] = ...) -> None: ...
    class RanchTokens(_message.Message):
        __slots__ = ("green", "blue")
        GREEN_FIELD_NUMBER: _ClassVar[int]
        BLUE_FIELD_NUMBER: _ClassVar[int]
        green: _containers.RepeatedScalarFieldContainer[str]
        blue: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, green: _Optional[_Iterable[str]] = ..., blue: _Optional[_Iterable[str]] = ...) -> None: ...
    class Player(_message.Message):
        __slots__ = ("seat", "character", "space", "money", "gold", "lp", "mp", "wp", "wounds", "items", "weapon", "mount", "hand_size", "has_committed", "status", "cattle_colour", "cattle", "characters_offered", "hand", "committed", "fight_cards_offered")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CHARACTER_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        MONEY_FIELD_NUMBER: _ClassVar[int]
        GOLD_FIELD_NUMBER: _ClassVar[int]
        LP_FIELD_NUMBER: _ClassVar[int]
        MP_FIELD_NUMBER: _ClassVar[int]
        WP_FIELD_NUMBER: _ClassVar[int]
        WOUNDS_FIELD_NUMBER: _ClassVar[int]
        ITEMS_FIELD_NUMBER: _ClassVar[int]
        WEAPON_FIELD_NUMBER: _ClassVar[int]
        MOUNT_FIELD_NUMBER: _ClassVar[int]
        HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
        HAS_COMMITTED_FIELD_NUMBER: _ClassVar[int]
        STATUS_FIELD_NUMBER: _ClassVar[int]
        CATTLE_COLOUR_FIELD_NUMBER: _ClassVar[int]
        CATTLE_FIELD_NUMBER: _ClassVar[int]
        CHARACTERS_OFFERED_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        COMMITTED_FIELD_NUMBER: _ClassVar[int]
        FIGHT_CARDS_OFFERED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        character: str
        space: str
        money: int
        gold: int
        lp: int
        mp: int
        wp: int
        wounds: int
        items: _containers.RepeatedCompositeFieldContainer[WesternLegendsView.Item]
        weapon: str
        mount: str
        hand_size: int
        has_committed: bool
        status: str
        cattle_colour: str
        cattle: str
        characters_offered: _containers.RepeatedScalarFieldContainer[str]
        hand: _containers.RepeatedScalarFieldContainer[str]
        committed: str
        fight_cards_offered: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., character: _Optional[str] = ..., space: _Optional[str] = ..., money: _Optional[int] = ..., gold: _Optional[int] = ..., lp: _Optional[int] = ..., mp: _Optional[int] = ..., wp: _Optional[int] = ..., wounds: _Optional[int] = ..., items: _Optional[_Iterable[_Union[WesternLegendsView.Item, _Mapping]]] = ..., weapon: _Optional[str] = ..., mount: _Optional[str] = ..., hand_size: _Optional[int] = ..., has_committed: _Optional[bool] = ..., status: _Optional[str] = ..., cattle_colour: _Optional[str] = ..., cattle: _Optional[str] = ..., characters_offered: _Optional[_Iterable[str]] = ..., hand: _Optional[_Iterable[str]] = ..., committed: _Optional[str] = ..., fight_cards_offered: _Optional[_Iterable[str]] = ...) -> None: ...
    class Item(_message.Message):
        __slots__ = ("item", "upgraded")
        ITEM_FIELD_NUMBER: _ClassVar[int]
        UPGRADED_FIELD_NUMBER: _ClassVar[int]
        item: str
        upgraded: bool
        def __init__(self, item: _Optional[str] = ..., upgraded: _Optional[bool] = ...) -> None: ...
    class NpcFight(_message.Message):
        __slots__ = ("npc", "fighter", "chooser", "step", "fight_card", "won")
        NPC_FIELD_NUMBER: _ClassVar[int]
        FIGHTER_FIELD_NUMBER: _ClassVar[int]
        CHOOSER_FIELD_NUMBER: _ClassVar[int]
        STEP_FIELD_NUMBER: _ClassVar[int]
        FIGHT_CARD_FIELD_NUMBER: _ClassVar[int]
        WON_FIELD_NUMBER: _ClassVar[int]
        npc: str
        fighter: int
        chooser: int
        step: str
        fight_card: str
        won: bool
        def __init__(self, npc: _Optional[str] = ..., fighter: _Optional[int] = ..., chooser: _Optional[int] = ..., step: _Optional[str] = ..., fight_card: _Optional[str] = ..., won: _Optional[bool] = ...) -> None: ...
    class Fight(_message.Message):
        __slots__ = ("attacker", "target", "kind", "step", "reactor", "attacker_value", "target_value")
        ATTACKER_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        STEP_FIELD_NUMBER: _ClassVar[int]
        REACTOR_FIELD_NUMBER: _ClassVar[int]
        ATTACKER_VALUE_FIELD_NUMBER: _ClassVar[int]
        TARGET_VALUE_FIELD_NUMBER: _ClassVar[int]
        attacker: int
        target: int
        kind: str
        step: str
        reactor: int
        attacker_value: int
        target_value: int
        def __init__(self, attacker: _Optional[int] = ..., target: _Optional[int] = ..., kind: _Optional[str] = ..., step: _Optional[str] = ..., reactor: _Optional[int] = ..., attacker_value: _Optional[int] = ..., target_value: _Optional[int] = ...) -> None: ...
    class Poker(_message.Message):
        __slots__ = ("active", "step", "waiting", "players", "dealer", "pot", "flop", "chosen_seats", "set_aside_size", "set_aside", "chosen")
        ACTIVE_FIELD_NUMBER: _ClassVar[int]
        STEP_FIELD_NUMBER: _ClassVar[int]
        WAITING_FIELD_NUMBER: _ClassVar[int]
        PLAYERS_FIELD_NUMBER: _ClassVar[int]
        DEALER_FIELD_NUMBER: _ClassVar[int]
        POT_FIELD_NUMBER: _ClassVar[int]
        FLOP_FIELD_NUMBER: _ClassVar[int]
        CHOSEN_SEATS_FIELD_NUMBER: _ClassVar[int]
        SET_ASIDE_SIZE_FIELD_NUMBER: _ClassVar[int]
        SET_ASIDE_FIELD_NUMBER: _ClassVar[int]
        CHOSEN_FIELD_NUMBER: _ClassVar[int]
        active: int
        step: str
        waiting: _containers.RepeatedScalarFieldContainer[int]
        players: _containers.RepeatedScalarFieldContainer[int]
        dealer: int
        pot: int
        flop: _containers.RepeatedScalarFieldContainer[str]
        chosen_seats: _containers.RepeatedScalarFieldContainer[int]
        set_aside_size: int
        set_aside: _containers.RepeatedScalarFieldContainer[str]
        chosen: _containers.RepeatedCompositeFieldContainer[WesternLegendsView.Chosen]
        def __init__(self, active: _Optional[int] = ..., step: _Optional[str] = ..., waiting: _Optional[_Iterable[int]] = ..., players: _Optional[_Iterable[int]] = ..., dealer: _Optional[int] = ..., pot: _Optional[int] = ..., flop: _Optional[_Iterable[str]] = ..., chosen_seats: _Optional[_Iterable[int]] = ..., set_aside_size: _Optional[int] = ..., set_aside: _Optional[_Iterable[str]] = ..., chosen: _Optional[_Iterable[_Union[WesternLegendsView.Chosen, _Mapping]]] = ...) -> None: ...
    class Chosen(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class Options(_message.Message):
        __slots__ = ("target_lp", "max_rounds", "half_rounding", "wound_cap", "money_cap", "upgraded_item_lp", "first_player", "character_deal", "start_space", "start_of_fight_order", "stories", "goals", "man_in_black", "bank_robbery", "npc_fight_modifiers", "fight_card_10", "fight_deck", "end_phase_order", "sheriff_walk", "bandit_respawn", "wyatt_start", "kit_carson_step", "work_action", "saloon_poker", "bloody_knife_route", "end_trigger", "cattle_tokens")
        TARGET_LP_FIELD_NUMBER: _ClassVar[int]
        MAX_ROUNDS_FIELD_NUMBER: _ClassVar[int]
        HALF_ROUNDING_FIELD_NUMBER: _ClassVar[int]
        WOUND_CAP_FIELD_NUMBER: _ClassVar[int]
        MONEY_CAP_FIELD_NUMBER: _ClassVar[int]
        UPGRADED_ITEM_LP_FIELD_NUMBER: _ClassVar[int]
        FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
        CHARACTER_DEAL_FIELD_NUMBER: _ClassVar[int]
        START_SPACE_FIELD_NUMBER: _ClassVar[int]
        START_OF_FIGHT_ORDER_FIELD_NUMBER: _ClassVar[int]
        STORIES_FIELD_NUMBER: _ClassVar[int]
        GOALS_FIELD_NUMBER: _ClassVar[int]
        MAN_IN_BLACK_FIELD_NUMBER: _ClassVar[int]
        BANK_ROBBERY_FIELD_NUMBER: _ClassVar[int]
        NPC_FIGHT_MODIFIERS_FIELD_NUMBER: _ClassVar[int]
        FIGHT_CARD_10_FIELD_NUMBER: _ClassVar[int]
        FIGHT_DECK_FIELD_NUMBER: _ClassVar[int]
        END_PHASE_ORDER_FIELD_NUMBER: _ClassVar[int]
        SHERIFF_WALK_FIELD_NUMBER: _ClassVar[int]
        BANDIT_RESPAWN_FIELD_NUMBER: _ClassVar[int]
        WYATT_START_FIELD_NUMBER: _ClassVar[int]
        KIT_CARSON_STEP_FIELD_NUMBER: _ClassVar[int]
        WORK_ACTION_FIELD_NUMBER: _ClassVar[int]
        SALOON_POKER_FIELD_NUMBER: _ClassVar[int]
        BLOODY_KNIFE_ROUTE_FIELD_NUMBER: _ClassVar[int]
        END_TRIGGER_FIELD_NUMBER: _ClassVar[int]
        CATTLE_TOKENS_FIELD_NUMBER: _ClassVar[int]
        target_lp: int
        max_rounds: int
        half_rounding: str
        wound_cap: int
        money_cap: int
        upgraded_item_lp: int
        first_player: str
        character_deal: str
        start_space: str
        start_of_fight_order: str
        stories: str
        goals: str
        man_in_black: str
        bank_robbery: str
        npc_fight_modifiers: str
        fight_card_10: str
        fight_deck: str
        end_phase_order: str
        sheriff_walk: str
        bandit_respawn: str
        wyatt_start: str
        kit_carson_step: str
        work_action: str
        saloon_poker: str
        bloody_knife_route: str
        end_trigger: str
        cattle_tokens: int
        def __init__(self, target_lp: _Optional[int] = ..., max_rounds: _Optional[int] = ..., half_rounding: _Optional[str] = ..., wound_cap: _Optional[int] = ..., money_cap: _Optional[int] = ..., upgraded_item_lp: _Optional[int] = ..., first_player: _Optional[str] = ..., character_deal: _Optional[str] = ..., start_space: _Optional[str] = ..., start_of_fight_order: _Optional[str] = ..., stories: _Optional[str] = ..., goals: _Optional[str] = ..., man_in_black: _Optional[str] = ..., bank_robbery: _Optional[str] = ..., npc_fight_modifiers: _Optional[str] = ..., fight_card_10: _Optional[str] = ..., fight_deck: _Optional[str] = ..., end_phase_order: _Optional[str] = ..., sheriff_walk: _Optional[str] = ..., bandit_respawn: _Optional[str] = ..., wyatt_start: _Optional[str] = ..., kit_carson_step: _Optional[str] = ..., work_action: _Optional[str] = ..., saloon_poker: _Optional[str] = ..., bloody_knife_route: _Optional[str] = ..., end_trigger: _Optional[str] = ..., cattle_tokens: _Optional[int] = ...) -> None: ...
    MOST_WANTED_FIELD_NUMBER: _ClassVar[int]
    RANCHES_FIELD_NUMBER: _ClassVar[int]
    DICE_AWAITING_REROLL_FIELD_NUMBER: _ClassVar[int]
    AFTER_MOVE_FIELD_NUMBER: _ClassVar[int]
    FREE_MOVE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_LEFT_FIELD_NUMBER: _ClassVar[int]
    FOUGHT_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    STAND_FIELD_NUMBER: _ClassVar[int]
    BANDITS_FIELD_NUMBER: _ClassVar[int]
    SHERIFF_FIELD_NUMBER: _ClassVar[int]
    FIGHT_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    NPC_FIGHT_FIELD_NUMBER: _ClassVar[int]
    END_ROUND_FIELD_NUMBER: _ClassVar[int]
    FINAL_LP_FIELD_NUMBER: _ClassVar[int]
    END_REASON_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    FIGHT_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    FIGHT_DECK_FIELD_NUMBER: _ClassVar[int]
    RANCH_TOKENS_FIELD_NUMBER: _ClassVar[int]
    POKER_FIELD_NUMBER: _ClassVar[int]
    most_wanted: _containers.RepeatedScalarFieldContainer[int]
    ranches: WesternLegendsView.RanchCounts
    dice_awaiting_reroll: _containers.RepeatedCompositeFieldContainer[_struct_pb2.ListValue]
    after_move: _containers.RepeatedScalarFieldContainer[str]
    free_move: int
    round: int
    active: int
    first_player: int
    phase: str
    actions_left: int
    fought_this_turn: _containers.RepeatedScalarFieldContainer[int]
    players: _containers.RepeatedCompositeFieldContainer[WesternLegendsView.Player]
    deck_size: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    stand: _containers.ScalarMap[str, int]
    bandits: _containers.RepeatedScalarFieldContainer[str]
    sheriff: str
    fight_deck_size: int
    npc_fight: WesternLegendsView.NpcFight
    end_round: int
    final_lp: _containers.RepeatedScalarFieldContainer[int]
    end_reason: str
    options: WesternLegendsView.Options
    fight: WesternLegendsView.Fight
    deck: _containers.RepeatedScalarFieldContainer[str]
    fight_deck: _containers.RepeatedScalarFieldContainer[str]
    ranch_tokens: WesternLegendsView.RanchTokens
    poker: WesternLegendsView.Poker
    def __init__(self, most_wanted: _Optional[_Iterable[int]] = ..., ranches: _Optional[_Union[WesternLegendsView.RanchCounts, _Mapping]] = ..., dice_awaiting_reroll: _Optional[_Iterable[_Union[_struct_pb2.ListValue, _Mapping]]] = ..., after_move: _Optional[_Iterable[str]] = ..., free_move: _Optional[int] = ..., round: _Optional[int] = ..., active: _Optional[int] = ..., first_player: _Optional[int] = ..., phase: _Optional[str] = ..., actions_left: _Optional[int] = ..., fought_this_turn: _Optional[_Iterable[int]] = ..., players: _Optional[_Iterable[_Union[WesternLegendsView.Player, _Mapping]]] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., stand: _Optional[_Mapping[str, int]] = ..., bandits: _Optional[_Iterable[str]] = ..., sheriff: _Optional[str] = ..., fight_deck_size: _Optional[int] = ..., npc_fight: _Optional[_Union[WesternLegendsView.NpcFight, _Mapping]] = ..., end_round: _Optional[int] = ..., final_lp: _Optional[_Iterable[int]] = ..., end_reason: _Optional[str] = ..., options: _Optional[_Union[WesternLegendsView.Options, _Mapping]] = ..., fight: _Optional[_Union[WesternLegendsView.Fight, _Mapping]] = ..., deck: _Optional[_Iterable[str]] = ..., fight_deck: _Optional[_Iterable[str]] = ..., ranch_tokens: _Optional[_Union[WesternLegendsView.RanchTokens, _Mapping]] = ..., poker: _Optional[_Union[WesternLegendsView.Poker, _Mapping]] = ...) -> None: ...

class WesternLegendsEvent(_message.Message):
    __slots__ = ("v", "game_started", "player_changed", "cards_drawn", "cards_discarded", "deck_refilled", "item_gained", "item_upgraded", "item_discarded", "turn_started", "income_taken", "gear_chosen", "action_spent", "moved", "dice_rolled", "fight_started", "toll_paid", "fight_card_placed", "fight_declined", "fight_revealed", "reaction_passed", "fight_won", "loot_chosen", "fight_ended", "end_triggered", "actions_ended", "turn_ended", "game_ended", "bandits_placed", "npc_fight_started", "fight_cards_offered", "fight_card_chosen", "npc_revealed", "npc_fight_restarted", "npc_awaiting", "npc_choice_made", "npc_fight_ended", "sheriff_moved", "end_phase_resumed", "characters_offered", "character_chosen", "first_player_chosen", "placement_awaited", "cattle_taken", "cattle_delivered", "cattle_returned", "cattle_stolen", "hand_peeked", "reroll_awaited", "die_rerolled", "dice_settled", "after_move_opened", "whiskey_thrown", "shaken_down", "card_stolen", "ride_started", "ride_ended", "action_granted", "fight_deck_shuffled", "fight_cards_returned", "gamble_started", "poker_joined", "poker_dealer_seated", "poker_flop_revealed", "poker_cards_chosen", "poker_showdown", "poker_card_kept", "poker_ended", "rules_migrated")
    class GameStarted(_message.Message):
        __slots__ = ("int_options", "text_options", "seats", "first_player")
        INT_OPTIONS_FIELD_NUMBER: _ClassVar[int]
        TEXT_OPTIONS_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
        int_options: _containers.RepeatedCompositeFieldContainer[_struct_pb2.ListValue]
        text_options: _containers.RepeatedCompositeFieldContainer[_struct_pb2.ListValue]
        seats: _containers.RepeatedCompositeFieldContainer[WesternLegendsEvent.SeatSetUp]
        first_player: int
        def __init__(self, int_options: _Optional[_Iterable[_Union[_struct_pb2.ListValue, _Mapping]]] = ..., text_options: _Optional[_Iterable[_Union[_struct_pb2.ListValue, _Mapping]]] = ..., seats: _Optional[_Iterable[_Union[WesternLegendsEvent.SeatSetUp, _Mapping]]] = ..., first_player: _Optional[int] = ...) -> None: ...
    class PlayerChanged(_message.Message):
        __slots__ = ("seat", "reason", "money", "gold", "lp", "mp", "wp", "wounds")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        MONEY_FIELD_NUMBER: _ClassVar[int]
        GOLD_FIELD_NUMBER: _ClassVar[int]
        LP_FIELD_NUMBER: _ClassVar[int]
        MP_FIELD_NUMBER: _ClassVar[int]
        WP_FIELD_NUMBER: _ClassVar[int]
        WOUNDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        reason: str
        money: int
        gold: int
        lp: int
        mp: int
        wp: int
        wounds: int
        def __init__(self, seat: _Optional[int] = ..., reason: _Optional[str] = ..., money: _Optional[int] = ..., gold: _Optional[int] = ..., lp: _Optional[int] = ..., mp: _Optional[int] = ..., wp: _Optional[int] = ..., wounds: _Optional[int] = ...) -> None: ...
    class CardsDrawn(_message.Message):
        __slots__ = ("seat", "cards", "count")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        count: int
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...
    class CardsDiscarded(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class DeckRefilled(_message.Message):
        __slots__ = ("count",)
        COUNT_FIELD_NUMBER: _ClassVar[int]
        count: int
        def __init__(self, count: _Optional[int] = ...) -> None: ...
    class ItemGained(_message.Message):
        __slots__ = ("seat", "item", "upgraded", "from_stand")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ITEM_FIELD_NUMBER: _ClassVar[int]
        UPGRADED_FIELD_NUMBER: _ClassVar[int]
        FROM_STAND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        item: str
        upgraded: bool
        from_stand: bool
        def __init__(self, seat: _Optional[int] = ..., item: _Optional[str] = ..., upgraded: _Optional[bool] = ..., from_stand: _Optional[bool] = ...) -> None: ...
    class ItemUpgraded(_message.Message):
        __slots__ = ("seat", "item")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ITEM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        item: str
        def __init__(self, seat: _Optional[int] = ..., item: _Optional[str] = ...) -> None: ...
    class ItemDiscarded(_message.Message):
        __slots__ = ("seat", "item")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ITEM_FIELD_NUMBER: _ClassVar[int]
        seat: int
        item: str
        def __init__(self, seat: _Optional[int] = ..., item: _Optional[str] = ...) -> None: ...
    class TurnStarted(_message.Message):
        __slots__ = ("seat", "round")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ROUND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        round: int
        def __init__(self, seat: _Optional[int] = ..., round: _Optional[int] = ...) -> None: ...
    class IncomeTaken(_message.Message):
        __slots__ = ("seat", "income")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        INCOME_FIELD_NUMBER: _ClassVar[int]
        seat: int
        income: str
        def __init__(self, seat: _Optional[int] = ..., income: _Optional[str] = ...) -> None: ...
    class GearChosen(_message.Message):
        __slots__ = ("seat", "weapon", "mount")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        WEAPON_FIELD_NUMBER: _ClassVar[int]
        MOUNT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        weapon: str
        mount: str
        def __init__(self, seat: _Optional[int] = ..., weapon: _Optional[str] = ..., mount: _Optional[str] = ...) -> None: ...
    class ActionSpent(_message.Message):
        __slots__ = ("seat", "action")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ACTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        action: str
        def __init__(self, seat: _Optional[int] = ..., action: _Optional[str] = ...) -> None: ...
    class Moved(_message.Message):
        __slots__ = ("seat", "to", "reason")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        seat: int
        to: str
        reason: str
        def __init__(self, seat: _Optional[int] = ..., to: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...
    class DiceRolled(_message.Message):
        __slots__ = ("seat", "faces")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        FACES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        faces: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., faces: _Optional[_Iterable[int]] = ...) -> None: ...
    class FightStarted(_message.Message):
        __slots__ = ("attacker", "target", "fight", "toll_seat")
        ATTACKER_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        FIGHT_FIELD_NUMBER: _ClassVar[int]
        TOLL_SEAT_FIELD_NUMBER: _ClassVar[int]
        attacker: int
        target: int
        fight: str
        toll_seat: int
        def __init__(self, attacker: _Optional[int] = ..., target: _Optional[int] = ..., fight: _Optional[str] = ..., toll_seat: _Optional[int] = ...) -> None: ...
    class TollPaid(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class FightCardPlaced(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class FightDeclined(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class FightRevealed(_message.Message):
        __slots__ = ("attacker_card", "target_card", "attacker_value", "target_value")
        ATTACKER_CARD_FIELD_NUMBER: _ClassVar[int]
        TARGET_CARD_FIELD_NUMBER: _ClassVar[int]
        ATTACKER_VALUE_FIELD_NUMBER: _ClassVar[int]
        TARGET_VALUE_FIELD_NUMBER: _ClassVar[int]
        attacker_card: str
        target_card: str
        attacker_value: int
        target_value: int
        def __init__(self, attacker_card: _Optional[str] = ..., target_card: _Optional[str] = ..., attacker_value: _Optional[int] = ..., target_value: _Optional[int] = ...) -> None: ...
    class ReactionPassed(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class FightWon(_message.Message):
        __slots__ = ("winner", "loser", "awaiting_loot")
        WINNER_FIELD_NUMBER: _ClassVar[int]
        LOSER_FIELD_NUMBER: _ClassVar[int]
        AWAITING_LOOT_FIELD_NUMBER: _ClassVar[int]
        winner: int
        loser: int
        awaiting_loot: bool
        def __init__(self, winner: _Optional[int] = ..., loser: _Optional[int] = ..., awaiting_loot: _Optional[bool] = ...) -> None: ...
    class LootChosen(_message.Message):
        __slots__ = ("seat", "loot")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        LOOT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        loot: str
        def __init__(self, seat: _Optional[int] = ..., loot: _Optional[str] = ...) -> None: ...
    class FightEnded(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class EndTriggered(_message.Message):
        __slots__ = ("seat", "round")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ROUND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        round: int
        def __init__(self, seat: _Optional[int] = ..., round: _Optional[int] = ...) -> None: ...
    class ActionsEnded(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class TurnEnded(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class GameEnded(_message.Message):
        __slots__ = ("final_lp", "reason")
        FINAL_LP_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        final_lp: _containers.RepeatedScalarFieldContainer[int]
        reason: str
        def __init__(self, final_lp: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ...) -> None: ...
    class BanditsPlaced(_message.Message):
        __slots__ = ("spaces",)
        SPACES_FIELD_NUMBER: _ClassVar[int]
        spaces: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, spaces: _Optional[_Iterable[str]] = ...) -> None: ...
    class NpcFightStarted(_message.Message):
        __slots__ = ("npc", "fighter", "chooser")
        NPC_FIELD_NUMBER: _ClassVar[int]
        FIGHTER_FIELD_NUMBER: _ClassVar[int]
        CHOOSER_FIELD_NUMBER: _ClassVar[int]
        npc: str
        fighter: int
        chooser: int
        def __init__(self, npc: _Optional[str] = ..., fighter: _Optional[int] = ..., chooser: _Optional[int] = ...) -> None: ...
    class FightCardsOffered(_message.Message):
        __slots__ = ("seat", "cards", "count")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        count: int
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...
    class FightCardChosen(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class NpcRevealed(_message.Message):
        __slots__ = ("poker_card", "fight_card", "player_value", "npc_value", "won")
        POKER_CARD_FIELD_NUMBER: _ClassVar[int]
        FIGHT_CARD_FIELD_NUMBER: _ClassVar[int]
        PLAYER_VALUE_FIELD_NUMBER: _ClassVar[int]
        NPC_VALUE_FIELD_NUMBER: _ClassVar[int]
        WON_FIELD_NUMBER: _ClassVar[int]
        poker_card: str
        fight_card: str
        player_value: int
        npc_value: int
        won: bool
        def __init__(self, poker_card: _Optional[str] = ..., fight_card: _Optional[str] = ..., player_value: _Optional[int] = ..., npc_value: _Optional[int] = ..., won: _Optional[bool] = ...) -> None: ...
    class NpcFightRestarted(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class NpcAwaiting(_message.Message):
        __slots__ = ("step",)
        STEP_FIELD_NUMBER: _ClassVar[int]
        step: str
        def __init__(self, step: _Optional[str] = ...) -> None: ...
    class NpcChoiceMade(_message.Message):
        __slots__ = ("seat", "choice")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CHOICE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        choice: str
        def __init__(self, seat: _Optional[int] = ..., choice: _Optional[str] = ...) -> None: ...
    class NpcFightEnded(_message.Message):
        __slots__ = ("bandit_space",)
        BANDIT_SPACE_FIELD_NUMBER: _ClassVar[int]
        bandit_space: str
        def __init__(self, bandit_space: _Optional[str] = ...) -> None: ...
    class SheriffMoved(_message.Message):
        __slots__ = ("path",)
        PATH_FIELD_NUMBER: _ClassVar[int]
        path: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, path: _Optional[_Iterable[str]] = ...) -> None: ...
    class EndPhaseResumed(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class CharactersOffered(_message.Message):
        __slots__ = ("seat", "characters")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CHARACTERS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        characters: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., characters: _Optional[_Iterable[str]] = ...) -> None: ...
    class CharacterChosen(_message.Message):
        __slots__ = ("seat", "character")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CHARACTER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        character: str
        def __init__(self, seat: _Optional[int] = ..., character: _Optional[str] = ...) -> None: ...
    class FirstPlayerChosen(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class PlacementAwaited(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class CattleTaken(_message.Message):
        __slots__ = ("seat", "ranch", "token")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RANCH_FIELD_NUMBER: _ClassVar[int]
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        ranch: str
        token: str
        def __init__(self, seat: _Optional[int] = ..., ranch: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...
    class CattleDelivered(_message.Message):
        __slots__ = ("seat", "token", "delivery")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        DELIVERY_FIELD_NUMBER: _ClassVar[int]
        seat: int
        token: str
        delivery: str
        def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ..., delivery: _Optional[str] = ...) -> None: ...
    class CattleReturned(_message.Message):
        __slots__ = ("seat", "token", "reason")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        seat: int
        token: str
        reason: str
        def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...
    class CattleStolen(_message.Message):
        __slots__ = ("seat", "victim", "token", "kept")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        KEPT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        victim: int
        token: str
        kept: bool
        def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ..., token: _Optional[str] = ..., kept: _Optional[bool] = ...) -> None: ...
    class HandPeeked(_message.Message):
        __slots__ = ("seat", "target", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        target: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., target: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class RerollAwaited(_message.Message):
        __slots__ = ("seat", "first", "second")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        FIRST_FIELD_NUMBER: _ClassVar[int]
        SECOND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        first: _containers.RepeatedScalarFieldContainer[int]
        second: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., first: _Optional[_Iterable[int]] = ..., second: _Optional[_Iterable[int]] = ...) -> None: ...
    class DieRerolled(_message.Message):
        __slots__ = ("seat", "die", "faces")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DIE_FIELD_NUMBER: _ClassVar[int]
        FACES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        die: int
        faces: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., die: _Optional[int] = ..., faces: _Optional[_Iterable[int]] = ...) -> None: ...
    class DiceSettled(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class AfterMoveOpened(_message.Message):
        __slots__ = ("seat", "effects")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        EFFECTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        effects: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., effects: _Optional[_Iterable[str]] = ...) -> None: ...
    class WhiskeyThrown(_message.Message):
        __slots__ = ("seat", "target")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        seat: int
        target: int
        def __init__(self, seat: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...
    class ShakenDown(_message.Message):
        __slots__ = ("seat", "target", "take")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        TAKE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        target: int
        take: str
        def __init__(self, seat: _Optional[int] = ..., target: _Optional[int] = ..., take: _Optional[str] = ...) -> None: ...
    class CardStolen(_message.Message):
        __slots__ = ("seat", "victim", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        victim: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class RideStarted(_message.Message):
        __slots__ = ("seat", "steps")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        STEPS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        steps: int
        def __init__(self, seat: _Optional[int] = ..., steps: _Optional[int] = ...) -> None: ...
    class RideEnded(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class ActionGranted(_message.Message):
        __slots__ = ("seat", "reason")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        seat: int
        reason: str
        def __init__(self, seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...
    class FightDeckShuffled(_message.Message):
        __slots__ = ("order", "count")
        ORDER_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        order: _containers.RepeatedScalarFieldContainer[str]
        count: int
        def __init__(self, order: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...
    class FightCardsReturned(_message.Message):
        __slots__ = ("cards", "count")
        CARDS_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        count: int
        def __init__(self, cards: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...
    class GambleStarted(_message.Message):
        __slots__ = ("seat", "order")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ORDER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        order: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ...) -> None: ...
    class PokerJoined(_message.Message):
        __slots__ = ("seat", "joined")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        JOINED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        joined: bool
        def __init__(self, seat: _Optional[int] = ..., joined: _Optional[bool] = ...) -> None: ...
    class PokerDealerSeated(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class PokerFlopRevealed(_message.Message):
        __slots__ = ("cards", "house")
        CARDS_FIELD_NUMBER: _ClassVar[int]
        HOUSE_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        house: int
        def __init__(self, cards: _Optional[_Iterable[str]] = ..., house: _Optional[int] = ...) -> None: ...
    class PokerCardsChosen(_message.Message):
        __slots__ = ("seat", "cards", "count")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        count: int
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...
    class PokerShowdown(_message.Message):
        __slots__ = ("hands", "winners", "dealer_won", "pot")
        HANDS_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        DEALER_WON_FIELD_NUMBER: _ClassVar[int]
        POT_FIELD_NUMBER: _ClassVar[int]
        hands: _containers.RepeatedCompositeFieldContainer[WesternLegendsEvent.PokerHand]
        winners: _containers.RepeatedScalarFieldContainer[int]
        dealer_won: bool
        pot: int
        def __init__(self, hands: _Optional[_Iterable[_Union[WesternLegendsEvent.PokerHand, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., dealer_won: _Optional[bool] = ..., pot: _Optional[int] = ...) -> None: ...
    class PokerCardKept(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class PokerEnded(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class RulesMigrated(_message.Message):
        __slots__ = ("text_options",)
        TEXT_OPTIONS_FIELD_NUMBER: _ClassVar[int]
        text_options: _containers.RepeatedCompositeFieldContainer[_struct_pb2.ListValue]
        def __init__(self, text_options: _Optional[_Iterable[_Union[_struct_pb2.ListValue, _Mapping]]] = ...) -> None: ...
    class PokerHand(_message.Message):
        __slots__ = ("seat", "cards", "hand")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        hand: str
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., hand: _Optional[str] = ...) -> None: ...
    class SeatSetUp(_message.Message):
        __slots__ = ("character", "space")
        CHARACTER_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        character: str
        space: str
        def __init__(self, character: _Optional[str] = ..., space: _Optional[str] = ...) -> None: ...
    V_FIELD_NUMBER: _ClassVar[int]
    GAME_STARTED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_CHANGED_FIELD_NUMBER: _ClassVar[int]
    CARDS_DRAWN_FIELD_NUMBER: _ClassVar[int]
    CARDS_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    DECK_REFILLED_FIELD_NUMBER: _ClassVar[int]
    ITEM_GAINED_FIELD_NUMBER: _ClassVar[int]
    ITEM_UPGRADED_FIELD_NUMBER: _ClassVar[int]
    ITEM_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    INCOME_TAKEN_FIELD_NUMBER: _ClassVar[int]
    GEAR_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    ACTION_SPENT_FIELD_NUMBER: _ClassVar[int]
    MOVED_FIELD_NUMBER: _ClassVar[int]
    DICE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_STARTED_FIELD_NUMBER: _ClassVar[int]
    TOLL_PAID_FIELD_NUMBER: _ClassVar[int]
    FIGHT_CARD_PLACED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_DECLINED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_REVEALED_FIELD_NUMBER: _ClassVar[int]
    REACTION_PASSED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_WON_FIELD_NUMBER: _ClassVar[int]
    LOOT_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    FIGHT_ENDED_FIELD_NUMBER: _ClassVar[int]
    END_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_ENDED_FIELD_NUMBER: _ClassVar[int]
    TURN_ENDED_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    BANDITS_PLACED_FIELD_NUMBER: _ClassVar[int]
    NPC_FIGHT_STARTED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_CARDS_OFFERED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_CARD_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    NPC_REVEALED_FIELD_NUMBER: _ClassVar[int]
    NPC_FIGHT_RESTARTED_FIELD_NUMBER: _ClassVar[int]
    NPC_AWAITING_FIELD_NUMBER: _ClassVar[int]
    NPC_CHOICE_MADE_FIELD_NUMBER: _ClassVar[int]
    NPC_FIGHT_ENDED_FIELD_NUMBER: _ClassVar[int]
    SHERIFF_MOVED_FIELD_NUMBER: _ClassVar[int]
    END_PHASE_RESUMED_FIELD_NUMBER: _ClassVar[int]
    CHARACTERS_OFFERED_FIELD_NUMBER: _ClassVar[int]
    CHARACTER_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    PLACEMENT_AWAITED_FIELD_NUMBER: _ClassVar[int]
    CATTLE_TAKEN_FIELD_NUMBER: _ClassVar[int]
    CATTLE_DELIVERED_FIELD_NUMBER: _ClassVar[int]
    CATTLE_RETURNED_FIELD_NUMBER: _ClassVar[int]
    CATTLE_STOLEN_FIELD_NUMBER: _ClassVar[int]
    HAND_PEEKED_FIELD_NUMBER: _ClassVar[int]
    REROLL_AWAITED_FIELD_NUMBER: _ClassVar[int]
    DIE_REROLLED_FIELD_NUMBER: _ClassVar[int]
    DICE_SETTLED_FIELD_NUMBER: _ClassVar[int]
    AFTER_MOVE_OPENED_FIELD_NUMBER: _ClassVar[int]
    WHISKEY_THROWN_FIELD_NUMBER: _ClassVar[int]
    SHAKEN_DOWN_FIELD_NUMBER: _ClassVar[int]
    CARD_STOLEN_FIELD_NUMBER: _ClassVar[int]
    RIDE_STARTED_FIELD_NUMBER: _ClassVar[int]
    RIDE_ENDED_FIELD_NUMBER: _ClassVar[int]
    ACTION_GRANTED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_DECK_SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_CARDS_RETURNED_FIELD_NUMBER: _ClassVar[int]
    GAMBLE_STARTED_FIELD_NUMBER: _ClassVar[int]
    POKER_JOINED_FIELD_NUMBER: _ClassVar[int]
    POKER_DEALER_SEATED_FIELD_NUMBER: _ClassVar[int]
    POKER_FLOP_REVEALED_FIELD_NUMBER: _ClassVar[int]
    POKER_CARDS_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    POKER_SHOWDOWN_FIELD_NUMBER: _ClassVar[int]
    POKER_CARD_KEPT_FIELD_NUMBER: _ClassVar[int]
    POKER_ENDED_FIELD_NUMBER: _ClassVar[int]
    RULES_MIGRATED_FIELD_NUMBER: _ClassVar[int]
    v: int
    game_started: WesternLegendsEvent.GameStarted
    player_changed: WesternLegendsEvent.PlayerChanged
    cards_drawn: WesternLegendsEvent.CardsDrawn
    cards_discarded: WesternLegendsEvent.CardsDiscarded
    deck_refilled: WesternLegendsEvent.DeckRefilled
    item_gained: WesternLegendsEvent.ItemGained
    item_upgraded: WesternLegendsEvent.ItemUpgraded
    item_discarded: WesternLegendsEvent.ItemDiscarded
    turn_started: WesternLegendsEvent.TurnStarted
    income_taken: WesternLegendsEvent.IncomeTaken
    gear_chosen: WesternLegendsEvent.GearChosen
    action_spent: WesternLegendsEvent.ActionSpent
    moved: WesternLegendsEvent.Moved
    dice_rolled: WesternLegendsEvent.DiceRolled
    fight_started: WesternLegendsEvent.FightStarted
    toll_paid: WesternLegendsEvent.TollPaid
    fight_card_placed: WesternLegendsEvent.FightCardPlaced
    fight_declined: WesternLegendsEvent.FightDeclined
    fight_revealed: WesternLegendsEvent.FightRevealed
    reaction_passed: WesternLegendsEvent.ReactionPassed
    fight_won: WesternLegendsEvent.FightWon
    loot_chosen: WesternLegendsEvent.LootChosen
    fight_ended: WesternLegendsEvent.FightEnded
    end_triggered: WesternLegendsEvent.EndTriggered
    actions_ended: WesternLegendsEvent.ActionsEnded
    turn_ended: WesternLegendsEvent.TurnEnded
    game_ended: WesternLegendsEvent.GameEnded
    bandits_placed: WesternLegendsEvent.BanditsPlaced
    npc_fight_started: WesternLegendsEvent.NpcFightStarted
    fight_cards_offered: WesternLegendsEvent.FightCardsOffered
    fight_card_chosen: WesternLegendsEvent.FightCardChosen
    npc_revealed: WesternLegendsEvent.NpcRevealed
    npc_fight_restarted: WesternLegendsEvent.NpcFightRestarted
    npc_awaiting: WesternLegendsEvent.NpcAwaiting
    npc_choice_made: WesternLegendsEvent.NpcChoiceMade
    npc_fight_ended: WesternLegendsEvent.NpcFightEnded
    sheriff_moved: WesternLegendsEvent.SheriffMoved
    end_phase_resumed: WesternLegendsEvent.EndPhaseResumed
    characters_offered: WesternLegendsEvent.CharactersOffered
    character_chosen: WesternLegendsEvent.CharacterChosen
    first_player_chosen: WesternLegendsEvent.FirstPlayerChosen
    placement_awaited: WesternLegendsEvent.PlacementAwaited
    cattle_taken: WesternLegendsEvent.CattleTaken
    cattle_delivered: WesternLegendsEvent.CattleDelivered
    cattle_returned: WesternLegendsEvent.CattleReturned
    cattle_stolen: WesternLegendsEvent.CattleStolen
    hand_peeked: WesternLegendsEvent.HandPeeked
    reroll_awaited: WesternLegendsEvent.RerollAwaited
    die_rerolled: WesternLegendsEvent.DieRerolled
    dice_settled: WesternLegendsEvent.DiceSettled
    after_move_opened: WesternLegendsEvent.AfterMoveOpened
    whiskey_thrown: WesternLegendsEvent.WhiskeyThrown
    shaken_down: WesternLegendsEvent.ShakenDown
    card_stolen: WesternLegendsEvent.CardStolen
    ride_started: WesternLegendsEvent.RideStarted
    ride_ended: WesternLegendsEvent.RideEnded
    action_granted: WesternLegendsEvent.ActionGranted
    fight_deck_shuffled: WesternLegendsEvent.FightDeckShuffled
    fight_cards_returned: WesternLegendsEvent.FightCardsReturned
    gamble_started: WesternLegendsEvent.GambleStarted
    poker_joined: WesternLegendsEvent.PokerJoined
    poker_dealer_seated: WesternLegendsEvent.PokerDealerSeated
    poker_flop_revealed: WesternLegendsEvent.PokerFlopRevealed
    poker_cards_chosen: WesternLegendsEvent.PokerCardsChosen
    poker_showdown: WesternLegendsEvent.PokerShowdown
    poker_card_kept: WesternLegendsEvent.PokerCardKept
    poker_ended: WesternLegendsEvent.PokerEnded
    rules_migrated: WesternLegendsEvent.RulesMigrated
    def __init__(self, v: _Optional[int] = ..., game_started: _Optional[_Union[WesternLegendsEvent.GameStarted, _Mapping]] = ..., player_changed: _Optional[_Union[WesternLegendsEvent.PlayerChanged, _Mapping]] = ..., cards_drawn: _Optional[_Union[WesternLegendsEvent.CardsDrawn, _Mapping]] = ..., cards_discarded: _Optional[_Union[WesternLegendsEvent.CardsDiscarded, _Mapping]] = ..., deck_refilled: _Optional[_Union[WesternLegendsEvent.DeckRefilled, _Mapping]] = ..., item_gained: _Optional[_Union[WesternLegendsEvent.ItemGained, _Mapping]] = ..., item_upgraded: _Optional[_Union[WesternLegendsEvent.ItemUpgraded, _Mapping]] = ..., item_discarded: _Optional[_Union[WesternLegendsEvent.ItemDiscarded, _Mapping]] = ..., turn_started: _Optional[_Union[WesternLegendsEvent.TurnStarted, _Mapping]] = ..., income_taken: _Optional[_Union[WesternLegendsEvent.IncomeTaken, _Mapping]] = ..., gear_chosen: _Optional[_Union[WesternLegendsEvent.GearChosen, _Mapping]] = ..., action_spent: _Optional[_Union[WesternLegendsEvent.ActionSpent, _Mapping]] = ..., moved: _Optional[_Union[WesternLegendsEvent.Moved, _Mapping]] = ..., dice_rolled: _Optional[_Union[WesternLegendsEvent.DiceRolled, _Mapping]] = ..., fight_started: _Optional[_Union[WesternLegendsEvent.FightStarted, _Mapping]] = ..., toll_paid: _Optional[_Union[WesternLegendsEvent.TollPaid, _Mapping]] = ..., fight_card_placed: _Optional[_Union[WesternLegendsEvent.FightCardPlaced, _Mapping]] = ..., fight_declined: _Optional[_Union[WesternLegendsEvent.FightDeclined, _Mapping]] = ..., fight_revealed: _Optional[_Union[WesternLegendsEvent.FightRevealed, _Mapping]] = ..., reaction_passed: _Optional[_Union[WesternLegendsEvent.ReactionPassed, _Mapping]] = ..., fight_won: _Optional[_Union[WesternLegendsEvent.FightWon, _Mapping]] = ..., loot_chosen: _Optional[_Union[WesternLegendsEvent.LootChosen, _Mapping]] = ..., fight_ended: _Optional[_Union[WesternLegendsEvent.FightEnded, _Mapping]] = ..., end_triggered: _Optional[_Union[WesternLegendsEvent.EndTriggered, _Mapping]] = ..., actions_ended: _Optional[_Union[WesternLegendsEvent.ActionsEnded, _Mapping]] = ..., turn_ended: _Optional[_Union[WesternLegendsEvent.TurnEnded, _Mapping]] = ..., game_ended: _Optional[_Union[WesternLegendsEvent.GameEnded, _Mapping]] = ..., bandits_placed: _Optional[_Union[WesternLegendsEvent.BanditsPlaced, _Mapping]] = ..., npc_fight_started: _Optional[_Union[WesternLegendsEvent.NpcFightStarted, _Mapping]] = ..., fight_cards_offered: _Optional[_Union[WesternLegendsEvent.FightCardsOffered, _Mapping]] = ..., fight_card_chosen: _Optional[_Union[WesternLegendsEvent.FightCardChosen, _Mapping]] = ..., npc_revealed: _Optional[_Union[WesternLegendsEvent.NpcRevealed, _Mapping]] = ..., npc_fight_restarted: _Optional[_Union[WesternLegendsEvent.NpcFightRestarted, _Mapping]] = ..., npc_awaiting: _Optional[_Union[WesternLegendsEvent.NpcAwaiting, _Mapping]] = ..., npc_choice_made: _Optional[_Union[WesternLegendsEvent.NpcChoiceMade, _Mapping]] = ..., npc_fight_ended: _Optional[_Union[WesternLegendsEvent.NpcFightEnded, _Mapping]] = ..., sheriff_moved: _Optional[_Union[WesternLegendsEvent.SheriffMoved, _Mapping]] = ..., end_phase_resumed: _Optional[_Union[WesternLegendsEvent.EndPhaseResumed, _Mapping]] = ..., characters_offered: _Optional[_Union[WesternLegendsEvent.CharactersOffered, _Mapping]] = ..., character_chosen: _Optional[_Union[WesternLegendsEvent.CharacterChosen, _Mapping]] = ..., first_player_chosen: _Optional[_Union[WesternLegendsEvent.FirstPlayerChosen, _Mapping]] = ..., placement_awaited: _Optional[_Union[WesternLegendsEvent.PlacementAwaited, _Mapping]] = ..., cattle_taken: _Optional[_Union[WesternLegendsEvent.CattleTaken, _Mapping]] = ..., cattle_delivered: _Optional[_Union[WesternLegendsEvent.CattleDelivered, _Mapping]] = ..., cattle_returned: _Optional[_Union[WesternLegendsEvent.CattleReturned, _Mapping]] = ..., cattle_stolen: _Optional[_Union[WesternLegendsEvent.CattleStolen, _Mapping]] = ..., hand_peeked: _Optional[_Union[WesternLegendsEvent.HandPeeked, _Mapping]] = ..., reroll_awaited: _Optional[_Union[WesternLegendsEvent.RerollAwaited, _Mapping]] = ..., die_rerolled: _Optional[_Union[WesternLegendsEvent.DieRerolled, _Mapping]] = ..., dice_settled: _Optional[_Union[WesternLegendsEvent.DiceSettled, _Mapping]] = ..., after_move_opened: _Optional[_Union[WesternLegendsEvent.AfterMoveOpened, _Mapping]] = ..., whiskey_thrown: _Optional[_Union[WesternLegendsEvent.WhiskeyThrown, _Mapping]] = ..., shaken_down: _Optional[_Union[WesternLegendsEvent.ShakenDown, _Mapping]] = ..., card_stolen: _Optional[_Union[WesternLegendsEvent.CardStolen, _Mapping]] = ..., ride_started: _Optional[_Union[WesternLegendsEvent.RideStarted, _Mapping]] = ..., ride_ended: _Optional[_Union[WesternLegendsEvent.RideEnded, _Mapping]] = ..., action_granted: _Optional[_Union[WesternLegendsEvent.ActionGranted, _Mapping]] = ..., fight_deck_shuffled: _Optional[_Union[WesternLegendsEvent.FightDeckShuffled, _Mapping]] = ..., fight_cards_returned: _Optional[_Union[WesternLegendsEvent.FightCardsReturned, _Mapping]] = ..., gamble_started: _Optional[_Union[WesternLegendsEvent.GambleStarted, _Mapping]] = ..., poker_joined: _Optional[_Union[WesternLegendsEvent.PokerJoined, _Mapping]] = ..., poker_dealer_seated: _Optional[_Union[WesternLegendsEvent.PokerDealerSeated, _Mapping]] = ..., poker_flop_revealed: _Optional[_Union[WesternLegendsEvent.PokerFlopRevealed, _Mapping]] = ..., poker_cards_chosen: _Optional[_Union[WesternLegendsEvent.PokerCardsChosen, _Mapping]] = ..., poker_showdown: _Optional[_Union[WesternLegendsEvent.PokerShowdown, _Mapping]] = ..., poker_card_kept: _Optional[_Union[WesternLegendsEvent.PokerCardKept, _Mapping]] = ..., poker_ended: _Optional[_Union[WesternLegendsEvent.PokerEnded, _Mapping]] = ..., rules_migrated: _Optional[_Union[WesternLegendsEvent.RulesMigrated, _Mapping]] = ...) -> None: ...
