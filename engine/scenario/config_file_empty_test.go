package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A config_file's attribute-form empty value (value="") is a value, as
// Hadoop's Configuration keeps it: root's submit ACL "" admits nobody
// (TestCapacitySchedulerConfiguration#testSpecifiedEmptySubmitACLForRoot),
// where an empty entry of the inline config, like an empty <value>
// element, sets nothing and leaves root at its default "*". A refresh
// step that sets the key to "" or unsets it drops the empty value; one
// that changes other keys keeps it.
func TestConfigFileEmptyValue(t *testing.T) {
	dir := t.TempDir()
	cs := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>test</value></property>
<property><name>yarn.scheduler.capacity.root.test.capacity</name><value>100</value></property>
<property name="yarn.scheduler.capacity.root.acl_administer_queue" value=" "/>
<property name="yarn.scheduler.capacity.root.acl_submit_applications" value=""/>
</configuration>`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cs.xml"), []byte(cs), 0o644))
	const acl = "yarn.scheduler.capacity.root.acl_submit_applications"
	submit := `{"op": "submit_app", "app": "%s", "queue": "root.test", "user": "user1", "am_memory_mb": 1024, "am_vcores": 1}`
	cases := []struct {
		name, inline, refresh string
		accepted              bool // the submission after the refresh
	}{
		{"file's empty value admits nobody", ``, ``, false},
		{"kept through an unrelated refresh", ``, `{"op": "refresh", "set": {"yarn.scheduler.capacity.root.test.maximum-capacity": "100"}}`, false},
		{"a refresh setting it to \"\" unsets it", ``, `{"op": "refresh", "set": {"` + acl + `": ""}}`, true},
		{"a refresh unsetting it", ``, `{"op": "refresh", "unset": ["` + acl + `"]}`, true},
		{"the inline config's \"\" wins and sets nothing", `"config": {"` + acl + `": ""},`, ``, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			steps := `[` + fmt.Sprintf(submit, "app_0")
			if c.refresh != "" {
				steps += `, ` + c.refresh
			}
			steps += `, ` + fmt.Sprintf(submit, "app_1") + `]`
			doc := `{"id": "x", "yarn_site": {"yarn.acl.enable": "true"}, ` + c.inline +
				`"cluster": {"nodes": [{"id": "h1", "host": "h1", "rack": "/r", "memory_mb": 8192, "vcores": 8}]},` +
				`"config_file": "cs.xml", "steps": ` + steps + `}`
			path := filepath.Join(dir, "s.json")
			require.NoError(t, os.WriteFile(path, []byte(doc), 0o644))
			sc, err := Load(path)
			require.NoError(t, err)
			out := Run(sc, Options{})
			require.True(t, out.Startup.Accepted, "%v", out.Startup.Errors)
			first, last := out.Steps[0], out.Steps[len(out.Steps)-1]
			assert.Equal(t, c.inline != "", *first.Accepted, "before the refresh")
			assert.Equal(t, c.accepted || c.inline != "", *last.Accepted, "after the refresh")
			if c.refresh != "" {
				assert.True(t, *out.Steps[1].Accepted, "the refresh: %v", out.Steps[1].Errors)
			}
		})
	}
}
