"""The one helper every long action of a view runs through (vvlab.widgets.job.Job):
progress, Cancel, its own message area; controlled by work counts, never by time."""

from __future__ import annotations

import re
import threading

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w

from vvlab.widgets.job import Job


def counting(steps: int, seen: list[int]):
    def work(step, cancelled):
        for k in range(1, steps + 1):
            if cancelled():
                return None
            step(k, steps)
            seen.append(k)
        return steps

    return work


def test_a_failure_is_said_in_the_job_s_own_area_in_the_user_s_words() -> None:
    job = Job(w.Button(), "printing", describe=lambda err: f"no sheet: {err}", background=False)

    def work(step, cancelled):
        raise ValueError("too cramped")

    job.start(work, lambda result: "never")
    assert "no sheet: too cramped" in job.message.value and "#B71C1C" in job.message.value
    assert not job.running and not job.start_button.disabled


def test_cancel_in_the_background_stops_at_the_next_step_and_applies_nothing() -> None:
    job = Job(w.Button(), "counting")
    finished: list[int] = []
    seen: list[int] = []
    gate = threading.Event()
    job.listeners.append(lambda done, total: gate.wait(10) if done == 2 else None)
    job.start(counting(5, seen), finished.append)
    assert job.running and job.start_button.disabled and job.cancel_button.layout.display is None
    job.cancel_button.click()  # while the work waits at its second step
    gate.set()
    job.wait(10)
    assert finished == [] and seen == [1, 2]
    assert "cancelled counting: nothing changed" in job.message.value
    assert job.cancel_button.layout.display == "none" and job.progress.layout.display == "none"


def test_a_start_while_running_is_ignored_and_a_new_run_shows_only_its_own_end() -> None:
    job = Job(w.Button(), "counting")
    gate = threading.Event()
    job.start(lambda step, cancelled: gate.wait(10) and "first", lambda r: f"done {r}")
    job.start(lambda step, cancelled: "second", lambda r: f"done {r}")  # ignored
    gate.set()
    job.wait(10)
    assert "done first" in job.message.value
    job.start(lambda step, cancelled: "third", lambda r: f"done {r}")
    job.wait(10)
    assert "done third" in job.message.value


def test_work_counted_in_no_unit_the_user_knows_shows_as_a_share() -> None:
    shown: dict[bool, list[str]] = {True: [], False: []}
    for percent in (True, False):
        job = Job(w.Button(), "laying out", background=False, percent=percent)
        said = shown[percent]
        job.listeners.append(lambda done, total, job=job, said=said: said.append(job.message.value))
        job.start(counting(3, []), lambda n: "done")
    progress = {
        key: [re.search("laying out: (.*?)…", t)[1] for t in texts] for key, texts in shown.items()
    }
    assert progress == {True: ["33 %", "66 %", "100 %"], False: ["1 of 3", "2 of 3", "3 of 3"]}
