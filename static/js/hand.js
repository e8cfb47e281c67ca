// The record form (templates/hands/form.html).  One truth for a hand: what the
// form shows chosen is what it sends, the preview is the server's judgement of
// exactly that (the engine's checks, the same words Save would say), and Save
// sends the hand the preview on screen describes.  Nothing here judges a hand.

// Quick point chips: tap a chip to fill the points box; the chip matching the
// box (tapped or typed) is shown pressed.
function markPointChips() {
  const input = document.getElementById("points");
  if (!input) return;
  document.querySelectorAll("[data-points]").forEach((chip) => {
    chip.setAttribute("aria-pressed", String(chip.dataset.points === input.value.trim()));
  });
}

// A chip is a new count: when "Every trick" or "No trick" is chosen and the chip
// isn't the points that choice fills, the choice goes back to "Some", visibly and
// before the preview is asked.  Points typed or counted never change the choice:
// the preview says whether they agree with it (a side that took no trick may
// still have its bury), and Save is refused, in the same words, while they don't.
document.addEventListener("click", (event) => {
  const chip = event.target.closest("[data-points]");
  if (!chip) return;
  const form = document.getElementById("hand-form");
  const input = document.getElementById("points");
  input.value = chip.dataset.points;
  const tricks = form.querySelector("input[name=tricks]:checked");
  if (tricks && tricks.value !== "some"
      && parseInt(input.value, 10) !== pointsForTricks(form, tricks.value)) {
    form.querySelector("input[name=tricks][value=some]").checked = true;
  }
  input.dispatchEvent(new Event("change", { bubbles: true }));
  markPointChips();
  askTricks(form, parseInt(chip.dataset.points, 10));
});

// The chip of the deck's points (or of none) is not "Every trick" ("No trick"):
// the other side may have taken a trick of blanks, and then the hand pays
// schneider, not a side that took no trick.  So the chip asks, in place and in
// the tricks choice's own words ("Every trick?"): Yes chooses it, No leaves the
// choice as it is.
function askTricks(form, points) {
  const ask = document.getElementById("tricks-ask");
  if (!ask) return;
  const chosen = form.querySelector("input[name=tricks]:checked");
  const value = ["all", "none"].find((tricks) => pointsForTricks(form, tricks) === points);
  const choice = value && form.querySelector(`input[name=tricks][value=${value}]`);
  ask.hidden = !choice || (chosen !== null && chosen.value === value);
  if (ask.hidden) return;
  document.getElementById("tricks-ask-words").textContent =
    `${choice.closest("label").textContent.trim()}?`;
  ask.dataset.tricks = value;
}

document.addEventListener("click", (event) => {
  const answer = event.target.closest && event.target.closest("[data-tricks-answer]");
  if (!answer) return;
  const ask = document.getElementById("tricks-ask");
  ask.hidden = true;
  if (answer.dataset.tricksAnswer !== "yes") return;
  const choice = document.querySelector(`#hand-form input[name=tricks][value=${ask.dataset.tricks}]`);
  choice.checked = true;
  choice.dispatchEvent(new Event("change", { bubbles: true }));
});

// Points typed, or another tricks choice: the question is no longer the one asked.
["input", "change"].forEach((type) => document.addEventListener(type, (event) => {
  const ask = document.getElementById("tricks-ask");
  if (ask && event.isTrusted && event.target.matches
      && event.target.matches("#points, input[name=tricks], input[name=count_side], input[name=kind]")) {
    ask.hidden = true;
  }
}));

// Typed, or filled in by the card counter (counter.js), which sends a change.
["input", "change"].forEach((type) => document.addEventListener(type, (event) => {
  if (event.target.id === "points") markPointChips();
}));

document.addEventListener("DOMContentLoaded", markPointChips);

// Other payment: show the running sum of the boxes, which must come to 0. Each
// box holds whole points up to the server's bound either way (data-most on the
// fieldset, from limits.MAX_ADJUSTMENT).
function showAdjustSum() {
  const out = document.getElementById("adjust-sum");
  if (!out) return;
  const most = parseInt(out.closest("[data-most]").dataset.most, 10);
  let sum = 0;
  let bad = false;
  document.querySelectorAll("[data-adjust]").forEach((box) => {
    const text = box.value.trim().replace("\u2212", "-").replace("+", "");
    if (text === "") return;
    const points = /^-?\d+$/.test(text) ? parseInt(text, 10) : NaN;
    if (!(Math.abs(points) <= most)) { bad = true; return; }
    sum += points;
  });
  if (bad) out.textContent = `Whole points only, e.g. 4 or -2 (at most ${most.toLocaleString("en-US")} either way).`;
  else if (sum === 0) out.textContent = "Adds up to 0: ready to save.";
  else out.textContent = "Adds up to " + (sum > 0 ? "+" : "") + sum + ": it must come to 0.";
  out.classList.toggle("field-error", bad || sum !== 0);
}

