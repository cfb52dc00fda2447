package validate

import (
	"maps"
	"slices"

	"github.com/capq/capq/xmlconf"
)

// ruleUserParallelSyntax: CapacitySchedulerConfiguration#
// getMaxParallelAppsForUser is read by CSMaxRunningAppsEnforcer, not when
// the queues are set up: CapacityScheduler#addApplicationAttempt calls
// checkRunnabilityWithUpdate for every attempt, which reads the default
// user's user.max-parallel-apps with getInt and then the user's own
// user.<user>.max-parallel-apps with Integer.parseInt (untrimmed, no hex:
// xmlconf/rawnum.go). A value either throws on is met there, in the
// scheduler's event handling, whose EventDispatcher exits the process on an
// uncaught error; a start and refreshQueues accept the file.
var ruleUserParallelSyntax = &Rule{
	ID: "CS124", Name: "user-parallel-apps-syntax", Category: CatProperties, Severity: xmlconf.SeverityError,
	Since:     xmlconf.V3_3,
	AtAppOnly: true,
	OnReload:  userParallelOnReload,
	Docs: Docs{
		Summary: "a user's max-parallel-apps is not a number Hadoop can read when the user's application arrives",
		Why: "getMaxParallelAppsForUser is read each time an application attempt is added (CSMaxRunningAppsEnforcer#" +
			"checkRunnabilityWithUpdate), not when the queues are set up: it first reads user.max-parallel-apps with getInt " +
			"(trimmed, 0x hex) for every user, then the user's own user.<name>.max-parallel-apps with Integer.parseInt, " +
			"which neither trims nor reads hex, so \" 5\", a value on its own line or 0x10 throw NumberFormatException there. " +
			"The ResourceManager starts and refreshQueues accepts the file; the exception comes out of the scheduler's " +
			"event handling when that user submits (any user, for user.max-parallel-apps), and EventDispatcher exits " +
			"the ResourceManager on it. A refresh accepts the file unless applications are waiting for a " +
			"max-parallel-apps slot: CapacityScheduler#reinitialize ends, once the new queues are in force, with " +
			"CSMaxRunningAppsEnforcer#updateRunnabilityOnReload, which checks each waiting application of a queue now " +
			"below its max-parallel-apps against its user's limit, reads the value and throws there.",
		Bad:      "yarn.scheduler.capacity.user.alice.max-parallel-apps=\" 5\"",
		Good:     "yarn.scheduler.capacity.user.alice.max-parallel-apps=5",
		Source:   "CapacitySchedulerConfiguration#getMaxParallelAppsForUser, CSMaxRunningAppsEnforcer#checkRunnabilityWithUpdate and #updateRunnabilityOnReload, CapacityScheduler#addApplicationAttempt and #reinitialize, EventDispatcher",
		Versions: "3.3+",
	},
	Check: func(p *Pass) {
		g := p.Model.Global.UserMaxParallelApps
		if g.Err != "" && g.Prop != nil {
			p.ReportHint(p.AtProperty(nil, g.Prop), "getInt reads it for every user: write a plain number",
				"getMaxParallelAppsForUser throws NumberFormatException (%s) when any application attempt is added, and the ResourceManager exits",
				g.Err)
		}
		if p.Model.Root == nil {
			return
		}
		users := p.Model.Root.UserMaxParallelApps
		for _, u := range slices.Sorted(maps.Keys(users)) {
			v := users[u]
			if v.Err == "" || v.Prop == nil {
				continue
			}
			p.ReportHint(p.AtProperty(nil, v.Prop), "Integer.parseInt reads it: "+rawIntHint(v.Raw),
				"getMaxParallelAppsForUser throws NumberFormatException (%s) when an application attempt of user %q is added, and the ResourceManager exits",
				v.Err, u)
		}
	},
}

// userParallelOnReload is CS124's Rule.OnReload. CapacityScheduler#
// reinitialize (3.3+; read in trunk) calls CSMaxRunningAppsEnforcer#
// updateRunnabilityOnReload last, after this.conf and the queues were
// replaced and outside the try that restores the old ones on failure. It
// gathers the non-runnable applications of every leaf reached through
// queues below their max-parallel-apps (gatherPossiblyRunnableAppLists)
// and checks each, oldest first, with checkRunnabilityWithUpdate, whose
// getUserMaxParallelApps reads getMaxParallelAppsForUser: the
// NumberFormatException leaves reinitialize, so the refresh fails with
// the new queues already in force. Only applications held back by
// max-parallel-apps are non-runnable; capq's diff has none to look at.
const userParallelOnReload = "applications are waiting for a max-parallel-apps slot: refreshQueues then ends in " +
	"CSMaxRunningAppsEnforcer#updateRunnabilityOnReload, which reads the value for each waiting application's user " +
	"(user.max-parallel-apps for every user) and throws NumberFormatException after the new queues took effect " +
	"(nothing rolls them back)"
