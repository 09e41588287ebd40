"""The octilinear grid that :mod:`vvlab.design.octilinear` routes a network through.

Nodes are the integer points of a rectangle (with a blocked border, so that a step
never leaves it); from each node a path may step in 8 directions, counterclockwise from
east (:data:`DIRS`). The grid keeps what is taken: each node holds at most one vertex
(station or crossing point) or one piece of path, each *cell* (unit square) at most one
of its two diagonals, and each vertex one piece per *port* (direction). A station also
keeps the diagonals that do not touch it out of its four cells, so that no path passes
it closer than one grid unit, and no other station comes within ``spacing`` units
(Chebyshev) of it.

>>> grid = OctiGrid(5, 4, spacing=2)
>>> node = grid.node(1, 1)
>>> grid.place(node, vertex=0, station=True)
>>> grid.free_for_station(grid.node(2, 2)), grid.free_for_station(grid.node(3, 1))
(False, True)
>>> grid.diagonal_free(grid.node(2, 1), 3)  # (2, 1) -> (1, 2) cuts the station's corner
False
"""

from __future__ import annotations

from itertools import pairwise

DIRS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The 8 directions, counterclockwise from east: direction d is ``DIRS[d]``."""
FREE = -1
BORDER = -2


def turn(d1: int, d2: int) -> int:
    """How far direction ``d2`` turns from ``d1``, in eighths of a turn (0-4).

    >>> turn(0, 1), turn(0, 7), turn(2, 6)
    (1, 1, 4)
    """
    return min((d1 - d2) % 8, (d2 - d1) % 8)


class OctiGrid:
    """A ``width`` x ``height`` grid of nodes (plus the blocked border)."""

    def __init__(self, width: int, height: int, spacing: int = 2) -> None:
        self.width, self.height, self.spacing = width + 2, height + 2, spacing
        size = self.width * self.height
        self.owner = [FREE] * size
        """The piece of path through each node (FREE, BORDER or a piece number)."""
        self.vertex = [FREE] * size
        self.crowd = [0] * size
        self.stations: set[int] = set()
        """How many stations are within ``spacing - 1`` (Chebyshev) of each node."""
        self.diagonal_used = bytearray(size)
        self.diagonal_allowed = bytearray([3]) * size
        """Per cell (by its lower left node): bit 0 lets "/" pass, bit 1 lets "\\"."""
        self.offset = [dx + dy * self.width for dx, dy in DIRS]
        for x in range(self.width):
            for y in range(self.height):
                if x in (0, self.width - 1) or y in (0, self.height - 1):
                    self.owner[x + y * self.width] = BORDER

    def node(self, x: int, y: int) -> int:
        """The node at grid point (x, y) (0-based, inside the border)."""
        return x + 1 + (y + 1) * self.width

    def point(self, node: int) -> tuple[int, int]:
        """The grid point (x, y) of ``node``."""
        return node % self.width - 1, node // self.width - 1

    def diagonal_cell(self, d: int) -> tuple[int | None, int]:
        """For a step in direction d: the offset from its start node of the cell a
        diagonal step crosses (None for a straight step), and which of the cell's
        diagonals it is (0 "/", 1 "\\")."""
        if d % 2 == 0:
            return None, 0
        return (0, -1, -1 - self.width, -self.width)[d // 2], 0 if d in (1, 5) else 1

    def _cell(self, node: int, d: int) -> tuple[int, int]:
        shift, kind = self.diagonal_cell(d)
        return node + (shift or 0), kind

    def diagonal_free(self, node: int, d: int) -> bool:
        """True unless a diagonal step from ``node`` in direction d crosses a diagonal
        already used, or passes a station one diagonal away (straight steps: True)."""
        if d % 2 == 0:
            return True
        cell, kind = self._cell(node, d)
        return not self.diagonal_used[cell] and bool(self.diagonal_allowed[cell] >> kind & 1)

    def passable(self, node: int) -> bool:
        """True if a path may pass through ``node``."""
        return self.owner[node] == FREE and self.vertex[node] == FREE

    def _corner_cells(self, node: int) -> list[tuple[int, int]]:
        """The four cells around ``node``, each with the diagonal touching it."""
        w = self.width
        return [(node, 0), (node - 1, 1), (node - w, 1), (node - 1 - w, 0)]

    def free_for_station(self, node: int, spacing: int = 0) -> bool:
        """True if a station may be placed at ``node`` (``spacing`` units, if more than
        the grid's, from every station)."""
        if not self.passable(node) or self.crowd[node]:
            return False
        if any(self.diagonal_used[cell] for cell, _ in self._corner_cells(node)):
            return False
        return spacing <= self.spacing or not any(
            m in self.stations for m in self._window(node, spacing - 1)
        )

    def _window(self, node: int, reach: int) -> list[int]:
        """The nodes within ``reach`` (Chebyshev) of ``node``, inside the grid."""
        x, y = self.point(node)
        return [
            self.node(px, py)
            for px in range(max(x - reach, -1), min(x + reach, self.width - 2) + 1)
            for py in range(max(y - reach, -1), min(y + reach, self.height - 2) + 1)
        ]

    def free_ports(self, node: int) -> int:
        """How many directions a path could still leave ``node`` in."""
        return sum(
            self.owner[node + step] == FREE and self.diagonal_free(node, d)
            for d, step in enumerate(self.offset)
        )

    def place(self, node: int, vertex: int, station: bool, spacing: int = 0) -> None:
        """Put ``vertex`` at ``node``; a station keeps other stations (``spacing`` units
        away, or the grid's) and the paths' diagonals from coming close."""
        self.vertex[node] = vertex
        if not station:
            return
        self.stations.add(node)
        for cell, kind in self._corner_cells(node):
            self.diagonal_allowed[cell] &= 1 << kind
        for near in self._window(node, max(spacing, self.spacing) - 1):
            self.crowd[near] += 1

    def take(self, path: list[int], piece: int) -> None:
        """Mark the nodes between the ends of ``path`` and its diagonals as used."""
        for node in path[1:-1]:
            self.owner[node] = piece
        for a, b in pairwise(path):
            d = self.offset.index(b - a)
            if d % 2:
                self.diagonal_used[self._cell(a, d)[0]] = 1
