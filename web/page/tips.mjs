// A long press on a touch screen shows what a mouse shows on hover: the
// element's title (a card's, a tile's explanation) in a small box below it,
// with a button to the rules section that explains it (data-rule); a card
// (data-zoom) is also shown larger, its copy above it (.zoomed, style.css),
// until the next touch.

const LONG_PRESS_MS = 500;
let held = null, timer = null;

export function pressStart(root, event, ask) {
  hide();
  if (event.pointerType === "mouse") return;  // a mouse shows the title as the browser's own tooltip
  const el = event.target.closest("[title]");
  if (el && root.contains(el)) {
    held = el;
    timer = setTimeout(() => show(ask), LONG_PRESS_MS);
  }
}

export function pressEnd() {
  clearTimeout(timer);
  timer = null;
}

function show({ why, rules }) {
  const el = held;
  timer = null;
  if (!el?.isConnected) return;
  let tip = document.getElementById("tip");
  if (!tip) {
    tip = document.createElement("div");
    tip.id = tip.className = "tip";
    tip.setAttribute("role", "tooltip");
    document.body.append(tip);
  }
  tip.textContent = el.getAttribute("title");
  if (el.hasAttribute("data-zoom")) el.classList.add("zoomed");
  const rule = el.getAttribute("data-rule");
  if (rule) {  // the rules section that explains it, one tap away
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn why tip-why";
    button.textContent = why;
    button.addEventListener("click", () => { hide(); rules(rule); });
    tip.append(button);
  }
  const box = el.getBoundingClientRect();
  tip.style.left = `${Math.max(4, Math.min(box.left, innerWidth - 260))}px`;
  tip.hidden = false;
  tip.style.top = `${tipTop(el, box, tip.offsetHeight) + scrollY}px`;
}

// Below the element; above it (and above its zoomed copy) where below is off the
// screen, as for a card of the hand at a phone's bottom edge.
function tipTop(el, box, height) {
  if (box.bottom + 6 + height <= innerHeight) return box.bottom + 6;
  const copy = el.classList.contains("zoomed") ? el.querySelector(".card-zoom") : null;
  const top = copy ? copy.getBoundingClientRect().top : box.top;
  return Math.max(4, top - 6 - height);
}

export function hide() {
  const tip = document.getElementById("tip");
  if (tip) tip.hidden = true;
  for (const card of document.querySelectorAll(".zoomed")) card.classList.remove("zoomed");
}
