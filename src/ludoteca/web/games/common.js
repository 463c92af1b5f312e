// Pieces the game views share: a card (a button when a move can pick it), a face-down card,
// a zone with a title, the seat names; and `rest`, the view's other fields for developers.
import { h } from "../dom.js";
import { value } from "../render.js";
import { t } from "../i18n.js";
import { devFields } from "../dev.js";

/**
 * A component of the board. `pick` (a key the game's picks() uses) makes it a <button> the
 * selection layer lights up; `key` keeps it the same node across updates; `title` is its full
 * text, shown as a tooltip and given as its accessible description.
 */
export function card(label, { cls = "", sub = "", title, pick, key, tag, help } = {}) {
  const name = title || label;
  const attrs = {
    class: `card ${cls}`,
    title: name,
    "data-key": key || (pick ? `c:${pick}` : undefined),
    "data-pick": pick,
    "data-help": help, // the help text's key (help.js)
  };
  const kids = [h("span", { class: "big" }, label), sub ? h("small", {}, sub) : null];
  if (pick) return h("button", { ...attrs, type: "button", "aria-label": name }, kids);
  return h(tag || "div", { ...attrs, role: "img", "aria-label": name }, kids);
}

/** A plain button on the board for a key (a pile, a place, a Coatl end). */
export function spot(pick, label, { cls = "", title, key, help } = {}, ...children) {
  return h("button", { type: "button", class: `spot ${cls}`, "data-pick": pick, "data-key": key || `s:${pick}`, "data-help": help, title: title || label, "aria-label": title || label },
    children.length ? children : label);
}

export function back(n = "", label = "?") {
  return h("div", { class: "card back", role: "img", "aria-label": n === "" ? label : `${label}: ${n}`, title: n === "" ? label : `${label}: ${n}` },
    n !== "" ? h("span", { class: "count" }, n) : null);
}

export function zone(title, ...children) {
  return h("div", { class: "zone" }, h("h3", {}, title), h("div", { class: "row" }, ...children));
}

export function playerName(ctx, i) {
  const n = ctx.names?.[i] ?? `#${i + 1}`;
  return i === ctx.seat ? `${n} (${ctx.t("you")})` : n;
}

/** A seat's name with its colour dot. */
export function seatTag(ctx, i) {
  return h("span", { class: `seat-tag seat-c${i % 10}` }, playerName(ctx, i));
}

/** Everything of the view a game's drawing does not show, for developers only. */
export function rest(view, shown, title = t("more")) {
  if (!devFields()) return null;
  const left = Object.fromEntries(Object.entries(view).filter(([k, v]) => !shown.includes(k) && k !== "options" && v !== null && !(Array.isArray(v) && !v.length)));
  if (!Object.keys(left).length) return null;
  return h("details", { class: "section more", "data-key": "dev-more" }, h("summary", {}, title), value(left));
}

/** Give each repeated key its place among its equals: ["a","b","a"] -> ["a#0","b#0","a#1"]. */
export function numbered(keys) {
  const seen = new Map();
  return keys.map((k) => {
    const i = seen.get(k) || 0;
    seen.set(k, i + 1);
    return `${k}#${i}`;
  });
}
