"""Every page opened as an attacker would have a reviewer open it, in a real headless browser (`make test-long`).

A machine file and a round log carry markup, a template placeholder, ``<!--<script>`` and ``javascript:`` in
every text field they have and in their file names; the review page, the index, the walk-through pages and
the diff page are written from them. In the browser no injected script runs (each payload would set
``window.__pwned``), no link leads to a ``javascript:`` URL, and each page's own script still works: the
review page opens on its overview, the walk-through shows every step.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pa_table_games.audit.log import read_log
from pa_table_games.cli import main
from pa_table_games.games import machine_path

from test_review import _browser

RUN = 'window.__pwned = (window.__pwned || []).concat("{}")'
#: Each payload in one string: markup with a handler, a script element, a placeholder of the templates, a
#: comment opening a script (which once swallowed the page's own), a link to a javascript: URL.
PAYLOAD = ('<img src=x onerror=\'{0}\'><script>{0}</script>{{{{data}}}}{{{{script}}}}<!--<script>'
           '<a href="javascript:{0}">x</a>')
NAME = "javascript:{{data}}<img src=x onerror=alert(1)>"


def hostile(field: str) -> str:
    return PAYLOAD.format(RUN.format(field))


def hostile_machine(folder: Path) -> Path:
    """A copy of machines/blackjack.yaml with every kind of text hostile, named hostilely."""
    text = machine_path("blackjack").read_text(encoding="utf-8")
    q = json.dumps  # a JSON string is a YAML double-quoted scalar
    text = re.sub(r'^title: ".*"$', lambda m: f"title: {q(hostile('title'))}", text, count=1, flags=re.M)
    text = text.replace("game: blackjack\n", f"game: blackjack\nsection_note: {q(hostile('section_note'))}\n", 1)
    text = text.replace("notes: >-\n", f"notes: >-\n  {hostile('notes')}\n", 1)
    text = text.replace('"(a)": "Cards are dealt', f'"(a)": {q(hostile("subsection"))[:-1]} Cards are dealt', 1)
    short = '<img src=x onerror="window.__pwned=1">{{data}}<!--<script>'  # a label is at most 120 characters
    text = text.replace('label: "Ready to deal"', f"label: {q(short)}", 1)
    text = text.replace('label: "The deal"', f"label: {q(short.replace('img', 'svg'))}", 1)
    text = text.replace('"(b)": "which hand', f'"(b)": {q(hostile("waiver"))[:-1]} which hand', 1)
    path = folder / f"{NAME}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def run(*args) -> None:
    done = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, [str(a) for a in args])
    assert done.exit_code in (0, 1), done.output


def hostile_log(folder: Path, machine: Path) -> Path:
    """A round played under the hostile machine, its log's every free text field made hostile, chain rewritten."""
    played = folder / "played.jsonl"
    run("play", "blackjack", "--machine", machine, "--shoe", "2C 8S AH 8D 5C 3C TD 2H 9S 7S 7H", "--actions",
        "insurance=no,split,double,hit,stand", "--log", played)
    log = read_log(played)
    events = [dict(e) for e in log.events]
    events[1]["notes"] = [hostile("note")]
    events[2]["cite"] = [hostile("cite")]
    events[3]["cards"] = [{"card": "AH", "to": hostile("place"), "face_up": True}]
    settled = next(e for e in events if e.get("settled"))
    settled["settled"] = [dict(settled["settled"][0], wager=hostile("wager"), outcome=hostile("outcome"))]
    events[-1] = dict(events[-1], trigger=hostile("trigger"), dest=hostile("dest"))
    path = folder / f"{NAME}.jsonl"
    path.write_text(type(log)(log.header, events, log.lines, log.file).to_jsonl(), encoding="utf-8")
    return path


@pytest.mark.slow  # a real headless browser: `make test-long`
def test_no_injected_script_runs_and_every_page_still_works(tmp_path):
    """Review page, index, walk-throughs (`play --walk`, `review --log`) and diff page of a hostile machine file and
    log: in headless chromium nothing injected runs, no link is a javascript: URL, and the pages' own scripts show
    the overview, every drawing and every step."""
    machine = hostile_machine(tmp_path)
    out = tmp_path / "out"
    run("review", "--machine", machine, "--out", out)
    run("diff", "blackjack", machine, "--out", out)
    log = hostile_log(tmp_path, machine)
    run("play", "blackjack", "--machine", machine, "--seed", "7", "--strategy", "basic", "--walk", out / "played.walk.html")
    run("review", "--log", log, "--machine", machine, "--out", out)
    pages = sorted(p.name for p in out.iterdir())
    assert pages == sorted([f"{NAME}.html", "index.html", f"{NAME}.diff.html", f"{NAME}.diff.svg", "played.walk.html",
                            f"{NAME}.walk.html"]), pages
    events = len(read_log(log).events)
    driver = _browser()
    try:
        for name in pages:
            if not name.endswith(".html"):
                continue
            driver.get((out / name).as_uri())
            time.sleep(0.2)
            if name == f"{NAME}.html":
                assert driver.execute_script("return review.view()") == "overview"
                views = driver.execute_script("return Array.from(document.querySelectorAll('.tabs button')).map(b => b.id)")
                for tab in views:
                    driver.execute_script("document.getElementById(arguments[0]).click()", tab)
                assert driver.execute_script("return review.view()") == "full" and len(views) == 10
            if name == f"{NAME}.walk.html":
                assert driver.execute_script("return walk.steps.length") == events
                for i in range(events):
                    driver.execute_script("walk.go(arguments[0])", i)
                counter = driver.execute_script("return document.getElementById('counter').textContent")
                assert counter == f"step {events} of {events}"
                assert driver.execute_script("return document.getElementById('step').textContent").count("window.__pwned") >= 1
            links = driver.execute_script(
                "return Array.from(document.querySelectorAll('a')).map(a => a.href && a.href.baseVal !== undefined"
                " ? a.href.baseVal : (a.getAttribute('href') || a.getAttribute('xlink:href') || ''))")
            assert not [link for link in links if link.strip().lower().startswith("javascript:")], (name, links)
            assert driver.execute_script("return window.__pwned === undefined"), (name, driver.execute_script("return window.__pwned"))
            # nor did any of it become an element (the policy alone would stop a script, not the markup)
            assert driver.execute_script("return document.querySelectorAll('img, svg svg, iframe').length") == 0, name
            assert driver.execute_script("return document.scripts.length") == (0 if name.startswith(("index", NAME + ".diff")) else 2), name
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            assert errors == [], (name, errors)
    finally:
        driver.quit()
