"""What a drawn plotly figure looks like in the page, and what is wrong with it.

:data:`FIGURE_JS` reads one ``.js-plotly-plot`` in the browser: whether it is hidden
(in a tab not shown) or a map (a trace with ``meta.role == "stations"``), how many
points its data hold and how many markers plotly drew, the boxes of the figure and of
its legend, the text labels with their boxes, and the box the page lets it show (the
output area: the plot container cut by every ancestor up to ``.jp-OutputArea-output``
that hides or scrolls what overflows it). :func:`figure_problems` turns that into
sentences, one per problem.
"""

from __future__ import annotations

from itertools import combinations

OVERLAP = 2.0  # px; two labels overlap when they share more than this in x and in y
LEGEND_TOLERANCE = 1.0  # px a legend may reach past its figure (sub-pixel rounding)

# Text labels of a figure: point labels (station names on maps too), annotations,
# titles (figure, axes, legend) and tick labels of every axis and colour bar.
LABELS = (
    ".textpoint text, .annotation-text, .infolayer text.gtitle, "
    ".infolayer text[class$='title'], .legendtext, .legendtitletext, "
    ".xaxislayer-above text, .yaxislayer-above text, .colorbar text"
)

FIGURE_JS = f"""gd => {{
    const box = el => {{
        const r = el.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
    }};
    if (gd.getClientRects().length === 0) return {{hidden: true}};  // e.g. another tab
    const svg = gd.querySelector('.main-svg');
    if (!svg) return {{drawn: false}};
    const stations = (gd.data || []).filter(t => t.meta && t.meta.role === 'stations');
    const legend = gd.querySelector('.legend');
    const bar = legend && legend.querySelector('.scrollbar');
    const scrolls = !!bar && (parseFloat(bar.getAttribute('height')) || 0) > 0;
    const legendBox = legend && box(legend.querySelector('.bg') || legend);
    // What the page shows of the figure: its container, cut by itself and each
    // ancestor up to the output area (often the container itself) that clips: across,
    // the output area and any overflow but visible (what needs a sideways scroll is
    // not seen); down, only overflow hidden or clip, and nothing beyond a pane that
    // scrolls down (as the editor's tabs do: what it holds is read as a page is).
    let shown = box(gd);
    let inPane = false;
    for (let el = gd; el; el = el.parentElement) {{
        const style = getComputedStyle(el);
        const output = el.classList.contains('jp-OutputArea-output');
        const across = output || style.overflowX !== 'visible';
        inPane = inPane || ['auto', 'scroll'].includes(style.overflowY);
        const down = !inPane && (output || ['hidden', 'clip'].includes(style.overflowY));
        if (across || down) {{  // the box inside its borders and scroll bars
            const [l, t] = box(el).map((v, i) => v + (i ? el.clientTop : el.clientLeft));
            const [r, b] = [l + el.clientWidth, t + el.clientHeight];
            if (across) shown = [Math.max(shown[0], l), shown[1], Math.min(shown[2], r), shown[3]];
            if (down) shown = [shown[0], Math.max(shown[1], t), shown[2], Math.min(shown[3], b)];
        }}
        if (output) break;
    }}
    const seen = new Set();
    const labels = [];
    for (const el of gd.querySelectorAll("{LABELS}")) {{
        if (seen.has(el)) continue;
        seen.add(el);
        const text = (el.textContent || '').trim();
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (!text || r.width === 0 || r.height === 0) continue;
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        if (parseFloat(style.opacity) === 0) continue;
        const kind = el.closest('.legend') ? 'legend' : (el.getAttribute('class') || 'text');
        labels.push({{text, kind, box: [r.left, r.top, r.right, r.bottom]}});
    }}
    return {{
        drawn: true,
        title: ((gd.querySelector('.gtitle') || {{}}).textContent || '').trim(),
        map: stations.length > 0,
        points: stations.reduce((n, t) => n + (t.x ? t.x.length : 0), 0),
        traces: (gd.data || []).length,
        markers: gd.querySelectorAll('.scatterlayer path.point').length,
        figure: box(svg),
        shown,
        legend: legendBox,
        legendScrolls: scrolls,
        labels,
    }};
}}"""


def _shared(a: list[float], b: list[float]) -> tuple[float, float]:
    """How far two boxes ``[left, top, right, bottom]`` overlap in x and in y."""
    return min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])


def _inside(inner: list[float], outer: list[float], tolerance: float) -> bool:
    return (
        inner[0] >= outer[0] - tolerance
        and inner[1] >= outer[1] - tolerance
        and inner[2] <= outer[2] + tolerance
        and inner[3] <= outer[3] + tolerance
    )


def _past(inner: list[float], outer: list[float]) -> float:
    """How many px ``inner`` reaches past ``outer`` on its worst side (0 when inside)."""
    sides = (outer[0] - inner[0], outer[1] - inner[1], inner[2] - outer[2], inner[3] - outer[3])
    return max(0.0, *sides)


