// The decks a person built in the Gatálogo: on their account when they are signed in
// (/api/account/decks: any browser finds them), in this browser's localStorage for a guest.
// A guest's browser decks move to the account when they sign up or in (account.js), or the
// first time a signed-in page lists the decks (a session older than this code).
import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import "./help-words.js";

const STORE = "ludoteca.sala.decks";

/** The decks saved in this browser (a guest's): {name: {cardId: copies}}. */
export function localDecks() {
  try {
    const d = JSON.parse(localStorage.getItem(STORE) || "{}");
    return d && typeof d === "object" && !Array.isArray(d) ? d : {};
  } catch {
    return {};
  }
}

function writeLocal(all) {
  localStorage.setItem(STORE, JSON.stringify(all));
}

// a deck's cards without the zero counts (what the server and a deck file hold)
const clean = (cards) => Object.fromEntries(Object.entries(cards || {}).filter(([, n]) => n > 0));

/** A deck as a deck file (one "copies id" line per card). */
export function deckText(cards) {
  return Object.entries(clean(cards)).map(([id, n]) => `${n} ${id}`).join("\n");
}

/** This browser's decks moved to the signed-in account (a 401 is thrown: nobody is signed
 * in). A deck the server refuses stays here. */
export async function moveGuestDecks() {
  const local = localDecks();
  const decks = Object.entries(local).slice(0, 100).map(([name, cards]) => ({ name, cards: clean(cards) }));
  if (!decks.length) return;
  try {
    const r = await api("/account/decks/import", { method: "POST", body: { decks } });
    for (const name of r.moved) delete local[name];
    writeLocal(local);
  } catch (e) {
    if (e.status === 401) throw e;
    console.error(e); // kept in the browser; offered here as before
  }
}

/** The decks to offer: {where: "account"|"browser", decks: [{id, name, cards, text}]}. */
export async function loadDecks() {
  try {
    await moveGuestDecks();
    const { decks } = await api("/account/decks");
    return { where: "account", decks };
  } catch (e) {
    if (e.status !== 401) throw e;
    const decks = Object.entries(localDecks()).map(([name, cards]) => ({ id: null, name, cards: clean(cards), text: deckText(cards) }));
    return { where: "browser", decks };
  }
}

/** Saved under `name` (a deck of that name is saved again). */
export async function saveDeck(where, decks, name, cards) {
  if (where === "browser") {
    writeLocal({ ...localDecks(), [name]: clean(cards) });
    return;
  }
  const same = decks.find((d) => d.name === name);
  if (same) await api(`/account/decks/${same.id}`, { method: "PATCH", body: { cards: clean(cards) } });
  else await api("/account/decks", { method: "POST", body: { name, cards: clean(cards) } });
}

export async function renameDeck(where, deck, name) {
  if (where === "browser") {
    const all = localDecks();
    if (name !== deck.name && name in all) throw Object.assign(new Error(t("deckNameTaken")), { code: "deck_name_taken" });
    delete all[deck.name];
    all[name] = deck.cards;
    writeLocal(all);
    return;
  }
  await api(`/account/decks/${deck.id}`, { method: "PATCH", body: { name } });
}

export async function deleteDeck(where, deck) {
  if (where === "browser") {
    const all = localDecks();
    delete all[deck.name];
    writeLocal(all);
    return;
  }
  await api(`/account/decks/${deck.id}`, { method: "DELETE" });
}

/** A menu of the person's decks that fills a deck field (the lobby's, the join form's): shown
 * once they are loaded, if there are any. */
export function deckPicker(field) {
  const box = h("div", { class: "deck-picker" }); // the menu goes in once the decks are known
  loadDecks().then(({ decks }) => {
    if (!decks.length) return;
    const select = h("select", { id: "saved-deck" }, h("option", { value: "" }, "—"), decks.map((d, i) => h("option", { value: String(i) }, d.name)));
    select.addEventListener("change", () => {
      const d = decks[Number(select.value)];
      field.value = select.value && d ? d.text : "";
    });
    box.replaceChildren(h("label", {}, h("span", {}, t("myDecks")), select));
  }).catch((e) => console.error(e));
  return box;
}

/** A refused deck's problems (server/decks.py) in the person's words. */
export function problemWords(problems, cardName) {
  return (problems || []).map((p) => {
    if (p.problem === "size") return p.n < p.size ? t("deckShort", { n: p.size - p.n, size: p.size }) : t("deckLong", { n: p.n - p.size, size: p.size });
    if (p.problem === "copies") return t("deckCopies", { n: p.most, card: cardName(p.card) });
    if (p.problem === "unknown_card") return t("deckUnknown", { card: p.card });
    return t("deckRules");
  });
}
