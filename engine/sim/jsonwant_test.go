package sim

import (
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
)

// A type error names what JSON was wanted, not a Go type: an SLS
// topology given as an array said "value must be map[string]interface {}".
func TestTypeErrorNamesJSONKinds(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{`[{"rack":"r"}]`, "t.json:1: value must be a JSON object, not a JSON array"},
		{`{"format":"capq-workload/v1","apps":[{"id":"a","tags":"x"}]}`, "must be a JSON array, not a JSON string"},
	} {
		var err error
		if c.data[0] == '[' {
			_, err = ReadSLSNodes("t.json", []byte(c.data), xmlconf.DefaultSLSSettings())
		} else {
			_, err = ReadNative("t.json", []byte(c.data))
		}
		if assert.Error(t, err, c.data) {
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "interface")
		}
	}
}
