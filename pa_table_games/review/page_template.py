"""The review page's HTML and CSS, inline: the page needs no server and no network.

Placeholders are ``{{name}}``, filled in one pass by :func:`pa_table_games.review.markup.fill` with escaped
text; the page's vanilla JavaScript is in :mod:`pa_table_games.review.page_script`. The style sheet is a
constant (its SHA-256 is in the page's Content-Security-Policy); the printed footer names the section through
a CSS string made by :func:`css_string`.

On a screen the page is one window tall: the diagram pane beside the subsection table, or above it in a
narrow window; the details box and the table scroll separately, so the details never cover a highlighted row.
The pane shows one drawing at a time, chosen by the tabs above it: the overview of the round's phases (shown
on opening), each phase's diagram, or the full diagram, each opened at a size whose smallest text is at least
9 CSS pixels. Printed, it is the header, the full diagram in parts at a scale that keeps its smallest text at
6 pt, then the whole subsection table, the waivers, the readings and the quotation check, each page numbered.
"""

STYLE = """
html, body { height: 100%; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1b1b1b; display: flex; flex-direction: column; }
header { flex: 0 0 auto; padding: 4px 14px; border-bottom: 1px solid #ccc; background: #f6f6f4; }
header h1 { font-size: 17px; margin: 0; display: inline; }
header p { margin: 1px 0; }
header .title { display: inline; margin-left: 8px; }
.caveat { color: #8a4b00; font-weight: 600; }
.departs { color: #a40000; font-weight: 600; }
.summary { font-weight: 600; display: inline; }
nav.links { font-size: 13px; }
nav.links a { margin-right: 2px; }
main { flex: 1 1 auto; min-height: 0; display: flex; gap: 10px; padding: 6px 10px; }
#diagram-pane { flex: 1 1 60%; min-width: 0; display: flex; flex-direction: column; border: 1px solid #ddd; }
.tabs { flex: 0 0 auto; display: flex; flex-wrap: wrap; gap: 2px; padding: 3px 4px 0; background: #ecece8; }
.tabs button { font: 11.5px system-ui, sans-serif; padding: 1px 5px; cursor: pointer; border: 1px solid #ccc;
  border-bottom: 0; background: #f6f6f4; }
.tabs button[aria-selected="true"] { background: #fff; font-weight: 700; }
.toolbar { flex: 0 0 auto; display: flex; gap: 4px; align-items: center; padding: 3px 6px;
  background: #f6f6f4; border-bottom: 1px solid #ddd; font-size: 13px; }
.toolbar button { font: inherit; min-width: 32px; padding: 1px 8px; cursor: pointer; }
.toolbar .hint { margin-left: 8px; }
#diagram { flex: 1 1 auto; min-height: 0; overflow: auto; cursor: grab; background: #fff; }
#diagram.dragging { cursor: grabbing; user-select: none; }
#diagram svg { display: block; margin: 0 auto; }
aside { flex: 1 1 40%; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
#details { flex: 0 0 auto; background: #fffbe6; border: 1px solid #e5d38a; padding: 6px 10px;
  min-height: 48px; max-height: 38%; overflow: auto; }
#listing { flex: 1 1 auto; min-height: 0; overflow: auto; }
#details li.go { cursor: pointer; text-decoration: underline dotted; }
#details h2 { font-size: 15px; margin: 0 0 4px; }
#details h3 { font-size: 13px; margin: 6px 0 0; }
#details ul { margin: 4px 0; padding-left: 18px; }
.hint { color: #666; margin: 0; }
.cite { font-weight: 600; overflow-wrap: anywhere; }
.meaning { color: #333; }
code { font-size: 12px; background: #eee; padding: 0 3px; border-radius: 3px; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border-bottom: 1px solid #e2e2e2; padding: 4px 6px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #f0f0f0; position: sticky; top: 0; }
#subsections th:nth-child(1) { width: 22%; }
#subsections th:nth-child(2) { width: 40%; }
#subsections tbody tr { cursor: pointer; }
#subsections tbody tr:hover { background: #f4f8ff; }
tr.waived td { color: #777; }
tr.unmapped td { color: #b00020; font-weight: 600; }
tr.reference td:first-child { font-style: italic; }
tr.hl, tr.hl:hover { background: #fde7f0; }
h2.part { font-size: 16px; margin: 14px 0 4px; }
dl.reading { margin: 4px 0 10px; }
dl.reading dt { font-weight: 600; }
dl.reading dd { margin: 0 0 4px 16px; overflow-wrap: anywhere; }
ul.quotes li { margin-bottom: 4px; overflow-wrap: anywhere; }
svg g.node, svg g.edge, svg g[id*="a_t"] { cursor: pointer; }
svg g.node > path, svg g.node > polygon { pointer-events: all; }
svg .hl > path, svg .hl > polygon, svg .hl > ellipse { stroke: #c2185b; stroke-width: 3px; }
svg .hl text { fill: #c2185b; font-weight: bold; }
:focus-visible { outline: 2px solid #1565c0; }
#print-diagram { display: none; }
@media (max-width: 900px) {
  body { display: block; height: auto; }
  main { display: block; }
  #diagram-pane { height: 62vh; margin-bottom: 10px; }
  #details { max-height: 30vh; }
  #listing { overflow: visible; }
}
@page { size: auto; margin: 14mm 12mm 16mm;
  @bottom-center { content: {{footer}} " \\2014  page " counter(page) " of " counter(pages); font: 9pt sans-serif; } }
@media print {
  html, body { height: auto; display: block; font-size: 10pt; }
  header { background: none; border: 0; padding: 0; }
  .toolbar, .tabs, #diagram-pane, #details, .screen-only { display: none !important; }
  main, aside { display: block; padding: 0; }
  #listing { overflow: visible; }
  th { position: static; }
  tr, dl.reading { break-inside: avoid; }
  thead { display: table-header-group; }
  #print-diagram { display: block; }
  figure.tile { break-before: page; break-inside: avoid; margin: 0; }
  figure.tile svg { display: block; }
  figure.tile figcaption { font-size: 9pt; color: #444; margin-top: 4px; }
  #listing { break-before: page; }
}
"""

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
{{policy}}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{short}} — compliance review</title>
<style>{{style}}</style>
</head>
<body>
<header>
<h1>{{section}}</h1><p class="title">{{title}}</p>
{{caveat}}
<p><span class="summary" id="summary">{{summary}}</span> · {{quotes_line}}</p>
<nav class="links screen-only" aria-label="pages">{{links}}</nav>
</header>
<main>
<section id="diagram-pane" aria-label="state diagrams">
<div class="tabs" role="tablist" aria-label="drawing shown">{{tabs}}</div>
<div class="toolbar" role="toolbar" aria-label="zoom">
<button type="button" id="zoom-out" title="Zoom out (-)">&#8722;</button>
<button type="button" id="zoom-in" title="Zoom in (+)">+</button>
<button type="button" id="zoom-fit" title="Fit the whole drawing in the pane, however small its text (0)">Fit</button>
<button type="button" id="zoom-width" title="Fit the width of the drawing, read it downwards (w)">Width</button>
<button type="button" id="zoom-one" title="Actual size (1)">1:1</button>
<span id="zoom-level" aria-live="polite"></span>
<span class="hint">drag to pan · wheel or + / &#8722; / 0 / w to zoom</span>
</div>
<div id="diagram">
{{views}}
</div>
</section>
<section id="print-diagram" aria-hidden="true">
<p>{{print_note}}</p>
{{tiles}}
</section>
<aside>
<div id="details" aria-live="polite"><p class="hint">Click a phase, a state, a row or an arrow to see its citation, its
conditions and their meaning; click a subsection to highlight the states and arrows that encode it.</p></div>
<div id="listing">
<table id="subsections">
<thead><tr><th>Subsection</th><th>Paraphrase</th><th>Encoded by</th></tr></thead>
<tbody>
{{rows}}
</tbody>
</table>
{{waivers}}
{{readings}}
{{quotes}}
</div>
</aside>
</main>
<script type="application/json" id="machine-data">{{data}}</script>
<script>{{script}}</script>
</body>
</html>
"""

INDEX_STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; margin: 24px; color: #1b1b1b; max-width: 980px; }
td, th { padding: 4px 10px; text-align: left; vertical-align: top; border-bottom: 1px solid #e2e2e2; }
dt { font-weight: 600; }
dd { margin: 0 0 6px 18px; }
.caveat { color: #8a4b00; }
"""

