"""Analysis of simulation results: pandas in, pandas out.

>>> import vvlab.analysis
>>> sorted(vvlab.analysis.__all__)
['compare', 'line_table', 'station_table', 'summary']
"""

from vvlab.analysis.tables import compare, line_table, station_table, summary

__all__ = ["compare", "line_table", "station_table", "summary"]
