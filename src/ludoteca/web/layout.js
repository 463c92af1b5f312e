// Layout: your own things in view (style.css "layout"). The dock of your hand/board sits above
// the phone's sticky bar (--bar-h), and scrolling to a component (a target of the pick in
// progress, focus) keeps clear of what is docked at the bottom (scroll-padding).
export const DOCK = ".board :is(.nd-player.me, .coatl-player.me, .sala-player.me), .ek-table > .zone:has([data-pick^='hand:'])";

export function fitLayout(page) {
  const bar = page.querySelector("#bar");
  const sticky = bar && !bar.hidden && getComputedStyle(bar).position === "sticky";
  const barH = sticky ? bar.offsetHeight : 0;
  page.style.setProperty("--bar-h", `${barH}px`);
  const dock = page.querySelector(DOCK);
  // a region that scrolls is reachable by keyboard even while none of its buttons is (axe)
  for (const el of page.querySelectorAll(`${DOCK}, .sala-player.me > .zone > .row`)) {
    const scrolls = el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
    if (scrolls && !el.querySelector("[tabindex='0'], button:not([tabindex='-1'])")) el.tabIndex = 0;
    else el.removeAttribute("tabindex");
  }
  document.documentElement.style.scrollPaddingBottom = `${barH + (dock ? dock.offsetHeight : 0) + 8}px`;
}

/** On screen, with nothing over it (the dock, the phone's bar). */
function seen(el) {
  const r = el.getBoundingClientRect();
  if (r.height <= 0) return false;
  const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 20);
  if (y < 0 || y > window.innerHeight) return false;
  const top = document.elementFromPoint(x, y);
  return !!top && (top === el || el.contains(top));
}

/** One component in view, unless it already is (the tutorial's lit component: the choices
 * of a discard pile drawn above the dock may sit under it). */
export function showOne(el) {
  if (seen(el)) return;
  el.scrollIntoView({ block: "nearest" });
  if (!seen(el)) el.scrollIntoView({ block: "center" });
}

/** After a pick: the first target in view (above the dock, or in the dock's own scroll),
 * unless one already is: on screen, with nothing over it (the dock, the phone's bar). */
export function showTarget(page) {
  const dock = page.querySelector(DOCK);
  const targets = [...page.querySelectorAll("#board [data-pick].target:not(option)")];
  if (!targets.length) return;
  if (targets.some(seen)) return;
  const outside = targets.find((el) => !(dock && dock.contains(el))) || targets[0];
  outside.scrollIntoView({ block: "nearest" });
  if (!seen(outside) && !(dock && dock.contains(outside))) outside.scrollIntoView({ block: "center" });
}

/** A new position: your dock scrolled back to its start (your hand and board first); a
 * component of it a keyboard user is on (focus-visible) and that is useful now is then
 * brought back into view. */
export function keepOwnInView(page) {
  const dock = page.querySelector(DOCK);
  if (!dock || dock.scrollHeight <= dock.clientHeight + 1) return;
  dock.scrollTop = 0;
  const active = document.activeElement;
  if (active && active !== dock && dock.contains(active) && active.matches("[data-pick].lit:focus-visible, [data-pick].target:focus-visible")) {
    active.scrollIntoView({ block: "nearest" });
  }
}
