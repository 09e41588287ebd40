"""Validation never raises: random JSON values, mutated maps and random text."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from validation_cases import FUZZ, JSON_VALUES, mutated_maps

from vvlab.model.errors import MapError, Problem
from vvlab.model.validate import parse_map_text, validate_map_data


def assert_problem_list(result: object) -> None:
    assert isinstance(result, list)
    assert all(type(p) is Problem and isinstance(p.path, str) for p in result)
    assert all(isinstance(p.message, str) and p.message for p in result)


@FUZZ
@given(JSON_VALUES)
def test_any_json_value_gives_a_problem_list(data: object) -> None:
    assert_problem_list(validate_map_data(data))


@FUZZ
@given(mutated_maps())
def test_mutated_maps_give_a_problem_list(data: object) -> None:
    assert_problem_list(validate_map_data(data))


@FUZZ
@given(mutated_maps())
def test_parsed_mutated_maps_give_the_same_problems(data: object) -> None:
    text = json.dumps(data)
    assert validate_map_data(parse_map_text(text)) == validate_map_data(data)


@FUZZ
@given(st.text(alphabet='{}[]",:0123456789.eE-+ \nabtrufnlsNI\\', max_size=40))
def test_any_text_parses_or_raises_map_error(text: str) -> None:
    try:
        data = parse_map_text(text)
    except MapError as err:
        assert len(err.problems) == 1 and err.problems[0].path == ""
    else:
        assert_problem_list(validate_map_data(data))
