// What moved glides from where it was (none when the player asks for reduced motion).
//
// Every meeple and card carries data-fly (its key anywhere on the page). Before
// a patch, `measure` notes where each one is; after it, `fly` animates each one
// from its old place to its new one by a CSS transform (the element itself is
// not moved). Places are measured from the ring's corner, so that a prompt
// growing a line (which moves the whole table) makes nothing fly. A meeple that
// walked several tiles (data-walk="T1 T2 …") goes through each tile's centre.
// New cards of a hand already shown come from their deck.

const FLIGHT = { duration: 450, easing: "ease-in-out" };  // ms
const STEP_MS = 260;  // per tile walked
const calm = matchMedia("(prefers-reduced-motion: reduce)");

function origin(root) {
  const ring = root.querySelector(".ring");
  if (!ring) return { x: 0, y: 0 };
  const box = ring.getBoundingClientRect();
  return { x: box.left, y: box.top };
}

function centre(el, o) {
  const box = el.getBoundingClientRect();
  return { x: box.left + box.width / 2 - o.x, y: box.top + box.height / 2 - o.y };
}

// data-fly key -> centre of every meeple and card now shown, from the ring's corner.
export function measure(root) {
  const places = new Map();
  if (calm.matches) return places;
  const o = origin(root);
  for (const el of root.querySelectorAll("[data-fly]")) places.set(el.dataset.fly, centre(el, o));
  return places;
}

export function fly(root, before) {
  if (!before.size || calm.matches) return;
  const drawn = drawnFrom(root, before);
  const o = origin(root);
  for (const el of root.querySelectorAll("[data-fly]")) {
    const key = el.dataset.fly;
    const old = before.get(key) ?? drawn.get(key);
    if (!old) continue;
    const now = centre(el, o);
    const points = [old, ...walked(root, el, o), now];
    if (Math.abs(old.x - now.x) + Math.abs(old.y - now.y) < 2 && points.length === 2) continue;
    const frames = points.map((p) => ({ transform: `translate(${(p.x - now.x).toFixed(1)}px, ${(p.y - now.y).toFixed(1)}px)` }));
    const duration = points.length > 2 ? STEP_MS * (points.length - 1) : FLIGHT.duration;
    el.animate(frames, { ...FLIGHT, duration });
  }
}

// The centres of the tiles a meeple walked through before its last (data-walk).
function walked(root, el, o) {
  const tiles = (el.dataset.walk || "").split(" ").filter(Boolean).slice(0, -1);
  return tiles.map((n) => root.querySelector(`[data-tile="${n}"]`)).filter(Boolean).map((tile) => centre(tile, o));
}

// New cards of a hand that was already shown: they come from their deck.
function drawnFrom(root, before) {
  const hand = [...root.querySelectorAll("[data-testid=hand] [data-fly]")].map((el) => el.dataset.fly);
  if (!hand.some((key) => before.has(key))) return new Map();  // a new hand on screen: nothing flies
  const decks = { movement: before.get("deck-movement"), power: before.get("deck-power") };
  const out = new Map();
  for (const key of hand) {
    if (before.has(key)) continue;
    const deck = /^card-\d+$/.test(key) ? decks.movement : decks.power;
    if (deck) out.set(key, deck);
  }
  return out;
}
