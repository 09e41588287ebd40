"""The compiled fast path is a twin of the reference engine and bots: same cards, same
sheets, same scores (differential tests over thousands of games)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import city_dicts

import vvlab
from vvlab.bots import BotBase, GreedyBot, make_bot
from vvlab.compiled import KernelSpec, compile_city
from vvlab.compiled.spec import RESTRICTIONS
from vvlab.model.generate import generate_city
from vvlab.sim.blocks import play_block_reference
from vvlab.sim.deal import block_generators, deal_block
from vvlab.sim.fast import deal_block_fast, has_fast_path, kernel_spec_of, play_block_fast

SEATINGS = [
    ["random"],
    ["greedy"],
    ["greedy", "random"],
    ["random", "greedy", "greedy"],
    ["greedy"] * 4,
    ["random", "greedy"] * 3,
    ["expert"],
    ["expert", "greedy", "random"],
    ["expert", "lookahead:depth=0", "expert", "random"],
    ["expert"] * 6,
    ["expert:restrict=no-transfer-stars"],
    ["expert:restrict=no-express-skips", "greedy"],
    ["expert:restrict=no-race", "expert", "random"],
    ["expert:restrict=no-free-transfers", "expert:restrict=no-race"],
]
RESTRICTED = [f"expert:restrict={name}" for name in RESTRICTIONS]


def assert_same_block(city, ruleset, bots, seed, block, games):
    ref = play_block_reference(city, ruleset, [make_bot(b) for b in bots], seed, block, games)
    fast = play_block_fast(city, ruleset, bots, seed, block, games)
    for field in ref.__dataclass_fields__:
        assert np.array_equal(getattr(ref, field), getattr(fast, field)), (field, bots)
    return ref


@pytest.mark.parametrize("ruleset", ["voll-verplant", "metro-x"])
@pytest.mark.parametrize("bots", SEATINGS, ids=lambda b: "+".join(b))
def test_tutorial_map(bots, ruleset):
    city, rs = vvlab.load_map("tutorial"), vvlab.get_ruleset(ruleset)
    for block in range(2):
        assert_same_block(city, rs, bots, seed=5, block=block, games=256)


@pytest.mark.parametrize("map_seed", [0, 1, 2])
@pytest.mark.parametrize(
    "bots", [["greedy"], ["random", "greedy"], ["greedy"] * 4, ["expert", "greedy", "expert"]]
)
def test_generated_cities(map_seed, bots):
    city = generate_city(lines=10, stations=80, seed=map_seed)
    ruleset = vvlab.get_ruleset("metro-x" if map_seed % 2 else "voll-verplant")
    ref = assert_same_block(city, ruleset, bots, seed=map_seed, block=3, games=200)
    assert ref.lines_completed.sum() > 0 and ref.stars.sum() > 0


@pytest.mark.parametrize("name", [n for n in vvlab.builtin_maps() if n != "tutorial"])
def test_builtin_cities(name):
    city = vvlab.load_map(name)
    for bots in (["greedy"], ["random", "greedy"]):
        for block in range(2):  # 1,200 games a city
            assert_same_block(city, vvlab.get_ruleset(), bots, seed=11, block=block, games=300)
    for ruleset in ("voll-verplant", "metro-x"):
        rs = vvlab.get_ruleset(ruleset)
        assert_same_block(city, rs, ["expert"], seed=11, block=0, games=60)
        assert_same_block(city, rs, ["expert", "random", "greedy"], seed=11, block=1, games=20)
        for restricted in RESTRICTED:
            assert_same_block(city, rs, [restricted], seed=11, block=2, games=30)
        assert_same_block(city, rs, [*RESTRICTED, "greedy"], seed=11, block=3, games=10)


@settings(max_examples=40, deadline=None)
@given(
    data=city_dicts(),
    seats=st.lists(
        st.sampled_from(["random", "greedy", "expert", *RESTRICTED]), min_size=1, max_size=6
    ),
    seed=st.integers(0, 2**31),
)
def test_random_maps(data, seats, seed):
    city = vvlab.load_map(data)
    assert_same_block(city, vvlab.get_ruleset(), seats, seed=seed, block=1, games=40)


def test_dealing_is_identical():
    city, rs = generate_city(seed=4), vvlab.get_ruleset("metro-x")
    cc = compile_city(city, rs)
    ref = deal_block(9, 2, 300, rs, city.total_indicators, block_generators(9, 2, 1)[0])
    orders, lengths = deal_block_fast(
        9,
        2,
        300,
        rs,
        city.total_indicators,
        block_generators(9, 2, 1)[0],
        cc.deck.uses,
        cc.deck.shuffle,
    )
    assert [list(orders[g, : lengths[g]]) for g in range(300)] == ref


def test_a_deck_that_runs_past_its_row_of_uniforms():
    """Free cards with the shuffle icon can make a game long: the fallback deals it."""
    rs = vvlab.Ruleset(
        "freeish",
        deck=[vvlab.Card.free(shuffle=True)] * 6 + [vvlab.Card.number(2, shuffle=True)],
        penalty=vvlab.Penalty(divisor=2),
    )
    city = vvlab.load_map("tutorial")
    ref = assert_same_block(city, rs, ["greedy"], seed=3, block=0, games=120)
    assert ref.turns.max() > city.total_indicators * 2 + 8  # longer than a row


@pytest.mark.parametrize("name", vvlab.builtin_maps())
def test_lookahead_in_the_reference_engine_matches_the_kernels(name):
    """The reference look-ahead bot reads a PlayerView; the kernels keep their own state."""
    city = vvlab.load_map(name)
    for ruleset in ("voll-verplant", "metro-x"):
        rs = vvlab.get_ruleset(ruleset)
        assert_same_block(city, rs, ["lookahead:depth=1", "greedy"], seed=2, block=0, games=12)
        assert_same_block(city, rs, ["lookahead:depth=2"], seed=2, block=1, games=3)
        assert_same_block(city, rs, ["rollout:samples=3", "random"], seed=2, block=2, games=4)


def test_lookahead_depth_zero_is_greedy():
    city, rs = generate_city(seed=5), vvlab.get_ruleset()
    a = play_block_fast(city, rs, ["lookahead:depth=0"], 1, 0, 100)
    b = play_block_fast(city, rs, ["greedy"], 1, 0, 100)
    assert np.array_equal(a.score, b.score) and np.array_equal(a.line_turn, b.line_turn)


def test_which_bots_have_a_fast_path():
    assert has_fast_path(["random", "greedy", make_bot("greedy"), "lookahead:depth=2"])
    assert not has_fast_path(["random", lambda view, rng: view.legal_moves[0]])
    assert not has_fast_path(["nonsense"])
    with pytest.raises(ValueError, match="no fast path"):
        play_block_fast(
            vvlab.load_map("tutorial"),
            vvlab.get_ruleset(),
            [lambda v, r: v.legal_moves[0]],
            1,
            0,
            3,
        )


class CautiousGreedy(BotBase):
    """A bot of its own class (not a subclass of a built-in bot) that plays like greedy
    and says so: the simulator must ask it, not test its type."""

    name = "cautious-greedy"

    def __init__(self):
        super().__init__()
        self.inner = GreedyBot()

    def kernel_spec(self):
        return KernelSpec("greedy")

    def choose(self, view, rng):
        return self.inner.choose(view, rng)


class Contrarian(GreedyBot):
    """Inherits greedy's kernel_spec but plays differently: no fast path."""

    def choose(self, view, rng):
        return view.legal_moves[-1]


