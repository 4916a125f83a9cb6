// Keyboard focus across patches, and the modal dialog that keeps it.
//
// After a patch: inside a modal dialog when one is open (the rest of the page
// inert, Tab kept inside); on the step's first choice (data-focus) when the
// render says focus="choice"; on the control a selector names (a section of the
// rules panel, a refused field …); else on the same control as before — kept
// by the patch itself, or found again by what it does (`remember`) when it was
// drawn anew; gone altogether, on the step's next choices.

export const FOCUSABLE = "button:not([disabled])";
const MODAL = '[aria-modal="true"]';

// A selector that finds the focused control again (data-act and its data-arg,
// data-change with its name, or its name), or null.
export function remember(root) {
  const el = document.activeElement;
  if (!el || !root.contains(el) || el === root) return null;
  for (const attr of ["data-act", "data-change", "name"]) {
    const value = el.getAttribute(attr);
    if (!value) continue;
    let selector = `[${attr}="${CSS.escape(value)}"]`;
    const arg = el.getAttribute("data-arg");
    if (arg && attr === "data-act") selector += `[data-arg="${CSS.escape(arg)}"]`;
    const name = el.getAttribute("name");
    if (attr === "data-change" && name) selector += `[name="${CSS.escape(name)}"]`;  // the form's menus share data-change
    return selector;
  }
  return null;
}

// Focus `el`, scrolling only when its place (not where a glide shows it now) is off screen;
// then a control of the turn (the play area: prompt, ring, hand) brings the whole turn into
// view, the prompt with it, rather than that control alone at the screen's edge.
function focusOn(el) {
  el.focus({ preventScroll: true });
  let top = 0;
  for (let at = el; at; at = at.offsetParent) top += at.offsetTop;
  if (top < scrollY || top + el.offsetHeight > scrollY + innerHeight) {
    (el.closest(".play-area") ?? el).scrollIntoView({ block: "nearest" });
  }
}

// A new screen (the table after the form's Start, the replay …) opens at its top, as a new
// page would: the form's scroll kept would push the table's prompt above the screen.
let screenShown = null;
function newScreen(root) {
  const screen = [...(root.firstElementChild?.classList ?? [])].find((name) => name.startsWith("screen-")) ?? null;
  if (screenShown !== null && screen !== screenShown) scrollTo(0, 0);
  screenShown = screen;
}

export function settle(root, focus, kept) {
  newScreen(root);
  const modal = isolate(root);
  const wanted = focus && focus !== "choice" ? root.querySelector(focus) : null;
  if (modal) {
    const inside = wanted && modal.contains(wanted) ? wanted : null;
    const first = inside ?? (modal.contains(document.activeElement) ? null : modal.querySelector("[data-focus]") ?? modal.querySelector(FOCUSABLE));
    if (first) focusOn(first);
    return;
  }
  const first = focus === "choice" ? root.querySelector("[data-focus]") : wanted;
  const again = kept && !root.contains(document.activeElement) ? root.querySelector(kept) ?? root.querySelector(`.actions ${FOCUSABLE}`) : null;
  if (first ?? again) focusOn(first ?? again);
}

// Everything but the open modal dialog inert (not focusable, not clickable); the dialog, or null.
function isolate(root) {
  for (const el of root.querySelectorAll("[inert]")) el.inert = false;
  const modal = root.querySelector(MODAL);
  if (!modal) return null;
  for (let el = modal; el !== root && el.parentElement; el = el.parentElement) {
    for (const sibling of el.parentElement.children) if (sibling !== el) sibling.inert = true;
  }
  return modal;
}

// Keep Tab inside the open modal dialog (the pass screen); true if handled.
export function trapTab(root, event) {
  const modal = root.querySelector(MODAL);
  if (!modal) return false;
  const items = [...modal.querySelectorAll(FOCUSABLE)];
  if (!items.length) return false;
  const here = items.indexOf(document.activeElement);
  const step = event.shiftKey ? -1 : 1;
  event.preventDefault();
  items[here < 0 ? 0 : (here + step + items.length) % items.length].focus();
  return true;
}
