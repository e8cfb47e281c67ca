// Card-point counter on the hand form (templates/hands/_counter.html): tap the
// point cards the counted side took and "Use" puts their total in the points box.
// Every card is a toggle, so it counts once and the total can't pass the deck's
// points (the panel's data-deck-points, from the engine); the other side has what
// is left. The box is still what the form sends.
function counterPanel() {
  return document.getElementById("counter");
}

function deckPoints(panel) {
  return parseInt(panel.dataset.deckPoints, 10);
}

function countedPoints(panel) {
  return [...panel.querySelectorAll('[data-card][aria-pressed="true"]')]
    .reduce((sum, card) => sum + parseInt(card.dataset.value, 10), 0);
}

// The counted side is whichever count-side radio is chosen (picking side or defense).
function sideNames() {
  const radios = [...document.querySelectorAll("input[name=count_side]")];
  const name = (radio) => radio.closest("label").textContent.trim();
  const chosen = radios.find((radio) => radio.checked) || radios[0];
  const other = radios.find((radio) => radio !== chosen);
  return [chosen ? name(chosen) : "Picking side", other ? name(other) : "Defense"];
}

function showCount() {
  const panel = counterPanel();
  if (!panel) return;
  const total = countedPoints(panel);
  const [side, other] = sideNames();
  document.getElementById("counter-side").textContent = side;
  document.getElementById("counter-other-side").textContent = other;
  document.getElementById("counter-total").textContent = String(total);
  document.getElementById("counter-other").textContent = String(deckPoints(panel) - total);
  const use = document.getElementById("counter-use");
  use.textContent = "Use " + total + (total === 1 ? " point" : " points");
  use.dataset.total = String(total);
}

function openCounter(open) {
  const panel = counterPanel();
  const toggle = document.getElementById("count-cards");
  panel.hidden = !open;
  toggle.setAttribute("aria-expanded", String(open));
  if (open) {
    showCount();
    panel.scrollIntoView({ block: "nearest" });
  }
}

function useCount() {
  const input = document.getElementById("points");
  const panel = counterPanel();
  const total = Math.min(countedPoints(panel), deckPoints(panel));
  input.value = String(total);
  // As the quick chips do: the change event asks htmx for the payout preview.
  input.dispatchEvent(new Event("change", { bubbles: true }));
  openCounter(false);
  document.getElementById("count-cards").focus();
}

function clearCount() {
  counterPanel().querySelectorAll("[data-card]").forEach((card) => {
    card.setAttribute("aria-pressed", "false");
  });
  showCount();
}

document.addEventListener("click", (event) => {
  if (!counterPanel()) return;
  const target = event.target.closest("#count-cards, #counter [data-card], #counter-use, #counter-clear");
  if (!target) return;
  if (target.id === "count-cards") {
    openCounter(target.getAttribute("aria-expanded") !== "true");
  } else if (target.id === "counter-use") {
    useCount();
  } else if (target.id === "counter-clear") {
    clearCount();
  } else {
    target.setAttribute("aria-pressed", String(target.getAttribute("aria-pressed") !== "true"));
    showCount();
  }
});

document.addEventListener("change", (event) => {
  if (event.target.name === "count_side") showCount();
});

document.addEventListener("keydown", (event) => {
  const panel = counterPanel();
  if (event.key !== "Escape" || !panel || panel.hidden || !panel.contains(event.target)) return;
  openCounter(false);
  document.getElementById("count-cards").focus();
});

// The counter needs this script: its button shows only once the script runs.
document.addEventListener("DOMContentLoaded", () => {
  const toggle = document.getElementById("count-cards");
  if (toggle && counterPanel()) toggle.hidden = false;
  showCount();
});
