// Practice hints at the table (issue 22, item 6): at an unrated table a person may turn on
// "hint"; then at each of their decisions the server names the moves the review would call
// best now, from that seat's information only. Never at a rated table (the server refuses it
// too). The table says which seats asked for hints.
import { api, tokenFor } from "./api.js";
import { h } from "./dom.js";
import { errorText, t } from "./i18n.js";
import "./review-words.js";

const HINTS_EVERY_MS = 10000; // how often the table asks who used hints (at a move, at most)
const POLL_MS = [300, 600, 1000]; // a pending hint is asked about again after these, then each 1 s

export function isRated(tb) {
  return !!(tb?.settings?.rated || tb?.options?.rated);
}

/** The hint's control of one table page; `repaint()` redraws the page. */
export function hintControl(tableId, repaint) {
  const key = `ludoteca.hint.${tableId}`;
  let on = localStorage.getItem(key) === "1";
  let shown = null; // {move, text} or {move, error}
  let asking = null; // the move number asked for
  let used = [];
  let usedAt = -Infinity;

  // The server answers at once: the moves, or "pending" while its AI workers look for them;
  // then this asks how it stands (GET, which starts nothing) until they are found, for as
  // long as the page still asks about this move (a newer move's hint supersedes it).
  const ask = async (move) => {
    asking = move;
    const path = `/tables/${tableId}/hint`;
    try {
      let got = await api(path, { method: "POST", token: tokenFor(tableId) });
      let again = 1; // a hint interrupted (its worker replaced) is asked for once more
      for (let k = 0; got.status === "pending" && asking === move; k++) {
        await new Promise((r) => setTimeout(r, POLL_MS[Math.min(k, POLL_MS.length - 1)]));
        if (asking !== move) return;
        got = await api(path, { token: tokenFor(tableId) });
        if (got.status !== "done" && got.status !== "pending" && again-- > 0) got = await api(path, { method: "POST", token: tokenFor(tableId) });
      }
      if (asking !== move) return;
      if (got.status !== "done") throw { code: "hint_failed", message: got.message || "the hint was interrupted; ask for it again" };
      shown = { move, best: got.best.map((b) => b.text) };
      usedAt = -Infinity;
    } catch (e) {
      if (asking !== move) return;
      shown = { move, error: errorText(e.code, e.message) };
    }
    asking = null;
    repaint();
  };
  const who = async (names) => {
    usedAt = performance.now();
    try {
      used = (await api(`/tables/${tableId}/hints`)).hints;
      repaint();
    } catch (e) {
      used = [];
    }
  };

  return {
    /** The control for message `m` (null where hints are not offered). */
    element(m, myTurn, names, said) {
      const tb = m.table;
      if (!tb || tb.status === "open" || isRated(tb)) return null;
      if (performance.now() - usedAt > HINTS_EVERY_MS) who(names);
      const counts = new Map();
      for (const x of used) counts.set(x.seat, (counts.get(x.seat) || 0) + 1);
      const usedLine = counts.size
        ? h("p", { class: "hints-used", id: "hints-used" }, t("hintsUsed", { who: [...counts].map(([s, n]) => t("hintsSeat", { name: names[s], n })).join(", ") }))
        : null;
      if (m.seat === null || m.result) return usedLine && h("div", { class: "hint-box" }, usedLine);
      if (on && myTurn && asking !== m.move && shown?.move !== m.move) ask(m.move);
      let text = null;
      if (on && myTurn) {
        if (shown?.move === m.move) {
          text = shown.error
            ? h("p", { class: "error", role: "alert" }, shown.error)
            : h("p", { class: "hint-text", id: "hint-text", role: "status" }, t("hintBest", { moves: shown.best.map(said).join(" · ") }));
        } else {
          text = h("p", { class: "muted", role: "status" }, t("hintThinking"));
        }
      }
      return h("div", { class: "hint-box", id: "hint-box" },
        h("label", { class: "option" }, h("input", { type: "checkbox", id: "hint-toggle", checked: on, onchange: (e) => {
          on = e.target.checked;
          localStorage.setItem(key, on ? "1" : "0");
          repaint();
        } }), h("span", {}, t("hintToggle"))),
        text, usedLine);
    },
  };
}
