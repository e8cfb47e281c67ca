// The ticket photos page (templates/events/photos.html): before sending, each
// photo is made smaller in the browser (its long side at most the form's
// data-send-side pixels, as a JPEG), so forty photos from a phone's camera go
// over a hall's Wi-Fi in one request.  Where the browser can't (no
// createImageBitmap), the form is sent as it is.  The button is held while
// the photos go, so a second tap sends nothing more.
(function () {
  "use strict";
  const form = document.getElementById("photos-form");
  if (!form || !window.createImageBitmap || !window.fetch || !window.FormData) return;
  const side = Number(form.dataset.sendSide) || 2400;

  async function smaller(file) {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.type === "image/jpeg") return file;
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise((done) => canvas.toBlob(done, "image/jpeg", 0.9));
    return blob || file;
  }

  let sending = false;
  form.addEventListener("submit", async (event) => {
    const input = form.querySelector('input[type="file"]');
    if (!input || !input.files.length) return;
    event.preventDefault();
    if (sending) return;
    sending = true;
    const button = form.querySelector('button[type="submit"]');
    if (button) { button.setAttribute("aria-busy", "true"); button.textContent = "Sending the photos…"; }
    const body = new FormData(form);
    body.delete("photos");
    try {
      for (const file of input.files) {
        let sent = file;
        try { sent = await smaller(file); } catch (error) { sent = file; }
        body.append("photos", sent, file.name.replace(/\.[^.]*$/, "") + (sent === file ? file.name.slice(file.name.lastIndexOf(".")) : ".jpg"));
      }
      const answer = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
      if (answer.redirected) {
        window.location.assign(answer.url);
        return;
      }
      const page = await answer.text();
      document.open();
      document.write(page);
      document.close();
    } catch (error) {
      sending = false;
      form.submit();  // the browser sends it as it is
    }
  });
})();
