"""The second person has its own forms (issue 50, item 10): a bot's reason said to the player
it is about reads "you lead with 5 points", "vous menez avec 5 points", never "you leads"."""

import re
from pathlib import Path

import pytest

from web import i18n
from web.model.newgame import Seat
from web.render.why import why_text

SEATS = [Seat("human", "Ann"), Seat("bot", level="hard"), Seat("bot", level="hard")]
EN = (Path(__file__).resolve().parents[2] / "web" / "locales" / "en.po").read_text(encoding="utf-8")

SAID = {  # (reason, viewer) -> the words in each language
    "leader": ({"kind": "power", "card": "sortilege", "target": 0, "target_score": 5, "leader": True},
               {"en": "you lead with 5 points", "fr": "vous menez avec 5 points", "ja": "あなたが5点で首位"}),
    "score": ({"kind": "power", "card": "voleur", "target": 0, "target_score": 3},
              {"en": "you have 3 points", "fr": "vous avez 3 points", "ja": "あなたは3点"}),
    "massue": ({"kind": "power", "card": "massue", "target": 0},
               {"en": "at you: your next turn skipped", "fr": "contre vous : votre prochain tour passé",
                "ja": "あなたに"}),
}


@pytest.fixture(params=["en", "fr", "ja"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("case", sorted(SAID))
def test_a_reason_about_you_says_you_in_the_second_person(lang, case):
    reason, words = SAID[case]
    said = why_text({**reason, "seat": 1}, SEATS, 0)
    assert words[lang] in said, said
    assert "Ann" not in said


def test_a_reason_about_someone_else_names_them():
    reason, _ = SAID["leader"]
    said = why_text({**reason, "seat": 1, "target": 2}, SEATS, 0)
    assert "Fées bot leads with 5 points" in said, said


def test_every_reason_with_a_third_person_verb_after_name_has_a_second_person_form():
    """Each English reason ("why.*") whose {name} is the subject of a verb in
    the third person ("{name} has", "{name} leads") has its "you" form."""
    entries = re.findall(r'^msgid "(why\.[\w.]+)"\n(?:msgid_plural .*\n)?msgstr(?:\[0\])? "(.*)"', EN, re.M)
    third = {key for key, text in entries if not key.endswith(".you")
             and re.search(r"\{name\} (?:has|leads|holds|is|was|draws|gets|loses|skips)\b|\{name\}: their", text)}
    keys = {key for key, _ in entries}
    assert third and all(key + ".you" in keys for key in third), sorted(third - {k[:-4] for k in keys})
