package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// The CI formats are checked against the schemas their consumers use,
// vendored under testdata/schemas (see its README for sources and
// licences): JUnit against Jenkins' junit-10.xsd with xmllint, SARIF
// against the SARIF 2.1.0 JSON schema with a Go JSON-schema validator.

// schemaInputs are lint runs that cover the shapes the renderers produce:
// clean, failing, several files, findings in a yarn-site.xml, Hadoop 1.
var schemaInputs = map[string][]string{
	"formats-sample": {sample},
	"clean":          {"testdata/seeds-example"},
	"two-files":      {sample, "testdata/lint/cs051-min-over-max-allocation"},
	"hadoop1":        {"testdata/hadoop1/01-flat-basic"},
	"hostile-names":  {"testdata/hostile/names-escapes"},
}

// TestJUnitValidatesAgainstJenkinsXSD: every JUnit report is valid
// against junit-10.xsd (xmllint, installed by .ci/run), carries errors on
// every suite and names classes by directory and file.
func TestJUnitValidatesAgainstJenkinsXSD(t *testing.T) {
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("xmllint is not installed; .ci/run installs libxml2-utils")
		}
		t.Skip("xmllint not installed (apt-get install libxml2-utils)")
	}
	xsd := filepath.Join(golden.RepoRoot(), "testdata/schemas/junit-10.xsd")
	for name, args := range schemaInputs {
		t.Run(name, func(t *testing.T) {
			r := runBinary(t, "", append([]string{"lint", "--format", "junit", "--fail-on", "warning"}, args...)...)
			require.Contains(t, []int{0, 1}, r.code, r.stderr)
			file := filepath.Join(t.TempDir(), "junit.xml")
			require.NoError(t, os.WriteFile(file, []byte(r.stdout), 0o644))
			out, err := exec.Command(xmllint, "--noout", "--schema", xsd, file).CombinedOutput()
			require.NoError(t, err, "%s\n%s", out, r.stdout)

			var doc struct {
				Suites []struct {
					Errors *int `xml:"errors,attr"`
					Cases  []struct {
						Classname string `xml:"classname,attr"`
						Failure   *struct {
							Message string `xml:"message,attr"`
						} `xml:"failure"`
					} `xml:"testcase"`
				} `xml:"testsuite"`
			}
			require.NoError(t, xml.Unmarshal([]byte(r.stdout), &doc))
			for _, s := range doc.Suites {
				assert.NotNil(t, s.Errors, "every testsuite has errors")
				for _, c := range s.Cases {
					assert.NotContains(t, c.Classname, "/", "classname is dotted, not a path")
					assert.NotRegexp(t, `\.xml$`, c.Classname, "Jenkins would call the class \"xml\"")
					if c.Failure != nil {
						assert.NotRegexp(t, `^\d+ findings?$`, c.Failure.Message, "the message says what failed")
					}
				}
			}
		})
	}
}

// TestSARIFValidatesAgainstSchema: lint and diff SARIF logs are valid
// SARIF 2.1.0, formats (uri-reference) included.
func TestSARIFValidatesAgainstSchema(t *testing.T) {
	schema := compileSARIFSchema(t)
	runs := map[string][]string{}
	for name, args := range schemaInputs {
		runs["lint "+name] = append([]string{"lint", "--format", "sarif"}, args...)
	}
	runs["diff"] = []string{"diff", "--format", "sarif", "testdata/diff/seeds-new-team/old.xml", "testdata/diff/seeds-new-team/new.xml"}
	// A file outside the repository keeps its absolute path, as a file:// URI.
	outside := filepath.Join(t.TempDir(), "capacity-scheduler.xml")
	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), sample, "capacity-scheduler.xml"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(outside, data, 0o644))
	runs["lint outside the repository"] = []string{"lint", "--format", "sarif", outside}
	for name, args := range runs {
		t.Run(name, func(t *testing.T) {
			r := runBinary(t, "", args...)
			require.Contains(t, []int{0, 1}, r.code, r.stderr)
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(r.stdout)))
			require.NoError(t, err)
			assert.NoError(t, schema.Validate(doc), r.stdout)
			if name == "lint outside the repository" {
				assert.Contains(t, r.stdout, `"uri": "file://`+filepath.ToSlash(outside)+`"`)
			}
		})
	}
}

// TestSARIFSchemaRejectsBadLogs keeps the validator honest: a log that
// breaks the schema must fail, or the test above proves nothing.
func TestSARIFSchemaRejectsBadLogs(t *testing.T) {
	schema := compileSARIFSchema(t)
	for name, log := range map[string]string{
		"wrong version": `{"version":"2.0.0","runs":[]}`,
		"no driver":     `{"version":"2.1.0","runs":[{"tool":{}}]}`,
		"bad level":     `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"capq"}},"results":[{"message":{"text":"x"},"level":"fatal"}]}]}`,
	} {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(log)))
		require.NoError(t, err)
		assert.Error(t, schema.Validate(doc), name)
	}
}

func compileSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	path := filepath.Join(golden.RepoRoot(), "testdata/schemas/sarif-2.1.0-rtm.5.json")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var raw any
	require.NoError(t, json.Unmarshal(data, &raw))
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	require.NoError(t, c.AddResource("sarif.json", raw))
	schema, err := c.Compile("sarif.json")
	require.NoError(t, err)
	return schema
}
