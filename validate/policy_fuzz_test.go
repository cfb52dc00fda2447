package validate

import (
	"strings"
	"testing"
)

// FuzzParsePolicy: a policy file from a pull request never panics the
// parser, and a policy it accepts names only known rules or selectors.
func FuzzParsePolicy(f *testing.F) {
	for _, s := range []string{
		"# comment\n\nproperties warning\nCS005 error # typos block\ncapacity-sum info\nCS110 off\n",
		"\nCS005\n", "CS005 error extra\n", "nosuch error\n", "CS005 loud\n", "\x00\xff #\n", "",
		strings.Repeat("CS005 error\n", 100),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pol, err := ParsePolicy("p", strings.NewReader(s))
		if err == nil && pol == nil {
			t.Fatal("nil policy without error")
		}
		if err == nil {
			for _, r := range Rules() {
				_, _ = pol.severityFor(r.ID)
			}
		}
	})
}
