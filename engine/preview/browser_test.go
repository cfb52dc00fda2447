package preview

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// findChromium returns a headless-capable browser: $CAPQ_CHROMIUM, else
// Debian's chromium (installed in CI by testdata/install-chromium.sh).
// Without one the test skips on a developer machine and fails in CI, so
// a CI that lost its browser does not pass silently.
func findChromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CAPQ_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless_shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no chromium on PATH (nor $CAPQ_CHROMIUM): install it with engine/preview/testdata/install-chromium.sh (Debian's chromium) to run the HTML report's browser test"
	if ci := os.Getenv("CI"); ci != "" && ci != "false" && ci != "0" {
		t.Fatal(msg + "; CI must install it")
	}
	t.Skip(msg)
	return ""
}

// browserWindow is tall enough that the first wait chart, below the
// verdict, why and tree sections, is in the screenshot.
const browserWindow = "1280,5000"

// runChromium runs headless chromium on page with extra flags.
func runChromium(t *testing.T, bin, page string, extra ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	window := "--window-size=" + browserWindow
	for _, e := range extra {
		if strings.HasPrefix(e, "--window-size=") {
			window = e
		}
	}
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
		"--disable-extensions", "--disable-background-networking", "--disable-dev-shm-usage",
		"--force-device-scale-factor=1", window, "--virtual-time-budget=5000",
		"--user-data-dir=" + t.TempDir()}
	for _, e := range extra {
		if !strings.HasPrefix(e, "--window-size=") {
			args = append(args, e)
		}
	}
	cmd := exec.CommandContext(ctx, bin, append(args, "file://"+page)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", extra, err, errOut.String())
	}
	return out.Bytes()
}

// TestReportInBrowser loads the HTML report in headless chromium: the page
// runs without errors, every chart renders (a screenshot of the chart
// area has many colours), and the numbers in the page are the JSON's.
func TestReportInBrowser(t *testing.T) {
	bin := findChromium(t)
	checkInBrowser(t, bin, syntheticReport(t, "root.engineering.qa wait.p95 <= 10m", "root.support apps.rejected == 0"))
}

// TestSeedsReportInBrowser does the same for a real preview: the seeds'
// example with development's maximum-capacity 40 and engineering's 60,
// simulated by the engine.
func TestSeedsReportInBrowser(t *testing.T) {
	bin := findChromium(t)
	checkInBrowser(t, bin, seedsReport(t))
}

func seedsReport(t *testing.T) *Report {
	t.Helper()
	root := golden.RepoRoot()
	load := func(dir string) *xmlconf.Model {
		l, err := xmlconf.Load(xmlconf.LoadOptions{CapacityScheduler: []xmlconf.Source{{Name: filepath.Join(root, "testdata", dir, "capacity-scheduler.xml")}},
			Build: xmlconf.BuildOptions{Version: xmlconf.DefaultVersion}})
		require.NoError(t, err)
		return l.Model
	}
	old, new := load("seeds-example"), load("seeds-dev-max40-eng-max60")
	data, err := os.ReadFile(filepath.Join(root, "testdata", "preview", "seeds", "workload.json"))
	require.NoError(t, err)
	w, err := sim.ReadNative("workload.json", data)
	require.NoError(t, err)
	or, nr, err := Simulate(Pair{Old: old, New: new, Workload: w, OldOpts: sim.Options{Seed: 1}, NewOpts: sim.Options{Seed: 1}})
	require.NoError(t, err)
	g, err := ParseAssert("root.engineering.qa wait.p95 <= 10s", 1)
	require.NoError(t, err)
	rep, errs := Build(Input{OldName: "seeds-example", NewName: "seeds-dev-max40-eng-max60", Workload: w.Name, Seed: 1,
		Old: FromSim(or, old), New: FromSim(nr, new), Gates: []Gate{g}})
	require.Empty(t, errs)
	return rep
}

func checkInBrowser(t *testing.T, bin string, rep *Report) {
	t.Helper()
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	var buf bytes.Buffer
	require.NoError(t, WriteHTML(&buf, rep))
	require.NoError(t, os.WriteFile(page, buf.Bytes(), 0o644))
	var js bytes.Buffer
	require.NoError(t, WriteJSON(&js, rep))

	shot := filepath.Join(dir, "shot.png")
	dom := string(runChromium(t, bin, page, "--dump-dom"))
	runChromium(t, bin, page, "--screenshot="+shot)

	checkLoaded(t, dom, rep)
	checkCharts(t, dom, shot)
	checkNumbers(t, dom, js.Bytes())
}

func checkLoaded(t *testing.T, dom string, rep *Report) {
	t.Helper()
	if m := regexp.MustCompile(`<html[^>]*data-errors="([^"]*)"`).FindStringSubmatch(dom); m != nil {
		t.Fatalf("errors in the page: %s", html.UnescapeString(m[1]))
	}
	require.True(t, strings.Contains(dom, `data-ready="1"`), "the report's script did not finish (no data-ready on <body>)")
	d := rep.charts()
	want := len(d.Usage) + len(d.Waits)
	assert.Contains(t, dom, fmt.Sprintf(`data-charts="%d"`, want))
	assert.Greater(t, want, 0)
}

