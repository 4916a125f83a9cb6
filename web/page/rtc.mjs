// The page's only door to WebRTC and to the other tabs (docs/remote.md, The
// connection). The page's Python never touches either: it sends this module a
// message (a JSON-able object with an `op`) and hears back through the one
// callback it registered, so the same Python runs in the page or in a worker.
//
//   globalThis.lepeupleNet.send(message)     also: import { send } from ...
//   globalThis.lepeupleNet.listen(callback)  also: import { listen } from ...
//
// Python -> browser:
//   {op: "offer", peer, ice}           host: a connection and its offer
//   {op: "answer", peer, offer, ice}   guest: take the offer, make an answer
//   {op: "accept", peer, answer}       host: take the guest's answer
//   {op: "send", peer, data}           a string on the open channel
//   {op: "close", peer}                close the channel and the connection
//   {op: "listen-replies"}             hear replies other tabs post
//   {op: "post-reply", text}           hand a reply to the tab listening
// browser -> Python:
//   {op: "offer" | "answer", peer, sdp}, {op: "open", peer},
//   {op: "message", peer, data}, {op: "closed", peer},
//   {op: "error", peer, reason}, {op: "reply", text},
//   {op: "reply-posted", heard}
//
// `peer` is Python's name for one connection attempt. `ice` lists STUN urls
// (none by default: host candidates only, which is all one network needs).
// There is no TURN and no signalling server: offers and answers travel in the
// links people send each other, so each carries all its candidates at once
// (no trickle ICE).

export const CHANNEL = "lepeuple";  // the data channel's label
export const REPLIES = "lepeuple.replies";  // the BroadcastChannel's name
export const GATHER_MS = 3000;  // the longest wait for ICE candidates
export const DISCONNECTED_MS = 5000;  // "disconnected" this long counts as closed
export const HEARD_MS = 1000;  // the longest wait for a listening tab's acknowledgement
const PEER_MAX = 64;  // a peer's name is short: Python picks it

const peers = new Map();  // peer -> {pc, channel, timer}
let callback = null;
let replies = null;  // the BroadcastChannel, once Python listens

// Register the one function every browser -> Python message goes to.
export function listen(fn) {
  callback = fn;
}

function emit(message) {
  callback?.(message);
}

function fail(peer, reason) {
  emit({ op: "error", peer, reason: String(reason) });
}

// What each op needs besides `op`: field -> the check its value must pass.
const isText = (value) => typeof value === "string";
const isPeer = (value) => isText(value) && value.length > 0 && value.length <= PEER_MAX;
const isStunList = (value) =>
  value === undefined || (Array.isArray(value) && value.every((url) => isText(url) && /^stuns?:\S+$/.test(url)));
const FIELDS = {
  offer: { peer: isPeer, ice: isStunList },
  answer: { peer: isPeer, offer: isText, ice: isStunList },
  accept: { peer: isPeer, answer: isText },
  send: { peer: isPeer, data: isText },
  close: { peer: isPeer },
  "listen-replies": {},
  "post-reply": { text: isText },
};

// Why `message` cannot be carried out as it stands, or null when it can.
export function check(message) {
  if (message === null || typeof message !== "object") return "a message is an object with an op";
  const fields = Object.hasOwn(FIELDS, message.op) ? FIELDS[message.op] : null;
  if (!fields) return `unknown op: ${JSON.stringify(message.op)}`;
  for (const [name, valid] of Object.entries(fields)) {
    if (!valid(message[name])) return `${message.op}: bad ${name}`;
  }
  const known = peers.has(message.peer);
  if ((message.op === "offer" || message.op === "answer") && known) return `${message.op}: peer ${message.peer} exists`;
  if ((message.op === "accept" || message.op === "send") && !known) return `${message.op}: no peer ${message.peer}`;
  return null;
}

// Carry out one Python -> browser message; what comes of it is emitted.
export function send(message) {
  if (message instanceof Map) message = Object.fromEntries(message);  // a dict as Pyodide's to_js gives it by default
  const problem = check(message);
  const peer = isPeer(message?.peer) ? message.peer : null;
  if (problem) return fail(peer, problem);
  const run = OPS[message.op](message);
  run?.catch((error) => {
    // A connection that could not start leaves nothing behind: the same peer may try again.
    if (message.op === "offer" || message.op === "answer") forget(peer);
    fail(peer, error?.message || error);
  });
}

const OPS = {
  offer: ({ peer, ice }) => startHost(peer, ice),
  answer: ({ peer, offer, ice }) => startGuest(peer, offer, ice),
  accept: ({ peer, answer }) => peers.get(peer).pc.setRemoteDescription({ type: "answer", sdp: answer }),
  send: ({ peer, data }) => sendData(peer, data),
  close: ({ peer }) => forget(peer),
  "listen-replies": () => listenReplies(),
  "post-reply": ({ text }) => postReply(text),
};

