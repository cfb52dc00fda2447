// Command capq lints, diffs, migrates and dry-runs Hadoop YARN Capacity
// Scheduler configurations. This package only wires flags to the library
// packages; it is the one place that touches os.Args, stdio and exit codes.
package main

import (
	"os"
)

func main() {
	os.Exit(execute(os.Args[1:], newStdStreams()))
}
