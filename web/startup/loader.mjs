// The page until its Python draws it (index.html loads this module first).
//
// - A progress bar of the downloads (<progress> in index.html, a value from
//   the start): which file, how many MB of how many, from the
//   "lepeuple:progress" events of web/startup/interpreter.mjs, then "starting". The
//   page's Python (and its translations) is not running yet: the few words
//   here come from the small table below, in the browser's language among
//   en/fr/ja (English otherwise). Screen readers get the same: the text names
//   the bar (aria-valuetext), and a polite status says each new step once.
//   After an early Start on the first screen (web/startup/firstscreen.mjs, event
//   "lepeuple:waiting" with its text in the form's language), the bar says
//   "starting when ready — N %" instead.
// - Errors outside Python (e.g. the runtime failing to load) shown in #error,
//   not only in the console.
// - The service worker (sw.js), registered once the page's own downloads are
//   over and the page is ready: its install then reuses them.
// - On the service worker's "new version" page (web/startup/sw.template.js): once
//   loaded, asks the new worker to take over, and reloads once it has.

export const TEXT = {
  en: { loading: "Loading…", fetching: "Downloading", starting: "Starting…", update: "New version…", of: "{done} of {total} MB",
        files: { snapshot: "Python's memory image", wasm: "the Python runtime", runtime: "the Python runtime",
                 stdlib: "Python's library", game: "the game" } },
  fr: { loading: "Chargement…", fetching: "Téléchargement :", starting: "Démarrage…", update: "Nouvelle version…",
        of: "{done} sur {total} Mo",
        files: { snapshot: "image mémoire de Python", wasm: "moteur Python", runtime: "moteur Python",
                 stdlib: "bibliothèque Python", game: "le jeu" } },
  ja: { loading: "読み込み中…", fetching: "ダウンロード中：", starting: "起動中…", update: "新しいバージョン…",
        of: "{done} / {total} MB",
        files: { snapshot: "Python メモリイメージ", wasm: "Python 実行環境", runtime: "Python 実行環境",
                 stdlib: "Python ライブラリ", game: "ゲーム" } },
};
const FILE_KIND = [[/snapshot/, "snapshot"], [/\.wasm/, "wasm"], [/asm\.mjs/, "runtime"], [/stdlib/, "stdlib"],
                   [/python-files/, "game"]];

const lang = (navigator.languages || [navigator.language || "en"])
  .map((tag) => String(tag).toLowerCase().split("-")[0]).find((code) => code in TEXT) || "en";
const text = TEXT[lang];

const box = document.getElementById("loading");
const bar = document.getElementById("loading-bar");
const label = document.getElementById("loading-text");
const status = document.getElementById("live");  // the page's one polite live region (index.html)
if (box) box.lang = lang;

const megabytes = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });  // made once: costly
const mb = (bytes) => megabytes.format(bytes / 1e6);
let last = null, step = "", frame = 0, waiting = null;

// What the bar shows for a "lepeuple:progress" event's `detail`, in the words
// `text` (an entry of TEXT), `waiting` the early Start's text (or null): its
// label, max and value, and the step screen readers are told once (`step`: a
// new one is said, as the label when waiting).
export function progress(detail, text, waiting = null) {
  const { file, loaded, total, phase } = detail;
  const kind = file && FILE_KIND.find(([pattern]) => pattern.test(file));
  const what = phase === "starting" ? text.starting : kind ? `${text.fetching} ${text.files[kind[1]]}` : text.loading;
  const amount = text.of.replace("{done}", mb(loaded)).replace("{total}", mb(total));
  const percent = phase === "starting" ? 100 : Math.floor((100 * Math.min(loaded, total)) / Math.max(total, 1));
  const label = waiting ? waiting.replace("{percent}", percent) : phase === "starting" ? what : `${what} — ${amount}`;
  const max = Math.max(total, 1);
  return { label, max, value: phase === "starting" ? max : Math.min(loaded, total), step: waiting || what };
}

function show(detail) {
  if (!bar?.isConnected) return;  // the page has drawn itself
  const shown = progress(detail, text, waiting);
  label.textContent = shown.label;
  bar.max = shown.max;
  bar.value = shown.value;
  bar.setAttribute("aria-valuetext", shown.label);
  if (status && shown.step !== step) {  // each step once for screen readers
    step = shown.step;
    status.textContent = waiting ? shown.label : step;
  }
}

addEventListener("lepeuple:progress", (event) => {
  last = event.detail;
  if (!frame) frame = requestAnimationFrame(() => { frame = 0; show(last); });
});
addEventListener("lepeuple:waiting", (event) => {
  waiting = event.detail.text;
  if (box && event.detail.lang) box.lang = event.detail.lang;  // the words are the form's
  show(last || { file: null, loaded: 0, total: 0, phase: "fetching" });
});
if (label) label.textContent = document.documentElement.hasAttribute("data-update") ? text.update : text.loading;

function showError(message) {
  const errors = document.getElementById("error");
  if (errors) { errors.textContent += `${message}\n`; errors.hidden = false; }
}
addEventListener("error", (e) => showError(e.message));
addEventListener("unhandledrejection", (e) => showError(String(e.reason)));

// The page is ready (body[data-ready], set by its Python) or has failed (#error shown).
const settled = new Promise((resolve) => {
  const done = () => document.body.dataset.ready || !document.getElementById("error")?.hidden;
  if (done()) return resolve();
  const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(); } });
  watch.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-ready", "hidden"] });
});
const fetched = new Promise((resolve) => {
  if (globalThis.lepeupleFetched) resolve();
  else addEventListener("lepeuple:fetched", resolve, { once: true });
});

const sw = navigator.serviceWorker;
if (sw && document.documentElement.hasAttribute("data-update")) {
  // The old worker served this page: ask the new one to take over once the page
  // has loaded (the old worker answers no request of it any more, so Chromium
  // can stop it at once: sw.template.js), and reload once it has taken over,
  // never before (a reload sent while the old worker is being stopped can stay
  // pending for ever). The waiting worker is asked again each second.
  let reloaded = false;
  const reload = () => { if (!reloaded) { reloaded = true; location.reload(); } };
  sw.addEventListener("controllerchange", reload);
  const watch = async () => {
    const registration = await sw.getRegistration();
    if (!registration?.waiting) return reload();  // the new worker is activating or active
    registration.waiting.postMessage("lepeuple:activate");
    setTimeout(watch, 1000);
  };
  if (document.readyState === "complete") watch();
  else addEventListener("load", () => setTimeout(watch), { once: true });
  if (bar) bar.removeAttribute("value");  // indeterminate: nothing to count here
} else if (sw) {
  Promise.all([fetched, settled]).then(() => sw.register("./sw.js")).catch((error) => {
    console.warn(`Le Dernier Peuple: no offline play (${error?.message ?? error})`);
  });
}
