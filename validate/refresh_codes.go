package validate

import (
	"sort"

	"github.com/capq/capq/xmlconf"
)

// Reason codes: stable, machine-readable names for why a refresh is
// refused (scenario files' "reason_code", the JSON of `capq diff`). A
// released code is never renamed or reused.
const (
	ReasonQueueDeleteNotStopped   = "QUEUE_DELETE_NOT_STOPPED"       // RF002
	ReasonQueueMoved              = "QUEUE_MOVED"                    // RF003
	ReasonLeafToParentNotStopped  = "LEAF_TO_PARENT_NOT_STOPPED"     // RF004
	ReasonParentToAutoCreate      = "PARENT_TO_AUTO_CREATE_PARENT"   // RF006
	ReasonAutoCreateParentChanged = "AUTO_CREATE_PARENT_CONVERTED"   // RF007
	ReasonQueueTypeChanged        = "QUEUE_TYPE_CHANGED"             // RF008
	ReasonMaxAllocationDecreased  = "MAX_ALLOCATION_DECREASED"       // RF009
	ReasonParentNotRunning        = "PARENT_NOT_RUNNING"             // RF011
	ReasonQueueDraining           = "QUEUE_DRAINING"                 // RF017
	ReasonRestartRequired         = "RESTART_REQUIRED"               // RF013 (never a refusal)
	ReasonMutableStore            = "CONFIGURATION_MUTABLE"          // RF014
	ReasonParentFlagNotRefreshed  = "PARENT_SETTING_NOT_REFRESHED"   // RF015
	ReasonLiveStateMismatch       = "LIVE_STATE_MISMATCH"            // RF016 (a warning)
	ReasonInvalidConfiguration    = "INVALID_CONFIGURATION"          // any lint error in NEW
	ReasonRemovedQueueHasApps     = "REMOVED_QUEUE_HAS_APPLICATIONS" // RF002 warning with live state
)

// reasonByRule maps refresh rule IDs to their reason code.
var reasonByRule = map[string]string{
	"RF002": ReasonQueueDeleteNotStopped,
	"RF003": ReasonQueueMoved,
	"RF004": ReasonLeafToParentNotStopped,
	"RF006": ReasonParentToAutoCreate,
	"RF007": ReasonAutoCreateParentChanged,
	"RF008": ReasonQueueTypeChanged,
	"RF009": ReasonMaxAllocationDecreased,
	"RF011": ReasonParentNotRunning,
	"RF013": ReasonRestartRequired,
	"RF014": ReasonMutableStore,
	"RF015": ReasonParentFlagNotRefreshed,
	"RF016": ReasonLiveStateMismatch,
	"RF017": ReasonQueueDraining,
}

// reasonByLintRule names the lint errors scenario files check for (the
// codes `capq scenario` used before Refresh existed); every other lint
// error is INVALID_CONFIGURATION.
var reasonByLintRule = map[string]string{
	"CS001": "MISSING_ROOT_QUEUES",
	"CS010": "NUMBER_FORMAT", "CS015": "NUMBER_FORMAT", "CS058": "NUMBER_FORMAT",
	"CS011": "ILLEGAL_CAPACITY", "CS012": "ILLEGAL_CAPACITY", "CS013": "ILLEGAL_CAPACITY", "CS014": "ILLEGAL_CAPACITY",
	"CS024": "ILLEGAL_CAPACITY_SUM",
	"CS041": "PARENT_STOPPED_CHILD_RUNNING",
	"CS050": "QUEUE_MAX_ALLOCATION",
	"CS051": "INVALID_ALLOCATION",
	"CS053": "INVALID_USER_WEIGHT",
	"CS056": "INVALID_ORDERING_POLICY",
}

// ReasonCode returns the reason code of a refresh finding: the refresh
// rule's own code, REMOVED_QUEUE_HAS_APPLICATIONS for the RF002 warning,
// a specific code for common lint errors (QUEUE_MAX_ALLOCATION, …) and
// INVALID_CONFIGURATION for any other lint finding.
func ReasonCode(f xmlconf.Finding) string {
	if f.Rule == "RF002" && f.Severity < xmlconf.SeverityError {
		return ReasonRemovedQueueHasApps
	}
	if c, ok := reasonByRule[f.Rule]; ok {
		return c
	}
	if _, ok := restatedRefusal(f); ok {
		return reasonByLintRule["CS024"]
	}
	if c, ok := reasonByLintRule[f.Rule]; ok {
		return c
	}
	return ReasonInvalidConfiguration
}

// refreshPhase orders refusals as the ResourceManager meets them:
// configuration store and allocation sanity, then (3.4) the node labels
// of every key, then parsing NEW (every other lint rule), then
// validateQueueHierarchy, then reinitializing the live queues. 3.4's
// CapacitySchedulerQueueManager#reinitializeQueues builds
// ConfiguredNodeLabels (getConfiguredNodeLabelsByQueue, CS118) before
// parseQueue; earlier versions read a queue's labels while parsing it.
func refreshPhase(rule string, v xmlconf.Version) int {
	switch rule {
	case "RF014":
		return 0
	case "CS051":
		return 1
	case "CS118":
		if v.AtLeast(xmlconf.V3_4) {
			return 2
		}
	case "RF002", "RF003", "RF006", "RF007", "RF004":
		return 4
	case "RF008", "RF009", "RF015", "RF011", "RF017":
		return 5
	}
	return 3
}

// ordered returns the error findings in Hadoop's order of checks.
func (r *RefreshResult) ordered() []xmlconf.Finding {
	var fs []xmlconf.Finding
	for _, f := range r.Findings {
		if f.Severity == xmlconf.SeverityError {
			fs = append(fs, f)
		}
	}
	sort.SliceStable(fs, func(i, j int) bool { return refreshPhase(fs[i].Rule, r.Version) < refreshPhase(fs[j].Rule, r.Version) })
	return fs
}
