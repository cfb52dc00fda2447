package migrate

import "github.com/capq/capq/xmlconf"

// lintFindings runs capq's YARN lint rules on the migrated model. Until
// the validate package's registry lands this only has the model builder's
// own findings to go on.
func lintFindings(m *xmlconf.Model) []xmlconf.Finding { return nil }
