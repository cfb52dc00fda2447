package preview

import (
	"bytes"
	"fmt"
	"html"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSeedsReportReadable checks what a planner reads in the seeds'
// preview (development capped at 40%): the verdict at the top, the new
// 240 GB ceiling drawn on development's chart, round GB ticks, and no
// part of the page wider than a 1024 px or a 390 px window (tables
// scroll inside their own box).
func TestSeedsReportReadable(t *testing.T) {
	bin := findChromium(t)
	rep := seedsReport(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	var buf bytes.Buffer
	require.NoError(t, WriteHTML(&buf, rep))
	require.NoError(t, os.WriteFile(page, buf.Bytes(), 0o644))

	dom := string(runChromium(t, bin, page, "--dump-dom"))
	checkVerdict(t, dom)
	checkDevelopmentChart(t, dom)
	for _, width := range []int{1024, 390} {
		t.Run(strconv.Itoa(width), func(t *testing.T) { checkFits(t, bin, page, width) })
	}
}

func checkVerdict(t *testing.T, dom string) {
	t.Helper()
	verdict := between(dom, `<section id="verdict">`, `</section>`)
	require.NotEmpty(t, verdict, "no verdict section")
	assert.Less(t, strings.Index(dom, `id="verdict"`), strings.Index(dom, `id="callouts"`), "the verdict comes first")
	assert.Contains(t, verdict, `data-queue="root.engineering.development" data-outcome="worse"`)
	assert.Contains(t, verdict, `data-queue="root.engineering.qa" data-outcome="better"`)
	text := html.UnescapeString(verdict)
	assert.Contains(t, text, "ceiling 1000 → 240 GB")
	assert.Contains(t, text, "peak use 600 → 240 GB (intended)")
	assert.Contains(t, text, "p95 wait 1m1s → 18ms")
	assert.NotContains(t, text, "support")
	assert.NotContains(t, text, "marketing")
}

var devCanvasRE = regexp.MustCompile(`<canvas id="usage-\d+"[^>]*aria-label="root\.engineering\.development"[^>]*>`)

func checkDevelopmentChart(t *testing.T, dom string) {
	t.Helper()
	tag := devCanvasRE.FindString(dom)
	require.NotEmpty(t, tag, "no usage chart for development")
	attr := func(name string) string {
		m := regexp.MustCompile(name + `="([^"]*)"`).FindStringSubmatch(tag)
		require.NotNil(t, m, "canvas has no %s", name)
		return m[1]
	}
	// The chart's own datasets: the old and new maximum as lines.
	assert.Equal(t, "old:1024000,new:245760", attr("data-maxima"))
	// Tick labels are round GB: 0, 200, 400 ... with one step between all.
	labels := strings.Split(attr("data-yticks"), ",")
	require.GreaterOrEqual(t, len(labels), 3)
	var vs []int
	for _, l := range labels {
		v, err := strconv.Atoi(l)
		require.NoError(t, err, "tick %q is not a whole number of GB", l)
		vs = append(vs, v)
	}
	step := vs[1] - vs[0]
	assert.Equal(t, 0, vs[0])
	assert.Contains(t, []int{1, 2, 5, 10, 20, 50, 100, 200, 500}, step)
	for i := 1; i < len(vs); i++ {
		assert.Equal(t, step, vs[i]-vs[i-1], "ticks %v", vs)
	}
	assert.GreaterOrEqual(t, vs[len(vs)-1], 600, "the axis covers the old peak of 600 GB")
	// Time ticks are whole hours for a 4 h run.
	for _, x := range strings.Split(attr("data-xticks"), ",") {
		ms, err := strconv.ParseInt(x, 10, 64)
		require.NoError(t, err)
		assert.Zero(t, ms%3_600_000, "time tick %d ms is not a whole hour", ms)
	}
}

// minWindow is headless chromium's narrowest window: a narrower page is
// loaded in an iframe of that width (framePage).
const minWindow = 500

func checkFits(t *testing.T, bin, page string, width int) {
	size := fmt.Sprintf("--window-size=%d,2400", max(width, minWindow))
	load := page
	extra := []string{"--dump-dom", size}
	if width < minWindow {
		load = framePage(t, page, width)
		extra = append(extra, "--allow-file-access-from-files")
	}
	dom := string(runChromium(t, bin, load, extra...))
	require.Contains(t, dom, `data-ready="1"`)
	num := func(name string) int {
		m := regexp.MustCompile(name + `="(\d+)"`).FindStringSubmatch(dom)
		require.NotNil(t, m, "no %s on <body>", name)
		v, _ := strconv.Atoi(m[1])
		return v
	}
	view := num("data-viewport")
	assert.Equal(t, width, view)
	assert.LessOrEqual(t, num("data-scroll-width"), view, "the page scrolls sideways at %d px", width)
	assert.LessOrEqual(t, num("data-widest"), view, "an element sticks out at %d px", width)
	if width < minWindow {
		return
	}
	shot := filepath.Join(t.TempDir(), "shot.png")
	runChromium(t, bin, page, "--screenshot="+shot, size)
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, width, img.Bounds().Dx(), "the screenshot is the window's width")
	assert.LessOrEqual(t, num("data-scroll-width"), img.Bounds().Dx(), "the page is wider than the screenshot")
}

// framePage writes a page that shows page in an iframe width px wide and
// copies the report's measurements to its own <body> once it is ready.
func framePage(t *testing.T, page string, width int) string {
	t.Helper()
	p := filepath.Join(filepath.Dir(page), fmt.Sprintf("frame-%d.html", width))
	src := fmt.Sprintf(`<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="%s" style="width:%dpx;height:2400px;border:0"></iframe>
<script>
var tries = 0, timer = setInterval(function () {
  var b = null;
  try { b = document.getElementById("f").contentDocument.body; } catch (e) { document.body.setAttribute("data-error", String(e)); }
  if ((b && b.getAttribute("data-ready") === "1") || ++tries > 200) {
    clearInterval(timer);
    if (b) { ["data-ready", "data-viewport", "data-scroll-width", "data-widest"].forEach(function (a) { document.body.setAttribute(a, b.getAttribute(a) || ""); }); }
  }
}, 20);
</script></body></html>`, filepath.Base(page), width)
	require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
	return p
}

func between(s, from, to string) string {
	i := strings.Index(s, from)
	if i < 0 {
		return ""
	}
	j := strings.Index(s[i:], to)
	if j < 0 {
		return s[i:]
	}
	return s[i : i+j]
}
