/* Hands saved while the scorekeeper's server can't be reached wait on this
   phone, in IndexedDB, and are sent in order when it answers again.

   - Save on the record form: if the server answers and nothing is waiting, the
     form is posted as always.  Otherwise the hand is kept here with a key of its
     own (the form's one-time "submission": sent again, it still records one
     hand) and the version of the night it was made on, and the form is ready
     for the next hand.  Nothing is lost if the tab is closed or the phone sleeps.
   - Waiting hands are sent one at a time, oldest first, when the connection
     comes back, when a page of the table opens, and every few seconds while
     the server can't be reached (offline.js).  The server answers a kept hand
     in JSON (X-Waiting-Save), with the night's version its recording made: the
     next hand, made right after it on this phone, is sent as seen on that
     version.
   - If the night changed on another phone meanwhile, the server refuses the
     hand and says what changed.  It is not sent again by itself: the ledger and
     the record form show it with the server's words, and the scorekeeper checks
     it on the record form (the night as it is now, the hand's entries filled
     in) and saves it, or discards it.  The hands after it wait for that.

   The ledger and the record form show what waits, with a count on the Ledger
   tab.  This works over a LAN's plain HTTP too, where there is no service
   worker: then it works while the page stays open or is opened again with a
   connection. */
(function () {
  "use strict";

  const table = document.body.getAttribute("data-table");
  if (!table || !window.indexedDB || !self.scorekeeperStore) return;
  const net = window.scorekeeperNet;
  const form = document.getElementById("hand-form");
  const recording = form && new URL(form.action).pathname === `/t/${table}/hand/new`
    && !new URL(form.action).search;
  let review = recording ? new URLSearchParams(location.search).get("waiting") : null;
  const copy = document.documentElement.hasAttribute("data-offline-copy");
  const SENT = "scorekeeper:sent";
  let touched = false;
  let count = 0;  // this table's waiting hands, as last read
  let failed = 0;  // when a hand last couldn't be sent
  const RETRY_MS = 5000;
  let seenOnline = !net || net.online;
  let flushing = null;
  const landed = [];

  const stored = self.scorekeeperStore(table);
  const { waiting, put, drop, send } = stored;

  function flush() {
    if (!flushing) flushing = sendAll().finally(() => { flushing = null; });
    return flushing;
  }

  async function sendAll() {
    for (;;) {
      const items = await waiting();
      const item = items[0];
      if (!item || item.refused) break;
      const answer = await send(item);
      if (answer === null) {
        failed = Date.now();  // not again at once, even if the server's check answers
        if (net) net.check();
        // A busy or briefly lost server: try again in a few seconds while it seems to
        // answer (the check only repeats every 30 s while online).
        setTimeout(() => { if (!review && (!net || net.online)) flush(); }, RETRY_MS);
        break;
      }
      if (answer.refused) {
        item.refused = answer.refused;
        await put(item);
        break;
      }
      await drop(item.key);
      landed.push(answer);
      const after = items[1];
      if (after && after.chained) {
        // Made right after this hand: it saw the night as this hand left it.
        if (answer.version !== null) after.version = answer.version;
        after.chained = false;
        await put(after);
      }
      await show();
    }
    await show();
    if (landed.length) settle();
  }

  /* Hands landed: say so, and bring the page up to date. */
  function settle() {
    const numbers = landed.filter((a) => a.number).map((a) => a.number);
    const said = landed.length === 1 && numbers.length
      ? `Hand ${numbers[0]} sent: ${landed[0].said}`
      : `${landed.length} waiting hands sent` + (numbers.length ? `: hands ${numbers.join(", ")}.` : ".");
    const last = landed[landed.length - 1];
    landed.length = 0;
    waiting().then((items) => {
      if (items.length) return;
      if (!recording || !touched) {
        sessionStorage.setItem(SENT, said);
        location.replace(location.pathname);
        return;
      }
      // Entries on the form: keep them; it is saved as made after the hands just sent.
      note(said);
      if (last.version !== null) form.querySelector("input[name=version]").value = last.version;
      form.querySelector("input[name=deal]").value = "";
      dealerLeftToServer();
    });
  }

  /* --- what waits, on the page ----------------------------------------------------- */

  function clock(at) {
    return new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  function note(text) {
    const main = document.querySelector("main");
    const old = document.getElementById("sent");
    if (old) old.remove();
    const flash = element("p", "flash sent", text);
    flash.id = "sent";
    flash.setAttribute("role", "status");
    main.prepend(flash);
  }

  function line(item) {
    const li = element("li", item.refused ? "refused" : "");
    li.dataset.key = item.key;
    li.append(element("strong", "", `Hand ${item.number}`), ` ${item.summary} `,
      element("small", "muted", `· kept ${clock(item.at)}`));
    if (!item.refused) return li;
    li.append(element("p", "error", `Not sent: ${item.refused}`));
    const actions = element("div", "actions");
    const check = element("a", "", "Check it and send");
    check.setAttribute("role", "button");
    check.href = `/t/${table}/hand/new?waiting=${encodeURIComponent(item.key)}`;
    check.className = "check-waiting";
    const discard = element("button", "secondary outline discard-waiting", "Discard it");
    discard.type = "button";
    discard.addEventListener("click", () => {
      if (window.confirm(`Discard hand ${item.number} (${item.summary})? It will not be sent.`)) {
        drop(item.key).then(show).then(flush);
      }
    });
    actions.append(check, discard);
    li.append(actions);
    return li;
  }

  async function show() {
    const items = await waiting();
    count = items.length;
    const panel = document.getElementById("waiting");
    const tab = document.querySelector(`nav.tabs a[href="/t/${table}"]`);
    if (tab) {
      let badge = tab.querySelector(".waiting-count");
      if (!badge) tab.append(badge = element("span", "badge waiting-count"));
      badge.textContent = String(items.length);
      badge.hidden = !items.length;
      badge.title = `${items.length} waiting to send`;
    }
    if (recording && !review) renumber(items.length);
    const bar = document.getElementById("record-next");
    if (bar && document.getElementById("waiting")) {
      bar.textContent = `Record hand ${next() + items.length}`;
    }
    if (!panel) return;
    const listed = items.filter((item) => item.key !== review);
    panel.hidden = !listed.length;
    panel.replaceChildren();
    if (!listed.length) return;
    const heading = element("h2", "", "Waiting to send ");
    heading.append(element("span", "badge count", String(items.length)));
    const stuck = items.some((item) => item.refused && item.key !== review);
    const says = review ? "These wait for the hand below to be saved first."
      : stuck ? "The night changed on another phone: check the hand below before it is sent."
        : "Kept on this phone and sent in order when the server answers again.";
    panel.append(heading, element("p", "muted", says));
    const list = element("ol", "waiting-list");
    listed.forEach((item) => list.append(line(item)));
    if (recording && !stuck) {
      // On the record form the list stays out of the way of the next hand.
      const more = element("details", "waiting-more");
      more.append(element("summary", "", "Which hands"), list);
      panel.append(more);
    } else {
      panel.append(list);
    }
  }

  /* The number the next hand saved on the server would get, as the page was made. */
  function next() {
    return Number(document.getElementById("waiting").dataset.next);
  }

  /* The form's heading names the hand the next save makes. */
  function renumber(count) {
    const title = document.querySelector("main h1");
    if (title) title.textContent = `Hand ${next() + count}`;
  }

  /* --- the record form ------------------------------------------------------------- */

  function picked(name) {
    return [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((box) => box.value);
  }

  /* "Someone picked · Ann with Cat · 61 points", from the form as filled in. */
  function summary() {
    const kind = form.querySelector("input[name=kind]:checked");
    const parts = [kind ? kind.nextElementSibling.textContent.trim() : "A hand"];
    const picker = picked("picker")[0];
    const partners = picked("partners");
    if (picker) parts.push(picker + (partners.length ? ` with ${partners.join(" and ")}` : ""));
    const points = form.querySelector("input[name=points]");
    if (points && points.value.trim() && points.offsetParent !== null) {
      parts.push(`${points.value.trim()} points`);
    }
    return parts.join(" · ");
  }

  function entries() {
    return [...new FormData(form).entries()].map(([name, value]) => [name, String(value)]);
  }

  /* The dealer of a hand made after a waiting one is the server's to work out
     when it lands (unless the scorekeeper picks one). */
  function dealerLeftToServer() {
    const dealer = form.querySelector("select[name=dealer]");
    if (dealer) dealer.selectedIndex = -1;
    const said = form.querySelector("details > summary");
    if (said) said.textContent = "Dealer: worked out when it is sent";
    const out = document.getElementById("sitting-out");
    if (out) out.hidden = true;
  }

  async function keep(items) {
    if (review) {
      const item = items.find((kept) => kept.key === review);
      if (item) {
        const version = form.querySelector("input[name=version]").value;
        const fields = entries().filter(([name]) => !["submission", "version", "deal"]
          .includes(name));
        Object.assign(item, { fields, version, chained: false, refused: null });
        await put(item);
        return item;
      }
    }
    return stored.keep(entries(), null, next() + items.length, summary());
  }

  /* Ready for the next hand, which will be made after the one just kept. */
  function nextHand(item) {
    form.reset();
    touched = false;
    dealerLeftToServer();
    form.querySelectorAll("input[name=kind]:checked, #points").forEach((input) => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    note(`Hand ${item.number} kept on this phone: it waits to be sent (${item.summary}).`);
    const undo = document.getElementById("undo");  // the hand it would take back is not the last
    if (undo) undo.remove();
    window.scrollTo(0, 0);
  }

  async function save() {
    const items = await waiting();
    const item = await keep(items);
    if (review) {
      await flush();
      const after = (await waiting()).find((kept) => kept.key === item.key);
      if (after && after.refused) showReview(after);
      else location.replace(location.pathname);  // sent, or waits with the others
      return;
    }
    nextHand(item);
    await show();
    flush();
  }

  function watchForm() {
    let busy = false;
    form.addEventListener("input", () => { touched = true; });
    form.addEventListener("change", (event) => {
      if (!event.isTrusted) return;
      touched = true;
      if (net) net.recheck(10000);  // a save is a few taps away: is the server still there?
    });
    form.addEventListener("submit", (event) => {
      // Posted as always (the server's page answers) unless something says the
      // hand must wait: decided at once, so the page goes as soon as it is tapped.
      if (!busy && !review && !count && !copy && (!net || net.online)) return;
      event.preventDefault();
      if (busy) return;
      busy = true;
      save().catch((error) => note(`Not kept: ${error}`)).finally(() => { busy = false; });
    });
  }

  /* ?waiting=<key>: the refused hand's entries on the form as the night is now. */
  function showReview(item) {
    let box = document.getElementById("waiting-review");
    if (!box) {
      box = element("div", "banner warn");
      box.id = "waiting-review";
      box.setAttribute("role", "alert");
      form.before(box);
    }
    box.replaceChildren(
      element("p", "", `Hand ${item.number} waited on this phone and was not sent:`),
      element("p", "error", item.refused || ""),
      element("p", "muted", "Check it against the night as it is now, then save it."));
  }

  function fill(item) {
    const skip = ["csrf_token", "submission", "version", "deal", "dealer", "seated"];
    form.querySelectorAll("input, select").forEach((input) => {
      if (!input.name || skip.includes(input.name)) return;
      const values = item.fields.filter(([name]) => name === input.name).map(([, v]) => v);
      if (input.type === "radio" || input.type === "checkbox") {
        input.checked = values.includes(input.value);
      } else {
        input.value = values[0] || "";
      }
    });
    form.querySelectorAll("input[name=kind]:checked, #points").forEach((input) => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  async function startReview() {
    const item = (await waiting()).find((kept) => kept.key === review);
    if (!item) {
      review = null;  // sent or discarded meanwhile (another tab): a new hand, then
      return;
    }
    fill(item);
    showReview(item);
    document.getElementById("save").textContent = "Save this hand";
  }

  /* Hands the service worker kept from a form posted without a server get the
     numbers the page would have given them; "?kept=<key>" says one was just kept. */
  async function numberKept() {
    const items = await waiting();
    for (const [index, item] of items.entries()) {
      if (item.number === null && document.getElementById("waiting")) {
        item.number = next() + index;
        await put(item);
      }
    }
    const key = new URLSearchParams(location.search).get("kept");
    const kept = key && items.find((item) => item.key === key);
    if (!kept) return;
    history.replaceState(null, "", location.pathname);
    note(`Hand ${kept.number} kept on this phone: it waits to be sent (${kept.summary}).`);
  }

  async function start() {
    // Whenever the server is found to answer, send what waits (nothing to send: no request).
    document.addEventListener("scorekeeper:net", (event) => {
      const back = event.detail.online && !seenOnline;  // the server answers again
      seenOnline = event.detail.online;
      if (event.detail.online && !review && (back || Date.now() - failed > 4000)) flush();
    });
    const sent = sessionStorage.getItem(SENT);
    if (sent) {
      sessionStorage.removeItem(SENT);
      note(sent);
    }
    await numberKept();
    if (recording) {
      watchForm();
      if (review) await startReview();
      // This form's dealer was right before the waiting hands: the server works it out.
      else if ((await waiting()).length) dealerLeftToServer();
    }
    await show();
    if ((await waiting()).length && !review) flush();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
