/* The live share page: skip a poll while the phone's screen is off or the tab
   hidden, and grey the "Live" dot while the server can't be reached. */
(function () {
  var status = document.getElementById("live-status");
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (document.hidden) event.preventDefault();
  });
  document.body.addEventListener("htmx:afterRequest", function (event) {
    if (status) status.classList.toggle("offline", event.detail.xhr.status === 0);
  });
  /* The night was closed while this phone watched: say so at the top too. */
  document.body.addEventListener("htmx:afterSwap", function () {
    var on = status && status.querySelector(".on");
    if (on && document.getElementById("closed")) on.textContent = "Closed · read-only";
  });
})();
