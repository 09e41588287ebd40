"""Layer 6: each notebook runs top to bottom with its small parameters.

Every code cell runs in an in-process IPython shell (as in Jupyter: magics, display of
the last expression through the notebook formatters, widgets created without a
browser), in a fresh temporary working directory, with plotly rendering to JSON so
nothing opens a browser. After a notebook has run, its key results are checked.
The notebooks' parameters cells keep their small CI values: ``VVLAB_FULL`` is unset.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
EXPECTED = [
    "01-explore-cities.ipynb",
    "02-play.ipynb",
    "03-design-a-city.ipynb",
    "04-balance.ipynb",
]


def read_cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def run_notebook(path: Path) -> dict:
    """Run every code cell in an IPython shell; the shell's namespace afterwards."""
    import plotly.io as pio
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    import vvlab.viz

    # read (and so first set up) plotly's renderers before a shell exists: set up inside
    # one, plotly picks the notebook renderer, which would then outlive this test
    renderer = pio.renderers.default
    config = Config()
    config.HistoryManager.enabled = False  # no history database in the home directory
    InteractiveShell.clear_instance()
    shell = InteractiveShell.instance(config=config)
    pio.renderers.default = "json"
    vvlab.viz.enable_notebook_display(shell)
    try:
        for i, cell in enumerate(c for c in read_cells(path) if c["cell_type"] == "code"):
            source = "".join(cell["source"])
            result = shell.run_cell(source, store_history=False)
            if not result.success:
                error = result.error_in_exec or result.error_before_exec
                raise AssertionError(f"{path.name}, code cell {i} failed:\n{source}") from error
        return dict(shell.user_ns)
    finally:
        vvlab.viz.disable_notebook_display(shell)
        pio.renderers.default = renderer
        InteractiveShell.clear_instance()


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """A fresh working directory; the sample data stay reachable; small parameters."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.delenv("VVLAB_FULL", raising=False)
    monkeypatch.setenv("VVLAB_DATA", str(ROOT / "data" / "sample"))
    monkeypatch.setenv("VVLAB_GTFS", str(ROOT / "data" / "gtfs" / "prague"))
    return work


def run_timed(name: str) -> dict:
    """Run a notebook (how long it takes is a figure of ``benchmarks/notebooks.py``)."""
    return run_notebook(NOTEBOOK_DIR / name)


def test_the_four_notebooks_are_there():
    assert [p.name for p in NOTEBOOKS] == EXPECTED


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_clean(path):
    """No outputs, no execution counts, one parameters cell with a switch to full."""
    cells = read_cells(path)
    code = [c for c in cells if c["cell_type"] == "code"]
    assert code, f"{path.name} has no code"
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    tagged = [c for c in cells if "parameters" in c["metadata"].get("tags", [])]
    assert len(tagged) == 1 and tagged[0]["cell_type"] == "code"
    assert "VVLAB_FULL" in "".join(tagged[0]["source"])
    assert cells[0]["cell_type"] == "markdown"


def test_01_explore_cities(sandbox, capsys):
    ns = run_timed("01-explore-cities.ipynb")
    out = capsys.readouterr().out  # counts print as integers: "124 route stops", not 124.0
    assert re.search(r"\b\d+ route stops for \d+ indicator boxes", out), out
    assert not re.search(r"\d\.0 (route stops|indicator boxes|transfer stations)", out), out
    overview = ns["overview"]
    assert list(overview.index) == ["amsterdam", "berlin", "madrid", "paris"]
    assert (overview["transfer stations"] > 10).all()
    assert set(ns["sources"].values()) == {"data/sample"}  # the sample data were used
    assert len(ns["central"]) == 4 * 5 and (ns["central"]["betweenness"] > 0).all()
    assert ns["graph_measures"]["connected"].all()
    assert ns["harder"] is True  # Paris scores lower than Amsterdam with the sample runs
    assert len(ns["plans"]) == 4


def test_02_play(sandbox, capsys):
    ns = run_timed("02-play.ipynb")
    out = capsys.readouterr().out  # cards in words: "express 3", "6 (shuffle)"
    assert "↻" not in out and not re.search(r"card \(\d+\)", out), out
    assert "then all cards are shuffled" in out
    scripted = [line for line in out.splitlines() if " -> " in line]
    assert scripted and not any("('" in line for line in scripted), out  # names, not ids
    finished, replayed = ns["finished"], ns["replayed"]
    assert finished.is_over and finished.players == len(ns["REPLAY_SEATS"])
    assert [replayed.score(p) for p in range(finished.players)] == [
        finished.score(p) for p in range(finished.players)
    ]
    assert ns["solo"].controller.game.players == 1
    assert ns["versus"].controller.seats[1:] == tuple(ns["OPPONENTS"])
    assert ns["scripted"].game.turn == ns["SCRIPTED_TURNS"]
    progress = ns["progress"]
    assert len(progress.data) == finished.players * (1 + len(finished.city.lines))
    ns["slider"].value = 3  # the replay follows the slider
    assert ns["turn_view"].layout.title.text.startswith("turn 3, card ")
    assert not re.search(r"card \(\d+\)|↻", ns["turn_view"].layout.title.text)


def maps_folder_state() -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in (ROOT / "maps").iterdir()}


def test_03_design_a_city(sandbox, capsys):
    before = maps_folder_state()
    ns = run_timed("03-design-a-city.ipynb")
    out = capsys.readouterr().out  # the notebook says whether each target was met
    rho = ns["spearman"](ns["after"])
    met = "met" if rho <= ns["SPEARMAN_TARGET"] else "NOT met"
    assert f"Spearman(first bonus, completion) <= -0.6: {rho:.2f}, {met}" in out, out
    assert ("All balance targets met." in out) != ("Targets missed: " in out)
    assert maps_folder_state() == before  # SAVE_TO_MAPS is off: maps/ is left alone
    city, saved = ns["city"], Path(ns["saved_path"])
    assert city.id == "vienna" and len(city.lines) == 5 and len(city.transfer_stations) >= 10
    assert saved.is_file() and not saved.resolve().is_relative_to(ROOT)  # never into maps/
    import vvlab

    assert vvlab.load_map(saved) == city
    assert ns["problems_before"] and ns["editor"].controller.problems() == []
    assert ns["quick"].result.metadata["games"] == ns["GAMES"]
    assert ns["change"].comparison.index.tolist() == ["greedy"]
    assert ns["bot_game"].is_over
    tuned, verdict = ns["tuned"], ns["verdict"]  # tuned, compared, taken into the editor
    assert len(tuned.history) <= ns["TUNE_EVALUATIONS"]
    assert [(ln.indicators, ln.bonus_first) for ln in city.lines] == [
        (ln.indicators, ln.bonus_first) for ln in tuned.city.lines
    ]
    assert verdict.passed == ("Every balance target passes" in out)
    assert verdict.passed != ("Targets still failing:" in out)
    draft, laid_out, prague = ns["draft"], ns["laid_out"], ns["prague"]  # the GTFS section
    assert sorted(ln.id for ln in draft.lines) == ["A", "B", "C"] and "mustek" in draft.stations
    assert [ln.stations for ln in laid_out.lines] == [ln.stations for ln in draft.lines]
    from vvlab.design import layout_quality

    assert layout_quality(laid_out)["octilinear_share"] == 1.0
    assert prague.city.to_dict()["stations"] == laid_out.to_dict()["stations"]


def run_04(sandbox):
    ns = run_timed("04-balance.ipynb")
    cities, bots = ns["CITIES"], ns["BOTS"]
    assert ns["hardest"] in cities
    gap = ns["gap"]
    assert len(gap) == len(cities) * len(bots) and (gap["hindsight_mean"] > 0).all()
    shares = ns["luck"]
    assert shares.index.tolist() == cities
    assert ((shares[["deal", "bot", "residual"]].sum(axis=1) - 1).abs() < 1e-9).all()
    assert ns["race"].index.tolist() == ns["RACE_PLAYERS"]
    assert len(ns["deck_effects"]) >= 3
    from vvlab.analysis import RESTRICTIONS

    restricted = ns["restricted"]  # restricted play: one row per built-in restriction
    assert restricted.index.tolist() == list(RESTRICTIONS)
    assert (restricted["games"] == ns["RESTRICT_GAMES"]).all()
    return ns


def test_04_balance_from_sample_data(sandbox):
    ns = run_04(sandbox)
    assert set(ns["sources"]["source"]) == {"data/sample"}


def test_04_balance_simulates_without_data(sandbox, monkeypatch, tmp_path):
    monkeypatch.setenv("VVLAB_DATA", str(tmp_path / "no-data-here"))
    ns = run_04(sandbox)
    assert set(ns["sources"]["source"]) == {"simulated"}


@pytest.mark.parametrize("name", EXPECTED)
def test_notebook_runs_in_a_real_jupyter_kernel(name, tmp_path, monkeypatch):
    """The same notebook executed by nbclient in a separate ``python3`` kernel, as
    JupyterLab runs it (widget comms, display hooks): no cell raises."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    monkeypatch.setenv("VVLAB_DATA", str(ROOT / "data" / "sample"))
    monkeypatch.setenv("VVLAB_GTFS", str(ROOT / "data" / "gtfs" / "prague"))
    monkeypatch.delenv("VVLAB_FULL", raising=False)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    notebook = nbformat.read(NOTEBOOK_DIR / name, as_version=4)
    client = nbclient.NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    )
    client.execute()
    errors = [
        f"{o.get('ename')}: {o.get('evalue')}"
        for cell in notebook.cells
        if cell.cell_type == "code"
        for o in cell.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert errors == []
    ran = [c for c in notebook.cells if c.cell_type == "code"]
    assert ran and all(c.get("execution_count") for c in ran)


def test_running_a_notebook_leaves_plotly_rendering_as_it_was(sandbox):
    """The in-process shell must not leave plotly set up for a notebook: later
    doctests would print plotly.js instead of returning figures' data."""
    import plotly.io as pio

    before = pio.renderers.default
    run_timed("02-play.ipynb")
    assert pio.renderers.default == before