def clipped(figure: dict) -> list[str]:
    """What the page cuts off ``figure`` (as read by FIGURE_JS): its legend, and each
    title, tick label or legend entry that reaches past the box the page shows of it
    (its output area), with how far.

    >>> fig = {"shown": [0, 0, 640, 500], "legend": [600, 10, 655, 200], "labels": [
    ...     {"text": "U1", "kind": "legend", "box": [620, 20, 652, 30]},
    ...     {"text": "score", "kind": "xtitle", "box": [300, 480, 340, 495]}]}
    >>> for problem in clipped(fig): print(problem)
    legend cut off by 15 px: [600, 10, 655, 200] past the output area [0, 0, 640, 500]
    legend 'U1' cut off by 12 px at 620, 20, 652, 30
    """
    shown, legend, problems = figure["shown"], figure.get("legend"), []
    if legend and _past(legend, shown) > LEGEND_TOLERANCE:
        boxes = [round(v) for v in legend], [round(v) for v in shown]
        problems.append(
            f"legend cut off by {_past(legend, shown):.0f} px: "
            f"{boxes[0]} past the output area {boxes[1]}"
        )
    for label in figure["labels"]:
        if _shown(label, legend) and _past(label["box"], shown) > LEGEND_TOLERANCE:
            where = ", ".join(f"{v:.0f}" for v in label["box"])
            problems.append(
                f"{label['kind']} {label['text']!r} cut off by "
                f"{_past(label['box'], shown):.0f} px at {where}"
            )
    return problems


def _shown(label: dict, legend: list[float] | None) -> bool:
    """A label is seen unless it is a legend entry scrolled out of the legend box."""
    return label["kind"] != "legend" or legend is None or _inside(label["box"], legend, 1)


def overlapping_labels(figure: dict) -> list[tuple[dict, dict]]:
    """The pairs of labels of ``figure`` (as read by FIGURE_JS) that overlap.

    >>> a = {"text": "11", "kind": "text", "box": [0, 0, 20, 10]}
    >>> b = {"text": "U9", "kind": "text", "box": [10, 2, 30, 12]}
    >>> c = {"text": "far", "kind": "text", "box": [40, 0, 60, 10]}
    >>> [(p["text"], q["text"]) for p, q in overlapping_labels({"labels": [a, b, c]})]
    [('11', 'U9')]
    """
    labels = [lb for lb in figure["labels"] if _shown(lb, figure.get("legend"))]
    return [
        (a, b) for a, b in combinations(labels, 2) if min(_shared(a["box"], b["box"])) > OVERLAP
    ]


def _label(label: dict) -> str:
    box = ", ".join(f"{v:.0f}" for v in label["box"])
    return f"{label['text']!r} ({label['kind']} at {box})"


def figure_problems(figure: dict) -> list[str]:
    """Every problem of one drawn figure, as sentences; empty when it is fine.

    >>> fig = {"map": True, "points": 0, "markers": 0, "figure": [0, 0, 700, 500],
    ...        "legend": [600, 10, 760, 200], "labels": []}
    >>> for problem in figure_problems(fig): print(problem)
    map without points: 0 in its data, 0 markers drawn
    legend [600, 10, 760, 200] reaches past the figure [0, 0, 700, 500]
    """
    problems = []
    if figure["map"] and (figure["points"] == 0 or figure["markers"] < figure["points"]):
        problems.append(
            f"map without points: {figure['points']} in its data, {figure['markers']} markers drawn"
        )
    legend = figure.get("legend")
    if legend and not _inside(legend, figure["figure"], LEGEND_TOLERANCE):
        shown = [round(v) for v in legend], [round(v) for v in figure["figure"]]
        problems.append(f"legend {shown[0]} reaches past the figure {shown[1]}")
    if "shown" in figure:
        problems += clipped(figure)
    for a, b in overlapping_labels(figure):
        problems.append(f"labels overlap: {_label(a)} and {_label(b)}")
    return problems


def shown_figure_problems(element, where: str) -> list[str]:
    """The problems (:func:`figure_problems`) of every figure drawn and shown in the
    page under ``element`` (a Playwright handle or locator), each prefixed with
    ``where`` and the figure's title; a figure in a tab not shown is left out."""
    problems = []
    for plot in element.locator(".js-plotly-plot").all():
        figure = plot.evaluate(FIGURE_JS)
        if figure.get("hidden") or not figure.get("drawn"):
            continue
        problems += named_problems(figure, where)
    return problems


def named_problems(figure: dict, where: str) -> list[str]:
    """:func:`figure_problems` of ``figure``, each prefixed with ``where`` and the
    figure's title, so that a failure names the notebook, cell and figure."""
    title = figure["title"][:60] or "(no title)"
    return [f"{where}, figure {title!r}: {p}" for p in figure_problems(figure)]
