// The keyboard at the table: where focus goes after each paint (never lost to <body>; to the
// board's first useful component when your turn comes; to the first target once a component
// is picked), arrow keys within a row of the board (a roving tabindex: one Tab stop per row),
// arrow keys among the cards of your hand, and what a screen reader is told of the other
// seats' moves.
import { h } from "./dom.js";

const PICKABLE = "#board [data-pick]:not(option)";
const typing = (el) => !!el && (el.matches?.("input, textarea, select") || !!el.closest?.("#join-form"));

/** The component a move starts from now: a target of the pick in progress, else something lit
 * on the board, else the bar's choices, else Confirm. */
export function firstUseful(page) {
  return page.querySelector("#board [data-pick].target:not(option)")
    || page.querySelector("#board [data-pick].lit:not(option)")
    || page.querySelector("#bar [data-pick].lit")
    || page.querySelector("#confirm");
}

// the rows: components that can be picked now, grouped by the element that holds them
function rows(page) {
  const groups = new Map();
  for (const el of page.querySelectorAll(PICKABLE)) {
    if (el.getAttribute("aria-disabled") === "true") continue;
    const g = el.parentElement;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(el);
  }
  return groups;
}

/** One Tab stop per row (the one focused last, else the first); the others by arrow keys. */
export function rove(page) {
  const active = document.activeElement;
  for (const els of rows(page).values()) {
    const stop = els.includes(active) ? active : els.find((e) => e.dataset.roved === "1") || els[0];
    for (const el of els) {
      el.tabIndex = el === stop ? 0 : -1;
      delete el.dataset.roved;
    }
    stop.dataset.roved = "1";
  }
}

// a card of your own hand (each game keys them "hand-<n>")
const inHand = (el) => (el.dataset.key || "").startsWith("hand-");

/** The components arrow keys move among from ``el``: every card of your hand when it is one
 * (those you cannot play now too: each says what it is, and Enter on one says why it is not
 * offered), else the components of its row that can be picked now. */
export function arrowGroup(page, el) {
  if (inHand(el)) return [...el.parentElement.children].filter((x) => x.matches("[data-pick]") && inHand(x));
  return rows(page).get(el.parentElement) || [];
}

/** Arrow keys move within your hand or the focused component's row (wrapping); Home/End to
 * its ends. */
export function onArrow(e, page) {
  const el = e.target.closest?.("[data-pick]");
  if (!el || !page.contains(el) || !el.closest("#board")) return false;
  const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
  if (!(e.key in keys) || e.altKey || e.ctrlKey || e.metaKey) return false;
  const els = arrowGroup(page, el);
  if (els.length < 2) return false;
  const i = els.indexOf(el);
  const step = keys[e.key];
  const j = step === "first" ? 0 : step === "last" ? els.length - 1 : (i + step + els.length) % els.length;
  e.preventDefault();
  for (const x of els) x.tabIndex = -1;
  els[j].tabIndex = 0;
  els[j].focus();
  return true;
}

const USEFUL = "[data-pick].lit, [data-pick].target, #confirm, #cancel";

// Focus the page moves by itself after a paint is marked while it happens (data-settling on
// <html>), so the help's tooltip (help.js) follows only what the person points at or tabs to.
export function settle(el, options) {
  const root = document.documentElement;
  root.dataset.settling = "1";
  try {
    el.focus(options);
  } finally {
    delete root.dataset.settling;
  }
}

/** After a paint: focus never on <body>; on the first useful component when the turn comes, a
 * pick asks for its target, or the table moved on while you have a decision and focus is on
 * nothing you can use now; else the board itself (a keyboard user's place). */
export function settleFocus(page, { turnStarted, picked, moved }) {
  const active = document.activeElement;
  if (typing(active)) return;
  const lost = !active || active === document.body || !active.isConnected;
  const stale = moved && !active?.matches?.(USEFUL);
  if (turnStarted || picked || lost || stale) {
    const el = firstUseful(page);
    if (el) {
      settle(el, { preventScroll: !lost && !turnStarted });
      return;
    }
  }
  if (lost) {
    const name = document.querySelector("#join-form #join-name"); // a guest first gives a name
    if (name) {
      settle(name, { preventScroll: true });
      return;
    }
    const board = page.querySelector("#board");
    if (board) {
      board.tabIndex = -1;
      settle(board, { preventScroll: true });
    }
  }
}

/** Say `text` to a screen reader (a polite live region on the body, outside the repaints). */
export function announce(text) {
  if (!text) return;
  let el = document.getElementById("announce");
  if (!el) el = document.body.appendChild(h("div", { id: "announce", class: "sr-only", role: "status", "aria-live": "polite" }));
  el.textContent = "";
  // a new text node after a tick: read again even when the words repeat
  setTimeout(() => { el.textContent = text; }, 30);
}
