// A table: sit down (or watch), then play live over the WebSocket, by picking on the board.
import { api, saveToken, tokenFor, forgetToken } from "./api.js";
import { h, patch } from "./dom.js";
import { agentLabel, errorText, lang, t } from "./i18n.js";
import { showError } from "./lobby.js";
import { loadGame, loaded, viewElement } from "./render.js";
import { Selection, actionKey } from "./select.js";
import { endScreen, seatNames } from "./ending.js";
import { nameSeats } from "./words.js";
import { installHelp, loadHelp, whyNot } from "./help.js";
import { rulesButton } from "./rules.js";
import { devMode } from "./dev.js";
import { deckPicker } from "./gatalogo.js";
import { invitation, waitingRoom } from "./waiting.js";
import { autoAnswer, autoPassBox } from "./windows.js";
import { announce, onArrow, rove, settle, settleFocus } from "./focus.js";
import { fitLayout, keepOwnInView, showTarget } from "./layout.js";
import { tableTurn, leftTable } from "./notify.js";
import { hintControl } from "./review-hint.js";
import { paceKeeper } from "./pace.js";

const FLASH_MS = 1600; // how long what the last move changed stays marked
// while the link is open the page pings this often, and gives up on a socket that stays silent
// for BEAT_LOST pings: a half-open link (a phone waking up, a network change) looks open to the
// browser for minutes. LUDOTECA_BEAT_MS: shorter beats for the browser tests.
const BEAT_MS = window.LUDOTECA_BEAT_MS || 20000;
const BEAT_LOST = 2.5;

