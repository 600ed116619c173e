"""The review page: a static, self-contained HTML page per machine, checked as text and in a real browser."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import tempfile
import warnings
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from pa_table_games import load_game
from pa_table_games.cli import main
from pa_table_games.games import BUILT_IN, GAMES
from pa_table_games.review.page import page, write_review

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
            assert len(rows) == len(spec.subsections) + len(spec.references)
            assert all(key in data["elements"] for _, keys in rows for key in keys.split())
            assert "0 unmapped" in text

    def test_caveat_and_waivers_are_shown(self, pages):
        """The presumed section number of Double Down Madness is said under its heading; every waiver
        is listed with its reason; every reading of its register is listed with the sentence it rests on."""
        spec = load_game("double-down-madness").spec
        text = pages[1][f"{spec.name}.html"]
        assert '<p class="caveat">Caveat: section number presumed' in text
        assert 'class="caveat"' not in pages[1]["blackjack.html"].split("</header>")[0]
        assert f"Waivers ({len(spec.waived)})" in text
        assert all(html.escape(reason) in text for _, reason in spec.waived)
        assert f'id="readings">Readings ({len(spec.readings)})' in text
        assert all(f"<dd>{html.escape(r.rests_on)}</dd>" in text for r in spec.readings)

    def test_readings_register_is_rendered_when_the_machine_has_one(self):
        """A machine whose spec carries readings (records or a mapping) gets a Readings section listing
        each reading's fields in order."""
        @attrs.frozen
        class Reading:
            cite: str
            reading: str
            rests_on: str
            rejected: str
            line: int

        spec = load_game("blackjack").spec
        register = [Reading("(h)", "Insurance is offered against an ace only", "(h) lists A, K, Q, J, 10",
                            "offered against a 10-value card too", 12)]

        class WithReadings:
            def __init__(self, readings):
                self.readings = readings

            def __getattr__(self, name):
                return getattr(spec, name)

        text = page(WithReadings(register), "blackjack")
        assert 'id="readings">Readings (1)' in text
        assert "<dt>Rests on</dt><dd>(h) lists A, K, Q, J, 10</dd>" in text and "<dt>Line</dt>" not in text
        text = page(WithReadings({"(n)": "hits soft 17 read with hard 17"}), "blackjack")
        assert "<dt>Subsection</dt><dd>(n)</dd><dt>Reading</dt><dd>hits soft 17 read with hard 17</dd>" in text

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


@pytest.mark.slow  # a real headless browser: `make test-long`
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
            driver.get((out / "blackjack.html").as_uri() + "#view=full")  # the full diagram, by its address
            assert driver.execute_script("return review.view()") == "full"
            details = driver.find_element(By.ID, "details")

            driver.find_element(By.CSS_SELECTOR, f"#t{up.index} text").click()
            assert "Dealer step: deal up card" in details.text
            assert "§ 633a.7(f)(2)" in details.text and "one card face up to the dealer" in details.text

            driver.find_element(By.CSS_SELECTOR, f"#a_t{stand.index}").click()  # a self-loop row (anywhere on it)
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


# -- the committed pages, as a compliance officer uses them ---------------------------------------
DIAGRAMS = Path(__file__).resolve().parent.parent / "diagrams"
WINDOWS = [(1280, 800), (1920, 1080)]
MACHINES = sorted(load_game(g).spec.name for g in BUILT_IN)  # the package's sections: their pages are committed


def _spec(machine: str):
    return next(load_game(g).spec for g in BUILT_IN if load_game(g).spec.name == machine)


@pytest.fixture(scope="module")
def officer():
    """One headless chromium for the officer's tests (opening it costs more than a page)."""
    driver = _browser()
    yield driver
    driver.quit()


def _open(driver, machine: str, width: int, height: int) -> None:
    """Open the committed page of ``machine`` in a window whose viewport is ``width`` x ``height``."""
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    if inner != [width, height]:
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    driver.get((DIAGRAMS / f"{machine}.html").as_uri())
    assert driver.execute_script("return [innerWidth, innerHeight]") == [width, height]


