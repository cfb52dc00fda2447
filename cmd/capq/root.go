package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"unicode"

	"github.com/spf13/cobra"

	"github.com/capq/capq/safeio"
)

// execute runs capq with args and returns the process exit code.
func execute(args []string, s *streams) int {
	root := newRootCmd(s)
	root.SetArgs(args)
	root.SetIn(s.in)
	// Cobra writes help (--help, capq help CMD) and drops the write
	// error: keep it, so a help that was not shown is no exit 0.
	out := &keptErrWriter{w: s.out}
	root.SetOut(out)
	root.SetErr(s.errOut)
	if c, err := unknownSubcommand(root, args); err != nil {
		safeio.Fprintf(s.errOut, "capq: %s\nRun '%s --help' for usage.\n", err, c.CommandPath())
		return exitCannotRun
	}
	// After unknownSubcommand, which adds the completion command and may
	// parse a group command's flags once already.
	refuseRepeatedFlags(root)
	cmd, err := root.ExecuteC()
	if err == nil {
		err = out.err
	}
	return exitCode(cmd, err, s)
}

// exitCode reports err, what cmd returned, on stderr and maps it to the
// process exit code.
func exitCode(cmd *cobra.Command, err error, s *streams) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(s.errOut, "capq: %s\n", describeError(ee.err))
		}
		return ee.code
	}
	// A failed write (stdout on a full disk) is no usage error, whichever
	// command met it: rules, explain and version return it bare, and
	// cobra's help leaves it in out.
	var pe *fs.PathError
	if errors.As(err, &pe) {
		fmt.Fprintf(s.errOut, "capq: %s\n", describeError(err))
		return exitCannotRun
	}
	// Cobra's own errors (unknown flag, wrong arguments) are usage errors:
	// say what was meant if it is close, and point at the help of the
	// command that was run, not at the root's (usageError escapes what
	// it quotes).
	fmt.Fprintf(s.errOut, "capq: %s\nRun '%s --help' for usage.\n", usageError(cmd, err), cmd.CommandPath())
	return exitCannotRun
}

func newRootCmd(s *streams) *cobra.Command {
	root := &cobra.Command{
		Use:           "capq",
		Short:         "Lint, diff, migrate and dry-run YARN Capacity Scheduler configurations",
		Long:          helpText("capq"),
		SilenceUsage:  true,
		SilenceErrors: true,
		// Typoed commands get cobra's "did you mean" at this distance.
		SuggestionsMinimumDistance: 2,
		Version:                    versionLine(),
	}
	// --version prints the same line as `capq version`.
	root.SetVersionTemplate("{{.Version}}\n")
	bindStdinName(root, s)
	root.Flags().BoolP("version", "v", false, "print capq's version (as capq version does)")
	root.AddCommand(
		readsStdin(newTreeCmd(s)),
		readsStdin(newLintCmd(s)),
		newRulesCmd(s),
		newExplainCmd(s),
		readsStdin(newDiffCmd(s)),
		newMigrateCmd(s),
		newScenarioCmd(s),
		readsStdin(newSimulateCmd(s)),
		newGenCmd(s),
		readsStdin(newPreviewCmd(s)),
		newVersionCmd(s),
	)
	return root
}

// bindStdinName adds --stdin-filename, checked before any command runs.
func bindStdinName(root *cobra.Command, s *streams) {
	// A name with control characters would forge lines in text output and
	// workflow commands; refuse it before anything runs.
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if strings.ContainsFunc(s.stdinName, unicode.IsControl) {
			return cannotRun(fmt.Errorf("--stdin-filename %q: must not contain control characters", s.stdinName))
		}
		return cannotRun(checkStdinCommand(cmd, s))
	}
	root.PersistentFlags().StringVar(&s.stdinName, "stdin-filename", "",
		"the `PATH` standard input (-) stands for in findings, messages and reports, whichever input reads it, e.g. conf/capacity-scheduler.xml")
}

// unknownSubcommand refuses an argument after a command that only groups
// others (completion, gen, migrate): cobra prints such a command's help
// and exits 0 whatever follows it, so "capq completion zsh2" looked like
// success. It returns the group command and the error.
func unknownSubcommand(root *cobra.Command, args []string) (*cobra.Command, error) {
	root.InitDefaultCompletionCmd(args...)
	if len(args) > 1 && args[0] == "help" {
		// cobra's help command prints "Unknown help topic" and the usage,
		// and exits 0: a typo in a script would pass as success.
		if _, _, err := root.Find(args[1:]); err != nil {
			return root, fmt.Errorf("unknown help topic %q", strings.Join(args[1:], " "))
		}
	}
	cmd, rest, err := root.Find(args)
	if err != nil || cmd == root || cmd.Runnable() || !cmd.HasSubCommands() {
		return cmd, nil
	}
	if cmd.ParseFlags(rest) != nil || cmd.Flags().NArg() == 0 {
		return cmd, nil
	}
	arg := cmd.Flags().Arg(0)
	msg := fmt.Sprintf("unknown command %q for %q", arg, cmd.CommandPath())
	cmd.SuggestionsMinimumDistance = root.SuggestionsMinimumDistance
	if s := cmd.SuggestionsFor(arg); len(s) > 0 {
		msg += fmt.Sprintf("; did you mean %q?", s[0])
	}
	return cmd, errors.New(msg)
}

// keptErrWriter is cobra's standard output: it keeps the first write
// error, which cobra's help and usage output ignore.
type keptErrWriter struct {
	w   io.Writer
	err error
}

func (k *keptErrWriter) Write(p []byte) (int, error) {
	n, err := k.w.Write(p)
	if err != nil && k.err == nil {
		k.err = err
	}
	return n, err
}
