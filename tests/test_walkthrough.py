"""The walk-through page (`review --log`, and each game's demo round under diagrams/): a logged round
step by step on the phase diagrams, as a compliance officer opens it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from pa_table_games.games import BUILT_IN, GAMES, load_game
from pa_table_games.review.page import demo_walk_files
from pa_table_games.review.walkthrough import demo_log, tampered, walk_data, walk_page

from test_review import _browser

DIAGRAMS = Path(__file__).resolve().parent.parent / "diagrams"


def _visible_html(page: str) -> str:
    """The page's own markup: no scripts (the data a face-down card hides in) and no drawings."""
    return re.sub(r"<script.*?</script>|<svg.*?</svg>", "", page, flags=re.S)


@pytest.mark.parametrize("game", sorted(BUILT_IN))
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


def test_a_departure_is_marked_on_its_own_step_whatever_the_log_numbers_it():
    """The tampered settlement's event renumbered as the deal's (seq 3): its departures sit on its own step alone.
    Before, they were matched by the log's seq, so the deal's step showed the settlement's departure too."""
    log = tampered(demo_log("blackjack"))
    events = [dict(e) for e in log.events]
    events[-1 if events[-1].get("settled") else max(i for i, e in enumerate(events) if e.get("settled"))]["seq"] = 3
    data, _, report = walk_data(attrs.evolve(log, events=events))
    marked = [s for s in data["steps"] if s["departures"]]
    assert not report.conforms and len(marked) == 1 and marked[0]["settled"], [s["trigger"] for s in marked]


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
    beside = [name for name in demo_walk_files(spec) if name != f"{spec.name}.walk.html"]
    assert (DIAGRAMS / f"{spec.name}.walk.html").read_text(encoding="utf-8") == walk_page(
        __import__("attrs").evolve(demo_log(game), file=f"{spec.name}-demo.jsonl"), beside=beside)


@pytest.mark.slow  # a page per round of a logged session: a heavy check, `make test-long`
def test_review_log_writes_one_page_per_logged_round(tmp_path):
    """`play --log` then `review --log`: a page per log, each linking the other and the review page of their
    machine, written beside them; a malformed log is one line, exit 2."""
    runner = CliRunner()
    for n, seed in enumerate((3, 4)):
        played = runner.invoke(main, ["play", "blackjack", "--seed", str(seed), "--strategy", "basic",
                                      "--log", str(tmp_path / f"r{n}.jsonl")])
        assert played.exit_code == 0, played.output
    done = runner.invoke(main, ["review", "--log", str(tmp_path / "r0.jsonl"), "--log", str(tmp_path / "r1.jsonl"),
                                "--out", str(tmp_path / "walks")])
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in (tmp_path / "walks").iterdir()) == ["blackjack.html", "r0.walk.html", "r1.walk.html"]
    assert 'href="r1.walk.html"' in (tmp_path / "walks" / "r0.walk.html").read_text(encoding="utf-8")
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
                lit = driver.execute_script("return Array.from(document.querySelectorAll('svg .fired, svg .at'))"
                                            ".filter(e => e.closest('.phase:not([hidden])')).map(e => e.id)")
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


# -- the round as it happened: hands, wagers, the step that fired, who asked --------------------------------------
SPLIT_SHOE = "2C 8S AH 8D 5C 3C TD 2H 9S 7S 7H 7D KD"  # burn; seat 1 8S, up AH, 8D, hole 5C; split, double, hit, stand
SPLIT_ACTIONS = "insurance=yes,split,double,hit,stand"


def _logged(tmp_path, name: str, *args: str) -> Path:
    path = tmp_path / f"{name}.jsonl"
    done = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, ["play", *args, "--log", str(path)])
    assert done.exit_code == 0, done.output
    return path


def _step(data: dict, trigger: str) -> dict:
    return next(s for s in data["steps"] if s["trigger"] == trigger)


def _places(step: dict) -> dict:
    return {name: [code for code, _ in cards] for name, cards in step["table"]["places"]}


