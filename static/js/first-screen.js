// The record form's first screen on a phone (templates/hands/form.html): what is
// tapped next stays clear of the Save bar stuck to the bottom of the screen.
//
// - The names' rows fold once they are done: the picker chosen and as many
//   partners as this table's picker has (the form's data-most-partners; where he
//   may have two, one and the points), or "Picker went alone".  One line says
//   who (in the rows' own words), and the points, tricks and cracks come up onto
//   the first screen; Change opens the rows again until the next change.  Rows
//   that hold an error of a refused Save stay open.
// - A tap where the tap that folded or opened the rows landed, just after it, is
//   the second tap of a double tap: dropped, as whatever moved under it is not
//   what the finger was after.
// - Whatever is focused or scrolled to stops above the bar (the page's
//   scroll-padding is the bar's height), and an error of a refused Save is
//   brought above it.
// - After a Save (the next hand's form, saying "Hand 3 saved", or the form made
//   ready again for the next hand while one waits on the phone), the keyboard
//   goes on from the next hand's first choice, the picker, not from the top of
//   the page; nothing scrolls.  A Save tapped, not keyed, leaves that focus
//   without its ring (it would look like a choice) until a key is pressed.
(function () {
  "use strict";
  const form = document.getElementById("hand-form");
  const named = document.getElementById("named");
  const bar = form && form.querySelector(".save-bar");
  if (!form || !named || !bar) return;
  const ROWS = ["kind", "picker-row", "partner-row"];
  const DOUBLE_TAP_MS = 600;
  const SAME_SPOT_PX = 24;
  let open = false;  // Change was tapped: the rows stay open until the next change
  let pressed = null;  // where and when the last tap came down
  let moved = null;  // the tap that folded or opened the rows

  function rows() {
    return ROWS.map((id) => document.getElementById(id)).filter(Boolean);
  }

  function checked(name) {
    return [...form.querySelectorAll(`input[name="${name}"]:checked`)];
  }

  function done() {
    const kind = checked("kind")[0];
    if (!kind || kind.value !== "picked" || !checked("picker").length) return false;
    if (rows().some((row) => row.querySelector(".field-error"))) return false;
    if (!document.getElementById("partner-row")) return true;  // a table without partners
    const partners = checked("partners").length;
    const most = parseInt(form.dataset.mostPartners, 10) || 1;
    const points = document.getElementById("points");
    return checked("alone").length > 0 || partners >= most
      || (partners > 0 && points !== null && points.value.trim() !== "");
  }

  function words(row) {
    const legend = document.querySelector(`#${row} > legend`);
    return legend ? legend.firstChild.textContent.trim() : "";
  }

  function part(label, names) {
    const out = document.createDocumentFragment();
    if (label) {
      const said = document.createElement("span");
      said.className = "muted";
      said.textContent = label + " ";
      out.append(said);
    }
    const who = document.createElement("strong");
    who.textContent = names;
    out.append(who);
    return out;
  }

  // "Who picked? Ann · Partner Cat", "Who picked? Ann · Picker went alone".
  function sayWho() {
    const line = document.getElementById("named-line");
    const parts = [part(words("picker"), checked("picker")[0].value)];
    const alone = checked("alone")[0];
    if (alone) parts.push(part("", alone.closest("label").textContent.trim()));
    else if (checked("partners").length) {
      parts.push(part(words("partners"), checked("partners").map((box) => box.value).join(", ")));
    }
    line.replaceChildren(...parts.flatMap((one, i) => (i ? [" · ", one] : [one])));
  }

  function show(folded) {
    if (folded) sayWho();
    if (folded === !named.hidden) return;
    // A keyboard's focus in a row that folds goes on to Change, not to the page.
    const keys = document.activeElement && document.activeElement.matches(":focus-visible")
      && rows().some((row) => row.contains(document.activeElement));
    rows().forEach((row) => { row.hidden = folded; });
    named.hidden = !folded;
    if (folded && keys) document.getElementById("rename").focus({ preventScroll: true });
    if (pressed && Date.now() - pressed.at < DOUBLE_TAP_MS) moved = pressed;
  }

  function fold() {
    if (!open) show(done());
  }

  form.addEventListener("change", () => {
    open = false;
    fold();
  });
  const TAPPED = "scorekeeper:saved-by-tap";
  let keyed = false;  // the last press was a key's, not a finger's
  document.addEventListener("keydown", () => {
    keyed = true;
    form.classList.remove("quiet-focus");
  }, true);
  document.addEventListener("pointerdown", () => { keyed = false; }, true);
  form.addEventListener("submit", () => sessionStorage.setItem(TAPPED, keyed ? "" : "1"));

  function nextHand(tapped) {
    const first = form.querySelector("#picker input:not([disabled])");
    if (!first) return;
    form.classList.toggle("quiet-focus", tapped);
    first.focus({ preventScroll: true });
  }

  form.addEventListener("reset", () => {
    open = false;
    setTimeout(() => {
      show(false);
      nextHand(!keyed);
    });
  });
  // The engine's choices (a partner its rules name) are ticked as the preview comes.
  document.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target.id === "preview") fold();
  });
  document.getElementById("rename").addEventListener("click", () => {
    open = true;
    show(false);
    const first = form.querySelector("#picker input:checked") || form.querySelector("#picker input");
    if (first) first.focus({ preventScroll: true });
  });

  function sameSpot(event) {
    return moved !== null && Date.now() - moved.at <= DOUBLE_TAP_MS
      && Math.hypot(event.clientX - moved.x, event.clientY - moved.y) <= SAME_SPOT_PX;
  }
  document.addEventListener("pointerdown", (event) => {
    if (!sameSpot(event)) moved = null;  // a tap elsewhere: no double tap after it
    pressed = { x: event.clientX, y: event.clientY, at: Date.now() };
  }, true);
  document.addEventListener("click", (event) => {
    if (!event.isTrusted || event.detail === 0 || !sameSpot(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);

  // Scrolling to anything (a tap, a focus, an error) stops it above the bar.
  function padForBar() {
    document.documentElement.style.scrollPaddingBottom = `${bar.offsetHeight}px`;
  }
  padForBar();
  if (window.ResizeObserver) new ResizeObserver(padForBar).observe(bar);

  function errorInView() {
    const error = form.querySelector(".field-error");
    if (error && error.getBoundingClientRect().bottom > bar.getBoundingClientRect().top) {
      error.scrollIntoView({ block: "nearest" });
    }
  }

  // After hand.js has ticked what the engine chose on a hand taken back.
  document.addEventListener("DOMContentLoaded", () => {
    fold();
    errorInView();
    const saved = document.querySelector(".after-save .flash.saved");
    if (saved && !document.getElementById("error-summary")
        && document.activeElement === document.body) nextHand(sessionStorage.getItem(TAPPED) === "1");
  });
})();
