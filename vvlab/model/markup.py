"""Names are text: a city's, line's, station's, ruleset's or feed's name is shown as
it is written wherever text is read as markup, never obeyed.

plotly reads a figure's titles, labels, legend entries and hover texts as a little
HTML (``<b>``, ``<br>``, ``<a href>``, ``<span style>``), and ipywidgets' ``HTML``
shows HTML; a city called ``<a href="…">Click me</a>`` would be a link there.
:func:`literal` turns ``&``, ``<`` and ``>`` into entities, which plotly and a browser
both show as the characters themselves (quotes are left alone: plotly shows ``&quot;``
as it is, and they mean nothing outside a tag). plotly's hover and text templates
also fill in ``%{...}``: in a name, a zero-width space after the ``%`` keeps it text
(plotly documents no escape for it; the space is not seen). Every place that puts a name into
markup calls it, at the place where the name meets the markup (markup of our own, such
as a bold title around the name, stays markup). :func:`lines_of` reads back the lines
of a name that a placer broke with ``<br>``.

>>> literal('<a href="https://x">Click me</a> & <b>x</b>')
'&lt;a href="https://x"&gt;Click me&lt;/a&gt; &amp; &lt;b&gt;x&lt;/b&gt;'
>>> lines_of(literal("A<br>B & C") + "<br>" + literal("D"))
['A<br>B & C', 'D']
"""

from __future__ import annotations

import html

__all__ = ["LINE_BREAK", "ZERO_WIDTH", "lines_of", "literal"]

ZERO_WIDTH = "\u200b"
"""A zero-width space: splits ``%{`` in a name so no plotly template fills it in."""

LINE_BREAK = "<br>"
"""Where markup breaks a line (plotly's break, also used by the name placer)."""


def literal(name: object) -> str:
    """``name`` (made a string) as markup that shows it as it is written.

    >>> literal("Gare <Nord>"), literal("Zoo")
    ('Gare &lt;Nord&gt;', 'Zoo')
    >>> literal("50%{y}") == "50%" + ZERO_WIDTH + "{y}"
    True
    """
    return html.escape(str(name), quote=False).replace("%{", "%" + ZERO_WIDTH + "{")


def lines_of(markup: str) -> list[str]:
    """The lines of text that ``markup`` of :func:`literal` names broken by
    :data:`LINE_BREAK` shows, as written.

    >>> lines_of("Charles<br>de Gaulle &amp; co")
    ['Charles', 'de Gaulle & co']
    """
    return [html.unescape(line).replace(ZERO_WIDTH, "") for line in markup.split(LINE_BREAK)]
