package main

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"
)

// The hostile-input tests bound capq's peak resident memory, but the peak a
// parent reads from wait4 is not the child's own: Linux keeps a process's
// high-water mark across execve (exec_mmap records the old mm's), and
// os/exec starts a child with vfork, whose old mm is the parent's. A capq
// started by this test process would report the test process's own peak
// (half a gigabyte once the nesting tests have built their 63 MB files),
// whatever capq used. So capq is started by a launcher: this test binary
// again, a small fresh process, which runs capq under the address-space
// limit and writes capq's own peak to a file.

// launchEnv names the file a launcher writes its child's peak (KiB) to;
// set, the test binary is a launcher, not a test run.
const launchEnv = "CAPQ_E2E_LAUNCH_RUSAGE"

// launcherAddressSpace bounds each hostile run's address space (3 GB, as
// `ulimit -v 3000000` did), so a regression fails a test rather than
// swapping the machine.
const launcherAddressSpace = 3_000_000 << 10

// launch runs args as the launcher and returns the exit status to leave
// with: the child's, or 128+signal for a child killed by a signal.
func launch(rusageFile string, args []string) int {
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: launcherAddressSpace, Max: launcherAddressSpace})
	// Pdeathsig follows the thread that started the child: keep it, so the
	// child dies with the launcher (a test's hang guard kills the launcher).
	runtime.LockOSThread()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = environWithout(launchEnv)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	err := cmd.Run()
	if cmd.ProcessState == nil {
		os.Stderr.WriteString("launcher: " + err.Error() + "\n")
		return 125
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		_ = os.WriteFile(rusageFile, []byte(strconv.FormatInt(int64(ru.Maxrss), 10)), 0o600)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	return 0
}

// readPeak is the peak the launcher wrote, or 0 when it wrote none.
func readPeak(rusageFile string) int64 {
	data, err := os.ReadFile(rusageFile)
	if err != nil {
		return 0
	}
	n, _ := strconv.ParseInt(string(data), 10, 64)
	return n
}
