"""``--backend ray`` that cannot run says why in one line: no traceback, nothing written.

No Ray instance runs here (the comparison module starts its own and stops it after its tests).
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli.common import MESSAGES
from ludoteca.cli.main import app
from ludoteca.engine.i18n import LANGUAGES
from ludoteca.sim.backends import BackendError, RayBackend, make_backend


def _invoke(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(app, [*args, "--lang", "en", "--no-progress"])
    return res.exit_code, res.output + (repr(res.exception) if res.exception else "")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_ray_backend_without_the_extra_names_the_extra(
    command: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    out = tmp_path / "out.jsonl"
    code, text = _invoke(command, "nine-domains", "-a", "random,heuristic", "-n", "2",
                         "--backend", "ray", "--out", str(out))  # fmt: skip
    assert code == 2
    assert "pip install 'ludoteca[ray]'" in " ".join(text.split())
    assert "Traceback" not in text
    assert not out.exists()


def test_unreachable_address_is_a_clear_error_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("earlier run\n", "utf-8")
    address = f"127.0.0.1:{_closed_port()}"
    code, text = _invoke("simulate", "nine-domains", "-n", "2", "--address", address,
                         "--out", str(out))  # fmt: skip
    assert code == 2
    assert f"no Ray cluster answers at {address}" in " ".join(text.split())
    assert "Traceback" not in text
    assert out.read_text("utf-8") == "earlier run\n"


def test_bad_backend_settings_are_clear_errors() -> None:
    with pytest.raises(BackendError, match="unknown backend 'spark'"):
        make_backend("spark")
    with pytest.raises(BackendError, match="--address needs --backend ray"):
        make_backend("local", address="10.0.0.1:6379")
    with pytest.raises(BackendError, match="must be host:port"):
        make_backend("ray", address="10.0.0.1")
    with pytest.raises(BackendError, match="at least 1"):
        RayBackend(batch_size=0)
    assert isinstance(make_backend(None, address="10.0.0.1:6379"), RayBackend)  # implied


def test_bad_agent_fails_before_a_cluster_is_asked(tmp_path: Path) -> None:
    """The run's own errors come first: no Ray start-up to learn of a typo."""
    address = f"127.0.0.1:{_closed_port()}"
    code, text = _invoke("simulate", "nine-domains", "-a", "randm", "--address", address)
    assert code == 2
    assert "no Ray cluster answers" not in text and "randm" in text


class _FailingRay:
    """Stands in for the ray module: never initialized, and ``init`` fails."""

    def is_initialized(self) -> bool:
        return False

    def init(self, **kwargs: object) -> None:
        raise ConnectionError("no answer\nmore lines Ray prints")


class _Cluster:
    """Stands in for the ray module joined to a cluster whose workers answer ``answer``."""

    def __init__(self, answer: object) -> None:
        self.answer = answer
        self.stopped = False

    def is_initialized(self) -> bool:
        return False

    def init(self, **kwargs: object) -> None:
        return None

    def shutdown(self) -> None:
        self.stopped = True

    def remote(self, *args: object, **options: object) -> Callable[[object], _Cluster]:
        return lambda fn: self

    def get(self, ref: object, timeout: float | None = None) -> object:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def _error_of(fn: Callable[[], object]) -> BackendError:
    with pytest.raises(BackendError) as info:
        fn()
    return info.value


def test_every_backend_error_has_words_in_both_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    errors = [
        _error_of(lambda: make_backend("spark")),
        _error_of(lambda: make_backend("local", address="h:1")),
        _error_of(lambda: make_backend("ray", address="h")),
        _error_of(lambda: make_backend("ray", batch_size=0)),
        _error_of(lambda: RayBackend(address=f"127.0.0.1:{_closed_port()}").start()),
    ]
    monkeypatch.setitem(sys.modules, "ray", _FailingRay())
    errors += [
        _error_of(lambda: RayBackend().start()),
        _error_of(lambda: RayBackend(address="auto").start()),
    ]
    monkeypatch.setitem(sys.modules, "ray", _Cluster("0.0.1"))
    errors.append(_error_of(lambda: RayBackend(address="auto").start()))
    monkeypatch.setitem(sys.modules, "ray", _Cluster(RuntimeError("ModuleNotFoundError: ludoteca")))
    errors.append(_error_of(lambda: RayBackend(address="auto").start()))
    monkeypatch.setitem(sys.modules, "ray", None)
    errors.append(_error_of(lambda: RayBackend().start()))
    keys = [e.key for e in errors]
    assert keys == ["unknown", "address_needs_ray", "bad_address", "bad_batch", "unreachable",
                    "start_failed", "join_failed", "version_mismatch", "workers_failed",
                    "no_ray"]  # fmt: skip
    assert "no answer" in str(errors[5]) and "more lines" not in str(errors[5])
    assert "ludoteca 0.0.1" in str(errors[7]) and "ModuleNotFoundError" in str(errors[8])
    for e in errors:
        for lang in LANGUAGES:
            text = MESSAGES.text(f"backend.{e.key}", lang, **e.params)
            assert MESSAGES.has(f"backend.{e.key}", lang) and "{" not in text, (e.key, lang)


def test_workers_of_another_ludoteca_version_are_refused_and_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cluster = _Cluster("0.0.1")
    monkeypatch.setitem(sys.modules, "ray", cluster)
    with pytest.raises(BackendError, match="same version on every node"):
        RayBackend(address="auto").start()
    assert cluster.stopped  # this driver's connection is closed, the cluster keeps running
    same = _Cluster(ludoteca.__version__)
    monkeypatch.setitem(sys.modules, "ray", same)
    RayBackend(address="auto").start()  # the same version joins
    assert not same.stopped