document.addEventListener("input", (event) => {
  if (event.target.matches && event.target.matches("[data-adjust]")) showAdjustSum();
});
document.addEventListener("DOMContentLoaded", showAdjustSum);

// Players sitting out this hand are greyed out and can't be chosen as picker,
// partner, winner or offender; which ones follows the dealer (or the seats ticked).
function markSittingOut() {
  const form = document.getElementById("hand-form");
  if (!form || !form.dataset.sitOut) return;
  const byDealer = JSON.parse(form.dataset.sitOut);
  const dealer = form.querySelector("select[name=dealer]");
  const seated = [...form.querySelectorAll("input[name=seated]:checked")].map((box) => box.value);
  const present = dealer ? [...dealer.options].map((option) => option.value) : [];
  const out = seated.length ? present.filter((name) => !seated.includes(name))
    : (byDealer[dealer ? dealer.value : ""] || []);
  form.querySelectorAll(".seat-names input:not([name=alone])").forEach((input) => {
    const away = out.includes(input.value);
    if (away) input.checked = false;
    input.disabled = away;
    input.closest("label").classList.toggle("out", away);
  });
  const line = document.querySelector("#sitting-out span");
  if (line) line.textContent = out.join(", ");
}

// Who deals, said at the top of the form ("Bob deals"), follows the dealer chosen.
function showDealer() {
  const dealer = document.querySelector("#hand-form select[name=dealer]");
  const dealing = document.querySelector("#deals .dealer");
  if (!dealing || !dealer || !dealer.value) return;
  dealing.textContent = dealer.value;
  dealing.parentElement.hidden = false;  // said again once a dealer is chosen offline
}

// "Undo hand N" after a save: offered for a few seconds, then out of the way (the
// ledger's edit and delete still fix anything later).  What the save paid is said
// whole; the preview's payouts are kept to two lines, and a tap shows all of them.
document.addEventListener("DOMContentLoaded", () => {
  const undo = document.getElementById("undo");
  if (undo) setTimeout(() => undo.remove(), 20000);
});
document.addEventListener("click", (event) => {
  const lines = event.target.closest && event.target.closest("#summary-line");
  if (lines) lines.classList.toggle("whole");
});

// Partner buttons.  At a table where the picker has one partner (the form's
// data-most-partners, the engine's Rules.most_partners) a tap on a partner leaves
// only him chosen; where he may have two they stay several.  "Picker went alone"
// is the row's other answer: it clears the partners, and a partner clears it.
// The picker is never offered as his own partner: greyed out while he is the
// picker, free again once someone else is.  Capture phase: the preview (htmx, on
// the form) then sends what is left chosen.
function markPartners() {
  const form = document.getElementById("hand-form");
  if (!form) return;
  const picker = form.querySelector("input[name=picker]:checked");
  form.querySelectorAll("input[name=partners]").forEach((box) => {
    const label = box.closest("label");
    const picking = picker !== null && box.value === picker.value;
    if (picking) box.checked = false;
    box.disabled = picking || label.classList.contains("out");
    label.classList.toggle("picking", picking);
  });
}

document.addEventListener("change", (event) => {
  const box = event.target;
  const form = document.getElementById("hand-form");
  if (!form || !box.matches || !form.contains(box)) return;
  if (box.matches("input[name=partners]") && box.checked) {
    if (form.dataset.mostPartners === "1") {
      form.querySelectorAll("input[name=partners]:checked").forEach((other) => {
        if (other !== box) other.checked = false;
      });
    }
    const alone = form.querySelector("input[name=alone]");
    if (alone) alone.checked = false;
  }
  if (box.matches("input[name=alone]") && box.checked) {
    form.querySelectorAll("input[name=partners]:checked").forEach((other) => {
      other.checked = false;
    });
  }
  if (box.matches("select[name=dealer], input[name=seated]")) {
    markSittingOut();
    showDealer();
  }
  if (box.matches("input[name=picker], select[name=dealer], input[name=seated]")) markPartners();
}, true);
document.addEventListener("DOMContentLoaded", markPartners);

