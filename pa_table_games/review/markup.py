"""Pages safe by construction: what every HTML page the project writes is built with.

A page shows text that comes from files a reviewer was sent (a round log, an edited machine file, their
names), so none of it may become markup or script:

- a template is filled in ONE pass (:func:`fill`): a value is never searched for placeholders again, so a
  log named ``r{{data}}.jsonl`` stays that name;
- text is escaped where it is put (:func:`text`), and the page's scripts write it with ``textContent``;
- the data a page's script reads sits in a ``<script type="application/json">`` element, written by
  :func:`script_json` with ``<``, ``>``, ``&``, U+2028 and U+2029 as JSON escapes, so no string in it can
  close the element or open a comment (``<!--<script>``) that would swallow the page's own script;
- every page carries a Content-Security-Policy (:func:`policy`): nothing is fetched, no inline handler runs,
  and only the page's own script and style elements, named by their SHA-256, are allowed;
- a link made from a file name is relative and URL-encoded (:func:`href`): ``javascript:x.html`` becomes the
  file ``javascript%3Ax.html`` beside the page, never a URL scheme.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

_PLACEHOLDER = re.compile(r"\{\{([a-z_]+)\}\}")
_SCRIPT_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                              "\u2028": "\\u2028", "\u2029": "\\u2029"})
_COMMENT = re.compile(r"<!--.*?-->\s*", re.S)


def fill(template: str, **values: str) -> str:
    """``template`` with each ``{{name}}`` replaced by ``values[name]``, in one pass: a value is never read
    again, so a placeholder written inside one stays text. A placeholder without a value is a KeyError."""
    return _PLACEHOLDER.sub(lambda m: values[m[1]], template)


def text(value: object) -> str:
    """``value`` as HTML text (quotes escaped too, so it may stand in an attribute)."""
    return html.escape(str(value), quote=True)


def script_json(value: Any, **options: Any) -> str:
    """``value`` as JSON that can stand inside a ``<script>`` element whatever its strings hold."""
    raw = json.dumps(value, ensure_ascii=False, allow_nan=False, sort_keys=True, **options)
    return raw.translate(_SCRIPT_SAFE)


def href(name: str, fragment: str = "") -> str:
    """A relative link to the file ``name`` beside the page, URL-encoded (``:`` and ``/`` included), as an
    attribute value; ``fragment`` (an element id) is encoded too."""
    link = quote(name, safe="") + (f"#{quote(fragment, safe='=')}" if fragment else "")
    return text(link)


def _digests(sources: Iterable[str]) -> str:
    return " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s.encode('utf-8')).digest()).decode('ascii')}'"
                    for s in dict.fromkeys(sources))


def policy(scripts: Iterable[str] = (), styles: Iterable[str] = ()) -> str:
    """The page's Content-Security-Policy as a ``<meta>`` element: nothing fetched from anywhere, and only the
    ``<script>`` and ``<style>`` elements whose exact text is in ``scripts`` and ``styles`` run (no inline
    handler, no ``javascript:`` link, no injected element)."""
    none = "'none'"
    rules = ["default-src 'none'", f"script-src {_digests(scripts) or none}", f"style-src {_digests(styles) or none}",
             "base-uri 'none'", "form-action 'none'"]
    return f'<meta http-equiv="Content-Security-Policy" content="{"; ".join(rules)}">'


def inline_svg(svg: str) -> str:
    """The SVG document as an element to put inside HTML: no XML declaration, DOCTYPE or comments."""
    svg = re.sub(r"<\?xml[^>]*\?>\s*", "", svg)
    svg = re.sub(r"<!DOCTYPE[^>]*>\s*", "", svg, flags=re.S)
    return _COMMENT.sub("", svg).strip()


def svg_styles(svg: str) -> list[str]:
    """The text of each ``<style>`` element inside an SVG drawing (its page's policy must name them)."""
    return re.findall(r"<style>(.*?)</style>", svg, flags=re.S)
