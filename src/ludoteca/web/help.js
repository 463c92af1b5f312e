// Help at the table: every board component explains itself on hover, on keyboard focus and on
// a long press (touch), with words the server builds from the game's data catalogs
// (/api/games/<id>/help); and a move the board refuses says why, from the engine's own
// explain_illegal (/api/tables/<id>/why).
import { h } from "./dom.js";
import { lang } from "./i18n.js";
import { tokenFor } from "./api.js";
import { placeTip } from "./tip-place.js";

const texts = new Map(); // "game|lang" -> {key: sentence}
const LONG_PRESS_MS = 500;
const HOVER_MS = 300;

export async function loadHelp(gameId) {
  const k = `${gameId}|${lang()}`;
  if (!texts.has(k)) {
    texts.set(k, {});
    try {
      const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/help?lang=${encodeURIComponent(lang())}`);
      if (r.ok) texts.set(k, await r.json());
    } catch (e) {
      console.error(e);
    }
  }
  return texts.get(k);
}

// the board's places and buttons, by the key the selection layer uses (data-pick), as help keys
const ZONES = {
  "exploding-kittens": { pile: ["zone.pile"], player: ["zone.player", "zone.turns"], defuse: ["zone.defuse"], bury_at: ["zone.defuse"], future: ["zone.future"] },
  coatl: { space: ["zone.space"], deck: ["zone.deck"], promise: ["zone.piles"], board: ["zone.board"], end: ["zone.end"], finish: ["zone.finish"], new: ["zone.new"], coatl: ["zone.chain"] },
  "nine-domains": { pile: ["zone.pile"] },
  "sala-de-miaula": { ability: ["icon.ability"], item: ["icon.item"], canil: ["zone.canil"], oficina: ["zone.oficina"], life: ["zone.life"], "own-life": ["zone.life"], own: ["zone.place"], enemy: ["zone.place"] },
};

/** The help sentence of a board element: its own data-help key(s), else its place's words,
 * else its title (which the game's drawing builds from the same data words). */
export function helpFor(gameId, el) {
  const map = texts.get(`${gameId}|${lang()}`) || {};
  const keys = (el.dataset.help || "").split(" ").filter(Boolean);
  const pick = el.dataset.pick;
  if (pick) keys.push(...((ZONES[gameId] || {})[pick.split(":")[0]] || []));
  const said = [...new Set(keys)].map((k) => map[k]).filter(Boolean);
  if (said.length) return said.join(" ");
  return el.getAttribute("title") || el.getAttribute("aria-label") || "";
}

/** Hover, focus and long press on the board of `root` show a component's help in one tooltip.
 * Returns a function that removes the listeners. */
export function installHelp(root, gameOf) {
  const tip = document.getElementById("help-tip") || document.body.appendChild(h("div", { id: "help-tip", role: "tooltip", class: "help-tip", hidden: true }));
  let shownFor = null;
  let hoverTimer = 0;
  let hoverFor = null; // the component whose help the pointer is waiting for
  let pressTimer = 0;
  let pressed = null; // the element a long press showed help for: its click is swallowed
  const target = (e) => {
    const el = e.target.closest?.("[data-help], [data-pick], [title], .card, [role=img][aria-label]");
    return el && el.closest("#board, #tutorial-board") ? el : null;
  };
  // one component across repaints (a paint may draw it as a new element)
  const same = (a, b) => a === b || (["data-help", "data-pick", "data-key"].some((k) => a.getAttribute(k) !== null)
    && ["data-help", "data-pick", "data-key"].every((k) => a.getAttribute(k) === b.getAttribute(k)));
  const show = (el) => {
    const text = helpFor(gameOf(), el);
    if (!text) return hide();
    shownFor = el;
    tip.textContent = text;
    tip.hidden = false;
    el.setAttribute("aria-describedby", "help-tip");
    placeTip(tip, el);
  };
  const hide = () => {
    clearTimeout(hoverTimer);
    hoverFor = null;
    if (shownFor) shownFor.removeAttribute("aria-describedby");
    shownFor = null;
    tip.hidden = true;
  };
  const on = [
    ["mouseover", (e) => {
      const el = target(e);
      // a repaint under a still pointer fires mouseover again on the same component: its
      // pending help keeps its time (restarting it, a busy table would never show it)
      if (!el || el === shownFor) return;
      if (hoverFor && same(hoverFor, el)) {
        hoverFor = el; // the same component drawn anew: show it where it is now
        return;
      }
      clearTimeout(hoverTimer);
      hoverFor = el;
      hoverTimer = setTimeout(() => {
        const at = hoverFor;
        hoverFor = null;
        if (at) show(at);
      }, HOVER_MS);
    }],
    ["mouseout", (e) => {
      const el = target(e);
      if (el && !el.contains(e.relatedTarget)) hide();
    }],
    // focus the page moves by itself after a paint (focus.js, data-settling) neither shows
    // nor hides help: a tooltip the pointer asked for stays while the table moves on
    ["focusin", (e) => {
      const el = target(e);
      if (el && !document.documentElement.dataset.settling) show(el);
    }],
    // only the component whose help is shown hides it by losing focus (a repaint takes the
    // focused component away too: that must not cancel help the pointer asked for)
    ["focusout", (e) => {
      if (!document.documentElement.dataset.settling && shownFor && shownFor.contains(e.target)) hide();
    }],
    ["touchstart", (e) => {
      // a tap anywhere else puts the help away (a phone has no pointer to move off it)
      if (shownFor && !shownFor.contains(e.target)) hide();
      const el = target(e);
      if (!el) return;
      pressed = null;
      clearTimeout(pressTimer);
      pressTimer = setTimeout(() => {
        pressed = el;
        show(el);
      }, LONG_PRESS_MS);
    }],
    ["touchmove", () => clearTimeout(pressTimer)],
    ["touchend", () => clearTimeout(pressTimer)],
    // the click that ends a long press only showed help: it makes no move
    ["click", (e) => {
      if (pressed && pressed.contains(e.target)) {
        e.preventDefault();
        e.stopPropagation();
        pressed = null;
        return;
      }
      if (shownFor && !shownFor.contains(e.target)) hide();
    }, true],
    ["contextmenu", (e) => {
      if (target(e)) e.preventDefault();
    }],
  ];
  // on the document, not on `root`: a table page may draw its board in a new element (the
  // waiting room gives way to the game), and the help must follow wherever the board is
  for (const [type, fn, capture] of on) document.addEventListener(type, fn, !!capture);
  const onKey = (e) => {
    if (e.key === "Escape" && shownFor) hide();
  };
  document.addEventListener("keydown", onKey);
  // any scroll, the page's or a docked hand's own row: the tooltip would stay where it was
  document.addEventListener("scroll", hide, { capture: true, passive: true });
  return () => {
    for (const [type, fn, capture] of on) document.removeEventListener(type, fn, !!capture);
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("scroll", hide, { capture: true });
    hide();
  };
}

// -- why a move is refused ---------------------------------------------------------------------

const piece = (pid) => {
  const [kind, colour] = pid.split("-");
  return `${colour}_${kind}`;
};

/** The move a person tried, from the components picked (in order), as the game's action JSON;
 * null when the picks name no whole move. */
export function triedMove(gameId, keys, view, seat, w) {
  const parts = keys.map((k) => k.split(":"));
  const [a, b] = parts;
  const kinds = parts.map((p) => p[0]).join(" ");
  switch (gameId) {
    case "exploding-kittens":
      if (kinds === "pile") return { type: "draw" };
      if (kinds === "hand") return { type: "play", card: a[1] };
      return null;
    case "coatl":
      if (kinds === "board end") return { type: "add_piece", piece: piece(a[1]), coatl: Number(b[1]), end: Number(b[2]) ? "back" : "front" };
      if (kinds === "board new") return { type: "start_coatl", piece: piece(a[1]) };
      if (kinds === "finish") return { type: "finish_coatl", coatl: Number(a[1]) };
      if (kinds === "space") return { type: "take_pieces", row: a[1], index: Number(a[2]) };
      if (kinds === "display") return { type: "take_prophecy", slot: Number(a[1]) };
      if (kinds === "deck") return { type: "draw_prophecy" };
      if (kinds === "hand coatl") return { type: "attach_prophecy", prophecy: a[1], coatl: Number(b[1]) };
      if (kinds === "promise") return { type: "promise", pile: Number(a[1]) };
      return null;
    case "nine-domains":
      if (kinds === "card pile") return { type: "place", card: a[1], pile: Number(b[1]) };
      return null;
    case "sala-de-miaula": {
      const own = parts.filter((p) => p[0] === "own").map((p) => Number(p[1]));
      const last = parts[parts.length - 1];
      if (own.length && own.length === parts.length - 1 && (last[0] === "enemy" || last[0] === "life")) {
        return { type: "attack", attackers: own, target: last[0] === "life" ? 3 : Number(last[1]) };
      }
      if (kinds === "own canil") return { type: "go_to_canil", slot: Number(a[1]) };
      if (kinds === "own oficina") return { type: "go_to_oficina", slot: Number(a[1]) };
      if (kinds === "hand") {
        const type = w ? w(`card.${a[1]}.type`, {}, "creature") : "creature";
        if (type === "creature") return { type: "play_creature", card: a[1] };
        if (type === "spell") return { type: "play_spell", card: a[1], target: 3 };
        // an item goes on a creature of yours: the first one, else place 1 (the engine then
        // says there is no creature of yours there); a null here said nothing at all
        const field = view?.players?.[seat]?.field || [];
        if (type === "item") return { type: "play_item", card: a[1], slot: Math.max(0, field.findIndex((c) => c)) };
        return null;
      }
      if (kinds === "ability") return { type: "use_ability", slot: Number(a[1]), target: 3 };
      return null;
    }
    default:
      return null;
  }
}

/** Ask the server why the tried move is refused: its sentence, or null (legal, or nothing to
 * ask about). Only a seat asks (its token). */
export async function whyNot(tableId, gameId, keys, view, seat, w) {
  const token = tokenFor(tableId);
  if (!token || seat === null || seat === undefined) return null;
  const action = triedMove(gameId, keys, view, seat, w);
  if (!action) return null;
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/why?lang=${encodeURIComponent(lang())}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ action }),
    });
    if (!r.ok) return null;
    const d = await r.json();
    return d.legal ? null : d.text;
  } catch (e) {
    console.error(e);
    return null;
  }
}
