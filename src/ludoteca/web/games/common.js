// Pieces the game views share: a card, a face-down card, a zone with a title.
import { h } from "../dom.js";
import { value } from "../render.js";
import { t } from "../i18n.js";

export function card(label, { cls = "", sub = "", onclick, title, data } = {}) {
  return h("div", { class: `card ${cls} ${onclick ? "clickable" : ""}`, onclick, title: title || label, dataset: data },
    h("span", { class: "big" }, label), sub ? h("small", {}, sub) : null);
}

export function back(n = "") {
  return h("div", { class: "card back", title: "?" }, n ? h("span", { class: "count" }, n) : null);
}

export function zone(title, ...children) {
  return h("div", { class: "zone" }, h("h3", {}, title), h("div", { class: "row" }, ...children));
}

export function playerName(ctx, i) {
  const n = ctx.names?.[i] ?? `#${i + 1}`;
  return i === ctx.seat ? `${n} (${ctx.t("you")})` : n;
}

/** Whether `action` has a field whose value equals `value`. */
export function mentions(action, field, value) {
  return action[field] === value;
}

/** Everything of the view a game's drawing does not show yet, laid out generically. */
export function rest(view, shown, title = t("more")) {
  const left = Object.fromEntries(Object.entries(view).filter(([k, v]) => !shown.includes(k) && k !== "options" && v !== null && !(Array.isArray(v) && !v.length)));
  if (!Object.keys(left).length) return null;
  return h("details", { class: "section more" }, h("summary", {}, title), value(left));
}
