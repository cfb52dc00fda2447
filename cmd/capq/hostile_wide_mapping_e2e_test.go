package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileWideMappingRules: a mapping-rule-json-file saved as UTF-16
// or UTF-32, either byte order, with or without a byte-order mark, is
// read as Hadoop reads it: MappingRuleCreator.getMappingRulesFromJsonFile
// gives Jackson the file's bytes, and ByteSourceJsonBootstrapper detects
// the encoding from the first four bytes. Its rules are checked (rule #2
// of testdata/mapping-json-file places under a leaf: CS075). Before, capq
// warned that it could not read the file and ran with no rules. Bytes
// Jackson refuses (a UCS-4 byte order it does not support, a code point
// past U+10FFFF) stay an error, CS074, as Hadoop refuses them.
func TestHostileWideMappingRules(t *testing.T) {
	rules := readString(t, repoFile("testdata", "mapping-json-file", "rules.json"))
	cs := readString(t, repoFile("testdata", "mapping-json-file", "capacity-scheduler.xml"))
	// lintRules lints cs beside a rules.json of data: findings, exit 1.
	lintRules := func(t *testing.T, data []byte) result {
		dir := t.TempDir()
		writeFile(t, dir, "capacity-scheduler.xml", cs)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "rules.json"), data, 0o644))
		r := hostileRun(t, dir, nil, "", "lint", "capacity-scheduler.xml")
		assert.Equal(t, exitFindings, r.code, r.stdout+r.stderr)
		return r
	}
	wide := func(enc string, bom bool) []byte {
		var order binary.AppendByteOrder = binary.BigEndian
		if enc[len(enc)-2:] == "LE" {
			order = binary.LittleEndian
		}
		rs := []rune(rules)
		if bom {
			rs = append([]rune{0xFEFF}, rs...)
		}
		var out []byte
		if enc[:6] == "UTF-16" {
			for _, u := range utf16.Encode(rs) {
				out = order.AppendUint16(out, u)
			}
			return out
		}
		for _, r := range rs {
			out = order.AppendUint32(out, uint32(r))
		}
		return out
	}
	type file struct {
		name string
		data []byte
	}
	var cases []file
	for _, enc := range []string{"UTF-16BE", "UTF-16LE", "UTF-32BE", "UTF-32LE"} {
		cases = append(cases, file{enc, wide(enc, false)}, file{enc + " with BOM", wide(enc, true)})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := lintRules(t, c.data)
			assert.Contains(t, r.stdout, "error CS075: rule #2: Queue path 'root.default.%user' is invalid because 'root.default' is a leaf queue")
			assert.NotContains(t, r.stdout+r.stderr, "cannot read mapping rule file")
			assert.NotContains(t, r.stdout, "CS074")
		})
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"UCS-4 byte order 2143", append([]byte{0, 0, 0xff, 0xfe}, wide("UTF-32BE", false)...), "unsupported UCS-4 byte order (2143) detected"},
		{"past U+10FFFF", append(wide("UTF-32LE", false), 0, 0, 0x11, 0), "invalid UTF-32 character 0x110000 (above 0x10ffff)"},
		{"cut short", append(wide("UTF-32BE", false), 0, 0), "in the middle of a 4-byte UTF-32 character"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := lintRules(t, c.data)
			assert.Contains(t, r.stdout, "error CS074")
			assert.Contains(t, r.stdout, c.want)
		})
	}
}
