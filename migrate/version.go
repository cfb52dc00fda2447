package migrate

import (
	"errors"
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// VersionChoices are the version names a migration takes: a YARN target
// profile (2.7 … 3.4), or the Hadoop 1 release the files come from.
func VersionChoices() []string {
	return append(xmlconf.VersionNames(), "0.20", "1.x", "0.21")
}

// VersionError says a version name is neither a YARN profile nor a
// Hadoop 1 release; the caller words it with VersionChoices.
type VersionError struct{ Value string }

func (e *VersionError) Error() string {
	return fmt.Sprintf("version %q is neither a YARN profile nor a Hadoop 1 release", e.Value)
}

// DialectConflictError says a Hadoop 1 release named as the version is
// not the dialect the caller forced.
type DialectConflictError struct {
	Value  string
	Forced xmlconf.H1Dialect
}

func (e *DialectConflictError) Error() string {
	return fmt.Sprintf("version %s contradicts the source dialect %s", e.Value, e.Forced)
}

// ResolveVersion reads one version name for a migration. A YARN profile
// (2.7 … 3.4) is the target; a Hadoop 1 release (0.20.x, 1.x, 0.21, 0.22)
// names the source dialect instead, since the two ranges cannot be
// confused. forced is a dialect already chosen (H1DialectUnknown: none); a
// release naming another one is a *DialectConflictError, and a YARN line
// newer than the newest profile is ParseVersion's
// *xmlconf.NewerVersionError.
func ResolveVersion(name string, forced xmlconf.H1Dialect) (target xmlconf.Version, dialect xmlconf.H1Dialect, err error) {
	v, verr := xmlconf.ParseVersion(name)
	if verr == nil {
		return v, forced, nil
	}
	var newer *xmlconf.NewerVersionError
	if errors.As(verr, &newer) {
		return target, forced, verr
	}
	d, err := xmlconf.ParseH1Dialect(name)
	if err != nil {
		return target, forced, &VersionError{Value: name}
	}
	if forced != xmlconf.H1DialectUnknown && forced != d {
		return target, forced, &DialectConflictError{Value: name, Forced: forced}
	}
	return target, d, nil
}
