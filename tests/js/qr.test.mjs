// web/page/qr.mjs: the QR code of a text, from the pinned library, as the
// standard lays it out (the smallest version that holds the text's UTF-8
// bytes at level L, finder and timing patterns, format information), and
// its SVG: those modules exactly, dark on light, a quiet zone, a title.
// drawQr in a page: tests/e2e/test_rtc_transport.py.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

// qr.mjs imports the library from the site's vendor/ folder, where the build
// copies it: lay out the same two files in a temporary folder and load them there.
const source = fileURLToPath(new URL("../../web/page/qr.mjs", import.meta.url));
const vendored = fs.readFileSync(source, "utf8").match(/from "\.\.\/\.\.\/(vendor\/[^"]+)"/)[1];
const root = fs.mkdtempSync(path.join(os.tmpdir(), "lepeuple-qr-"));
fs.mkdirSync(path.join(root, "web/page"), { recursive: true });
fs.mkdirSync(path.dirname(path.join(root, vendored)), { recursive: true });
fs.copyFileSync(source, path.join(root, "web/page/qr.mjs"));
fs.copyFileSync(fileURLToPath(import.meta.resolve("qrcode-generator")), path.join(root, vendored));
const { LEVEL, MAX_BYTES, QUIET, qrModules, qrSvg } = await import(pathToFileURL(path.join(root, "web/page/qr.mjs")).href);
after(() => fs.rmSync(root, { recursive: true, force: true }));

const sideOf = (version) => 17 + 4 * version;

// The 15 format bits of the copy beside the top-left finder and of the split
// copy (bit 0 first), as ISO/IEC 18004 places them; modules[row][col].
function formatBits(m) {
  const n = m.length;
  const first = [0, 1, 2, 3, 4, 5, 7, 8].map((row) => m[row][8]).concat([7, 5, 4, 3, 2, 1, 0].map((col) => m[8][col]));
  const second = [...Array(8).keys()].map((i) => m[8][n - 1 - i]).concat([...Array(7).keys()].map((i) => m[n - 7 + i][8]));
  const value = (bits) => bits.reduce((sum, bit, i) => sum | (bit ? 1 << i : 0), 0);
  return [value(first), value(second)];
}

// The remainder of the 15 bits divided by the format code's generator (0x537): 0 for a valid code word.
function bchRemainder(bits) {
  let rest = bits;
  for (let bit = 14; bit >= 10; bit--) if (rest & (1 << bit)) rest ^= 0x537 << (bit - 10);
  return rest;
}

function isFinder(m, top, left) {
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 7; c++) {
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));  // 3: outer ring, 2: light ring, <2: centre
      if (m[top + r][left + c] !== (ring !== 2)) return false;
    }
  }
  return true;
}

test("the code is the smallest version that holds the text's UTF-8 bytes at level L", () => {
  // Byte capacity at level L: version 4 holds 78 bytes, version 5 106, version 40 2,953.
  assert.equal(qrModules("x".repeat(78)).length, sideOf(4));
  assert.equal(qrModules("x".repeat(79)).length, sideOf(5));
  assert.equal(qrModules("é".repeat(39)).length, sideOf(4));  // 78 bytes
  assert.equal(qrModules("é".repeat(40)).length, sideOf(5));  // 80 bytes, 40 characters
  assert.equal(qrModules("x".repeat(MAX_BYTES)).length, sideOf(40));
  assert.equal(MAX_BYTES, 2953);
});

test("a text no QR code holds gives no code", () => {
  assert.equal(qrModules("x".repeat(MAX_BYTES + 1)), null);
  assert.equal(qrModules("é".repeat(1477)), null);  // 2,954 bytes
});

test("the code has the standard's finders, timing patterns and format information, level L", () => {
  const link = "https://example.org/lepeuple/?join=eNqrVkrOz0nVUcrMS8tXslIqzs9NVaoFAFHGB4c#seat=2";
  const m = qrModules(link);
  const n = m.length;
  assert.ok(isFinder(m, 0, 0) && isFinder(m, 0, n - 7) && isFinder(m, n - 7, 0));
  for (let i = 8; i < n - 8; i++) {
    assert.equal(m[6][i], i % 2 === 0, `timing row at ${i}`);
    assert.equal(m[i][6], i % 2 === 0, `timing column at ${i}`);
  }
  assert.equal(m[n - 8][8], true);  // the dark module
  const [first, second] = formatBits(m);
  assert.equal(first, second);
  const format = first ^ 0x5412;  // the standard's mask of the format bits
  assert.equal(bchRemainder(format), 0);
  assert.equal(format >> 13, 0b01);  // error correction level L
  assert.equal(LEVEL, "L");
});

test("the SVG draws exactly the code's dark modules, dark on light, inside a quiet zone of 4", () => {
  const m = qrModules("Le Dernier Peuple");
  const svg = qrSvg(m, "Invitation");
  const side = m.length + 2 * QUIET;
  assert.equal(QUIET, 4);
  assert.match(svg, new RegExp(`viewBox="0 0 ${side} ${side}"`));
  assert.match(svg, new RegExp(`<rect width="${side}" height="${side}" fill="#fff"/>`));
  const d = svg.match(/<path fill="#000" d="([^"]*)"\/>/)[1];
  const drawn = m.map((row) => row.map(() => false));
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i++) {
      const [row, col] = [Number(y) - QUIET, Number(x) - QUIET + i];
      assert.equal(drawn[row][col], false, `module ${row},${col} drawn twice`);
      drawn[row][col] = true;
    }
  }
  assert.deepEqual(drawn, m);
});

test("the SVG is an image named by its title, the title's text escaped", () => {
  const svg = qrSvg(qrModules("x"), `Reply <to> "Ann" & Bo's table`);
  const escaped = "Reply &#60;to&#62; &#34;Ann&#34; &#38; Bo&#39;s table";
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*role="img"/);
  assert.ok(svg.includes(`aria-label="${escaped}"`));
  assert.ok(svg.includes(`<title>${escaped}</title>`));
});
