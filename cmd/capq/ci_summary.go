package main

import (
	"fmt"
	"os"

	"github.com/capq/capq/validate"
)

// writeStepSummary appends the report as a Markdown table to the file
// GitHub Actions names in $GITHUB_STEP_SUMMARY, when it is set. GitHub
// annotates at most 10 findings of each type per step; the summary lists
// them all on the run's page. The file belongs to the runner and other
// steps append to it too, so it is opened for appending, never replaced.
func writeStepSummary(s *streams, rep validate.Report, inputs []string) error {
	name := s.getenv("GITHUB_STEP_SUMMARY")
	if name == "" {
		return nil
	}
	if err := validate.AppendGitHubSummary(name, rep, inputs); err != nil {
		return fmt.Errorf("GITHUB_STEP_SUMMARY: %w", err)
	}
	return nil
}

// ciReport prepares a report for the CI formats: SARIF and GitHub
// annotations name files relative to the repository root, and the GitHub
// format also writes the step summary, which may be none of the report's
// files nor of otherInputs (a policy or baseline file).
func ciReport(s *streams, f validate.Format, rep validate.Report, root string, otherInputs ...string) (validate.Report, error) {
	if f != validate.FormatSARIF && f != validate.FormatGitHub {
		return rep, nil
	}
	if root != "" {
		if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
			return rep, fmt.Errorf("--root %s: no such directory", root)
		}
	}
	// The files as named here, before they are made root-relative.
	inputs := append(rep.InputFiles(), otherInputs...)
	validate.RootRelative(&rep, validate.RepoRoot(root))
	if f == validate.FormatGitHub {
		// The annotations matter more than the summary: a summary that
		// cannot be written is a warning, not a failed run.
		if err := writeStepSummary(s, rep, inputs); err != nil {
			fmt.Fprintf(s.errOut, "capq: warning: %s\n", describeError(err))
		}
	}
	return rep, nil
}

// writeDiff prints a refresh result; SARIF and GitHub output go through
// ciReport first, like lint's.
func writeDiff(s *streams, f validate.Format, res *validate.RefreshResult, do validate.DiffOptions, root string) error {
	if f != validate.FormatSARIF && f != validate.FormatGitHub {
		return validate.WriteDiff(s.out, f, res, do)
	}
	rep, err := ciReport(s, f, validate.DiffReport(res, do), root)
	if err != nil {
		return err
	}
	return validate.Write(s.out, f, rep, validate.RenderOptions{})
}
