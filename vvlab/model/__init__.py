"""City maps: stations, lines, the networkx graph, the JSON format and its validation."""

from vvlab.model.citymap import CityMap, Line, Station
from vvlab.model.errors import MapError, Problem
from vvlab.model.io import builtin_maps, load_map, maps_dir, save_map

__all__ = [
    "CityMap",
    "Line",
    "MapError",
    "Problem",
    "Station",
    "builtin_maps",
    "load_map",
    "maps_dir",
    "save_map",
]
