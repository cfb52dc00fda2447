// Draws the preview's charts from the JSON embedded in the page. Kept
// small: the tables are rendered by capq itself and work without script.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("preview-data").textContent);
  var OLD = "#8a93a3", NEW = "#2563eb", OLD_FILL = "rgba(138,147,163,0.15)", NEW_FILL = "rgba(37,99,235,0.12)";
  Chart.defaults.animation = false;
  Chart.defaults.font.size = 11;

  function fmtGB(mb) { return mb >= 1024 ? (mb / 1024).toFixed(mb >= 10240 ? 0 : 1) + " GB" : mb + " MB"; }
  function box(parent, id, title) {
    var div = document.createElement("div");
    div.className = "chart";
    var h = document.createElement("h4");
    h.textContent = title;
    var inner = document.createElement("div");
    inner.className = "box";
    var c = document.createElement("canvas");
    c.id = id;
    c.setAttribute("role", "img");
    c.setAttribute("aria-label", title);
    inner.appendChild(c);
    div.appendChild(h);
    div.appendChild(inner);
    parent.appendChild(div);
    return c;
  }
  function points(values, step) {
    var out = [];
    (values || []).forEach(function (v, i) { out.push({ x: i * step, y: v }); });
    return out;
  }
  function flat(y, end) { return [{ x: 0, y: y }, { x: end, y: y }]; }

  // Round ticks come with the data (capq computes them in the unit shown).
  function fixedTicks(values) {
    return function (axis) { axis.ticks = values.map(function (v) { return { value: v }; }); };
  }
  function fmtHours(ms) {
    var m = Math.round(ms / 60000), h = Math.floor(m / 60);
    if (m % 60 === 0) { return h + "h"; }
    return h > 0 ? h + "h" + (m % 60) + "m" : m + "m";
  }
  function maxLabel(side, mb, top) {
    return side + " maximum" + (mb > top ? " " + fmtGB(mb) + " (above the chart)" : "");
  }

  var usage = document.getElementById("usage-charts");
  data.usage.forEach(function (u) {
    var c = box(usage, u.id, u.queue);
    var div = u.y_unit === "GB" ? 1024 : 1;
    var ds = [];
    if (u.old) {
      ds.push({ label: "old", data: points(u.old, u.step_ms), borderColor: OLD, backgroundColor: OLD_FILL, fill: true, stepped: true, pointRadius: 0, borderWidth: 1.5 });
      ds.push({ label: "old guarantee", data: flat(u.old_guarantee_mb, data.end_ms), borderColor: OLD, borderDash: [5, 4], pointRadius: 0, borderWidth: 1 });
      ds.push({ label: maxLabel("old", u.old_max_mb, u.y_max_mb), capqMaxMB: u.old_max_mb, data: flat(u.old_max_mb, data.end_ms), borderColor: OLD, borderDash: [1, 3], pointRadius: 0, borderWidth: 1.5 });
    }
    if (u.new) {
      ds.push({ label: "new", data: points(u.new, u.step_ms), borderColor: NEW, backgroundColor: NEW_FILL, fill: true, stepped: true, pointRadius: 0, borderWidth: 1.5 });
      ds.push({ label: "new guarantee", data: flat(u.new_guarantee_mb, data.end_ms), borderColor: NEW, borderDash: [5, 4], pointRadius: 0, borderWidth: 1 });
      ds.push({ label: maxLabel("new", u.new_max_mb, u.y_max_mb), capqMaxMB: u.new_max_mb, data: flat(u.new_max_mb, data.end_ms), borderColor: "#c2410c", borderDash: [1, 3], pointRadius: 0, borderWidth: 2 });
    }
    var xTop = data.x_ticks_ms[data.x_ticks_ms.length - 1];
    var chart = new Chart(c, {
      type: "line",
      data: { datasets: ds },
      options: {
        responsive: true, maintainAspectRatio: false, parsing: true, normalized: true,
        scales: {
          x: { type: "linear", min: 0, max: xTop, afterBuildTicks: fixedTicks(data.x_ticks_ms),
               ticks: { callback: fmtHours, autoSkip: true }, title: { display: true, text: "time since start" } },
          y: { min: 0, max: u.y_max_mb, afterBuildTicks: fixedTicks(u.y_ticks_mb),
               ticks: { callback: function (v) { return String(Math.round(v / div)); } },
               title: { display: true, text: "memory in use (" + u.y_unit + ")" } }
        },
        plugins: { legend: { labels: { boxWidth: 12 } }, tooltip: { callbacks: { label: function (ctx) { return ctx.dataset.label + ": " + fmtGB(ctx.parsed.y); } } } }
      }
    });
    // What the chart drew, for the browser test: tick labels and the
    // maximum lines.
    c.setAttribute("data-yticks", chart.scales.y.ticks.map(function (t) { return t.label; }).join(","));
    c.setAttribute("data-xticks", chart.scales.x.ticks.map(function (t) { return t.value; }).join(","));
    c.setAttribute("data-maxima", chart.data.datasets.filter(function (d) { return d.capqMaxMB !== undefined; })
      .map(function (d) { return d.label.split(" ")[0] + ":" + d.data[0].y; }).join(","));
  });

  var waits = document.getElementById("wait-charts");
  data.waits.forEach(function (w) {
    var c = box(waits, w.id, w.queue);
    new Chart(c, {
      type: "bar",
      data: { labels: w.labels, datasets: [
        { label: "old", data: w.old, backgroundColor: OLD },
        { label: "new", data: w.new, backgroundColor: NEW }
      ] },
      options: { responsive: true, maintainAspectRatio: false,
        scales: { x: { title: { display: true, text: "waiting time" } },
                  y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: "applications" } } },
        plugins: { legend: { labels: { boxWidth: 12 } } } }
    });
  });

  if (data.hidden > 0) {
    var p = document.createElement("p");
    p.className = "note";
    p.textContent = data.hidden + " more leaf queues are in the tables below, not charted.";
    usage.parentNode.appendChild(p);
  }
  // Where each chart sits, for the screenshot check; then "ready".
  document.querySelectorAll("canvas").forEach(function (c) {
    var r = c.getBoundingClientRect();
    c.setAttribute("data-rect", [Math.round(r.left + window.scrollX), Math.round(r.top + window.scrollY), Math.round(r.width), Math.round(r.height)].join(","));
  });
  document.body.setAttribute("data-charts", String(document.querySelectorAll("canvas").length));
  // Whether anything is wider than the window (tables scroll in their box).
  var widest = 0;
  document.querySelectorAll("body *").forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.width > 0 && (el.parentElement === null || el.parentElement.closest("table, pre") === null)) { widest = Math.max(widest, Math.ceil(r.right + window.scrollX)); }
  });
  document.body.setAttribute("data-viewport", String(window.innerWidth));
  document.body.setAttribute("data-scroll-width", String(document.documentElement.scrollWidth));
  document.body.setAttribute("data-widest", String(widest));
  document.body.setAttribute("data-ready", "1");
})();
