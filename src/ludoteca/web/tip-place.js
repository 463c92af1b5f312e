// Where a component's help tooltip goes (help.js): above or below what it explains, inside the
// viewport, and off your own things. On a phone the board is tall and your hand is docked at
// the bottom (layout.js): a tooltip put below a card by default covered your own cards and
// name, so each place a tooltip may take is scored by what it would cover, and the one that
// covers least wins (the component explained counts most, then your hand and your name).
import { DOCK } from "./layout.js";

const GAP = 8; // between the tooltip and what it explains, and from the viewport's edges

const clamp = (v, lo, hi) => Math.max(lo, Math.min(v, hi));

function area(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

// a rectangle cut to the viewport (null when none of it is on screen)
function onScreen(r, vw, vh) {
  const c = { left: Math.max(0, r.left), top: Math.max(0, r.top), right: Math.min(vw, r.right), bottom: Math.min(vh, r.bottom) };
  return c.right > c.left && c.bottom > c.top ? c : null;
}

/** Your own hand's cards and your name on the board (what a tooltip must leave in view). */
function ownRects(vw, vh) {
  const dock = document.querySelector(DOCK);
  if (!dock) return [];
  const els = [...dock.querySelectorAll("[data-key^='hand-']")];
  const name = dock.matches(".zone") ? null : dock.querySelector("h3");
  if (name) els.push(name);
  return els.map((e) => onScreen(e.getBoundingClientRect(), vw, vh)).filter(Boolean);
}

/** Put `tip` (fixed in the viewport, already holding its text) by `el`. */
export function placeTip(tip, el) {
  const vw = document.documentElement.clientWidth || window.innerWidth;
  const vh = window.innerHeight;
  tip.style.maxWidth = `${Math.min(320, vw - 2 * GAP)}px`;
  tip.style.left = "0px"; // measured at its own width, not squeezed by the right edge
  tip.style.top = "0px";
  const t = tip.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const own = ownRects(vw, vh);
  const all = [r, ...own];
  const top = Math.min(...all.map((x) => x.top));
  const bottom = Math.max(...all.map((x) => x.bottom));
  const left = clamp(r.left + r.width / 2 - t.width / 2, GAP, vw - t.width - GAP);
  // the roomier side of the component first, then clear of your hand and name as well
  const above = r.top - t.height - GAP, below = r.bottom + GAP;
  const tries = r.top > vh - r.bottom ? [above, below] : [below, above];
  tries.push(top - t.height - GAP, bottom + GAP);
  let best = null;
  for (const want of tries) {
    const y = clamp(want, GAP, Math.max(GAP, vh - t.height - GAP));
    const box = { left, top: y, right: left + t.width, bottom: y + t.height };
    const cost = area(box, r) * 100 + own.reduce((s, o) => s + area(box, o), 0);
    if (!best || cost < best.cost) best = { y, cost };
    if (cost === 0) break;
  }
  tip.style.left = `${left}px`;
  tip.style.top = `${best.y}px`;
}
