// The Gatálogo: every Sala de Miaula card (base set and expansions), drawn as the table draws
// them, filtered by set, element and type; and a deck builder that keeps the deck rules (25
// cards, at most 2 copies of a card) and saves decks (on the account, or in this browser for a guest), offered when sitting at a
// table (the deck goes as a deck file: "2 pingo" lines, read by games/sala_de_miaula/deckfile.py).
// Decks live on the account when the person is signed in, in this browser otherwise (decks.js).
import { h, clear } from "./dom.js";
import { errorText, lang, t } from "./i18n.js";
import { loadDecks, saveDeck, renameDeck, deleteDeck, problemWords } from "./decks.js";
import "./help-words.js";
import { loadGame } from "./render.js";
import { face } from "./games/sala-de-miaula.js";
import { installHelp, loadHelp } from "./help.js";
import { rulesButton } from "./rules.js";

const GAME = "sala-de-miaula";

// the deck menus of the lobby and the join form (decks.js: the account's or this browser's)
export { deckPicker, deckText } from "./decks.js";

/** What keeps a deck from being legal, in words ([] when it is). */
export function deckProblems(counts, size, maxCopies, w) {
  const out = [];
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (total < size) out.push(t("deckShort", { n: size - total, size }));
  if (total > size) out.push(t("deckLong", { n: total - size, size }));
  for (const [id, n] of Object.entries(counts)) {
    if (n > maxCopies) out.push(t("deckCopies", { n: maxCopies, card: w(`card.${id}`, {}, id) }));
  }
  return out;
}

