"""HTML of the map editor's panels: problems, statistics, messages. Plain strings.

The validator names where a problem is by its JSON path (``stations.s13``,
``lines[2].indicators``), as the command line shows it; the editor shows the same
problems in a designer's words, with the names of stations and lines
(:func:`where`, :func:`problem_text`).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from typing import Any

from vvlab.model import MapError, Problem
from vvlab.widgets.editor.bends import station_name
from vvlab.widgets.editor.controller import EDITED_CITY
from vvlab.widgets.editor.history import MapData
from vvlab.widgets.editor.stats import stats_text

_STEP = re.compile(r'\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]')
_PATH_IN_TEXT = re.compile(r"\b(?:lines|edges)\[\d+\](?:\.[A-Za-z_]\w*|\[\d+\])*")
_FIELDS = {
    "indicators": "boxes",
    "bonus": "bonus",
    "color": "colour",
    "name": "name",
    "id": "id",
    "x": "x",
    "y": "y",
    "stations": "stations",
    "via": "bend points",
    "between": "stations",
    "description": "description",
    "recommended_for_new_players": "recommended for new players",
    "format": "file format",
}
_CITY_FIELDS = {"id": "city id", "name": "city name", "lines": "lines", "stations": "stations"}


def _steps(path: str) -> list[str | int] | None:
    """The keys and indexes of a JSON path; ``None`` if it is not one."""
    steps: list[str | int] = []
    at = 0
    while at < len(path):
        found = _STEP.match(path, at)
        if found is None or found.end() == at:
            return None
        key, index, quoted = found.groups()
        steps.append(int(index) if index is not None else key or json.loads(quoted))
        at = found.end()
    return steps


def _item(data: MapData, key: str, index: Any) -> Any:
    items = data.get(key)
    if isinstance(items, list) and isinstance(index, int) and 0 <= index < len(items):
        return items[index]
    return None


def _field_words(rest: Sequence[str | int]) -> str:
    if not rest:
        return ""
    key, tail = rest[0], rest[1:]
    if key == "bonus" and tail and tail[0] in (0, 1):
        return ("first bonus", "later bonus")[int(tail[0])]
    words = _FIELDS.get(str(key), str(key))
    if key == "stations" and tail and isinstance(tail[0], int):
        return f"stop {tail[0] + 1}"
    return words


def where(data: MapData, path: str) -> str:
    """Where a problem is, in a designer's words: a station or a line by its name
    (ids only where there is no name), then what of it.

    >>> data = {"stations": {"s13": {"name": "Station 13"}},
    ...         "lines": [{"id": "A", "name": "Amber", "stations": ["s13"]}]}
    >>> where(data, "stations.s13"), where(data, "lines[0].indicators")
    ('Station 13', 'line Amber, boxes')
    >>> where(data, "lines[0].stations[0]"), where(data, "lines[0].bonus[1]"), where(data, "")
    ('line Amber, stop 1', 'line Amber, later bonus', 'the city')
    """
    steps = _steps(path)
    if not path:
        return "the city"
    if not steps:
        return path
    head, rest = steps[0], steps[1:]
    if not rest:
        return _CITY_FIELDS.get(str(head), _FIELDS.get(str(head), str(head)))
    if head == "stations" and isinstance(data.get("stations"), dict):
        sid = rest[0]
        name = station_name(data, sid) if isinstance(sid, str) else str(sid)
        what = _field_words(rest[1:])
        return f"{name}, {what}" if what else name
    if head == "lines":
        line = _item(data, "lines", rest[0])
        own = (line.get("name") or line.get("id")) if isinstance(line, dict) else None
        name = str(own) if own else f"the {_ordinal(rest[0])} line"
        what = _field_words(rest[1:])
        return f"line {name}, {what}" if what else f"line {name}"
    if head == "edges":
        edge = _item(data, "edges", rest[0])
        pair = edge.get("between") if isinstance(edge, dict) else None
        if isinstance(pair, list) and len(pair) == 2 and all(isinstance(s, str) for s in pair):
            names = " and ".join(station_name(data, s) for s in pair)
            return f"the bends between {names}"
        return f"the {_ordinal(rest[0])} bent edge"
    return path


def _ordinal(index: Any) -> str:
    n = index + 1 if isinstance(index, int) else 0
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def problem_text(data: MapData, problem: Problem) -> tuple[str, str]:
    """``(where, message)`` of a problem in a designer's words (paths in the message
    too).

    >>> data = {"stations": {}, "lines": [{"id": "A", "name": "Amber"}, {"id": "A"}]}
    >>> problem_text(data, Problem("lines[1].id", 'duplicate line id "A" (first at lines[0])'))
    ('line A, id', 'duplicate line id "A" (first at line Amber)')
    """
    message = _PATH_IN_TEXT.sub(lambda found: where(data, found.group()), problem.message)
    return where(data, problem.path), message


def error_text(data: MapData, err: MapError) -> str:
    """A map error as one message: how many problems, and each in a designer's words
    (those of the edited city, ``data``, with names; a file's as the file has them).

    >>> edited = MapError([Problem("lines", "must not be empty")], source=EDITED_CITY)
    >>> print(error_text({"stations": {}}, edited))
    the city has 1 problem (see Problems): lines: must not be empty
    >>> print(error_text({}, MapError([Problem("", "no such file")], source="a.json")))
    a.json: no such file
    """
    n = len(err.problems)
    if err.source != EDITED_CITY:
        texts = [f"{p.path}: {p.message}" if p.path else p.message for p in err.problems]
        return f"{err.source}: " + "; ".join(texts) if err.source else "; ".join(texts)
    texts = ["{}: {}".format(*problem_text(data, p)) for p in err.problems]
    return f"the city has {n} problem{'s' if n != 1 else ''} (see Problems): " + "; ".join(texts)


def problems_html(problems: Sequence[Problem], data: MapData | None = None) -> str:
    """Every problem, where it is named as :func:`where` does with the map ``data``,
    or a note that the city is valid.

    >>> problems_html([])
    '<b>Problems</b>: none, the city is valid'
    >>> data = {"stations": {"s2": {"name": "Mill"}}, "lines": []}
    >>> print(problems_html([Problem("stations.s2", "station is on no line")], data))
    <b>Problems (1)</b><ul><li><b>Mill</b>: station is on no line</li></ul>
    """
    if not problems:
        return "<b>Problems</b>: none, the city is valid"
    shown = [problem_text(data or {}, p) for p in problems]
    items = "".join(f"<li><b>{html.escape(at)}</b>: {html.escape(m)}</li>" for at, m in shown)
    return f"<b>Problems ({len(problems)})</b><ul>{items}</ul>"


def stats_html(stats: dict[str, Any]) -> str:
    """The statistics of :func:`vvlab.widgets.editor.stats.city_stats` as HTML.

    >>> import vvlab
    >>> from vvlab.widgets.editor.stats import city_stats
    >>> stats_html(city_stats(vvlab.load_map("tutorial").to_dict()))[:42]
    '<b>Statistics</b><pre>12 stations, 4 lines'
    """
    return f"<b>Statistics</b><pre>{html.escape(stats_text(stats))}</pre>"
