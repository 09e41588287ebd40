"""A compiled run works for a user who can write neither the package nor a home folder.

numba caches the compiled kernels next to ``vvlab/compiled/kernels.py`` or in the user's
cache folder; when neither can be written vvlab caches them in a private folder of the
temporary folder and says so once. The test copies the package to a folder the user
``nobody`` can read but not write and runs a compiled simulation as that user (so it
needs root and ``setpriv``, as in CI). The choices of the fallback are checked in this
process too.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import vvlab
from vvlab.compiled import cache
from vvlab.model import maps_dir

as_another_user = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("setpriv") is None,
    reason="runs as another user: needs root and setpriv (util-linux)",
)

NOBODY = 65534
SCRIPT = """
import vvlab
print(vvlab.__file__)
res = vvlab.simulate("tutorial", bots=["greedy"], games=300, workers=1, progress=False)
print(res.metadata["execution"]["engine"], len(res.games))
"""


@pytest.fixture
def install() -> Iterator[Path]:
    """A folder everyone may enter: ``site/vvlab`` (a copy of the package with its
    maps, owned by root), ``home`` (read-only) and ``tmp`` (owned by nobody).

    Not ``tmp_path``: pytest's temporary folders are private to root."""
    base = Path(tempfile.mkdtemp(prefix="vvlab-readonly-"))
    try:
        base.chmod(0o755)
        package = base / "site" / "vvlab"
        shutil.copytree(
            Path(vvlab.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__")
        )
        if not (package / "maps").is_dir():
            shutil.copytree(maps_dir(), package / "maps")
        for folder, _, files in os.walk(base / "site"):
            os.chmod(folder, 0o755)
            for name in files:
                os.chmod(os.path.join(folder, name), 0o644)
        (base / "home").mkdir(mode=0o555)
        (base / "tmp").mkdir(mode=0o700)
        os.chown(base / "tmp", NOBODY, NOBODY)
        yield base
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _as_nobody(base: Path, code: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "XDG_"))}
    env |= {"HOME": str(base / "home"), "TMPDIR": str(base / "tmp")}
    env |= {"PYTHONPATH": str(base / "site"), "PYTHONDONTWRITEBYTECODE": "1"}
    setpriv = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    return subprocess.run(
        [*setpriv, sys.executable, "-c", code],
        cwd=base / "home", env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


@as_another_user
def test_compiled_run_caches_in_a_private_temporary_folder_and_says_so_once(install):
    probe = _as_nobody(install, "import numba, pandas, vvlab")
    if probe.returncode != 0:
        pytest.skip(f"this Python cannot run as user {NOBODY}: {probe.stderr[-300:]}")

    done = _as_nobody(install, SCRIPT)
    assert done.returncode == 0, done.stderr
    where, result = done.stdout.splitlines()[:2]
    assert where == str(install / "site" / "vvlab" / "__init__.py")
    assert result == "fast 300"
    tmp = install / "tmp"
    notices = [line for line in done.stderr.splitlines() if str(tmp) in line]
    assert len(notices) == 1, done.stderr
    cache = [p for p in tmp.iterdir() if str(p) in notices[0]]
    assert len(cache) == 1 and list(cache[0].rglob("*.nbi")), notices
    assert not list((install / "site").rglob("*.nbi"))

    again = _as_nobody(install, SCRIPT)  # the second process finds the kernels cached
    assert again.returncode == 0, again.stderr
    assert [line for line in again.stderr.splitlines() if str(tmp) in line] == notices


def test_no_writable_folder_at_all_runs_uncached_and_says_so(tmp_path, monkeypatch):
    monkeypatch.delenv(cache.ENV, raising=False)
    monkeypatch.setattr(cache, "private_cache_folder", lambda: None)
    reloads = []
    with pytest.warns(UserWarning, match="every process compiles them again"):
        assert cache.ensure_cache(lambda: False, lambda: reloads.append(1)) is False
    assert cache.ENV not in os.environ and reloads == []


def test_a_folder_numba_still_cannot_use_is_given_back(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV, "/users/choice")
    monkeypatch.setattr(cache, "private_cache_folder", lambda: tmp_path)
    seen = []
    with pytest.warns(UserWarning, match="no folder it can write"):
        cache.ensure_cache(lambda: False, lambda: seen.append(os.environ[cache.ENV]))
    assert seen == [str(tmp_path), "/users/choice"]
    assert os.environ[cache.ENV] == "/users/choice"


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners")
def test_the_private_folder_is_never_one_someone_else_can_write(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    named = tmp_path / f"vvlab-numba-{os.getuid()}"
    assert cache.private_cache_folder() == named
    assert stat.S_IMODE(named.stat().st_mode) == 0o700
    named.chmod(0o777)  # as if another user had made it for us
    other = cache.private_cache_folder()
    assert other != named and other.parent == tmp_path and other.name.startswith("vvlab-numba-")
    named.rmdir()
    named.symlink_to(other)
    assert cache.private_cache_folder() not in (named, other)
