"""Ruleset data and files are checked strictly: every problem with its JSON path in one
``RulesetError``, whatever the input; a ruleset that passes plays the same games in the
engine and in the compiled path."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from validation_cases import FUZZ, SCALARS, mutate

import vvlab
from vvlab.bots import make_bot
from vvlab.engine import Ruleset, get_ruleset
from vvlab.engine.errors import RulesetError
from vvlab.engine.ruleset_format import (
    MAX_CARD_VALUE,
    MAX_DECK_CARDS,
    MAX_PENALTY_DIVISOR,
    MAX_PENALTY_POINTS,
    MAX_PENALTY_THRESHOLD,
    MAX_RULESET_BYTES,
    parse_ruleset_text,
    validate_ruleset_data,
)
from vvlab.engine.rulesets import load_ruleset, save_ruleset
from vvlab.model.errors import Problem
from vvlab.sim.blocks import play_block_reference
from vvlab.sim.fast import play_block_fast

VALID = [r.to_dict() for r in vvlab.RULESETS.values()]


def ruleset(**changes) -> dict:
    data = copy.deepcopy(VALID[0])
    data.update(changes)
    return data


def problems_of(data) -> list[tuple[str, str]]:
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict(data)
    assert info.value.problems == validate_ruleset_data(data)
    return [(p.path, p.message) for p in info.value.problems]


# -- malformed structures: each problem at its path ------------------------------------

NUMBER_3 = {"kind": "number", "value": 3, "shuffle": True}

MALFORMED = [
    ("deck-int", ruleset(deck=3), [("deck", "must be an array of cards, got number 3")]),
    ("card-int", ruleset(deck=[NUMBER_3, 4]), [("deck[1]", "must be an object, got number 4")]),
    ("penalty-list", ruleset(penalty=[2]), [("penalty", "must be an object, got array")]),
    (
        "steps-int",
        ruleset(penalty={"steps": 5}),
        [("penalty.steps", "must be an array of [at_least_empty, points] pairs, got number 5")],
    ),
    (
        "step-int",
        ruleset(penalty={"steps": [[5, 1], 6]}),
        [("penalty.steps[1]", "must be a pair [at_least_empty, points], got number 6")],
    ),
    ("top-int", 3, [("", "a ruleset must be an object, got number 3")]),
    (
        "shuffle-yes",
        ruleset(deck=[NUMBER_3, {"kind": "star", "shuffle": "yes"}]),
        [("deck[1].shuffle", 'must be true or false, got string "yes"')],
    ),
    (
        "many",
        {
            "name": "",
            "deck": [{"kind": "joker"}, {"kind": "free", "value": 2}],
            "extra": 1,
            "penalty": {"divisor": 0, "rounding": "half", "steps": []},
        },
        [
            ("name", 'must not be empty or blank, got ""'),
            ("deck[0].kind", 'must be "number", "express", "star" or "free", got "joker"'),
            ("deck[1].value", "a free card has no value (0 or left out), got 2"),
            ("extra", 'unknown key "extra"'),
            ("penalty", 'give "divisor" or "steps", not both'),
            ("penalty.divisor", "must be a whole number from 1 to 99, got 0"),
            ("penalty.rounding", 'must be "down" or "up", got "half"'),
            ("penalty.steps", "must not be empty"),
        ],
    ),
    (
        "no-shuffle",
        ruleset(deck=[{"kind": "number", "value": 3}]),
        [("deck", "needs a card with the shuffle icon, or it could run out")],
    ),
    (
        "only-free",
        ruleset(deck=[{"kind": "free", "shuffle": True}]),
        [("deck", "needs a card that is not a free card, or the game never ends")],
    ),
    (
        "steps-order",
        ruleset(penalty={"steps": [[5, 1], [5, 2], [4, 3]]}),
        [
            ("penalty.steps[1][0]", "thresholds must increase: 5 is not above 5"),
            ("penalty.steps[2][0]", "thresholds must increase: 4 is not above 5"),
        ],
    ),
    (
        "missing",
        {"deck": [{"shuffle": True}], "penalty": {"rounding": "up"}},
        [
            ("deck[0]", 'missing key "kind"'),
            ("penalty", 'give "divisor" or "steps"'),
            ("", 'missing key "name"'),
        ],
    ),
    (
        "express-no-value",
        ruleset(deck=[{"kind": "express", "shuffle": True}]),
        [("deck[0]", 'missing key "value": an express card has a value from 1 to 99')],
    ),
    (
        "texts",
        ruleset(description=3, assumptions=["ok", 4], provenance=None),
        [
            ("description", "must be a string, got number 3"),
            ("provenance", "must be a string, got null"),
            ("assumptions[1]", "must be a string, got number 4"),
        ],
    ),
]


@pytest.mark.parametrize(
    ("data", "expected"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED]
)
def test_malformed_rulesets(data, expected):
    assert problems_of(data) == expected


def test_the_error_lists_every_problem():
    _, data, expected = next(m for m in MALFORMED if m[0] == "many")
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict(data)
    assert isinstance(info.value, ValueError) and info.value.source is None
    assert str(info.value).startswith("ruleset: 8 problems\n  name: must not be empty")
    assert info.value.as_records()[1] == {"path": "deck[0].kind", "message": expected[1][1]}


def test_one_problem_is_one_line():
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict(ruleset(penalty={"divisor": 100}))
    assert (
        str(info.value) == "ruleset: penalty.divisor: must be a whole number from 1 to 99, got 100"
    )


def test_to_dict_round_trips_and_values_may_be_left_out():
    for data in VALID:
        assert validate_ruleset_data(data) == []
    minimal = {"name": "m", "deck": [{"kind": "star", "shuffle": True}], "penalty": {"divisor": 2}}
    assert Ruleset.from_dict(minimal).deck_summary() == "1×★↻"


# -- files -------------------------------------------------------------------------------


def test_a_file_of_deep_nesting_is_a_ruleset_error(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"name": "x", "deck": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert info.value.source == str(path)
    assert info.value.problems == [Problem("", "invalid JSON: nested too deeply")]
    assert str(info.value) == f"ruleset file {path}: invalid JSON: nested too deeply"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"name": }', "invalid JSON at line 1, column 10: Expecting value"),
        (b"\xff{}", "not valid UTF-8: byte 0xFF at line 1, column 1"),
        (b" " * (MAX_RULESET_BYTES + 1), "file too large"),
    ],
    ids=["json", "utf8", "large"],
)
def test_unreadable_files(tmp_path, content, message):
    path = tmp_path / "r.json"
    path.write_bytes(content)
    with pytest.raises(RulesetError, match="ruleset file .*r.json: " + message):
        get_ruleset(path)


def test_duplicate_keys_and_missing_files(tmp_path):
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(VALID[0]).replace('"name": ', '"name": "a", "name": '))
    with pytest.raises(RulesetError) as info:
        get_ruleset(str(path))
    assert [p.path for p in info.value.problems] == ["name"]
    with pytest.raises(RulesetError, match="no such file"):
        load_ruleset(tmp_path / "none.json")


def test_files_and_dicts_load(tmp_path):
    path = tmp_path / "mx.json"
    save_ruleset(get_ruleset("metro-x"), path)
    assert get_ruleset(path) == get_ruleset(str(path)) == get_ruleset("metro-x")
    assert get_ruleset(VALID[1]) == get_ruleset("metro-x")


def test_unknown_names_are_ruleset_errors():
    with pytest.raises(RulesetError) as info:
        get_ruleset("metrox")
    assert str(info.value) == "unknown ruleset 'metrox'; built-in rulesets: voll-verplant, metro-x"


# -- fuzz --------------------------------------------------------------------------------

KEYS = ["name", "description", "provenance", "assumptions", "deck", "penalty", "kind",
        "value", "shuffle", "divisor", "rounding", "steps", "x", ""]  # fmt: skip
WORDS = st.sampled_from(["number", "express", "star", "free", "down", "up", True, 1, 99, 100])
RULESET_VALUES = st.recursive(
    SCALARS | WORDS,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), children, max_size=5)
    ),
    max_leaves=25,
)


CARD_VALUES = st.sampled_from([1, 2, MAX_CARD_VALUE]) | st.integers(1, MAX_CARD_VALUE)


@st.composite
def cards(draw: st.DrawFn) -> dict:
    kind = draw(st.sampled_from(["number", "express", "star", "free"]))
    card: dict = {"kind": kind}
    if kind in ("number", "express"):
        card["value"] = draw(CARD_VALUES)
    elif draw(st.booleans()):
        card["value"] = 0
    if draw(st.booleans()):
        card["shuffle"] = draw(st.booleans())
    return card


@st.composite
def penalties(draw: st.DrawFn) -> dict:
    if draw(st.booleans()):
        penalty: dict = {"divisor": draw(st.integers(1, MAX_PENALTY_DIVISOR))}
        if draw(st.booleans()):
            penalty["rounding"] = draw(st.sampled_from(["down", "up"]))
        return penalty
    thresholds = draw(
        st.lists(st.integers(0, MAX_PENALTY_THRESHOLD), min_size=1, max_size=6, unique=True)
    )
    points = st.integers(0, MAX_PENALTY_POINTS)
    return {"steps": [[t, draw(points)] for t in sorted(thresholds)]}


@st.composite
def valid_rulesets(draw: st.DrawFn) -> dict:
    """A ruleset as data within every limit, mostly small decks, sometimes 99 cards."""
    size = draw(st.sampled_from([MAX_DECK_CARDS]) | st.integers(1, 20))
    deck = [draw(cards()) for _ in range(size - 2)]
    deck.append({"kind": draw(st.sampled_from(["number", "express"])), "value": draw(CARD_VALUES)})
    deck.append({**draw(cards()), "shuffle": True})
    deck = draw(st.permutations(deck))
    data = {"name": draw(st.text(min_size=1, max_size=8).filter(str.strip)), "deck": list(deck),
            "penalty": draw(penalties())}  # fmt: skip
    if size == 1:
        data["deck"] = [{"kind": "star", "shuffle": True}]
    return data


@st.composite
def mutated_rulesets(draw: st.DrawFn) -> object:
    """A valid ruleset with a few keys or items replaced, removed or added."""
    data = copy.deepcopy(draw(st.sampled_from(VALID) | valid_rulesets()))
    return mutate(draw, data, RULESET_VALUES, st.sampled_from(KEYS))


def load_or_error(data: object) -> Ruleset | None:
    """The ruleset, or ``None`` after a well-formed ``RulesetError``; nothing else."""
    problems = validate_ruleset_data(data)
    assert all(type(p) is Problem and isinstance(p.path, str) and p.message for p in problems)
    try:
        loaded = Ruleset.from_dict(data)
    except RulesetError as err:
        assert err.problems == problems and problems
        return None
    assert problems == []
    return loaded


@FUZZ
@given(RULESET_VALUES)
def test_any_json_value_loads_or_is_a_ruleset_error(data):
    load_or_error(data)


@FUZZ
@given(st.text(alphabet='{}[]",:0123456789.eE-+ \nabtrufnlsNI\\', max_size=40))
def test_any_text_parses_or_is_a_ruleset_error(text):
    try:
        data = parse_ruleset_text(text)
    except RulesetError as err:
        assert len(err.problems) == 1 and err.problems[0].path == ""
    else:
        load_or_error(data)


@FUZZ
@given(mutated_rulesets())
def test_mutated_rulesets_load_or_are_ruleset_errors(data):
    text = json.dumps(data)
    assert validate_ruleset_data(parse_ruleset_text(text)) == validate_ruleset_data(data)
    load_or_error(data)


@FUZZ
@given(valid_rulesets())
def test_generated_rulesets_are_valid(data):
    assert load_or_error(data) is not None


@settings(max_examples=80, deadline=None)
@given(valid_rulesets() | mutated_rulesets(), st.integers(0, 2**32))
def test_valid_rulesets_play_alike_in_the_engine_and_the_compiled_path(data, seed):
    rules = load_or_error(data)
    event("valid" if rules is not None else "refused")
    if rules is None:
        return
    assert Ruleset.from_dict(rules.to_dict()) == rules
    city = vvlab.load_map("tutorial")
    bots = ["greedy", "random"]
    ref = play_block_reference(city, rules, [make_bot(b) for b in bots], seed, 0, 2)
    fast = play_block_fast(city, rules, bots, seed, 0, 2)
    for field in ref.__dataclass_fields__:
        assert np.array_equal(getattr(ref, field), getattr(fast, field)), field
    game = vvlab.Game(city, ruleset=rules, seed=seed)
    assert game.card in rules.deck
