// The loading bar's arithmetic (web/startup/loader.mjs, progress()): what it says and
// how full it is for each "lepeuple:progress" event of web/startup/interpreter.mjs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fresh, visit } from "./page.mjs";

visit();
const { progress, TEXT } = await fresh("../../web/startup/loader.mjs");
const en = TEXT.en;
const fetching = (file, loaded, total) => ({ file, loaded, total, phase: "fetching" });

test("a download names its file and counts its megabytes", () => {
  const shown = progress(fetching("pyodide-snapshot.bin.gz", 2_500_000, 10_000_000), en);
  assert.deepEqual(shown, { label: "Downloading Python's memory image — 2.5 of 10.0 MB", max: 10_000_000,
                            value: 2_500_000, step: "Downloading Python's memory image" });
});

test("each large file is named by its kind", () => {
  const names = ["pyodide.asm.wasm.gz", "pyodide.asm.mjs.gz", "python_stdlib.zip", "python-files.zip"]
    .map((file) => progress(fetching(file, 0, 1), en).step);
  assert.deepEqual(names, ["Downloading the Python runtime", "Downloading the Python runtime",
                           "Downloading Python's library", "Downloading the game"]);
  assert.equal(progress(fetching(null, 0, 0), en).step, "Loading…");
});

test("more bytes than announced never overfill the bar", () => {
  const shown = progress(fetching("python_stdlib.zip", 1_300_000, 1_000_000), en);
  assert.equal(shown.value, 1_000_000);
  assert.equal(shown.max, 1_000_000);
});

test("nothing announced yet: an empty bar, no division by zero", () => {
  const shown = progress(fetching(null, 0, 0), en, "starting when ready — {percent} %");
  assert.deepEqual([shown.max, shown.value, shown.label], [1, 0, "starting when ready — 0 %"]);
});

test("starting: a full bar and one word", () => {
  const shown = progress({ file: null, loaded: 4, total: 9, phase: "starting" }, en);
  assert.deepEqual(shown, { label: "Starting…", max: 9, value: 9, step: "Starting…" });
});

test("after an early Start the bar says the share downloaded, rounded down, in the form's words", () => {
  const text = "démarrage dès que prêt — {percent} %";
  const third = progress(fetching("pyodide.asm.wasm.gz", 1, 3), en, text);
  const more = progress(fetching("pyodide.asm.wasm.gz", 2, 3), en, text);
  assert.equal(third.label, "démarrage dès que prêt — 33 %");
  assert.equal(more.label, "démarrage dès que prêt — 66 %");
  assert.equal(progress({ file: null, loaded: 2, total: 3, phase: "starting" }, en, text).label,
               "démarrage dès que prêt — 100 %");
  assert.equal(third.step, more.step);  // screen readers are told once, not at every percent
});

test("every language has every word of the bar", () => {
  const keys = (words) => [...Object.keys(words), ...Object.keys(words.files)].sort();
  for (const [lang, words] of Object.entries(TEXT)) {
    assert.deepEqual(keys(words), keys(en), lang);
    assert.match(words.of, /\{done\}.*\{total\}/, lang);
  }
});
