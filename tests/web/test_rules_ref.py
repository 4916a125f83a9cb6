"""The rules reference (web/render/rules.py): one source for the page and docs/rules.md,
every rule id has its section, every worked example is what the engine scores."""

import re
from pathlib import Path

import pytest

from web import i18n
from web.markup import to_html
from web.render import rules

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_docs_rules_md_is_the_english_catalog_text():
    """docs/rules.md is written from the catalog: `python -m web.render.rules` rewrites it."""
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == rules.markdown()


def test_docs_rules_md_has_every_section_under_its_rule_ids_and_no_outside_link():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.*)$", text, re.M)
    for sid, ids, blocks in rules.SECTIONS:
        heading = rules.section_title(sid)
        assert heading in headings
        body = text.split("## " + heading, 1)[1].split("\n## ", 1)[0]
        for kind, what in blocks:  # exactly the English texts of the catalog, under that heading
            for part in ([what] if kind == "p" else what if kind in ("ul", "ol") else []):
                assert i18n.t(f"rules.{sid}.{part}") in body
    covered = {r for _, ids, _ in rules.SECTIONS for r in ids}
    assert covered == set(rules.RULE_IDS)
    assert "http://" not in text and "https://" not in text


def test_every_rule_id_the_engine_and_tests_cite_has_a_section():
    cited = {match for folder in ("lepeuple", "tests") for path in (ROOT / folder).rglob("*.py")
             for match in re.findall(r"\bR\d+\b", path.read_text(encoding="utf-8"))}
    assert cited and cited <= set(rules.RULE_IDS)
    assert all(rules.section_of(r) for r in cited)


EXPECTED = {  # (kind, changes of Z, B, F): docs/rules.md R14, everyone starting on 3
    "supply": ("supply", (2, 0, 0)),
    "noble": ("noble_attack", (3, -1, 0)),
    "sneaky": ("sneaky_attack", (2, 1, -1)),
    "sneaky-partner": ("sneaky_attack", (2, 1, -1)),
    "neither": ("attack", (0, 2, 0)),
    "their-pair": ("noble_attack", (0, 3, -1)),
}


@pytest.mark.parametrize("name", [e[0] for e in rules.EXAMPLES])
def test_r14_worked_example_is_what_the_engine_scores(name):
    kind, deltas, active, home, where, card, moved = rules.example(name)
    assert (kind, deltas) == EXPECTED[name]
    html = to_html(rules._example_figure(name))
    for seat in range(3):  # every player's change is drawn
        assert rules.example_change(seat, deltas[seat], seat == active).replace("'", "&#x27;") in html


def test_r14_examples_spell_out_the_three_sneaky_cases():
    names = [e[0] for e in rules.EXAMPLES]
    assert {"sneaky", "sneaky-partner", "neither"} <= set(names)
    assert "their-pair" in names  # an opponent's two meeples moved by you: their noble attack


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_reference_exists_in_every_language(lang):
    i18n.set_language(lang)
    html = to_html(rules.rules_panel("R14"))
    for sid, ids, _ in rules.SECTIONS:
        assert f'id="rules-{sid}"' in html
        for r in ids:
            assert r in html
    catalog = i18n.catalog(lang)
    assert all(catalog.get(k) for k in i18n.catalog("en") if k.startswith(("rules.R", "rules.ex.", "rules.options")))


def test_card_anatomy_is_the_table_drawing():
    from web.render import cards

    html = to_html(rules._anatomy())
    assert to_html(cards.card(7)) in html and to_html(cards.card(9)) in html


def test_section_and_anchor_of_a_link():
    assert rules.section_of("R15") == "R14" and rules.section_of("R18") == "R17"
    assert rules.anchor("R14-sneaky-partner") == "rules-ex-sneaky-partner"
    assert rules.anchor("R8") == "rules-R7" and rules.anchor("nonsense") is None


def test_defense_column_says_what_defense_cancels():
    from lepeuple.core.cards import TARGETED

    html = to_html(rules._powers())
    for card in TARGETED:
        assert re.search(rf'data-card="{card}".*?<td>yes</td></tr>', html)
    assert re.search(r'data-card="force".*?<td>no</td></tr>', html)
