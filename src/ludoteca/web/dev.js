// Developer mode: the view's raw fields under the board. Offered only when the page was opened
// with ?dev=1 (kept for the browser tab, so it survives moving between pages).
export function devMode() {
  if (new URLSearchParams(location.search).get("dev") === "1") sessionStorage.setItem("ludoteca.devmode", "1");
  return sessionStorage.getItem("ludoteca.devmode") === "1";
}

/** The raw fields are shown: developer mode, and its box ticked. */
export function devFields() {
  return devMode() && localStorage.getItem("ludoteca.dev") === "1";
}
