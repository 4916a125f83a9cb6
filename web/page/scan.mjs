// Reading a QR code with the camera (docs/remote.md, Scanning instead of pasting):
// an invitation, a reply or a request to rejoin shown on another device's screen.
//
// Where a code may be scanned, and once Scan was pressed, the page's Python draws an
// empty element with data-scan="BOX" (the box the code is for) and data-ticket="N"
// (how many times Scan was pressed: web/render/remote.py). This module shows the
// camera in it, once per press (the camera is asked for then, never before), reads
// the QR code it sees, and hands `handler` one of:
//
//   {target: BOX, text}          the text of the QR code read (the Python checks it
//                                as a code pasted, or opens it as a link)
//   {target: BOX, trouble: WHY}  "denied" (the camera was refused), "no-camera"
//                                (none, or no camera API on this page), "failed"
//
// The camera stops the moment a code is read, when the element is gone (Cancel, the
// sheet closed, another screen) and while the page is hidden: it starts again when
// the page shows, for the same press.
//
// The decoder is the browser's own BarcodeDetector where it reads QR codes (Chrome on
// Android, ChromeOS and macOS); else jsQR (npm, pinned in package.json), whose one file
// the build copies into vendor/ and this module loads only then. A few frames a second
// (FRAME_MS), each drawn at most SIDE pixels wide or high: light on a phone.

export const FRAME_MS = 250;
export const SIDE = 640;
const JSQR = "../../vendor/jsqr/jsQR.js";
// What getUserMedia's refusals mean to the person (its other errors: "failed").
const TROUBLES = { NotAllowedError: "denied", SecurityError: "denied", NotFoundError: "no-camera",
                   OverconstrainedError: "no-camera" };

let root = null;
let hand = null;
let current = null;  // the scan going on: {element, ticket, target, stream, timer, stopped}
let started = 0;  // the newest press the camera was started for
let paused = null;  // the element whose camera stopped as the page hid: started again when it shows

// Follow the data-scan elements under `rootElement`; what is read goes to `handler`.
export function listen(rootElement, handler) {
  root = rootElement;
  hand = handler;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "hidden") return sync();
    if (current) {
      paused = current.element;
      stop(current);
    }
  });
}

// After each drawing: the camera follows the data-scan element on the page.
export function sync() {
  const element = root?.querySelector("[data-scan]") ?? null;
  const ticket = Number(element?.dataset.ticket);
  if (current && (current.element !== element || current.ticket !== ticket)) stop(current);
  if (!element || current || document.visibilityState === "hidden") return;
  if (ticket > started || element === paused) start(element, ticket);
}

async function start(element, ticket) {
  started = Math.max(started, ticket);
  paused = null;
  const scan = { element, ticket, target: element.dataset.scan, stream: null, timer: 0, stopped: false };
  current = scan;
  if (!navigator.mediaDevices?.getUserMedia) return finish(scan, { trouble: "no-camera" });  // or not https
  let read;
  try {
    scan.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    if (scan.stopped) return stop(scan);  // gone meanwhile: the camera just given stops too
    read = await reader();
  } catch (error) {
    return finish(scan, { trouble: TROUBLES[error?.name] ?? "failed" });
  }
  if (scan.stopped) return stop(scan);
  const video = Object.assign(document.createElement("video"), { muted: true, playsInline: true });
  video.setAttribute("playsinline", "");  // Safari on iOS: in place, not full screen
  video.srcObject = scan.stream;
  element.replaceChildren(video);
  (element.parentElement ?? element).scrollIntoView({ block: "nearest" });  // the view asked for and its Cancel, in sight
  video.play().catch(() => {});  // a frame still comes, or the person cancels
  look(scan, video, read);
}

// Every FRAME_MS, the video's picture (made smaller) read for a QR code, until one is.
function look(scan, video, read) {
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const frame = async () => {
    if (scan.stopped) return;
    const { videoWidth: width, videoHeight: height } = video;
    if (width && height) {
      const scale = Math.min(1, SIDE / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const text = await read(canvas, context).catch(() => null);
      if (scan.stopped) return;
      if (text !== null) return finish(scan, { text });
    }
    scan.timer = setTimeout(frame, FRAME_MS);
  };
  scan.timer = setTimeout(frame, FRAME_MS);
}

// The scan is over: the camera stops at once, then the Python is told.
function finish(scan, result) {
  if (scan.stopped) return;
  stop(scan);
  hand?.({ target: scan.target, ...result });
}

function stop(scan) {
  scan.stopped = true;
  clearTimeout(scan.timer);
  for (const track of scan.stream?.getTracks() ?? []) track.stop();
  scan.element.replaceChildren();
  if (current === scan) current = null;
}

// read(canvas, context) -> the text of the QR code in the canvas's picture, or null.
let made = null;
function reader() {
  made ??= makeReader().catch((error) => {
    made = null;  // tried again at the next press
    throw error;
  });
  return made;
}

async function makeReader() {
  const Detector = globalThis.BarcodeDetector;
  if (typeof Detector === "function" && (await Detector.getSupportedFormats()).includes("qr_code")) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null;
  }
  return jsqrReader();
}

// jsQR's reader: its file (a UMD bundle) sets globalThis.jsQR when imported as a module.
export async function jsqrReader() {
  await import(JSQR);
  const { jsQR } = globalThis;
  return async (canvas, context) => {
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    // Our codes are dark on light (qr.mjs): no inverted pass, half the work.
    return jsQR(data, canvas.width, canvas.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}
