"""Joins across processes (issue 12 item 7): consecutive joins through two processes sharing
one database and Redis never get a spurious 409, and each process shows the new seats."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .helpers import create, wait_for
from .test_redis import pytestmark, two  # noqa: F401  (the two processes; skipped without Redis)


def test_consecutive_joins_through_two_processes_all_sit(
    two: tuple[TestClient, TestClient],  # noqa: F811
) -> None:
    a, b = two
    for _ in range(6):
        tid = create(a, "react-toy", [{"kind": "human"}] * 4)
        # b has heard of the table (and holds its seats as they were then)
        wait_for(lambda tid=tid: tid in [t["id"] for t in b.get("/api/tables").json()])
        seats = []
        for i, c in enumerate((a, b, a, b)):
            r = c.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"})
            assert r.status_code == 200, r.text  # never a spurious seat_taken
            seats.append(r.json()["seat"])
        assert sorted(seats) == [0, 1, 2, 3]
        for c in (a, b):  # both processes' summary and lobby show the game started
            wait_for(lambda c=c, tid=tid: c.get(f"/api/tables/{tid}").json()["status"] == "running")
            wait_for(
                lambda c=c, tid=tid: any(
                    t["id"] == tid and all(s["taken"] for s in t["seats"])
                    for t in c.get("/api/tables").json()
                )
            )


def test_a_seat_asked_for_and_taken_elsewhere_is_still_refused(
    two: tuple[TestClient, TestClient],  # noqa: F811
) -> None:
    a, b = two
    tid = create(a, "react-toy", [{"kind": "human"}] * 3)
    wait_for(lambda: b.get(f"/api/tables/{tid}").status_code == 200)
    assert a.post(f"/api/tables/{tid}/join", json={"name": "Ana", "seat": 1}).status_code == 200
    r = b.post(f"/api/tables/{tid}/join", json={"name": "Bia", "seat": 1})
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    r = b.post(f"/api/tables/{tid}/join", json={"name": "Bia"})
    assert r.status_code == 200 and r.json()["seat"] in (0, 2)
