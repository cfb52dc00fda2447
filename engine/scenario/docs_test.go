package scenario

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

// TestFormatDocCoversEveryOpAndField keeps docs/scenario-format.md (which
// the README and `capq scenario --help` point at) in step with the code:
// every op and every JSON field of a scenario and a step is documented.
func TestFormatDocCoversEveryOpAndField(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "scenario-format.md"))
	require.NoError(t, err)
	// Every identifier inside a `code span` or "quotes" of the document.
	documented := map[string]bool{}
	for _, span := range regexp.MustCompile("`[^`]*`|\"[a-z_]+\"").FindAllString(string(data), -1) {
		for _, w := range regexp.MustCompile(`[a-z_]+`).FindAllString(span, -1) {
			documented[w] = true
		}
	}
	for name := range ops {
		assert.True(t, documented[name], "op %s is not documented", name)
	}
	for _, typ := range []reflect.Type{reflect.TypeOf(Scenario{}), reflect.TypeOf(Step{}), reflect.TypeOf(Ask{}), reflect.TypeOf(RefreshExpect{})} {
		for i := 0; i < typ.NumField(); i++ {
			tag, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if tag == "" || tag == "-" {
				continue
			}
			assert.True(t, documented[tag], "%s field %q is not documented", typ.Name(), tag)
		}
	}
}
