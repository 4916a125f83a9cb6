// The first screen before Python is ready (index.html loads this module right
// after web/startup/loader.mjs).
//
// index.html carries the new-game screen a first visitor sees as <template
// data-first> elements, one per language, drawn for 5 seats at build time by
// the page's own Python render code (scripts/prerender.py, build_site.py); a
// table of 3 or 4 is its first rows (the 3/4/5 buttons add bots, as Python's
// do), with that button pressed. This module shows the one in the
// player's language (the URL's ?lang=, else the stored preference, else the
// browser's, as web/app.py picks it) and lets the player use it while Python
// loads: seat menus, names, rule options, bot speed, the table size (another
// template, the choices kept), the language (likewise) and the rules
// (rules/<lang>.html, fetched when opened). Start, the guided game or "Scan the
// invitation" is recorded and done once Python is ready; the loading bar then says so
// (web/startup/loader.mjs, event "lepeuple:waiting").
//
// A returning player with a saved game sees the table as Python last drew it
// (kept in localStorage by web/page/page.mjs), inert, until Python draws it live.
// Nothing is shown here when the URL sets up a game, opens the guided game or
// a shared game (#g=): Python goes straight there.
//
// Python takes over with lepeupleFirstScreen.take() (web/page/page.mjs, at boot): what was
// chosen, as JSON (web/startup/takeover.py uses it); from then on this module does
// nothing, and Python's first drawing replaces everything in #app.

// The storage keys, the kept table's save end (the kept table is of the save that
// ends so) and the URL's keys that set up a game: the Python's own, written into
// keys.mjs by scripts/build_site.py from web/model/storage.py, web/startup/takeover.py,
// web/model/guide_game.py and web/model/newgame.py.
import { KEPT_KEY, PREFS_KEY, SAVE_END, SAVE_KEY, SETUP_KEYS, TUTORIAL_KEY, WHOLE } from "./keys.mjs";

const app = document.getElementById("app");
const loading = document.getElementById("loading");
const templates = [...document.querySelectorAll("template[data-first]")];
const langs = [...new Set(templates.map((t) => t.dataset.lang))];
const query = new URLSearchParams(location.search);
const state = { shown: null, lang: "en", langChosen: false, speed: null, pending: null, rules: false, taken: false,
  refused: false };
const rulesPages = {};  // lang -> markup (a promise of it)
let box = null;  // the shown page, in #app before the loading bar

function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }  // storage disabled
}

export function storedJson(key) {
  try { return JSON.parse(stored(key)) ?? null; } catch { return null; }
}

function fromUrl(key) {
  const values = query.getAll(key);
  return values.length ? values[values.length - 1].trim().toLowerCase() : "";
}

export function pickLang() {
  const prefs = storedJson(PREFS_KEY) || {};
  const wanted = [fromUrl("lang"), prefs.lang,
    ...(navigator.languages || [navigator.language]).map((tag) => String(tag).split("-")[0].toLowerCase())];
  return wanted.find((code) => langs.includes(code)) || "en";
}

// What to show: the form, the kept table, or nothing (Python goes elsewhere first).
function what() {
  if (!templates.length || !app || !loading) return null;
  // ?tutorial=1 opens the guided game; of a repeated key the last counts, as in web/app.py.
  const opens = SETUP_KEYS.some((key) => query.has(key)) || query.getAll("tutorial").at(-1) === "1"
    || location.hash.startsWith("#g=");
  if (opens) return null;
  return stored(SAVE_KEY) === null ? "form" : "kept";
}

// The table Python last drew (web/page/page.mjs keeps it), if it is of the save in storage; else null.
export function keptTable() {
  const kept = storedJson(KEPT_KEY), save = stored(SAVE_KEY) || "";
  return kept && typeof kept.html === "string" && kept.save_end === save.slice(-SAVE_END) ? kept : null;
}

// The guided game is offered on a first visit (no preferences stored yet), or to resume one (web/app.py).
export function offersTutorial() {
  return stored(PREFS_KEY) === null || stored(TUTORIAL_KEY) !== null;
}

// The bot speed to show: the one chosen on this screen, else the URL's, else the stored preference.
export function wantedSpeed() {
  return state.speed || fromUrl("speed") || storedJson(PREFS_KEY)?.speed;
}

// ----- the form ---------------------------------------------------------

function form() { return box.querySelector("form"); }

function fields() {
  const data = form() ? new FormData(form()) : [];  // as Python reads it: disabled fields left out
  const out = {};
  for (const [name, value] of data) if (typeof value === "string") out[name] = value;
  return out;
}

