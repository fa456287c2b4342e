from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class WesternLegendsCommand(_message.Message):
    __slots__ = ("take_income", "choose_gear", "move", "prospect", "deposit", "purchase", "upgrade", "heal", "revel", "use_provisions", "start_fight", "pay_annie_toll", "commit_fight_card", "answer_fight", "pass_reaction", "choose_loot", "end_actions", "discard_card", "rob_bank", "choose_fight_card", "npc_choice", "choose_character", "choose_start", "take_cattle", "reroll_die", "throw_whiskey", "shake_down", "ride_out", "work", "extra_step", "gamble", "join_poker", "choose_poker_cards", "cross_mesa")
    TAKE_INCOME_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_GEAR_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    PROSPECT_FIELD_NUMBER: _ClassVar[int]
    DEPOSIT_FIELD_NUMBER: _ClassVar[int]
    PURCHASE_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_FIELD_NUMBER: _ClassVar[int]
    HEAL_FIELD_NUMBER: _ClassVar[int]
    REVEL_FIELD_NUMBER: _ClassVar[int]
    USE_PROVISIONS_FIELD_NUMBER: _ClassVar[int]
    START_FIGHT_FIELD_NUMBER: _ClassVar[int]
    PAY_ANNIE_TOLL_FIELD_NUMBER: _ClassVar[int]
    COMMIT_FIGHT_CARD_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIGHT_FIELD_NUMBER: _ClassVar[int]
    PASS_REACTION_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_LOOT_FIELD_NUMBER: _ClassVar[int]
    END_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_CARD_FIELD_NUMBER: _ClassVar[int]
    ROB_BANK_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_FIGHT_CARD_FIELD_NUMBER: _ClassVar[int]
    NPC_CHOICE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_START_FIELD_NUMBER: _ClassVar[int]
    TAKE_CATTLE_FIELD_NUMBER: _ClassVar[int]
    REROLL_DIE_FIELD_NUMBER: _ClassVar[int]
    THROW_WHISKEY_FIELD_NUMBER: _ClassVar[int]
    SHAKE_DOWN_FIELD_NUMBER: _ClassVar[int]
    RIDE_OUT_FIELD_NUMBER: _ClassVar[int]
    WORK_FIELD_NUMBER: _ClassVar[int]
    EXTRA_STEP_FIELD_NUMBER: _ClassVar[int]
    GAMBLE_FIELD_NUMBER: _ClassVar[int]
    JOIN_POKER_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_POKER_CARDS_FIELD_NUMBER: _ClassVar[int]
    CROSS_MESA_FIELD_NUMBER: _ClassVar[int]
    take_income: TakeIncome
    choose_gear: ChooseGear
    move: Move
    prospect: Prospect
    deposit: Deposit
    purchase: Purchase
    upgrade: Upgrade
    heal: Heal
    revel: Revel
    use_provisions: UseProvisions
    start_fight: StartFight
    pay_annie_toll: PayAnnieToll
    commit_fight_card: CommitFightCard
    answer_fight: AnswerFight
    pass_reaction: PassReaction
    choose_loot: ChooseLoot
    end_actions: EndActions
    discard_card: DiscardCard
    rob_bank: RobBank
    choose_fight_card: ChooseFightCard
    npc_choice: NpcChoice
    choose_character: ChooseCharacter
    choose_start: ChooseStart
    take_cattle: TakeCattle
    reroll_die: RerollDie
    throw_whiskey: ThrowWhiskey
    shake_down: ShakeDown
    ride_out: RideOut
    work: Work
    extra_step: ExtraStep
    gamble: Gamble
    join_poker: JoinPoker
    choose_poker_cards: ChoosePokerCards
    cross_mesa: CrossMesa
    def __init__(self, take_income: _Optional[_Union[TakeIncome, _Mapping]] = ..., choose_gear: _Optional[_Union[ChooseGear, _Mapping]] = ..., move: _Optional[_Union[Move, _Mapping]] = ..., prospect: _Optional[_Union[Prospect, _Mapping]] = ..., deposit: _Optional[_Union[Deposit, _Mapping]] = ..., purchase: _Optional[_Union[Purchase, _Mapping]] = ..., upgrade: _Optional[_Union[Upgrade, _Mapping]] = ..., heal: _Optional[_Union[Heal, _Mapping]] = ..., revel: _Optional[_Union[Revel, _Mapping]] = ..., use_provisions: _Optional[_Union[UseProvisions, _Mapping]] = ..., start_fight: _Optional[_Union[StartFight, _Mapping]] = ..., pay_annie_toll: _Optional[_Union[PayAnnieToll, _Mapping]] = ..., commit_fight_card: _Optional[_Union[CommitFightCard, _Mapping]] = ..., answer_fight: _Optional[_Union[AnswerFight, _Mapping]] = ..., pass_reaction: _Optional[_Union[PassReaction, _Mapping]] = ..., choose_loot: _Optional[_Union[ChooseLoot, _Mapping]] = ..., end_actions: _Optional[_Union[EndActions, _Mapping]] = ..., discard_card: _Optional[_Union[DiscardCard, _Mapping]] = ..., rob_bank: _Optional[_Union[RobBank, _Mapping]] = ..., choose_fight_card: _Optional[_Union[ChooseFightCard, _Mapping]] = ..., npc_choice: _Optional[_Union[NpcChoice, _Mapping]] = ..., choose_character: _Optional[_Union[ChooseCharacter, _Mapping]] = ..., choose_start: _Optional[_Union[ChooseStart, _Mapping]] = ..., take_cattle: _Optional[_Union[TakeCattle, _Mapping]] = ..., reroll_die: _Optional[_Union[RerollDie, _Mapping]] = ..., throw_whiskey: _Optional[_Union[ThrowWhiskey, _Mapping]] = ..., shake_down: _Optional[_Union[ShakeDown, _Mapping]] = ..., ride_out: _Optional[_Union[RideOut, _Mapping]] = ..., work: _Optional[_Union[Work, _Mapping]] = ..., extra_step: _Optional[_Union[ExtraStep, _Mapping]] = ..., gamble: _Optional[_Union[Gamble, _Mapping]] = ..., join_poker: _Optional[_Union[JoinPoker, _Mapping]] = ..., choose_poker_cards: _Optional[_Union[ChoosePokerCards, _Mapping]] = ..., cross_mesa: _Optional[_Union[CrossMesa, _Mapping]] = ...) -> None: ...

