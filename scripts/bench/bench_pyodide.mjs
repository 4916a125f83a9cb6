// The engine benchmark in Pyodide (the WebAssembly CPython the page runs),
// under Node.js: `node scripts/bench/bench_pyodide.mjs [--players N] [--games G] [--seed S]`.
// Prints the same JSON line as `python -m lepeuple bench`, plus "runtime".
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const pyodide = await loadPyodide();
for (const folder of ["lepeuple", "lepeuple/core", "lepeuple/bots", "lepeuple/coach", "lepeuple/research", "lepeuple/tools"]) {
  pyodide.FS.mkdirTree(`/bench/${folder}`);
  for (const name of readdirSync(join(root, folder)).filter((n) => n.endsWith(".py"))) {
    pyodide.FS.writeFile(`/bench/${folder}/${name}`, readFileSync(join(root, folder, name)));
  }
}
const line = pyodide.runPython(`
import sys, json, platform
sys.path.insert(0, "/bench")
from lepeuple.tools.stats import bench
figures = bench(${option("players", 4)}, ${option("games", 1000)}, ${option("seed", 1)})
figures["runtime"] = "pyodide " + sys.version.split()[0]
json.dumps(figures)
`);
console.log(line);
