"""``vvlab tune --routes``: route changes suggested beside the tuned numbers, printed
with their reasons; the city written keeps its routes."""

from __future__ import annotations

import json

from clikit import run


def test_routes_are_suggested_only_when_asked(tmp_path, monkeypatch):
    import vvlab.design

    asked = []
    real = vvlab.design.tune

    def tune(*args, **kwargs):
        asked.append(kwargs["vary"])
        return real(*args, **{**kwargs, "max_evaluations": 4, "games": 60})

    monkeypatch.setattr(vvlab.design, "tune", tune)
    for k, extra in enumerate(([], ["--routes"])):
        out = tmp_path / f"tuned{k}.json"
        code, text, _ = run(["tune", "tutorial", "--bots", "greedy", "--out", str(out),
                             "--no-progress", *extra])  # fmt: skip
        assert code in (0, 1) and out.exists(), text
        routes = {line["id"]: line["stations"] for line in json.loads(out.read_text())["lines"]}
        assert routes == {line.id: list(line.stations) for line in vvlab.load_map("tutorial").lines}
    assert asked == [("indicators", "bonus"), ("indicators", "bonus", "routes")]
