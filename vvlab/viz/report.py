"""One self-contained HTML page about a city: the plan, every figure and table of a
simulation, the hindsight gap, and the run's metadata and seed.

plotly.js is embedded once (with the first figure), so the page works offline.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from vvlab.analysis import hindsight_scores, players_label
from vvlab.viz.exports import fill_figure, report_tables, result_figures, rounded

SECTIONS = (
    ("metadata", "Run"),
    ("balance", "Balance targets"),
    ("plan", "The plan"),
    ("score-distribution", "Score distribution"),
    ("score-breakdown", "Score breakdown"),
    ("line-completion", "Line completion"),
    ("station-heatmap", "Station heatmap"),
    ("bonus-race", "Bonus race"),
    ("fill-progress", "Fill progress"),
    ("summary", "Summary"),
    ("lines", "Lines"),
    ("stations", "Stations"),
    ("hindsight", "Hindsight gap"),
)
"""Section ids and headings, in page order."""

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1060px; color: #222; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 1px solid #ccc; margin-top: 2em; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 2px 8px; text-align: right; }
th { background: #f3f3f3; } nav a { margin-right: 0.8em; } .note { color: #555; }
"""


class _Figures:
    """Turns figures into HTML divs; plotly.js goes with the first one only."""

    def __init__(self) -> None:
        self.first = True

    def __call__(self, fig: go.Figure) -> str:
        div = fig.to_html(full_html=False, include_plotlyjs=self.first, include_mathjax=False)
        self.first = False
        return div


def _table(frame: pd.DataFrame) -> str:
    return rounded(frame).to_html(na_rep="–", border=0)


