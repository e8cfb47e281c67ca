// Quick point chips on the hand form: tap a chip to fill the points box; the
// chip matching the box (tapped or typed) is shown pressed.
function markPointChips() {
  const input = document.getElementById("points");
  if (!input) return;
  document.querySelectorAll("[data-points]").forEach((chip) => {
    chip.setAttribute("aria-pressed", String(chip.dataset.points === input.value.trim()));
  });
}

document.addEventListener("click", (event) => {
  const chip = event.target.closest("[data-points]");
  if (!chip) return;
  const input = document.getElementById("points");
  input.value = chip.dataset.points;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  markPointChips();
});

document.addEventListener("input", (event) => {
  if (event.target.id === "points") markPointChips();
});

document.addEventListener("DOMContentLoaded", markPointChips);
