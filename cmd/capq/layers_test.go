package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

const module = "github.com/capq/capq/"

// layers is the layering of README.md's Development section: for each
// package, the capq packages it may import. A new package needs a line
// here; a test that finds an unlisted package fails. Tests may also import
// golden. safeio (bounded reads, safe outputs; standard library only) sits
// under everything.
var layers = map[string][]string{
	"cmd/capq": {"engine/scenario", "engine/scenario/hadoop1", "engine/preview", "engine/sim", "engine/sim/hadoop1",
		"engine", "engine/hadoop1", "migrate", "validate", "placement", "xmlconf/tree", "xmlconf", "safeio"},
	"engine/scenario":         {"engine/sim", "engine", "migrate", "validate", "placement", "xmlconf", "safeio"},
	"engine/scenario/hadoop1": {"engine/hadoop1", "xmlconf", "safeio"},
	"engine/preview":          {"engine/sim", "engine/sim/hadoop1", "engine", "engine/hadoop1", "engine/internal/cputime", "migrate", "validate", "placement", "xmlconf", "safeio"},
	"engine/sim":              {"engine", "engine/idmap", "engine/internal/cputime", "placement", "xmlconf", "safeio"},
	"engine/sim/hadoop1":      {"engine/sim", "engine/hadoop1", "xmlconf", "safeio"},
	"engine":                  {"engine/idmap", "engine/internal/cputime", "placement", "xmlconf", "safeio"},
	"engine/idmap":            {},
	"engine/internal/cputime": {},
	"engine/hadoop1":          {"xmlconf", "safeio"},
	"migrate":                 {"validate", "xmlconf", "safeio"},
	"validate":                {"placement", "xmlconf", "safeio"},
	"placement":               {"xmlconf", "safeio"},
	"xmlconf/tree":            {"xmlconf", "safeio"},
	"xmlconf":                 {"safeio"},
	"golden":                  {},
	"safeio":                  {},
}

// TestLayers reads every package's imports (tests included) and checks
// them against layers: no package reaches up or sideways.
func TestLayers(t *testing.T) {
	imports := packageImports(t, golden.RepoRoot())
	require.Contains(t, imports, "cmd/capq")
	assert.Empty(t, violations(imports))
}

// TestLayersCatchViolations runs the check on a small tree where the
// core engine imports validate and a package has no line.
func TestLayersCatchViolations(t *testing.T) {
	root := t.TempDir()
	write := func(rel, src string) {
		path := filepath.Join(root, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	}
	write("engine/a.go", "package engine\nimport _ \""+module+"validate\"\n")
	write("engine/a_test.go", "package engine\nimport _ \""+module+"golden\"\n")
	write("engine/testdata/x.go", "package x\nimport _ \""+module+"cmd/capq\"\n")
	write("newpkg/b.go", "package newpkg\n")
	assert.Equal(t, []string{
		"engine imports validate, which its layer may not",
		"package newpkg has no line in layers (cmd/capq/layers_test.go) and README.md's Development section",
	}, violations(packageImports(t, root)))
}

// violations lists every import layers does not allow, and every package
// without a line, sorted by package.
func violations(imports map[string][]string) []string {
	var out []string
	for _, pkg := range sortedPackages(imports) {
		allowed, ok := layers[pkg]
		if !ok {
			out = append(out, fmt.Sprintf("package %s has no line in layers (cmd/capq/layers_test.go) and README.md's Development section", pkg))
			continue
		}
		for _, imp := range imports[pkg] {
			if !slices.Contains(allowed, imp) && (imp != "golden" || pkg == "golden") {
				out = append(out, fmt.Sprintf("%s imports %s, which its layer may not", pkg, imp))
			}
		}
	}
	return out
}

// packageImports maps each package directory (relative to root) to the
// capq packages its Go files import, without the module prefix.
func packageImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		if _, seen := out[pkg]; !seen {
			out[pkg] = []string{}
		}
		for _, spec := range f.Imports {
			p, _ := strconv.Unquote(spec.Path.Value)
			if strings.HasPrefix(p, module) && !slices.Contains(out[pkg], strings.TrimPrefix(p, module)) {
				out[pkg] = append(out[pkg], strings.TrimPrefix(p, module))
			}
		}
		return nil
	})
	require.NoError(t, err)
	return out
}

func sortedPackages(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
