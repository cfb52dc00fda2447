package hadoop1

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// An untrusted Hadoop 1 scenario reads its *_file configurations as lint
// and migrate read untrusted ones: no external entity, no xi:include
// outside the directory, no file outside the scenario's directory.
func TestFilesUntrusted(t *testing.T) {
	const canary = "H1-CANARY-SECRET"
	base := t.TempDir()
	dir := filepath.Join(base, "sc")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	secret := filepath.Join(base, "cs-secret.xml")
	require.NoError(t, os.WriteFile(secret, []byte(`<configuration><property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>`+canary+`</value></property></configuration>`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(base, "secret.txt"), []byte(canary), 0o644))
	write := func(name, content string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	write("entity.xml", `<?xml version="1.0"?>
<!DOCTYPE configuration [<!ENTITY x SYSTEM "file://`+filepath.Join(base, "secret.txt")+`">]>
<configuration><property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>&x;</value></property></configuration>`)
	write("include.xml", `<configuration xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="`+secret+`"/></configuration>`)
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "link.xml")))
	cases := []struct {
		name, field, file string
		wantErr           string
	}{
		{"external entity", "capacity_scheduler_file", "entity.xml", ""},
		{"include outside", "capacity_scheduler_file", "include.xml", ""},
		{"absolute", "mapred_site_file", secret, `mapred_site_file "` + secret + `" is absolute`},
		{"parent", "capacity_scheduler_file", "../cs-secret.xml", `capacity_scheduler_file "../cs-secret.xml" leads outside`},
		{"a link outside", "queue_acls_file", "link.xml", `queue_acls_file "link.xml" leads outside`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, "h.json")
			data := fmt.Sprintf(`{"id": "h", "engine": "hadoop1", "cluster": {"trackers": [{"name": "tt1", "map_slots": 2, "reduce_slots": 1}]},
 "mapred_site": {"mapred.queue.names": "default"}, %q: %q, "steps": [{"op": "heartbeat", "tracker": "tt1"}]}`, c.field, c.file)
			f, err := ParseWith(path, []byte(data), xmlconf.ReadOptions{Untrusted: true})
			if c.wantErr != "" {
				assert.ErrorIs(t, err, safeio.ErrOutside)
				assert.ErrorContains(t, err, c.wantErr)
				return
			}
			require.NoError(t, err)
			out := Run(f, Options{})
			assert.NotContains(t, string(RenderText(f, out)), canary)
			// What was refused is said, not only left out.
			found := false
			for _, w := range out.Warnings {
				found = found || (strings.HasPrefix(w, "capacity_scheduler_file: ") && strings.Contains(w, "XML008"))
			}
			assert.True(t, found, "%q", out.Warnings)

			// Trusted, the same file is read as Hadoop reads it.
			f, err = Parse(path, []byte(data))
			require.NoError(t, err)
			assert.Contains(t, string(RenderText(f, Run(f, Options{}))), canary)
		})
	}
}
