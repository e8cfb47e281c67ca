// Quick point chips on the hand form: tap a chip to fill the points box.
document.addEventListener("click", (event) => {
  const chip = event.target.closest("[data-points]");
  if (!chip) return;
  const input = document.getElementById("points");
  input.value = chip.dataset.points;
  input.dispatchEvent(new Event("change", { bubbles: true }));
});