// --- WebRTC ---------------------------------------------------------------

function connection(peer, ice = []) {
  const pc = new RTCPeerConnection({ iceServers: ice.map((url) => ({ urls: url })) });
  const entry = { pc, channel: null, timer: 0 };
  peers.set(peer, entry);
  pc.onconnectionstatechange = () => watchState(peer, entry);
  return entry;
}

async function startHost(peer, ice) {
  const entry = connection(peer, ice);
  // Ordered and reliable (the defaults): the game's messages are a sequence.
  attach(peer, entry, entry.pc.createDataChannel(CHANNEL));
  await entry.pc.setLocalDescription(await entry.pc.createOffer());
  await describe(peer, entry, "offer");
}

async function startGuest(peer, offer, ice) {
  const entry = connection(peer, ice);
  entry.pc.ondatachannel = ({ channel }) => {
    if (channel.label === CHANNEL && !entry.channel) attach(peer, entry, channel);
    else channel.close();  // not ours
  };
  await entry.pc.setRemoteDescription({ type: "offer", sdp: offer });
  await entry.pc.setLocalDescription(await entry.pc.createAnswer());
  await describe(peer, entry, "answer");
}

// Emit the local description once it holds every candidate (non-trickle: the
// other side only ever gets this one text), or what it has after GATHER_MS.
async function describe(peer, entry, op) {
  await gathered(entry.pc);
  if (peers.get(peer) === entry) emit({ op, peer, sdp: entry.pc.localDescription.sdp });
}

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") resolve(clearTimeout(timer));
    });
  });
}

function attach(peer, entry, channel) {
  entry.channel = channel;
  let opened = false;  // "open" once, whether the channel came open or opened later
  const open = () => {
    if (!opened) emit({ op: "open", peer });
    opened = true;
  };
  channel.onopen = open;
  if (channel.readyState === "open") queueMicrotask(open);
  channel.onmessage = ({ data }) => {
    if (typeof data === "string") emit({ op: "message", peer, data });  // strings only
  };
  channel.onclose = () => lost(peer, entry);
}

// A lost network shows as "disconnected" first and may come back; it counts
// as closed only once it has lasted DISCONNECTED_MS. "failed" and "closed" are final.
function watchState(peer, entry) {
  const state = entry.pc.connectionState;
  clearTimeout(entry.timer);
  if (state === "failed" || state === "closed") lost(peer, entry);
  else if (state === "disconnected") entry.timer = setTimeout(() => lost(peer, entry), DISCONNECTED_MS);
}

// The other side went away: say so once, and let the connection go.
function lost(peer, entry) {
  if (peers.get(peer) !== entry) return;  // already said, or closed by Python
  forget(peer);
  emit({ op: "closed", peer });
}

// Close a peer's channel and connection, with no "closed" to Python: Python
// asked for it (or it was lost, which lost() says).
function forget(peer) {
  const entry = peers.get(peer);
  if (!entry) return;
  peers.delete(peer);
  clearTimeout(entry.timer);
  entry.channel?.close();
  entry.pc.close();
}

function sendData(peer, data) {
  const channel = peers.get(peer).channel;
  if (channel?.readyState !== "open") return fail(peer, `send: peer ${peer} is not open`);
  try {
    channel.send(data);
  } catch (error) {  // e.g. larger than the connection's maximum message size
    fail(peer, `send: ${error.message}`);
  }
}

// --- Replies between tabs -------------------------------------------------
// A guest's reply link opened in the host's own browser lands in a new tab;
// that tab posts the reply here and the host's tab, listening, takes it and
// acknowledges, so the new tab can say whether it reached a game.

function listenReplies() {
  if (replies) return;
  replies = new BroadcastChannel(REPLIES);
  replies.onmessage = ({ data }) => {
    if (data?.kind !== "reply" || typeof data.text !== "string") return;
    replies.postMessage({ kind: "heard", id: data.id });
    emit({ op: "reply", text: data.text });
  };
}

function postReply(text) {
  const out = new BroadcastChannel(REPLIES);
  const id = `${Date.now()}-${Math.random()}`;  // which acknowledgement is ours
  let timer = 0;
  const done = (heard) => {
    clearTimeout(timer);
    out.onmessage = null;  // a second tab's acknowledgement changes nothing
    out.close();
    emit({ op: "reply-posted", heard });
  };
  out.onmessage = ({ data }) => {
    if (data?.kind === "heard" && data.id === id) done(true);
  };
  timer = setTimeout(() => done(false), HEARD_MS);
  out.postMessage({ kind: "reply", id, text });
}

// Close every connection and stop listening for replies (the page is going).
export function closeAll() {
  for (const peer of [...peers.keys()]) forget(peer);
  replies?.close();
  replies = null;
}

globalThis.lepeupleNet = { send, listen };
