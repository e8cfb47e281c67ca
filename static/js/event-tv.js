/* The event's big screen: turn through its screens (the standings twenty at
   a time, the prizes, the tables), one every 15 seconds.  The live part is
   swapped for each newer version: the screen showing is set again before
   the page is painted (a mutation observer runs first), so nothing flickers.
   Without this script every screen shows, one above the other, and the page
   scrolls. */
(function () {
  var body = document.body;
  var live = document.getElementById("live");
  var turn = 0;
  function show() {
    var screens = document.querySelectorAll("#live [data-screen]");
    if (!screens.length) { return; }
    turn = turn % screens.length;
    for (var i = 0; i < screens.length; i += 1) {
      screens[i].classList.toggle("off-screen", i !== turn);
    }
    body.setAttribute("data-showing", screens[turn].getAttribute("data-screen"));
  }
  body.classList.add("alternate");
  show();
  if (live && live.parentNode) {
    new MutationObserver(show).observe(live.parentNode, { childList: true });
  }
  setInterval(function () { turn += 1; show(); }, 15000);
})();