def _rect(driver, selector_or_element) -> dict:
    script = "var e = arguments[0]; if (typeof e === 'string') { e = document.querySelector(e); }" \
             "var r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};"
    return driver.execute_script(script, selector_or_element)


def _inside(inner: dict, outer: dict, slack: float = 0.5) -> bool:
    return (inner["left"] >= outer["left"] - slack and inner["top"] >= outer["top"] - slack
            and inner["right"] <= outer["right"] + slack and inner["bottom"] <= outer["bottom"] + slack)


def _overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def _svg_width(driver) -> float:
    return driver.execute_script("return document.querySelector('#diagram .view:not([hidden]) svg').getBoundingClientRect().width")


def _smallest_text_px(driver) -> float:
    """The smallest text of the drawing shown, in CSS pixels as drawn now (its font size times the drawing's scale)."""
    return driver.execute_script(
        "var svg = document.querySelector('#diagram .view:not([hidden]) svg');"
        "var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;"
        "var sizes = Array.from(svg.querySelectorAll('text')).map(t => parseFloat(t.getAttribute('font-size')));"
        "return Math.min.apply(null, sizes) * scale;")


@pytest.mark.slow  # a real headless browser (opening it costs about 8 s of CPU): `make test-long`
class TestOfficerOnScreen:
    @pytest.mark.parametrize("machine", MACHINES)
    @pytest.mark.parametrize("width,height", WINDOWS)
    def test_opens_readable_on_the_overview(self, officer, machine, width, height):
        """On open the page shows the overview of the round's phases, its smallest text at 9 CSS pixels or more,
        as wide as the pane allows, the subsection table beside the pane without covering it; each phase's tab
        opens that phase's diagram readable too."""
        _open(officer, machine, width, height)
        assert officer.execute_script("return review.view()") == "overview"
        assert _smallest_text_px(officer) >= 9.0
        pane = _rect(officer, "#diagram")
        drawing = _rect(officer, "#diagram .view:not([hidden]) svg")
        assert drawing["left"] >= pane["left"] - 0.5 and drawing["right"] <= pane["right"] + 0.5, (drawing, pane)
        assert not _overlap(_rect(officer, "#listing"), pane) and not _overlap(_rect(officer, "#details"), pane)
        ARTIFACTS.mkdir(exist_ok=True)
        officer.save_screenshot(str(ARTIFACTS / f"review-{machine}-{width}x{height}.png"))
        for phase in _spec(machine).phases:
            officer.execute_script("document.getElementById(arguments[0]).click()", f"tab-phase-{phase.id}")
            assert officer.execute_script("return review.view()") == f"phase-{phase.id}"
            assert _smallest_text_px(officer) >= 9.0, phase.id

    @pytest.mark.parametrize("machine", MACHINES)
    def test_links_lead_to_every_drawing_the_dossier_and_the_walk_throughs(self, officer, machine):
        """The committed page links its dossier and the walk-throughs written beside it; a click on a phase of the
        overview opens that phase's diagram in the page."""
        from selenium.webdriver.common.by import By

        spec = _spec(machine)
        _open(officer, machine, 1280, 800)
        links = [a.get_attribute("href").rsplit("/", 1)[-1] for a in officer.find_elements(By.CSS_SELECTOR, "nav.links a")]
        assert f"{machine}.pdf" in links and f"{machine}.walk.html" in links and "index.html" in links
        assert all((DIAGRAMS / link).exists() for link in links)
        tabs = officer.execute_script("return Array.from(document.querySelectorAll('.tabs button')).map(b => b.textContent)")
        assert tabs == ["Overview"] + [f"{n}. {p.label}" for n, p in enumerate(spec.phases, 1)] + ["Full diagram"]
        phase = spec.phases[1]
        officer.execute_script("document.querySelector(arguments[0]).dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}))",
                               f"#ov-phase-{phase.id} text")
        assert officer.execute_script("return review.view()") == f"phase-{phase.id}"

    def test_zoom_and_pan(self, officer):
        """On the full diagram: buttons, keys and the wheel zoom; 1:1 is the drawing's own size; dragging pans; 0
        fits the whole drawing; Width fits the pane's width."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
        from selenium.webdriver.common.by import By

        _open(officer, "blackjack", 1280, 800)
        officer.execute_script("review.show('full')")
        fitted = _svg_width(officer)
        natural = officer.execute_script("return document.querySelector('#view-full svg').viewBox.baseVal.width * 4 / 3")
        officer.find_element(By.ID, "zoom-in").click()
        assert _svg_width(officer) == pytest.approx(fitted * 1.25, rel=0.01)
        body = officer.find_element(By.TAG_NAME, "body")
        body.send_keys("-")
        assert _svg_width(officer) == pytest.approx(fitted, rel=0.01)
        officer.find_element(By.ID, "zoom-one").click()
        assert _svg_width(officer) == pytest.approx(natural, rel=0.01)
        pane = officer.find_element(By.ID, "diagram")
        before = officer.execute_script("return [arguments[0].scrollLeft, arguments[0].scrollTop]", pane)
        ActionChains(officer).move_to_element(pane).click_and_hold().move_by_offset(-120, -150).release().perform()
        after = officer.execute_script("return [arguments[0].scrollLeft, arguments[0].scrollTop]", pane)
        assert after[0] == pytest.approx(before[0] + 120, abs=2) and after[1] == pytest.approx(before[1] + 150, abs=2)
        body.send_keys("0")  # the whole drawing, however small its text: smaller than it opened
        assert _svg_width(officer) < fitted
        whole = _svg_width(officer)
        officer.find_element(By.ID, "zoom-width").click()  # the tall drawing as wide as its pane
        assert _inside(_rect(officer, "#view-full svg"), {**_rect(officer, "#diagram"), "bottom": 10 ** 6})
        assert _svg_width(officer) > 0.9 * officer.execute_script("return document.getElementById('diagram').clientWidth")
        body.send_keys("0")
        ActionChains(officer).scroll_from_origin(ScrollOrigin.from_element(pane), 0, -300).perform()  # the wheel
        assert _svg_width(officer) > whole * 1.5

    def test_click_anywhere_in_a_state_box_selects_it(self, officer):
        """A click on the blank inside of a box (not on its text) shows that state."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.by import By

        _open(officer, "blackjack", 1280, 800)
        officer.execute_script("review.show('full')")
        officer.find_element(By.ID, "zoom-one").click()
        state = _spec("blackjack").state("dealer_ready")
        node = officer.find_element(By.ID, f"state-{state.id}")
        officer.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", node)
        box = _rect(officer, f"#state-{state.id} > path")
        x, y = int(box["left"] + 4), int((box["top"] + box["bottom"]) / 2)
        hit = officer.execute_script("return document.elementFromPoint(arguments[0], arguments[1]).tagName", x, y)
        assert hit == "path"  # blank inside of the box, not a word of it
        actions = ActionBuilder(officer)
        actions.pointer_action.move_to_location(x, y).click()
        actions.perform()
        assert f"State: {state.label}" in officer.find_element(By.ID, "details").text

    @pytest.mark.parametrize("width,height", WINDOWS)
    def test_details_never_hide_the_highlighted_row(self, officer, width, height):
        """Selecting a state late in the round, then a subsection at the table's lower edge: the row
        lit is shown whole inside the table's box, and the details box covers none of it."""
        from selenium.webdriver.common.by import By

        _open(officer, "blackjack", width, height)
        details = officer.find_element(By.ID, "details")
        officer.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                               officer.find_element(By.CSS_SELECTOR, "#state-wagers_settled > path"))
        assert "State: " in details.text
        first = officer.find_elements(By.CSS_SELECTOR, "#subsections tr.hl")[0]
        assert _inside(_rect(officer, first), _rect(officer, "#listing"))
        assert not _overlap(_rect(officer, first), _rect(officer, "#details"))
        listing = _rect(officer, "#listing")
        lower = next(r for r in officer.find_elements(By.CSS_SELECTOR, "#subsections tbody tr")
                     if _rect(officer, r)["bottom"] > listing["bottom"])
        lower.click()
        assert lower.get_attribute("class").split()[-1] == "hl"
        assert _inside(_rect(officer, lower), _rect(officer, "#listing"))
        assert not _overlap(_rect(officer, lower), _rect(officer, "#details"))


