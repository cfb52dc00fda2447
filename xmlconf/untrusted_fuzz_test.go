package xmlconf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadUntrusted: whatever an untrusted file says, no byte of a file
// outside it (here a canary next to the fuzzed input's directory) and no
// environment value ends up in a value capq reads or expands.
func FuzzReadUntrusted(f *testing.F) {
	const fileCanary, envCanary = "FILE-CANARY-5d1", "ENV-CANARY-8e2"
	root := f.TempDir()
	secret := filepath.Join(root, "secret.xml")
	inner := filepath.Join(root, "conf")
	if err := os.WriteFile(secret, []byte(conf(prop("leak", fileCanary))), 0o644); err != nil {
		f.Fatal(err)
	}
	if err := os.Mkdir(inner, 0o755); err != nil {
		f.Fatal(err)
	}
	top := filepath.Join(inner, "capacity-scheduler.xml")
	for _, s := range []string{
		`<!DOCTYPE c [<!ENTITY x SYSTEM "file://` + secret + `">]><configuration>` + prop("a", "&x;") + `</configuration>`,
		`<!DOCTYPE c [<!ENTITY x SYSTEM "../secret.xml">]><configuration>` + prop("a", "&x;") + `</configuration>`,
		`<!DOCTYPE c [<!ENTITY x PUBLIC "p" "` + secret + `">]><configuration>` + prop("a", "&x;") + `</configuration>`,
		`<configuration xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="../secret.xml"/></configuration>`,
		`<configuration xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="file://` + secret + `"/></configuration>`,
		`<configuration xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="` + secret + `"/></configuration>`,
		conf(prop("a", "${env.TOKEN}"), prop("b", "${env.TOKEN:-x}"), prop("c", "${env.TOKEN-x}${a}")),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := os.WriteFile(top, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		doc, err := ReadFile(top, ReadOptions{Untrusted: true})
		if err != nil {
			if strings.Contains(err.Error(), fileCanary) {
				t.Fatalf("error shows the secret: %v", err)
			}
			return
		}
		c := NewConf(doc)
		c.Untrusted = true
		c.Env = func(string) (string, bool) { return envCanary, true }
		for _, p := range doc.Props {
			v, _ := c.Expand(p.Value)
			if strings.Contains(p.Value, fileCanary) || strings.Contains(v, fileCanary) || strings.Contains(v, envCanary) {
				t.Fatalf("secret reached %q = %q", p.Name, v)
			}
		}
		for _, fd := range doc.Findings {
			if strings.Contains(fd.Message, fileCanary) || strings.Contains(fd.Message, envCanary) {
				t.Fatalf("secret reached a finding: %s", fd.Message)
			}
		}
	})
}
