"""Time of ``vvlab.design.tune`` on a generated 10-line, 80-station draft, on one core.

Usage: python benchmarks/tune.py [--seeds 0,1,2] [--games 500] [--max-evaluations 300]

For each seed: a draft from ``generate_city(10, 80, seed)`` with every line at one box
and every bonus 5/3 (the numbers a designer has not thought about yet), tuned with the
default targets and bots; prints the CPU seconds of this process (the target: on a
shared machine the wall seconds also count the other processes' turns) beside the wall
seconds, the evaluations, why it stopped and the verdict before and after, whether
tune's own confirmation on fresh deals held, then the verdict of the tuned city on other
deals (seed +1000, 2000 games). Tune plays in this one process (``workers=1``) and BLAS
is held to one thread, so the CPU seconds are one core's; ``child`` is the CPU seconds
of child processes (0: no pool was used). Target: <= 60 CPU seconds per draft. A
figure, not a test.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ[_var] = "1"  # one core: set before numpy and numba load

import argparse  # noqa: E402
import resource  # noqa: E402
import time  # noqa: E402

from vvlab.design import check_balance, tune  # noqa: E402
from vvlab.model import CityMap  # noqa: E402
from vvlab.model.generate import generate_city  # noqa: E402


def draft(seed: int) -> CityMap:
    """A generated city whose lines all have one box and the bonus 5/3."""
    data = generate_city(10, 80, seed=seed).to_dict()
    for line in data["lines"]:
        line["indicators"], line["bonus"] = 1, [5, 3]
    return CityMap.from_dict(data)


def clocks() -> tuple[float, float, float]:
    """Wall seconds, this process's CPU seconds and its children's."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter(), time.process_time(), children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0,1,2")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--max-evaluations", type=int, default=300)
    args = parser.parse_args()
    check_balance("tutorial", games=50, progress=False, workers=1)  # compile the kernels
    print(f"{'seed':>4} {'stations':>8} {'cpu s':>6} {'wall s':>6} {'child':>5} {'evals':>5} "
          f"{'stopped':<16} confirmed failing before -> after -> other deals")  # fmt: skip
    for seed in (int(s) for s in args.seeds.split(",")):
        city = draft(seed)
        start = clocks()
        result = tune(city, seed=seed, games=args.games,
                      max_evaluations=args.max_evaluations, progress=False)  # fmt: skip
        wall, cpu, child = (b - a for a, b in zip(start, clocks(), strict=True))
        other = check_balance(result.city, games=2000, seed=seed + 1000, progress=False)
        fails = [len(r.failures()) for r in (result.before, result.after, other)]
        print(f"{seed:>4} {len(city.stations):>8} {cpu:>6.1f} {wall:>6.1f} {child:>5.1f} "
              f"{len(result.history):>5} {result.stopped:<16} {result.confirmed!s:<9} "
              f"{fails[0]} -> {fails[1]} -> {fails[2]}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
