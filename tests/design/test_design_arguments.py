"""The design functions' arguments: a wrong one is named in a clear error before any
work, and one name alone is taken as a list of one (issue 31)."""

from __future__ import annotations

import pytest
from gtfskit import PRAGUE

from vvlab.design import from_gtfs, tune


@pytest.mark.parametrize(
    ("kwargs", "error", "said"),
    [
        ({"targets": 42}, TypeError, "targets must be BalanceTargets"),
        ({"max_evaluations": "3"}, ValueError, "max_evaluations must be a whole number"),
        ({"max_evaluations": 0}, ValueError, "max_evaluations must be a whole number >= 1"),
        ({"budget_s": "x"}, ValueError, "budget_s must be a number of seconds, 0 or more"),
        ({"budget_s": -1}, ValueError, "budget_s must be a number of seconds, 0 or more"),
        ({"vary": ["colours"]}, ValueError, "vary: choose from"),
    ],
)
def test_tune_names_a_wrong_argument(kwargs, error, said):
    with pytest.raises(error, match=said):
        tune("tutorial", progress=False, **kwargs)


def test_tune_takes_one_bot_name_as_a_list_of_one():
    run = {"games": 100, "max_evaluations": 2, "progress": False}
    alone, listed = tune("tutorial", bots="greedy", **run), tune("tutorial", bots=["greedy"], **run)
    assert alone.city == listed.city and alone.history.equals(listed.history)


@pytest.mark.parametrize(
    ("kwargs", "error", "said"),
    [
        ({"max_stations": "5"}, ValueError, "max_stations must be a whole number >= 2"),
        ({"max_stations": 2.5}, ValueError, "max_stations must be a whole number >= 2"),
        ({"routes": 42}, TypeError, "routes: give route names"),
        ({"routes": []}, ValueError, "routes: give at least one route name"),
        ({"route_types": "metro"}, ValueError, "route_types must be a whole number"),
    ],
)
def test_from_gtfs_names_a_wrong_argument(kwargs, error, said):
    with pytest.raises(error, match=said):
        from_gtfs(PRAGUE, **kwargs)


def test_from_gtfs_takes_one_route_type_as_a_list_of_one():
    assert [line.id for line in from_gtfs(PRAGUE, route_types=1).lines] == ["A", "B", "C"]
