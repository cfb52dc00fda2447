package migrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDropReasonNamesItsOwnQueue: mapred-queues.xml keys are short
// ("capacity", " maximum-capacity") and repeat from queue to queue, so the
// reason a dropped entry gives must be the finding about that entry, not
// the first finding about a key of the same name (0.21
// QueueConfigurationParser.populateProperties reads each queue's
// <properties> on their own).
func TestDropReasonNamesItsOwnQueue(t *testing.T) {
	res := migrateCase(t, "16-blog-hierarchical-0.21", Options{})
	for _, c := range []struct {
		line  int
		key   string
		queue string
	}{
		{15, " maximum-capacity", "Org1:production"},
		{19, "user-limit", "Org1:production"},
		{26, " maximum-capacity", "Org1:miscellaneous"},
		{27, "user-limit", "Org1:miscellaneous"},
	} {
		var got *PropertyReport
		for i, p := range res.Report.Properties {
			if p.File == "mapred-queues.xml" && p.Line == c.line {
				got = &res.Report.Properties[i]
			}
		}
		require.NotNil(t, got, "no report for mapred-queues.xml:%d", c.line)
		assert.Equal(t, c.key, got.Key)
		assert.Equal(t, Dropped, got.Status)
		assert.Contains(t, got.Reason, `"`+c.queue+`"`, "line %d", c.line)
	}
}
