/* A refused form's summary of problems (templates/_errors.html draws it at the
   top of the page, the server's title starts "Error: "):

   - On a page that opens with one, the keyboard and a screen reader start on it.
   - Each of its links moves the keyboard to the field it names: the control
     itself, or the first control of a group (a fieldset of names, a row); a
     closed <details> around it opens.  A message that belongs to no field
     takes the focus itself.
   - scorekeeperErrors.show(problems, word) draws one from a script's refusal
     (no page comes): [{target, message}], the same box, title and focus;
     scorekeeperErrors.clear() takes it away. */
(function () {
  "use strict";
  const PREFIX = "Error: ";
  const CONTROLS = "input:not([type=hidden]):not([disabled]), select, textarea, button";

  function control(target) {
    return target.matches(CONTROLS) ? target : target.querySelector(CONTROLS);
  }

  function goTo(target) {
    const closed = target.closest("details:not([open])");
    if (closed) closed.open = true;
    const field = control(target);
    const focused = field || target;
    if (!field) focused.setAttribute("tabindex", "-1");
    focused.focus({ preventScroll: true });
    // Its words (the fieldset's legend, the label) come into view with it.
    (focused.closest("fieldset, label, .points-row") || target).scrollIntoView({ block: "center" });
  }

  function follow(event) {
    const link = event.target.closest(".error-summary a[href^='#']");
    if (!link) return;
    const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!target) return;
    event.preventDefault();
    goTo(target);
  }

  function titled(wrong) {
    const plain = document.title.startsWith(PREFIX) ? document.title.slice(PREFIX.length)
      : document.title;
    document.title = wrong ? PREFIX + plain : plain;
  }

  function clear() {
    const box = document.getElementById("error-summary");
    if (box) box.remove();
    titled(false);
  }

  function show(problems, word) {
    clear();
    if (!problems.length) return null;
    const box = document.createElement("div");
    box.className = "error-summary";
    box.id = "error-summary";
    box.setAttribute("role", "alert");
    box.tabIndex = -1;
    const heading = document.createElement("h2");
    heading.textContent = `${word}: ${problems.length === 1 ? "fix this" : "fix these"} first`;
    const list = document.createElement("ul");
    for (const problem of problems) {
      const item = document.createElement("li");
      const present = problem.target && document.getElementById(problem.target);
      const words = present ? document.createElement("a") : item;
      if (present) {
        words.href = `#${problem.target}`;
        item.append(words);
      }
      words.textContent = problem.message;
      list.append(item);
    }
    box.append(heading, list);
    document.getElementById("main").prepend(box);
    titled(true);
    box.focus();
    return box;
  }

  document.addEventListener("click", follow);
  function start() {
    const box = document.getElementById("error-summary");
    if (box) box.focus();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  window.scorekeeperErrors = { show, clear };
})();
