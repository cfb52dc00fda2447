package main

import (
	"errors"
	"fmt"
)

// Exit codes, the same for every command (documented in README.md).
const (
	exitOK        = 0 // clean: nothing at or above the fail level, refresh accepted
	exitFindings  = 1 // findings at or above the fail level, a refused refresh, a failed gate
	exitCannotRun = 2 // bad flag, unreadable or unusable input
)

// exitError carries an exit code up to execute. A nil err with a code
// means "exit quietly with this code" (the output already said why).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// cannotRun marks err as "could not run" (exit 2).
func cannotRun(err error) error {
	if err == nil {
		return nil
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	return &exitError{code: exitCannotRun, err: err}
}

// exitWith ends the command with code after its output has been written.
func exitWith(code int) error {
	if code == exitOK {
		return nil
	}
	return &exitError{code: code}
}
