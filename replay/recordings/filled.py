"""Which cards an expanded recording names that nobody at the table saw (seeds/LOG-FORMAT.md, "Items
nobody saw").

Where a recording writes "unknown", the expansion fills in a card the rules can deal there. That card
stays unseen until a player names it (it was that card after all: their hand held it) or it is dealt
again; an occurrence that ends without being named was never seen, and every line whose events name
the card during it lists the card as `unseen`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engines.base import JsonValue
from replay.unseen import strings

Span = tuple[str, int, int | None]  # (item, the line that dealt it unseen, the line that dealt it again)


@dataclass
class UnseenItems:
    """The unseen occurrences of filled-in items, by recording line."""

    current: dict[str, int] = field(default_factory=dict)  # item -> the line its unseen occurrence began
    ended: list[Span] = field(default_factory=list)  # occurrences over, still never seen

    def filled(self, item: str, line: int) -> None:
        """`item` was dealt at `line` where the recording wrote nothing seen."""
        self.dealt_again(item, line)
        self.current[item] = line

    def dealt_again(self, item: str, line: int) -> None:
        """`item` was dealt again at `line`: the occurrence before it ends, unseen."""
        began = self.current.pop(item, None)
        if began is not None:
            self.ended.append((item, began, line))

    def named(self, item: str) -> None:
        """A player named `item`: its current occurrence was seen."""
        self.current.pop(item, None)

    def spans(self) -> list[Span]:
        return [*self.ended, *((item, began, None) for item, began in self.current.items())]

    def by_line(self, lines: Sequence[tuple[int, Sequence[JsonValue]]]) -> list[tuple[str, ...]]:
        """For each (recording line, its encoded events), the unseen items those events name, in the
        order they first appear there."""
        spans = self.spans()
        marked: list[tuple[str, ...]] = []
        for number, events in lines:
            during = {
                item for item, began, until in spans if began <= number and (until is None or number < until)
            }
            marked.append(tuple(dict.fromkeys(text for text in strings(list(events)) if text in during)))
        return marked