class TestTheRoundAsItHappened:
    def test_a_split_divides_the_pair_into_hands_counted_from_one(self, tmp_path):
        """After the split, seat 1 hand 1 holds 8S and the card dealt to it, seat 1 hand 2 holds 8D alone; the
        original pair is no longer drawn under "seat 1"."""
        from pa_table_games.audit.log import read_log

        path = _logged(tmp_path, "split", "blackjack", "--shoe", SPLIT_SHOE, "--actions", SPLIT_ACTIONS)
        data, _, report = walk_data(read_log(path))
        assert report.conforms
        places = _places(_step(data, "split"))
        assert places["seat 1 hand 1"] == ["8S", "3C"] and places["seat 1 hand 2"] == ["8D"] and "seat 1" not in places
        assert _places(_step(data, "hit"))["seat 1 hand 2"] == ["8D", "2H", "9S"]

    def test_each_wager_placed_raised_or_insured_appears_at_its_step_with_its_amount(self, tmp_path):
        """Insurance placed at its decision (5.00), the split hand's wager at the split (10.00), the double raising
        hand 1's wager from 10.00 to 20.00; each decision step names the word the player gave."""
        from pa_table_games.audit.log import read_log

        path = _logged(tmp_path, "split", "blackjack", "--shoe", SPLIT_SHOE, "--actions", SPLIT_ACTIONS)
        data, _, _ = walk_data(read_log(path))
        assert _step(data, "insurance=yes")["changes"] == [[1, 0, "insurance", None, "5.00"]]
        assert _step(data, "split")["changes"] == [[1, 1, "blackjack", None, "10.00"]]
        assert _step(data, "double")["changes"] == [[1, 0, "blackjack", "10.00", "20.00"]]
        assert [(s["word"], s["seat"], s["hand"]) for s in data["steps"] if s["by"] == "player"] == [
            ("insurance=yes", 1, 0), ("split", 1, 0), ("double", 1, 0), ("hit", 1, 1), ("stand", 1, 1)]

    def test_pai_gow_hands_are_face_down_until_compared_and_the_double_down_wager_shows(self, tmp_path):
        """§ 670a.8(d): a player's six cards are dealt face down and drawn as backs; the Double Down Wager appears
        at its step; at settlement (§ 670a.11) the hands are compared face up."""
        from pa_table_games.audit.log import read_log

        path = _logged(tmp_path, "paigow", "six-card-fortune-pai-gow", "--seed", "3", "--seat", "1:six_card_fortune=10",
                       "--actions", "double_down,house_way")
        data, _, _ = walk_data(read_log(path))
        assert _step(data, "double_down")["changes"] == [[1, 0, "double_down", None, "10.00"]]
        faces = lambda step: [up for name, cards in step["table"]["places"] if name == "seat 1" for _, up in cards]  # noqa: E731
        assert faces(_step(data, "house_way")) == [False] * 6 and faces(_step(data, "settle_wagers")) == [True] * 6


@pytest.mark.slow  # a real headless browser: `make test-long`
class TestTheRoundInTheBrowser:
    def test_hands_amounts_fired_rows_and_step_links(self, tmp_path):
        """In headless chromium, the walk-throughs of a Blackjack round with Insurance, a split and a double and of a
        Pai Gow round with a Double Down Wager: at each step the hands and amounts the table shows, the one row lit
        as fired (the state's other rows not), who decided and the word given; #step=N opens step N."""
        from selenium.webdriver.common.by import By

        split = _logged(tmp_path, "split", "blackjack", "--shoe", SPLIT_SHOE, "--actions", SPLIT_ACTIONS)
        paigow = _logged(tmp_path, "paigow", "six-card-fortune-pai-gow", "--seed", "3", "--seat",
                         "1:six_card_fortune=10", "--actions", "double_down,house_way")
        done = CliRunner().invoke(main, ["review", "--log", str(split), "--log", str(paigow), "--out", str(tmp_path)])
        assert done.exit_code == 0, done.output
        from pa_table_games.audit.log import read_log

        data, spec, _ = walk_data(read_log(split))
        at = {s["trigger"]: n for n, s in enumerate(data["steps"], 1)}
        driver = _browser()
        try:
            def open_step(name: str, n: int) -> str:
                driver.get((tmp_path / name).as_uri() + f"#step={n}")
                assert driver.execute_script("return walk.at()") == n - 1
                return driver.find_element(By.ID, "panel").text

            text = open_step("split.walk.html", at["insurance=yes"])
            assert "Player, seat 1, said \u201cinsurance=yes\u201d" in text and "Wager placed: insurance of seat 1, 5.00" in text
            text = open_step("split.walk.html", at["split"])
            assert "seat 1 hand 1" in text and "seat 1 hand 2" in text and "Wager placed: blackjack of seat 1 hand 2, 10.00" in text
            hands = driver.execute_script("return Array.from(document.querySelectorAll('#table .place')).map(p => p.textContent)")
            assert "seat 1 hand 18\u26603\u2663" in hands and "seat 1 hand 28\u2666" in hands, hands
            text = open_step("split.walk.html", at["double"])
            assert "Wager raised: blackjack of seat 1 hand 1, 10.00 \u2192 20.00" in text
            assert "blackjack (hand 1) 20.00 at risk" in text and "seat 1 hand 1: 8S 3C TD (21)" in text
            step = data["steps"][at["double"] - 1]
            fired = driver.execute_script("return Array.from(document.querySelectorAll('.phase:not([hidden]) .fired')).map(e => e.id)")
            assert fired == [f"p{step['phase']}-a_t{step['transition']}"]
            rows = driver.execute_script(
                "var s = document.querySelector('.phase:not([hidden]) .at');"
                "return Array.from(s.querySelectorAll('g[id*=\"a_t\"]')).filter(g => getComputedStyle(g.querySelector('text')).fontWeight >= 700).map(g => g.id)")
            assert rows == fired, rows
            text = open_step("paigow.walk.html", 1)
            pai = json.loads(driver.execute_script("return JSON.stringify(walk.steps.map(s => s.trigger))"))
            text = open_step("paigow.walk.html", pai.index("double_down") + 1)
            assert "Wager placed: double_down of seat 1, 10.00" in text
            backs = "return document.querySelectorAll('#table .seat .card.back').length"
            assert driver.execute_script(backs) == 6
            open_step("paigow.walk.html", pai.index("settle_wagers") + 1)
            assert driver.execute_script(backs) == 0
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            assert errors == []
        finally:
            driver.quit()


