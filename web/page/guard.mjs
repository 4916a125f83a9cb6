// Nothing added to the page after it loaded runs.
//
// PyScript's core, on this thread, watches the whole document and starts any
// <script type="py"> or "mpy", <py-script> or <mpy-script> added to it, in a
// worker or here. The page's only one is index.html's (PyScript's worker for the
// game), and its copy when the worker is restarted (web/page/page.mjs, through
// `trusted`). Any other, and any <script> at all, is disarmed the moment it is
// added: its type made inert and taken out of the page, before PyScript's own
// observer looks (observers are told in the order they were made, and this
// module runs before PyScript's: index.html). The patcher (patch.mjs) disarms
// the worker's markup before inserting it. An inline <script> would not run
// anyway (the page's Content-Security-Policy allows no inline script), nor would
// PyScript's py-* event attributes: they call an interpreter on this thread, and
// this thread has none (web/startup/interpreter.mjs refuses to start here).

const RUNNABLE = "script, py-script, mpy-script, py-config, mpy-config";
const allowed = new WeakSet();

// `el`, trusted: a script element the page itself adds.
export function trusted(el) {
  allowed.add(el);
  return el;
}

// `root` (an element or a fragment) and everything in it, with nothing that could run.
export function disarm(root) {
  const found = root.querySelectorAll ? [...root.querySelectorAll(RUNNABLE)] : [];
  if (root.matches?.(RUNNABLE)) found.push(root);
  for (const el of found) {
    if (allowed.has(el)) continue;
    if (el.tagName === "SCRIPT") el.type = "text/plain";
    el.remove();
    // PyScript's observer, told after this one, looks at the same added nodes: a taken-out
    // <py-script> still has its tag, so it matches no selector of theirs.
    Object.defineProperty(el, "matches", { value: () => false });
    console.warn(`Le Dernier Peuple: a <${el.tagName.toLowerCase()}> added to the page was taken out`);
  }
  return root;
}

new MutationObserver((records) => {
  for (const { addedNodes } of records) for (const node of addedNodes) if (node.nodeType === 1) disarm(node);
}).observe(document, { childList: true, subtree: true });