// "No trick" fills 0 for the picking side and "Every trick" the deck's points
// (the box's data-deck-points, from rules/cards.py); counted for the defense, the
// other way round.  Capture phase, so the preview sends the two agreeing.  Points
// already typed that agree stay (a side that took no trick may still have its
// bury, data-bury-points at most): an empty box, one holding what a choice filled
// (none or all of the deck), or one the choice contradicts is filled.
function pointsForTricks(form, tricks) {
  const box = document.getElementById("points");
  const total = parseInt(box.dataset.deckPoints, 10);
  const side = form.querySelector("input[name=count_side]:checked");
  const picking = tricks === "none" ? 0 : total;
  return side && side.value === "defense" ? total - picking : picking;
}

// Whether points counted for the chosen side can be so with that many tricks:
// every trick is the whole deck, no trick at most the bury.
function agreesWith(form, tricks, value) {
  const box = document.getElementById("points");
  const total = parseInt(box.dataset.deckPoints, 10);
  const side = form.querySelector("input[name=count_side]:checked");
  const picking = side && side.value === "defense" ? total - value : value;
  return tricks === "all" ? picking === total
    : picking <= parseInt(box.dataset.buryPoints || "0", 10);
}

document.addEventListener("change", (event) => {
  const form = document.getElementById("hand-form");
  const box = document.getElementById("points");
  const target = event.target;
  if (!form || !box || !target.matches || !form.contains(target)) return;
  const tricks = form.querySelector("input[name=tricks]:checked");
  if (!tricks || tricks.value === "some") return;
  const typed = box.value.trim();
  const kept = typed !== "" && !["0", box.dataset.deckPoints].includes(typed)
    && agreesWith(form, tricks.value, parseInt(typed, 10));
  if (target.matches("input[name=tricks], input[name=count_side]") && !kept) {
    box.value = String(pointsForTricks(form, tricks.value));
    markPointChips();
  }
}, true);

// Other payment: ± beside a box turns its points into a payment and back (a
// phone's number pad may have no minus key).  On an empty box it starts a minus
// and leaves the box ready for the digits.
document.addEventListener("click", (event) => {
  const sign = event.target.closest && event.target.closest("[data-flip]");
  if (!sign) return;
  const box = document.getElementById(sign.dataset.flip);
  const text = box.value.trim();
  if (text === "" || text === "-") {
    box.value = text ? "" : "-";
    box.focus();
    showAdjustSum();
    return;
  }
  box.value = /^[-\u2212]/.test(text) ? text.slice(1) : "-" + text.replace(/^\+/, "");
  showAdjustSum();
  box.dispatchEvent(new Event("change", { bubbles: true }));
});

// The preview and Save say one hand.  Each preview is of the entries sent for it
// (remembered here); the choices the engine made itself (a partner its rules
// name, the picker who took no trick) are ticked on the form as it shows them.
// A Save tapped before the preview caught up with the entries waits for it (a
// moment; never more than HOLD_MS, so a lost connection still saves through the
// phone's queue), then goes: the hand saved, or refused in the preview's words.
const HOLD_MS = 2500;
const NOT_ENTRIES = ["csrf_token", "submission", "version", "deal"];
const previewState = { sent: null, shown: null, busy: false, held: null, passing: false };

function entriesOf(form) {
  return JSON.stringify([...new FormData(form)]
    .filter(([name]) => !NOT_ENTRIES.includes(name))
    .map(([name, value]) => [name, String(value)]));
}

function fillChoices(form, filled) {
  Object.entries(filled).forEach(([name, value]) => {
    form.querySelectorAll(`[name="${name}"]`).forEach((input) => {
      if (input.type === "checkbox" && Array.isArray(value)) input.checked = value.includes(input.value);
      else if (input.type === "checkbox") input.checked = Boolean(value);
      else if (input.type === "radio") input.checked = input.value === String(value);
      else input.value = String(value);
    });
  });
  markPointChips();
}

// The preview on screen is of the entries now: tick what the engine filled in.
function previewShown(form) {
  const line = document.getElementById("summary-line");
  if (line && line.dataset.filled) fillChoices(form, JSON.parse(line.dataset.filled));
  previewState.shown = entriesOf(form);
}

