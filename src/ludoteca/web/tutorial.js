// A tutorial: a first guided game from a fixed deal (the server replays the script in
// help/tutorials/<game>.toml). Each step either asks the learner for one move, lit on the board
// with a short text, or shows what another seat did ("Continue"), or is played at once. It can be
// left and started over at any step; finishing it marks the game as played in this browser.
import { h, patch } from "./dom.js";
import { lang, t } from "./i18n.js";
import "./help-words.js";
import { loadGame, loaded, viewElement } from "./render.js";
import { Selection, actionKey } from "./select.js";
import { installHelp, loadHelp } from "./help.js";
import { fitLayout, showOne } from "./layout.js";
import { rulesButton } from "./rules.js";
import { nameSeats } from "./words.js";

// how long a move the learner need not make stays on screen before the next (LUDOTECA_AUTO_MS:
// shorter for the browser tests)
const AUTO_MS = window.LUDOTECA_AUTO_MS || 700;

export function playedKey(gameId) {
  return `ludoteca.played.${gameId}`;
}

export function showTutorial(root, gameId, go) {
  let closed = false;
  let step = 0;
  let data = null;
  let sel = null;
  let picked = [];
  let timer = 0;
  let lastSay = ""; // the words of the step before, kept while the learner's own passes play
  const page = h("div", { class: "tutorial-page", id: "tutorial" });
  root.append(page);
  const unhelp = installHelp(page, () => gameId);

  const names = () => Array.from({ length: data.players }, (_, i) => (i === data.seat ? localStorage.getItem("ludoteca.name") || t("learner") : t("opponent", { n: i })));

  let asked = 0; // the newest load asked for: an older answer arriving late is dropped
  const load = async (k) => {
    clearTimeout(timer);
    const mine = ++asked;
    page.dataset.busy = "1";
    let d;
    try {
      const r = await fetch(`/api/tutorials/${encodeURIComponent(gameId)}/${k}?lang=${encodeURIComponent(lang())}`);
      d = await r.json();
      if (!r.ok) throw new Error(d.error?.message || r.statusText);
    } catch (e) {
      page.replaceChildren(h("p", { class: "error", role: "alert" }, `${t("error")}: ${e.message}`));
      return;
    }
    if (closed || mine !== asked) return;
    step = k;
    data = d;
    picked = [];
    const got = loaded(gameId, lang());
    const next = d.next;
    sel = null;
    if (next && next.kind === "do") {
      let p = got?.mod?.picks ? got.mod.picks(next.action, d.view, d.seat, got.w) : null;
      if (Array.isArray(p)) p = { keys: p };
      const label = d.legal.find((m) => actionKey(m.action) === actionKey(next.action))?.label || "";
      sel = new Selection([{ action: next.action, label, keys: p?.keys || [], confirm: !!p?.confirm }]);
      sel.label = label;
    }
    if (!next) localStorage.setItem(playedKey(gameId), "1");
    paint();
    if (next && next.kind === "auto") timer = setTimeout(() => load(k + 1), AUTO_MS);
  };

  // one step at a time: a second click while the next step is on its way does nothing
  const advance = () => {
    if (page.dataset.busy !== "1") load(step + 1);
  };

  const onPick = (el) => {
    if (!sel) return;
    const key = el.dataset.pick;
    const r = sel.pick(key);
    if (r === null) {
      hint(t("tutorialTry", { move: sel.label }));
      return;
    }
    picked.push(el.dataset.key);
    if (r.send) return advance();
    paint();
  };

  const hint = (text) => {
    const el = page.querySelector("#tutorial-hint");
    if (el) el.textContent = text;
  };

  page.addEventListener("click", (e) => {
    const el = e.target.closest("[data-pick]");
    if (!el || !page.contains(el) || !el.closest("#tutorial-board, #tutorial-bar")) return;
    e.preventDefault();
    onPick(el);
  });

  const paint = () => {
    const got = loaded(gameId, lang());
    const d = data;
    const seatNames = names();
    const next = d.next;
    const ctxWindow = got?.mod?.reacting?.(d.view) ? { seconds_left: null, about: got.mod.reacting(d.view).about } : null;
    const ctx = { seat: d.seat, names: seatNames, legal: d.legal, lang: lang(), actors: d.actors, window: ctxWindow, t };
    let say = next ? next.say : t("tutorialDone");
    if (next && !say && next.seat === d.seat) say = lastSay;
    if (say) lastSay = say;
    const coach = h("section", { class: "tutorial-coach", id: "tutorial-coach", "aria-label": t("tutorial") },
      h("p", { id: "tutorial-say", role: "status" }, say ? nameSeats(say, got?.w, seatNames) : t("tutorialTheir", { who: seatNames[next?.seat ?? 1] })),
      next && next.kind === "next" ? h("button", { type: "button", class: "primary", id: "tutorial-next", onclick: advance }, t("tutorialNext")) : null,
      !next ? h("button", { type: "button", class: "primary", id: "tutorial-play", onclick: () => go("/") }, t("tutorialPlayNow")) : null,
      sel?.pending ? h("button", { type: "button", class: "primary", id: "confirm", onclick: advance }, `${t("confirm")}: ${sel.pending.label}`) : null,
      h("span", { class: "muted", id: "tutorial-hint", "aria-live": "polite" }, t("tutorialStep", { i: Math.min(d.step + 1, d.total), n: d.total })));
    // what the move still needs that the board does not draw (a "pass", "keep"...): buttons
    const bar = h("div", { class: "bar-buttons", id: "tutorial-bar" });
    if (sel) {
      const board = viewElement(gameId, d.view, ctx);
      for (const key of sel.next()) {
        if (board.querySelector(`[data-pick="${CSS.escape(key)}"]`)) continue;
        const label = got?.mod?.keyLabel?.(key, d.view, { w: got.w, t, names: seatNames, seat: d.seat }) ?? sel.label;
        bar.append(h("button", { type: "button", class: "choice", "data-pick": key, "data-key": `choice-${key}` }, label));
      }
    }
    const log = h("ol", { class: "tutorial-log", id: "tutorial-log", "aria-label": t("log") }, d.log.map((e, i) => h("li", { "data-key": `l${d.step}-${i}` }, nameSeats(e.text, got?.w, seatNames))));
    // the page's own attributes stay (patch copies the new root's): a step on screen is not busy
    const tree = h("div", { class: "tutorial-page", id: "tutorial", "data-step": String(d.step), "data-busy": "0" },
      h("div", { class: "table-head" }, h("h1", {}, t("tutorialOf", { game: d.game_name })), rulesButton(gameId),
        h("button", { type: "button", class: "ghost small", id: "tutorial-restart", onclick: () => load(0) }, t("tutorialRestart")),
        h("button", { type: "button", class: "ghost small", id: "tutorial-leave", onclick: () => go("/") }, t("tutorialLeave"))),
      coach, bar,
      h("section", { class: "board", id: "tutorial-board", "aria-label": t("board") }, viewElement(gameId, d.view, ctx)),
      log);
    patch(page, tree);
    fitLayout(page); // the dock of your own things, as at a table
    // light the move asked for; everything else waits
    // lit: what the move needs next, in the order the lesson names it (any order is taken)
    const open = sel ? sel.open() : new Map();
    const wanted = sel ? sel.next() : new Set();
    let first = null;
    for (const el of page.querySelectorAll("#tutorial-board [data-pick]:not(option), #tutorial-bar [data-pick]")) {
      const isPicked = picked.includes(el.dataset.key);
      const lit = wanted.has(el.dataset.pick) && !isPicked;
      el.classList.toggle("lit", lit);
      el.classList.toggle("picked", isPicked);
      el.setAttribute("aria-pressed", isPicked ? "true" : "false");
      if (open.has(el.dataset.pick) || isPicked) {
        el.removeAttribute("aria-disabled");
        el.tabIndex = 0;
        if (lit && !first) first = el;
      } else {
        el.setAttribute("aria-disabled", "true");
        el.tabIndex = -1;
      }
    }
    // focus what to do next, so the keyboard (and a screen reader) follows the lesson
    const focusTo = first || page.querySelector("#confirm, #tutorial-next, #tutorial-play");
    if (focusTo && !document.getElementById("rules-panel")) focusTo.focus({ preventScroll: false });
    if (first) showOne(first); // focus scrolls it on screen, maybe under the dock
  };

  (async () => {
    await loadGame(gameId, lang()).catch((e) => console.error(e));
    await loadHelp(gameId);
    if (!closed) load(0);
  })();

  return () => {
    closed = true;
    clearTimeout(timer);
    unhelp();
  };
}

/** The lobby's help for a game: its rules, and its tutorial (offered first to people who have
 * not played that game in this browser). */
export function lobbyHelp(gameId) {
  const fresh = !localStorage.getItem(playedKey(gameId));
  return h("div", { class: "lobby-learn", id: "lobby-learn", "data-fresh": fresh ? "1" : "0" },
    fresh ? h("p", { class: "muted", id: "learn-new" }, t("learnNew")) : null,
    h("a", { href: `/learn/${gameId}`, "data-link": true, class: `button ${fresh ? "primary" : "ghost"}`, id: "learn" }, t("learn")),
    rulesButton(gameId, { id: "lobby-rules" }),
    // Sala de Miaula's cards and deck builder
    gameId === "sala-de-miaula" ? h("a", { href: "/gatalogo", "data-link": true, class: "button ghost", id: "to-gatalogo" }, t("gatalogo")) : null);
}
