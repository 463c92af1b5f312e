// The game review in the replay (issue 22): a seat's decisions graded from what it knew, run
// on the server's AI workers with a progress bar (pushed over the table's WebSocket,
// review-push.js; the HTTP route polled while that is not open), then a win-chance graph (a
// point per decision: click or Enter goes to it, the arrow keys from point to point, a tap off
// the points to the nearest), the same as a table for screen readers, the
// decisions sorted by loss, and at a decision the move played and the best moves marked on the
// board.
import { api } from "./api.js";
import { h, svg } from "./dom.js";
import { errorText, lang, t } from "./i18n.js";
import { loaded } from "./render.js";
import { nameSeats } from "./words.js";
import { reviewLink } from "./review-push.js";
import "./review-words.js";

const POLL_MS = 700; // the route's polling, while no socket pushes the progress
const pct = (x) => (x === null || x === undefined ? "—" : `${Math.round(100 * x)}%`);
// a number to a tenth in the reader's language (6,3 in pt-BR, 6.3 in en; rounded as toFixed
// rounds, so en reads as the command line prints). A value that rounds to zero is 0,0, never
// "-0,0" (Intl writes -0.04 so): no digit but zeros, zero's own writing
const tenth = (x) => {
  const f = new Intl.NumberFormat(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  const s = f.format(x);
  return /[1-9]/.test(s) ? s : f.format(0);
};
// a loss, and the values of a decision's moves, to a tenth: the gap between the best move's
// value and the played one's is the loss, which a whole percent could hide
const lossPct = (x) => `${tenth(100 * x)}%`;
// a loss as a drop (−6,3%); one that shows as 0,0% has no minus
const drop = (x) => (lossPct(x) === lossPct(0) ? lossPct(0) : `−${lossPct(x)}`);
// a signed whole percent (+3%, −2%); one that rounds to zero is 0%
const signedPct = (x) => `${new Intl.NumberFormat(lang(), { maximumFractionDigits: 0, signDisplay: "exceptZero" }).format(Math.round(100 * x) + 0)}%`;

/** The end screen's button: the replay, its review of `seat` started. */
export function reviewButton(tableId, seat, go) {
  return h("button", { type: "button", id: "to-review", onclick: () => go(`/r/${tableId}?review=${seat ?? 0}`) }, t("reviewGame"));
}

/** The seat a page asks to review (/r/ID?review=N), or null. */
export function askedSeat() {
  const m = location.search.match(/[?&]review=(\d{1,2})\b/);
  return m ? Number(m[1]) : null;
}

/**
 * The review panel of a replay. `ctx`: {tableId, game, names (per seat), seat (first seat
 * shown), stepFor(recordIndex) -> replay step, jump(step), repaint()}.
 */
export function reviewPanel(ctx) {
  let seat = ctx.seat ?? 0;
  let state = { status: "idle" };
  let focused = null; // the decision shown on the board (index in the review's decisions)
  let cursor = null; // the graph's point the arrow keys reached (its one in the Tab order)
  let more = false; // the list of decisions by loss shows the good ones too
  let timer = null;
  let gone = false;
  // the table's socket while a review runs (review-push.js), and whether it pushes this seat's
  // review (its server process runs it: it said queued or running); else the route is polled
  let link = null;
  let linked = null; // the seat whose review the socket was asked to follow
  let pushing = false;

  const set = (s) => {
    state = s;
    if (!gone) ctx.repaint();
  };
  const running = (s) => s.status === "queued" || s.status === "running";
  const unlink = () => {
    link?.close();
    link = null;
    linked = null;
    pushing = false;
  };
  const poll = async (first) => {
    clearTimeout(timer);
    try {
      const got = await api(`/tables/${ctx.tableId}/reviews/${seat}`, { method: first ? "POST" : "GET" });
      if (gone) return;
      set(got);
      if (running(got)) follow();
      else unlink();
    } catch (e) {
      unlink();
      set({ status: "error", message: errorText(e.code, e.message) });
    }
  };
  // a review under way: its progress pushed once the socket is open and says it runs there;
  // until then (and if it closes) the route is polled
  const follow = () => {
    clearTimeout(timer);
    if (!pushing) timer = setTimeout(() => poll(false), POLL_MS);
    const ask = () => {
      if (link?.open && linked !== seat) {
        linked = seat;
        link.follow(seat);
      }
    };
    if (link) {
      ask();
      return;
    }
    link = reviewLink(ctx.tableId, {
      open: ask,
      down: () => {
        link = null;
        linked = null;
        pushing = false;
        if (!gone && running(state)) poll(false);
      },
      review: (msg) => {
        if (gone || msg.seat !== seat || !running(state)) return;
        if (msg.status === "queued" || msg.status === "running") {
          pushing = true;
          clearTimeout(timer);
          set(msg);
        } else if (msg.status === "done" || msg.status === "failed") {
          pushing = false;
          poll(false); // the review itself (or why not) from the route
        } else {
          // "none": this socket's server process does not run it (another one does)
          pushing = false;
          clearTimeout(timer);
          timer = setTimeout(() => poll(false), POLL_MS);
        }
      },
    });
  };
  const start = () => {
    focused = null;
    cursor = null;
    more = false;
    set({ status: "queued" });
    poll(true);
  };
  // a stored review is shown at once, without asking for a new one
  const peek = () => poll(false).then(() => state.status === "none" && set({ status: "idle" }));

  const go = (j) => {
    focused = j;
    cursor = j;
    const d = state.review.decisions[j];
    ctx.jump(ctx.stepFor(d.index));
  };
  const said = (text) => (loaded(ctx.game, ctx.lang())?.w ? nameSeats(text, loaded(ctx.game, ctx.lang()).w, ctx.names) : text);
  const label = (d) => t(`label_${d.label}`);
  // a decision graded by the search judge shows the search's values: its best move and the
  // played one, both valued by its second search (their gap is the loss); texts without the
  // search's move (a page open across a server update) fall back to the playouts' values
  const searched = (j) => state.review.decisions[j].judge === "search" && state.review.decisions[j].search && state.texts[j].search;
  const bestText = (j) => (searched(j)
    ? `${said(state.texts[j].search)} (${lossPct(state.review.decisions[j].search.best_value)})`
    : state.texts[j].best.map((b, k) => `${said(b)} (${lossPct(state.review.decisions[j].best[k].value)})`).join("; "));
  // the decision's moves and values: every value on the same worlds (the check's), so the
  // best move's minus the played one's is the playouts' loss (the search's, where it graded)
  // `bare`: without the label (the list's item says it first, with the loss)
  const atText = (j, bare = false) => {
    const d = state.review.decisions[j];
    const value = searched(j) ? d.search.value : d.played.value;
    return t(bare ? "reviewItem" : "reviewAt", { n: d.index + 1, label: label(d), played: said(state.texts[j].played), value: lossPct(value), best: bestText(j) });
  };

  const graph = () => {
    const r = state.review;
    const W = 640, H = 220, L = 58, R = 10, T = 10, B = 24; // L: room for a phone's larger axis words
    const n = Math.max(1, r.curve.length - 1);
    const x = (k) => L + (k / n) * (W - L - R);
    const y = (c) => T + (1 - c) * (H - T - B);
    const grid = [0, 0.5, 1].map((c) => [
      svg("line", { x1: L, x2: W - R, y1: y(c), y2: y(c), class: "grid" }),
      svg("text", { x: L - 9, y: y(c) + 4, class: "axis", "text-anchor": "end" }, pct(c)), // clear of a phone's larger first point
    ]);
    // through every decision's point (its win chance, from the decision's worlds), elsewhere
    // the positions' values (the luck's): both estimate the same chance (SeatReview.graph)
    const shown = r.curve.slice();
    r.decisions.forEach((d) => { shown[d.index] = d.win_chance; });
    const line = svg("polyline", { class: "curve", fill: "none", points: shown.map((c, k) => `${x(k).toFixed(1)},${y(c).toFixed(1)}`).join(" ") });
    const radius = { good: 4, inaccuracy: 5, mistake: 6, blunder: 7 };
    // one point in the Tab order (the decision shown, else the one the arrows reached), the
    // others by the arrow keys: a game of 90 decisions is not 90 Tabs to the table below
    const here = Math.min(cursor ?? focused ?? 0, r.decisions.length - 1);
    const points = r.decisions.map((d, j) => svg("circle", {
      cx: x(d.index).toFixed(1), cy: y(d.win_chance).toFixed(1), r: radius[d.label],
      class: `pt ${d.label} ${focused === j ? "focused" : ""}`, "data-decision": String(j), "data-key": `pt-${d.index}`,
      tabindex: j === here ? "0" : "-1", role: "button",
      "aria-label": t("reviewPoint", { n: d.index + 1, label: label(d), chance: pct(d.win_chance), loss: lossPct(d.loss) }),
    }, svg("title", {}, `${d.index + 1}: ${label(d)} (${lossPct(d.loss)})`)));
    const pick = (e) => {
      const el = e.target.closest?.("[data-decision]");
      if (el) go(Number(el.dataset.decision));
    };
    // a click or tap on the graph but off every point (a point is a few pixels on a phone):
    // the decision nearest across
    const near = (e) => {
      const box = e.currentTarget.querySelector("svg.review-graph");
      const m = box?.getScreenCTM?.();
      if (!m || !box.contains(e.target)) return;
      const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse()).x;
      let best = 0;
      r.decisions.forEach((d, j) => { if (Math.abs(x(d.index) - at) < Math.abs(x(r.decisions[best].index) - at)) best = j; });
      go(best);
    };
    const step = (e) => {
      const el = e.target.closest?.("[data-decision]");
      if (!el) return;
      const j = Number(el.dataset.decision), last = r.decisions.length - 1;
      const to = { ArrowRight: j + 1, ArrowDown: j + 1, ArrowLeft: j - 1, ArrowUp: j - 1, Home: 0, End: last }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      e.stopPropagation(); // the replay's own arrows step its moves, not the graph's points
      cursor = Math.max(0, Math.min(last, to));
      ctx.repaint();
      document.querySelector(`#review-graph [data-decision="${cursor}"]`)?.focus();
    };
    return h("figure", { class: "review-graph-box", id: "review-graph",
      onclick: (e) => (e.target.closest?.("[data-decision]") ? pick(e) : near(e)),
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(e); } else step(e); } },
      h("figcaption", { id: "review-graph-title" }, t("reviewGraph")),
      svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-graph", role: "group", "aria-labelledby": "review-graph-title" }, grid, line, points));
  };

  const table = () => {
    const r = state.review;
    const rows = r.decisions.map((d, j) => h("tr", { "data-key": `row-${d.index}`, class: focused === j ? "focused" : "" },
      h("th", { scope: "row" }, String(d.index + 1)),
      h("td", {}, lossPct(d.win_chance)), // to a tenth, as the command line's table prints it
      h("td", {}, said(state.texts[j].played)),
      h("td", {}, said(searched(j) ? state.texts[j].search : state.texts[j].best[0])),
      h("td", {}, lossPct(d.loss)),
      h("td", { class: `grade ${d.label}` }, label(d)),
      h("td", {}, h("button", { type: "button", class: "small", onclick: () => go(j) }, t("reviewShow", { n: d.index + 1 })))));
    return h("details", { class: "review-table", id: "review-table" },
      h("summary", {}, t("reviewGraphTable")),
      h("table", { class: "ranking" },
        h("caption", {}, t("reviewGraphTable")),
        h("thead", {}, h("tr", {}, ["reviewMoveCol", "reviewChance", "reviewPlayed", "reviewBest", "reviewLoss", "reviewGrade"].map((k) => h("th", { scope: "col" }, t(k))), h("td", {}))),
        h("tbody", {}, rows)));
  };

  // the decisions by loss: first those graded an inaccuracy, a mistake or a blunder (the ones
  // that matter: a game of 82 decisions listed 58, most "good" with a loss of 0,0%), then a
  // button shows the good ones that lost anything, below them
  const sorted = () => {
    const r = state.review;
    const lost = r.decisions.map((d, j) => j).filter((j) => r.decisions[j].loss > 0)
      .sort((a, b) => r.decisions[b].loss - r.decisions[a].loss || a - b);
    const bad = lost.filter((j) => r.decisions[j].label !== "good");
    const rest = lost.length - bad.length;
    const shown = more ? lost : bad;
    const item = (j) => {
      const d = r.decisions[j];
      return h("li", { "data-key": `loss-${d.index}`, class: focused === j ? "focused" : "" },
        h("button", { type: "button", class: `review-item ${d.label}`, "data-decision": String(j), onclick: () => go(j) },
          h("span", { class: `grade ${d.label}` }, `${label(d)} ${drop(d.loss)}`), " ",
          atText(j, true)));
    };
    const toggle = () => {
      more = !more;
      ctx.repaint();
      // shown: the first of the good ones, where reading goes on; hidden: the button stays
      const to = more ? `#review-list [data-decision="${lost[bad.length]}"]` : "#review-more";
      document.querySelector(to)?.focus();
    };
    let words = null;
    if (!lost.length) words = t("reviewNoLoss");
    else if (!bad.length) words = t("reviewAllGood", { n: r.decisions.length });
    return h("section", { class: "review-sorted", "aria-labelledby": "review-sorted-title" },
      h("h3", { id: "review-sorted-title" }, t("reviewSorted")),
      words && h("p", { id: "review-list-none" }, words),
      shown.length ? h("ol", { id: "review-list" }, shown.map(item)) : null,
      rest ? h("button", { type: "button", id: "review-more", "aria-expanded": String(more), "aria-controls": shown.length ? "review-list" : null, onclick: toggle },
        more ? t("reviewFewer") : t(bad.length ? "reviewMore" : "reviewMoreGood", { n: rest })) : null);
  };

  const summary = () => {
    const r = state.review;
    const lost = r.decisions.reduce((s, d) => s + d.loss, 0);
    return h("div", { class: "review-summary" },
      h("p", {}, t("reviewDecisions", { n: r.decisions.length }), " · ",
        t("reviewAccuracy", { acc: r.accuracy === null ? "—" : tenth(r.accuracy), loss: r.mean_loss === null ? "—" : lossPct(r.mean_loss) })),
      h("p", {}, t("reviewLuck", { start: pct(r.start), payoff: pct(r.payoff), luck: signedPct(r.total_luck), lost: lossPct(lost) })));
  };

  return {
    start,
    peek,
    get seat() {
      return seat;
    },
    close() {
      gone = true;
      clearTimeout(timer);
      unlink();
    },
    /** The panel as a fresh tree (the replay patches it in). */
    element() {
      const chooser = h("div", { class: "bar-buttons review-ask" },
        h("label", {}, t("reviewOf"), " ",
          h("select", { id: "review-seat", onchange: (e) => { seat = Number(e.target.value); focused = null; cursor = null; more = false; clearTimeout(timer); pushing = false; set({ status: "idle" }); peek(); } },
            ctx.names.map((name, s) => h("option", { value: String(s), selected: s === seat }, name)))),
        h("button", { type: "button", class: "primary", id: "review-start", disabled: state.status === "queued" || state.status === "running", onclick: start }, t("reviewStart")));
      let body = null;
      if (state.status === "queued" || state.status === "running") {
        const total = state.total || 0;
        body = h("div", { class: "review-progress" },
          h("progress", { id: "review-progress", max: String(Math.max(total, 1)), value: String(state.done || 0), "aria-label": t("reviewProgress") }),
          h("p", { role: "status" }, state.status === "queued" || !total ? t("reviewQueued") : t("reviewRunning", { done: state.done, total })));
      } else if (state.status === "failed" || state.status === "error") {
        body = h("p", { class: "error", role: "alert" }, state.message && state.status === "error" ? state.message : t("reviewFailed"));
      } else if (state.status === "done") {
        body = h("div", { class: "review-done", id: "review-done" },
          h("h3", {}, t("reviewTitle", { name: ctx.names[seat] })), summary(), graph(), table(), sorted());
      }
      return h("section", { class: "panel review", id: "review", "aria-labelledby": "review-title" },
        h("h2", { id: "review-title", tabindex: "-1" }, t("review")), chooser, body);
    },
    /** What the review says about the replay step `i` (the decision shown at it), or null. */
    caption(i) {
      if (state.status !== "done" || focused === null) return null;
      const d = state.review.decisions[focused];
      if (ctx.stepFor(d.index) !== i) return null;
      const lines = [atText(focused)];
      if (d.judge === "search" && d.search) {
        lines.push(t("reviewBySearch", { value: lossPct(d.search.value), best: lossPct(d.search.best_value), loss: lossPct(d.loss), playout: lossPct(d.playout_loss), playoutLabel: t(`label_${d.playout_label}`) }));
      } else if (d.judge !== "equilibrium") {
        const values = { best: lossPct(d.best[0].value), value: lossPct(d.played.value), loss: lossPct(d.loss) };
        lines.push(t(d.playout_delta > 0 ? "reviewByPlayouts" : "reviewByPlayoutsAbove", values));
      }
      if (typeof d.margin === "number") lines.push(t("reviewMargin", { m: tenth(d.margin) }));
      // The Nine Domains' placements are graded by the round's equilibrium (the label and loss
      // above): its own values, and the playouts' grade beside (absent from older reviews)
      if (d.judge === "equilibrium" && d.equilibrium) {
        lines.push(t("reviewByEquilibrium", { value: pct(d.equilibrium.value), best: pct(d.equilibrium.best_value), loss: lossPct(d.loss), playout: lossPct(d.playout_loss), playoutLabel: t(`label_${d.playout_label}`) }));
      }
      // no row of the equilibrium keeps the cards already placed (an earlier placement left
      // its support): nothing to show, not an empty list
      if (d.equilibrium?.rows.length) lines.push(t("reviewEquilibrium", { rows: d.equilibrium.rows.map((row) => `${row.row.join(" ")} ${Math.round(100 * row.frequency)}%`).join("; ") }));
      lines.push(t("reviewOnBoard"));
      return h("div", { class: `review-caption ${d.label}`, id: "review-caption", role: "status", tabindex: "-1" }, lines.map((l) => h("p", {}, l)));
    },
    /** Mark, on a freshly drawn board of step `i`, the move played and the best ones. */
    mark(board, i, view) {
      if (state.status !== "done" || focused === null) return;
      const d = state.review.decisions[focused];
      if (ctx.stepFor(d.index) !== i) return;
      const got = loaded(ctx.game, ctx.lang());
      const picks = got?.mod?.picks;
      if (!picks) return;
      const keysOf = (move) => {
        let p = null;
        try {
          p = picks(move, view, seat, got.w);
        } catch (e) {
          return [];
        }
        return (Array.isArray(p) ? p : p?.keys) || [];
      };
      const put = (keys, cls) => {
        for (const k of keys) for (const el of board.querySelectorAll(`[data-pick="${CSS.escape(k)}"]`)) el.classList.add(cls);
      };
      // the best moves of the judge that graded the decision: the search's one where it did
      const best = d.judge === "search" && d.search ? [d.search.best] : d.best.map((b) => b.move);
      best.forEach((move) => put(keysOf(move), "review-best"));
      put(keysOf(d.played.move), "review-played");
    },
  };
}
