package xmlconf

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func envOf(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := m[k]
		return v, ok
	}
}

func TestExpandVariableSubstitution(t *testing.T) {
	// TestConfiguration#testVariableSubstitution; user.name is a JVM system
	// property there, which capq does not model, so it is a key here.
	c := FromMap(map[string]string{
		"my.int": "${intvar}", "intvar": "42", "user.name": "hadoop_user",
		"my.base": "/tmp/${user.name}", "my.file": "${env.FILE_NAME}", "my.suffix": ".txt",
		"my.relfile": "${my.file}${my.suffix}", "my.fullfile": "${my.base}/${my.file}${my.suffix}",
		"my.failsexpand": "a${my.undefvar}b", "my.user.group": "${user.name} ${user.name}",
	}, "t")
	c.Env = envOf(map[string]string{"FILE_NAME": "hello"})
	for key, want := range map[string]string{
		"my.int": "42", "my.base": "/tmp/hadoop_user", "my.file": "hello", "my.relfile": "hello.txt",
		"my.fullfile": "/tmp/hadoop_user/hello.txt", "my.failsexpand": "a${my.undefvar}b",
		"my.user.group": "hadoop_user hadoop_user",
	} {
		got, ok, err := c.Get(key)
		require.NoError(t, err, key)
		assert.True(t, ok, key)
		assert.Equal(t, want, got, key)
	}
	v, err := HadoopGetInt(c.GetOr("my.int", ""))
	require.NoError(t, err)
	assert.Equal(t, int32(42), v, "expansion also occurs for getInt")
}

func TestExpandEnvDefault(t *testing.T) {
	// TestConfiguration#testEnvDefault
	c := NewConf()
	c.Env = envOf(map[string]string{"EMPTY_VALUE": "", "SOME_VALUE": "some value"})
	for expr, want := range map[string]string{
		"${env.NULL_VALUE}":       "${env.NULL_VALUE}",
		"${env.NULL_VALUE-a}":     "a",
		"${env.NULL_VALUE:-b}":    "b",
		"${env.EMPTY_VALUE}":      "",
		"${env.EMPTY_VALUE-c}":    "",
		"${env.EMPTY_VALUE:-d}":   "d",
		"${env.SOME_VALUE}":       "some value",
		"${env.SOME_VALUE-e}":     "some value",
		"${env.SOME_VALUE:-f}":    "some value",
		"${env.NULL_VALUE-g-h}":   "g-h",
		"${env.NULL_VALUE:-i:-j}": "i:-j",
		"${env.NULL_VALUE-}":      "",
		"${env.NULL_VALUE:-}":     "",
		"${env.NULL_VALUE:}":      "${env.NULL_VALUE:}",
	} {
		got, err := c.Expand(expr)
		require.NoError(t, err, expr)
		assert.Equal(t, want, got, expr)
	}
}

func TestExpandNilEnvMissesEverything(t *testing.T) {
	c := NewConf()
	got, err := c.Expand("${env.HOME}/x")
	require.NoError(t, err)
	assert.Equal(t, "${env.HOME}/x", got)
	got, _ = c.Expand("${env.HOME:-/home}/x")
	assert.Equal(t, "/home/x", got)
}

func TestExpandEnvFallsBackToKey(t *testing.T) {
	c := FromMap(map[string]string{"env.X": "from-key"}, "t")
	got, err := c.Expand("${env.X}")
	require.NoError(t, err)
	assert.Equal(t, "from-key", got, "an unset env var is looked up as a key")
}

func TestExpandInvalidSubstitution(t *testing.T) {
	// TestConfiguration#testInvalidSubstitution: a self-reference returns
	// the original expression.
	key := "test.random.key"
	for _, expr := range []string{"${" + key + "}", "foo${" + key + "}", "foo${" + key + "}bar", "${" + key + "}bar"} {
		c := FromMap(map[string]string{key: expr}, "t")
		got, _, err := c.Get(key)
		require.NoError(t, err)
		assert.Equal(t, expr, got)
	}
}

func TestExpandIncompleteSubbing(t *testing.T) {
	// TestConfiguration#testIncompleteSubbing
	key := "test.random.key"
	for _, expr := range []string{"{}", "${}", "{" + key, "${" + key, "foo${" + key, "foo${" + key + "bar", "foo{" + key + "}bar", "${" + key + "bar"} {
		c := FromMap(map[string]string{key: expr}, "t")
		got, _, err := c.Get(key)
		require.NoError(t, err)
		assert.Equal(t, expr, got)
	}
}

func TestExpandFirstUnresolvedStops(t *testing.T) {
	c := FromMap(map[string]string{"a": "A"}, "t")
	got, err := c.Expand("${missing}${a}")
	require.NoError(t, err)
	assert.Equal(t, "${missing}${a}", got, "Hadoop returns at the first unbound variable")
	got, _ = c.Expand("${a}${missing}${a}")
	assert.Equal(t, "A${missing}${a}", got)
}

func TestExpandPatternBounds(t *testing.T) {
	c := FromMap(map[string]string{"b": "B", "a b": "no", "x{y": "XY"}, "t")
	for expr, want := range map[string]string{
		"${a b}${b}": "${a b}B", // a space ends the name: the scan resumes after it
		"${a${b}":    "${aB",
		"$${b}":      "$B",
		"${x{y}":     "XY",
		"${}${b}":    "${}B",
	} {
		got, err := c.Expand(expr)
		require.NoError(t, err, expr)
		assert.Equal(t, want, got, expr)
	}
}

func TestExpandDepthLimit(t *testing.T) {
	c := FromMap(map[string]string{"a": "${b}", "b": "${a}"}, "t")
	_, ok, err := c.Get("a")
	assert.True(t, ok)
	require.EqualError(t, err, "Variable substitution depth too large: 20 ${b}")
	assert.Equal(t, "${b}", c.GetOr("a", "def"), "GetOr falls back to the raw value")

	// Twenty substitutions fail even when the result is complete: Hadoop
	// only looks for the next variable at the top of each of its 20 rounds.
	m := map[string]string{}
	for i := 0; i < 20; i++ {
		m["k"+string(rune('a'+i))] = "${k" + string(rune('a'+i+1)) + "}"
	}
	m["k"+string(rune('a'+20))] = "end"
	c = FromMap(m, "t")
	_, err = c.Expand("${kb}")
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "Variable substitution depth too large: 20 "))
	got, err := c.Expand("${kc}")
	require.NoError(t, err)
	assert.Equal(t, "end", got, "19 substitutions are fine")
}

func TestHasVariable(t *testing.T) {
	assert.True(t, HasVariable("x${a}"))
	assert.False(t, HasVariable("x${}"))
	assert.False(t, HasVariable("x${a b}"))
	assert.False(t, HasVariable("$a"))
}
