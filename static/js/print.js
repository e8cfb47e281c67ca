/* The event's printable pages: the Print button opens the browser's print
   dialog (the site's policy allows no inline script, so it is bound here). */
"use strict";
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
