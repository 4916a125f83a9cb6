// Drawing only what changed: the worker's regions patched into the elements
// already on the page.
//
// A render (web/dom.py) sends the markup of each region whose markup changed,
// and the page's skeleton when it changed. A region's markup holds a marker
// (<!--region:NAME-->) where each region inside it stands. The new markup is
// parsed once, with every region that did not change standing in as a
// placeholder for the element already drawn, then matched against the
// elements on the page (`morph`): elements are kept and moved, matched by key
// (data-region, data-key or id) or else by place and tag; only attributes and
// text that differ are written. What persists keeps its state (focus, scroll,
// an animation running), and a meeple drawn elsewhere is the same element:
// motion.mjs glides it.
//
// The markup is our own (web/markup.py escapes every text and attribute value).

import { disarm } from "./guard.mjs";

const MARKER = /<!--region:([^>]*?)-->/g;
const KEEP = "data-keep";  // a placeholder's attribute: the region drawn before, unchanged

const keyOf = (el) => el.getAttribute("data-region") || el.getAttribute("data-key") || el.id || null;

// The markup of `name` with its regions filled in: the changed ones (`regions`) as
// markup, the others as placeholders. `used` collects the changed regions drawn so.
function assemble(markup, regions, used) {
  return markup.replace(MARKER, (_, name) => {
    if (!(name in regions)) return `<template ${KEEP}="${name}"></template>`;
    used.add(name);
    return assemble(regions[name], regions, used);
  });
}

// Never a script element, of any type (guard.mjs).
function parse(markup) {
  const template = document.createElement("template");
  template.innerHTML = markup;
  return disarm(template.content);
}

// Marks the page shows ahead of the worker's drawing (a choice shown chosen at once:
// input.mjs), each with how to undo it. All are undone before the worker's next drawing
// is patched in, or when the worker answers without one: the drawing alone decides what
// stays, so it confirms a mark (drawn again, in the same frame) or corrects it.
const provisional = [];

export function provisionally(el, name, on) {
  if (el.classList.contains(name) === on) return;
  el.classList.toggle(name, on);
  provisional.push(() => el.classList.toggle(name, !on));
}

export function unmark() {
  while (provisional.length) provisional.pop()();
}

// Patch `root`'s regions with a render's `skeleton` (or null) and changed `regions`.
export function patch(root, skeleton, regions) {
  unmark();
  const drawn = new Map();  // region name -> element on the page
  for (const el of root.querySelectorAll("[data-region]")) drawn.set(el.dataset.region, el);
  const used = new Set();
  if (skeleton !== null && skeleton !== undefined) {
    morphChildren(root, parse(assemble(skeleton, regions, used)), drawn);
  }
  for (const [name, markup] of Object.entries(regions)) {
    if (used.has(name)) continue;  // drawn with the region (or skeleton) around it
    const old = drawn.get(name);
    if (!old) continue;  // nowhere to go: its parent did not change and never held it
    const fresh = parse(assemble(markup, regions, used)).firstElementChild;
    if (fresh && fresh.tagName === old.tagName) morph(old, fresh, drawn);
    else if (fresh) old.replaceWith(fresh);
  }
}

// Elements the page draws into itself, kept as drawn while the attribute stays the same:
// a QR code (data-qr, qr.mjs) and the camera's view (data-scan, scan.mjs).
const DRAWN_HERE = ["data-qr", "data-scan"];

// Make `old` like `fresh` (same tag), keeping `old` and the children that match.
function morph(old, fresh, drawn) {
  if (old.isEqualNode(fresh)) return;  // most of a region is as it was: compared natively, left alone
  const drawnHere = DRAWN_HERE.some((name) => old.hasAttribute(name) && old.getAttribute(name) === fresh.getAttribute(name));
  syncAttributes(old, fresh);
  if (drawnHere) return;
  if (old.tagName === "TEMPLATE") {
    old.innerHTML = fresh.innerHTML;
    return;
  }
  morphChildren(old, fresh, drawn);
  if (old.tagName === "SELECT") syncSelect(old, fresh);
}

