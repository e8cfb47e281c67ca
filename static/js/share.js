/* The Share tab: copy the link, confirm what can't be undone, local times. */
(function () {
  /* Copy the share link (navigator.clipboard needs https; plain http on the LAN falls back to execCommand). */
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = document.getElementById(button.dataset.copy);
      var status = document.getElementById("copy-status");
      function done(ok) { status.textContent = ok ? "Link copied." : "Select the link and copy it."; }
      input.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(function () { done(true); }, function () { done(false); });
      } else {
        var ok = false;
        try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
        done(ok);
      }
    });
  });
  /* Ask before the actions that can't be undone. */
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  });
  /* Show times in the phone's own time zone. */
  document.querySelectorAll("time[data-local]").forEach(function (t) {
    var when = new Date(t.dateTime);
    var parts = t.dataset.local === "time" ? {hour: "2-digit", minute: "2-digit"}
      : {month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"};
    if (!isNaN(when)) t.textContent = when.toLocaleString([], parts);
  });
})();
