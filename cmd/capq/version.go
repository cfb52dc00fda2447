package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is stamped by the release build:
//
//	go build -ldflags "-X main.version=v1.2.0" ./cmd/capq
//
// Without it capq falls back to the module's build info (the version of a
// `go install github.com/capq/capq/cmd/capq@v1.2.0`), then to "dev".
var version = ""

// buildVersion returns capq's version and, when the build recorded it,
// the VCS revision (with "+dirty" for a modified tree).
func buildVersion() (ver, revision string) {
	ver = version
	info, ok := debug.ReadBuildInfo()
	if ok && ver == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
		ver = info.Main.Version
	}
	if ver == "" {
		ver = "dev"
	}
	if !ok {
		return ver, ""
	}
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(revision) > 12 {
		revision = revision[:12]
	}
	if revision != "" && dirty {
		revision += "+dirty"
	}
	return ver, revision
}

// versionLine is what `capq version` and `capq --version` print.
func versionLine() string {
	ver, rev := buildVersion()
	if rev == "" {
		return "capq " + ver
	}
	return fmt.Sprintf("capq %s (%s)", ver, rev)
}

// toolVersion is the version SARIF's driver.version and JUnit carry.
func toolVersion() string {
	ver, _ := buildVersion()
	return ver
}

func newVersionCmd(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print capq's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintln(s.out, versionLine())
			return err
		},
	}
}
