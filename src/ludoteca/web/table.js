// A table: sit down (or watch), then play live over the WebSocket.
import { api, saveToken, tokenFor, forgetToken } from "./api.js";
import { h, clear } from "./dom.js";
import { agentLabel, errorText, lang, t } from "./i18n.js";
import { showError } from "./lobby.js";
import { renderView } from "./render.js";

export function showTable(root, tableId, go) {
  let ws = null;
  let closed = false;
  let last = null; // the newest state message
  let log = [];
  let countdown = null;
  let only = null; // {move, keys}: the moves a click on the board narrowed the list to
  const page = h("div", { class: "table-page" });
  root.append(page);

  // a seat link from another device: /t/ID#seat=TOKEN (the fragment never reaches a server)
  const m0 = location.hash.match(/^#seat=([\w-]{10,200})$/);
  if (m0) {
    saveToken(tableId, m0[1]);
    history.replaceState({}, "", location.pathname);
  }

  const start = async () => {
    let summary;
    try {
      summary = await api(`/tables/${tableId}`);
    } catch (e) {
      showError(page, e);
      return;
    }
    if (summary.status === "finished" && !tokenFor(tableId)) {
      go(`/r/${tableId}`);
      return;
    }
    if (summary.status === "open" && !tokenFor(tableId) && summary.seats.some((s) => !s.taken)) {
      joinForm(summary);
    }
    connect();
  };

  const joinForm = async (summary) => {
    const games = await api("/games");
    const game = games.find((g) => g.id === summary.game);
    const name = h("input", { type: "text", id: "join-name", maxlength: "40", required: true, value: localStorage.getItem("ludoteca.name") || "" });
    const deck = game?.takes_decks ? h("textarea", { id: "join-deck", rows: "4", maxlength: "20000" }) : null;
    const box = h("form", { class: "panel join", id: "join-form", onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const body = { name: name.value.trim() };
        if (deck && deck.value.trim()) body.deck = deck.value;
        const j = await api(`/tables/${tableId}/join`, { method: "POST", body });
        localStorage.setItem("ludoteca.name", body.name);
        saveToken(tableId, j.token);
        box.remove();
        if (ws) ws.close(); // reconnects with the token
      } catch (e) {
        showError(box, e);
      }
    } },
      h("h2", {}, t("joinTitle")),
      h("p", {}, t("openSeats", { n: summary.seats.filter((s) => !s.taken).length })),
      h("label", {}, h("span", {}, t("yourName")), name),
      deck && h("label", {}, h("span", {}, t("deck")), deck),
      h("button", { type: "submit", class: "primary", id: "join" }, t("join")));
    page.prepend(box);
  };

  const connect = () => {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}`);
    ws.addEventListener("open", () => {
      const hello = { type: "hello", lang: lang() };
      const tok = tokenFor(tableId);
      if (tok) hello.token = tok;
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        // the table's summary comes first and then only when it changes
        if (!msg.table) msg.table = last?.table;
        log = msg.log_reset ? msg.events : log.concat(msg.events);
        if (log.length > 500) log = log.slice(-500);
        last = msg;
        paint();
      } else if (msg.type === "error") {
        if (msg.error.code === "forbidden" && tokenFor(tableId) && !last) {
          forgetToken(tableId); // a token from another server or database
        }
        if (last) paint(); // the moves were disabled while the move was on its way
        flash(errorText(msg.error.code, msg.error.message));
      }
    });
    ws.addEventListener("close", () => {
      if (!closed) {
        flash(t("reconnecting"));
        setTimeout(connect, 1000);
      }
    });
  };

  const send = (action) => {
    if (!ws || ws.readyState !== WebSocket.OPEN || !last) return;
    for (const b of page.querySelectorAll(".actions button")) b.disabled = true;
    ws.send(JSON.stringify({ type: "move", move: last.move, action }));
  };

  const flash = (text) => {
    // on the body, so that a repaint of the table does not wipe it
    const el = document.querySelector(".flash") || document.body.appendChild(h("p", { class: "flash", role: "status" }));
    el.textContent = text;
    clearTimeout(el._t);
    el._t = setTimeout(() => el.remove(), 4000);
  };

  const paint = () => {
    const m = last;
    const oldJoin = page.querySelector("#join-form");
    clear(page);
    if (oldJoin) page.append(oldJoin);
    const tb = m.table;
    const names = tb.seats.map((s) => (s.kind === "ai" ? `${t("ai")} ${s.seat + 1} (${agentLabel(s.agent)})` : s.name || `${t("seat")} ${s.seat + 1}`));
    const mineLegal = m.legal || [];
    const myTurn = m.seat !== null && m.actors.includes(m.seat) && mineLegal.length > 0;
    page.classList.toggle("my-turn", myTurn);

    const seatsBar = h("ol", { class: "seats-bar" }, tb.seats.map((s, i) => {
      const clock = m.clocks[String(i)];
      return h("li", { class: ["seat", m.actors.includes(i) ? "acting" : "", m.seat === i ? "me" : ""].join(" "), dataset: { seat: i } },
        h("span", { class: "seat-name" }, names[i], m.seat === i ? ` (${t("you")})` : ""),
        clock !== undefined ? h("span", { class: "clock", dataset: { left: clock } }, `${Math.ceil(clock)} s`) : null);
    }));
    const head = h("div", { class: "table-head" },
      h("h1", {}, tb.game_name),
      h("span", { class: "status" }, m.result ? t("over") : tb.status === "open" ? t("open") : myTurn ? t("yourTurn") : t("waiting")),
      h("span", { class: "muted" }, t("move", { n: m.move })),
      seatsBar);

    const board = h("section", { class: "board", id: "board" });
    // a click on a piece of the board: one matching move is made, several are highlighted
    const choose = (fn) => {
      const matches = mineLegal.filter((a) => fn(a.action, a.label));
      if (matches.length === 1) return send(matches[0].action);
      if (!matches.length) return;
      only = { move: m.move, keys: new Set(matches.map((a) => JSON.stringify(a.action))) };
      paint();
      page.querySelector("#actions")?.scrollIntoView({ behavior: "smooth", block: "nearest" });
    };
    if (only && only.move !== m.move) only = null;
    renderView(board, tb.game, m.view, { seat: m.seat, names, legal: mineLegal, act: send, choose, lang: lang(), actors: m.actors });

    const actions = h("section", { class: "actions panel", id: "actions" });
    actions.append(h("h2", {}, m.seat === null ? t("spectator") : t("actions")));
    if (m.window) {
      actions.append(h("p", { class: "window", id: "window" }, t("windowOpen", { s: Math.ceil(m.window.seconds_left) })));
    }
    if (m.answered) actions.append(h("p", { class: "muted" }, t("answered")));
    if (m.result) {
      const w = (m.result.winners || []).map((i) => names[i]).join(", ");
      actions.append(h("div", { class: "result", id: "result" },
        h("strong", {}, t("over")), h("p", {}, `${t("winners")}: ${w}`),
        m.result.text ? h("p", {}, m.result.text) : null,
        h("a", { href: `/r/${tableId}`, "data-link": true, class: "button" }, t("replay"))));
    } else if (mineLegal.length) {
      const shown = only ? mineLegal.filter((a) => only.keys.has(JSON.stringify(a.action))) : mineLegal;
      if (only) {
        actions.append(h("button", { type: "button", class: "ghost small", id: "all-moves", onclick: () => { only = null; paint(); } },
          `← ${t("allMoves", { n: mineLegal.length })}`));
      }
      const groups = new Map();
      for (const a of shown) {
        const k = a.action.type;
        if (!groups.has(k)) groups.set(k, []);
        groups.get(k).push(a);
      }
      for (const [type, list] of groups) {
        actions.append(h("div", { class: "action-group", dataset: { type } },
          list.map((a) => h("button", { type: "button", class: "action", dataset: { action: JSON.stringify(a.action) }, onclick: () => send(a.action) }, a.label))));
      }
    } else if (m.seat !== null && !m.answered) {
      actions.append(h("p", { class: "muted" }, t("noActions")));
    }
    if (m.seat !== null && !m.result) {
      actions.append(h("button", { type: "button", class: "ghost small", id: "leave", onclick: async () => {
        try {
          await api(`/tables/${tableId}/leave`, { method: "POST", token: tokenFor(tableId) });
          forgetToken(tableId);
          go("/");
        } catch (e) { flash(errorText(e.code, e.message)); }
      } }, t("leave")));
    }
    if (tb.status === "open") {
      actions.append(h("p", { class: "share" }, t("share"), ": ", h("code", {}, location.href)));
    }
    if (m.seat !== null && !m.result) {
      const link = `${location.origin}${location.pathname}#seat=${tokenFor(tableId)}`;
      actions.append(h("details", { class: "share" }, h("summary", {}, t("seatLink")),
        h("p", { class: "muted" }, t("seatLinkHelp")), h("code", { id: "seat-link" }, link)));
    }

    const logBox = h("section", { class: "log panel", id: "log" }, h("h2", {}, t("log")),
      h("ol", {}, log.slice(-80).map((e) => h("li", { dataset: { kind: e.kind } }, e.text))));
    page.append(head, h("div", { class: "table-body" }, board, h("div", { class: "side" }, actions, logBox)));
    const ol = logBox.querySelector("ol");
    ol.scrollTop = ol.scrollHeight;
  };

  // the countdowns tick locally between messages
  countdown = setInterval(() => {
    for (const el of page.querySelectorAll(".clock[data-left]")) {
      const left = Math.max(0, Number(el.dataset.left) - 1);
      el.dataset.left = left;
      el.textContent = `${Math.ceil(left)} s`;
    }
    const w = page.querySelector("#window");
    if (w && last?.window) {
      last.window.seconds_left = Math.max(0, last.window.seconds_left - 1);
      w.textContent = t("windowOpen", { s: Math.ceil(last.window.seconds_left) });
    }
  }, 1000);

  start();
  return () => {
    closed = true;
    clearInterval(countdown);
    if (ws) ws.close();
  };
}
