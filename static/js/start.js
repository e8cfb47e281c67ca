// The start page: each house rule's "As the preset: …" says the value of the
// preset chosen, and follows the choice. The words come from the page
// (data-preset-words, the engine's own), never from this script.
(function () {
  "use strict";
  var form = document.getElementById("new-table");
  if (!form || !form.dataset.presetWords) return;
  var said = JSON.parse(form.dataset.presetWords);
  var label = form.dataset.keepLabel;

  function show() {
    var checked = form.querySelector('input[name="preset"]:checked');
    var words = checked && said[checked.value];
    if (!words) return;
    form.querySelectorAll("[data-keep-for]").forEach(function (el) {
      var text = label + ": " + words[el.dataset.keepFor];
      if (el.tagName === "INPUT") el.placeholder = text;
      else el.textContent = text;
    });
  }

  form.addEventListener("change", function (event) {
    if (event.target.name === "preset") show();
  });
})();
