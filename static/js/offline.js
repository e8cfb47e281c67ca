/* Every page: start the service worker (sw.js), say so when this page is a
   saved copy shown without a network, and keep the small online/offline
   indicator in the top bar of the scorekeeper's pages honest.

   "Online" means the scorekeeper's server answers, not just that the phone
   has some network: a phone on mobile data can't reach a server on the
   cabin's Wi-Fi.  Other scripts ask window.scorekeeperNet.check() and listen
   for the "scorekeeper:net" event. */
(function () {
  "use strict";

  const routes = self.scorekeeperRoutes;  // routes.js: the app's addresses
  const copy = document.documentElement.getAttribute("data-offline-copy");
  let online = copy === null && navigator.onLine !== false;

  function clock(when) {
    return when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  function show() {
    const status = document.getElementById("net-status");
    if (status) {
      status.classList.toggle("offline", !online);
      status.querySelector(".word").textContent = online ? "Online" : "Offline";
    }
  }

  /* What is known now; "scorekeeper:net" says it after every check. */
  function set(now) {
    online = now;
    show();
    document.dispatchEvent(new CustomEvent("scorekeeper:net", { detail: { online } }));
  }

  let checked = 0;
  let asked = 0;  // the latest check: an older one's answer is news no more

  /* Ask the server (a trivial route, never cached); true when it answers. */
  function check() {
    checked = Date.now();
    const mine = ++asked;
    if (navigator.onLine === false) {
      set(false);
      return Promise.resolve(false);
    }
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), 4000);
    return fetch(routes.url("health"), { cache: "no-store", signal: stop.signal })
      .then((response) => response.ok, () => false)
      .then((ok) => {
        clearTimeout(timer);
        if (mine === asked) set(ok && navigator.onLine !== false);
        return online;
      });
  }

  /* Ask again unless asked within the last ``age`` milliseconds. */
  function recheck(age) {
    return Date.now() - checked > age ? check() : Promise.resolve(online);
  }

  window.scorekeeperNet = { check, recheck, get online() { return online; } };
  window.addEventListener("online", check);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && document.getElementById("net-status")) recheck(5000);
  });
  window.addEventListener("offline", () => { asked += 1; set(false); });

  function banner() {
    const main = document.querySelector("main");
    if (copy === null || !main) return;
    const note = document.createElement("p");
    note.className = "banner offline-copy";
    note.id = "offline-copy";
    note.setAttribute("role", "status");
    const saved = copy ? new Date(copy) : null;
    note.textContent = "Offline — showing the last saved state"
      + (saved && !isNaN(saved) ? ` (saved at ${clock(saved)})` : "") + ".";
    main.prepend(note);
    // What the copy said when it was saved is not news now.
    document.querySelectorAll(".flash, form.undo").forEach((old) => old.remove());
  }

  /* Copies of this table's pages, so they open offline even if not visited lately. */
  function keepCopies(worker) {
    const table = document.body.getAttribute("data-table");
    if (!table || copy !== null) return;
    const here = location.pathname;
    const [ledger, record, share] = ["ledger", "record", "share"]
      .map((name) => routes.url(name, { table_id: table }));
    const pages = [ledger, record].filter((path) => path !== here);
    caches.match(share).then((kept) => {
      if (!kept && here !== share) pages.push(share);
      worker.postMessage({ keep: pages });
    });
  }

  function register() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.register(routes.url("worker")).then(() => navigator.serviceWorker.ready)
      .then((ready) => { if (ready.active) keepCopies(ready.active); })
      .catch(() => undefined);
  }

  function start() {
    banner();
    show();
    register();
    if (document.getElementById("net-status")) {
      check();
      // Now and then, and more often while the server can't be reached.
      const again = () => setTimeout(() => check().then(again), online ? 30000 : 5000);
      again();
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
