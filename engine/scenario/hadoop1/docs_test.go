package hadoop1

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// internalTags are Step fields an expect step fills from its "jobs",
// "trackers" and "cluster" keys (decodeExpectStep), never read by name.
var internalTags = map[string]bool{"jobs_state": true, "trackers_state": true, "cluster_state": true}

// TestFormatDocCoversEveryField keeps docs/hadoop1-scenario-format.md
// (which the README and `capq scenario --help` point at) in step with the
// input types: every JSON field a scenario file may hold is documented.
func TestFormatDocCoversEveryField(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "hadoop1-scenario-format.md"))
	require.NoError(t, err)
	documented := map[string]bool{}
	for _, span := range regexp.MustCompile("`[^`]*`|\"[a-z_]+\"|[a-z_]+:").FindAllString(string(data), -1) {
		for _, w := range regexp.MustCompile(`[a-z_]+`).FindAllString(span, -1) {
			documented[w] = true
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeOf(File{}), reflect.TypeOf(Cluster{}), reflect.TypeOf(Tracker{}),
		reflect.TypeOf(TrackerGroup{}), reflect.TypeOf(StartupExpect{}), reflect.TypeOf(Step{})} {
		for i := 0; i < typ.NumField(); i++ {
			tag, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if tag == "" || tag == "-" || internalTags[tag] {
				continue
			}
			assert.True(t, documented[tag], "%s field %q is not documented", typ.Name(), tag)
		}
	}
}
