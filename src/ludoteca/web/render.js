// Drawing a view: a game's own table view (games/<id>.js) when it has one, else the generic one.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const modules = new Map(); // "game|lang" -> {mod, words} once loaded
// ids of the games with their own table view in games/<id>.js; the others get the generic one
const KNOWN = new Set(["nine-domains", "exploding-kittens", "coatl", "sala-de-miaula"]);

/** Load a game's drawing and words (once per language); resolves to null for a generic game. */
export async function loadGame(gameId, lang) {
  const key = `${gameId}|${lang}`;
  if (modules.has(key)) return modules.get(key);
  if (!KNOWN.has(gameId)) {
    modules.set(key, null);
    return null;
  }
  const [mod, words] = await Promise.all([
    import(`./games/${gameId}.js`),
    fetch(`/api/games/${gameId}/words?lang=${encodeURIComponent(lang)}`).then((r) => r.json()),
  ]);
  const got = { mod, words, w: wordsOf(words) };
  modules.set(key, got);
  return got;
}

export function loaded(gameId, lang) {
  return modules.get(`${gameId}|${lang}`) || null;
}

/** The view drawn as an element: the game's own drawing once loaded, else the generic one. */
export function viewElement(gameId, view, ctx) {
  if (view === null || view === undefined) return h("div", {});
  const got = loaded(gameId, ctx.lang);
  return got ? safe(got, view, ctx) : generic(view, ctx);
}

export function renderView(el, gameId, view, ctx) {
  el.append(viewElement(gameId, view, ctx));
}

/** The game's sentence `key` with {params} filled in, or `fallback`. A sentence with plural
 * forms (key.one, key.other) takes the one that fits params.count, or the parameter key.by
 * names, as the server's catalogs do (engine/i18n.py). */
function wordsOf(words) {
  return (key, params = {}, fallback) => {
    let s = words[key];
    if (s === undefined && words[`${key}.other`] !== undefined) {
      const n = Number(params[words[`${key}.by`] || "count"]);
      s = (n === 1 ? words[`${key}.one`] : undefined) ?? words[`${key}.other`];
    }
    if (s === undefined) return fallback ?? key.split(".").pop().replaceAll("_", " ");
    return s.replace(/\{(\w+)(![rs])?\}/g, (_, k) => (k in params ? params[k] : `{${k}}`));
  };
}

function safe({ mod, w }, view, ctx) {
  try {
    return mod.render(view, { ...ctx, w, t });
  } catch (e) {
    console.error(e);
    return generic(view, ctx);
  }
}

const label = (k) => String(k).replaceAll("_", " ");

export function chip(value, cls = "") {
  if (value === null || value === undefined) return h("span", { class: `chip hidden ${cls}` }, "?");
  return h("span", { class: `chip ${cls}` }, String(value));
}

export function value(v) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  if (typeof v === "boolean") return h("span", {}, v ? "✓" : "✗");
  if (typeof v !== "object") return h("span", {}, String(v));
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "muted" }, "∅");
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", { class: "chips" }, v.map((x) => chip(x)));
    return h("ol", { class: "nested" }, v.map((x) => h("li", {}, value(x))));
  }
  return h("dl", { class: "facts" }, Object.entries(v).flatMap(([k, x]) => [h("dt", {}, label(k)), h("dd", {}, value(x))]));
}

function playersTable(players, ctx) {
  const keys = [...new Set(players.flatMap((p) => (p && typeof p === "object" ? Object.keys(p) : [])))].filter((k) => k !== "seat");
  return h("table", { class: "players" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), keys.map((k) => h("th", {}, label(k))))),
    h("tbody", {}, players.map((p, i) => h("tr", { class: i === ctx.seat ? "me" : "" },
      h("th", {}, ctx.names?.[i] ?? i + 1), keys.map((k) => h("td", {}, value(p?.[k])))))));
}

export function generic(view, ctx) {
  const box = h("div", { class: "generic-view" });
  const facts = {};
  const sections = [];
  for (const [k, v] of Object.entries(view)) {
    if (k === "options") continue;
    if (k === "hand" && Array.isArray(v)) {
      sections.unshift(h("div", { class: "hand" }, h("h3", {}, label(k)), h("div", { class: "chips big" }, v.map((x) => chip(x, "hand-card")))));
    } else if (k === "players" && Array.isArray(v) && v.every((p) => p && typeof p === "object")) {
      sections.push(h("div", { class: "section" }, playersTable(v, ctx)));
    } else if (v === null || typeof v !== "object") {
      facts[k] = v;
    } else {
      sections.push(h("details", { class: "section", open: true }, h("summary", {}, label(k)), value(v)));
    }
  }
  box.append(value(facts), ...sections);
  return box;
}
