"""A JupyterLab server for the real-browser tests, serving a given folder.

:func:`serve_lab` starts ``jupyter lab`` on a free localhost port with JupyterLab's
default settings (the news pop-up off; cell windowing, as a newcomer has it, on), its
kernels importing vvlab from this checkout, and stops it and every kernel it started
on exit. :func:`missing` says why the browser tests cannot run here, if they cannot.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from importlib.util import find_spec
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"  # Debian's package path (apt-get install -y chromium)
REPO = Path(__file__).resolve().parents[2]
SERVER_START_TIMEOUT = 120  # s; JupyterLab takes 20-30 s to start on a busy 2-core machine


def missing() -> str | None:
    """Why the browser tests cannot run (Chromium or a package missing), else None."""
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    for module in ("playwright", "jupyterlab", "ipywidgets", "anywidget", "plotly"):
        if find_spec(module) is None:
            return f"Python package {module!r} is missing (pip install -e '.[test]')"
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_settings(folder: Path) -> None:
    """User settings for the test: no news pop-up. Everything else, the notebook's cell
    windowing included, keeps JupyterLab's defaults, as a newcomer has them."""
    settings = {
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
    }
    for name, values in settings.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def stop(proc: subprocess.Popen, runtime: Path) -> None:
    """Stop the server (its kernels shut down with it), then anything left that was
    started for this test: processes whose command line names our runtime folder."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
    for pid_dir in Path("/proc").glob("[0-9]*"):
        try:
            cmdline = (pid_dir / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if str(runtime) in cmdline:
            with contextlib.suppress(OSError):
                os.kill(int(pid_dir.name), signal.SIGKILL)


def _command(root: Path, port: int, args: Sequence[str]) -> list[str]:
    return [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--IdentityProvider.token=",  # no token, no password: only 127.0.0.1 can reach it
        "--ServerApp.allow_root=True",  # CI runs as root
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}",
        *args,
    ]


def _wait_ready(proc: subprocess.Popen, url: str, log_path: Path) -> None:
    """Wait until the server answers on ``url``; fail with its log otherwise."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while True:
        if proc.poll() is not None:
            pytest.fail(f"JupyterLab exited with {proc.returncode}:\n{log_path.read_text()}")
        try:
            with urllib.request.urlopen(f"{url}/api/status", timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            pytest.fail(
                f"JupyterLab did not answer on {url} within {SERVER_START_TIMEOUT} s:\n"
                + log_path.read_text()[-3000:]
            )
        time.sleep(0.5)


@contextlib.contextmanager
def serve_lab(
    root: Path,
    base: Path,
    env: Mapping[str, str | None] | None = None,
    args: Sequence[str] = (),
) -> Iterator[str]:
    """Serve the folder ``root`` with JupyterLab; yields the server's base URL.

    ``base`` (an empty folder) holds the server's runtime, configuration, settings and
    log; ``env`` adds to the environment of the server and so of its kernels (``None``
    removes a variable); ``args`` adds to the ``jupyter lab`` command line. The
    kernels import vvlab from this checkout. Skips the test when the browser tests
    cannot run here; stops the server and its kernels on exit.
    """
    reason = missing()
    if reason:
        pytest.skip(reason)
    runtime, settings = base / "runtime", base / "settings"
    for folder in (runtime, settings):
        folder.mkdir(parents=True, exist_ok=True)
    write_settings(settings)
    port = free_port()
    server_env = (
        os.environ
        | {
            "JUPYTER_RUNTIME_DIR": str(runtime),
            "JUPYTER_CONFIG_DIR": str(base / "config"),
            "JUPYTERLAB_SETTINGS_DIR": str(settings),
            "JUPYTERLAB_WORKSPACES_DIR": str(base / "workspaces"),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        }
        | dict(env or {})
    )
    server_env = {name: value for name, value in server_env.items() if value is not None}
    log_path = base / "server.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            _command(root, port, args),
            cwd=root,
            env=server_env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(proc, url, log_path)
        yield url
    finally:
        stop(proc, runtime)


def code_cell(source: str) -> dict:
    """A notebook's code cell holding ``source``, not run yet.

    >>> code_cell("1 + 1")["source"], code_cell("1 + 1")["outputs"]
    ('1 + 1', [])
    """
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []} | {
        "source": source
    }


def write_notebook(path: Path, sources: Sequence[str]) -> Path:
    """Write a notebook with a code cell per source and the Python 3 kernel at
    ``path``; returns ``path``.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> json.loads(write_notebook(folder / "n.ipynb", ["1 + 1"]).read_text())["cells"][0]["source"]
    '1 + 1'
    """
    from vvlab.model.files import atomic_write

    notebook = {
        "cells": [code_cell(source) for source in sources],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return atomic_write(path, json.dumps(notebook, indent=1))


@contextlib.contextmanager
def notebook_lab(base: Path, name: str, sources: Sequence[str]) -> Iterator[str]:
    """JupyterLab serving ``base/root`` that holds one notebook ``name`` of code cells
    ``sources`` (:func:`write_notebook`); yields the notebook's URL, then stops the
    server and its kernels."""
    root = base / "root"
    root.mkdir()
    write_notebook(root / name, sources)
    with serve_lab(root, base) as url:
        yield f"{url}/lab/tree/{name}"


SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
"""Where the browser tests keep a screenshot of every step (git-ignored)."""


@contextlib.contextmanager
def chromium() -> Iterator:
    """Headless Chromium (Debian's, driven by Playwright), closed afterwards; the
    screenshots folder exists."""
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()
