"""Pages safe by construction: whatever a log, a machine file or their names hold, every page shows it as text.

The pages are checked as text here (the quick suite); tests/test_hostile_pages.py opens them in a real
browser with every field hostile at once (`make test-long`).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pa_table_games.audit.log import read_log
from pa_table_games.cli import main
from pa_table_games.games import machine_path
from pa_table_games.review.markup import fill, href, script_json

NAME = "r{{data}}<img src=x onerror=alert(1)>"


def run(*args):
    return CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, [str(a) for a in args])


def logged(tmp_path, name: str = "round") -> Path:
    """A Blackjack round logged by `play --log` (a split, a double, Insurance declined)."""
    path = tmp_path / f"{name}.jsonl"
    done = run("play", "blackjack", "--shoe", "2C 8S AH 8D 5C 3C TD 2H 9S 7S 7H", "--actions",
               "insurance=no,split,double,hit,stand", "--log", path)
    assert done.exit_code == 0, done.output
    return path


def rewritten(path: Path, change) -> Path:
    """The log at ``path`` with ``change(events)`` applied and its hash chain written again (a forger's edit)."""
    log = read_log(path)
    events = [dict(e) for e in log.events]
    change(events)
    path.write_text(type(log)(log.header, events, log.lines, log.file).to_jsonl(), encoding="utf-8")
    return path


def scripts(page: str) -> list[str]:
    """The text of every script element that runs (the data block's type is JSON: it never runs)."""
    return re.findall(r"<script>(.*?)</script>", page, flags=re.S)


def digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


class TestOnePassAndScriptSafeData:
    def test_a_value_holding_a_placeholder_is_never_filled_again(self):
        """A template is filled in one pass: a log named r{{data}}... keeps its name as written."""
        assert fill("<p>{{file}}</p><i>{{data}}</i>", file="r{{data}}", data="D") == "<p>r{{data}}</p><i>D</i>"

    def test_script_data_escapes_what_could_end_its_element(self):
        """<, >, &, U+2028 and U+2029 are JSON escapes in a page's data; the data reads back the same."""
        value = {"note": "<!--<script></script>&\u2028\u2029"}
        text = script_json(value)
        assert not re.search("[<>&\u2028\u2029]", text) and json.loads(text) == value

    def test_a_file_name_is_a_relative_link(self):
        """A link made from a file name is URL-encoded: a javascript: name is a file beside the page."""
        assert href("javascript:alert(1).html") == "javascript%3Aalert%281%29.html"
        assert href('a"b/<c>.html', "view=overview") == "a%22b%2F%3Cc%3E.html#view=overview"


class TestWalkPageOfAHostileLog:
    def test_a_log_named_with_a_placeholder_and_markup_stays_one_page_of_text(self, tmp_path):
        """`review --log` of a log named r{{data}}<img ...>.jsonl: the name is text, the data is in the page once."""
        path = logged(tmp_path)
        hostile = path.with_name(f"{NAME}.jsonl")
        shutil.copy(path, hostile)
        done = run("review", "--log", hostile, "--out", tmp_path / "out")
        assert done.exit_code == 0, done.output
        page = (tmp_path / "out" / f"{NAME}.walk.html").read_text(encoding="utf-8")
        assert "<img src=x" not in page and "r{{data}}&lt;img src=x onerror=alert(1)&gt;" in page
        assert page.count('id="walk-data"') == 1 and len(scripts(page)) == 1

    def test_log_text_cannot_end_or_comment_out_the_data(self, tmp_path):
        """Notes, card places, cites and triggers holding </script>, <!--<script> and markup stay inside the data:
        no '<' in it at all, and every step is still there."""
        bad = "<!--<script></script><img src=x onerror=alert(1)>"

        def change(events):
            events[2]["notes"] = [bad]
            events[3]["cite"] = [bad]
            events[4]["cards"] = [{"card": "8D", "to": bad, "face_up": True}]
        path = rewritten(logged(tmp_path), change)
        assert run("review", "--log", path, "--out", tmp_path / "out").exit_code == 0
        page = (tmp_path / "out" / "round.walk.html").read_text(encoding="utf-8")
        raw = re.search(r'<script type="application/json" id="walk-data">(.*?)</script>', page, re.S)[1]
        assert "<" not in raw
        data = json.loads(raw)
        assert data["steps"][2]["notes"] == [bad] and len(data["steps"]) == len(read_log(path).events)


class TestPolicy:
    def test_every_page_names_its_own_script_and_style_and_nothing_else(self, tmp_path):
        """Review page, index, walk-through and diff page: a Content-Security-Policy that fetches nothing and
        allows exactly the page's own script and style elements, by SHA-256; no inline handler attribute."""
        out = tmp_path / "out"
        assert run("review", "blackjack", "--out", out).exit_code == 0
        assert run("review", "--log", logged(tmp_path), "--out", out).exit_code == 0
        assert run("diff", "blackjack", "blackjack", "--out", out).exit_code == 0
        for name in ("blackjack.html", "index.html", "round.walk.html", "blackjack.diff.html"):
            page = (out / name).read_text(encoding="utf-8")
            policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)[1]
            assert "default-src 'none'" in policy and "unsafe" not in policy, name
            script_src = re.search(r"script-src ([^;]+)", policy)[1].split()
            assert sorted(script_src) == sorted({digest(s) for s in scripts(page)} or {"'none'"}), name
            styles = re.findall(r"<style>(.*?)</style>", page, flags=re.S)
            assert set(re.search(r"style-src ([^;]+)", policy)[1].split()) == {digest(s) for s in styles}, name
            markup = re.sub(r"<script.*?</script>", "", page, flags=re.S)
            assert not re.search(r"<[^>]+\son[a-z]+=", markup), name


class TestMachineNamedAsALink:
    def test_index_and_drawings_link_a_javascript_name_as_a_file(self, tmp_path):
        """A machine file named javascript:alert(1).yaml: the index and the page link it as a relative,
        URL-encoded file name, never as a javascript: URL."""
        edited = tmp_path / "javascript:alert(1).yaml"
        shutil.copy(machine_path("blackjack"), edited)
        done = run("review", "--machine", edited, "--out", tmp_path / "out")
        assert done.exit_code == 0, done.output
        for name in ("index.html", "javascript:alert(1).html"):
            page = (tmp_path / "out" / name).read_text(encoding="utf-8")
            assert not re.search(r"""(href|xlink:href)=["']\s*javascript:""", page, re.I), name
        assert 'href="javascript%3Aalert%281%29.html"' in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow  # a dossier is a PDF built by reportlab: `make test-long`
class TestDossierText:
    def test_markup_in_a_machine_file_is_printed_as_written(self, tmp_path):
        """A title holding <b>, <font> and &amp; is printed as those characters, not read as reportlab's markup."""
        from pypdf import PdfReader

        title = 'Blackjack <b>bold</b> &amp; <font color="red">red</font>'
        text = machine_path("blackjack").read_text(encoding="utf-8")
        edited = tmp_path / "marked.yaml"
        edited.write_text(re.sub(r'^title: ".*"$', f"title: '{title}'", text, count=1, flags=re.M), encoding="utf-8")
        done = run("review", "--pdf", "--machine", edited, "--out", tmp_path / "out")
        assert done.exit_code == 0, done.output
        reader = PdfReader(io.BytesIO((tmp_path / "out" / "marked.pdf").read_bytes()))
        assert title in " ".join(reader.pages[0].extract_text().split())
