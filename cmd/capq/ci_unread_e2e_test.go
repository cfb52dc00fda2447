package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestCIFormatsReportUnreadableInputs: a pull request that breaks a
// configuration's XML still gets a report in every machine format, with
// exit 2. Before, stdout was empty: no annotation on the broken line,
// an empty SARIF file that the upload step rejected as invalid JSON, and
// an empty JUnit file that read as "no tests".
func TestCIFormatsReportUnreadableInputs(t *testing.T) {
	broken := "testdata/hostile/malformed-xml/capacity-scheduler.xml"
	t.Run("github", func(t *testing.T) {
		r := runBinary(t, "", "lint", "--format", "github", broken, "testdata/no-such-file.xml")
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		assert.Contains(t, r.stdout, "::error file="+broken+",line=5,col=1,title=capq could not read this file::malformed XML")
		assert.Contains(t, r.stdout, "::error file=testdata/no-such-file.xml,title=capq could not read this file::no such file")
		assert.Contains(t, r.stderr, "malformed XML", "stderr still says why")
	})
	t.Run("sarif", func(t *testing.T) {
		r := runBinary(t, "", "lint", "--format", "sarif", broken, "testdata/seeds-example")
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(r.stdout)))
		require.NoError(t, err, r.stdout)
		require.NoError(t, compileSARIFSchema(t).Validate(doc))
		var log struct {
			Runs []struct {
				Invocations []struct {
					ExecutionSuccessful bool `json:"executionSuccessful"`
					Notifications       []struct {
						Locations []struct {
							PhysicalLocation struct {
								ArtifactLocation struct{ URI string }    `json:"artifactLocation"`
								Region           struct{ StartLine int } `json:"region"`
							} `json:"physicalLocation"`
						} `json:"locations"`
					} `json:"toolExecutionNotifications"`
				} `json:"invocations"`
			} `json:"runs"`
		}
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &log))
		require.Len(t, log.Runs[0].Invocations, 1)
		inv := log.Runs[0].Invocations[0]
		assert.False(t, inv.ExecutionSuccessful)
		require.Len(t, inv.Notifications, 1)
		loc := inv.Notifications[0].Locations[0].PhysicalLocation
		assert.Equal(t, broken, loc.ArtifactLocation.URI)
		assert.Equal(t, 5, loc.Region.StartLine)
	})
	t.Run("junit", func(t *testing.T) {
		r := runBinary(t, "", "lint", "--format", "junit", broken)
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		assert.Contains(t, r.stdout, `errors="1"`)
		assert.Contains(t, r.stdout, `<error message="malformed XML`)
		xmllint, err := exec.LookPath("xmllint")
		if err != nil {
			t.Skip("xmllint not installed")
		}
		file := filepath.Join(t.TempDir(), "junit.xml")
		require.NoError(t, os.WriteFile(file, []byte(r.stdout), 0o644))
		out, err := exec.Command(xmllint, "--noout", "--schema", filepath.Join(golden.RepoRoot(), "testdata/schemas/junit-10.xsd"), file).CombinedOutput()
		require.NoError(t, err, "%s\n%s", out, r.stdout)
	})
	t.Run("json", func(t *testing.T) {
		r := runBinary(t, "", "lint", "--format", "json", broken)
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		var doc map[string]any
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), "stdout is a JSON document: %q", r.stdout)
	})
	t.Run("diff github", func(t *testing.T) {
		r := runBinary(t, "", "diff", "--format", "github", "testdata/seeds-example/capacity-scheduler.xml", broken)
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		assert.Contains(t, r.stdout, "::error file="+broken+",line=5,col=1,title=capq could not read this file::malformed XML")
	})
	t.Run("diff sarif", func(t *testing.T) {
		r := runBinary(t, "", "diff", "--format", "sarif", "testdata/seeds-example/capacity-scheduler.xml", broken)
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(r.stdout)))
		require.NoError(t, err, r.stdout)
		require.NoError(t, compileSARIFSchema(t).Validate(doc))
		assert.Contains(t, r.stdout, `"executionSuccessful": false`)
	})
	t.Run("text prints nothing on stdout", func(t *testing.T) {
		r := runBinary(t, "", "lint", broken)
		assert.Equal(t, exitCannotRun, r.code)
		assert.Empty(t, r.stdout)
	})
}
