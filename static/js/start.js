// A start page (a table's, an event's): each house rule's "As the preset: …" says
// the value of the preset chosen, and follows the choice.  A rule that is a set of
// boxes (which hands make a doubler) says one thing with its boxes and its select:
// a box ticked makes it "Only those ticked:" (the first tick starting from the
// preset's own boxes, so ticking "leaster" adds it to the preset's throw-in), and
// "As the preset" clears the boxes.  The words and the preset's boxes come from the
// page (data-preset-words, data-preset-sets: the engine's own), never from here.
(function () {
  "use strict";
  var form = document.querySelector("form[data-preset-words]");
  if (!form) return;
  var said = JSON.parse(form.dataset.presetWords);
  var sets = form.dataset.presetSets ? JSON.parse(form.dataset.presetSets) : {};
  var label = form.dataset.keepLabel;

  function preset() {
    var checked = form.querySelector('input[name="preset"]:checked');
    return checked ? checked.value : "";
  }

  function show() {
    var words = said[preset()];
    if (!words) return;
    form.querySelectorAll("[data-keep-for]").forEach(function (el) {
      var text = label + ": " + words[el.dataset.keepFor];
      if (el.tagName === "INPUT") el.placeholder = text;
      else el.textContent = text;
    });
  }

  function boxes(key) {
    return Array.prototype.slice.call(
      form.querySelectorAll('[data-ticks-for="' + key + '"] input[type=checkbox]'));
  }

  // The select's first choice is "As the preset", its second "Only those ticked:".
  function setSelect(key) {
    return form.querySelector('select[name="opt-' + key + '"]');
  }

  function startFromPreset(key, ticked) {
    var own = (sets[preset()] || {})[key] || [];
    boxes(key).forEach(function (box) {
      if (box !== ticked) box.checked = own.indexOf(box.value) !== -1;
    });
  }

  form.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "preset") show();
    var ticks = target.closest && target.closest("[data-ticks-for]");
    if (ticks && target.checked) {
      var select = setSelect(ticks.dataset.ticksFor);
      if (select && select.selectedIndex === 0) {
        startFromPreset(ticks.dataset.ticksFor, target);
        select.selectedIndex = 1;
      }
    }
    if (target.tagName === "SELECT" && target.name.indexOf("opt-") === 0) {
      var key = target.name.slice(4);
      var own = boxes(key);
      if (!own.length) return;
      if (target.selectedIndex === 0) {
        own.forEach(function (box) { box.checked = false; });
      } else if (!own.some(function (box) { return box.checked; })) {
        startFromPreset(key, null);
      }
    }
  });
})();
