// What the page says: to a screen reader, in the tab's title, and a tone.
//
// - Each step's text (the first element marked data-announce: the prompt, or the
//   guided game's coach text above it) goes into the page's one polite live
//   region (#live in index.html, never redrawn): a screen reader hears each step.
// - The tab's title says when the person at the device is asked to decide (their
//   hand waits: .hand.my-turn), in the words the worker sent (`words`).
// - A short tone then too, when the player chose it (the header's Sound menu).

export const words = { title: "Le Dernier Peuple", your_turn: "Le Dernier Peuple", why: "Why?" };
let said = null, myTurn = false, sound = false, audio = null;

export function setSound(on) {
  sound = !!on;
}

export function setWords(code, given) {
  Object.assign(words, given);
  document.documentElement.lang = code;
  document.title = myTurn ? words.your_turn : words.title;
}

export function speak(root) {
  const live = document.getElementById("live");
  const el = root.querySelector("[data-announce]");
  if (!live || !el) return;
  const text = el.textContent.trim();
  if (text && text !== said) {
    said = text;
    live.textContent = text;
  }
}

export function yourTurn(root) {
  const mine = !!root.querySelector("[data-testid=hand].my-turn");
  document.title = mine ? words.your_turn : words.title;
  if (mine && !myTurn && sound) tone();
  myTurn = mine;
}

// Two short soft notes made with WebAudio (no sound file); none where there is no audio.
function tone() {
  try {
    audio ??= new AudioContext();
    [660, 880].forEach((pitch, i) => {
      const start = audio.currentTime + 0.14 * i;
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = pitch;
      gain.gain.setValueAtTime(0.08, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.13);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.14);
    });
  } catch {
    audio = null;  // the title still says it
  }
}
