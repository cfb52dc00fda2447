package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/capq/capq/safeio"
)

// diffJSON is the `capq diff --format json` contract. Keys are never
// renamed; new keys may be added.
//
//	{
//	  "old": "old.xml", "new": "new.xml", "hadoop_version": "3.4",
//	  "refresh": {
//	    "accepted": false,
//	    "hadoop_error": "Failed to re-init queues : ...",   // "" when accepted
//	    "caveats": ["..."],                                // when an accepted refresh fails after all (omitted when none)
//	    "reason_codes": ["QUEUE_DELETE_NOT_STOPPED"],     // [] when accepted
//	    "findings": [ {"rule","severity","file","line","column","queue","property","message","hint"} ],
//	    "summary": {"files","errors","warnings","infos"},
//	    "introduced_warnings": [ {finding} ]              // NEW's lint warnings OLD has not (also in "findings")
//	  },
//	  "queues": [ {
//	    "path": "root.eng.ml",
//	    "change": "added|removed|moved|modified|unchanged|<kind>-to-<kind>",
//	    "from": "root.old.ml",                            // moved only (before 3.3)
//	    "properties": [ {"name": "<full key>", "old": "raw"|null, "new": "raw"|null} ],
//	    "effective": [ {"name": "user-limit-factor", "old", "new"} ],  // changed through inheritance/defaults
//	    "state": {"old": "RUNNING", "new": "STOPPED"},    // live state, when it changes
//	    "absolute_capacity": {"old": 12.5|null, "new": 10|null},          // % of the cluster
//	    "absolute_maximum_capacity": {"old", "new"},
//	    "absolute_resources": {"capacity": {"old": {"memory_mb","vcores"}, "new"}, "maximum": {...}},  // with --cluster
//	    "action": "refresh|stop-first|restart|rejected",
//	    "reasons": ["QUEUE_DELETE_NOT_STOPPED"], "procedure": ["step", ...], "notes": ["..."]
//	  } ],
//	  "global": [ {"name", "old", "new"} ],               // scheduler-wide keys that changed
//	  "global_notes": ["..."],                            // edits that change nothing Hadoop reads (omitted when none)
//	  "unified": "--- old.xml\n+++ new.xml\n..."          // with --unified
//	}
//
// Every queue of OLD and NEW appears once, in tree order; "findings" is
// the lint JSON renderer's finding shape (WriteJSON).
type diffJSON struct {
	Old           string          `json:"old"`
	New           string          `json:"new"`
	HadoopVersion string          `json:"hadoop_version"`
	Refresh       diffRefreshJSON `json:"refresh"`
	Queues        []QueueChange   `json:"queues"`
	Global        []PropChange    `json:"global"`
	GlobalNotes   []string        `json:"global_notes,omitempty"`
	Unified       *string         `json:"unified,omitempty"`
}

type diffRefreshJSON struct {
	Accepted    bool            `json:"accepted"`
	HadoopError string          `json:"hadoop_error"`
	Caveats     []string        `json:"caveats,omitempty"`
	ReasonCodes []string        `json:"reason_codes"`
	Findings    json.RawMessage `json:"findings"`
	Summary     json.RawMessage `json:"summary"`
	Introduced  json.RawMessage `json:"introduced_warnings"`
}

// findingsJSON renders findings in the lint JSON renderer's shape
// (escapes included) with its summary.
func findingsJSON(rep Report) (findings, summary json.RawMessage, err error) {
	var lint bytes.Buffer
	if err := WriteJSON(&lint, rep); err != nil {
		return nil, nil, err
	}
	var parts struct {
		Findings json.RawMessage `json:"findings"`
		Summary  json.RawMessage `json:"summary"`
	}
	if err := json.Unmarshal(lint.Bytes(), &parts); err != nil {
		return nil, nil, fmt.Errorf("findings JSON: %w", err)
	}
	return parts.Findings, parts.Summary, nil
}

func writeDiffJSON(w io.Writer, res *RefreshResult, rep Report, o DiffOptions) error {
	findings, summary, err := findingsJSON(rep)
	if err != nil {
		return err
	}
	intro := rep
	intro.Findings = res.Introduced
	introduced, _, err := findingsJSON(intro)
	if err != nil {
		return err
	}
	out := diffJSON{
		Old: o.OldName, New: o.NewName, HadoopVersion: res.Version.String(),
		Refresh: diffRefreshJSON{
			Accepted: res.Accepted, HadoopError: res.HadoopError, Caveats: res.Caveats, ReasonCodes: nonNilStrings(res.ReasonCodes()),
			Findings: findings, Summary: summary, Introduced: introduced,
		},
		Queues: res.Queues, Global: res.Global, GlobalNotes: res.GlobalNotes,
	}
	if out.Global == nil {
		out.Global = []PropChange{}
	}
	if o.Unified {
		u := UnifiedDiff(o.OldName, o.NewName, o.OldData, o.NewData)
		out.Unified = &u
	}
	enc := json.NewEncoder(safeio.JSONWriter(w))
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