function seatCount() { return box.querySelectorAll("select[name^='kind-']").length; }

// Show the page of `lang` for `count` seats, with the choices made so far.
function show(lang, count, values) {
  const template = templates.find((t) => t.dataset.lang === lang) || templates[0];
  state.lang = template.dataset.lang;
  box.replaceChildren(template.content.cloneNode(true));
  box.querySelectorAll(".seat-row").forEach((row, i) => { if (i >= count) row.remove(); });
  for (const button of box.querySelectorAll("[data-act=seats]")) {
    const on = button.dataset.arg === String(count);
    button.classList.toggle("on", on);
    button.setAttribute("aria-pressed", String(on));
  }
  box.lang = state.lang;
  box.dataset.waiting = template.dataset.waiting;
  if (!offersTutorial()) box.querySelector(".tut-offer")?.remove();
  const speed = box.querySelector("select[name=speed]");
  const speedWanted = wantedSpeed();
  if (speed && [...speed.options].some((o) => o.value === speedWanted)) speed.value = speedWanted;
  const file = box.querySelector("input[type=file]");
  if (file) file.disabled = true;  // a game file is read by Python: from when it is ready
  for (const el of form()?.elements || []) {
    if (!el.name || !(el.name in values)) continue;
    if (el.type === "radio") el.checked = el.value === values[el.name];
    else if (el.tagName !== "BUTTON") el.value = values[el.name];
  }
  box.querySelectorAll("select[name^='kind-']").forEach(seatKind);
  if (state.pending) waiting();
}

// A seat's menu changed: its name field is for a person only; the levels in use stand out.
function seatKind(select) {
  const row = select.closest(".seat-row");
  const bot = select.value.startsWith("bot:");
  row?.classList.toggle("bot", bot);
  const name = row?.querySelector("input[name^='name-']");
  if (name) name.hidden = name.disabled = bot;
  if (bot) select.setAttribute("aria-describedby", `level-about-${select.value.slice(4)}`);
  else select.removeAttribute("aria-describedby");
  const used = new Set([...box.querySelectorAll("select[name^='kind-']")]
    .filter((s) => s.value.startsWith("bot:")).map((s) => s.value.slice(4)));
  for (const note of box.querySelectorAll(".level-note")) note.classList.toggle("used", used.has(note.dataset.level));
}

// Start with a field the form cannot take: a target or a seed out of the limits Python
// drew into the field (min, max, step, pattern), or not written in ASCII digits (WHOLE,
// Python's rule for every whole number: "1e1" in a number field). Said as Python says it (the message it
// drew, data-refused); the field keeps its text, marked invalid, described by its
// message and focused; nothing starts. Python says it again once ready (state.refused).
const ECHO = 24;  // web/model/newgame.py MAX_ECHO: characters of a value said back

function refusedFields() {
  return [...form().querySelectorAll("input[data-refused]")].filter((el) => {
    const v = el.validity;  // an empty field is not refused: Python takes the default
    return !el.disabled && (v.rangeOverflow || v.rangeUnderflow || v.stepMismatch || v.patternMismatch
      || !new RegExp(`^(?:${WHOLE})$`).test(el.value));
  });
}

function echo(text) {
  const chars = [...text];
  if (chars.length <= ECHO) return text;
  const parts = typeof Intl.Segmenter === "function" ? [...new Intl.Segmenter().segment(text)].map((s) => s.segment) : chars;
  let out = "";
  for (const part of parts) {
    if ([...out].length + [...part].length > ECHO - 1) break;
    out += part;
  }
  return `${out}…`;
}

function fieldsTaken() {
  const refused = refusedFields();
  form().querySelector(".errors")?.remove();
  for (const el of form().querySelectorAll("input[data-refused]")) {
    el.removeAttribute("aria-invalid");
    el.removeAttribute("aria-describedby");
  }
  state.refused = refused.length > 0;
  if (!state.refused) return true;
  const box = document.createElement("div"), heading = document.createElement("p"),
    strong = document.createElement("strong"), list = document.createElement("ul");
  box.className = "errors";
  box.setAttribute("role", "alert");
  box.dataset.testid = "errors";
  strong.textContent = form().dataset.refusedHeading;
  heading.append(strong);
  for (const el of refused) {
    const item = document.createElement("li");
    item.id = `error-${el.name}`;
    item.textContent = el.dataset.refused.replace("{value}", echo(el.value));
    list.append(item);
    el.setAttribute("aria-invalid", "true");
    el.setAttribute("aria-describedby", item.id);
  }
  box.append(heading, list);
  form().querySelector(".tagline").after(box);
  refused[0].focus();
  return false;
}

