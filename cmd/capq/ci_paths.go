package main

import (
	"github.com/spf13/pflag"
)

// SARIF and GitHub annotations name files relative to the repository
// root (validate.RepoRoot, validate.RootRelative).

// bindRoot adds --root to a command with CI output formats.
func bindRoot(f *pflag.FlagSet, root *string) {
	f.StringVar(root, "root", "", "`DIR` that SARIF and GitHub paths are relative to (default: the git work tree's top, else the current directory)")
}
