// "My tables": every table the signed-in person sits at, those waiting for their move first;
// a panel in the lobby (the tables in play) and a page of its own (/me/tables).
import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";

function row(s, names) {
  const href = s.status === "finished" ? `/r/${s.table}` : `/t/${s.table}`;
  return h("li", { class: s.your_move ? "your-move" : "", "data-table": s.table, "data-key": `mine-${s.table}` },
    h("a", { href, "data-link": true }, names[s.game] || s.game), " · ",
    s.your_move ? h("strong", {}, t("yourMove")) : t(`tableStatus_${s.status}`),
    s.place ? ` · ${t("rankOf", { rank: s.place })}` : "");
}

async function load() {
  try {
    return await api("/me/tables");
  } catch (e) {
    if (e.status === 401) return null; // nobody signed in: no panel
    throw e;
  }
}

/** The lobby's panel: the tables in play, mine to move first; nothing for a guest. */
export function myTablesPanel(names) {
  const box = h("section", { class: "panel my-tables", id: "my-tables", hidden: true });
  const refresh = async () => {
    const data = await load().catch(() => null);
    if (!data) return;
    const active = data.tables.filter((s) => s.status !== "finished");
    clear(box);
    box.hidden = false;
    box.append(h("h2", {}, t("myTablesTitle")),
      active.length ? h("ul", {}, active.map((s) => row(s, names()))) : h("p", { class: "muted" }, t("noTables")),
      h("p", {}, h("a", { href: "/me/tables", "data-link": true }, t("allMyTables")), " · ",
        h("a", { href: `/p/${data.account.id}`, "data-link": true, id: "my-profile" }, t("myProfile"))));
  };
  return { box, refresh };
}

/** /me/tables: all of them, finished ones included. */
export function showMyTables(root, go) {
  const box = h("section", { class: "panel my-tables", id: "my-tables-page" });
  root.append(box);
  Promise.all([load(), api("/games")]).then(([data, games]) => {
    if (!data) return go("/account");
    const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
    box.append(h("h1", {}, t("myTablesTitle")),
      h("p", {}, h("a", { href: `/p/${data.account.id}`, "data-link": true }, t("myProfile"))),
      data.tables.length ? h("ul", {}, data.tables.map((s) => row(s, names))) : h("p", { class: "muted" }, t("noTables")));
  }).catch(() => {});
  return () => {};
}
