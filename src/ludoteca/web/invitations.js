// The lobby's invitations: the open tables a signed-in person was invited to by name
// (GET /api/account/invitations, server/friends.py), each with who invited and a button that
// goes to the table to sit. Nothing for a guest or when there is none.
import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";

export function invitationsPanel(names, go) {
  const box = h("section", { class: "panel invitations", id: "invitations", hidden: true, "aria-live": "polite" });
  let shown = ""; // what the panel shows now: repainted only when it changed
  const refresh = async () => {
    let data;
    try {
      data = await api("/account/invitations");
    } catch {
      return; // a guest (401) or a hiccup: the panel stays as it was
    }
    const list = data.invitations.filter((i) => i.status === "open");
    const now = JSON.stringify(list);
    if (now === shown) return;
    shown = now;
    clear(box);
    box.hidden = list.length === 0;
    if (!list.length) return;
    box.append(h("h2", {}, t("invitations")), h("ul", {}, list.map((i) => h("li", { "data-table": i.table },
      h("strong", {}, names()[i.game] || i.game), " · ", t("invitedBy", { name: i.from }), " ",
      h("button", { type: "button", class: "primary sit-invited", onclick: () => go(`/t/${i.table}`) }, t("sitAtTable"))))));
  };
  return { box, refresh };
}
