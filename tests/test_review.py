"""The review page: a static, self-contained HTML page per machine, checked as text and in a real browser."""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from pa_table_games import load_game
from pa_table_games.cli import main
from pa_table_games.games import GAMES
from pa_table_games.tools.review import page, write_review

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1500,1000"]


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Every machine's review page and the index, written once into a temporary directory."""
    out = tmp_path_factory.mktemp("review")
    written = write_review(sorted(GAMES), out)
    return out, {p.name: p.read_text(encoding="utf-8") for p in written}


def machine_data(text: str) -> dict:
    raw = re.search(r'<script type="application/json" id="machine-data">(.*?)</script>', text, re.S).group(1)
    return json.loads(raw)


class TestReviewPage:
    def test_one_page_per_machine_and_an_index(self, pages):
        """`review` writes <machine>.html for every game and an index.html linking them all."""
        _, texts = pages
        names = {f"{load_game(g).spec.name}.html" for g in GAMES}
        assert set(texts) == names | {"index.html"}
        assert all(f'href="{name}"' in texts["index.html"] for name in names)

    def test_page_is_self_contained(self, pages):
        """No network: no external script, stylesheet, font or image; only the SVG's namespace URIs."""
        for text in pages[1].values():
            assert "<script src" not in text and "<link" not in text and "@import" not in text
            assert "url(" not in text
            urls = set(re.findall(r"https?://[^\s\"'<>]+", text))
            assert urls <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, urls

    def test_output_is_deterministic(self, pages):
        """Rendering the same machine again gives the same bytes (drift-checked like the diagrams)."""
        spec = load_game("double-down-madness").spec
        assert page(spec, "double-down-madness") == pages[1][f"{spec.name}.html"]

    def test_every_state_and_transition_is_clickable(self, pages):
        """Each state and transition has an element in the inline SVG and details with its citation."""
        for game in GAMES:
            spec = load_game(game).spec
            text = pages[1][f"{spec.name}.html"]
            data = machine_data(text)
            for key in [f"state-{s.id}" for s in spec.states] + [f"t{t.index}" for t in spec.transitions]:
                info = data["elements"][key]
                assert info["svg"] and re.search(rf'id="{info["svg"].replace("-", "(-|&#45;)")}"', text), key
                assert info["cites"], key

    def test_guards_carry_their_meaning(self, pages):
        """A transition's guards are listed with the one-line meaning from their doc string."""
        spec = load_game("blackjack").spec
        data = machine_data(pages[1]["blackjack.html"])
        draw = next(t for t in spec.transitions if t.trigger == "draw_dealer_card")
        guard = data["elements"][f"t{draw.index}"]["guards"][0]
        assert guard["name"] == "dealer_total_below_17"
        assert guard["doc"] == draw.when[0].doc and guard["cites"] == ["§ 633a.7(m)"]

    def test_subsection_table_matches_trace(self, pages):
        """One row per subsection and reference; each row's elements exist on the page; the summary is shown."""
        for game in GAMES:
            spec = load_game(game).spec
            text = pages[1][f"{spec.name}.html"]
            data = machine_data(text)
            rows = re.findall(r'<tr class="(\w+)" data-key="[^"]*" data-elements="([^"]*)"', text)
            assert len(rows) == len(spec.subsections) + len(spec.references) + len(spec.readings)
            assert [kind for kind, _ in rows].count("reading") == len(spec.readings)
            assert all(key in data["elements"] for _, keys in rows for key in keys.split())
            assert "0 unmapped" in text

    def test_cli_writes_into_out(self, tmp_path):
        """`pa-table-games review GAME --out DIR` writes the page and the index there."""
        result = CliRunner().invoke(main, ["review", "six-card-fortune-pai-gow", "--out", str(tmp_path)])
        assert result.exit_code == 0, result.output
        assert (tmp_path / "six_card_fortune_pai_gow.html").exists() and (tmp_path / "index.html").exists()


def _skip(reason: str) -> None:
    """Skip the browser test, and say why in the run's warnings summary (shown without -rs)."""
    warnings.warn(f"review page browser test skipped: {reason}", stacklevel=2)
    pytest.skip(reason)


def _browser():
    """A headless Debian chromium driven through /usr/bin/chromedriver, or a skip with the reason."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _skip("selenium is not installed (pip install -e '.[test]')")
    if not shutil.which("chromium") or not Path(CHROMEDRIVER).exists():
        _skip("Debian's chromium and chromium-driver are not installed: `make test` installs them when run as root")
    options = webdriver.ChromeOptions()
    for flag in FLAGS + [f"--user-data-dir={tempfile.mkdtemp(prefix='review-chromium-')}"]:
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


class TestReviewInBrowser:
    def test_click_arrow_and_subsection(self, pages):
        """In headless chromium: no console errors; an arrow shows its citation; a subsection highlights its elements."""
        from selenium.webdriver.common.by import By

        out, _ = pages
        spec = load_game("blackjack").spec
        up = next(t for t in spec.transitions if t.trigger == "deal_up_card")
        stand = next(t for t in spec.transitions if t.trigger == "stand")
        driver = _browser()
        try:
            driver.get((out / "blackjack.html").as_uri())
            details = driver.find_element(By.ID, "details")

            driver.find_element(By.CSS_SELECTOR, f"#t{up.index} text").click()
            assert "Dealer step: deal_up_card" in details.text
            assert "§ 633a.7(f)(2)" in details.text and "one card face up to the dealer" in details.text

            driver.find_element(By.CSS_SELECTOR, f"#a_t{stand.index} text").click()  # a self-loop row
            assert "Player decision: stand" in details.text and "§ 633a.7(i)(2)" in details.text

            driver.find_element(By.CSS_SELECTOR, 'tr[data-key="(f)(2)"]').click()
            lit = {e.get_attribute("id") for e in driver.find_elements(By.CSS_SELECTOR, "svg .hl")}
            assert {f"t{up.index}", "state-up_card_dealt"} <= lit
            assert "tr" in [e.tag_name for e in driver.find_elements(By.CSS_SELECTOR, "tr.hl")]

            ARTIFACTS.mkdir(exist_ok=True)
            driver.save_screenshot(str(ARTIFACTS / "review-blackjack.png"))
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            assert errors == []
        finally:
            driver.quit()


class TestReadingsOnThePage:
    def test_every_reading_is_a_row(self):
        """Each reading of the machine file is a row of the page's table: what it concerns, the reading, the quote, the alternative."""
        from pa_table_games.tools.review import page

        spec = load_game("double-down-madness").spec
        text = page(spec, "double-down-madness")
        rows = re.findall(r'<tr class="reading" [^>]*><td class="cite">([^<]*)</td>', text)
        assert rows == [", ".join(spec.cite_text(c) for c in r.cite) for r in spec.readings]
        assert 'The dealer hits on soft 17." <em>Rejected:</em>' in text
