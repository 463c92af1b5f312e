// Seat names in the server's sentences: the games say "Jogador 2" / "Player 2"; the table
// knows that seat as "Bia" (or "AI 2 (Medium)").
import { t } from "./i18n.js";

// (the article or preposition before "jogador" goes with it: "o jogador 2" -> "Bia",
// "do jogador 2" -> "de Bia")
const RULES = [
  [/\b([Dd])o jogador (\d+)\b/g, (m, d, n, names) => `${d}e ${names[n - 1]}`],
  [/\b([Aa])o jogador (\d+)\b/g, (m, a, n, names) => `${a} ${names[n - 1]}`],
  [/\b([Pp])elo jogador (\d+)\b/g, (m, p, n, names) => `${p}or ${names[n - 1]}`],
  [/\b[Oo] jogador (\d+)\b/g, (m, n, names) => names[n - 1]],
  [/\b[Jj]ogador (\d+)\b/g, (m, n, names) => names[n - 1]],
  [/\b[Tt]he player (\d+)\b/g, (m, n, names) => names[n - 1]],
  [/\b[Pp]layer (\d+)\b/g, (m, n, names) => names[n - 1]],
];

export function nameSeats(text, _w, names) {
  if (!text || !names) return text;
  let out = String(text);
  for (const [re, fn] of RULES) {
    out = out.replace(re, (...args) => {
      const groups = args.slice(1, -2);
      const n = Number(groups[groups.length - 1]);
      if (!(n >= 1 && n <= names.length)) return args[0];
      return fn(args[0], ...groups.slice(0, -1), n, names);
    });
  }
  // a sentence starts with a capital even when a name replaced its first word
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** How a seat reads at the table: a person's name, an AI seat's level. */
export function seatName(s) {
  if (s.kind === "ai") return `${t("ai")} ${s.seat + 1}`;
  return s.name || `${t("seat")} ${s.seat + 1}`;
}
