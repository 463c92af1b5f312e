// The replay viewer: step through a table's moves from a chosen point of view.
import { api, tokenFor } from "./api.js";
import { h, clear } from "./dom.js";
import { agentLabel, lang, t } from "./i18n.js";
import { showError } from "./lobby.js";
import { renderView } from "./render.js";

export function showReplay(root, tableId) {
  const page = h("div", { class: "replay-page" });
  root.append(page);
  let data = null;
  let i = 0;
  let view = tokenFor(tableId) ? "seat" : "spectator";

  const load = async () => {
    try {
      data = await api(`/tables/${tableId}/replay?view=${view}`, { token: view === "seat" ? tokenFor(tableId) : undefined });
      i = Math.min(i, data.steps.length - 1);
      paint();
    } catch (e) {
      if (view !== "spectator") {
        view = "spectator";
        return load();
      }
      showError(page, e);
    }
  };

  const paint = () => {
    clear(page);
    const names = data.seats.map((s) => (s.kind === "ai" ? `${t("ai")} ${s.seat + 1} (${agentLabel(s.agent)})` : s.name || `${t("seat")} ${s.seat + 1}`));
    const step = data.steps[i];
    const viewSel = h("select", { id: "replay-view", onchange: (e) => { view = e.target.value; load(); } },
      h("option", { value: "spectator", selected: view === "spectator" }, t("spectatorView")),
      tokenFor(tableId) ? h("option", { value: "seat", selected: view === "seat" }, t("seatView")) : null,
      h("option", { value: "all", selected: view === "all" }, t("allView")));
    const nav = h("div", { class: "replay-nav" },
      h("button", { type: "button", onclick: () => { i = 0; paint(); } }, t("first")),
      h("button", { type: "button", id: "prev", onclick: () => { i = Math.max(0, i - 1); paint(); } }, t("prev")),
      h("span", { id: "step" }, t("step", { i, n: data.steps.length - 1 })),
      h("button", { type: "button", id: "next", onclick: () => { i = Math.min(data.steps.length - 1, i + 1); paint(); } }, t("next")),
      h("button", { type: "button", onclick: () => { i = data.steps.length - 1; paint(); } }, t("last")),
      h("label", {}, t("viewAs"), " ", viewSel));
    const board = h("section", { class: "board" });
    if (data.view === "all") {
      step.views.forEach((v, p) => {
        const sub = h("div", { class: "all-view" }, h("h3", {}, names[p]));
        renderView(sub, data.game, v, { seat: p, names, legal: [], act: () => {}, lang: lang(), actors: [] });
        board.append(sub);
      });
    } else {
      renderView(board, data.game, step.view, { seat: data.seat, names, legal: [], act: () => {}, lang: lang(), actors: [] });
    }
    const said = h("section", { class: "log panel" }, h("h2", {}, t("log")),
      step.seat !== null ? h("p", { class: "muted" }, names[step.seat]) : null,
      h("ul", {}, step.actions.map((a) => h("li", { class: "own-action" }, a)), step.events.map((e) => h("li", {}, e.text))));
    const result = data.result && i === data.steps.length - 1
      ? h("p", { class: "result" }, `${t("winners")}: ${data.result.winners.map((w) => names[w]).join(", ")}`) : null;
    page.append(h("div", { class: "table-head" }, h("h1", {}, `${t("replay")}: ${data.game_name}`), nav), result || "",
      h("div", { class: "table-body" }, board, h("div", { class: "side" }, said)));
  };

  document.addEventListener("keydown", onKey);
  function onKey(e) {
    if (!data) return;
    if (e.key === "ArrowRight") { i = Math.min(data.steps.length - 1, i + 1); paint(); }
    if (e.key === "ArrowLeft") { i = Math.max(0, i - 1); paint(); }
  }
  load();
  return () => document.removeEventListener("keydown", onKey);
}
