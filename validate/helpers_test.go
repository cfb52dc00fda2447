package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// loadDir loads testdata-style case dir: capacity-scheduler.xml and, when
// present, yarn-site.xml, with file names relative to the repository root
// so output is the same on every machine.
func loadDir(t testing.TB, dir string, v xmlconf.Version) *xmlconf.Model {
	t.Helper()
	return loadDirWith(t, dir, v, false)
}

// loadDirWith is loadDir, reading the files as untrusted input if asked.
func loadDirWith(t testing.TB, dir string, v xmlconf.Version, untrusted bool) *xmlconf.Model {
	t.Helper()
	root := golden.RepoRoot()
	rel, err := filepath.Rel(root, dir)
	if err != nil {
		rel = dir
	}
	opts := xmlconf.LoadOptions{Build: xmlconf.BuildOptions{Version: v}, Read: xmlconf.ReadOptions{Untrusted: untrusted}}
	if _, err := os.Stat(filepath.Join(dir, "yarn-site.xml")); err == nil {
		opts.YarnSite = []xmlconf.Source{readSrc(t, root, filepath.Join(rel, "yarn-site.xml"))}
	}
	opts.CapacityScheduler = []xmlconf.Source{readSrc(t, root, filepath.Join(rel, "capacity-scheduler.xml"))}
	l, err := xmlconf.Load(opts)
	if err != nil {
		t.Fatalf("load %s: %v", dir, err)
	}
	return l.Model
}

func readSrc(t testing.TB, root, rel string) xmlconf.Source {
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return xmlconf.Source{Name: filepath.ToSlash(rel), Data: data}
}

// lintXML lints an in-memory capacity-scheduler.xml.
func lintXML(t testing.TB, xml string, v xmlconf.Version) []xmlconf.Finding {
	t.Helper()
	l, err := xmlconf.Load(xmlconf.LoadOptions{
		CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: []byte(xml)}},
		Build:             xmlconf.BuildOptions{Version: v},
	})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return Lint(l.Model, Options{Version: v, File: "capacity-scheduler.xml"})
}
