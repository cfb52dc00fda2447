package xmlconf

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Cases follow java.lang.Float.parseFloat, which Hadoop's
// Configuration.getFloat and CapacitySchedulerConfiguration use.
func TestParseJavaFloat(t *testing.T) {
	ok := map[string]float32{
		"50": 50, " 50 ": 50, "50f": 50, "50F": 50, "50d": 50, "1e2": 100, "1E+2": 100,
		"12.5": 12.5, ".5": 0.5, "5.": 5, "-1": -1, "+3": 3, "0x1p6": 64, "0X1.8P1": 3,
		"\t33.3\n": 33.3, "Infinity": float32(math.Inf(1)), "-Infinity": float32(math.Inf(-1)),
	}
	for in, want := range ok {
		got, err := ParseJavaFloat(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	got, err := ParseJavaFloat("NaN")
	require.NoError(t, err)
	assert.True(t, math.IsNaN(float64(got)))

	for _, bad := range []string{"", " ", "50%", "inf", "nan", "infinity", "1_0", "0x10", "1e", "e5", ".", "2w", "[memory=1]", "1,5", "50ff", "0x"} {
		_, err := ParseJavaFloat(bad)
		assert.Error(t, err, "%q must not parse", bad)
	}
	_, err = ParseJavaFloat("50%")
	assert.EqualError(t, err, `For input string: "50%"`)
	_, err = ParseJavaFloat("  ")
	assert.EqualError(t, err, "empty String")
}

func TestHadoopGetInt(t *testing.T) {
	ok := map[string]int32{"10": 10, " 10 ": 10, "-1": -1, "0x10": 16, "-0x10": -16, "+5": 5}
	for in, want := range ok {
		got, err := HadoopGetInt(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"10.5", "1e2", "", "2147483648", "ten", "0x", "1_000"} {
		_, err := HadoopGetInt(bad)
		assert.Error(t, err, "%q must not parse", bad)
	}
}

func TestParseJavaIntDoesNotTrim(t *testing.T) {
	_, err := ParseJavaInt(" 5")
	assert.Error(t, err, "Integer.parseInt does not trim")
}

// Integer.parseInt("") and Long.parseLong("") throw
// NumberFormatException.forInputString(""), not FloatingDecimal's
// "empty String"; getInt on a blank value reaches the same (getTrimmed).
func TestJavaIntegerEmptyMessage(t *testing.T) {
	_, err := ParseJavaInt("")
	assert.EqualError(t, err, `For input string: ""`)
	_, err = ParseJavaLong("")
	assert.EqualError(t, err, `For input string: ""`)
	_, err = HadoopGetInt("  ")
	assert.EqualError(t, err, `For input string: ""`)
	_, err = HadoopGetInt("0x")
	assert.EqualError(t, err, `For input string: ""`)
}

func TestHadoopGetBool(t *testing.T) {
	for in, want := range map[string]bool{"true": true, "TRUE": true, " True ": true, "false": false, "FaLsE": false} {
		got, ok := HadoopGetBool(in, !want)
		assert.True(t, ok, in)
		assert.Equal(t, want, got, in)
	}
	got, ok := HadoopGetBool("yes", true)
	assert.False(t, ok)
	assert.True(t, got, "an unreadable boolean falls back to the default")
}

func TestFormatJavaFloat(t *testing.T) {
	for in, want := range map[float32]string{50: "50.0", 0.99: "0.99", 1: "1.0", 0.0001: "1.0E-4", -1: "-1.0", 1e8: "1.0E8", 99.9: "99.9"} {
		assert.Equal(t, want, FormatJavaFloat(in))
	}
}