class TakeIncome(_message.Message):
    __slots__ = ("income",)
    INCOME_FIELD_NUMBER: _ClassVar[int]
    income: str
    def __init__(self, income: _Optional[str] = ...) -> None: ...

class ChooseGear(_message.Message):
    __slots__ = ("weapon", "mount")
    WEAPON_FIELD_NUMBER: _ClassVar[int]
    MOUNT_FIELD_NUMBER: _ClassVar[int]
    weapon: str
    mount: str
    def __init__(self, weapon: _Optional[str] = ..., mount: _Optional[str] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("to",)
    TO_FIELD_NUMBER: _ClassVar[int]
    to: str
    def __init__(self, to: _Optional[str] = ...) -> None: ...

class Prospect(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Deposit(_message.Message):
    __slots__ = ("nuggets",)
    NUGGETS_FIELD_NUMBER: _ClassVar[int]
    nuggets: int
    def __init__(self, nuggets: _Optional[int] = ...) -> None: ...

class Purchase(_message.Message):
    __slots__ = ("item", "activate")
    ITEM_FIELD_NUMBER: _ClassVar[int]
    ACTIVATE_FIELD_NUMBER: _ClassVar[int]
    item: str
    activate: bool
    def __init__(self, item: _Optional[str] = ..., activate: _Optional[bool] = ...) -> None: ...

class Upgrade(_message.Message):
    __slots__ = ("item",)
    ITEM_FIELD_NUMBER: _ClassVar[int]
    item: str
    def __init__(self, item: _Optional[str] = ...) -> None: ...

class Heal(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Revel(_message.Message):
    __slots__ = ("times",)
    TIMES_FIELD_NUMBER: _ClassVar[int]
    times: int
    def __init__(self, times: _Optional[int] = ...) -> None: ...

class UseProvisions(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class StartFight(_message.Message):
    __slots__ = ("target", "fight")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    FIGHT_FIELD_NUMBER: _ClassVar[int]
    target: int
    fight: str
    def __init__(self, target: _Optional[int] = ..., fight: _Optional[str] = ...) -> None: ...

class PayAnnieToll(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class CommitFightCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class AnswerFight(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class PassReaction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ChooseLoot(_message.Message):
    __slots__ = ("loot",)
    LOOT_FIELD_NUMBER: _ClassVar[int]
    loot: str
    def __init__(self, loot: _Optional[str] = ...) -> None: ...

class EndActions(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DiscardCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class RobBank(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ChooseFightCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class NpcChoice(_message.Message):
    __slots__ = ("choice",)
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    choice: str
    def __init__(self, choice: _Optional[str] = ...) -> None: ...

class ChooseCharacter(_message.Message):
    __slots__ = ("character",)
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    character: str
    def __init__(self, character: _Optional[str] = ...) -> None: ...

class ChooseStart(_message.Message):
    __slots__ = ("space",)
    SPACE_FIELD_NUMBER: _ClassVar[int]
    space: str
    def __init__(self, space: _Optional[str] = ...) -> None: ...

class TakeCattle(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RerollDie(_message.Message):
    __slots__ = ("die",)
    DIE_FIELD_NUMBER: _ClassVar[int]
    die: int
    def __init__(self, die: _Optional[int] = ...) -> None: ...

class ThrowWhiskey(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class ShakeDown(_message.Message):
    __slots__ = ("target", "take")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    target: int
    take: str
    def __init__(self, target: _Optional[int] = ..., take: _Optional[str] = ...) -> None: ...

class RideOut(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class Work(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ExtraStep(_message.Message):
    __slots__ = ("to",)
    TO_FIELD_NUMBER: _ClassVar[int]
    to: str
    def __init__(self, to: _Optional[str] = ...) -> None: ...

class Gamble(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class JoinPoker(_message.Message):
    __slots__ = ("join",)
    JOIN_FIELD_NUMBER: _ClassVar[int]
    join: bool
    def __init__(self, join: _Optional[bool] = ...) -> None: ...

class ChoosePokerCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class CrossMesa(_message.Message):
    __slots__ = ("to",)
    TO_FIELD_NUMBER: _ClassVar[int]
    to: str
    def __init__(self, to: _Optional[str] = ...) -> None: ...
