/* The service worker: the app opens with no network.

   Hand-written rather than Workbox: Workbox is built for a bundler (or loads
   its modules from Google's CDN, which this app never uses), and what this app
   needs fits on a page that can be read whole:

   - the app's own files (CSS, scripts, icons, the offline page) are kept when
     the worker installs and served from the cache, refreshed in the background;
   - the pages a phone opens for a table (the ledger, the record form, the share
     tab, and a viewer's share page with its live part) go to the network first;
     each answer is kept, and when the network fails the last kept copy is shown,
     marked so that offline.js says "Offline — showing the last saved state";
   - a page never kept, and a form posted while offline, get the offline page;
     but a new hand posted from the record form is kept to wait with the others
     (waiting-store.js) and the form comes back saying so.

   Hands saved while offline are not kept here but by the page (waiting.js):
   a service worker only runs over HTTPS or on localhost, and the waiting saves
   must work over a LAN's plain HTTP too. */
"use strict";

/* What the server says, written in front of this file when it serves it
   (scorekeeper/views/client.py): the app's addresses, which of them are pages
   worth a copy, the app's own files, and the scripts imported here. */
const APP = self.scorekeeperApp;
importScripts(...APP.imports);  // routes.js (the addresses), waiting-store.js
const routes = self.scorekeeperRoutes;

/* Raised when the pages' scripts change so that a kept copy of a page can't
   load them (v2: the pages carry the app's addresses for routes.js). */
const SHELL = "shell-v2";
const PAGES = "pages-v2";
/* Query strings a kept page may be opened with ("?big=1", a waiting hand to check). */
const KEPT_QUERY = /^(\?(big=1|(waiting|kept)=[A-Za-z0-9_-]+))?$/;

/* Pages worth a copy: home, a table's ledger, record form and share tab, and a
   share link's page (phone or TV) with the live part it polls. */
function keptPage(path) {
  return APP.kept.some((name) => routes.match(name, path));
}

/* The app's own files: kept when the worker installs. */
function appFile(path) {
  return path.startsWith(APP.static) || APP.shell.includes(path);
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(APP.shell))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== SHELL && name !== PAGES)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    if (request.mode === "navigate") event.respondWith(postOrOffline(request));
    return;
  }
  if (appFile(url.pathname)) {
    event.respondWith(shellFile(event, request));
  } else if (keptPage(url.pathname)) {
    event.respondWith(networkFirst(request, url));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offlinePage()));
  }
});

/* A form posted with no network: the offline page instead of the browser's
   error, but a new hand from the record form is kept to be sent later (the
   page thought the server was there, and it wasn't), and the form comes back
   saying so. */
function postOrOffline(request) {
  const url = new URL(request.url);
  const record = routes.match("record", url.pathname);
  const copy = record && !url.search ? request.clone() : null;
  return fetch(request).catch(() => (copy ? keepPosted(copy, record.table_id) : offlinePage()));
}

/* Kept in a few words from its entries (waiting-store.js): no page here to
   name its kind. */
async function keepPosted(request, table) {
  const entries = [...(await request.formData()).entries()]
    .map(([name, value]) => [name, String(value)]);
  const key = (entries.find(([name]) => name === "submission") || [])[1];
  const store = self.scorekeeperStore(table);
  const item = await store.keep(entries, key, null, self.scorekeeperStore.describe(entries));
  const form = routes.url("record", { table_id: table });
  return Response.redirect(`${form}?kept=${encodeURIComponent(item.key)}`, 303);
}

function offlinePage() {
  return caches.match(routes.url("offline")).then((page) => page || new Response(
    "Offline: this phone can't reach the server.", { status: 503 }));
}

/* The app's files: from the cache at once, fetched again in the background. */
function shellFile(event, request) {
  return caches.open(SHELL).then((cache) => cache.match(request).then((kept) => {
    const fresh = fetch(request).then((response) => {
      if (response.ok) return cache.put(request, response.clone()).then(() => response);
      return response;
    });
    if (kept) {
      event.waitUntil(fresh.catch(() => undefined));
      return kept;
    }
    return fresh;
  }));
}

/* A page's key in the cache: its path ("?big=1" kept apart, the TV's page). */
function pageKey(url) {
  return url.pathname + (url.searchParams.get("big") === "1" ? "?big=1" : "");
}

function keepable(url, response) {
  return response.ok && !response.redirected && response.type === "basic"
    && KEPT_QUERY.test(url.search);
}

/* Keep a copy of a page, stamped with the time it was saved. */
function keep(url, response) {
  return response.blob().then((body) => {
    const headers = new Headers(response.headers);
    headers.set("X-Saved-At", new Date().toISOString());
    return caches.open(PAGES).then((cache) => cache.put(pageKey(url),
      new Response(body, { status: response.status, headers })));
  });
}

function networkFirst(request, url) {
  return fetch(request).then((response) => {
    if (keepable(url, response)) return keep(url, response.clone()).then(() => response);
    return response;
  }).catch(() => lastCopy(request, url));
}

/* The last copy of a page, marked as a copy: a whole page gets a
   data-offline-copy attribute (offline.js shows the banner), the share
   page's live part an X-Offline-Copy header (watch.js says how old it is). */
function lastCopy(request, url) {
  if (!KEPT_QUERY.test(url.search)) return request.mode === "navigate" ? offlinePage()
    : Response.error();
  return caches.open(PAGES).then((cache) => cache.match(pageKey(url))).then((kept) => {
    if (!kept) return request.mode === "navigate" ? offlinePage() : Response.error();
    const saved = kept.headers.get("X-Saved-At") || "";
    const headers = new Headers(kept.headers);
    headers.set("X-Offline-Copy", saved);
    return kept.text().then((html) => new Response(request.mode === "navigate"
      ? html.replace("<html ", `<html data-offline-copy="${saved}" `) : html,
    { status: 200, headers }));
  });
}

/* A page asks for copies of its table's other pages (the ledger, the record
   form, the share tab), so they open offline even if not visited since. */
self.addEventListener("message", (event) => {
  const urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil(urls.reduce((done, path) => done.then(() => {
    const url = new URL(path, self.location.origin);
    if (url.origin !== self.location.origin || !keptPage(url.pathname)) return undefined;
    return fetch(url, { headers: { "X-Offline-Copy": "1" }, credentials: "same-origin" })
      .then((response) => (keepable(url, response) ? keep(url, response) : undefined))
      .catch(() => undefined);
  }), Promise.resolve()));
});
