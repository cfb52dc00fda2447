package main

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/capq/capq/safeio"
)

func main() {
	cleanupOnSignal()
	os.Exit(execute(os.Args[1:], newStdStreams()))
}

// cleanupOnSignal removes the temporary files of unfinished outputs when
// capq is interrupted (SIGINT, SIGTERM), then exits as a process killed by
// that signal would (128+signal): an interrupted `simulate --events` once
// left hundreds of megabytes of hidden .tmp-* files behind.
func cleanupOnSignal() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-ch
		safeio.RemoveTemps()
		code := 130
		if sig == syscall.SIGTERM {
			code = 143
		}
		os.Exit(code)
	}()
}
