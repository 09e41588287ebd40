"""The result of a simulation: tidy frames, metadata, parquet files, a summary."""

from __future__ import annotations

import json
import os
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from vvlab.engine import Ruleset
from vvlab.model import CityMap, load_map
from vvlab.sim.blocks import BlockRecord
from vvlab.sim.frames import PER_GAME_SEAT, RecordFrames, frame_arrays, stack_records
from vvlab.sim.params import RunSpec, run_identity
from vvlab.sim.resultfiles import FRAMES, ResultFiles, open_result, write_frame, write_manifest
from vvlab.sim.stats import group_stats

MEASURES = PER_GAME_SEAT


class _Frame:
    """A result frame as an attribute, read from the run folder on first access."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, result: Any, owner: type | None = None) -> pd.DataFrame:
        if result is None:
            return self  # type: ignore[return-value]
        return result._frame(self.name)

    def __set__(self, result: Any, frame: pd.DataFrame) -> None:
        result._frames[self.name] = frame


class SimulationResult:
    """Frames and metadata of a batch of simulated games (see :func:`vvlab.simulate`).

    Attributes
    ----------
    games : pandas.DataFrame
        One row per (game, player): ``game`` (index in the run), ``seed`` (the run's
        seed), ``player``, ``bot`` (spec), ``score``, ``bonus``, ``stars``, ``penalty``,
        ``empty``, ``lines_completed``, ``first_bonuses``, ``turns`` and ``rank``
        (1 is best in the game; ties share the best rank).
    lines : pandas.DataFrame
        One row per (game, player, line): ``game``, ``player``, ``bot``, ``line``,
        ``completed``, ``turn_completed`` (``<NA>`` when not completed), ``bonus_kind``
        (``"first"``, ``"later"``, ``"none"``) and ``bonus`` (points).
    stations : pandas.DataFrame
        One row per (player, station): ``player``, ``bot``, ``station``, ``name``,
        ``lines_through``, ``filled`` (games in which it was filled at the end),
        ``games`` and ``fill_rate``.
    metadata : dict
        Map (id, name, sha256 of its canonical JSON, the map itself), ruleset, bots with
        their parameters, players, games, seed, block size, vvlab version; and under
        ``"execution"`` how it ran: engine, executor, workers (and
        ``workers_requested`` when more were asked for than were useful), chunks,
        timing.

    A result read with :meth:`from_parquet` (and the result of ``simulate`` with
    ``out=``) reads each frame from its file on first access, after checking the file's
    checksum; :meth:`load` reads them all at once.

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, games=300, seed=1, workers=1,
    ...                      progress=False)
    >>> res.games.shape, res.lines.shape, res.stations.shape
    ((600, 13), (2400, 8), (24, 8))
    >>> int(res.summary().loc[(0, "random", "score"), "games"])
    300
    """

    def __init__(
        self,
        games: pd.DataFrame,
        lines: pd.DataFrame,
        stations: pd.DataFrame,
        metadata: dict[str, Any],
    ):
        self._frames: dict[str, pd.DataFrame] = {
            "games": games,
            "lines": lines,
            "stations": stations,
        }
        self._files: ResultFiles | RecordFrames | None = None
        self.metadata = json.loads(json.dumps(metadata))

    def _frame(self, name: str) -> pd.DataFrame:
        if name not in self._frames:
            assert self._files is not None
            self._frames[name] = self._files.load(name)
        return self._frames[name]

    games = _Frame("games")
    lines = _Frame("lines")
    stations = _Frame("stations")

    def load(self) -> SimulationResult:
        """Read every frame not read yet (a result from :meth:`from_parquet` reads each
        on first access); returns the result itself."""
        for name in FRAMES:
            self._frame(name)
        return self

    @classmethod
    def from_records(
        cls, records: Sequence[BlockRecord], spec: RunSpec, execution: dict[str, Any]
    ) -> SimulationResult:
        """The result of every block's record (any order); each frame is built from the
        records' arrays on first access (:meth:`arrays` reads them without frames)."""
        source = RecordFrames(stack_records(records), spec.city, spec.ruleset, spec.labels,
                              spec.seed)  # fmt: skip
        metadata = {**spec.record(), "map": spec.city.to_dict(), "execution": execution}
        return cls._reading(source, json.loads(json.dumps(metadata)))

    @classmethod
    def _reading(
        cls, source: ResultFiles | RecordFrames, metadata: dict[str, Any]
    ) -> SimulationResult:
        """A result whose frames ``source`` gives, each on first access."""
        result = cls.__new__(cls)
        result._frames, result._files = {}, source
        result.metadata = metadata
        return result

    def arrays(self) -> dict[str, np.ndarray]:
        """The games as arrays in game order: per (game, seat) each measure of the
        ``games`` frame (``score``, ``bonus``, ``stars``, ``penalty``, ``empty``,
        ``lines_completed``, ``first_bonuses``), per game ``turns``, per (game, seat,
        line in the map's order) ``line_turn`` (the turn it was completed, 0: never).
        A run just played gives its records' arrays (read-only, no frame is built);
        one read from files or made of frames, arrays made from its frames.

        >>> import vvlab
        >>> res = vvlab.simulate("tutorial", games=3, seed=2, progress=False)
        >>> a = res.arrays()
        >>> a["score"].shape, a["turns"].shape, a["line_turn"].shape
        ((3, 1), (3,), (3, 1, 4))
        >>> a["score"][:, 0].tolist() == res.games["score"].tolist()
        True
        """
        if isinstance(self._files, RecordFrames):
            return {n: self._files.arrays[n] for n in (*PER_GAME_SEAT, "turns", "line_turn")}
        ids = [line["id"] for line in self.metadata["map"]["lines"]]
        return frame_arrays(self.games, self.lines, ids)

    # -- what was simulated ------------------------------------------------------------
    @property
    def bots(self) -> list[str]:
        """The bot spec of each seat."""
        return [b["spec"] for b in self.metadata["bots"]]

    @property
    def players(self) -> int:
        return int(self.metadata["players"])

    @property
    def seed(self) -> int:
        return int(self.metadata["seed"])

    @property
    def city(self) -> CityMap:
        """The map that was played (rebuilt from the metadata)."""
        return load_map(self.metadata["map"])

    @property
    def ruleset(self) -> Ruleset:
        return Ruleset.from_dict(self.metadata["ruleset"])

    # -- summary and display -----------------------------------------------------------
    def summary(self) -> pd.DataFrame:
        """Per seat (player, bot) and measure: games, mean, std, 95% CI half-width
        (normal approximation, see :func:`vvlab.sim.stats.group_stats`; ``NaN`` std and
        CI for one game), min and max. Measures: score and its parts, lines completed,
        first bonuses; with several players also rank and win (rank 1)."""
        frame = self.games
        measures = list(MEASURES)
        if self.players > 1:
            frame = frame.assign(win=(frame["rank"] == 1).astype(np.int8))
            measures += ["rank", "win"]
        bots = frame.groupby("player", sort=True)["bot"].first().astype(str)
        parts = []
        for order, m in enumerate(measures):
            s = group_stats(frame, "player", m, extra=("min", "max"), sort=True)
            parts.append(
                pd.DataFrame(
                    {
                        "player": s.index.to_numpy(),
                        "bot": bots.loc[s.index].to_numpy(),
                        "measure": m,
                        "order": order,
                        "games": s["games"].to_numpy(np.int64),
                        "mean": s["mean"].to_numpy(float),
                        "std": s["std"].to_numpy(float),
                        "ci95": s["ci95"].to_numpy(float),
                        "min": s["min"].to_numpy(np.int64),
                        "max": s["max"].to_numpy(np.int64),
                    }
                )
            )
        table = pd.concat(parts, ignore_index=True).sort_values(["player", "order"])
        return table.drop(columns="order").set_index(["player", "bot", "measure"])

    def _title_parts(self) -> list[str]:
        m = self.metadata
        seconds = m.get("execution", {}).get("seconds")
        parts = [
            f"SimulationResult: {m['map_id']}",
            m["ruleset"]["name"],
            f"{m['players']} player{'s' * (m['players'] != 1)} ({', '.join(self.bots)})",
            f"{m['games']} games",
            f"seed {m['seed']}",
        ]
        return parts + ([f"{seconds:.1f} s"] if isinstance(seconds, (int, float)) else [])

    def __repr__(self) -> str:
        text = self.summary().to_string(float_format=lambda x: f"{x:.2f}")
        return "\n".join([*_fold(self._title_parts()), text])

    def _repr_html_(self) -> str:
        table = self.summary().to_html(float_format=lambda x: f"{x:.2f}")
        return f"<p><b>{', '.join(self._title_parts())}</b></p>\n{table}"

    # -- comparison and files ----------------------------------------------------------
    def equals(self, other: object) -> bool:
        """Same frames (values and dtypes) and same metadata, ``"execution"`` aside
        (engine, executor, workers, chunks and timing do not change a result)."""
        if not isinstance(other, SimulationResult):
            return False
        for name in FRAMES:
            a, b = getattr(self, name), getattr(other, name)
            if list(a.columns) != list(b.columns) or not a.dtypes.equals(b.dtypes):
                return False
            if not a.equals(b):
                return False

        def strip(m: dict[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in m.items() if k != "execution"}

        return strip(self.metadata) == strip(other.metadata)

    def to_parquet(self, folder: str | os.PathLike[str]) -> Path:
        """Write ``games.parquet``, ``lines.parquet``, ``stations.parquet`` and
        ``metadata.json`` into ``folder`` (created if needed), each atomically;
        ``metadata.json`` comes last and marks the folder complete.

        Each parquet file carries the run's identity in its footer, and
        ``metadata.json`` a manifest with every file's sha256 (see
        :mod:`vvlab.sim.resultfiles`), which :meth:`from_parquet` checks.
        """
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        frames = {name: self._frame(name) for name in FRAMES}  # before anything changes
        (path / "metadata.json").unlink(missing_ok=True)
        run_id = run_identity(self.metadata)
        files = {
            f"{name}.parquet": write_frame(path / f"{name}.parquet", frame, name, run_id)
            for name, frame in frames.items()
        }
        write_manifest(path, self.metadata, files)
        return path

    @classmethod
    def from_parquet(cls, folder: str | os.PathLike[str]) -> SimulationResult:
        """Read a folder written by :meth:`to_parquet` (or ``simulate(out=...)``); the
        frames come back exactly (dtypes and categories included), each on first access.

        The folder is checked first: ``metadata.json`` against its checksum, and each
        parquet file's footer against the run's identity; a file's bytes are checked
        against their sha256 when its frame is read.

        Raises
        ------
        FileNotFoundError
            A file is missing.
        vvlab.sim.RunFolderError
            A file belongs to another run, was changed or damaged, or the folder was
            written by an older vvlab (the message says how to regenerate it).
        """
        metadata, files = open_result(folder)
        return cls._reading(files, metadata)


def _fold(parts: list[str], width: int = 80) -> list[str]:
    """``parts`` joined by ", " into lines of at most ``width`` characters (a terminal's),
    breaking between parts where it can and the continuation lines indented.

    >>> _fold(["SimulationResult: berlin", "metro-x", "300 games"], width=30)
    ['SimulationResult: berlin,', '  metro-x, 300 games']
    """
    lines: list[str] = []
    line = ""
    for k, part in enumerate(parts):
        piece = part + ("," if k < len(parts) - 1 else "")
        if line and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = "  " + piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    # a single part longer than a line (six bots' names) is wrapped at its spaces
    return [
        wrapped
        for text in lines
        for wrapped in textwrap.wrap(text, width, subsequent_indent="    ", break_long_words=False)
    ]
