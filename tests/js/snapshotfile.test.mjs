// The snapshot file (web/startup/snapshotfile.mjs): the data segments read from a
// WebAssembly module, and a memory snapshot packed without its zero blocks and
// the module's data, then read back exactly.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { dataSegments, packSnapshot, unpackSnapshot } from "../../web/startup/snapshotfile.mjs";

const BLOCK = 4096, HEADER = 16, FILE_HEADER = 12;  // the file: "LDPX", length, runs, then 8 bytes a run

// LEB128, unsigned and signed (32-bit), as the WebAssembly binary format writes numbers.
function uleb(n) {
  const out = [];
  do { out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0)); n = Math.floor(n / 128); } while (n);
  return out;
}
function sleb(n) {
  const out = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    const done = (n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

// A module with a type section (skipped) and a data section of `segments`:
// {address, bytes} (active), {bytes, passive: true}, or {address, bytes, memory: 0} (flag 2).
function wasmWith(segments) {
  const body = [...uleb(segments.length)];
  for (const { address, bytes, passive, memory } of segments) {
    body.push(...uleb(passive ? 1 : memory !== undefined ? 2 : 0));
    if (memory !== undefined) body.push(...uleb(memory));
    if (!passive) body.push(0x41, ...sleb(address), 0x0b);
    body.push(...uleb(bytes.length), ...bytes);
  }
  return new Uint8Array([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 1, 0, 11, ...uleb(body.length), ...body]);
}

// A snapshot of `size` bytes of memory after its header, with the active segments laid in as instantiating does.
function snapshotWith(size, segments = []) {
  const memory = new Uint8Array(HEADER + size);
  new DataView(memory.buffer).setUint32(4, HEADER, true);
  for (const { address, bytes, passive } of segments) if (!passive) memory.set(bytes, HEADER + address);
  return memory;
}

const filled = (n, from = 1) => Array.from({ length: n }, (_, i) => (from + i) % 255 + 1);

test("data segments: active ones with their address, passive ones left out", () => {
  const long = filled(300);
  const segments = dataSegments(wasmWith([
    { address: 8, bytes: [1, 2, 3] }, { bytes: [9, 9], passive: true },
    { address: 70_000, bytes: long, memory: 0 }, { address: -16, bytes: [7] },
  ]));
  assert.deepEqual(segments.map(([address, bytes]) => [address, [...bytes]]),
                   [[8, [1, 2, 3]], [70_000, long], [2 ** 32 - 16, [7]]]);  // i32.const -16: unsigned
  assert.deepEqual(dataSegments(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0])), []);
});

test("a data segment placed by anything but a constant is refused", () => {
  const wasm = wasmWith([{ address: 8, bytes: [1] }]);
  const at = wasm.indexOf(0x41, 12);
  wasm[at] = 0x23;  // global.get
  assert.throws(() => dataSegments(wasm), /offset is not a constant/);
});

test("a snapshot reads back exactly", () => {
  const segments = [{ address: 100, bytes: filled(5000) }, { address: 20_000, bytes: filled(64, 7) }];
  const memory = snapshotWith(40_000, segments);
  memory[HEADER + 150] ^= 0xff;  // CPython changed a byte of its static data
  memory.set(filled(10, 3), HEADER + 30_001);  // and wrote elsewhere
  const wasm = wasmWith(segments);
  assert.deepEqual(unpackSnapshot(packSnapshot(memory, wasm), wasm), memory);
});

test("the file leaves out zero blocks and the module's data as instantiated", () => {
  const segments = [{ address: 2 * BLOCK, bytes: filled(3 * BLOCK) }];
  const wasm = wasmWith(segments);
  const memory = snapshotWith(8 * BLOCK, segments);
  const file = packSnapshot(memory, wasm);
  assert.equal(file.length, FILE_HEADER + 8 + BLOCK);  // the header's block only
  memory[HEADER + 3 * BLOCK] ^= 1;  // a changed byte of the data: its block is kept
  memory[HEADER + 3 * BLOCK + BLOCK] = 5;  // and the next block, in the same run
  const changed = packSnapshot(memory, wasm);
  assert.equal(new Uint32Array(changed.buffer, 0, 3)[2], 2);  // two runs
  assert.equal(changed.length, FILE_HEADER + 2 * 8 + 3 * BLOCK);
  assert.deepEqual(unpackSnapshot(changed, wasm), memory);
});

test("a damaged file, or one read against another module, is refused", () => {
  const segments = [{ address: 0, bytes: filled(100) }];
  const wasm = wasmWith(segments);
  const file = packSnapshot(snapshotWith(BLOCK, segments), wasm);
  const wrong = file.slice();
  wrong[0] ^= 1;
  assert.throws(() => unpackSnapshot(wrong, wasm), /not a snapshot file/);
  assert.throws(() => unpackSnapshot(file.subarray(0, file.length - 1), wasm), /truncated/);
  const larger = wasmWith([{ address: 2 * BLOCK, bytes: [1] }]);
  assert.throws(() => unpackSnapshot(file, larger), /does not fit/);
});

test("Pyodide's own module: its data is found, and left out of a snapshot that holds it unchanged", () => {
  const wasm = fs.readFileSync(new URL("../../node_modules/pyodide/pyodide.asm.wasm", import.meta.url));
  const found = dataSegments(wasm);
  const end = Math.max(...found.map(([address, bytes]) => address + bytes.length));
  const bytes = found.reduce((n, [, data]) => n + data.length, 0);
  assert.ok(found.length > 0 && bytes > 1_000_000, `${found.length} segments, ${bytes} bytes`);
  const memory = snapshotWith(end + BLOCK, found.map(([address, data]) => ({ address, bytes: data })));
  const file = packSnapshot(memory, wasm);
  assert.ok(file.length < 2 * BLOCK, `${file.length} bytes`);
  assert.deepEqual(unpackSnapshot(file, wasm), memory);
});
