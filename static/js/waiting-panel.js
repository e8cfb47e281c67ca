/* What waits, on the page: the list of hands kept on this phone (on the ledger
   and the record form), the count on the Ledger tab, the record form's heading
   and the notes that say what became of a hand.  waiting.js decides what waits
   and when it is sent; this shows it.

   scorekeeperWaitingPanel(table, stored, page) is made once per page, with the
   table's store (waiting-store.js) and what it needs of waiting.js: whether
   the page is the record form (page.recording), the hand being checked
   (page.review(), a key or null) and what to do once a hand is discarded
   (page.discarded()). */
self.scorekeeperWaitingPanel = function (table, stored, page) {
  "use strict";

  const routes = self.scorekeeperRoutes;

  function clock(at) {
    return new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  /* A message at the top of the page, in place of the last one. */
  function note(text) {
    const main = document.querySelector("main");
    const old = document.getElementById("sent");
    if (old) old.remove();
    const flash = element("p", "flash sent", text);
    flash.id = "sent";
    flash.setAttribute("role", "status");
    main.prepend(flash);
  }

  /* A refused hand's way out: check it on the record form, or discard it. */
  function actions(item) {
    const actions = element("div", "actions");
    const check = element("a", "", "Check it and send");
    check.setAttribute("role", "button");
    check.href = `${routes.url("record", { table_id: table })}?waiting=${encodeURIComponent(item.key)}`;
    check.className = "check-waiting";
    const discard = element("button", "secondary outline discard-waiting", "Discard it");
    discard.type = "button";
    discard.addEventListener("click", () => {
      if (window.confirm(`Discard hand ${item.number} (${item.summary})? It will not be sent.`)) {
        stored.drop(item.key).then(show).then(page.discarded);
      }
    });
    actions.append(check, discard);
    return actions;
  }

  function line(item) {
    const li = element("li", item.refused ? "refused" : "");
    li.dataset.key = item.key;
    li.append(element("strong", "", `Hand ${item.number}`), ` ${item.summary} `,
      element("small", "muted", `· kept ${clock(item.at)}`));
    if (item.refused) li.append(element("p", "error", `Not sent: ${item.refused}`), actions(item));
    return li;
  }

  /* The count on the Ledger tab. */
  function badge(count) {
    const tab = document.querySelector(`nav.tabs a[href="${routes.url("ledger", { table_id: table })}"]`);
    if (!tab) return;
    let shown = tab.querySelector(".waiting-count");
    if (!count) {  // nothing waiting: no badge (the tab's name is just "Ledger")
      if (shown) shown.remove();
      return;
    }
    if (!shown) tab.append(shown = element("span", "badge waiting-count"));
    shown.textContent = String(count);
    shown.title = `${count} waiting to send`;
  }

  /* The list's heading and what it says about the hands in it. */
  function heading(items, listed) {
    const review = page.review();
    const title = element("h2", "", "Waiting to send ");
    title.append(element("span", "badge count", String(items.length)));
    const stuck = listed.some((item) => item.refused);
    const says = review ? "These wait for the hand below to be saved first."
      : stuck ? "The night changed on another phone: check the hand below before it is sent."
        : "Kept on this phone and sent in order when the server answers again.";
    return [title, element("p", "muted", says)];
  }

  /* The hands waiting, but for the one being checked on the form. */
  function list(panel, items) {
    const listed = items.filter((item) => item.key !== page.review());
    panel.hidden = !listed.length;
    panel.replaceChildren();
    if (!listed.length) return;
    panel.append(...heading(items, listed));
    const hands = element("ol", "waiting-list");
    listed.forEach((item) => hands.append(line(item)));
    if (page.recording && !listed.some((item) => item.refused)) {
      // On the record form the list stays out of the way of the next hand.
      const more = element("details", "waiting-more");
      more.append(element("summary", "", "Which hands"), hands);
      panel.append(more);
    } else {
      panel.append(hands);
    }
  }

  /* Show what waits now; resolves to how many hands wait. */
  async function show() {
    const items = await stored.waiting();
    badge(items.length);
    if (page.recording && !page.review()) renumber(items.length);
    const bar = document.getElementById("record-next");
    const panel = document.getElementById("waiting");
    if (bar && panel) bar.textContent = `Record hand ${next() + items.length}`;
    if (panel) list(panel, items);
    return items.length;
  }

  /* The number the next hand saved on the server would get, as the page was made. */
  function next() {
    return Number(document.getElementById("waiting").dataset.next);
  }

  /* The form's heading names the hand the next save makes: at a tournament
     table, the deal it is of those due ("Hand 7 of 20", from the heading's
     data-deal and data-due), counting each waiting hand as a deal. */
  function renumber(count) {
    const title = document.querySelector("main h1");
    if (!title) return;
    const due = Number(title.dataset.due);
    if (!due) {
      title.textContent = `Hand ${next() + count}`;
      return;
    }
    const deal = Number(title.dataset.deal) + count;
    title.textContent = deal <= due ? `Hand ${deal} of ${due}` : `Hand ${deal}`;
  }

  return { element, note, show, next };
};