var rectRE = regexp.MustCompile(`<canvas id="(usage-0|wait-0)"[^>]*data-rect="(\d+),(\d+),(\d+),(\d+)"`)

func checkCharts(t *testing.T, dom, shot string) {
	t.Helper()
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	ms := rectRE.FindAllStringSubmatch(dom, -1)
	require.Len(t, ms, 2, "want the first usage and wait charts with their positions")
	for _, m := range ms {
		x, _ := strconv.Atoi(m[2])
		y, _ := strconv.Atoi(m[3])
		w, _ := strconv.Atoi(m[4])
		h, _ := strconv.Atoi(m[5])
		r := image.Rect(x, y, x+w, y+h)
		require.True(t, r.In(img.Bounds()), "chart %s at %v is outside the %v screenshot", m[1], r, img.Bounds())
		colours, inked := pixelStats(img, r)
		// A blank canvas has one colour; axes alone a handful. Lines,
		// fills and anti-aliased text give dozens.
		assert.GreaterOrEqual(t, colours, 20, "chart %s looks blank: %d colours", m[1], colours)
		assert.Greater(t, inked, r.Dx()*r.Dy()/50, "chart %s has almost no ink", m[1])
	}
}

// pixelStats counts distinct colours and non-white pixels in r.
func pixelStats(img image.Image, r image.Rectangle) (colours, inked int) {
	seen := map[[3]uint32]bool{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			seen[[3]uint32{cr >> 8, cg >> 8, cb >> 8}] = true
			if cr>>8 < 240 || cg>>8 < 240 || cb>>8 < 240 {
				inked++
			}
		}
	}
	return len(seen), inked
}

var (
	rowRE  = regexp.MustCompile(`(?s)<tr data-subject="([^"]*)">(.*?)</tr>`)
	cellRE = regexp.MustCompile(`(?s)data-metric="([^"]*)"><span data-side="old" data-value="([^"]*)">([^<]*)</span>.*?<span data-side="new" data-value="([^"]*)"[^>]*>([^<]*)</span>`)
)

// checkNumbers compares every metric cell of the page's tables with the
// JSON output: same value, and the text shown is that value formatted.
func checkNumbers(t *testing.T, dom string, js []byte) {
	t.Helper()
	var doc struct {
		Queues []struct {
			Name    string `json:"name"`
			Metrics []struct {
				Metric string   `json:"metric"`
				Unit   string   `json:"unit"`
				Old    *float64 `json:"old"`
				New    *float64 `json:"new"`
			} `json:"metrics"`
		} `json:"queues"`
		Callouts []struct {
			Verdict string `json:"verdict"`
		} `json:"callouts"`
	}
	require.NoError(t, json.Unmarshal(js, &doc))
	type key struct{ subject, metric string }
	page := map[key][4]string{}
	for _, row := range rowRE.FindAllStringSubmatch(dom, -1) {
		for _, c := range cellRE.FindAllStringSubmatch(row[2], -1) {
			page[key{html.UnescapeString(row[1]), c[1]}] = [4]string{c[2], html.UnescapeString(c[3]), c[4], html.UnescapeString(c[5])}
		}
	}
	checked := 0
	for _, q := range doc.Queues {
		for _, m := range q.Metrics {
			cell, ok := page[key{q.Name, m.Metric}]
			if !ok {
				continue // not every metric is in the page's tables
			}
			kind := map[string]Kind{"": KindCount, "ms": KindDuration, "mb": KindMemory}[m.Unit]
			assert.Equal(t, jsonNum(m.Old), cell[0], "%s %s old", q.Name, m.Metric)
			assert.Equal(t, jsonNum(m.New), cell[2], "%s %s new", q.Name, m.Metric)
			assert.Equal(t, FormatValue(kind, deref(m.Old), m.Old != nil), cell[1], "%s %s old text", q.Name, m.Metric)
			if cell[0] != cell[2] {
				assert.Equal(t, FormatValue(kind, deref(m.New), m.New != nil), cell[3], "%s %s new text", q.Name, m.Metric)
			}
			checked++
		}
	}
	assert.Greater(t, checked, 40, "too few numbers compared: the page's tables changed shape?")
	regs := 0
	for _, c := range doc.Callouts {
		if c.Verdict == string(Regression) {
			regs++
		}
	}
	assert.Contains(t, dom, fmt.Sprintf(`id="count-regressions">%d<`, regs))
	assert.Equal(t, len(doc.Callouts), strings.Count(dom, `<tr class="regression"`)+strings.Count(dom, `<tr class="improvement"`))
}

func jsonNum(v *float64) string {
	if v == nil {
		return ""
	}
	b, _ := json.Marshal(*v)
	return string(b)
}
