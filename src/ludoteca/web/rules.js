// The rules panel: a game's rules written for players (/api/games/<id>/rules), opened beside
// the board from the lobby, the table or a tutorial in one click, closed with its button or Esc.
// On a wide screen it is a side panel and the page makes room for it (the board stays in view);
// on a phone it is a full-screen sheet.
import { h, clear } from "./dom.js";
import { lang, t } from "./i18n.js";
import "./help-words.js";

let opener = null; // the element focus returns to when the panel closes

/** Markdown as players' rules use it: ## headings, paragraphs, "- " and "1. " lists, **bold**,
 * \* for a star. Built as elements (never HTML), so no text can inject markup. */
export function markdown(text) {
  const out = [];
  let list = null;
  let para = [];
  const plain = (x) => x.replaceAll("\\*", "*");
  const inline = (s) => s.split(/(\*\*(?:\\\*|[^*])+\*\*)/).map((x) => (x.startsWith("**") && x.endsWith("**") && x.length > 4 ? h("strong", {}, plain(x.slice(2, -2))) : plain(x)));
  const flush = () => {
    if (para.length) out.push(h("p", {}, inline(para.join(" "))));
    para = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const head = line.match(/^(#{1,4})\s+(.*)$/);
    const item = line.match(/^\s*[-*]\s+(.*)$/) || line.match(/^\s*\d+\.\s+(.*)$/);
    const ordered = !!line.match(/^\s*\d+\.\s+/);
    if (head) {
      flush();
      list = null;
      out.push(h(`h${Math.min(6, head[1].length + 1)}`, {}, inline(head[2])));
    } else if (item) {
      flush();
      if (!list || (list.tagName === "OL") !== ordered) out.push((list = h(ordered ? "ol" : "ul", {})));
      list.append(h("li", {}, inline(item[1])));
    } else if (!line.trim()) {
      flush();
      list = null;
    } else if (list && /^\s+/.test(raw)) {
      list.lastChild.append(" ", ...inline(line.trim()));
    } else {
      list = null;
      para.push(line.trim());
    }
  }
  flush();
  return out;
}

export function closeRules() {
  const panel = document.getElementById("rules-panel");
  if (!panel) return;
  panel.remove();
  document.body.classList.remove("rules-open");
  document.removeEventListener("keydown", onKey);
  if (opener && document.contains(opener)) opener.focus();
  opener = null;
}

function onKey(e) {
  if (e.key === "Escape") closeRules();
}

/** Open (or switch) the rules panel on a game. */
export async function openRules(gameId) {
  opener = document.activeElement;
  let panel = document.getElementById("rules-panel");
  if (!panel) {
    panel = h("aside", { id: "rules-panel", class: "rules-panel", "aria-labelledby": "rules-title", tabindex: "-1" });
    document.body.append(panel);
    document.body.classList.add("rules-open");
    document.addEventListener("keydown", onKey);
  }
  panel.dataset.game = gameId;
  clear(panel);
  const title = h("h2", { id: "rules-title" }, t("rules"));
  const body = h("div", { class: "rules-body" });
  panel.append(h("div", { class: "rules-head" }, title,
    h("button", { type: "button", class: "ghost small", id: "rules-close", onclick: closeRules }, t("close"))), body);
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/rules?lang=${encodeURIComponent(lang())}`);
    const d = await r.json();
    if (!r.ok) throw new Error(d.error?.message || r.statusText);
    title.textContent = t("rulesOf", { game: d.name });
    body.append(h("p", { class: "muted" }, t("helpHint")), ...markdown(d.text));
  } catch (e) {
    body.append(h("p", { class: "error", role: "alert" }, `${t("error")}: ${e.message}`));
  }
  panel.focus();
}

/** The button that opens a game's rules. */
export function rulesButton(gameId, { id = "rules-open", cls = "ghost small" } = {}) {
  return h("button", { type: "button", class: `${cls} rules-button`, id, "aria-haspopup": "true", onclick: () => openRules(gameId) }, t("rules"));
}
