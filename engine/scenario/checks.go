package scenario

// Load and refresh checks for `capq scenario`, delegated to the validate
// package (the same rules as `capq lint` and `capq diff`), with the
// running engine as the live state: a queue still draining apps cannot be
// removed, as in the ResourceManager.

import (
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// checkError is one reason Hadoop refuses a configuration.
type checkError struct {
	Code string
	Msg  string
}

// verdict is the outcome of loading or refreshing a configuration.
type verdict struct {
	errs []checkError
	// code is the reason code of the first refusal in Hadoop's order.
	code string
	// codes are every refusal's reason code.
	codes []string
}

func (v verdict) accepted() bool { return len(v.errs) == 0 }

// loadVerdict judges a configuration at ResourceManager start.
func loadVerdict(m *xmlconf.Model, ver xmlconf.Version) verdict {
	return toVerdict(validate.Refresh(nil, m, validate.RefreshOptions{Version: ver}))
}

// refreshVerdict judges `yarn rmadmin -refreshQueues` from old to new
// while the engine runs old.
func refreshVerdict(old, nw *xmlconf.Model, live validate.LiveState, ver xmlconf.Version) verdict {
	return toVerdict(validate.Refresh(old, nw, validate.RefreshOptions{Version: ver, Live: live}))
}

func toVerdict(r *validate.RefreshResult) verdict {
	v := verdict{code: r.ReasonCode(), codes: r.ReasonCodes()}
	if r.Accepted {
		return verdict{}
	}
	for _, msg := range r.Errors() {
		v.errs = append(v.errs, checkError{Code: v.code, Msg: msg})
	}
	return v
}

// refusal is a verdict with one refusal.
func refusal(code, msg string) verdict {
	return verdict{errs: []checkError{{code, msg}}, code: code, codes: []string{code}}
}

// engineVerdict is a refusal by the engine itself (a configuration the
// rules accept but the engine cannot run).
func engineVerdict(msg string) verdict { return refusal("ENGINE", msg) }

func messages(errs []checkError) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.Msg
	}
	return out
}
