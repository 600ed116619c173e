"""The review page's vanilla JavaScript, inline (no framework, no network).

Two parts: the diagram pane's view (fit on open and on resize, zoom by buttons, wheel and
keys + / - / 0 (fit) / 1 (1:1) / w (fit the width), pan by dragging) and the links between diagram, details and table
(click a state, a row or an arrow; click a subsection).
"""

SCRIPT = r"""(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("machine-data").textContent);
  var details = document.getElementById("details");
  var listing = document.getElementById("listing");
  var pane = document.getElementById("diagram");
  var svg = pane.querySelector("svg");

  // -- the view: scale 1 is the drawing's own size (1 pt = 4/3 px) --------------------------
  var box = svg.viewBox.baseVal, natW = box.width * 4 / 3, natH = box.height * 4 / 3;
  var scale = 1, fitted = true, MAX = 4, PAD = 8;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  function fitScale() {
    return Math.min((pane.clientWidth - PAD) / natW, (pane.clientHeight - PAD) / natH, 1);
  }
  function zoomTo(next, x, y) {  // x, y: the point of the pane (client px) that stays put
    var r = pane.getBoundingClientRect();
    if (x === undefined) { x = r.left + pane.clientWidth / 2; y = r.top + pane.clientHeight / 2; }
    var s = svg.getBoundingClientRect();
    var fx = s.width ? (x - s.left) / s.width : 0.5, fy = s.height ? (y - s.top) / s.height : 0.5;
    scale = Math.max(Math.min(next, MAX), Math.min(fitScale(), 0.05));
    svg.style.width = (natW * scale) + "px";
    svg.style.height = (natH * scale) + "px";
    s = svg.getBoundingClientRect();
    pane.scrollLeft += (s.left + fx * s.width) - x;
    pane.scrollTop += (s.top + fy * s.height) - y;
    document.getElementById("zoom-level").textContent = Math.round(scale * 100) + "%";
  }
  function fit() {  // measured with the drawing shrunk, so the pane's scroll bars are gone
    fitted = true;
    svg.style.width = svg.style.height = "0px";
    zoomTo(fitScale());
    pane.scrollLeft = 0;
    pane.scrollTop = 0;
  }
  function fitWidth() {  // the drawing as wide as the pane, scrolled to its top: a tall drawing read downwards
    fitted = false;
    svg.style.width = svg.style.height = "0px";
    var bar = 18;  // room for the vertical scroll bar the taller drawing brings
    zoomTo(Math.min((pane.clientWidth - PAD - bar) / natW, MAX));
    pane.scrollLeft = 0;
    pane.scrollTop = 0;
  }
  function zoomBy(factor, x, y) { fitted = false; zoomTo(scale * factor, x, y); }
  fit();
  window.addEventListener("resize", function () { if (fitted) { fit(); } });
  document.getElementById("zoom-in").addEventListener("click", function () { zoomBy(1.25); });
  document.getElementById("zoom-out").addEventListener("click", function () { zoomBy(0.8); });
  document.getElementById("zoom-fit").addEventListener("click", fit);
  document.getElementById("zoom-one").addEventListener("click", function () { fitted = false; zoomTo(1); });
  document.getElementById("zoom-width").addEventListener("click", fitWidth);
  pane.addEventListener("wheel", function (event) {
    event.preventDefault();
    var step = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    zoomBy(Math.exp(-step * 0.002), event.clientX, event.clientY);
  }, { passive: false });
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (event.key === "+" || event.key === "=") { zoomBy(1.25); }
    else if (event.key === "-" || event.key === "_") { zoomBy(0.8); }
    else if (event.key === "0") { fit(); }
    else if (event.key === "1") { fitted = false; zoomTo(1); }
    else if (event.key === "w") { fitWidth(); }
    else { return; }
    event.preventDefault();
  });
  var drag = null, dragged = false;
  pane.addEventListener("pointerdown", function (event) {
    if (event.button !== 0) { return; }
    drag = { x: event.clientX, y: event.clientY, left: pane.scrollLeft, top: pane.scrollTop };
    dragged = false;
  });
  window.addEventListener("pointermove", function (event) {
    if (!drag) { return; }
    var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!dragged && Math.abs(dx) + Math.abs(dy) < 5) { return; }
    dragged = true;
    pane.classList.add("dragging");
    pane.scrollLeft = drag.left - dx;
    pane.scrollTop = drag.top - dy;
  });
  window.addEventListener("pointerup", function () { drag = null; pane.classList.remove("dragging"); });

  // -- diagram <-> details <-> subsection table ---------------------------------------------
  function add(parent, tag, text, cls) {
    var node = document.createElement(tag);
    if (text) { node.textContent = text; }
    if (cls) { node.className = cls; }
    parent.appendChild(node);
    return node;
  }
  function clear() {
    Array.prototype.forEach.call(document.querySelectorAll(".hl"), function (n) { n.classList.remove("hl"); });
  }
  function mark(key) {
    var info = data.elements[key];
    var node = info && document.getElementById(info.svg);
    if (node) { node.classList.add("hl"); }
    return node;
  }
  function reveal(node) {  // bring a diagram element into the pane without changing the zoom
    if (!node || !node.getBoundingClientRect) { return; }
    var r = node.getBoundingClientRect(), b = pane.getBoundingClientRect();
    pane.scrollLeft += (r.left + r.width / 2) - (b.left + b.width / 2);
    pane.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2);
  }
  function showRowInTable(row) {  // scroll the table's own box only: the details box sits above it
    var r = row.getBoundingClientRect(), b = listing.getBoundingClientRect();
    var head = listing.querySelector("thead").getBoundingClientRect().height;
    if (r.top < b.top + head || r.bottom > b.bottom) { listing.scrollTop += r.top - b.top - head - 8; }
  }
  function citeLine(list, key) {
    var li = add(list, "li");
    add(li, "span", data.cites[key] ? data.cites[key].cite : key, "cite");
    add(li, "span", data.cites[key] ? " " + data.cites[key].text : "", "meaning");
  }
  function entries(title, items) {
    if (!items.length) { return; }
    add(details, "h3", title);
    var list = add(details, "ul");
    items.forEach(function (e) {
      var li = add(list, "li");
      add(li, "span", (e.negated ? "unless " : "") + e.doc + " ", "meaning");
      add(li, "span", e.cites.join(", ") + " ", "cite");
      add(li, "code", (e.negated ? "not " : "") + e.name);
    });
  }
  function showElement(key) {
    var info = data.elements[key];
    if (!info) { return; }
    clear();
    mark(key);
    details.textContent = "";
    add(details, "h2", info.heading);
    add(details, "p", info.summary);
    add(details, "h3", "Citation");
    var list = add(details, "ul");
    list.id = "details-cites";
    info.cites.forEach(function (c) { citeLine(list, c); });
    entries("Conditions", info.guards || []);
    entries("Actions", info.actions || []);
    var first = null;
    Array.prototype.forEach.call(document.querySelectorAll("#subsections tbody tr"), function (row) {
      if (row.getAttribute("data-elements").split(" ").indexOf(key) >= 0) {
        row.classList.add("hl");
        first = first || row;
      }
    });
    if (first) { showRowInTable(first); }
  }
  function showRow(row) {
    clear();
    row.classList.add("hl");
    var keys = row.getAttribute("data-elements").split(" ").filter(Boolean);
    var shown = keys.map(mark).filter(Boolean);
    reveal(shown[0]);
    var key = row.getAttribute("data-key");
    details.textContent = "";
    add(details, "h2", data.cites[key].cite);
    add(details, "p", data.cites[key].text);
    if (row.getAttribute("data-waiver")) { add(details, "p", "Waived: " + row.getAttribute("data-waiver")); }
    var list = add(details, "ul");
    keys.forEach(function (k) {
      var li = add(list, "li", data.elements[k].heading + " — " + data.elements[k].where, "go");
      li.addEventListener("click", function () { showElement(k); reveal(mark(k)); });
    });
    if (!keys.length) { add(list, "li", "no state or arrow of the diagram"); }
    showRowInTable(row);
  }

  Object.keys(data.elements).forEach(function (key) {
    var node = document.getElementById(data.elements[key].svg);
    if (node) { node.setAttribute("tabindex", "0"); node.setAttribute("data-key", key); }
  });
  function target(event) {
    var node = event.target;
    while (node && node !== svg) {
      if (node.getAttribute && node.getAttribute("data-key")) { return node.getAttribute("data-key"); }
      node = node.parentNode;
    }
    return null;
  }
  svg.addEventListener("click", function (event) {
    var key = target(event);
    event.preventDefault();
    if (key && !dragged) { showElement(key); }
  });
  svg.addEventListener("keydown", function (event) {
    var key = target(event);
    if (key && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); showElement(key); }
  });
  Array.prototype.forEach.call(document.querySelectorAll("#subsections tbody tr"), function (row) {
    row.addEventListener("click", function () { showRow(row); });
    row.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); showRow(row); }
    });
  });
}());"""
