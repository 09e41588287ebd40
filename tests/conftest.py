"""Test-wide settings: under CI, hypothesis runs derandomized so a run is repeatable."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