// <details open>: the player opens and closes it, which writes the attribute; it
// follows the markup only when the markup itself changed.
const drawnOpen = new WeakMap();

function syncAttributes(old, fresh) {
  if (old.tagName === "DETAILS") {  // one drawn before the page's first patch (the first screen): as it is
    const open = fresh.hasAttribute("open");
    if (drawnOpen.has(old) && drawnOpen.get(old) !== open) old.open = open;
    drawnOpen.set(old, open);
  }
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name) && !userOwned(old, name)) {
    old.removeAttribute(name);
    controlled(old, name, fresh);
  }
  for (const { name, value } of fresh.attributes) if (old.getAttribute(name) !== value && !userOwned(old, name)) {
    old.setAttribute(name, value);
    controlled(old, name, fresh);
  }
}

const userOwned = (el, name) => name === "open" && el.tagName === "DETAILS";

// A form control's state follows its markup only when the markup changed (what
// the player typed stays while the worker draws the same value).
function controlled(el, name, fresh) {
  if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") {
    if (name === "value") el.value = fresh.getAttribute("value") ?? "";
    else if (name === "checked") el.checked = fresh.hasAttribute("checked");
  } else if (el.tagName === "OPTION" && name === "selected") {
    el.selected = fresh.hasAttribute("selected");
  }
}

function syncSelect(old, fresh) {
  const wanted = [...fresh.options].findIndex((o) => o.hasAttribute("selected"));
  if (wanted >= 0 && old.selectedIndex !== wanted && [...old.options][wanted]?.hasAttribute("selected")) {
    old.selectedIndex = wanted;
  }
}

const sameKind = (a, b) => a.nodeType === b.nodeType && (a.nodeType !== 1 || (a.tagName === b.tagName && !keyOf(a)));

// The children of `parent` made like those of `fresh`. Each one placed goes right
// after the one placed before it (`last`): a child can be taken away meanwhile (a
// region moved deeper into the new markup), so the next place is found anew each time.
function morphChildren(parent, fresh, drawn) {
  const keyed = new Map();
  for (const child of parent.children) {
    const key = keyOf(child);
    if (key) keyed.set(key, child);
  }
  let last = null;
  const slot = () => (last ? last.nextSibling : parent.firstChild);
  for (const next of [...fresh.childNodes]) {
    const cursor = slot();
    let match = null;
    const keep = next.nodeType === 1 && next.hasAttribute(KEEP) ? drawn.get(next.getAttribute(KEEP)) : null;
    if (keep) {
      if (keep !== cursor) parent.insertBefore(keep, cursor);
      last = keep;
      continue;
    }
    const key = next.nodeType === 1 ? keyOf(next) : null;
    if (key) {
      match = keyed.get(key) ?? null;
      if (match && match.tagName !== next.tagName) match = null;
      if (match) keyed.delete(key);
    } else if (cursor && sameKind(cursor, next)) {
      match = cursor;
    }
    if (!match) {  // new: taken as it was parsed, its placeholders first (which may take `cursor`)
      const el = settle(next, drawn);
      parent.insertBefore(el, slot());
      last = el;
      continue;
    }
    if (match !== cursor) parent.insertBefore(match, cursor);
    last = match;
    if (match.nodeType === 1) morph(match, next, drawn);
    else if (match.nodeValue !== next.nodeValue) match.nodeValue = next.nodeValue;
  }
  for (let extra = slot(); extra; extra = slot()) extra.remove();  // gone from the new markup
}

// A new element, its placeholders replaced by the regions they stand for.
function settle(el, drawn) {
  if (el.nodeType !== 1) return el;
  if (el.hasAttribute(KEEP)) return drawn.get(el.getAttribute(KEEP)) ?? el;
  for (const keep of el.querySelectorAll(`template[${KEEP}]`)) {
    const region = drawn.get(keep.getAttribute(KEEP));
    if (region) keep.replaceWith(region);
  }
  for (const details of el.querySelectorAll("details")) drawnOpen.set(details, details.hasAttribute("open"));
  if (el.tagName === "DETAILS") drawnOpen.set(el, el.hasAttribute("open"));
  return el;
}
