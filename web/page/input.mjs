// What the player does, sent to the worker: clicks on controls (data-act,
// data-arg), menus changed (data-change), game files picked or dropped, keys.
//
// Slip-proof: a click acts only on the control the press began on (one that
// was on screen then), the second click of a double click never acts, and a
// held key's repeats never press a control again. So a double click on "Skip"
// cannot also press the "Draw two" drawn in its place. (The worker also drops a
// choice of play clicked on a drawing older than the last action: the page
// draws a moment after it decides.)

import { FOCUSABLE, trapTab } from "./focus.mjs";
import { provisionally, unmark } from "./patch.mjs";
import { pressEnd, pressStart } from "./tips.mjs";
import { words } from "./voice.mjs";

const ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

// The new-game form's fields as {name: value} (disabled fields left out), sent with each input.
function formOf(root) {
  const form = root.querySelector("form");
  const out = {};
  if (form) for (const [name, value] of new FormData(form)) if (typeof value === "string") out[name] = value;
  return out;
}

// The press began on this control: the same element, or the one drawn in its place meanwhile for
// the same thing (the worker may draw between a press and its click), never another control.
const sameControl = (a, b) =>
  !!a && (a === b || (a.dataset.act === b.dataset.act && a.getAttribute("data-arg") === b.getAttribute("data-arg")));

// The control just pressed shows it at once (.pressed), until the worker's drawing
// that follows it: what the click does comes a moment later, the press is seen now.
let shown = null;
function pressedNow(el) {
  shown?.classList.remove("pressed");
  shown = el;
  el.classList.add("pressed");
}

export function released() {
  shown?.classList.remove("pressed");
  shown = null;
  unmark();  // answered without a drawing: the choice shown at once was not taken
}

// A card, a meeple or a tile pressed shows chosen at once, as the worker will draw it
// (a card lifted, the meeple's tile ringed, the tile marked), a provisional mark
// (patch.mjs) that the worker's drawing then confirms or corrects. The worker's answer
// takes a moment (much longer on a slow phone); which control was pressed is known now.
const tileOf = (root, n) => root.querySelector(`.ring .tile[data-tile="${CSS.escape(String(n))}"]`);
const only = (root, el, selector, name) => {
  if (!el) return;
  for (const other of root.querySelectorAll(selector)) if (other !== el) provisionally(other, name, false);
  provisionally(el, name, true);
};
const CHOSEN = {
  card: (root, el) => {  // a second press on the chosen card puts it back
    if (el.classList.contains("selected")) provisionally(el, "selected", false);
    else only(root, el, ".hand .card.selected", "selected");
  },
  meeple: (root, el) => {
    const [seat, index] = JSON.parse(el.getAttribute("data-arg"));  // on the ring or a button naming it
    const pawn = root.querySelector(`.ring .meeple[data-key="meeple-${seat}-${index}"]`);
    only(root, pawn && tileOf(root, pawn.dataset.on), ".ring .tile.chosen", "chosen");
  },
  tile: (root, el) => only(root, el.closest(".tile"), ".ring .tile.picked", "picked"),
  how: (root, el) => only(root, el.dataset.to && tileOf(root, el.dataset.to), ".ring .tile.picked", "picked"),
};

function chosenNow(root, el) {
  CHOSEN[el.dataset.act]?.(root, el);
}

export function listen(root, send) {
  let pressed = null;  // the control a pointer press began on
  const command = (act, arg = null) => send({ type: "command", act, arg, form: formOf(root) });
  const readFile = async (file) => send({ type: "file", text: await file.text() });

  root.addEventListener("click", (event) => {
    const el = event.target.closest("[data-act]");
    if (!el || el.disabled) return;
    event.preventDefault();
    const clicks = event.detail || 0;  // 0: from the keyboard; 2 and up: a double click's later clicks
    const began = pressed;
    pressed = null;
    if (clicks > 1 || (clicks === 1 && !sameControl(began, el))) return;
    const raw = el.getAttribute("data-arg");
    pressedNow(el);
    chosenNow(root, el);
    command(el.dataset.act, raw ? JSON.parse(raw) : null);
  });
  root.addEventListener("change", (event) => {
    const el = event.target.closest("[data-change]");
    if (!el) return;
    if (el.type === "file") {  // "open a game file"
      if (el.files.length) readFile(el.files[0]);
      el.value = "";  // emptied: the same file picked again is a change, and is read again
      return;
    }
    send({ type: "change", name: el.dataset.change, value: el.value, form: formOf(root) });
  });
  root.addEventListener("keydown", (event) => onKey(root, event, command));
  root.addEventListener("pointerdown", (event) => {
    pressed = event.target.closest("[data-act]");
    pressStart(root, event, { why: words.why, rules: (rule) => command("rules", rule) });
  });
  for (const kind of ["pointerup", "pointercancel", "pointerleave"]) root.addEventListener(kind, pressEnd);
  // A game file dropped anywhere on the page opens in the replay viewer (never instead of the page).
  document.addEventListener("dragover", (event) => event.preventDefault());
  document.addEventListener("drop", (event) => {
    event.preventDefault();
    const file = event.dataTransfer?.files?.[0];
    if (file) readFile(file);
  });
}

// Arrow keys move the focus between the buttons of one group (hand, ring, choices);
// Tab stays inside a modal dialog; Escape closes what says so; a held Enter or
// Space presses nothing twice.
function onKey(root, event, command) {
  const key = event.key;
  if (event.repeat && (key === "Enter" || key === " ")) {
    event.preventDefault();
    return;
  }
  if (key === "Tab" && trapTab(root, event)) return;
  if (key === "Escape") {  // the rules panel: data-escape="rules-close"
    const closer = root.querySelector("[data-escape]");
    if (closer && !root.querySelector('[aria-modal="true"]')) {
      event.preventDefault();
      command(closer.dataset.escape);
      return;
    }
  }
  const step = ARROWS[key];
  const el = document.activeElement;
  if (!step || !el || event.altKey || event.ctrlKey || event.metaKey) return;
  const group = el.closest("[data-keys]");
  if (!group) return;
  const items = [...group.querySelectorAll(FOCUSABLE)];
  const index = items.indexOf(el);
  if (index < 0) return;
  event.preventDefault();
  items[(index + step + items.length) % items.length].focus();
}
