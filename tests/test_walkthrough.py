"""The walk-through page (`review --log`, and each game's demo round under diagrams/): a logged round
step by step on the phase diagrams, as a compliance officer opens it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from pa_table_games.games import BUILT_IN, GAMES, load_game
from pa_table_games.review.walkthrough import demo_log, tampered, walk_data, walk_page

from test_review import _browser

DIAGRAMS = Path(__file__).resolve().parent.parent / "diagrams"


def _visible_html(page: str) -> str:
    """The page's own markup: no scripts (the data a face-down card hides in) and no drawings."""
    return re.sub(r"<script.*?</script>|<svg.*?</svg>", "", page, flags=re.S)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_step_names_the_transition_the_machine_fired(game):
    """Replayed, each logged event is matched to the one transition of the machine file that fired it."""
    data, spec, report = walk_data(demo_log(game))
    assert report.conforms and len(data["steps"]) == report.events
    for step in data["steps"]:
        t = spec.transitions[step["transition"]]
        assert (t.trigger, t.source, t.dest) == (step["trigger"], step["source"], step["dest"])
        assert spec.phase_of(step["dest"]).id == data["phases"][step["phase"]]["id"]
        assert all(line for _, line in step["cites"]), step["cites"]  # each cite with its subsection's line


def test_a_tampered_settlement_is_marked_on_its_step():
    """The demo round with its last settlement raised: replay's departure sits on that event, cited."""
    log = tampered(demo_log("blackjack"))
    data, _, report = walk_data(log)
    marked = [s for s in data["steps"] if s["departures"]]
    assert not report.conforms and len(marked) == 1
    assert marked[0]["settled"] and "§ 633a.7" in marked[0]["departures"][0]
    assert "departure" in walk_page(log)


def test_the_page_is_self_contained_and_hides_no_card_in_its_markup():
    """No script, style or image is fetched; card codes are only in the page's data, drawn by its script."""
    page = walk_page(demo_log("blackjack"))
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page)
    markup = _visible_html(page)
    assert not re.search(r"\b[2-9TJQKA][SHDC]\b", markup), re.findall(r"\b[2-9TJQKA][SHDC]\b", markup)


@pytest.mark.parametrize("game", sorted(BUILT_IN))
def test_committed_demo_walks_match_the_machine(game):
    """diagrams/<machine>.walk.html is what `review` writes now (make diagrams)."""
    spec = load_game(game).spec
    assert (DIAGRAMS / f"{spec.name}.walk.html").read_text(encoding="utf-8") == walk_page(
        __import__("attrs").evolve(demo_log(game), file=f"{spec.name}-demo.jsonl"))


@pytest.mark.slow  # a page per round of a logged session: a heavy check, `make test-long`
def test_review_log_writes_one_page_per_logged_round(tmp_path):
    """`play --log` then `review --log`: a page per log; a malformed log is one line, exit 2."""
    runner = CliRunner()
    for n, seed in enumerate((3, 4)):
        played = runner.invoke(main, ["play", "blackjack", "--seed", str(seed), "--strategy", "basic",
                                      "--log", str(tmp_path / f"r{n}.jsonl")])
        assert played.exit_code == 0, played.output
    done = runner.invoke(main, ["review", "--log", str(tmp_path / "r0.jsonl"), "--log", str(tmp_path / "r1.jsonl"),
                                "--out", str(tmp_path / "walks")])
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in (tmp_path / "walks").iterdir()) == ["r0.walk.html", "r1.walk.html"]
    (tmp_path / "bad.jsonl").write_text("{}\n")
    bad = runner.invoke(main, ["review", "--log", str(tmp_path / "bad.jsonl"), "--out", str(tmp_path / "walks")])
    assert bad.exit_code == 2 and "bad.jsonl:1" in bad.output


@pytest.mark.slow  # a real headless browser: `make test-long`
class TestWalkInBrowser:
    def test_steps_highlight_the_fired_arrow_and_turn_the_hole_card(self):
        """Stepping with the arrow keys from file://: at each step the lit arrow is that event's transition on
        its phase's diagram; the hole card is a back, its picture absent from the visible text, until turned."""
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys

        data, spec, _ = walk_data(demo_log("blackjack"))
        dealt = next(i for i, s in enumerate(data["steps"]) if s["trigger"] == "deal_hole_card")
        turned = next(i for i, s in enumerate(data["steps"]) if s["trigger"] == "turn_hole_card")
        discarded = next(i for i, s in enumerate(data["steps"]) if s["trigger"] == "discard_hands")
        driver = _browser()
        try:
            driver.get((DIAGRAMS / "blackjack.walk.html").as_uri())
            body = driver.find_element(By.TAG_NAME, "body")
            for i, step in enumerate(data["steps"]):
                if i:
                    body.send_keys(Keys.ARROW_RIGHT)
                assert driver.execute_script("return walk.at()") == i
                lit = driver.execute_script("return Array.from(document.querySelectorAll('svg .hl'))"
                                            ".filter(e => e.offsetParent !== null || e.closest('.phase:not([hidden])'))"
                                            ".map(e => e.id)")
                arrow = f"p{step['phase']}-{'a_t' if step['self_loop'] else 't'}{step['transition']}"
                assert arrow in lit and f"p{step['phase']}-state-{step['dest']}" in lit, (i, step["trigger"], lit)
                text = body.text
                if i < turned:
                    assert "8\u2663" not in text, i
                    assert bool(driver.find_elements(By.CSS_SELECTOR, ".card.back")) == (i >= dealt), i
                elif i < discarded:  # turned face up, on the layout until the cards go to the discard rack
                    assert "8\u2663" in text, i
            body.send_keys(Keys.HOME)
            assert driver.execute_script("return walk.at()") == 0
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            assert errors == []
        finally:
            driver.quit()

    def test_the_tampered_round_shows_its_departure(self):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys

        driver = _browser()
        try:
            driver.get((DIAGRAMS / "blackjack.tampered.walk.html").as_uri())
            assert "departure" in driver.find_element(By.CSS_SELECTOR, "header").text
            driver.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
            marked = json.loads(driver.execute_script("return JSON.stringify(walk.steps.map(s => s.departures.length))"))
            at = marked.index(1)
            driver.execute_script(f"walk.go({at})")
            assert "Departure found by replay" in driver.find_element(By.ID, "step").text
        finally:
            driver.quit()


def test_play_walk_writes_the_page_of_the_round_it_played(tmp_path):
    """`play --walk FILE`: the round just played, as `review --log` would draw its log."""
    runner = CliRunner()
    done = runner.invoke(main, ["play", "double-down-madness", "--seed", "9", "--strategy", "madness",
                                "--walk", str(tmp_path / "round.html"), "--log", str(tmp_path / "round.jsonl")])
    assert done.exit_code == 0, done.output
    page = (tmp_path / "round.html").read_text(encoding="utf-8")
    steps = json.loads(re.search(r'id="walk-data">(.*?)</script>', page, re.S)[1].replace("<\\/", "</"))["steps"]
    logged = [json.loads(line) for line in (tmp_path / "round.jsonl").read_text().splitlines()[1:]]
    assert [s["trigger"] for s in steps] == [e["trigger"] for e in logged]
    again = runner.invoke(main, ["play", "double-down-madness", "--seed", "9", "--strategy", "madness",
                                 "--walk", str(tmp_path / "round.html")])
    assert again.exit_code == 2 and "--walk" in again.output and "--force" in again.output
