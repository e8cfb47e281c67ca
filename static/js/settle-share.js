// Share the settle-up with the group chat (templates/settle/_share.html).  The
// phone's share sheet gets the payments in the words the server wrote
// (data-text, data-title: never built here) and, where it takes files, the
// night's chart as a PNG, drawn when the page opens so that a tap shares at
// once (a share sheet opens only straight from a tap).  Without a share sheet
// (a desktop, or a page not served over https) the words are copied instead
// and the line beside the button says so.
(function () {
  "use strict";

  const box = document.getElementById("share-night");
  if (!box) return;
  const button = document.getElementById("share-payments");
  const said = document.getElementById("share-said");
  const text = box.dataset.text;
  const title = box.dataset.title;
  let picture = null; // the chart as a file, once drawn (and only if it can be shared)

  // How the chart looks comes from app.css, which an SVG drawn as a picture
  // doesn't see: each part takes its look along.
  const LOOK = ["fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-linejoin",
    "stroke-linecap", "font-family", "font-size", "font-weight"];
  const SCALE = 3, PAD = 12, GAP = 14, SWATCH = 24, LINE = 20;

  // The page's chart, or the one settle-up keeps in a <template> (put in the page,
  // unseen, while its look is read).
  function chartOnPage() {
    const kept = document.getElementById("share-chart");
    if (!kept) return { figure: document.querySelector("figure.balance-chart"), done() {} };
    const holder = document.createElement("div");
    holder.hidden = true;
    holder.append(kept.content.cloneNode(true));
    document.body.append(holder);
    return { figure: holder.querySelector("figure.balance-chart"), done() { holder.remove(); } };
  }

  function pictureOf(svg) {
    const copy = svg.cloneNode(true);
    const parts = [svg, ...svg.querySelectorAll("*")];
    const copies = [copy, ...copy.querySelectorAll("*")];
    parts.forEach((part, i) => {
      const look = getComputedStyle(part);
      LOOK.forEach((name) => copies[i].style.setProperty(name, look.getPropertyValue(name)));
    });
    const [, , width, height] = svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
    copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    copy.setAttribute("width", width);
    copy.setAttribute("height", height);
    const image = new Image();
    image.src = "data:image/svg+xml;charset=utf-8," +
      encodeURIComponent(new XMLSerializer().serializeToString(copy));
    return image.decode().then(() => ({ image, width, height }));
  }

  // The legend as rows that fit the chart's width: [[{name, color, dash, width}]].
  function legendRows(context, entries, width) {
    const rows = [[]];
    let used = 0;
    entries.forEach((entry) => {
      const wide = SWATCH + 6 + context.measureText(entry.name).width;
      if (used && used + GAP + wide > width) { rows.push([]); used = 0; }
      rows[rows.length - 1].push({ ...entry, wide });
      used += (used ? GAP : 0) + wide;
    });
    return rows;
  }

  function draw(chart, entries) {
    const font = getComputedStyle(document.body).fontFamily;
    const canvas = document.createElement("canvas");
    let context = canvas.getContext("2d");
    context.font = `13px ${font}`;
    const rows = legendRows(context, entries, chart.width);
    const height = PAD + LINE + chart.height + 6 + rows.length * LINE + PAD;
    canvas.width = (chart.width + 2 * PAD) * SCALE;
    canvas.height = height * SCALE;
    context = canvas.getContext("2d");
    context.scale(SCALE, SCALE);
    context.fillStyle = "#fff";
    context.fillRect(0, 0, chart.width + 2 * PAD, height);
    context.fillStyle = "#1f2937";
    context.textBaseline = "middle";
    context.font = `600 15px ${font}`;
    context.fillText(title, PAD, PAD + LINE / 2);
    context.drawImage(chart.image, PAD, PAD + LINE, chart.width, chart.height);
    context.font = `13px ${font}`;
    let y = PAD + LINE + chart.height + 6 + LINE / 2;
    rows.forEach((row) => {
      let x = PAD;
      row.forEach((entry) => {
        context.strokeStyle = entry.color;
        context.lineWidth = 3;
        context.setLineDash(entry.dash ? entry.dash.split(/[\s,]+/).map(Number) : []);
        context.beginPath();
        context.moveTo(x + 1, y);
        context.lineTo(x + SWATCH - 1, y);
        context.stroke();
        context.fillText(entry.name, x + SWATCH + 6, y);
        x += entry.wide + GAP;
      });
      y += LINE;
    });
    return new Promise((resolve, reject) => canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("no picture"))), "image/png"));
  }

  function prepare() {
    if (!navigator.share || !navigator.canShare || !window.File) return;
    const found = chartOnPage();
    const svg = found.figure && found.figure.querySelector("svg[role=img]");
    if (!svg) { found.done(); return; }
    const entries = [...found.figure.querySelectorAll(".legend li")].map((item) => {
      const line = item.querySelector("line");
      return { name: item.textContent.trim().replace(/\s+/g, " "),
        color: line.getAttribute("stroke"), dash: line.getAttribute("stroke-dasharray") };
    });
    const drawing = pictureOf(svg); // its look is read now, while it is in the page
    found.done();
    drawing.then((chart) => draw(chart, entries)).then((blob) => {
      const file = new File([blob], "sheepshead-night.png", { type: "image/png" });
      if (navigator.canShare({ files: [file] })) picture = file;
      box.dataset.picture = picture ? "ready" : "none";
    }).catch(() => { box.dataset.picture = "none"; }); // the words alone, then
  }

  // Plain http on the LAN has no navigator.clipboard: the old way, from a text box.
  function copyByCommand() {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.left = "-9999px";
    document.body.append(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
    area.remove();
    return ok;
  }

  function copy() {
    const copied = navigator.clipboard && window.isSecureContext
      ? navigator.clipboard.writeText(text).then(() => true, copyByCommand)
      : Promise.resolve(copyByCommand());
    copied.then((ok) => {
      said.textContent = ok ? "Copied: paste it in the group chat."
        : "Couldn't copy; select these words and copy them: " + text;
    });
  }

  button.addEventListener("click", () => {
    said.textContent = "";
    if (!navigator.share) { copy(); return; }
    const data = picture ? { title, text, files: [picture] } : { title, text };
    navigator.share(data).catch((error) => {
      if (!error || error.name !== "AbortError") copy(); // not when they closed the sheet
    });
  });
  box.hidden = false;
  prepare();
})();
