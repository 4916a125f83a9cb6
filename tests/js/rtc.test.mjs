// web/page/rtc.mjs, as far as Node.js can run it: every message Python sends
// is checked before anything is done, a bad one gets an error naming its peer
// and what is wrong, and replies between tabs go over a real BroadcastChannel
// (Node has one). The WebRTC connections themselves run in Chromium:
// tests/e2e/test_rtc_transport.py.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { check, closeAll, listen, send } from "../../web/page/rtc.mjs";

const heard = [];
listen((message) => heard.push(message));
after(closeAll);

// What the module says back to one message sent now (errors come at once).
function answerTo(message) {
  heard.length = 0;
  send(message);
  return heard.splice(0);
}

// Until a message with `op` is heard (or `ms` pass: null).
async function waitFor(op, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const found = heard.find((m) => m.op === op);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return null;
}

test("the page's Python finds the module as globalThis.lepeupleNet", () => {
  assert.equal(globalThis.lepeupleNet.send, send);
  assert.equal(globalThis.lepeupleNet.listen, listen);
});

test("every message of the seam passes the check as Python sends it", () => {
  const good = [
    { op: "offer", peer: "p1", ice: [] },
    { op: "offer", peer: "p1", ice: ["stun:stun.example.org:3478", "stuns:stun.example.org"] },
    { op: "answer", peer: "p1", offer: "v=0\r\n", ice: [] },
    { op: "close", peer: "p1" },
    { op: "listen-replies" },
    { op: "post-reply", text: "a reply" },
  ];
  for (const message of good) assert.equal(check(message), null, JSON.stringify(message));
});

test("a dict converted by Pyodide's to_js (a Map) is read as an object", () => {
  assert.deepEqual(answerTo(new Map([["op", "send"], ["peer", "ghost"], ["data", "hi"]])),
    [{ op: "error", peer: "ghost", reason: "send: no peer ghost" }]);
});

test("a message that is not an object with a known op is an error, with no peer", () => {
  for (const message of [null, "offer", 7, [], {}, { op: "connect", peer: "p1" }, { op: "toString" }]) {
    const answer = answerTo(message);
    assert.equal(answer.length, 1, JSON.stringify(message));
    assert.equal(answer[0].op, "error");
    assert.match(answer[0].reason, /op/);
  }
  assert.deepEqual(answerTo({ op: "connect", peer: "p1" })[0], { op: "error", peer: "p1", reason: 'unknown op: "connect"' });
});

test("a bad field is named in the error, which names the peer", () => {
  const cases = [
    [{ op: "offer", peer: "", ice: [] }, null, "offer: bad peer"],
    [{ op: "offer", peer: "p".repeat(65), ice: [] }, null, "offer: bad peer"],
    [{ op: "offer", peer: 3, ice: [] }, null, "offer: bad peer"],
    [{ op: "offer", peer: "p1", ice: "stun:a" }, "p1", "offer: bad ice"],
    [{ op: "offer", peer: "p1", ice: ["turn:turn.example.org"] }, "p1", "offer: bad ice"],  // no TURN
    [{ op: "offer", peer: "p1", ice: ["https://example.org"] }, "p1", "offer: bad ice"],
    [{ op: "answer", peer: "p1", ice: [] }, "p1", "answer: bad offer"],
    [{ op: "accept", peer: "p1", answer: 5 }, "p1", "accept: bad answer"],
    [{ op: "send", peer: "p1", data: { move: 1 } }, "p1", "send: bad data"],  // strings only
    [{ op: "post-reply" }, null, "post-reply: bad text"],
  ];
  for (const [message, peer, reason] of cases) {
    assert.deepEqual(answerTo(message), [{ op: "error", peer, reason }], JSON.stringify(message));
  }
});

test("sending to, or accepting for, a peer with no connection is an error", () => {
  assert.deepEqual(answerTo({ op: "send", peer: "ghost", data: "hello" }),
    [{ op: "error", peer: "ghost", reason: "send: no peer ghost" }]);
  assert.deepEqual(answerTo({ op: "accept", peer: "ghost", answer: "v=0\r\n" }),
    [{ op: "error", peer: "ghost", reason: "accept: no peer ghost" }]);
  assert.deepEqual(answerTo({ op: "close", peer: "ghost" }), []);  // closing what is gone is no fault
});

test("a reply posted with no tab listening is not heard, after 1 s", async () => {
  heard.length = 0;
  const start = Date.now();
  send({ op: "post-reply", text: "nobody" });
  assert.deepEqual(await waitFor("reply-posted"), { op: "reply-posted", heard: false });
  assert.ok(Date.now() - start >= 990);
  assert.equal(heard.find((m) => m.op === "reply"), undefined);
});

test("a reply posted while a tab listens reaches it, and the poster hears that it did", async () => {
  heard.length = 0;
  send({ op: "listen-replies" });
  send({ op: "listen-replies" });  // twice is once: the reply arrives once
  send({ op: "post-reply", text: "the guest's reply" });
  assert.deepEqual(await waitFor("reply-posted"), { op: "reply-posted", heard: true });
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(heard.filter((m) => m.op === "reply"), [{ op: "reply", text: "the guest's reply" }]);
});
