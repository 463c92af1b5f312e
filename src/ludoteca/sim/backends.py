"""Where the games of a simulation or a tournament run: a local process pool, or a Ray cluster.

A backend maps a function over tasks and yields the results as they end; the callers (the
simulation runner, the tournament) restore the order from each outcome's index. Every task carries
everything that fixes its game (seed, index, seats), so the results do not depend on the backend,
on the batch size or on the number of workers.

Both backends hand tasks out in batches, many games per process hand-off, so the cost of a
hand-off (a pickle round trip locally, a Ray task on a cluster) is paid once per batch.

Ray is an optional dependency (``pip install 'ludoteca[ray]'``), imported only when the Ray
backend starts.
"""

from __future__ import annotations

import logging
import math
import multiprocessing as mp
import os
import socket
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, Protocol, TypeVar

from .. import __version__
from ..engine import LudotecaError

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")

# a batch should be long enough that the hand-off is noise, and short enough that the progress
# bar moves and that the last batches do not leave most workers idle at the end
MAX_AUTO_BATCH = 1000
BATCHES_PER_WORKER = 8
JOIN_WAIT_S = 15  # seconds to wait for the head of an existing cluster to answer


class BackendError(LudotecaError):
    """A backend that cannot run (missing extra, unreachable cluster, bad settings).

    ``key`` names the message in the CLI catalogs (``backend.<key>``), ``params`` fill it in;
    ``str()`` is the English text, for callers without a catalog.
    """

    def __init__(self, key: str, text: str, **params: Any) -> None:
        super().__init__(text)
        self.key = key
        self.params = params


class Backend(Protocol):
    """Runs ``fn`` over every task, yielding each result as it ends (any order)."""

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]: ...

    def __enter__(self) -> Backend: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


def auto_batch_size(n: int, workers: int) -> int:
    """``BATCHES_PER_WORKER`` batches per worker, at most ``MAX_AUTO_BATCH`` games each."""
    return max(1, min(MAX_AUTO_BATCH, math.ceil(n / (max(1, workers) * BATCHES_PER_WORKER))))


def batches(tasks: Sequence[T], size: int) -> list[Sequence[T]]:
    return [tasks[i : i + size] for i in range(0, len(tasks), size)]


def play_batch(fn: Callable[[T], R], tasks: Sequence[T]) -> list[R]:
    """The body of one Ray task: a batch of games, played in order in one worker."""
    return [fn(t) for t in tasks]


def ludoteca_version() -> str:
    """Asked of a cluster's worker before any game is sent there."""
    return __version__


def check_batch_size(batch_size: int | None) -> None:
    if batch_size is not None and batch_size < 1:
        raise BackendError(
            "bad_batch", f"--batch-size must be at least 1 (got {batch_size})", size=batch_size
        )