export function showTable(root, tableId, go) {
  let ws = null;
  let closed = false;
  let last = null; // the newest state message
  let log = []; // [{...event, group}]
  let group = 0; // one group of log lines per message that brought events
  let sel = null; // the selection in progress (select.js)
  let selMove = null; // the message's move number the selection was built for
  let pickedEls = []; // data-key of the components picked, in order
  let painted = false;
  let sending = false;
  let wasMyTurn = false; // for focus and announcements: the turn just came
  let pickedBefore = 0; // how many components the selection held at the last paint
  let focusMove = -1; // the move number focus was last settled for
  const recent = new Map(); // data-key -> time until which it is marked as just changed
  const page = h("div", { class: "table-page" });
  root.append(page);
  const hint = hintControl(tableId, () => last && paint(false)); // practice hints (review-hint.js)
  // invitations by name from the waiting room: for a signed-in person (asked once)
  const invite = { signedIn: false, note: "", send: null };
  api("/account").then(() => { invite.signedIn = true; if (last && !closed) paint(false); }, () => {});
  invite.send = async (name) => {
    let ok = false;
    try {
      await api(`/tables/${tableId}/invitations`, { method: "POST", body: { name } });
      invite.note = t("invitationSent", { name });
      ok = true;
    } catch (e) {
      invite.note = `${t("error")}: ${errorText(e.code, e.message)}`;
    }
    if (last && !closed) paint(false);
    return ok;
  };
  const pace = paceKeeper(tableId, () => { if (last && !closed) paint(false); }); // turn-based deadlines

  // a seat link from another device: /t/ID#seat=TOKEN (the fragment never reaches a server)
  const m0 = location.hash.match(/^#seat=([\w-]{10,200})$/);
  if (m0) {
    saveToken(tableId, m0[1]);
    history.replaceState({}, "", location.pathname);
  }

  let joinBox = null;
  let unhelp = null; // removes the help's listeners (help.js)
  let gameInfo = null; // the game as /api/games describes it (its options' words)
  let rejoining = false; // the socket is closed on purpose, to say hello with a new token
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
    await loadGame(summary.game, lang()).catch((e) => console.error(e));
    loadHelp(summary.game);
    // a seat at this game: the lobby stops offering its tutorial first (tutorial.js)
    if (tokenFor(tableId)) localStorage.setItem(`ludoteca.played.${summary.game}`, "1");
    if (!closed) unhelp = installHelp(page, () => summary.game);
    gameInfo = await api("/games").then((gs) => gs.find((g) => g.id === summary.game)).catch(() => null);
    if (summary.status === "open" && !tokenFor(tableId) && summary.seats.some((s) => !s.taken)) {
      await joinForm(summary);
    }
    connect();
  };

  const joinForm = async (summary) => {
    const game = gameInfo;
    const name = h("input", { type: "text", id: "join-name", maxlength: "40", required: true, value: localStorage.getItem("ludoteca.name") || "", autocomplete: "nickname" });
    const deck = game?.takes_decks ? h("textarea", { id: "join-deck", rows: "4", maxlength: "20000" }) : null;
    joinBox = h("form", { class: "panel join", id: "join-form", onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const body = { name: name.value.trim() };
        if (deck && deck.value.trim()) body.deck = deck.value;
        const j = await api(`/tables/${tableId}/join`, { method: "POST", body });
        localStorage.setItem("ludoteca.name", body.name);
        saveToken(tableId, j.token);
        joinBox.remove();
        joinBox = null;
        // a new hello with the token, at once and without the "reconnecting" flash
        rejoining = true;
        if (ws) ws.close();
      } catch (e) {
        showError(joinBox, e);
      }
    } },
      h("h2", {}, t("joinTitle")),
      invitation(summary),
      h("label", {}, h("span", {}, t("yourName")), name),
      deck && deckPicker(deck), // a deck built in the Gatálogo
      deck && h("label", {}, h("span", {}, t("deck")), deck),
      h("button", { type: "submit", class: "primary", id: "join" }, t("join")));
    root.prepend(joinBox);
  };

  // the link's state on the page (data-socket: connecting, open, down; data-sockets: how many
  // times it opened), for the reconnecting notice and for the browser tests
  let links = 0;
  let heard = 0; // performance.now() of the open socket's last message
  const setLink = (state) => {
    document.body.dataset.socket = state;
    document.body.dataset.sockets = String(links);
  };

  const connect = () => {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const sock = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}`);
    ws = sock;
    setLink("connecting");
    sock.addEventListener("open", () => {
      if (sock !== ws) return;
      links += 1;
      heard = performance.now();
      setLink("open");
      const hello = { type: "hello", lang: lang() };
      const tok = tokenFor(tableId);
      if (tok) hello.token = tok;
      sock.send(JSON.stringify(hello));
    });
    sock.addEventListener("message", (ev) => {
      if (sock !== ws) return; // a socket given up on: what it still says is stale
      heard = performance.now();
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        // the table's summary comes first and then only when it changes
        if (!msg.table) msg.table = last?.table;
        if (msg.log_reset) {
          group = 0;
          log = [];
        }
        if (msg.events.length) {
          group += 1;
          for (const e of msg.events) log.push({ ...e, group });
        }
        if (log.length > 300) log = log.slice(-300);
        msg.receivedAt = performance.now();
        last = msg;
        sending = false;
        const turnBefore = wasMyTurn;
        paint(true);
        tellMoves(msg, turnBefore);
        const pass = autoAnswer(msg); // "never stop for me", or a window on one's own card
        if (pass) send(pass);
      } else if (msg.type === "error") {
        if (msg.error.code === "forbidden" && tokenFor(tableId) && !last) {
          forgetToken(tableId); // a token from another server or database
        }
        sending = false;
        resetSelection();
        if (last) paint(false);
        flash(errorText(msg.error.code, msg.error.message));
      }
    });
    sock.addEventListener("close", () => {
      if (closed || sock !== ws) return;
      // a move sent on this socket is answered by the state of the next one
      sending = false;
      setLink("down");
      if (rejoining) {
        rejoining = false;
        connect();
        return;
      }
      flash(t("reconnecting"), true);
      setTimeout(connect, 1000);
    });
  };

  const beat = setInterval(() => {
    if (closed || !ws || ws.readyState !== WebSocket.OPEN) return;
    if (performance.now() - heard > BEAT_LOST * BEAT_MS) {
      // silent too long: give this socket up (its late words are ignored) and open another
      const dead = ws;
      ws = null;
      sending = false;
      setLink("down");
      flash(t("reconnecting"), true);
      dead.close();
      connect();
      return;
    }
    ws.send(JSON.stringify({ type: "ping" }));
  }, BEAT_MS);

  const send = (action) => {
    if (!last || sending) return;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      flash(t("reconnecting"), true); // the pick stays: the move can be made once back
      return;
    }
    sending = true;
    resetSelection();
    ws.send(JSON.stringify({ type: "move", move: last.move, action }));
    paint(false);
  };

  const flash = (text, untilOpen = false) => {
    // on the body, so that a repaint of the table does not wipe it
    const el = document.querySelector(".flash") || document.body.appendChild(h("p", { class: "flash", role: "status" }));
    el.textContent = text;
    clearTimeout(el._t);
    // "reconnecting" stays while the link is down: it goes once the socket is open again
    const done = () => (untilOpen && document.body.dataset.socket !== "open" ? (el._t = setTimeout(done, 500)) : el.remove());
    el._t = setTimeout(done, 4000);
  };

  const resetSelection = () => {
    sel?.reset();
    pickedEls = [];
  };

  // the moves of this message, each with the board keys the game says it is made of
  const buildSelection = () => {
    const m = last;
    const got = loaded(m.table.game, lang());
    const picks = got?.mod?.picks;
    const moves = (m.legal || []).map((a) => {
      let p = picks ? picks(a.action, m.view, m.seat, got.w) : null;
      if (Array.isArray(p)) p = { keys: p };
      return { action: a.action, label: got ? nameSeats(a.label, got.w, names()) : a.label, keys: p?.keys || null, confirm: !!p?.confirm };
    });
    const old = sel;
    sel = new Selection(moves);
    sel.all = moves;
    // a selection in progress survives an update that leaves it possible
    if (old && old.picked.length) {
      for (const k of old.picked) {
        if (!sel.open().has(k)) {
          sel.reset();
          pickedEls = [];
          break;
        }
        sel.picked.push(k);
      }
    }
    selMove = m.move;
  };

  const names = () => seatNames(last.table.seats);

  const onPick = (el) => {
    if (!sel || sending) return;
    const key = el.dataset.pick;
    const ek = el.dataset.key;
    if (pickedEls.includes(ek)) {
      sel.unpick(key);
      pickedEls = pickedEls.filter((k) => k !== ek);
      paint(false);
      return;
    }
    const r = sel.pick(key);
    if (r === null) {
      // not a target of the moves being built: start again from this component
      if (sel.picked.length) {
        resetSelection();
        return onPick(el);
      }
      return;
    }
    pickedEls.push(ek);
    if (r.send) return send(r.send.action);
    paint(false);
  };

  page.addEventListener("click", (e) => {
    const el = e.target.closest("[data-pick]");
    if (el && page.contains(el)) {
      e.preventDefault();
      if (el.getAttribute("aria-disabled") === "true" && !pickedEls.includes(el.dataset.key)) {
        // say why the board does not offer it (the engine's explain_illegal), then start over
        const m = last;
        if (m && !sending) {
          whyNot(tableId, m.table.game, [...(sel?.picked || []), el.dataset.pick], m.view, m.seat, loaded(m.table.game, lang())?.w)
            .then((why) => why && last === m && flash(why));
        }
        if (sel?.picked.length) { resetSelection(); paint(false); }
        return;
      }
      onPick(el);
      return;
    }
    const cmd = e.target.closest("[data-cmd]");
    if (cmd) return;
    // a click elsewhere on the board cancels the selection in progress
    if (e.target.closest("#board") && sel?.picked.length) {
      resetSelection();
      paint(false);
    }
  });
  const onKey = (e) => {
    if (onArrow(e, page)) return;
    if (e.key === "Escape" && sel?.picked.length) {
      resetSelection();
      paint(false);
    }
  };
  document.addEventListener("keydown", onKey);

  const statusText = (m, myTurn, window) => {
    if (m.result) return t("over");
    if (m.table.status === "open") return t("open");
    if (window) {
      const nope = (m.legal || []).some((a) => a.action.type === "nope");
      if (nope && !m.answered) return t("windowYou");
      return t("windowWaiting");
    }
    if (myTurn) {
      if (sel?.pending) return t("pickConfirm");
      if (sel?.picked.length) return t("pickNext");
      return loaded(m.table.game, lang())?.mod?.hint?.(m.view, m.legal || [], t) || t("yourTurn");
    }
    const who = (m.actors || []).map((i) => names()[i]).join(", ");
    return who ? t("waitingFor", { who }) : t("waiting");
  };

  const barChoices = (m, got, board) => {
    // keys the moves still need that nothing on the board stands for: buttons in the bar
    const out = [];
    if (!sel) return out;
    const p = sel.pickedBag;
    for (const key of sel.next()) {
      if (board && board.querySelector(`[data-pick="${CSS.escape(key)}"]`)) continue;
      // the move this key completes, when it completes exactly one
      const done = sel.candidates().filter((mv) => {
        const need = new Map(mv.bag);
        for (const [k, n] of p) need.set(k, need.get(k) - n);
        const left = [...need].filter(([, n]) => n > 0);
        return left.length === 1 && left[0][0] === key && left[0][1] === 1;
      });
      const label = got?.mod?.keyLabel?.(key, m.view, { w: got.w, t, names: names(), seat: m.seat })
        ?? (done.length === 1 ? done[0].label : key);
      out.push({ key, label, urgent: key === "nope" });
    }
    return out;
  };

  const paint = (fromServer) => {
    const m = last;
    if (!m) return;
    const tb = m.table;
    const got = loaded(tb.game, lang());
    if (fromServer || selMove !== m.move || !sel) buildSelection();
    const seatName = names();
    const mineLegal = m.legal || [];
    const myTurn = m.seat !== null && m.actors.includes(m.seat) && mineLegal.length > 0;
    // the server's window (with its countdown), else the one the game's view says is open
    const said = (m.view && got?.mod?.reacting?.(m.view)) || null;
    const window = m.window ? { ...m.window, about: m.window.about || said?.about || null } : said ? { seconds_left: null, about: said.about } : null;
    page.classList.toggle("my-turn", myTurn);
    pace.seen(m.move, tb.settings?.mode === "turn_based" && tb.status === "running" && !m.result);
    tableTurn(tableId, myTurn, `${tb.game_name} · ludoteca`); // title, badge, sound (notify.js)

    const seatsBar = h("ol", { class: "seats-bar", "aria-label": t("players") }, tb.seats.map((s, i) => {
      const clock = m.clocks[String(i)];
      return h("li", { class: ["seat", `seat-c${i % 10}`, m.actors.includes(i) ? "acting" : "", m.seat === i ? "me" : ""].join(" "), "data-key": `seat-${i}`, dataset: { seat: i } },
        h("span", { class: "dot", "aria-hidden": "true" }),
        h("span", { class: "seat-name" }, seatName[i], m.seat === i ? ` (${t("you")})` : ""),
        clock !== undefined ? h("span", { class: "clock", role: "timer", dataset: { left: clock } }, `${Math.ceil(clock)} s`) : null,
        pace.seat(i));
    }));
    const head = h("div", { class: "table-head", id: "table-head" },
      h("h1", {}, tb.game_name), rulesButton(tb.game),
      h("span", { class: "status", id: "status", role: "status" }, statusText(m, myTurn, window)),
      h("span", { class: "muted", id: "move-no" }, t("move", { n: m.move })),
      seatsBar);

    const ctx = { seat: m.seat, names: seatName, legal: mineLegal, lang: lang(), actors: m.actors, window, t };
    // an open table (seats still free) has no game yet: its waiting room stands for the board
    const boardView = tb.status === "open"
      ? waitingRoom(tb, { game: gameInfo, seat: m.seat, invite: invite.signedIn ? invite : null, onCopy: (link) => navigator.clipboard?.writeText(link).then(() => flash(t("copied")), () => flash(link)) })
      : viewElement(tb.game, m.view, ctx);
    const board = h("section", { class: "board", id: "board", role: "region", "aria-label": t("board") }, boardView);

    // the bar: what is happening, the countdown, the move being built
    // (none in the waiting room: no move is being made there)
    const bar = h("section", { class: `bar ${window ? "window-open" : ""}`, id: "bar", "aria-label": t("bar"), hidden: tb.status === "open" });
    if (!m.result) bar.append(h("p", { class: "bar-status" }, statusText(m, myTurn, window)));
    if (window) {
      const about = window.about;
      const what = about?.card && got ? got.w(`card.${about.card}`, {}, about.card) : "";
      const by = about && about.seat !== undefined && about.seat !== null ? seatName[about.seat] : "";
      bar.append(h("div", { class: "timer", role: "timer", id: "window", "aria-label": window.seconds_left === null ? t("windowWaiting") : t("windowOpen", { s: Math.ceil(window.seconds_left) }) },
        h("span", { class: "timer-fill", "data-timer": "window" }),
        h("span", { class: "timer-text" }, [what, by].filter(Boolean).join(" · "), " ", window.seconds_left === null ? "" : h("span", { "data-timer-s": "window" }, `${Math.ceil(window.seconds_left)} s`))));
    }
    if (m.answered) bar.append(h("p", { class: "muted" }, t("answered")));
    if (sending) bar.append(h("p", { class: "muted" }, t("sending")));
    if (sel && sel.picked.length) {
      bar.append(h("p", { class: "building", id: "building" }, t("building"), ": ",
        sel.picked.map((k) => got?.mod?.keyLabel?.(k, m.view, { w: got.w, t, names: seatName, seat: m.seat }) ?? pickedName(k)).join(" + ")));
    }
    const choices = barChoices(m, got, board);
    const buttons = h("div", { class: "bar-buttons" });
    for (const c of choices) {
      buttons.append(h("button", { type: "button", class: `choice ${c.urgent ? "urgent" : ""}`, "data-pick": c.key, "data-key": `choice-${c.key}` }, c.label));
    }
    if (sel?.pending) {
      buttons.append(h("button", { type: "button", class: "primary", id: "confirm", "data-cmd": "confirm", onclick: () => send(sel.pending.action) }, `${t("confirm")}: ${sel.pending.label}`));
    }
    if (sel?.picked.length) {
      buttons.append(h("button", { type: "button", class: "ghost", id: "cancel", "data-cmd": "cancel", onclick: () => { resetSelection(); paint(false); } }, t("cancel")));
    }
    bar.append(buttons);
    if (m.result) bar.append(endScreen(m.result, tb, m.view, { names: seatName, seat: m.seat, tableId, go, got }));

    // the fallback: every move as a button, folded
    const actions = h("section", { class: "actions panel", id: "actions" });
    if (!m.result && mineLegal.length) {
      const list = h("div", { class: "move-list" }, (sel?.all || []).map((a) => h("button", {
        type: "button", class: "action", "data-key": `mv-${actionKey(a.action)}`, "data-cmd": "move", dataset: { action: JSON.stringify(a.action) }, disabled: sending, onclick: () => send(a.action),
      }, a.label)));
      // folded, unless the board cannot make these moves (a game with no picks() of its own)
      const onBoard = sel && sel.moves.length > 0;
      actions.append(h("details", { class: "all-moves", id: "all-moves", open: !onBoard }, h("summary", {}, t("allMoves", { n: mineLegal.length })), list));
    } else if (m.seat !== null && !m.answered && !m.result && tb.status !== "open") {
      actions.append(h("p", { class: "muted" }, m.seat === null ? t("spectator") : t("noActions")));
    }
    if (m.seat === null) actions.append(h("p", { class: "muted" }, t("spectator")));
    if (m.seat !== null && !m.result) {
      const link = `${location.origin}${location.pathname}#seat=${tokenFor(tableId)}`;
      actions.append(h("details", { class: "share", "data-key": "seat-link-box" }, h("summary", {}, t("seatLink")),
        h("p", { class: "muted" }, t("seatLinkHelp")), h("code", { id: "seat-link" }, link)));
      actions.append(h("button", { type: "button", class: "ghost small", id: "leave", onclick: async () => {
        try {
          await api(`/tables/${tableId}/leave`, { method: "POST", token: tokenFor(tableId) });
          forgetToken(tableId);
          go("/");
        } catch (e) { flash(errorText(e.code, e.message)); }
      } }, t("leave")));
    }

    if (got?.mod?.reacting && m.seat !== null && !m.result) {
      actions.append(autoPassBox(() => {
        const pass = autoAnswer(last);
        if (pass) send(pass);
        else paint(false);
      }));
    }
    const hinted = hint.element(m, myTurn, seatName, (text) => (got ? nameSeats(text, got.w, seatName) : text));
    if (hinted) actions.append(hinted);
    // the view's raw fields, for developers only (the page opened with ?dev=1)
    if (devMode()) actions.append(h("label", { class: "option dev-toggle" }, h("input", { type: "checkbox", id: "dev-toggle", checked: localStorage.getItem("ludoteca.dev") === "1",
      onchange: (e) => { localStorage.setItem("ludoteca.dev", e.target.checked ? "1" : "0"); paint(false); } }), h("span", {}, t("devToggle"))));

    const lastGroup = log.length ? log[log.length - 1].group : -1;
    const lines = [];
    let prev = null;
    for (const e of log.slice(-120)) {
      if (prev !== null && e.group !== prev) lines.push(h("li", { class: "sep", "data-key": `sep-${e.n}`, "aria-hidden": "true" }));
      prev = e.group;
      // the seat an event is about gives the line its colour
      const who = typeof e.data?.player === "number" ? e.data.player : null;
      lines.push(h("li", { class: `${e.group === lastGroup ? "last" : ""} ${who !== null ? `by seat-c${who % 10}` : ""}`, "data-key": `e${e.n}`, dataset: { kind: e.kind } }, got ? nameSeats(e.text, got.w, seatName) : e.text));
    }
    // role=log, not read aloud (aria-live off): tellMoves says what the other seats did
    const logBox = h("section", { class: "log panel", id: "log" }, h("h2", { id: "log-title" }, t("log")),
      h("div", { role: "log", "aria-live": "off", "aria-labelledby": "log-title", class: "log-box", id: "log-lines", tabindex: "0" }, h("ol", {}, lines)));

    const tree = h("div", { class: `table-page ${myTurn ? "my-turn" : ""}` }, head,
      h("div", { class: "table-body" }, board, h("div", { class: "right" }, bar, h("div", { class: "side" }, actions, logBox))));
    const now = performance.now();
    const ol = page.querySelector("#log-lines");
    const atBottom = !ol || ol.scrollHeight - ol.scrollTop - ol.clientHeight < 30;
    const focusedKey = document.activeElement?.closest?.("[data-key]")?.dataset.key;
    if (!painted) {
      page.append(...tree.childNodes);
      painted = true;
    } else {
      // what the last move changed stays marked until the next move (the innermost keyed
      // components only: a player's whole area is not "what changed")
      const touched = [];
      patch(page, tree, fromServer && m.events.length ? (el) => {
        if (el.closest && el.closest("#board") && el.dataset.key) touched.push(el);
      } : null);
      if (touched.length) {
        recent.clear();
        for (const el of page.querySelectorAll("#board .last-move")) el.classList.remove("last-move");
        for (const el of touched) {
          if (!touched.some((o) => o !== el && el.contains(o))) recent.set(el.dataset.key, now + FLASH_MS);
        }
      }
    }
    decorate(now);
    // the focused component went away in the update: focus its replacement (same key), so a
    // keyboard user keeps their place
    if (focusedKey && (document.activeElement === document.body || !document.activeElement)) {
      const again = page.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`);
      if (again && again.tabIndex >= 0) settle(again, { preventScroll: true });
    }
    rove(page);
    fitLayout(page);
    const picked = sel?.picked.length || 0;
    if (!fromServer && picked > pickedBefore) showTarget(page);
    const moved = fromServer && myTurn && m.move !== focusMove;
    settleFocus(page, { turnStarted: myTurn && !wasMyTurn, picked: !fromServer && picked > pickedBefore, moved });
    if (fromServer && m.move !== focusMove) keepOwnInView(page);
    focusMove = m.move;
    wasMyTurn = myTurn;
    pickedBefore = picked;
    const ol2 = page.querySelector("#log-lines");
    if (ol2 && atBottom) ol2.scrollTop = ol2.scrollHeight;
    tick();
  };

  const pickedName = (k) => k.split(":").slice(1).join(":");

  // a screen reader hears what the other seats did (the log's lines about them), then "your
  // move" when the turn comes (the log itself is not read aloud: it would repeat one's own)
  const tellMoves = (m, turnBefore) => {
    const got = loaded(m.table.game, lang());
    const lines = (m.events || []).filter((e) => typeof e.data?.player === "number" && e.data.player !== m.seat)
      .map((e) => (got ? nameSeats(e.text, got.w, names()) : e.text));
    if (!turnBefore && wasMyTurn) lines.push(t("announceYourTurn"));
    announce(lines.join(" "));
  };

  // light what can be picked now, mark what is picked and what just changed
  const decorate = (now) => {
    const open = sel ? sel.open() : new Map();
    const anyPicked = !!sel?.picked.length;
    for (const el of page.querySelectorAll("#board [data-pick]:not(option), #bar [data-pick]")) {
      const picked = pickedEls.includes(el.dataset.key);
      const lit = !sending && open.has(el.dataset.pick);
      el.classList.toggle("lit", lit && !picked);
      el.classList.toggle("target", lit && anyPicked && !picked);
      el.classList.toggle("picked", picked);
      el.setAttribute("aria-pressed", picked ? "true" : "false");
      if (lit || picked) {
        el.removeAttribute("aria-disabled");
        el.tabIndex = 0;
      } else {
        el.setAttribute("aria-disabled", "true");
        el.tabIndex = -1;
      }
    }
    for (const [k, until] of recent) {
      const el = page.querySelector(`#board [data-key="${CSS.escape(k)}"]`);
      if (!el) continue;
      el.classList.add("last-move");
      if (until > now) el.classList.add("changed");
    }
  };

  // the countdowns tick locally between messages
  const tick = () => {
    if (!last) return;
    const gone = (performance.now() - (last.receivedAt || 0)) / 1000;
    for (const el of page.querySelectorAll(".clock[data-left]")) {
      el.textContent = `${Math.max(0, Math.ceil(Number(el.dataset.left) - gone))} s`;
    }
    if (last.window) {
      const left = Math.max(0, last.window.seconds_left - gone);
      const total = last.table?.settings?.window_seconds || Math.max(last.window.seconds_left, 1);
      for (const el of page.querySelectorAll("[data-timer]")) el.style.width = `${Math.min(100, (100 * left) / total)}%`;
      for (const el of page.querySelectorAll("[data-timer-s]")) el.textContent = `${Math.ceil(left)} s`;
    }
  };
  const ticker = setInterval(tick, 250);
  const cleaner = setInterval(() => {
    const now = performance.now();
    let any = false;
    for (const [k, until] of recent) {
      if (until < now) {
        any = true;
        page.querySelector(`#board [data-key="${CSS.escape(k)}"]`)?.classList.remove("changed");
      }
    }
    return any;
  }, 500);

  start();
  return () => {
    closed = true;
    pace.stop();
    leftTable();
    unhelp?.();
    clearInterval(beat);
    clearInterval(ticker);
    clearInterval(cleaner);
    document.removeEventListener("keydown", onKey);
    joinBox?.remove();
    if (ws) ws.close();
    delete document.body.dataset.socket;
    delete document.body.dataset.sockets;
  };
}
