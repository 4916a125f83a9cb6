// What the page's modules find in a browser when they load, for Node.js, which
// has none of it: a document with no elements (bar the first screen's
// templates, whose languages a case sets), the page's URL, the browser's
// languages and an in-memory localStorage (or one that refuses, as a browser
// with storage disabled does). A case sets `page`, then loads a fresh copy of
// a module with `fresh()`: the modules read the URL and the templates once,
// as they load.

export const page = { search: "", hash: "", languages: ["en"], templateLangs: [], storage: new Map(), refuse: false };

globalThis.localStorage = {
  getItem(key) {
    if (page.refuse) throw new Error("SecurityError: storage is disabled");
    return page.storage.has(key) ? page.storage.get(key) : null;
  },
};
Object.defineProperty(globalThis, "navigator", {
  configurable: true,
  value: { get languages() { return page.languages; }, get language() { return page.languages[0]; } },
});
globalThis.location = { get search() { return page.search; }, get hash() { return page.hash; } };
globalThis.document = {
  getElementById: () => null,
  querySelectorAll: (selector) =>
    selector === "template[data-first]" ? page.templateLangs.map((lang) => ({ dataset: { lang } })) : [],
  documentElement: { hasAttribute: () => false },
  body: { dataset: {} },
};
globalThis.addEventListener = () => {};
globalThis.dispatchEvent = () => {};

// Reset the page to a first visit of an English browser, with `changes` applied.
export function visit(changes = {}) {
  Object.assign(page, { search: "", hash: "", languages: ["en"], templateLangs: [], storage: new Map(), refuse: false },
    changes);
}

let copies = 0;
// A copy of the module at `path` (relative to this file) loaded now, with the page as set.
export function fresh(path) {
  copies += 1;
  return import(new URL(`${path}?copy=${copies}`, import.meta.url).href);
}
