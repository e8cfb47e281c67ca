/* Where waiting hands are kept, and how one is sent (waiting.js decides when).

   One IndexedDB database, "scorekeeper", with one object store, "waiting":
   a hand per record, keyed by its one-time key, indexed by table.  A record
   holds the form's entries, the night's version it was made on, whether it
   was made right after another waiting hand ("chained"), when it was kept,
   the number and words the page showed, and the server's refusal if any.
   A write resolves once its transaction is committed ("strict"), so a hand
   said to be kept survives the tab closing a moment later.  The pages load
   this file (after routes.js), and so does the service worker (sw.js), which
   keeps a hand whose form was posted when the server couldn't be reached.
   Both say a waiting hand in words with describe(), below. */
self.scorekeeperStore = function (table) {
  "use strict";

  function open() {
    return new Promise((resolve, reject) => {
      const asked = indexedDB.open("scorekeeper", 1);
      asked.onupgradeneeded = () => {
        asked.result.createObjectStore("waiting", { keyPath: "key" }).createIndex("table", "table");
      };
      asked.onsuccess = () => resolve(asked.result);
      asked.onerror = () => reject(asked.error);
    });
  }

  function store(mode, act) {
    return open().then((db) => new Promise((resolve, reject) => {
      const tx = db.transaction("waiting", mode, { durability: "strict" });
      const asked = act(tx.objectStore("waiting"));
      tx.oncomplete = () => { db.close(); resolve(asked.result); };
      tx.onerror = tx.onabort = () => { db.close(); reject(tx.error); };
    }));
  }

  /* This table's waiting hands, oldest first. */
  const waiting = () => store("readonly", (s) => s.index("table").getAll(table))
    .then((items) => items.sort((a, b) => a.at - b.at));
  const put = (item) => store("readwrite", (s) => s.put(item));
  const drop = (key) => store("readwrite", (s) => s.delete(key));

  /* A key nobody else makes (crypto.randomUUID needs HTTPS; this doesn't). */
  function newKey() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return "w" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  function json(response) {
    return (response.headers.get("Content-Type") || "").includes("json");
  }

  /* What the server said about a refused hand: its JSON (the problems its form
     would list, each at its field: [{target, message}]), or a page's message. */
  function refusal(response) {
    if (json(response)) {
      return response.json().then((body) => ({
        refused: body.error || `Refused (${response.status}).`, problems: body.problems || [],
      }));
    }
    return response.text().then((html) => {
      const page = new DOMParser().parseFromString(html, "text/html");
      const said = page.querySelector(".error-page p, main p.error, main p");
      return { refused: said ? said.textContent.trim()
        : `The server refused it (${response.status}).`, problems: [] };
    });
  }

  /* Send one hand, as the record form would with X-Waiting-Save: the server's
     answer ({number, version, said}), {refused: message, problems}, or null when the
     server can't be reached or is in trouble (try again later). */
  function send(item) {
    const body = new URLSearchParams(item.fields);
    body.set("submission", item.key);
    body.set("version", String(item.version));
    body.set("deal", "");  // a waiting hand is refused after any change, not only a new deal
    return fetch(item.action, {
      method: "POST", body, credentials: "same-origin", cache: "no-store",
      headers: { "X-Waiting-Save": "1" },
    }).then((response) => {
      if (response.status >= 500 || response.headers.has("X-Offline-Copy")) return null;
      if (response.ok && json(response)) return response.json();
      // Saved, answered with the next form's page (the header was lost on the way).
      if (response.ok) return { number: null, version: null, said: "saved" };
      return refusal(response);
    }, () => null);
  }

  /* Keep a hand from the record form's entries (name, value pairs): the form's
     one-time key, the version it was made on, made after the hands already
     waiting.  ``number`` and ``summary`` are what the page shows of it. */
  async function keep(entries, key, number, summary) {
    const items = await waiting();
    const value = (wanted) => (entries.find(([name]) => name === wanted) || [])[1] || "";
    const item = {
      key: key || newKey(), table, action: self.scorekeeperRoutes.url("record", { table_id: table }),
      fields: entries.filter(([name]) => !["submission", "version", "deal"].includes(name)),
      version: value("version"), chained: items.length > 0,
      at: Math.max(Date.now(), ...items.map((kept) => kept.at + 1)),
      number, summary, refused: null,
    };
    if (!items.some((kept) => kept.key === item.key)) await put(item);
    return item;
  }

  return { waiting, put, drop, newKey, send, keep };
};

/* "Someone picked · Ann with Cat · 61 points": a waiting hand in a few words,
   from the entries it was kept with.  Once it lands, the pages show the
   server's own words for it ("said"); until then this is the one place that
   words it.  ``kind`` is the word the record form shows for the hand's kind
   (the service worker has no form and gives none); ``shown(name)`` says
   whether the form shows that field for the kind chosen. */
self.scorekeeperStore.describe = function (entries, kind, shown) {
  "use strict";

  const all = (wanted) => (shown && !shown(wanted) ? [] : entries
    .filter(([name, value]) => name === wanted && value.trim()).map(([, value]) => value.trim()));
  const [picker] = all("picker");
  const partners = all("partners");
  const [points] = all("points");
  const parts = kind ? [kind] : [];
  if (picker) parts.push(picker + (partners.length ? ` with ${partners.join(" and ")}` : ""));
  if (points) parts.push(`${points} points`);
  return parts.join(" · ") || "A hand";
};