function release(form) {
  const held = previewState.held;
  if (!held) return;
  clearTimeout(held.timer);
  previewState.held = null;
  previewState.passing = true;  // this one goes as it is
  try {
    form.requestSubmit(held.submitter || undefined);
  } finally {
    previewState.passing = false;
  }
}

document.addEventListener("htmx:configRequest", (event) => {
  const form = document.getElementById("hand-form");
  if (!form || event.detail.elt !== form) return;
  previewState.sent = entriesOf(form);
  previewState.busy = true;
});
document.addEventListener("htmx:afterSwap", (event) => {
  const form = document.getElementById("hand-form");
  if (!form || event.detail.target.id !== "preview") return;
  if (previewState.sent === entriesOf(form)) previewShown(form);
  else previewState.shown = previewState.sent;  // a tap meanwhile: its own preview follows
});
document.addEventListener("htmx:afterRequest", (event) => {
  const form = document.getElementById("hand-form");
  if (!form || event.detail.elt !== form) return;
  previewState.busy = false;
  if (!previewState.held) return;
  if (!event.detail.successful || previewState.shown === entriesOf(form)) release(form);
  else htmx.trigger(form, "change");  // entries changed meanwhile: once more
});

// Save tapped twice.  A post on its way is the only one: the browser would drop
// its answer for the second post's, and show that page instead.  (The form's
// one-time token saves one hand either way, and the server answers the second
// post with the first one's "Hand N saved"; a post unanswered after LEAVE_MS may
// go again.)  The second tap may also land on the next hand's form, still as it
// opened under "Hand N saved": Save there sends nothing, and after DOUBLE_TAP_MS
// asks the preview, which says what the new hand still needs.  This script runs
// in the page's head, so that holds from the moment the form is on screen, while
// the rest of the page's scripts are still on their way.
const LEAVE_MS = 8000;
const DOUBLE_TAP_MS = 1000;
const opened = { at: Date.now() };
let leaving = 0;

// The form's entries as the server sent them, whatever was tapped since (in
// entriesOf's words: its fields, the ones outside it that name it too).
function entriesAsOpened(form) {
  const kept = (field) => field.name && !field.disabled && !NOT_ENTRIES.includes(field.name)
    && !["button", "submit", "reset", "image", "file"].includes(field.type)
    && ["INPUT", "SELECT", "TEXTAREA"].includes(field.tagName);
  return JSON.stringify([...form.elements].filter(kept).flatMap((field) => {
    if (field.type === "checkbox" || field.type === "radio") {
      return field.defaultChecked ? [[field.name, field.value]] : [];
    }
    if (field.tagName === "SELECT") {
      const chosen = [...field.options].filter((option) => option.defaultSelected);
      const shown = chosen.length || field.multiple ? chosen : [...field.options].slice(0, 1);
      return shown.map((option) => [field.name, option.value]);
    }
    return [[field.name, field.defaultValue]];
  }));
}

function tailOfDoubleTap(form) {
  if (Date.now() - leaving < LEAVE_MS) return true;
  if (!document.querySelector(".after-save .flash.saved")
      || entriesOf(form) !== entriesAsOpened(form)) {
    return false;
  }
  if (Date.now() - opened.at > DOUBLE_TAP_MS && typeof htmx !== "undefined") {
    htmx.trigger(form, "change");
  }
  return true;
}

window.addEventListener("pageshow", (event) => {
  if (!event.persisted) return;  // back from the history: a visit of its own
  leaving = 0;
  opened.at = Date.now();
});
// Bubble phase: the phone's queue (waiting.js) has had its say; a hand it kept
// on the phone is no post.
document.addEventListener("submit", (event) => {
  if (event.target.id === "hand-form" && !event.defaultPrevented) leaving = Date.now();
});

// Capture phase, before the phone's queue (waiting.js) sees the tap.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.id !== "hand-form") return;
  if (tailOfDoubleTap(form)) {
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  if (typeof htmx === "undefined" || previewState.passing) return;
  if (!previewState.busy && previewState.shown === entriesOf(form)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (previewState.held) return;  // already waiting for the preview
  previewState.held = { submitter: event.submitter,
                        timer: setTimeout(() => release(form), HOLD_MS) };
  if (!previewState.busy) htmx.trigger(form, "change");
}, true);

document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("hand-form");
  const preview = document.getElementById("preview");
  if (form && preview && preview.hasAttribute("data-judged")) previewShown(form);
});
