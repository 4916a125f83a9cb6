// QR codes drawn in the page (invitation and reply links, docs/remote.md):
// markup carries data-qr="TEXT" on an empty element, and drawQr(element) draws
// that text's code into it as an inline SVG. The code itself comes from
// qrcode-generator (npm, pinned in package.json; scripts/build_site.py copies
// its browser module into the site's vendor/ folder).
//
// The SVG is dark on light whatever the page's colours (most scanners read
// nothing else), with the quiet zone of 4 light modules the standard asks for,
// and is named for screen readers by data-qr-title (the markup's translated
// words), else by the element's aria-label, else "QR code".

import qrcode from "../../vendor/qrcode-generator/qrcode.mjs";

export const QUIET = 4;  // light modules around the code (ISO/IEC 18004)
// Level L (7 % of the code may be lost): a screen shows the code clean, and the
// lowest level gives the fewest, hence largest, modules for a phone to read.
export const LEVEL = "L";
export const MAX_BYTES = 2953;  // what version 40 holds at level L, in byte mode
const drawn = new WeakMap();  // element -> {text, svg} last drawn into it

// The modules of `text`'s code (UTF-8, byte mode, the smallest version that
// holds it) as rows of booleans (true: dark), or null when no version holds it.
export function qrModules(text) {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > MAX_BYTES) return null;
  const code = qrcode(0, LEVEL);  // 0: the smallest version that holds the data
  // The library takes the low 8 bits of each character as a byte: hand it UTF-8.
  code.addData(String.fromCharCode(...bytes));
  code.make();
  const size = code.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => code.isDark(row, col)));
}

// The SVG of `modules` named `title`: one path, a rectangle per run of dark modules in a row.
export function qrSvg(modules, title) {
  const side = modules.length + 2 * QUIET;
  let path = "";
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x] || row[x - 1]) continue;
      let end = x;
      while (row[end]) end++;
      path += `M${x + QUIET} ${y + QUIET}h${end - x}v1h${x - end}z`;
    }
  });
  const name = escapeXml(title);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" role="img" aria-label="${name}"` +
    ` shape-rendering="crispEdges"><title>${name}</title><rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path fill="#000" d="${path}"/></svg>`;
}

function escapeXml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Draw the code of element.dataset.qr into `element` (once per text: a patch
// that kept the element and its SVG costs nothing). False when the text is too
// long for any QR code: the element is then left empty.
export function drawQr(element) {
  const text = element.dataset.qr ?? "";
  const last = drawn.get(element);
  if (last?.text === text && (last.svg ? last.svg.parentNode === element : !element.firstChild)) return !!last.svg;
  const modules = qrModules(text);
  const title = element.dataset.qrTitle || element.getAttribute("aria-label") || "QR code";
  element.innerHTML = modules ? qrSvg(modules, title) : "";
  drawn.set(element, { text, svg: element.firstElementChild });
  return modules !== null;
}

// Draw every [data-qr] element under `root` (after each patch of the page).
export function drawAllQr(root = document) {
  for (const element of root.querySelectorAll("[data-qr]")) drawQr(element);
}
