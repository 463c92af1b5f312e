// The service worker (served at /sw.js, scope /): shows a "your turn" push as a notification
// in the browser's language and opens (or focuses) the table when it is clicked. A push
// carries the game's names and the table only (server/notify/payload.py): no state at all.
import { NOTIFY_WORDS } from "/static/notify_words.js";

function words() {
  const l = (self.navigator.language || "pt").toLowerCase().startsWith("en") ? "en" : "pt-BR";
  return { l, w: NOTIFY_WORDS[l] };
}

self.addEventListener("push", (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || data.kind !== "your_turn" || typeof data.table !== "string") return;
  const { l, w } = words();
  const game = (data.names && data.names[l]) || data.game || "";
  event.waitUntil(self.registration.showNotification(w.pushTitle, {
    body: w.pushBody.replace("{game}", game),
    tag: `turn-${data.table}`,
    icon: "/static/favicon.svg",
    data: { url: `/t/${encodeURIComponent(data.table)}` },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const c of open) {
      if (new URL(c.url).pathname === url && "focus" in c) return c.focus();
    }
    return self.clients.openWindow(url);
  })());
});
