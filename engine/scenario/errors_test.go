package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A broken scenario file names the line and column of the problem.
func TestParseScenarioErrorsNameThePlace(t *testing.T) {
	cases := []struct {
		name, data, want string
	}{
		{"truncated", "{\n \"steps\": [\n", "s.json:3:1: unexpected EOF"},
		{"syntax", "{\n \"steps\": [\n  {\"op\" \"x\"}\n ]\n}\n", `s.json:3:10: invalid character '"' after object key`},
		{"wrong type", "{\n \"steps\": [\n  {\"op\": \"submit_app\", \"app\": 5}\n ]\n}\n", "s.json:3:32: json: cannot unmarshal number"},
		// A misspelled key used to be dropped: the expect step below then
		// checked nothing and the scenario passed.
		{"unknown expect section", "{\n \"steps\": [\n  {\"op\": \"expect\", \"queus\": {\"root.a\": {\"used_capacity\": 9}}}\n ]\n}\n", `json: unknown field "queus"`},
		{"unknown top-level key", "{\"configs\": {}}", `json: unknown field "configs"`},
		// ApplicationSubmissionContextPBImpl.checkTags: the client refuses
		// the app before it is submitted.
		{"a tag Hadoop's client refuses", "{\n \"steps\": [\n  {\"op\": \"submit_app\", \"app\": \"a\", \"tags\": [\"workflowid:\u00e9t\u00e9\"]}\n ]\n}\n",
			`step 0 (submit_app): tags: A tag can only have ASCII characters! Invalid tag - "workflowid:été"`},
		{"repeat on finish_app", "{\n \"steps\": [\n  {\"op\": \"finish_app\", \"app\": \"a\", \"repeat\": 3}\n ]\n}\n", "step 0: repeat applies only to assign_once, heartbeat and async_schedule, not finish_app"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("s.json", []byte(tc.data))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
