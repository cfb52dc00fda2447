package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNativeScalarTypeErrorNamesKey: a top-level scalar of the wrong type
// is named by its key, where the error said "value must be int64", and
// a type error is placed on its value's line (encoding/json counts its
// offset from the value's start: every one was placed near line 1).
func TestNativeScalarTypeErrorNamesKey(t *testing.T) {
	for in, want := range map[string]string{
		"{\"format\": \"capq-workload/v1\",\n\"am_heartbeat_ms\": 1e30}":  "w.json:2: am_heartbeat_ms must be int64, not a JSON number 1e30",
		"{\"format\": \"capq-workload/v1\",\n\"nm_heartbeat_ms\": \"5\"}": "w.json:2: nm_heartbeat_ms must be int64, not a JSON string",
		"{\"format\": \"capq-workload/v1\",\n\"name\": 5}":                "w.json:2: name must be a string, not a JSON number",
	} {
		_, err := ReadNative("w.json", []byte(in))
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want)
	}
}
