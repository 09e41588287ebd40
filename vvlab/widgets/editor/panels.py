"""HTML of the map editor's panels: problems, statistics, messages. Plain strings."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from vvlab.model import Problem
from vvlab.widgets.editor.stats import stats_text


def problems_html(problems: Sequence[Problem]) -> str:
    """Every problem with its JSON path, or a note that the city is valid.

    >>> problems_html([])
    '<b>Problems</b>: none, the city is valid'
    >>> print(problems_html([Problem("lines", "must not be empty")]))
    <b>Problems (1)</b><ul><li><code>lines</code>: must not be empty</li></ul>
    """
    if not problems:
        return "<b>Problems</b>: none, the city is valid"
    items = "".join(
        f"<li><code>{html.escape(p.path or '(map)')}</code>: {html.escape(p.message)}</li>"
        for p in problems
    )
    return f"<b>Problems ({len(problems)})</b><ul>{items}</ul>"


def stats_html(stats: dict[str, Any]) -> str:
    """The statistics of :func:`vvlab.widgets.editor.stats.city_stats` as HTML.

    >>> import vvlab
    >>> from vvlab.widgets.editor.stats import city_stats
    >>> stats_html(city_stats(vvlab.load_map("tutorial").to_dict()))[:42]
    '<b>Statistics</b><pre>12 stations, 4 lines'
    """
    return f"<b>Statistics</b><pre>{html.escape(stats_text(stats))}</pre>"