export function showGatalogo(root) {
  let closed = false;
  const page = h("div", { class: "gatalogo", id: "gatalogo" });
  root.append(page);
  const unhelp = installHelp(page, () => GAME);
  let cat = null;
  let got = null;
  let deck = {}; // id -> copies
  let note = "";
  let saved = { where: "browser", decks: [] }; // decks.js loadDecks()
  let renaming = null; // the saved deck whose name is being changed
  const cardName = (id) => got.w(`card.${id}`, {}, id);
  const refused = (e) => (e.problems ? problemWords(e.problems, cardName).join(" ") : errorText(e.code, e.message));
  const reload = async () => {
    saved = await loadDecks();
  };
  const filters = { set: "", element: "", type: "" };
  const nameIn = h("input", { type: "text", id: "deck-name", maxlength: "40", autocomplete: "off" });

  const total = () => Object.values(deck).reduce((a, b) => a + b, 0);

  const add = (id) => {
    const n = deck[id] || 0;
    const name = got.w(`card.${id}`, {}, id);
    if (n >= cat.max_copies) note = t("deckCopies", { n: cat.max_copies, card: name });
    else if (total() >= cat.deck_size) note = t("deckFull", { size: cat.deck_size });
    else {
      deck[id] = n + 1;
      note = t("deckAdded", { card: name, n: total(), size: cat.deck_size });
    }
    paint();
  };
  const remove = (id) => {
    deck[id] = Math.max(0, (deck[id] || 0) - 1);
    if (!deck[id]) delete deck[id];
    note = t("deckRemoved", { card: got.w(`card.${id}`, {}, id), n: total(), size: cat.deck_size });
    paint();
  };
  const save = async () => {
    const name = nameIn.value.trim();
    if (!name) {
      note = t("deckNoName");
      return paint();
    }
    const problems = deckProblems(deck, cat.deck_size, cat.max_copies, got.w);
    if (problems.length) {
      note = problems.join(" ");
      return paint();
    }
    try {
      await saveDeck(saved.where, saved.decks, name, deck);
      await reload();
      note = t(saved.where === "account" ? "deckSavedAccount" : "deckSaved", { name });
    } catch (e) {
      note = refused(e);
    }
    paint();
  };
  const rename = async (d, input) => {
    const name = input.value.trim();
    if (!name) {
      note = t("deckNoName");
      return paint();
    }
    try {
      await renameDeck(saved.where, d, name);
      await reload();
      renaming = null;
      note = t("deckRenamed", { name });
    } catch (e) {
      note = refused(e);
    }
    paint();
  };
  const drop = async (d) => {
    try {
      await deleteDeck(saved.where, d);
      await reload();
      note = t("deckDeleted", { name: d.name });
    } catch (e) {
      note = refused(e);
    }
    paint();
  };
  const savedRow = (d) => {
    if (renaming === d.id + "|" + d.name) {
      const input = h("input", { type: "text", maxlength: "40", value: d.name, "aria-label": t("deckNewName", { name: d.name }), class: "deck-rename" });
      queueMicrotask(() => input.focus());
      return h("li", { "data-key": `s-${d.name}` }, input,
        h("button", { type: "button", class: "ghost small", onclick: () => rename(d, input) }, t("deckRenameSave")),
        h("button", { type: "button", class: "ghost small", onclick: () => { renaming = null; paint(); } }, t("cancel")));
    }
    return h("li", { "data-key": `s-${d.name}` },
      h("span", {}, d.name), " ",
      h("button", { type: "button", class: "ghost small", onclick: () => { deck = { ...d.cards }; nameIn.value = d.name; note = t("deckLoaded", { name: d.name }); paint(); } }, t("deckLoad")),
      h("button", { type: "button", class: "ghost small", "aria-label": `${t("deckRename")}: ${d.name}`, onclick: () => { renaming = d.id + "|" + d.name; paint(); } }, t("deckRename")),
      h("button", { type: "button", class: "ghost small", "aria-label": `${t("deckDelete")}: ${d.name}`, onclick: () => drop(d) }, t("deckDelete")));
  };

  const select = (id, label, values, words) => h("label", {}, h("span", {}, label),
    h("select", { id, onchange: (e) => { filters[id.replace("filter-", "")] = e.target.value; paint(); } },
      h("option", { value: "" }, t("all")), values.map((v) => h("option", { value: v, selected: filters[id.replace("filter-", "")] === v }, words(v)))));

  const paint = () => {
    if (closed) return;
    const w = got.w;
    const ctx = { w, t };
    const shown = cat.cards.filter((c) => (!filters.set || c.set === filters.set) && (!filters.element || c.element === filters.element) && (!filters.type || c.type === filters.type));
    const gallery = h("ul", { class: "gallery", id: "gallery", "aria-label": t("gatalogo") }, shown.map((c) => {
      const name = w(`card.${c.id}`, {}, c.id);
      const text = w(`card.${c.id}.text`, {}, "");
      const n = deck[c.id] || 0;
      return h("li", { "data-key": `g-${c.id}` },
        h("button", { type: "button", class: "card hand", "data-help": `card.${c.id}`, "data-card": c.id, "aria-label": `${t("deckAdd")}: ${name}. ${text}`, onclick: () => add(c.id) }, face(ctx, c.id)),
        h("small", { class: "set-name" }, w(`set.${c.set}`, {}, c.set)),
        n ? h("span", { class: "badge in-deck" }, `×${n}`) : null);
    }));
    const problems = deckProblems(deck, cat.deck_size, cat.max_copies, w);
    const entries = Object.entries(deck).sort((a, b) => w(`card.${a[0]}`, {}, a[0]).localeCompare(w(`card.${b[0]}`, {}, b[0])));
    const builder = h("section", { class: "panel deck-builder", id: "deck-builder", "aria-labelledby": "deck-title" },
      h("h2", { id: "deck-title" }, t("deckBuilder")),
      h("p", { id: "deck-count", class: total() === cat.deck_size ? "ok" : "" }, t("deckCount", { n: total(), size: cat.deck_size })),
      h("p", { id: "deck-note", role: "status" }, note),
      h("ul", { class: "deck-list", id: "deck-list" }, entries.map(([id, n]) => h("li", { "data-key": `d-${id}` },
        h("span", {}, `${n}× ${w(`card.${id}`, {}, id)}`),
        h("button", { type: "button", class: "ghost small", "aria-label": `${t("deckRemove")}: ${w(`card.${id}`, {}, id)}`, onclick: () => remove(id) }, "−")))),
      problems.length && total() ? h("ul", { class: "deck-problems", id: "deck-problems" }, problems.map((p) => h("li", {}, p))) : null,
      h("label", {}, h("span", {}, t("deckName")), nameIn),
      h("div", { class: "bar-buttons" },
        h("button", { type: "button", class: "primary", id: "deck-save", onclick: save }, t("deckSave")),
        h("button", { type: "button", class: "ghost", id: "deck-clear", onclick: () => { deck = {}; note = ""; paint(); } }, t("deckClear"))),
      h("p", { class: "muted", id: "deck-where" }, t(saved.where === "account" ? "deckWhereAccount" : "deckWhereBrowser")),
      saved.decks.length ? h("div", {}, h("h3", {}, t("myDecks")), h("ul", { class: "saved-decks", id: "saved-decks" }, saved.decks.map(savedRow))) : null,
      h("p", { class: "muted" }, t("deckUse")));
    const keep = nameIn.value;
    clear(page);
    page.append(
      h("div", { class: "table-head" }, h("h1", {}, t("gatalogo")), rulesButton(GAME)),
      h("div", { class: "filters", role: "group", "aria-label": t("filters") },
        select("filter-set", t("set"), cat.sets, (s) => w(`set.${s}`, {}, s)),
        select("filter-element", t("element"), cat.elements, (e) => w(`element.${e}`, {}, e)),
        select("filter-type", t("cardType"), ["creature", "spell", "item"], (x) => t(`type_${x}`))),
      h("div", { class: "gatalogo-body" }, h("section", { class: "sala gallery-box" }, h("p", { class: "muted" }, t("cardsShown", { n: shown.length })), gallery), builder));
    nameIn.value = keep;
  };

  (async () => {
    try {
      got = await loadGame(GAME, lang());
      await loadHelp(GAME);
      const r = await fetch("/api/games/sala-de-miaula/catalog");
      cat = await r.json();
      await reload();
      paint();
    } catch (e) {
      page.append(h("p", { class: "error", role: "alert" }, `${t("error")}: ${e.message}`));
    }
  })();
  return () => {
    closed = true;
    unhelp();
  };
}
