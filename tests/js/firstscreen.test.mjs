// The first screen's reading of what is stored (web/startup/firstscreen.mjs): the
// language and bot speed to show, the guided game's offer, the table kept for
// a returning player. Each case loads a fresh copy of the module, which reads
// the URL and the templates' languages as it loads.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fresh, page, visit } from "./page.mjs";

const PREFS = "lepeuple.prefs", SAVE = "lepeuple.save", KEPT = "lepeuple.table", TUTORIAL = "lepeuple.tutorial";
const LANGS = ["en", "fr", "ja"];

async function firstScreen(changes = {}, stored = {}) {
  visit({ templateLangs: LANGS, ...changes });
  for (const [key, value] of Object.entries(stored)) page.storage.set(key, value);
  return fresh("../../web/startup/firstscreen.mjs");
}

test("a stored value that cannot be read counts as none", async () => {
  const screen = await firstScreen({}, { [PREFS]: '{"lang": "fr"', [SAVE]: "null" });
  assert.equal(screen.storedJson(PREFS), null);  // cut short
  assert.equal(screen.storedJson(SAVE), null);
  assert.equal(screen.storedJson("lepeuple.nothing"), null);
  page.storage.set(PREFS, '{"lang": "fr"}');
  assert.deepEqual(screen.storedJson(PREFS), { lang: "fr" });
  page.refuse = true;  // storage disabled: reading throws
  assert.equal(screen.storedJson(PREFS), null);
});

test("the language: the URL's, else the stored preference, else the browser's, else English", async () => {
  const prefs = { [PREFS]: '{"lang": "ja"}' };
  assert.equal((await firstScreen({ search: "?lang=fr", languages: ["en-GB"] }, prefs)).pickLang(), "fr");
  assert.equal((await firstScreen({ search: "?lang=FR%20" }, prefs)).pickLang(), "fr");  // as Python reads it
  assert.equal((await firstScreen({ search: "?lang=ja&lang=fr" })).pickLang(), "fr");  // the last counts
  assert.equal((await firstScreen({ search: "?lang=xx", languages: ["fr-CA"] }, prefs)).pickLang(), "ja");
  assert.equal((await firstScreen({ languages: ["de-DE", "fr-CA"] })).pickLang(), "fr");
  assert.equal((await firstScreen({ languages: ["de"] }, { [PREFS]: "[broken" })).pickLang(), "en");
});

test("a language with no drawn screen is passed over", async () => {
  const screen = await firstScreen({ templateLangs: ["en", "fr"], languages: ["ja", "fr"] }, { [PREFS]: '{"lang": "ja"}' });
  assert.equal(screen.pickLang(), "fr");
});

test("the bot speed: the URL's, else the stored preference", async () => {
  assert.equal((await firstScreen({ search: "?speed=Fast" }, { [PREFS]: '{"speed": "slow"}' })).wantedSpeed(), "fast");
  assert.equal((await firstScreen({}, { [PREFS]: '{"speed": "slow"}' })).wantedSpeed(), "slow");
  assert.equal((await firstScreen({}, { [PREFS]: "7" })).wantedSpeed(), undefined);
});

test("the guided game is offered on a first visit or to resume one, not to a returning player done with it", async () => {
  assert.equal((await firstScreen()).offersTutorial(), true);
  assert.equal((await firstScreen({}, { [PREFS]: "{}" })).offersTutorial(), false);
  assert.equal((await firstScreen({}, { [PREFS]: "{}", [TUTORIAL]: '{"chapter": "basics"}' })).offersTutorial(), true);
});

test("the kept table is shown only with the save it was drawn from", async () => {
  const save = JSON.stringify({ app: "lepeuple", version: 1, record: { actions: ["draw", "m 1 0 5"] } });
  const kept = (end, html = "<div>table</div>") => JSON.stringify({ html, lang: "fr", save_end: end });
  const end = save.slice(-64);
  assert.deepEqual((await firstScreen({}, { [SAVE]: save, [KEPT]: kept(end) })).keptTable(),
                   { html: "<div>table</div>", lang: "fr", save_end: end });
  assert.equal((await firstScreen({}, { [SAVE]: `${save} `, [KEPT]: kept(end) })).keptTable(), null);  // a later save
  assert.equal((await firstScreen({}, { [SAVE]: save, [KEPT]: kept(end, 3) })).keptTable(), null);
  assert.equal((await firstScreen({}, { [SAVE]: save, [KEPT]: "{" })).keptTable(), null);
});