class TestVerdictOnThePage:
    def test_a_log_without_a_chain_is_unverifiable_on_its_page(self, tmp_path):
        """`review --log --allow-v1` of a version-1 log: the page's verdict is "unverifiable", not "conforms"."""
        log = Path(__file__).parent / "replay" / "conforming.jsonl"
        done = CliRunner().invoke(main, ["review", "--log", str(log), "--allow-v1", "--out", str(tmp_path)])
        assert done.exit_code == 0, done.output
        page = (tmp_path / "conforming.walk.html").read_text(encoding="utf-8")
        assert 'class="verdict unverifiable">unverifiable: a version-1 log has no hash chain' in page
        assert "The round conforms" not in page and "conforms to" not in page

    def test_machine_is_honoured_by_play_walk_and_review_log(self, tmp_path):
        """An edited machine file (a state renamed): `play --machine --walk` and `review --log --machine` replay and
        draw that file, so the page shows its label and the round conforms to it; the installed machine
        reports that the log was played under another machine file."""
        from pa_table_games.games import machine_path

        edited = tmp_path / "edited.yaml"
        edited.write_text(machine_path("blackjack").read_text(encoding="utf-8").replace(
            'label: "Player decisions", cite: ["(i)", "(j)", "(k)"],', 'label: "Players decide (edited)", cite: ["(i)", "(j)", "(k)"],', 1))
        runner = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""})
        log, walk = tmp_path / "r.jsonl", tmp_path / "played.html"
        done = runner.invoke(main, ["play", "blackjack", "--machine", str(edited), "--shoe", "2C TH 7S 9H KD",
                                    "--actions", "stand", "--log", str(log), "--walk", str(walk)])
        assert done.exit_code == 0, done.output
        assert "Players decide (edited)" in walk.read_text(encoding="utf-8")
        done = runner.invoke(main, ["review", "--log", str(log), "--machine", str(edited), "--out", str(tmp_path / "o")])
        assert done.exit_code == 0, done.output
        page = (tmp_path / "o" / "r.walk.html").read_text(encoding="utf-8")
        assert "Players decide (edited)" in page and 'class="verdict conforms"' in page
        assert "Players decide (edited)" in (tmp_path / "o" / "edited.html").read_text(encoding="utf-8")
        installed = runner.invoke(main, ["review", "--log", str(log), "--out", str(tmp_path / "i")])
        assert "machine file differs" in (tmp_path / "i" / "r.walk.html").read_text(encoding="utf-8")

    def test_what_the_replay_took_as_given_is_under_the_verdict(self, tmp_path):
        """`review --log` of a stacked round logged without a key: under the verdict, what the replay took as given,
        as `replay` prints it; a demo round, made in memory, has no chain to name."""
        runner = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""})
        log = tmp_path / "r.jsonl"
        assert runner.invoke(main, ["play", "blackjack", "--shoe", "2C TH 7S 9H KD", "--actions", "stand",
                                    "--log", str(log)]).exit_code == 0
        done = runner.invoke(main, ["review", "--log", str(log), "--out", str(tmp_path / "o")])
        assert done.exit_code == 0, done.output
        page = (tmp_path / "o" / "r.walk.html").read_text(encoding="utf-8")
        assert re.search(r'class="verdict conforms">conforms to 58 Pa\. Code § 633a\.7\.</span></div>\n'
                         r'<div class="given">Taken as given: a stacked shoe \(the card order was given, not shuffled '
                         r'from a seed: .*?\); a hash chain not keyed with an operator key \(.*?\)\.</div>', page)
        assert "Taken as given: a stacked shoe (" in walk_page(demo_log("blackjack"))
        assert "hash chain" not in _visible_html(walk_page(demo_log("blackjack")))