INDEX = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
{{policy}}
<title>pa-table-games — compliance review</title>
<style>{{style}}</style>
</head>
<body>
<h1>Compliance review</h1>
<p>Each Pennsylvania table-game section below is written down once as a state machine: its states, the steps
between them and the citation of every one. The pages here are drawn from those machine files by
<code>pa-table-games review</code> (<code>make diagrams</code> writes them all); they are static files that fetch
nothing and run no code but their own.</p>
<dl>
<dt>Overview</dt><dd>The phases of a round in the order the section tells them (shuffle and burn, the deal,
optional wagers, Insurance and the peek, decisions, dealer draw, settlement, discard), one box each, with the
steps that lead from one to the next. Start here.</dd>
<dt>Phase diagrams</dt><dd>One phase's states and steps, each with its citation and its conditions in the
regulation's words; dashed notes lead to the neighbouring phases.</dd>
<dt>Full diagram</dt><dd>Every state and step of the machine in one drawing, for checking the whole.</dd>
<dt>Review page</dt><dd>The overview, the phases and the full diagram beside the subsection table: click a
state, an arrow or a subsection for its citation, its conditions and what encodes it; it also lists the
waivers, the readings register and whether every quotation matches the stored section text. It prints whole.</dd>
<dt>Dossier (PDF)</dt><dd>The same review to print or sign without a browser: the machine file's SHA-256, the
caveats, every diagram, every step in words, the Rules defaults and the readings.</dd>
<dt>Walk-throughs</dt><dd>One logged round, step by step on the phase diagrams: the cards each hand holds, the
wagers with their amounts, the step that fired and who asked for it; a departure found by
<code>replay</code> is marked on its step.</dd>
</dl>
<table>
<thead><tr><th>Section</th><th>Game</th><th>Read it</th><th>Traceability</th></tr></thead>
<tbody>
{{rows}}
</tbody>
</table>
</body>
</html>
"""


def css_string(value: str) -> str:
    """``value`` as a quoted CSS string: every character but letters, digits, spaces and a few marks as a CSS
    escape, so no text can end the string or the style element."""
    safe = set(" .,;:()-_§")
    return '"' + "".join(c if c.isalnum() and c.isascii() or c in safe else f"\\{ord(c):x} " for c in value) + '"'