def metadata_html(result: Any) -> str:
    """The run's parameters as an HTML table: map, ruleset, bots, games, seed..."""
    m = result.metadata
    rows = {
        "map": f"{m['map_name']} ({m['map_id']}, sha256 {m['map_sha256'][:12]})",
        "ruleset": f"{m['ruleset']['name']}",
        "players": m["players"],
        "bots": ", ".join(result.bots),
        "games": m["games"],
        "seed": m["seed"],
        "vvlab": m["vvlab_version"],
        "engine": m.get("execution", {}).get("engine", "?"),
        "seconds": m.get("execution", {}).get("seconds", "?"),
        "report built": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
    body = "".join(
        f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>" for k, v in rows.items()
    )
    return f'<table class="metadata">{body}</table>'


def fill_section(result: Any, figure: Callable[[go.Figure], str]) -> str:
    """Fill progress of the run (:func:`~vvlab.viz.exports.fill_figure`) with its note."""
    fig, note = fill_figure(result)
    return f'<p class="note">{note}</p>' + figure(fig)


def hindsight_section(result: Any, games: int, beam: int) -> str:
    """Solo runs: the bot's scores against the best play in hindsight on the same
    deals (the first ``games`` games)."""
    if result.players != 1:
        return '<p class="note">The hindsight bound is a solo measure: run with one player.</p>'
    if games <= 0:
        return '<p class="note">Not computed (hindsight games = 0).</p>'
    n = min(games, int(result.metadata["games"]))
    best = hindsight_scores(result.city, n, result.seed, result.ruleset, beam=beam)
    played = result.games.sort_values("game").head(n)["score"].to_numpy(float)
    bound = best["hindsight"].to_numpy(float)
    exact = float(best["exact"].mean())
    table = pd.DataFrame(
        {
            "games": [n],
            "bot": [result.bots[0]],
            "bot_mean": [played.mean()],
            "hindsight_mean": [bound.mean()],
            "gap": [float((bound - played).mean())],
            "exact": [exact],
        }
    )
    kind = "the optimum" if exact == 1 else f"a lower bound (beam {beam}) where not exact"
    note = (
        f"Best solo score with the whole card order known in advance: {kind}. "
        f"First {n} games of the run, seed {result.seed}."
    )
    if exact < 1 and table["gap"].iloc[0] < 0:
        note += " The bot beat the beam search here: a wider beam would raise the bound."
    return f'<p class="note">{html.escape(note)}</p>' + _table(table.set_index("bot"))


def balance_section(result: Any) -> str:
    """Solo runs: every balance target judged at the run's bot
    (:func:`vvlab.design.balance.judge`; ``random`` plays the same deals for the
    skill gap)."""
    from vvlab.design.balance import judge_result

    report = judge_result(result)
    if report is None:
        return (
            '<p class="note">The balance targets are solo measures: run one bot solo, '
            "or <code>vvlab check CITY</code>.</p>"
        )
    return report._repr_html_()


def report_sections(result: Any, hindsight_games: int = 10, beam: int = 256) -> dict[str, str]:
    """The HTML body of each section of :data:`SECTIONS`, by id: every one but the
    bonus race for solo games."""
    figure = _Figures()
    tables = report_tables(result)
    sections = {"metadata": metadata_html(result), "balance": balance_section(result)}
    sections.update({sid: figure(fig) for sid, fig in result_figures(result).items()})
    sections["fill-progress"] = fill_section(result, figure)  # replays games once
    sections.update({name: _table(frame) for name, frame in tables.items()})
    sections["hindsight"] = hindsight_section(result, hindsight_games, beam)
    return sections


def page(title: str, sections: dict[str, str]) -> str:
    """A whole HTML page with a navigation bar and one ``<section id=...>`` each."""
    nav = " ".join(f'<a href="#{sid}">{head}</a>' for sid, head in SECTIONS if sid in sections)
    body = "\n".join(
        f'<section id="{sid}">\n<h2>{head}</h2>\n{sections[sid]}\n</section>'
        for sid, head in SECTIONS
        if sid in sections
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{html.escape(title)}</h1>\n<nav>{nav}</nav>\n{body}\n</body>\n</html>\n"
    )


def build_report(
    city: Any = None,
    *,
    games: int = 1000,
    players: int = 1,
    bots: Sequence[Any] | str | None = None,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    workers: int | None = None,
    progress: bool = False,
    hindsight_games: int = 10,
    beam: int = 256,
    result: Any = None,
) -> str:
    """The HTML report of a city: simulate it (or take ``result``) and lay out the plan,
    the figures, the tables, the hindsight gap and the metadata on one page.

    Parameters
    ----------
    city
        A built-in name, path, map dict or ``CityMap`` (ignored with ``result``).
    games, players, bots, seed, ruleset, workers, progress
        As for :func:`vvlab.simulate` (``progress`` shows a tqdm bar while simulating).
    hindsight_games
        Solo runs only: games whose hindsight bound is computed (0 skips it).
    beam
        Beam width of the hindsight search on maps too large for the exact search.
    result
        An existing ``SimulationResult`` to report on instead of simulating.

    Returns
    -------
    str
        A complete HTML page, plotly.js embedded once (no network needed).

    Examples
    --------
    >>> page = build_report("tutorial", games=20, seed=3, bots="greedy", workers=1,
    ...                     hindsight_games=2)
    >>> page.startswith("<!DOCTYPE html>"), page.count("<section id=")  # no bonus race
    (True, 12)
    """
    if result is None:
        from vvlab.sim.run import simulate

        result = simulate(
            city, players, bots, games, seed, ruleset, workers=workers, progress=progress
        )
    return page(report_title(result), report_sections(result, hindsight_games, beam))


def report_title(result: Any) -> str:
    """The report's heading: map, ruleset, players, the bots, games and seed.

    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=4,
    ...                      seed=1, workers=1, progress=False)
    >>> report_title(res)
    'vvlab report: Tutorial, voll-verplant, 2 players (greedy, random), 4 games, seed 1'
    >>> res = vvlab.simulate("tutorial", players=3, bots="greedy", games=4, workers=1,
    ...                      progress=False)
    >>> report_title(res)
    'vvlab report: Tutorial, voll-verplant, 3 players (all greedy), 4 games, seed 0'
    """
    m = result.metadata
    players = players_label(int(m["players"]))
    return (
        f"vvlab report: {m['map_name']}, {m['ruleset']['name']}, {players} "
        f"({_seats(list(result.bots))}), {m['games']} games, seed {m['seed']}"
    )


def _seats(bots: list[str]) -> str:
    """The bots of the seats: ``"greedy, random"``, or ``"all greedy"`` for one bot in
    every seat of a multiplayer game."""
    if len(bots) > 1 and len(set(bots)) == 1:
        return f"all {bots[0]}"
    return ", ".join(bots)


def write_report(
    out: str | os.PathLike[str], *args: Any, overwrite: bool = False, **kwargs: Any
) -> Path:
    """Build the report (arguments of :func:`build_report`) and write it to ``out``
    atomically (:func:`vvlab.model.files.atomic_write`). Returns the path.

    The target is checked before the games are played: an existing file is refused
    (``FileExistsError``) unless ``overwrite=True``, and a folder, device, FIFO,
    read-only file or unwritable folder always (:class:`vvlab.model.files.WriteRefused`).
    """
    from vvlab.model.files import WriteRefused, atomic_write, check_target

    path = Path(out)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WriteRefused(f"cannot write {out}: {err.strerror or err}") from None
    check_target(path, overwrite)
    text = build_report(*args, **kwargs)
    return atomic_write(path, text, overwrite=overwrite)
