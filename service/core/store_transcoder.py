"""The store's JSON transcoder, reading stored events with msgspec where that gives the same value.

A rebuild from the store decodes every stored event of the game; eventsourcing's
`JSONTranscoder` does it with the standard library and an `object_hook` that is a Python
call per JSON object (a fifth of a rebuild, measured). msgspec parses JSON in C and, for
every text it accepts, gives the value the standard library gives: the same strings,
integers of any size, correctly rounded floats, the last of a repeated key. It refuses
what the standard library would read otherwise (NaN, an out-of-range float, a lone
surrogate), and those texts are read by the standard library, as is any text where a
transcoded value (`{"_type_": ..., "_data_": ...}`) may sit anywhere but at the top level.
Writing is unchanged, so the stored bytes are too.
"""

from __future__ import annotations

from typing import Any

import msgspec
from eventsourcing.persistence import JSONTranscoder

_TYPE = b"_type_"
_ESCAPE = b"\\u"  # a key spelled with escapes may be "_type_" without those bytes in it


class StoreTranscoder(JSONTranscoder):
    """`JSONTranscoder` with a compiled decode for the common shape of a stored event."""

    def decode(self, data: bytes) -> Any:
        fast = self._decode_fast(data)
        return fast if fast is not None else super().decode(data)

    def _decode_fast(self, data: bytes) -> dict[str, Any] | None:
        """The stored state `data` holds, or None to leave it to the standard library.

        Taken only if every occurrence of `_type_` in the text is the key of a transcoded
        value at the top level (a stored event's `timestamp`): then the object hook would
        change those values and nothing else.
        """
        # A backslash first (one byte, found by memchr): few stored texts have one, and
        # searching the two bytes of an escape costs a third of the parse.
        if data.find(b"\\") >= 0 and _ESCAPE in data:
            return None
        try:
            value = msgspec.json.decode(data)
        except msgspec.MsgspecError:  # what msgspec refuses, the standard library reads or refuses
            return None
        if type(value) is not dict:
            return None
        transcoded = [
            (key, item)
            for key, item in value.items()
            if type(item) is dict and len(item) == 2 and "_type_" in item and "_data_" in item
        ]
        if data.count(_TYPE) != len(transcoded):
            return None
        for key, item in transcoded:
            transcoding = self.names.get(item["_type_"]) if type(item["_type_"]) is str else None
            if transcoding is None:  # the standard library's path names the missing transcoding
                return None
            value[key] = transcoding.decode(item["_data_"])
        return value
