package xmlconf

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVectorManyResourcesLinear: a capacity vector of 200,000 distinct
// resources (a 2 MB value, well under --max-file-size) is read in time.
// QueueCapacityVector.setResource is a map put; capq looked each entry up
// in a slice, so lint and diff took minutes on such a file (hostile input
// must not hang). Later entries of one resource still replace earlier
// ones in place.
func TestVectorManyResourcesLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("[memory=1,")
	for i := 0; i < 200_000; i++ {
		fmt.Fprintf(&b, "r%d=1,", i)
	}
	b.WriteString("memory-mb=1024,vcores=1]")
	start := time.Now()
	c := parseVectorCapacity(Capacity{Raw: b.String()})
	canon, ok := CanonicalVector(b.String())
	elapsed := time.Since(start)
	require.Equal(t, ModeVector, c.Mode)
	require.Len(t, c.Vector, 200_002)
	assert.Equal(t, VectorEntry{Resource: "memory-mb", Mode: ModeAbsolute, Value: 1024}, c.Vector[0], "memory-mb replaces memory in place (setResource)")
	assert.True(t, ok)
	assert.True(t, strings.HasPrefix(canon, "[memory-mb=1024,r0=1,"), canon[:40])
	assert.Less(t, elapsed, 5*time.Second, "quadratic in the number of resources")
}
