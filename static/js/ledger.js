// The ledger on a phone.  Its grid scrolls in its own box (names and totals stay
// at the top, hand numbers at the left); this script
// - shades the box's left and right edges while there is more to scroll that way,
// - shows the line above the box that says it slides sideways, while it can,
// - fits the box to the room left on the screen above the "Record hand" bar,
// - and, on the page of the latest hands, opens the box at the latest hand.
(function () {
  "use strict";

  function shade(view, box) {
    const more = box.scrollWidth - box.clientWidth - box.scrollLeft;
    view.classList.toggle("more-right", more > 1);
    view.classList.toggle("more-left", box.scrollLeft > 1);
  }

  function hint(box) {
    const line = document.getElementById("ledger-scroll-hint");
    if (line) line.hidden = box.scrollWidth - box.clientWidth <= 1;
  }

  function fit(box) {
    const bar = document.querySelector(".record-bar");
    const top = box.getBoundingClientRect().top + window.scrollY;
    const below = (bar ? bar.offsetHeight : 0) + 12;
    let room = window.innerHeight - top - below;
    // Too little left (a phone on its side, a long message above): the whole screen
    // above the bar instead, once the page is scrolled down to the ledger.
    if (room < window.innerHeight * 0.5) room = window.innerHeight - below;
    box.style.setProperty("--ledger-room", Math.floor(Math.max(room, 160)) + "px");
  }

  function start() {
    const view = document.querySelector(".ledger-view");
    const box = view && view.querySelector(".ledger-scroll");
    if (!box) return;
    hint(box);
    fit(box);
    if (view.hasAttribute("data-latest")) box.scrollTop = box.scrollHeight;
    shade(view, box);
    box.addEventListener("scroll", () => shade(view, box), { passive: true });
    window.addEventListener("resize", () => { hint(box); fit(box); shade(view, box); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
