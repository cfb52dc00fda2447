// Package golden compares test output with expected files under this
// directory. Run tests with -update (in packages that import this one) or
// with CAPQ_UPDATE_GOLDEN=1 (everywhere, e.g. `make golden`) to rewrite them.
//
// What lives here: locating, comparing and rewriting golden files. What
// does not: producing the output (each package's tests do) or any test
// input (testdata/ at the repository root).
package golden
