package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDetect follows hadoop1-scenario-format.md: "engine": "hadoop1" or
// any Hadoop 1 input key makes a Hadoop 1 scenario.
func TestDetect(t *testing.T) {
	cases := []struct {
		name, data string
		want       Kind
		err        string
	}{
		{"yarn", `{"id":"x","config":{},"steps":[]}`, KindYARN, ""},
		{"explicit yarn", `{"engine":"yarn"}`, KindYARN, ""},
		{"engine hadoop1", `{"engine":"hadoop1"}`, KindHadoop1, ""},
		{"mapred_site", `{"mapred_site":{"mapred.queue.names":"default"}}`, KindHadoop1, ""},
		{"capacity_scheduler", `{"capacity_scheduler":{}}`, KindHadoop1, ""},
		{"trackers", `{"cluster":{"trackers":[]}}`, KindHadoop1, ""},
		{"yarn nodes", `{"cluster":{"nodes":[]}}`, KindYARN, ""},
		{"not json", `{not json`, KindYARN, ""},
		{"unknown engine", `{"engine":"fair"}`, KindYARN, `engine "fair"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Detect([]byte(tc.data))
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// A Hadoop 1 scenario is refused with a message naming its kind rather
// than run as an empty YARN scenario.
func TestParseRefusesHadoop1Scenario(t *testing.T) {
	_, err := Parse("h1.json", []byte(`{"engine":"hadoop1","steps":[]}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "h1.json: a Hadoop 1 scenario")
}
