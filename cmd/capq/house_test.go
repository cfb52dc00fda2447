package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxFuncLines is issue 11's bound on a cmd/capq function: the package
// only wires flags, inputs, streams and exit codes, so a longer function
// is doing work that belongs in a library package (or needs named steps).
const maxFuncLines = 40

// TestNoLongFunctions checks every non-test function of cmd/capq, from
// its func line to its closing brace.
func TestNoLongFunctions(t *testing.T) {
	long := longFunctions(t, ".")
	assert.Empty(t, long, "cmd/capq functions over %d lines: move the work to its package or name its steps", maxFuncLines)
}

// TestLongFunctionsFound: the check sees a long function (so it can fail).
func TestLongFunctionsFound(t *testing.T) {
	dir := t.TempDir()
	body := "package main\n\nfunc long() {\n" + strings.Repeat("\t_ = 1\n", maxFuncLines-1) + "}\n\nfunc short() {}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x.go"), []byte(body), 0o644))
	assert.Equal(t, []string{"x.go: long is 41 lines"}, longFunctions(t, dir))
}

func longFunctions(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	var long []string
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if n > maxFuncLines {
				long = append(long, fmt.Sprintf("%s: %s is %d lines", filepath.Base(path), fn.Name.Name, n))
			}
		}
	}
	return long
}
