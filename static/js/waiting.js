/* Hands saved while the scorekeeper's server can't be reached wait on this
   phone, in IndexedDB, and are sent in order when it answers again.

   - Save on the record form: if the server answers and nothing is waiting, the
     hand is posted, and the server's answer shown as ever.  Otherwise, or when
     the server doesn't answer that post within ANSWER_MS (it stopped, the Wi-Fi
     dropped: the browser would otherwise sit on its "can't be reached" page
     with the hand lost), the hand is kept here with a key of its own (the
     form's one-time "submission": sent again, it still records one hand) and
     the version of the night it was made on, and the form is ready for the
     next hand.  Nothing is lost if the tab is closed or the phone sleeps.
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
   tab (waiting-panel.js).  This works over a LAN's plain HTTP too, where there is no service
   worker: then it works while the page stays open or is opened again with a
   connection. */
(function () {
  "use strict";

  const table = document.body.getAttribute("data-table");
  if (!table || !window.indexedDB || !self.scorekeeperStore || !self.scorekeeperWaitingPanel) return;
  const net = window.scorekeeperNet;
  const routes = self.scorekeeperRoutes;
  const form = document.getElementById("hand-form");
  const recording = Boolean(form) && !new URL(form.action).search
    && new URL(form.action).pathname === routes.url("record", { table_id: table });
  let review = recording ? new URLSearchParams(location.search).get("waiting") : null;
  const copy = document.documentElement.hasAttribute("data-offline-copy");
  const SENT = "scorekeeper:sent";
  const RETRY_MS = 5000;
  /* How long a Save waits for the server before the hand is kept here instead. */
  const ANSWER_MS = 3000;
  let touched = false;
  let count = 0;  // this table's waiting hands, as last read
  let failed = 0;  // when a hand last couldn't be sent
  let seenOnline = !net || net.online;
  let flushing = null;
  const landed = [];

  const stored = self.scorekeeperStore(table);
  const { waiting, put, drop, send } = stored;
  const panel = self.scorekeeperWaitingPanel(table, stored,
    { recording, review: () => review, discarded: () => flush() });
  const { element, note, next } = panel;

  async function show() {
    count = await panel.show();
  }

  /* --- sending what waits, in order -------------------------------------------------- */

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
        unreached();
        break;
      }
      if (answer.refused) {
        item.refused = answer.refused;
        item.problems = answer.problems;
        await put(item);
        break;
      }
      await arrived(item, items[1], answer);
    }
    await show();
    if (landed.length) settle();
  }

  /* The server couldn't be reached, or is in trouble: try again soon. */
  function unreached() {
    failed = Date.now();  // not again at once, even if the server's check answers
    if (net) net.check();
    // A busy or briefly lost server: try again in a few seconds while it seems to
    // answer (the check only repeats every 30 s while online).
    setTimeout(() => { if (!review && (!net || net.online)) flush(); }, RETRY_MS);
  }

  /* A hand landed: it waits no more, and the one made right after it saw the
     night as this hand left it. */
  async function arrived(item, after, answer) {
    await drop(item.key);
    landed.push(answer);
    if (after && after.chained) {
      if (answer.version !== null) after.version = answer.version;
      after.chained = false;
      await put(after);
    }
    await show();
  }

  /* What the hands that landed were, in the server's words. */
  function sentWords() {
    const numbers = landed.filter((a) => a.number).map((a) => a.number);
    if (landed.length === 1 && numbers.length) return `Hand ${numbers[0]} sent: ${landed[0].said}`;
    return `${landed.length} waiting hands sent`
      + (numbers.length ? `: hands ${numbers.join(", ")}.` : ".");
  }

  /* Hands landed: say so, and bring the page up to date. */
  function settle() {
    const said = sentWords();
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

  /* --- the record form ------------------------------------------------------------- */

  /* The form's fields as Save sends them (with the tapped button's, as "Yes,
     Dale went alone: save" sends alone). */
  function entries(submitter) {
    return [...new FormData(form, submitter || undefined).entries()]
      .map(([name, value]) => [name, String(value)]);
  }

  /* The hand as filled in, in a few words (waiting-store.js words it): the
     kind as the form names it, and only the fields the form shows for it. */
  function summary() {
    const kind = form.querySelector("input[name=kind]:checked");
    const shown = (name) => {  // the field's section is this kind's (data-kinds), folded or not
      const input = form.querySelector(`[name="${name}"]`);
      const part = input && input.closest("[data-kinds]");
      return !part || !kind || part.dataset.kinds.split(" ").includes(kind.value);
    };
    return self.scorekeeperStore.describe(entries(),
      kind ? kind.nextElementSibling.textContent.trim() : "A hand", shown);
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
    const deals = document.getElementById("deals");
    if (deals) deals.hidden = true;
  }

  /* Keep the form's hand: the one being checked, with the entries as they are
     now, or a new one after those already waiting. */
  async function keep(items, submitter) {
    const item = review && items.find((kept) => kept.key === review);
    // Kept under the form's own one-time key: a post of it that did reach the
    // server (its answer lost) and this hand sent later are one hand.
    const once = form.querySelector("input[name=submission]");
    if (!item) {
      return stored.keep(entries(submitter), (once && once.value) || null,
                         next() + items.length, summary());
    }
    const version = form.querySelector("input[name=version]").value;
    const fields = entries().filter(([name]) => !["submission", "version", "deal"].includes(name));
    Object.assign(item, { fields, version, chained: false, refused: null });
    await put(item);
    return item;
  }

  /* Ready for the next hand, which will be made after the one just kept. */
  function nextHand(item) {
    form.reset();
    // The next hand is another: its own one-time key (the one just used is the kept hand's).
    const once = form.querySelector("input[name=submission]");
    if (once) {
      once.defaultValue = stored.newKey();
      once.value = once.defaultValue;
    }
    touched = false;
    dealerLeftToServer();
    changed();
    note(`Hand ${item.number} kept on this phone: it waits to be sent (${item.summary}).`);
    const undo = document.getElementById("undo");  // the hand it would take back is not the last
    if (undo) undo.remove();
    window.scrollTo(0, 0);
  }

  /* Tell the form's other scripts its kind and points changed (not a tap). */
  function changed() {
    form.querySelectorAll("input[name=kind]:checked, #points").forEach((input) => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  async function save(submitter) {
    const items = await waiting();
    const item = await keep(items, submitter);
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
      if (passing) return;  // the server answered the post with a page: shown as ever
      event.preventDefault();
      if (busy) return;
      busy = true;
      const submitter = event.submitter;
      const waits = review || count || copy || (net && !net.online);
      (waits ? save(submitter) : post(submitter))
        .catch((error) => note(`Not kept: ${error}`)).finally(() => { busy = gone; });
    });
  }

  /* Post the hand; a server that doesn't answer within ANSWER_MS gets it later,
     from here.  Recorded (the answer sends the browser on to the next hand's
     form): that form, with the server's "Hand N saved".  Anything else (Save
     refused): the form posted as always, so the page shows the server's words
     (a refused hand records nothing, so the second post is refused the same). */
  let passing = false;
  let gone = false;  // on the way to the next hand's form: no more Saves from this one
  async function post(submitter) {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), ANSWER_MS);
    let answer;
    try {
      answer = await fetch(form.action, {
        method: "POST", body: new FormData(form, submitter || undefined),
        credentials: "same-origin", redirect: "manual", signal: stop.signal,
      });
    } catch (error) {
      if (net) net.check();
      return save(submitter);
    } finally {
      clearTimeout(timer);
    }
    if (answer.type === "opaqueredirect") {
      gone = true;
      location.assign(form.action);
      return undefined;
    }
    passing = true;
    if (submitter) form.requestSubmit(submitter);
    else form.requestSubmit();
    return undefined;
  }

  /* --- ?waiting=<key>: a refused hand checked on the form ------------------------------ */

  /* The refused hand's entries on the form as the night is now, and why: the
     server's problems at the top of the page, each a link to its field, as a
     refused Save's page lists them (errors.js), the keyboard on them. */
  function showReview(item) {
    let box = document.getElementById("waiting-review");
    if (!box) {
      box = element("div", "banner warn");
      box.id = "waiting-review";
      form.before(box);
    }
    box.replaceChildren(
      element("p", "", `Hand ${item.number} waited on this phone and was not sent.`),
      element("p", "muted", "Check it against the night as it is now, then save it."));
    const problems = item.problems && item.problems.length ? item.problems
      : [{ target: null, message: item.refused || "" }];
    if (self.scorekeeperErrors) self.scorekeeperErrors.show(problems, "Not sent");
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
    changed();
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

  /* --- the page opens ---------------------------------------------------------------- */

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

  /* Whenever the server is found to answer, send what waits (nothing to send: no request). */
  function sendWhenOnline() {
    document.addEventListener("scorekeeper:net", (event) => {
      const back = event.detail.online && !seenOnline;  // the server answers again
      seenOnline = event.detail.online;
      if (event.detail.online && !review && (back || Date.now() - failed > 4000)) flush();
    });
  }

  async function start() {
    sendWhenOnline();
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
