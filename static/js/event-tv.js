/* The event's big screen: turn through its screens (the standings twenty at
   a time, the prizes, the tables), one every so many seconds (#tv-turn's
   data-seconds).  Pause stops the turning and Resume starts it again;
   Previous and Next step by hand.  A device that asks for less motion opens
   paused and says so.  The live part is swapped for each newer version,
   paused or not: the screen showing is set again before the page is painted
   (a mutation observer runs first), so nothing flickers, and again once htmx
   has settled the swap (settling puts back each screen's class as the
   server sent it, which shows every screen).  Without this script every
   screen shows, one above the other, and the page scrolls. */
(function () {
  var body = document.body;
  var live = document.getElementById("live");
  var controls = document.getElementById("tv-turn");
  var pause = document.getElementById("tv-pause");
  var state = document.getElementById("tv-turn-state");
  var motion = window.matchMedia("(prefers-reduced-motion: reduce)");
  var seconds = Number(controls.getAttribute("data-seconds"));
  var turn = 0;
  var timer = null;
  var still = motion.matches;  // paused for the device's setting, not by a tap
  var paused = still;

  function show() {
    var screens = document.querySelectorAll("#live [data-screen]");
    if (!screens.length) { return; }
    turn = ((turn % screens.length) + screens.length) % screens.length;
    for (var i = 0; i < screens.length; i += 1) {
      screens[i].classList.toggle("off-screen", i !== turn);
    }
    body.setAttribute("data-showing", screens[turn].getAttribute("data-screen"));
  }

  function run() {  // (re)starts the wait for the next turn, unless paused, and says which
    clearInterval(timer);
    timer = paused ? null : setInterval(function () { turn += 1; show(); }, seconds * 1000);
    pause.textContent = pause.getAttribute(paused ? "data-resume" : "data-pause");
    state.textContent = state.getAttribute(
      paused ? (still ? "data-still" : "data-paused") : "data-turning");
    body.classList.toggle("paused", paused);
  }

  function step(by) {
    return function () { turn += by; show(); run(); };
  }

  body.classList.add("alternate");
  show();
  if (live && live.parentNode) {
    new MutationObserver(show).observe(live.parentNode, { childList: true });
  }
  body.addEventListener("htmx:afterSettle", show);
  pause.addEventListener("click", function () { paused = !paused; still = false; run(); });
  document.getElementById("tv-back").addEventListener("click", step(-1));
  document.getElementById("tv-next").addEventListener("click", step(1));
  motion.addEventListener("change", function () {
    if (motion.matches && !paused) { paused = still = true; run(); }
  });
  controls.hidden = false;
  run();
})();