def _pdf_pages(pdf: Path) -> list[str]:
    """The text of each page of ``pdf`` (poppler's pdftotext), or a skip when poppler is missing."""
    if not shutil.which("pdftotext"):
        _skip("pdftotext (poppler-utils) is not installed")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return text.split("\f")[:-1]


def _smallest_word_pt(pdf: Path, page: int) -> float:
    """The height of the shortest word box on ``page`` (1-based): a word printed at 6 pt is at least 6 pt tall."""
    xml = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    return min(float(b) - float(a) for a, b in re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', xml))


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.slow  # a real headless browser printing to PDF: `make test-long`
class TestOfficerPrints:
    @pytest.mark.parametrize("machine", MACHINES)
    @pytest.mark.parametrize("paper", ["letter", "a4"])
    def test_printed_page_holds_the_whole_diagram_and_every_table(self, officer, machine, paper):
        """Printed (to PDF, as Ctrl-P would): the diagram in parts with no text under 6 pt, then every
        state label, every subsection and reference, every waiver, each page numbered 'page n of N'."""
        import base64

        from selenium.webdriver.common.print_page_options import PrintOptions

        spec = _spec(machine)
        _open(officer, machine, 1280, 800)
        options = PrintOptions()
        options.page_width, options.page_height = (21.59, 27.94) if paper == "letter" else (21.0, 29.7)
        ARTIFACTS.mkdir(exist_ok=True)
        pdf = ARTIFACTS / f"review-{machine}-{paper}.pdf"
        pdf.write_bytes(base64.b64decode(officer.print_page(options)))
        pages = _pdf_pages(pdf)
        text = _flat(" ".join(pages))
        drawing = [n for n, page in enumerate(pages, 1) if "Diagram, part" in page]
        assert drawing and all(f"Diagram, part {k} of {len(drawing)}" in text for k in range(1, len(drawing) + 1))
        diagram_text = _flat(" ".join(pages[n - 1] for n in drawing))
        for state in spec.states:
            assert _flat(state.label) in diagram_text, state.label
        assert min(_smallest_word_pt(pdf, n) for n in drawing) >= 6.0
        for key, _ in list(spec.subsections) + list(spec.references):
            assert spec.cite_text(key) in text, key
        for key, reason in spec.waived:
            assert _flat(reason) in text, key
        for n, page in enumerate(pages, 1):
            assert f"page {n} of {len(pages)}" in page
        if getattr(spec, "readings", None):
            assert "Readings" in text


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the diagram renderer)."""
    import resource

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class TestBoundedRendering:
    def test_a_long_label_costs_time_in_proportion_to_its_length(self):
        """The review page of a machine whose state label is 200,000 characters (past the loader's limit of 120,
        so set on the spec itself) costs at most about 8 times the CPU of one of 25,000, not 64 times: every step
        of drawing it is linear (a ratio with generous slack, no deadline)."""
        spec = load_game("double-down-madness").spec

        def cost(length: int) -> float:
            label = ("word " * length)[:length]
            states = [attrs.evolve(s, label=label) if s.id == spec.initial else s for s in spec.states]
            before = _cpu()
            page(attrs.evolve(spec, states=states), "double-down-madness")
            return _cpu() - before

        cost(2_000)  # the renderer and the caches warmed
        small, large = cost(25_000), cost(200_000)
        assert large < 20 * max(small, 0.05), (small, large)
