// Draws the preview's charts from the JSON embedded in the page. Kept
// small: the tables are rendered by capq itself and work without script.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("preview-data").textContent);
  var OLD = "#8a93a3", NEW = "#2563eb", OLD_FILL = "rgba(138,147,163,0.15)", NEW_FILL = "rgba(37,99,235,0.12)";
  Chart.defaults.animation = false;
  Chart.defaults.font.size = 11;

  function fmtGB(mb) { return mb >= 1024 ? (mb / 1024).toFixed(mb >= 10240 ? 0 : 1) + " GB" : mb + " MB"; }
  function fmtT(ms) {
    var s = Math.round(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    return h > 0 ? h + "h" + (m ? m + "m" : "") : (m > 0 ? m + "m" : s + "s");
  }
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

  var usage = document.getElementById("usage-charts");
  data.usage.forEach(function (u) {
    var c = box(usage, u.id, u.queue);
    var ds = [];
    if (u.old) {
      ds.push({ label: "old", data: points(u.old, u.step_ms), borderColor: OLD, backgroundColor: OLD_FILL, fill: true, stepped: true, pointRadius: 0, borderWidth: 1.5 });
      ds.push({ label: "old guarantee", data: flat(u.old_guarantee_mb, data.end_ms), borderColor: OLD, borderDash: [5, 4], pointRadius: 0, borderWidth: 1 });
    }
    if (u.new) {
      ds.push({ label: "new", data: points(u.new, u.step_ms), borderColor: NEW, backgroundColor: NEW_FILL, fill: true, stepped: true, pointRadius: 0, borderWidth: 1.5 });
      ds.push({ label: "new guarantee", data: flat(u.new_guarantee_mb, data.end_ms), borderColor: NEW, borderDash: [5, 4], pointRadius: 0, borderWidth: 1 });
    }
    new Chart(c, {
      type: "line",
      data: { datasets: ds },
      options: {
        responsive: true, maintainAspectRatio: false, parsing: true, normalized: true,
        scales: {
          x: { type: "linear", min: 0, max: data.end_ms, ticks: { callback: fmtT, maxTicksLimit: 8 } },
          y: { min: 0, max: u.y_max_mb, ticks: { callback: fmtGB, maxTicksLimit: 6 } }
        },
        plugins: { legend: { labels: { boxWidth: 12 } }, tooltip: { callbacks: { label: function (ctx) { return ctx.dataset.label + ": " + fmtGB(ctx.parsed.y); } } } }
      }
    });
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
      options: { responsive: true, maintainAspectRatio: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } }, plugins: { legend: { labels: { boxWidth: 12 } } } }
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
  document.body.setAttribute("data-ready", "1");
})();
