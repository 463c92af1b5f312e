// A turn-based table's pace on the table page: each seat's time bank and, for the seat that
// owes a decision, the time left until its deadline (GET /api/tables/ID/pace: public, from the
// server's timer rows). Asked again when the table's move changes and every minute; between
// answers the time left counts down on the page's own clock.
import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const AGAIN_MS = 60000; // asked again this often even if nothing moved (a timeout, a bank)
const TICK_MS = 15000; // the countdown's repaint

// "1 dia 4 horas", "3 horas 20 minutos", "12 minutos": two units at most, rounded down (a
// deadline said a little early, never late)
export function duration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400), hr = Math.floor((s % 86400) / 3600), mi = Math.floor((s % 3600) / 60);
  if (d > 0) return hr > 0 ? `${t("days", { n: d })} ${t("hours", { n: hr })}` : t("days", { n: d });
  if (hr > 0) return mi > 0 ? `${t("hours", { n: hr })} ${t("minutes", { n: mi })}` : t("hours", { n: hr });
  return mi > 0 ? t("minutes", { n: mi }) : t("underMinute");
}

// Keeps the pace of one table; ``repaint`` is called when it changed or its countdown ticked.
export function paceKeeper(tableId, repaint) {
  let data = null; // the newest answer
  let got = 0; // performance.now() when it came
  let move = null; // the move it was asked for
  let asking = false;
  let stopped = false;
  const ask = async (m) => {
    if (asking || stopped) return;
    asking = true;
    try {
      const r = await api(`/tables/${tableId}/pace`);
      if (stopped) return;
      data = r.turn_based ? r : null;
      got = performance.now();
      move = m;
      repaint();
    } catch {
      // the pace is a help, not the game: an answer that failed is asked again on the next beat
    } finally {
      asking = false;
    }
  };
  const again = setInterval(() => ask(move), AGAIN_MS);
  const tick = setInterval(() => { if (data) repaint(); }, TICK_MS);
  return {
    // the table's move now: asked again when it changed
    seen(m, turnBased) {
      if (!turnBased) data = null; // over, or real time: no deadline to show
      else if (m !== move) ask(m);
    },
    // the seat's pace element, or null (a real-time table, no answer yet)
    seat(i) {
      const p = data?.seats?.[i];
      if (!p) return null;
      const parts = [];
      if (p.seconds_left !== null) {
        const left = p.seconds_left - (performance.now() - got) / 1000;
        parts.push(h("span", { class: "pace-left", role: "timer", dataset: { left: Math.max(0, Math.round(left)) } }, t("paceLeft", { left: duration(left) })));
      }
      if (p.bank_seconds !== null) parts.push(h("span", { class: "pace-bank muted" }, t("paceBank", { left: duration(p.bank_seconds) })));
      return parts.length ? h("span", { class: "pace", "data-seat": i }, ...parts) : null;
    },
    stop() {
      stopped = true;
      clearInterval(again);
      clearInterval(tick);
    },
  };
}
