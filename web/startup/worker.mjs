// The page's Python, in a Web Worker of its own: the page's main thread only
// draws (web/page/page.mjs starts this module as a module Web Worker).
//
// It starts Pyodide (web/startup/interpreter.mjs: the memory snapshot, our
// files), then hands every message of the page to the Python
// (web/startup/boot.py `serve`) and every message of the Python to the page.
// Messages are JSON texts, each with a `type`; web/page/page.mjs lists them.
// Until the Python runs, this module speaks for it: the download's progress,
// the performance marks, "python" once it is ready for the page's facts, or
// the error that stopped it.

import { started } from "./interpreter.mjs";

const BEAT_MS = 1000;  // "still here" to the page, whose watchdog restarts a worker that went silent

// The marks interpreter.mjs made here, for the page's timeline (its clock starts elsewhere).
function marks() {
  return performance.getEntriesByType("mark").filter((m) => m.name.startsWith("lepeuple:"))
    .map((m) => ({ name: m.name, at: performance.timeOrigin + m.startTime }));
}

function serve(port) {
  const send = (message) => port.postMessage(JSON.stringify(message));
  const warn = console.warn.bind(console);
  console.warn = (...args) => {  // said in the page's console too, where a developer looks first
    warn(...args);
    send({ type: "warn", text: args.join(" ") });
  };
  addEventListener("lepeuple:progress", (event) => send({ type: "progress", detail: event.detail }));
  addEventListener("lepeuple:fetched", () => send({ type: "fetched" }), { once: true });
  const waiting = [];
  let receive = (text) => waiting.push(text);
  port.onmessage = (event) => receive(event.data);
  setInterval(() => send({ type: "beat" }), BEAT_MS);
  started.then((pyodide) => {
    globalThis.pyodide = pyodide;  // for a developer's console in the worker (and tests: tests/e2e/test_startup.py)
    send({ type: "marks", marks: marks() });
    const main = pyodide.pyimport("web.main");
    const handle = main.serve((text) => port.postMessage(text));
    main.destroy();
    receive = (text) => handle(text);
    send({ type: "python" });
    for (const text of waiting.splice(0)) receive(text);
  }).catch((error) => send({ type: "error", text: `Python could not start:\n${error?.message ?? error}` }));
}

serve(globalThis);