function waiting() {
  dispatchEvent(new CustomEvent("lepeuple:waiting", { detail: { text: box.dataset.waiting, lang: state.lang } }));
}

// ----- the rules ----------------------------------------------------------

function rulesOf(lang) {
  rulesPages[lang] ??= fetch(`./rules/${lang}.html`).then((r) => {
    if (!r.ok) throw new Error(`rules/${lang}.html: HTTP ${r.status}`);
    return r.text();
  });
  return rulesPages[lang];
}

async function openRules() {
  state.rules = true;
  const lang = state.lang;
  let markup;
  try { markup = await rulesOf(lang); } catch (error) {
    console.warn(`Le Dernier Peuple: the rules come with Python (${error.message})`);
    delete rulesPages[lang];  // try again on the next press
    state.rules = false;
    return;
  }
  if (state.taken || !state.rules || lang !== state.lang) return;
  const main = box.querySelector("main");
  for (const child of main.children) child.hidden = true;
  main.insertAdjacentHTML("beforeend", `<div class="first-rules">${markup}</div>`);
  box.querySelector(".page")?.classList.replace("screen-new", "screen-rules");
  scrollTo(0, 0);
  main.querySelector("[data-act=rules-close]")?.focus();
}

function closeRules() {
  state.rules = false;
  box.querySelector(".first-rules")?.remove();
  for (const child of box.querySelector("main").children) child.hidden = false;
  box.querySelector(".page")?.classList.replace("screen-rules", "screen-new");
  box.querySelector("[data-act=rules]")?.focus();
}

// ----- what the player does -----------------------------------------------

function onClick(event) {
  if (state.taken) return;
  const link = event.target.closest("a[href^='#']");  // the rules' contents: no change of the URL
  if (link) {
    event.preventDefault();
    document.getElementById(decodeURIComponent(link.hash.slice(1)))?.scrollIntoView();
    return;
  }
  const el = event.target.closest("[data-act]");
  if (!el || el.disabled) return;
  const act = el.dataset.act;
  if (act === "seats") {
    show(state.lang, Number(el.dataset.arg), fields());
    box.querySelector(`[data-act=seats][data-arg="${el.dataset.arg}"]`)?.focus();
  } else if (act === "start" || act === "tutorial" || act === "net-scan") {  // done once Python is ready
    if (act === "start" && !fieldsTaken()) return;
    state.pending = act;
    waiting();
  } else if (act === "rules") {
    if (!state.rules) openRules();
  } else if (act === "rules-close") {
    closeRules();
  }
}

function onChange(event) {
  if (state.taken) return;
  const el = event.target;
  if (el.name === "lang") {
    const rules = state.rules;
    state.langChosen = true;
    state.rules = false;
    show(el.value, seatCount(), fields());
    box.querySelector("select[name=lang]")?.focus();
    if (rules) openRules();
  } else if (el.name === "speed") {
    state.speed = el.value;
  } else if (el.name?.startsWith("kind-")) {
    seatKind(el);
  }
}

// ----- start --------------------------------------------------------------

state.shown = what();
if (state.shown) {
  box = document.createElement("div");
  box.className = "first";
  app.insertBefore(box, loading);
  app.classList.add("first-shown");
}
if (state.shown === "form") {
  show(pickLang(), 3, {});
  box.addEventListener("click", onClick);
  box.addEventListener("change", onChange);
  box.addEventListener("submit", (event) => event.preventDefault());
} else if (state.shown === "kept") {
  const kept = keptTable();
  if (kept) {
    box.innerHTML = kept.html;  // our own markup, as Python drew it (kept by web/page/page.mjs)
    box.lang = kept.lang || "en";
    box.classList.add("kept");
    box.inert = true;  // read-only until Python is ready
    box.setAttribute("aria-busy", "true");
  } else {
    state.shown = null;
    box.remove();
    app.classList.remove("first-shown");
  }
}

if (state.shown) performance.mark("lepeuple:first-screen");  // for scripts/bench/first_visit_bench.py

globalThis.lepeupleFirstScreen = {
  // What the player chose before Python was ready (web/startup/takeover.py reads it); the end of this module's work.
  take() {
    const out = { shown: state.shown, fields: state.shown === "form" ? fields() : null, lang: state.lang,
                  lang_chosen: state.langChosen, speed: state.speed, pending: state.pending, rules: state.rules,
                  refused: state.refused };
    state.taken = true;
    app?.classList.remove("first-shown");  // Python draws #app now
    return JSON.stringify(out);
  },
};
