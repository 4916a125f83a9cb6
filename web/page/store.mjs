// localStorage for the page's Python, which has none in its Web Worker
// (web/model/storage.PageStorage keeps a copy there).
//
// At start-up the worker gets every item of ours (keys starting "lepeuple.");
// then each write it makes is done here, in order, and one the browser refuses
// (a full quota, storage disabled) is answered with the value really kept. What
// another tab writes reaches the worker too (the "storage" event never fires in
// the tab that wrote).

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

// Write (value null: remove); null, or the message for the worker when the browser refused.
export function write(key, value) {
  const store = storage();
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    return null;
  } catch {
    return { type: "refused", key, value: store?.getItem(key) ?? null };
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
