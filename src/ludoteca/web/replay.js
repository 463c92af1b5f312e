// The replay viewer: a table's moves step by step (play/pause, a slider, the log up to the
// step shown), from the points of view the table allows; of a finished game, the review of a
// seat (review.js), whose decisions jump the replay to them, and which seats asked for hints.
import { api, tokenFor } from "./api.js";
import { h, patch } from "./dom.js";
import { lang, t } from "./i18n.js";
import { showError } from "./lobby.js";
import { loadGame, loaded, viewElement } from "./render.js";
import { seatNames } from "./ending.js";
import { nameSeats } from "./words.js";
import { askedSeat, reviewPanel } from "./review.js";

const STEP_MS = 900;

export function showReplay(root, tableId) {
  const page = h("div", { class: "replay-page" });
  root.append(page);
  let data = null;
  let summary = null;
  let i = 0;
  let playing = null; // the autoplay timer
  let view = tokenFor(tableId) ? "seat" : "spectator";
  let painted = false;
  let review = null; // the review panel (review.js), once the finished game's replay is loaded
  let hints = []; // [{seat, move}]: the practice hints asked for at this table

  const load = async () => {
    try {
      summary = summary || (await api(`/tables/${tableId}`));
      await loadGame(summary.game, lang()).catch((e) => console.error(e));
      if (view === "seat" && summary.status !== "finished") view = "spectator";
      data = await api(`/tables/${tableId}/replay?view=${view}`, { token: view === "seat" ? tokenFor(tableId) : undefined });
      i = Math.min(i, data.steps.length - 1);
      if (summary.status === "finished" && !review) {
        hints = (await api(`/tables/${tableId}/hints`).catch(() => ({ hints: [] }))).hints;
        review = reviewPanel({
          tableId, game: data.game, names: seatNames(data.seats), lang,
          seat: askedSeat() ?? (data.seat ?? 0),
          stepFor, repaint: () => data && paint(),
          jump: (k) => {
            stop();
            go(k);
            requestAnimationFrame(() => page.querySelector("#review-caption")?.focus());
          },
        });
        if (askedSeat() !== null) review.start();
        else review.peek();
        paint();
        // asked for from the end screen (?review=N): the review in view and focused, its
        // progress where the person looks (it sat under the board, off the screen)
        if (askedSeat() !== null) {
          page.querySelector("#review-title")?.focus({ preventScroll: true });
          page.querySelector("#review")?.scrollIntoView({ block: "start" });
        }
        return;
      }
      paint();
    } catch (e) {
      if (view !== "spectator") {
        view = "spectator";
        return load();
      }
      showError(page, e);
    }
  };

  // the step that shows the position before the record's action `index` (window passes are
  // folded into the step before them)
  const stepFor = (index) => {
    let k = 0;
    data.steps.forEach((s, j) => { if (s.n <= index) k = j; });
    return k;
  };

  const go = (k) => {
    i = Math.max(0, Math.min(data.steps.length - 1, k));
    if (i === data.steps.length - 1) stop();
    paint();
  };
  const stop = () => {
    clearInterval(playing);
    playing = null;
  };
  const toggle = () => {
    if (playing) stop();
    else {
      if (i === data.steps.length - 1) i = 0;
      playing = setInterval(() => go(i + 1), STEP_MS);
    }
    paint();
  };

  const paint = () => {
    const names = seatNames(data.seats);
    const got = loaded(data.game, lang());
    const step = data.steps[i];
    const last = data.steps.length - 1;
    const finished = summary.status === "finished";
    // only the points of view this table allows this reader
    const choices = [["spectator", t("spectatorView")]];
    if (finished && tokenFor(tableId)) choices.push(["seat", t("seatView")]);
    if (finished && summary.settings?.open_replay) choices.push(["all", t("allView")]);
    const viewSel = choices.length > 1
      ? h("label", {}, t("viewAs"), " ", h("select", { id: "replay-view", onchange: (e) => { view = e.target.value; load(); } },
        choices.map(([v, label]) => h("option", { value: v, selected: view === v }, label))))
      : null;
    const slider = h("input", { type: "range", id: "replay-slider", min: "0", max: String(last), value: String(i), "aria-label": t("step", { i, n: last }), oninput: (e) => { stop(); go(Number(e.target.value)); } });
    const nav = h("div", { class: "replay-nav" },
      h("button", { type: "button", id: "first", "aria-label": t("firstStep"), onclick: () => { stop(); go(0); } }, t("first")),
      h("button", { type: "button", id: "prev", "aria-label": t("prevStep"), onclick: () => { stop(); go(i - 1); } }, t("prev")),
      h("button", { type: "button", id: "play", class: "primary", "aria-pressed": playing ? "true" : "false", onclick: toggle }, playing ? t("pause") : t("play")),
      h("button", { type: "button", id: "next", "aria-label": t("nextStep"), onclick: () => { stop(); go(i + 1); } }, t("next")),
      h("button", { type: "button", id: "last", "aria-label": t("lastStep"), onclick: () => { stop(); go(last); } }, t("last")),
      slider,
      h("span", { id: "step", role: "status" }, t("step", { i, n: last })),
      viewSel);
    const ctx = { seat: data.seat, names, legal: [], lang: lang(), actors: [], window: null, t };
    const board = h("section", { class: "board", id: "board", role: "region", "aria-label": t("board") });
    if (data.view === "all") {
      step.views.forEach((v, p) => board.append(h("div", { class: "all-view", "data-key": `all-${p}` }, h("h2", {}, names[p]), viewElement(data.game, v, { ...ctx, seat: p }))));
    } else {
      board.append(viewElement(data.game, step.view, ctx));
    }
    review?.mark(board, i, data.view === "all" ? step.views[review.seat] : step.view);
    // which seats asked for a practice hint, and at this step
    const hinted = hints.length ? h("p", { class: "hints-used", id: "hints-used" }, t("hintsUsed", { who: hintWho(hints, names) })) : null;
    const hereBy = hints.filter((x) => stepFor(x.move) === i).map((x) => names[x.seat]);
    const hintHere = hereBy.length ? h("p", { class: "hint-here", id: "hint-here" }, t("hintHere", { who: hereBy.join(", ") })) : null;
    // the log up to this step, this step's lines marked
    const lines = [];
    data.steps.slice(0, i + 1).forEach((s, k) => {
      if (k > 0 && (s.events.length || s.actions.length)) lines.push(h("li", { class: "sep", "data-key": `sep-${k}`, "aria-hidden": "true" }));
      for (const a of s.actions) lines.push(h("li", { class: `own-action ${k === i ? "last" : ""}`, "data-key": `a-${k}-${a}` }, a));
      s.events.forEach((e, j) => lines.push(h("li", { class: k === i ? "last" : "", "data-key": `e-${k}-${j}` }, got ? nameSeats(e.text, got.w, names) : e.text)));
    });
    const said = h("section", { class: "log panel", id: "log" }, h("h2", { id: "log-title" }, t("log")),
      h("div", { role: "log", "aria-labelledby": "log-title", class: "log-box", id: "log-lines", tabindex: "0" }, h("ol", {}, lines)));
    const result = data.result && i === last
      ? h("p", { class: "result", id: "replay-result" }, `${t("winners")}: ${data.result.winners.map((w) => names[w]).join(", ")}`, data.result.text ? ` — ${data.result.text}` : "") : null;
    const tree = h("div", { class: "replay-page" },
      h("div", { class: "table-head" }, h("h1", {}, `${t("replay")}: ${data.game_name}`), nav),
      result, hinted, hintHere, review?.caption(i),
      h("div", { class: "table-body" }, board, h("div", { class: "right" }, h("div", { class: "side" }, said))),
      review?.element());
    if (!painted) {
      page.append(...tree.childNodes);
      painted = true;
    } else {
      patch(page, tree);
    }
    // a replay is watched, not played: the board's components are not buttons to press
    for (const el of page.querySelectorAll("#board [data-pick]")) {
      el.setAttribute("aria-disabled", "true");
      el.tabIndex = -1;
    }
    const ol = page.querySelector("#log-lines");
    if (ol) ol.scrollTop = ol.scrollHeight;
  };

  document.addEventListener("keydown", onKey);
  function onKey(e) {
    if (!data || e.target.closest?.("input, select, textarea")) return;
    if (e.key === "ArrowRight") { stop(); go(i + 1); }
    if (e.key === "ArrowLeft") { stop(); go(i - 1); }
  }
  load();
  return () => {
    stop();
    review?.close();
    document.removeEventListener("keydown", onKey);
  };
}

// "Ana (2 hints), AI 2 (1 hint)"
function hintWho(hints, names) {
  const per = new Map();
  for (const x of hints) per.set(x.seat, (per.get(x.seat) || 0) + 1);
  return [...per].map(([seat, n]) => t("hintsSeat", { name: names[seat], n })).join(", ");
}
