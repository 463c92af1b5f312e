// How ratings read: numbers in the reader's language, the uncertainty beside the rating,
// seats named in "finished above / below", and the mark of games against AI.
import { h } from "./dom.js";
import { agentLabel, lang, t } from "./i18n.js";

export function num(x, digits = 1) {
  return new Intl.NumberFormat(lang(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);
}

export function signed(x) {
  return `${x > 0 ? "+" : x < 0 ? "−" : "±"}${num(Math.abs(x))}`;
}

export function percent(share) {
  return new Intl.NumberFormat(lang(), { style: "percent", maximumFractionDigits: 0 }).format(share);
}

/** A rating as shown: mu − 3 sigma, with "μ mu ± 2 sigma" beside it. */
export function ratingText(r) {
  return [h("strong", { class: "rating-shown" }, num(r.shown)), " ",
    h("small", { class: "muted rating-range" }, t("uncertainty", { mu: num(r.mu), two: num(2 * r.sigma) }))];
}

export function vsAiMark() {
  return h("span", { class: "vs-ai", title: t("vsAi") }, t("vsAiMark"));
}

function seatLabel(s) {
  if (s.kind === "ai") return t("aiLevel", { level: agentLabel(s.level) });
  return s.name || (s.kind === "guest" ? t("guest") : t("deletedPlayer"));
}

function names(list) {
  const all = list.map(seatLabel);
  return all.length <= 1 ? all.join("") : `${all.slice(0, -1).join(", ")}${t("and")}${all[all.length - 1]}`;
}

/** Why a rating moved: "finished above X, below Y, tied with Z". */
export function whyText(change) {
  const parts = [];
  if (change.above.length) parts.push(t("above", { names: names(change.above) }));
  if (change.below.length) parts.push(t("below", { names: names(change.below) }));
  if (change.tied.length) parts.push(t("tiedWith", { names: names(change.tied) }));
  const s = parts.join("; ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function when(iso) {
  return new Intl.DateTimeFormat(lang(), { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));
}
