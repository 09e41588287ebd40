"""The JSON Schema of the map format agrees with the validator wherever it can.

The table of invalid files is ``INVALID_CASES`` in ``validation_cases.py``; its flag
``schema_detects`` says whether the problem is one JSON Schema can express.
"""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
from hypothesis import given
from validation_cases import (
    FUZZ,
    INVALID_CASES,
    INVALID_DIR,
    VALID_FILES,
    Case,
    mutated_maps,
)

from vvlab.model.edges import MAX_BENDS
from vvlab.model.validate import (
    FORMATS,
    ID_PATTERN,
    read_map_file,
    schema,
    validate_map_data,
)


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    s = schema()
    jsonschema.Draft202012Validator.check_schema(s)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert s["$id"].endswith("vvlab-map-2.json")
    assert s["title"] and "cannot be expressed" in s["description"]


def test_schema_uses_the_validators_constants() -> None:
    s = schema()
    assert s["properties"]["format"] == {"enum": list(FORMATS)}
    assert s["$defs"]["edge"]["properties"]["via"]["maxItems"] == MAX_BENDS
    assert s["$defs"]["id"]["pattern"] == ID_PATTERN.pattern


def test_schema_is_a_fresh_dict_each_time() -> None:
    schema()["title"] = "changed"
    assert schema()["title"] != "changed"


@pytest.mark.parametrize("path", VALID_FILES, ids=lambda p: p.name)
def test_valid_files_pass_the_schema(path: Path, validator) -> None:
    validator.validate(read_map_file(path))


SCHEMA_CASES = [case for case in INVALID_CASES if case.schema_detects is not None]


@pytest.mark.parametrize("case", SCHEMA_CASES, ids=lambda c: c.file)
def test_schema_rejects_exactly_what_it_can_express(case: Case, validator) -> None:
    data = read_map_file(INVALID_DIR / case.file)
    assert validate_map_data(data)  # the validator always rejects them
    errors = [e.message for e in validator.iter_errors(data)]
    assert bool(errors) == case.schema_detects, errors


def test_the_table_has_both_kinds() -> None:
    flags = [case.schema_detects for case in INVALID_CASES]
    assert True in flags and False in flags and None in flags


@FUZZ
@given(mutated_maps())
def test_what_the_validator_accepts_the_schema_accepts(data: object) -> None:
    if validate_map_data(data) == []:
        assert jsonschema.Draft202012Validator(schema()).is_valid(data)