# -- the local process pool ----------------------------------------------------------------------
class LocalPool:
    """One process in order (``workers=1``), else a process pool (``fork`` where available)."""

    def __init__(self, workers: int = 1, batch_size: int | None = None) -> None:
        check_batch_size(batch_size)
        self.workers = workers
        self.batch_size = batch_size

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        if self.workers <= 1:
            for t in tasks:
                yield fn(t)
            return
        # fork where the platform has it: workers inherit games registered at run time (plugins,
        # tests) and start at once; spawn elsewhere
        ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
        size = self.batch_size or max(1, min(64, len(tasks) // (self.workers * 8) or 1))
        with ctx.Pool(self.workers) as pool:
            yield from pool.imap_unordered(fn, tasks, chunksize=size)


# -- Ray -------------------------------------------------------------------------------------------
def _import_ray() -> Any:
    # no usage report to the Ray project unless the user asked for one (RAY_USAGE_STATS_ENABLED=1)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        import ray
    except ImportError as e:
        raise BackendError(
            "no_ray",
            "the Ray backend needs the 'ray' extra: pip install 'ludoteca[ray]'",
            extra="ludoteca[ray]",
        ) from e
    return ray


def _host_port(address: str) -> tuple[str, int] | None:
    """``host:port`` (or ``ray://host:port``) as a pair; None for ``auto`` / ``local``."""
    bare = address.removeprefix("ray://")
    if bare in ("auto", "local"):
        return None
    host, sep, port = bare.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise BackendError(
            "bad_address",
            f"--address {address!r} must be host:port (e.g. 10.0.0.1:6379) or auto",
            address=address,
        )
    return host.strip("[]"), int(port)


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast with a clear error when nothing listens at ``address``.

    Ray itself retries an unreachable head for many minutes before it gives up.
    """
    hp = _host_port(address)
    if hp is None:
        return
    host, port = hp
    if not address.startswith("ray://"):
        # Ray dials a local head at the node's own IP, not at the loopback address given
        try:
            from ray._private.services import canonicalize_bootstrap_address

            canonical = canonicalize_bootstrap_address(address)
            if canonical:
                host, _, p = canonical.rpartition(":")
                port = int(p)
        except Exception:  # a private helper: without it, dial what the user wrote
            pass
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as e:
        raise BackendError(
            "unreachable",
            f"no Ray cluster answers at {address} ({e.strerror or e}); start one with "
            "`ray start --head` or check --address",
            address=address,
            reason=str(e.strerror or e),
        ) from None


class RayBackend:
    """Batches of games as Ray tasks, on a cluster at ``address`` or on a local instance.

    Without ``address`` it starts a local Ray instance with ``num_cpus`` CPUs (default: all) and
    stops it on exit; with one it joins that cluster and leaves it running. If Ray is already
    initialized in this process (a test, a notebook), it uses that instance as it is.
    At most ``in_flight`` batches wait in the cluster at a time (default: two per CPU), so the
    results of a million games never pile up in the object store ahead of the writer.
    """

    def __init__(
        self,
        address: str | None = None,
        num_cpus: int | None = None,
        batch_size: int | None = None,
        in_flight: int | None = None,
    ) -> None:
        check_batch_size(batch_size)
        if address is not None:
            _host_port(address)  # a malformed address fails before Ray is imported
        self.address = address
        self.num_cpus = num_cpus
        self.batch_size = batch_size
        self.in_flight = in_flight
        self._ray: Any = None
        self._started = False
        self._remote: Any = None

    def __enter__(self) -> RayBackend:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        ray = _import_ray()
        self._ray = ray
        if not ray.is_initialized():
            if self.address is not None:
                check_reachable(self.address)
                # a head that accepts connections but does not answer as Ray would be retried
                # for minutes; the user may wait longer by setting the variable
                os.environ.setdefault("RAY_gcs_server_port_wait_time_s", str(JOIN_WAIT_S))
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,  # worker output would tear the progress bar
                "logging_level": logging.ERROR,
            }
            if self.address is None:
                kwargs["num_cpus"] = self.num_cpus
            try:
                # "local": a new instance even when `ray start` left one running on this machine
                ray.init(address=self.address or "local", **kwargs)
            except Exception as e:  # Ray raises ConnectionError, RuntimeError, ValueError...
                reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
                if self.address is None:
                    raise BackendError(
                        "start_failed",
                        f"could not start a local Ray instance: {reason}",
                        reason=reason,
                    ) from None
                raise BackendError(
                    "join_failed",
                    f"could not join the Ray cluster at {self.address}: {reason} (a cluster "
                    "with token authentication also needs RAY_AUTH_MODE=token and its "
                    "~/.ray/auth_token here)",
                    address=self.address,
                    reason=reason,
                ) from None
            self._started = True
            if self.address is not None:
                self._check_workers()
        self._remote = ray.remote(play_batch)

    def _check_workers(self) -> None:
        """The cluster's workers must play by the same rules: the same ludoteca as here."""
        ray = self._ray
        probe = ray.remote(num_cpus=0)(ludoteca_version)  # runs even on a busy cluster
        try:
            theirs = ray.get(probe.remote(), timeout=4 * JOIN_WAIT_S)
        except Exception as e:  # no ludoteca there (ModuleNotFoundError), or no answer
            self.close()
            text = str(e).strip()
            reason = next(
                (ln.strip() for ln in reversed(text.splitlines()) if ln.strip()),
                type(e).__name__,
            )
            raise BackendError(
                "workers_failed",
                f"the cluster's workers could not run ludoteca ({reason}): install the same "
                "ludoteca on every node",
                reason=reason,
            ) from None
        ours = ludoteca_version()
        if theirs != ours:
            self.close()
            raise BackendError(
                "version_mismatch",
                f"the cluster's workers have ludoteca {theirs} and this machine {ours}: "
                "install the same version on every node",
                theirs=theirs,
                ours=ours,
            )

    def close(self) -> None:
        if self._started and self._ray is not None:
            self._ray.shutdown()
        self._started = False

    def cpus(self) -> int:
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def batch_for(self, n: int) -> int:
        """Games per Ray task for a run of ``n`` games."""
        return self.batch_size or auto_batch_size(n, self.cpus())

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        if self._remote is None:
            self.start()
        ray = self._ray
        cpus = self.cpus()
        todo = batches(tasks, self.batch_for(len(tasks)))
        todo.reverse()  # pop() from the end hands batches out in index order
        window = self.in_flight or 2 * cpus
        fn_ref = ray.put(fn)
        pending: list[Any] = []
        try:
            while todo or pending:
                while todo and len(pending) < window:
                    pending.append(self._remote.remote(fn_ref, todo.pop()))
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    yield from ray.get(ref)
        finally:
            for ref in pending:  # an interrupted run leaves no work behind on the cluster
                ray.cancel(ref)


def make_backend(
    name: str | None,
    workers: int = 1,
    address: str | None = None,
    batch_size: int | None = None,
) -> Backend:
    """The backend a command line asks for: ``local`` (default) or ``ray`` (implied by an address).

    ``workers`` is the size of the local pool, and the CPUs of a local Ray instance (1 means all
    of them; with ``address`` the cluster's own CPUs count).
    """
    chosen = name or ("ray" if address is not None else "local")
    if chosen not in BACKENDS:
        raise BackendError(
            "unknown",
            f"unknown backend {chosen!r}: choose {' or '.join(BACKENDS)}",
            name=chosen,
            choices=", ".join(BACKENDS),
        )
    if chosen == "local":
        if address is not None:
            raise BackendError(
                "address_needs_ray", "--address needs --backend ray", address=address
            )
        return LocalPool(workers, batch_size)
    return RayBackend(address, num_cpus=workers if workers > 1 else None, batch_size=batch_size)
