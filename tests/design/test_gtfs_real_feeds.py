"""The GTFS feeds of whole real networks in data/gtfs (Vienna, Budapest, Lisbon, Munich),
a benchmark corpus for the schematic layout: each imports without a warning into a
valid city with its real lines, termini and transfers, stations kept apart, and its
edges crossing nowhere (none of these networks has lines crossing without a station)."""

from __future__ import annotations

import gc
import warnings
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from vvlab.design import from_gtfs
from vvlab.design.layout_quality import edge_crossings, min_station_distance
from vvlab.model import CityMap
from vvlab.model.validate import validate_map_data

GTFS = Path(__file__).resolve().parents[2] / "data" / "gtfs"


@dataclass(frozen=True)
class Network:
    """What a feed holds: each line's station count and termini, the number of
    stations, every transfer station's lines and stations as they lie (``west`` of
    ``east``, ``south`` of ``north``)."""

    lines: dict[str, tuple[int, str, str]]
    stations: int
    transfers: dict[str, tuple[str, ...]]
    west_east: tuple[tuple[str, str], ...]
    south_north: tuple[tuple[str, str], ...]


NETWORKS = {
    "vienna": Network(
        lines={
            "U1": (24, "Oberlaa", "Leopoldau"),
            "U2": (20, "Karlsplatz", "Seestadt"),
            "U3": (21, "Ottakring", "Simmering"),
            "U4": (20, "Hütteldorf", "Heiligenstadt"),
            "U6": (24, "Siebenhirten", "Floridsdorf"),
        },
        stations=98,
        transfers={
            "Karlsplatz": ("U1", "U2", "U4"),
            "Stephansplatz": ("U1", "U3"),
            "Schwedenplatz": ("U1", "U4"),
            "Praterstern": ("U1", "U2"),
            "Volkstheater": ("U2", "U3"),
            "Schottenring": ("U2", "U4"),
            "Westbahnhof": ("U3", "U6"),
            "Landstraße": ("U3", "U4"),
            "Längenfeldgasse": ("U4", "U6"),
            "Spittelau": ("U4", "U6"),
        },
        west_east=(
            ("Hütteldorf", "Karlsplatz"),
            ("Westbahnhof", "Stephansplatz"),
            ("Praterstern", "Seestadt"),
        ),
        south_north=(
            ("Oberlaa", "Karlsplatz"),
            ("Siebenhirten", "Floridsdorf"),
            ("Schwedenplatz", "Praterstern"),
            ("Praterstern", "Leopoldau"),
        ),
    ),
    "budapest": Network(
        lines={
            "M1": (11, "Vörösmarty tér", "Mexikói út"),
            "M2": (11, "Déli pályaudvar", "Örs vezér tere"),
            "M3": (20, "Újpest-központ", "Kőbánya-Kispest"),
            "M4": (10, "Kelenföld vasútállomás", "Keleti pályaudvar"),
        },
        stations=48,
        transfers={
            "Deák Ferenc tér": ("M1", "M2", "M3"),
            "Kálvin tér": ("M3", "M4"),
            "Keleti pályaudvar": ("M2", "M4"),
        },
        west_east=(
            ("Déli pályaudvar", "Deák Ferenc tér"),
            ("Batthyány tér", "Kossuth Lajos tér"),
            ("Kelenföld vasútállomás", "Fővám tér"),
        ),
        south_north=(("Kőbánya-Kispest", "Újpest-központ"), ("Kálvin tér", "Deák Ferenc tér")),
    ),
    "lisbon": Network(
        lines={
            "Azul": (18, "Reboleira", "Santa Apolónia"),
            "Amarela": (13, "Odivelas", "Rato"),
            "Verde": (13, "Telheiras", "Cais do Sodré"),
            "Vermelha": (12, "São Sebastião", "Aeroporto"),
        },
        stations=50,
        transfers={
            "Marquês de Pombal": ("Azul", "Amarela"),
            "Baixa-Chiado": ("Azul", "Verde"),
            "São Sebastião": ("Azul", "Vermelha"),
            "Campo Grande": ("Amarela", "Verde"),
            "Saldanha": ("Amarela", "Vermelha"),
            "Alameda": ("Verde", "Vermelha"),
        },
        west_east=(
            ("Reboleira", "Marquês de Pombal"),
            ("Cais do Sodré", "Terreiro do Paço"),
            ("Alameda", "Oriente"),
        ),
        south_north=(
            ("Cais do Sodré", "Rossio"),
            ("Baixa-Chiado", "Odivelas"),
            ("Alameda", "Campo Grande"),
        ),
    ),
    "munich": Network(
        lines={
            "U1": (15, "Olympia-Einkaufszentrum", "Mangfallplatz"),
            "U2": (27, "Feldmoching", "Messestadt Ost"),
            "U3": (25, "Moosach", "Fürstenried West"),
            "U4": (13, "Westendstraße", "Arabellapark"),
            "U5": (18, "Laimer Platz", "Neuperlach Süd"),
            "U6": (26, "Klinikum Großhadern", "Garching-Forschungszentrum"),
        },
        stations=96,
        transfers={
            "Hauptbahnhof": ("U1", "U2", "U4", "U5"),
            "Sendlinger Tor": ("U1", "U2", "U3", "U6"),
            "Odeonsplatz": ("U3", "U4", "U5", "U6"),
            "Olympia-Einkaufszentrum": ("U1", "U3"),
            "Scheidplatz": ("U2", "U3"),
            "Innsbrucker Ring": ("U2", "U5"),
            # the trunks shared along their whole length
            **dict.fromkeys(["Fraunhoferstraße", "Kolumbusplatz"], ("U1", "U2")),
            **dict.fromkeys(
                [
                    "Marienplatz",
                    "Universität",
                    "Giselastraße",
                    "Münchner Freiheit",
                    "Goetheplatz",
                    "Poccistraße",
                    "Implerstraße",
                ],
                ("U3", "U6"),
            ),
            **dict.fromkeys(
                [
                    "Westendstraße",
                    "Heimeranplatz",
                    "Schwanthalerhöhe",
                    "Theresienwiese",
                    "Karlsplatz (Stachus)",
                    "Lehel",
                    "Max-Weber-Platz",
                ],
                ("U4", "U5"),
            ),
        },
        west_east=(
            ("Laimer Platz", "Hauptbahnhof"),
            ("Hauptbahnhof", "Karlsplatz (Stachus)"),
            ("Marienplatz", "Max-Weber-Platz"),
            ("Innsbrucker Ring", "Messestadt Ost"),
        ),
        south_north=(
            ("Fürstenried West", "Sendlinger Tor"),
            ("Marienplatz", "Odeonsplatz"),
            ("Münchner Freiheit", "Garching-Forschungszentrum"),
        ),
    ),
}

