/* The live share page: skip a poll while the phone's screen is off or the tab
   hidden, and grey the "Live" dot while the server can't be reached, saying
   when the standings were last brought up to date.  (Without a network the
   service worker answers a poll with the last copy it kept, marked with an
   X-Offline-Copy header: that is not an update.) */
(function () {
  var status = document.getElementById("live-status");
  var off = status && status.querySelector(".off");
  var copy = document.documentElement.getAttribute("data-offline-copy");
  var updated = copy ? new Date(copy) : new Date();

  function clock(when) {
    return when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  function offline(yes) {
    if (!status) return;
    status.classList.toggle("offline", yes);
    if (off && !isNaN(updated)) off.textContent = "Offline · last updated " + clock(updated);
  }

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (document.hidden) event.preventDefault();
  });
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    var kept = xhr.getResponseHeader("X-Offline-Copy");
    if (xhr.status === 0 || kept !== null) {
      if (kept) updated = new Date(Math.max(updated, new Date(kept)));
      offline(true);
    } else {
      updated = new Date();
      offline(false);
    }
  });
  offline(copy !== null);
  /* What the top says follows the live part: a night closed, an event
     finished (or reopened) while this phone watched.  The live part says it
     in data-status; a night's says it by showing #closed. */
  document.body.addEventListener("htmx:afterSwap", function () {
    var on = status && status.querySelector(".on");
    var live = document.getElementById("live");
    var said = live && live.getAttribute("data-status");
    if (!said && document.getElementById("closed")) said = "Closed · read-only";
    if (on && said && on.textContent !== said) on.textContent = said;  // said once, not each swap
    tell();
  });

  /* A night's news for a screen reader: the swapped part is no live region (it
     would all be read again); each last hand carries its news in the server's
     words (data-news) and its id (data-hand), and #live-news says, oldest
     first, a hand newer than the newest heard, or one whose words changed
     while its number stayed (edited, or paid again as an earlier edit
     replayed the night).  What the page opened with is not news, nor a hand
     renumbered, nor one that only came back into the last few (a later one
     was deleted). */
  var news = document.getElementById("live-news");
  var heard = {}, newest = 0;

  function hear() {  // what is news among the hands on screen, oldest first
    var hands = document.querySelectorAll("#recent [data-hand]"), fresh = [], now = {}, top = 0;
    for (var i = hands.length - 1; i >= 0; i--) {
      var hand = { number: Number(hands[i].getAttribute("data-number")),
                   words: hands[i].getAttribute("data-news") };
      var before = heard[hands[i].getAttribute("data-hand")];
      if (before ? before.number === hand.number && before.words !== hand.words
                 : hand.number > newest) fresh.push(hand.words);
      now[hands[i].getAttribute("data-hand")] = hand;
      top = Math.max(top, hand.number);
    }
    heard = now;
    newest = top;
    return fresh;
  }

  /* A leaderboard's news is the live part's own (data-news: its stage and
     leaders), said when it differs from the last heard. */
  function summary() {
    var live = document.getElementById("live");
    return live && live.getAttribute("data-news");
  }
  var summed = summary();

  function tell() {
    var fresh = hear(), now = summary();
    if (now && summed !== null && now !== summed) fresh.push(now);
    summed = now;
    if (news && fresh.length) news.textContent = fresh.join(" ");
  }

  hear();
})();
