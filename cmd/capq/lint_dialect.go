package main

import (
	"errors"
	"fmt"

	"github.com/capq/capq/migrate"
	"github.com/capq/capq/xmlconf"
)

// lintDialect is how capq lint reads a Hadoop 1 input's dialect, the way
// capq migrate hadoop1 does: --source-dialect forces it, and a
// --hadoop-version naming a Hadoop 1 release (0.20.2, 1.2.1, 0.21)
// names it too (migrate.ResolveVersion), since the YARN profiles and the
// Hadoop 1 releases cannot be confused. Without either, a file mixing
// 0.20 and 1.x keys is read as 1.x (its 0.20 keys H1015).
type lintDialect struct {
	// dialect is the forced dialect (H1DialectUnknown: detect).
	dialect xmlconf.H1Dialect
	// fromVersion says --hadoop-version named a Hadoop 1 release: a YARN
	// input then has no profile to be linted against and is refused.
	fromVersion bool
}

func (o lintOptions) dialect() (lintDialect, error) {
	var d lintDialect
	if o.sourceDialect != "" {
		forced, err := xmlconf.ParseH1Dialect(o.sourceDialect)
		if err != nil {
			return d, fmt.Errorf("--source-dialect: %w", err)
		}
		d.dialect = forced
	}
	if o.config.versionSet == nil || !o.config.versionSet() {
		return d, nil
	}
	if _, err := xmlconf.ParseVersion(o.config.version); err == nil {
		return d, nil // a YARN profile: the config flags read it
	}
	_, named, err := migrate.ResolveVersion(o.config.version, d.dialect)
	var conflict *migrate.DialectConflictError
	switch {
	case errors.As(err, &conflict):
		return d, fmt.Errorf("--hadoop-version %s contradicts --source-dialect %s", o.config.version, conflict.Forced)
	case err != nil:
		return d, nil // not a Hadoop 1 release either: the config flags say so
	}
	d.dialect, d.fromVersion = named, true
	return d, nil
}

// yarnConfig is the config flags a YARN input is read with: with a Hadoop
// 1 release as --hadoop-version there is no YARN profile, which lintOne
// reports instead of linting.
func (d lintDialect) yarnConfig(c configFlags) configFlags {
	if d.fromVersion {
		c.version = xmlconf.DefaultVersion.String()
	}
	return c
}
