// The new-table form's "rated game" box: ticked for a table of people, unticked once an AI seat
// is chosen (a person may tick it again: the AI's fixed rating anchors the update).
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function ratedChoice(seatsBox) {
  const box = h("input", { type: "checkbox", id: "rated", checked: true });
  let touched = false;
  box.addEventListener("change", () => { touched = true; });
  const sync = () => {
    if (!touched) box.checked = ![...seatsBox.querySelectorAll(".seat-kind")].some((k) => k.value === "ai");
  };
  seatsBox.addEventListener("change", sync);
  const el = h("label", { class: "option" }, box, h("span", {}, t("ratedTable")), h("small", {}, t("ratedTableHelp")));
  return { el, sync, value: () => box.checked };
}
