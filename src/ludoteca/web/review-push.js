// A game review's progress pushed by the server (issue 22: "a progress bar"), over the table's
// own WebSocket: a spectator's hello (no token: following a review needs none, anyone may read
// any seat's review of a finished game), then {"type": "review", "seat": N}; the server answers
// how that review stands and pushes each change ({"type": "review", seat, status, done, total},
// what the HTTP route would answer). The review panel (review.js) opens it while a review runs
// and polls the route whenever it is not open.

/**
 * The link. `on`: {review(msg): a review message, open(): ready to follow, down(): closed, or
 * refused (the server says why with an error, then closes)}.
 */
export function reviewLink(tableId, on) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const sock = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}`);
  let ready = false;
  let over = false; // closed, or given up: says nothing more
  const down = () => {
    if (over) return;
    over = true;
    ready = false;
    on.down();
  };
  sock.addEventListener("open", () => {
    sock.send(JSON.stringify({ type: "hello" }));
    ready = true;
    on.open();
  });
  sock.addEventListener("message", (ev) => {
    if (over) return;
    let msg = null;
    try {
      msg = JSON.parse(ev.data);
    } catch (e) {
      return;
    }
    if (msg.type === "review") on.review(msg);
    else if (msg.type === "error") {
      // a review it cannot follow, a full table: the route does the work from here
      sock.close();
      down();
    }
  });
  sock.addEventListener("close", down);
  sock.addEventListener("error", down);
  return {
    /** Open and listening (a follow() now is heard). */
    get open() {
      return ready && !over && sock.readyState === WebSocket.OPEN;
    },
    /** Follow the review of `seat` (instead of any other). */
    follow(seat) {
      if (this.open) sock.send(JSON.stringify({ type: "review", seat }));
    },
    close() {
      over = true;
      ready = false;
      sock.close();
    },
  };
}
