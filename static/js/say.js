// "Say the hand" on the record form (templates/hands/_say.html): the words, typed or
// dictated by the keyboard's microphone, go to the server, which answers the hand as
// the form's own fields ([name, value] pairs), or what it couldn't place, in words,
// with the fields of the part it understood.
// The fields go into the form and the preview is asked for; nothing is saved until
// Save is tapped.
(function () {
  "use strict";
  const say = document.getElementById("say");
  const form = document.getElementById("hand-form");
  if (!say || !form) return;
  const box = say.querySelector("[name=text]");
  const heard = document.getElementById("say-heard");
  const KEPT = ["csrf_token", "submission", "version", "deal", "dealer", "seated"];
  say.hidden = false;

  function tell(text, refused) {
    heard.textContent = text;
    heard.classList.toggle("field-error", refused);
    if (refused) box.setAttribute("aria-invalid", "true");
    else box.removeAttribute("aria-invalid");
  }

  function fill(fields) {
    form.querySelectorAll("input, select").forEach((input) => {
      if (!input.name || KEPT.includes(input.name)) return;
      const values = fields.filter(([name]) => name === input.name).map(([, v]) => v);
      if (input.type === "radio" || input.type === "checkbox") {
        input.checked = values.includes(input.value);
      } else {
        input.value = values.length ? values[0] : "";
      }
    });
    // One change, from the points box: the chips follow it and the form asks for
    // the preview (hx-trigger "change").
    const points = form.querySelector("#points") || form;
    points.dispatchEvent(new Event("change", { bubbles: true }));
  }

  async function understand() {
    if (!box.value.trim()) {
      tell("Say the hand, e.g. 'Ann with Cat 75', 'leaster Dan' or 'misdeal'.", true);
      return;
    }
    tell("Listening…", false);
    let response;
    try {
      // Who plays this hand is the form's: its dealer and any seats ticked.
      const sent = new FormData(say);
      form.querySelectorAll("select[name=dealer], input[name=seated]:checked")
        .forEach((input) => sent.append(input.name, input.value));
      response = await fetch(say.action, {
        method: "POST", body: sent, credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
    } catch (error) {
      tell("Saying a hand needs the server, and it can't be reached: tap the hand in below.", true);
      return;
    }
    let answer = {};
    try { answer = await response.json(); } catch (error) { answer = {}; }
    if (response.ok && answer.fields) {
      fill(answer.fields);
      tell(answer.heard ? `Heard: ${answer.heard}. Check the preview, then Save.`
        : "Filled in below: check the preview, then Save.", false);
    } else {
      // A question about part of the hand comes with the part understood: it is
      // filled in below, and the question says what is left.
      if (answer.fields) fill(answer.fields);
      tell(answer.error || `Not understood (the server said ${response.status}).`, true);
    }
  }

  say.addEventListener("submit", (event) => {
    event.preventDefault();
    understand();
  });
})();
