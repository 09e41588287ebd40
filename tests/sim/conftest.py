"""Shared fixtures of the simulation tests: small runs on the tutorial map."""

from __future__ import annotations

import pytest
from simkit import run

import vvlab


@pytest.fixture(scope="session")
def city():
    return vvlab.load_map("tutorial")


@pytest.fixture(scope="session")
def two_player_run():
    """700 games (two full blocks and a partial one), two random players, seed 11."""
    return run(players=2, games=700, seed=11)
