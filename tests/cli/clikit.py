"""Helper of the command-line tests: run ``vvlab`` in this process, scripted."""

from __future__ import annotations

import io

from vvlab.cli import main


def run(argv, answers=()):
    """``main(argv)`` with ``answers`` typed at the prompts (then end of input); returns
    the exit status, the output and the prompts asked."""
    out = io.StringIO()
    prompts = []
    feed = iter(answers)

    def ask(prompt):
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    code = main(argv, out=out, ask=ask)
    return code, out.getvalue(), prompts
