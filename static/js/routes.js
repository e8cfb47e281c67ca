/* The app's addresses, as the server names them (scorekeeper/views/client.py):
   templates with a {name} for each variable part, "/t/{table_id}/hand/new".

   A page carries them in <script type="application/json" id="app-routes">;
   the service worker (sw.js, which has no page) is told them when it is
   served, in self.scorekeeperApp.  Every script asks here, so none spells out
   a URL:

     scorekeeperRoutes.url("record", { table_id: 7 })   // "/t/7/hand/new"
     scorekeeperRoutes.match("record", "/t/7/hand/new") // { table_id: "7" }, or null */
self.scorekeeperRoutes = (function () {
  "use strict";

  function given() {
    if (self.scorekeeperApp) return self.scorekeeperApp.routes;
    const carried = self.document && document.getElementById("app-routes");
    return carried ? JSON.parse(carried.textContent) : {};
  }

  const templates = given();
  const PART = /\{(\w+)\}/g;

  function template(name) {
    if (!(name in templates)) throw new Error(`No address named ${name}`);
    return templates[name];
  }

  /* The address named ``name``, its {parts} filled in from ``values``. */
  function url(name, values) {
    return template(name).replace(PART, (_, part) => encodeURIComponent(values[part]));
  }

  /* The parts of ``path`` when it is the address named ``name``, else null.
     A part is what a table's id or a share link's token is made of. */
  function match(name, path) {
    const parts = [];
    const source = template(name).split(PART).map((piece, index) => {
      if (index % 2) {
        parts.push(piece);
        return "([A-Za-z0-9_-]+)";
      }
      return piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }).join("");
    const found = new RegExp(`^${source}$`).exec(path);
    if (!found) return null;
    return Object.fromEntries(parts.map((part, index) => [part, decodeURIComponent(found[index + 1])]));
  }

  return { url, match };
})();
