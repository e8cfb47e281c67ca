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
    if (on && said) on.textContent = said;
    else if (on && document.getElementById("closed")) on.textContent = "Closed · read-only";
  });
})();