FEEDS = sorted(NETWORKS)


@cache
def imported(feed: str) -> tuple[CityMap, tuple[str, ...]]:
    """The feed's city and the warnings its import gave."""
    gc.collect()  # garbage of earlier tests warns when collected: not this import's
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        city = from_gtfs(GTFS / feed)
    return city, tuple(str(w.message) for w in caught)


def by_name(city: CityMap) -> dict[str, str]:
    return {station.name: sid for sid, station in city.stations.items()}


@pytest.mark.parametrize("feed", FEEDS)
def test_the_feed_imports_without_warnings_into_a_valid_city(feed) -> None:
    city, caught = imported(feed)
    assert caught == ()
    assert validate_map_data(city.to_dict()) == []
    assert city.name == feed.capitalize()


@pytest.mark.parametrize("feed", FEEDS)
def test_lines_station_counts_and_termini(feed) -> None:
    city, _ = imported(feed)
    network = NETWORKS[feed]
    assert [line.id for line in city.lines] == list(network.lines)
    names = {sid: station.name for sid, station in city.stations.items()}
    for line in city.lines:
        count, first, last = network.lines[line.id]
        assert len(line.stations) == count, line.id
        assert (names[line.stations[0]], names[line.stations[-1]]) == (first, last)
        assert line.color.startswith("#") and line.name == f"{first} - {last}"


@pytest.mark.parametrize("feed", FEEDS)
def test_every_station_is_kept_apart_and_the_transfers_are_shared(feed) -> None:
    city, _ = imported(feed)
    network = NETWORKS[feed]
    ids = by_name(city)
    assert len(city.stations) == len(ids) == network.stations  # no names merged or repeated
    assert min_station_distance(city) > 1.5  # the map spans 100: no two stations on a spot
    transfers = {city.stations[s].name: city.lines_through(s) for s in city.transfer_stations}
    assert transfers == network.transfers


@pytest.mark.parametrize("feed", FEEDS)
def test_the_geography_is_as_on_the_ground_and_no_edges_cross(feed) -> None:
    city, _ = imported(feed)
    network = NETWORKS[feed]
    at = {name: city.stations[sid] for name, sid in by_name(city).items()}
    for west, east in network.west_east:
        assert at[west].x < at[east].x, (west, east)
    for south, north in network.south_north:
        assert at[south].y < at[north].y, (south, north)
    assert edge_crossings(city) == []
