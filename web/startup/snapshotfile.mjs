// The file of the Pyodide memory snapshot: written by scripts/make_snapshot.mjs
// at build time, read back by web/startup/interpreter.mjs in the page.
//
// A snapshot (Pyodide's makeMemorySnapshot) is a header, then the whole
// WebAssembly memory. Much of it is known before the file arrives: zeros
// (half of it), and the data segments of pyodide.asm.wasm, which instantiating
// that module writes into memory and which CPython mostly leaves as they are
// (its static objects, tables and strings). So the file holds the snapshot
// with those segments XORed out (unchanged bytes become zeros), and leaves out
// its zero blocks: "LDPX", the snapshot's length, the number of runs (uint32
// LE each), then per run its offset and length, then the runs' bytes; the
// rest is zeros. Reading it needs the same pyodide.asm.wasm (Pyodide checks
// its build id in the snapshot's header, which the XOR leaves alone).

const MAGIC = 0x5850444c;  // "LDPX"
const BLOCK = 4096;

// Unsigned and signed LEB128 numbers of the WebAssembly binary format: [value, next position].
function uleb(bytes, at) {
  let value = 0, shift = 0, byte;
  do { byte = bytes[at++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
  return [value, at];
}
function sleb32(bytes, at) {
  let value = 0, shift = 0, byte;
  do { byte = bytes[at++]; value |= (byte & 0x7f) << shift; shift += 7; } while (byte & 0x80);
  if (shift < 32 && (byte & 0x40)) value |= -1 << shift;
  return [value, at];
}

// The active data segments of a WebAssembly module: [[address, bytes], ...].
export function dataSegments(wasm) {
  const bytes = wasm instanceof Uint8Array ? wasm : new Uint8Array(wasm);
  let at = 8;  // "\0asm" and the version
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = uleb(bytes, at + 1);
    at = start + size;
    if (id !== 11) continue;  // the data section
    const segments = [];
    let [count, p] = uleb(bytes, start);
    for (let i = 0; i < count; i++) {
      let flags, address = null, length;
      [flags, p] = uleb(bytes, p);
      if (flags === 2) [, p] = uleb(bytes, p);  // memory index
      if (flags !== 1) {  // active: an offset expression, i32.const N end
        if (bytes[p] !== 0x41) throw new Error("a data segment's offset is not a constant");
        [address, p] = sleb32(bytes, p + 1);
        if (bytes[p++] !== 0x0b) throw new Error("a data segment's offset is not a constant");
      }
      [length, p] = uleb(bytes, p);
      if (address !== null) segments.push([address >>> 0, bytes.subarray(p, p + length)]);
      p += length;
    }
    return segments;
  }
  return [];
}

// XOR the module's data segments into `memory` (a snapshot: the memory starts
// after its header, whose length is the snapshot's second uint32). The
// segments are laid out as instantiating puts them in memory, then XORed
// in 32-bit words (the header's length is a multiple of 16).
function xorSegments(memory, segments) {
  if (!segments.length) return;
  const header = new DataView(memory.buffer, memory.byteOffset, 8).getUint32(4, true);
  const start = segments.reduce((low, [address]) => Math.min(low, address), Infinity) & ~3;
  const end = segments.reduce((high, [address, data]) => Math.max(high, address + data.length), 0);
  if (header % 4 || memory.byteOffset % 4 || header + end > memory.length)
    throw new Error("the snapshot does not fit the module's data");
  const image = new Uint8Array((end - start + 3) & ~3);
  for (const [address, data] of segments) image.set(data, address - start);
  const words = new Uint32Array(memory.buffer, memory.byteOffset + header + start, image.length / 4);
  const data = new Uint32Array(image.buffer);
  for (let i = 0; i < data.length; i++) words[i] ^= data[i];
}

// The file's bytes for `memory` (a snapshot, a Uint8Array), made against `wasm`'s bytes.
export function packSnapshot(memory, wasm) {
  const snapshot = memory.slice();
  xorSegments(snapshot, dataSegments(wasm));
  const runs = [];
  for (let start = 0; start < snapshot.length; start += BLOCK) {
    const block = snapshot.subarray(start, start + BLOCK);
    if (block.every((byte) => byte === 0)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === start) last[1] += block.length;
    else runs.push([start, block.length]);
  }
  const header = new Uint32Array([MAGIC, snapshot.length, runs.length, ...runs.flat()]);
  const parts = [new Uint8Array(header.buffer), ...runs.map(([at, n]) => snapshot.subarray(at, at + n))];
  const file = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  parts.reduce((at, part) => { file.set(part, at); return at + part.length; }, 0);
  return file;
}

// The snapshot back from the file's bytes and `wasm`'s bytes.
export function unpackSnapshot(file, wasm) {
  const words = (at, n) => new Uint32Array(file.buffer.slice(file.byteOffset + at, file.byteOffset + at + 4 * n));
  const [magic, length, count] = words(0, 3);
  if (magic !== MAGIC) throw new Error("not a snapshot file");
  const runs = words(12, 2 * count);
  const memory = new Uint8Array(length);
  let at = 12 + 8 * count;
  for (let i = 0; i < count; i++) {
    const [offset, n] = [runs[2 * i], runs[2 * i + 1]];
    memory.set(file.subarray(at, at + n), offset);
    at += n;
  }
  if (at !== file.length) throw new Error("truncated snapshot file");
  xorSegments(memory, dataSegments(wasm));
  return memory;
}
