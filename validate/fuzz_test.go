package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// FuzzLint: lint (every rule, every renderer) never panics and never hits
// the runner's internal-error net on arbitrary XML. Seeds are every lint
// case plus a few hostile shapes.
func FuzzLint(f *testing.F) {
	cases, _ := filepath.Glob(filepath.Join(golden.RepoRoot(), "testdata", "lint", "*", "capacity-scheduler.xml"))
	for _, c := range cases {
		if data, err := os.ReadFile(c); err == nil {
			f.Add(data, uint8(5))
		}
	}
	for _, s := range []string{
		`<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a,,a, ,.,..</value></property></configuration>`,
		`<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property><property><name>yarn.scheduler.capacity.root.a.capacity</name><value>[memory=-5,vcores=x]</value></property></configuration>`,
		`<configuration><property><name>yarn.scheduler.capacity.root.a.b.c.</name><value>${a}${b}</value></property><property><name>yarn.scheduler.capacity.queue-mappings</name><value>u:%user:root.a.%user,g::,:</value></property></configuration>`,
		`<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property><property><name>yarn.scheduler.capacity.root.a.capacity</name><value>-Infinity</value></property><property><name>yarn.scheduler.capacity.root.a.accessible-node-labels.x.capacity</name><value>NaNw</value></property></configuration>`,
	} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, vi uint8) {
		v := xmlconf.SupportedVersions[int(vi)%len(xmlconf.SupportedVersions)]
		doc, err := xmlconf.ReadBytes("capacity-scheduler.xml", data, xmlconf.ReadOptions{MaxBytes: 1 << 20})
		if err != nil {
			return
		}
		m := xmlconf.Build(xmlconf.NewConf(doc), xmlconf.BuildOptions{Version: v})
		res := Run(m, Options{Version: v, File: "capacity-scheduler.xml"})
		for _, fd := range res.Findings {
			if fd.Rule == ruleInternal.ID {
				t.Fatalf("internal error: %s", fd.Message)
			}
		}
		rep := Report{Files: []string{"capacity-scheduler.xml"}, Findings: res.Findings, Rules: res.Rules}
		for fm := FormatText; fm <= FormatJUnit; fm++ {
			var buf bytes.Buffer
			if err := Write(&buf, fm, rep, RenderOptions{Colour: true}); err != nil {
				t.Fatalf("%s: %v", fm, err)
			}
		}
	})
}
