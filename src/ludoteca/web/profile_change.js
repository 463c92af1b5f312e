// The end screen's rating changes: each person's change and why, once the server has stored
// them (the update follows the game's last move by a moment: asked again a few times).
import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { ratingText, signed, vsAiMark, whyText } from "./profile_format.js";

// a table's changes once stored (they never change again): a repainted end screen shows
// them at once, without asking anew
const known = new Map();

export function ratingChanges(tableId) {
  const box = h("section", { class: "rating-changes", id: "rating-changes", "aria-live": "polite", hidden: true });
  let tries = 0;
  // the end screen may have been patched meanwhile: the box on the page is the one painted
  const paint = (changes, into = box) => {
    clear(into);
    into.hidden = false;
    into.append(h("h3", {}, t("ratingChanges")), h("ul", {}, changes.map((c) => h("li", { "data-account": c.account.id },
      h("a", { href: `/p/${c.account.id}`, "data-link": true }, c.account.name), ": ",
      h("span", { class: `rating-delta ${c.change >= 0 ? "up" : "down"}` }, signed(c.change)), " → ", ratingText(c.after),
      c.against_ai ? [" ", vsAiMark()] : null,
      h("br"), h("small", { class: "rating-why" }, whyText(c))))));
  };
  if (known.has(tableId)) {
    paint(known.get(tableId));
    return box;
  }
  const ask = async () => {
    const shown = box.isConnected ? box : document.getElementById("rating-changes");
    if (!shown && tries > 0) return; // the page moved on
    tries += 1;
    try {
      const { changes } = await api(`/tables/${tableId}/ratings`);
      if (changes.length) {
        known.set(tableId, changes);
        return paint(changes, (box.isConnected ? box : document.getElementById("rating-changes")) || box);
      }
    } catch {
      return;
    }
    if (tries < 8) setTimeout(ask, 500 * tries);
  };
  ask();
  return box;
}
