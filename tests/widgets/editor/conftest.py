"""Every editor test runs in a folder of its own: an editor keeps its drafts in
``vvlab-drafts/`` of the working folder, and one test's drafts must never be offered to
another's editor (nor land in the repository)."""

import pytest


@pytest.fixture(autouse=True)
def _own_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
