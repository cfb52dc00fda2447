package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSARIFGitSourcePath: git:REV:PATH findings point at PATH.
func TestSARIFGitSourcePath(t *testing.T) {
	assert.Equal(t, "conf/capacity-scheduler.xml", underRoot("git:origin/main:conf/capacity-scheduler.xml", "/repo"))
	assert.Equal(t, "conf/capacity-scheduler.xml", underRoot("git:HEAD:./conf/capacity-scheduler.xml", "/repo"))
	assert.Equal(t, "<stdin>", underRoot("<stdin>", "/repo"))
}
