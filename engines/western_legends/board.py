"""The map as data (WL-MAP, spec §3.1): a 12x8 grid, mesas, towns and location cells.

Distances are precomputed once with king-move adjacency minus mesas, so legal
moves and range checks are table look-ups, not searches.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

COLUMNS = "ABCDEFGHIJKL"
ROWS = 8
SPACES: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)

MESAS = frozenset({"F3", "G3", "H3", "F4", "G4", "H4", "F6", "G6", "H6"})  # WL-MAP-2
DARKROCK = frozenset({"D3", "E3", "C4", "D4", "E4", "B5", "C5", "D5", "E5", "C6", "D6"})
RED_FALLS = frozenset({"I3", "J3", "K3", "I4", "J4", "K4", "J5", "K5"})
IN_TOWN = DARKROCK | RED_FALLS  # WL-MAP-3

SHERIFF_OFFICE = "C4"  # WL-JAIL-1: arrested players go here
BANK = frozenset({"E5"})
DOCTOR = frozenset({"I3"})
CABARET = frozenset({"I4"})
MINES = frozenset({"F2", "B8", "H7"})
STORES = frozenset({"D3", "D4", "E4", "K4", "J5", "K5"})  # WL-LOC-STORE-1: any of 3 cells per town
SALOONS = frozenset({"B5", "C5", "D5", "J3", "I4", "K3"})
HIDEOUTS = {"A": ("A2", "L2"), "B": ("G1", "G5"), "C": ("B7", "K7")}
RANCHES = {"green": "C2", "blue": "K2"}  # WL-LOC-CATTLE-1
RAIL_STATION = "G8"  # WL-LOC-CATTLE-2: Wrangle
MESA_GROUPS = {
    "north_mesa": frozenset({"F3", "G3", "H3", "F4", "G4", "H4"}),
    "south_mesa": frozenset({"F6", "G6", "H6"}),
}

OPEN_SPACES: tuple[str, ...] = tuple(s for s in SPACES if s not in MESAS)
SPACE_INDEX: dict[str, int] = {s: i for i, s in enumerate(SPACES)}


def _xy(space: str) -> tuple[int, int]:
    return COLUMNS.index(space[0]), int(space[1:]) - 1


def neighbours(space: str) -> tuple[str, ...]:
    """WL-MAP-1: the 8 king-move neighbours, diagonals included, never a mesa (WL-MOVE-3)."""
    return NEIGHBOURS[space]


def _neighbours(space: str) -> tuple[str, ...]:
    x, y = _xy(space)
    found = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            nx, ny = x + dx, y + dy
            if (dx or dy) and 0 <= nx < len(COLUMNS) and 0 <= ny < ROWS:
                cell = f"{COLUMNS[nx]}{ny + 1}"
                if cell not in MESAS:
                    found.append(cell)
    return tuple(found)


NEIGHBOURS: dict[str, tuple[str, ...]] = {s: _neighbours(s) for s in OPEN_SPACES}


def _distances_from(start: str) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for step in neighbours(here):
            if step not in seen:
                seen[step] = seen[here] + 1
                queue.append(step)
    return seen


DISTANCE: dict[str, dict[str, int]] = {s: _distances_from(s) for s in OPEN_SPACES}


def reachable(start: str, steps: int) -> tuple[str, ...]:
    """Spaces other than `start` within `steps` legal steps, in board order."""
    table = DISTANCE[start]
    return tuple(s for s in OPEN_SPACES if 0 < table.get(s, steps + 1) <= steps)


def _knife_neighbours(space: str) -> tuple[str, ...]:
    """Bloody Knife's graph: a whole mesa is one node he may pass through (never end on)."""
    if space in MESA_GROUPS:
        cells = MESA_GROUPS[space]
        return tuple(s for s in OPEN_SPACES if any(s in _neighbours_all(c) for c in cells))
    mesas = tuple(
        name for name, cells in MESA_GROUPS.items() if any(c in cells for c in _neighbours_all(space))
    )
    return NEIGHBOURS[space] + mesas


def _neighbours_all(space: str) -> tuple[str, ...]:
    x, y = _xy(space)
    return tuple(
        f"{COLUMNS[x + dx]}{y + dy + 1}"
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < len(COLUMNS) and 0 <= y + dy < ROWS
    )


KNIFE_NEIGHBOURS: dict[str, tuple[str, ...]] = {s: _knife_neighbours(s) for s in (*OPEN_SPACES, *MESA_GROUPS)}


@lru_cache(maxsize=16384)  # pure in its arguments; bandit layouts repeat all game
def reachable_stopping_at(
    start: str, steps: int, stops: frozenset[str], crosses_mesas: bool = False
) -> dict[str, int]:
    """Distances within `steps`, where a step into a `stops` space (a bandit) ends the move (WL-MOVE-4).

    With `crosses_mesas` (Bloody Knife) a mesa is one space to pass through, never a destination.
    """
    if not stops and not crosses_mesas:
        return {s: d for s, d in DISTANCE[start].items() if 0 < d <= steps}
    graph = KNIFE_NEIGHBOURS if crosses_mesas else NEIGHBOURS
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if seen[here] == steps or (here in stops and here != start):
            continue
        for step in graph[here]:
            if step not in seen:
                seen[step] = seen[here] + 1
                queue.append(step)
    del seen[start]
    for mesa in MESA_GROUPS:
        seen.pop(mesa, None)
    return seen


@lru_cache(maxsize=4096)
def mesa_routes(start: str, steps: int, stops: frozenset[str]) -> frozenset[str]:
    """F11, Bloody Knife: spaces a Move of `steps` can end on along a route through a mesa."""
    seen = {(start, False)}
    frontier = [(start, False)]
    for _ in range(steps):
        following = []
        for here, crossed in frontier:
            if here in stops and here != start:
                continue  # a bandit ends the move
            for step in KNIFE_NEIGHBOURS[here]:
                state = (step, crossed or step in MESA_GROUPS)
                if state not in seen:
                    seen.add(state)
                    following.append(state)
        frontier = following
    return frozenset(s for s, crossed in seen if crossed and s not in MESA_GROUPS and s != start)


def step_toward(start: str, goal: str) -> str:
    """The first neighbour (in board order) on a shortest path from `start` to `goal`."""
    table = DISTANCE[goal]
    return min(neighbours(start), key=lambda s: (table[s], SPACES.index(s)))
