// web/page/scan.mjs's reader where the browser has no BarcodeDetector: jsQR, as the
// build vendors it, reads our links' QR codes (web/page/qr.mjs draws them) from a
// camera's frame as small as the page makes it (SIDE), and nothing from a frame with
// no code. The camera itself, in Chromium: tests/e2e/test_scan.py.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

// Both modules import their library from the site's vendor/ folder, where the build
// copies it: lay out the same files in a temporary folder and load them there.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "lepeuple-scan-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));
// A page imports jsQR's .js file as a module (never CommonJS, as Node would take it here).
fs.writeFileSync(path.join(root, "package.json"), '{"type": "module"}');
function layOut(name, pkg) {
  const source = fileURLToPath(new URL(`../../web/page/${name}`, import.meta.url));
  const vendored = fs.readFileSync(source, "utf8").match(/"\.\.\/\.\.\/(vendor\/[^"]+)"/)[1];
  fs.mkdirSync(path.join(root, "web/page"), { recursive: true });
  fs.mkdirSync(path.dirname(path.join(root, vendored)), { recursive: true });
  fs.copyFileSync(source, path.join(root, "web/page", name));
  fs.copyFileSync(fileURLToPath(import.meta.resolve(pkg)), path.join(root, vendored));
  return import(pathToFileURL(path.join(root, "web/page", name)).href);
}
globalThis.self ??= globalThis;  // where jsQR's bundle puts itself in a page (window)
const { qrModules, QUIET } = await layOut("qr.mjs", "qrcode-generator");
const { SIDE, jsqrReader } = await layOut("scan.mjs", "jsqr");

// A grey camera frame (RGBA) of `width` x `height` with `modules` drawn at (left, top),
// `scale` pixels a module, its quiet zone light: as a phone's screen seen by a camera.
function frame(width, height, modules, scale, left, top) {
  const data = new Uint8ClampedArray(width * height * 4).fill(128);
  const side = modules ? modules.length + 2 * QUIET : 0;
  for (let y = 0; y < side * scale; y++) {
    for (let x = 0; x < side * scale; x++) {
      const row = Math.floor(y / scale) - QUIET, col = Math.floor(x / scale) - QUIET;
      const dark = modules[row]?.[col] === true;
      const at = ((top + y) * width + left + x) * 4;
      data.fill(dark ? 20 : 235, at, at + 3);
    }
  }
  return { canvas: { width, height }, context: { getImageData: () => ({ data }) } };
}

// As long as the longest link a code carries (docs/remote.md: at most 250 characters after "#").
const LINK = `https://friends.example.org/le-dernier-peuple/#join=2.${"AbCd-_9z".repeat(31)}`;

test("a link's QR code is read from a frame the size the page reads, three pixels a module", async () => {
  const read = await jsqrReader();
  const modules = qrModules(LINK);
  assert.ok(modules.length <= 61, "version 11 at most");
  const { canvas, context } = frame(SIDE, (SIDE * 3) / 4, modules, 3, 150, 90);
  assert.equal(await read(canvas, context), LINK);
});

test("a frame with no QR code reads nothing", async () => {
  const read = await jsqrReader();
  const { canvas, context } = frame(SIDE, (SIDE * 3) / 4, null, 3, 0, 0);
  assert.equal(await read(canvas, context), null);
});

test("the QR code of something else is read as it is: the page's Python says it is not ours", async () => {
  const read = await jsqrReader();
  const { canvas, context } = frame(320, 240, qrModules("https://example.org/menu"), 4, 60, 40);
  assert.equal(await read(canvas, context), "https://example.org/menu");
});
