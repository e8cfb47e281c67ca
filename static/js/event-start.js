// The event start page: the hint under "How long each table plays a session"
// follows what is typed and chosen (rounds of the deal or hands, and the
// players per hand of the preset or its house rule), and typing in a box
// chooses it.  Every hint comes from the page (data-length-hints, worked out
// by the server), never from this script.
(function () {
  "use strict";
  var form = document.getElementById("new-event");
  var hint = document.getElementById("length-hint");
  if (!form || !hint || !form.dataset.lengthHints) return;
  var hints = JSON.parse(form.dataset.lengthHints);

  function chosen() {
    var length = form.querySelector('input[name="length"]:checked');
    return length ? length.value : "rounds";
  }

  function seats() {
    var rule = form.querySelector('select[name="opt-seats"]');
    if (rule && hints.rounds[rule.value]) return rule.value;
    var preset = form.querySelector('input[name="preset"]:checked');
    return preset ? String(hints.seats[preset.value]) : "";
  }

  function show() {
    var length = chosen();
    var typed = form.querySelector('input[name="' + length + '"]').value.trim();
    var number = /^[0-9]{1,3}$/.test(typed) ? Number(typed) : 0;
    var said = length === "hands" ? hints.hands : hints.rounds[seats()] || [];
    hint.textContent = (number && said[number - 1]) || hints.none[length];
  }

  ["rounds", "hands"].forEach(function (length) {
    var box = form.querySelector('input[name="' + length + '"]');
    var choice = form.querySelector('input[name="length"][value="' + length + '"]');
    if (!box || !choice) return;
    box.addEventListener("input", function () { choice.checked = true; });
  });
  form.addEventListener("input", show);
  form.addEventListener("change", show);
  // Said once at the start too: a hint first changed by a box's "change" (as a
  // tap on Start leaves the box) would move the button under the finger.
  show();
})();
