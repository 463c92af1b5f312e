// Reaction windows on the client: when this page answers "pass" by itself. Never from what the
// hand holds (a window's length must not tell the table who could Nope): only from the
// person's "never stop for me" preference, and for a window on a card they played themselves
// that stands (no Nope, or Nopes that cancel out: they would not Nope their own card).
// docs/rules/exploding-kittens.md "Nope windows".
import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "ludoteca.autopass";

export function autoPassOn() {
  return localStorage.getItem(KEY) === "1";
}

/** The pass this page sends by itself for the message `m`, or null. */
export function autoAnswer(m) {
  if (!m.window || m.answered || m.seat === null || m.result) return null;
  const pass = (m.legal || []).find((a) => a.action.type === "pass");
  if (!pass) return null;
  const about = m.window.about || {};
  const ownStanding = about.seat === m.seat && (Number(about.nopes) || 0) % 2 === 0;
  return autoPassOn() || ownStanding ? pass.action : null;
}

/** The "never stop for me" box, for a game with reaction windows. */
export function autoPassBox(onChange) {
  return h("label", { class: "option autopass", "data-key": "autopass" },
    h("input", { type: "checkbox", id: "autopass", checked: autoPassOn(), onchange: (e) => {
      localStorage.setItem(KEY, e.target.checked ? "1" : "0");
      onChange();
    } }),
    h("span", {}, t("autoPass")), h("small", {}, t("autoPassHelp")));
}
