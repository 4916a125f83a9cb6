// localStorage for the page's Python, which has none in its Web Worker
// (web/model/storage.PageStorage keeps a copy there).
//
// At start-up the worker gets every item of ours (keys starting "lepeuple.");
// then each write it makes is done here, in order, and one that is refused is
// answered with the value really kept: the browser refused it (a full quota,
// storage disabled), or it was guarded (the save is written only over the save
// the worker expects there, named by its length and its end) and found another.
// A move (an unreadable save kept under a backup name) is done whole or not at
// all, and answered either way. What another tab writes reaches the worker too
// (the "storage" event never fires in the tab that wrote).

const OURS = "lepeuple.";

function storage() {
  try {
    const store = globalThis.localStorage;
    store.getItem("lepeuple.probe");  // throws where storage is disabled
    return store;
  } catch {
    return null;
  }
}

// {key: value} of our items, and whether the browser keeps anything.
export function items() {
  const store = storage();
  const out = {};
  if (store) {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(OURS)) out[key] = store.getItem(key);
    }
  }
  return { items: out, saving: store !== null };
}

// Does `current` match what a guarded write expects there: [its length, its end] (or null: nothing)?
function matches(current, expect) {
  if (expect === null) return current === null;
  return current !== null && current.length === expect[0] && current.endsWith(expect[1]);
}

// Write (value null: remove); null, or the message for the worker when it is refused: the
// browser refused it (a full quota), or a guarded write (`expect` given) found another value.
export function write(key, value, expect) {
  const store = storage();
  const current = () => store?.getItem(key) ?? null;
  if (expect !== undefined && !matches(current(), expect)) return { type: "refused", key, value: current(), reason: "changed" };
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    return null;
  } catch {
    return { type: "refused", key, value: current(), reason: "full" };
  }
}

// Move the value at `from` to `to`, whole or not at all; the answer for the worker.
export function move(id, from, to) {
  const store = storage();
  const value = store?.getItem(from) ?? null;
  try {
    if (value !== null) {
      store.setItem(to, value);
      store.removeItem(from);
    }
    return { type: "moved", id, refused: false };
  } catch {
    return { type: "moved", id, refused: true };  // nothing was written: it stays where it was
  }
}

export function read(key) {
  return storage()?.getItem(key) ?? null;
}

// Another tab wrote: `send` the worker the key and its new value (key null: storage cleared).
export function watch(send) {
  addEventListener("storage", (event) => {
    if (event.key !== null && !event.key.startsWith(OURS)) return;
    send({ type: "storage", key: event.key, value: event.key === null ? null : event.newValue });
  });
}
