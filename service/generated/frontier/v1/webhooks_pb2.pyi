from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Webhook(_message.Message):
    __slots__ = ("endpoint_id", "url", "scope", "target", "events", "created_at", "signing_secrets", "owed", "dead")
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    SIGNING_SECRETS_FIELD_NUMBER: _ClassVar[int]
    OWED_FIELD_NUMBER: _ClassVar[int]
    DEAD_FIELD_NUMBER: _ClassVar[int]
    endpoint_id: str
    url: str
    scope: str
    target: str
    events: _containers.RepeatedScalarFieldContainer[str]
    created_at: str
    signing_secrets: int
    owed: int
    dead: int
    def __init__(self, endpoint_id: _Optional[str] = ..., url: _Optional[str] = ..., scope: _Optional[str] = ..., target: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ..., created_at: _Optional[str] = ..., signing_secrets: _Optional[int] = ..., owed: _Optional[int] = ..., dead: _Optional[int] = ...) -> None: ...

class AddWebhookRequest(_message.Message):
    __slots__ = ("url", "scope", "target", "events")
    URL_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    url: str
    scope: str
    target: str
    events: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, url: _Optional[str] = ..., scope: _Optional[str] = ..., target: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ...) -> None: ...

class AddWebhookResponse(_message.Message):
    __slots__ = ("webhook", "secret")
    WEBHOOK_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    webhook: Webhook
    secret: str
    def __init__(self, webhook: _Optional[_Union[Webhook, _Mapping]] = ..., secret: _Optional[str] = ...) -> None: ...

class ListWebhooksRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListWebhooksResponse(_message.Message):
    __slots__ = ("webhooks",)
    WEBHOOKS_FIELD_NUMBER: _ClassVar[int]
    webhooks: _containers.RepeatedCompositeFieldContainer[Webhook]
    def __init__(self, webhooks: _Optional[_Iterable[_Union[Webhook, _Mapping]]] = ...) -> None: ...

class RemoveWebhookRequest(_message.Message):
    __slots__ = ("endpoint_id",)
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    endpoint_id: str
    def __init__(self, endpoint_id: _Optional[str] = ...) -> None: ...

class RemoveWebhookResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RotateWebhookSecretRequest(_message.Message):
    __slots__ = ("endpoint_id", "overlap_seconds")
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    OVERLAP_SECONDS_FIELD_NUMBER: _ClassVar[int]
    endpoint_id: str
    overlap_seconds: float
    def __init__(self, endpoint_id: _Optional[str] = ..., overlap_seconds: _Optional[float] = ...) -> None: ...

class RotateWebhookSecretResponse(_message.Message):
    __slots__ = ("webhook", "secret", "previous_until")
    WEBHOOK_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_UNTIL_FIELD_NUMBER: _ClassVar[int]
    webhook: Webhook
    secret: str
    previous_until: str
    def __init__(self, webhook: _Optional[_Union[Webhook, _Mapping]] = ..., secret: _Optional[str] = ..., previous_until: _Optional[str] = ...) -> None: ...

class DeadDelivery(_message.Message):
    __slots__ = ("message_id", "event_type", "game_id", "body", "attempts", "error", "dead_at")
    MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    BODY_FIELD_NUMBER: _ClassVar[int]
    ATTEMPTS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    DEAD_AT_FIELD_NUMBER: _ClassVar[int]
    message_id: str
    event_type: str
    game_id: str
    body: str
    attempts: int
    error: str
    dead_at: str
    def __init__(self, message_id: _Optional[str] = ..., event_type: _Optional[str] = ..., game_id: _Optional[str] = ..., body: _Optional[str] = ..., attempts: _Optional[int] = ..., error: _Optional[str] = ..., dead_at: _Optional[str] = ...) -> None: ...

class ListDeadDeliveriesRequest(_message.Message):
    __slots__ = ("endpoint_id",)
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    endpoint_id: str
    def __init__(self, endpoint_id: _Optional[str] = ...) -> None: ...

class ListDeadDeliveriesResponse(_message.Message):
    __slots__ = ("deliveries",)
    DELIVERIES_FIELD_NUMBER: _ClassVar[int]
    deliveries: _containers.RepeatedCompositeFieldContainer[DeadDelivery]
    def __init__(self, deliveries: _Optional[_Iterable[_Union[DeadDelivery, _Mapping]]] = ...) -> None: ...

class ReplayDeliveriesRequest(_message.Message):
    __slots__ = ("endpoint_id", "message_ids")
    ENDPOINT_ID_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_IDS_FIELD_NUMBER: _ClassVar[int]
    endpoint_id: str
    message_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, endpoint_id: _Optional[str] = ..., message_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class ReplayDeliveriesResponse(_message.Message):
    __slots__ = ("message_ids",)
    MESSAGE_IDS_FIELD_NUMBER: _ClassVar[int]
    message_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, message_ids: _Optional[_Iterable[str]] = ...) -> None: ...
