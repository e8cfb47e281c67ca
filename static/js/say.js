// "Say the hand" on the record form (templates/hands/_say.html): the words, typed or
// dictated by the keyboard's microphone, go to the server, which answers the hand as
// the form's own fields ([name, value] pairs), or what it couldn't place, in words,
// with the fields of the part it understood.
// The fields go into the form and the preview is asked for; nothing is saved until
// Save is tapped.
// A player's role the words leave open ("I couldn't place 'Gus'": no partner ticked
// would read as going alone) is asked under the box with the players who may take
// it, and Save waits while the form still has that role as the words left it: a
// player tapped here or on the form, "alone", or other words answer it.  So does a
// word heard and placed nowhere ("Leave out 'schmeered'") and a doubler neither
// declared nor not ("Declared", "Not declared"): their answers are words.  The words
// go with the hand (say-said), so the server holds Save by the same check.
(function () {
  "use strict";
  const say = document.getElementById("say");
  const form = document.getElementById("hand-form");
  if (!say || !form) return;
  const box = say.querySelector("[name=text]");
  const heard = document.getElementById("say-heard");
  const said = document.getElementById("say-said");
  const asking = document.getElementById("say-open");
  const save = document.getElementById("save");
  const KEPT = ["csrf_token", "submission", "version", "deal", "dealer", "seated"];
  // The roles the last words filled in left open, and the fields they filled.
  let left = { open: [], fields: [] };
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

  // The open roles the form still has as the words filled them (none once the hand
  // is of another kind; going alone answers the partner): the server's check too
  // (scorekeeper.spoken.held.unanswered).
  function unanswered() {
    const now = new FormData(form);
    const sorted = (values) => JSON.stringify(values.map(String).filter(Boolean).sort());
    const same = (name) => sorted(left.fields.filter(([n]) => n === name).map(([, v]) => v))
      === sorted(now.getAll(name));
    if (!left.open.length || !same("kind")) return [];
    return left.open.filter((role) => same(role.field)
      && !(role.field === "partners" && now.get("alone")));
  }

  function choice(label, field, value) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "secondary outline";
    button.textContent = label;
    button.dataset.field = field;
    button.dataset.value = value;
    return button;
  }

  // Ask about the first open role, with its players (those the form lets take it
  // now) and, for a partner, "alone"; Save waits while one is open.  Save is only
  // touched when the hold starts or ends.
  let holding = false;
  function hold() {
    const role = unanswered()[0];
    const was = holding;
    holding = Boolean(role);
    if (save && holding !== was) save.disabled = holding;
    asking.hidden = !role;
    if (!role) {
      if (was) tell("Answered: check the preview, then Save.", false);
      return;
    }
    document.getElementById("say-ask").textContent = `${role.label}:`;
    const buttons = role.choices.filter((name) => {
      const input = [...form.querySelectorAll(`[name="${role.field}"]`)]
        .find((one) => one.value === name || one.tagName === "SELECT");
      return input && !input.disabled;
    }).map((name) => choice(name, role.field, name));
    if (role.field === "partners" && form.querySelector("input[name=alone]")) {
      buttons.push(choice("Alone", "alone", "y"));
    }
    // A word placed nowhere, or a doubler declared or not: answered by other words.
    for (const answer of role.words || []) {
      const button = choice(answer.label, "", "");
      button.dataset.words = answer.text;
      buttons.push(button);
    }
    asking.querySelector(".say-choices").replaceChildren(...buttons);
  }

  asking.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-field]");
    if (!button) return;
    if (button.dataset.words !== undefined) {
      box.value = button.dataset.words;
      understand();
      return;
    }
    const { field, value } = button.dataset;
    const input = [...form.querySelectorAll(`[name="${field}"]`)]
      .find((one) => one.value === value || one.tagName === "SELECT");
    if (!input) return;
    if (input.tagName === "SELECT") input.value = value;
    else input.checked = true;
    // hand.js keeps the partner row's rules (one partner, alone clears them) and
    // the form asks for the preview.
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  form.addEventListener("change", hold);

  // Capture phase, before the preview's hold and the phone's queue see the tap:
  // a Save that gets through while a role is open (the button re-enabled, Enter
  // in a box) is refused here with the question.
  document.addEventListener("submit", (event) => {
    if (event.target !== form) return;
    const role = unanswered()[0];
    if (!role) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold();
    asking.scrollIntoView({ block: "nearest" });
  }, true);

  // The server's answer to words: who plays the hand is the form's (its dealer and
  // any seats ticked).
  function ask(text) {
    const sent = new FormData(say);
    sent.set("text", text);
    form.querySelectorAll("select[name=dealer], input[name=seated]:checked")
      .forEach((input) => sent.append(input.name, input.value));
    return fetch(say.action, {
      method: "POST", body: sent, credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
  }

  async function understand() {
    if (!box.value.trim()) {
      tell(box.dataset.prompt, true);
      return;
    }
    tell("Listening…", false);
    let response;
    try {
      response = await ask(box.value);
    } catch (error) {
      tell("Saying a hand needs the server, and it can't be reached: tap the hand in below.", true);
      return;
    }
    let answer = {};
    try { answer = await response.json(); } catch (error) { answer = {}; }
    if (answer.fields) {
      // The words now say the form's hand: they go with it, and what they leave
      // open holds Save (before the fill asks for the preview).
      said.value = box.value;
      left = { open: answer.open || [], fields: answer.fields };
    }
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
    hold();
  }

  say.addEventListener("submit", (event) => {
    event.preventDefault();
    understand();
  });

  // A form shown again after a refused Save still carries the words it was filled
  // from: what they leave open is asked again, with its players, without filling
  // the form anew (it shows the hand as it was sent).
  async function recall() {
    const words = said.value;
    if (!words) return;
    let answer = {};
    try { answer = await (await ask(words)).json(); } catch (error) { return; }
    // Other words said meanwhile (Fill tapped before this answer came) are the
    // form's now: this late answer is of no use.
    if (!answer.fields || said.value !== words || left.fields.length) return;
    left = { open: answer.open || [], fields: answer.fields };
    hold();
  }
  recall();
})();