def test_the_fast_path_asks_each_bot_for_its_kernel():
    city, rs = vvlab.load_map("tutorial"), vvlab.get_ruleset()
    assert kernel_spec_of(CautiousGreedy()) == KernelSpec("greedy")
    assert kernel_spec_of("rollout:samples=8") == KernelSpec("rollout", 8)
    assert kernel_spec_of(Contrarian()) is None
    assert not has_fast_path([Contrarian()])
    ref = play_block_reference(city, rs, [CautiousGreedy()], 3, 0, 40)
    fast = play_block_fast(city, rs, [CautiousGreedy()], 3, 0, 40)
    assert np.array_equal(ref.score, fast.score)
    assert np.array_equal(ref.score, play_block_fast(city, rs, ["greedy"], 3, 0, 40).score)


@pytest.mark.parametrize("depth", [0, 1, 2])
def test_lookahead_matches_a_plain_python_expectimax(depth):
    """Every decision of the compiled look-ahead equals a straightforward recursive
    expectimax over the engine's sheets (tutorial and small generated maps)."""
    from expectimax_reference import reference_choice

    from vvlab.bots import LookaheadBot, bot_rngs, choose_moves

    bot = LookaheadBot(depth=depth)
    checked = 0
    for city in [vvlab.load_map("tutorial"), generate_city(lines=4, stations=20, seed=3)]:
        for seed in range(4 if depth < 2 else 2):
            game = vvlab.Game(city, players=2, seed=seed, ruleset="metro-x")
            rngs = bot_rngs(seed, 2)
            while not game.is_over:
                view = game.view(0)
                assert bot.choose(view, rngs[0]) == reference_choice(view, depth)
                checked += 1
                game.play(choose_moves(game, [bot, make_bot("random")], rngs))
    assert checked > 20
