package scenario

import "bytes"

// op is one kind of step: how it runs and how the text report prints it.
type op struct {
	run  func(r *runner, s *Step, res *StepResult)
	text func(b *bytes.Buffer, s *Step, res *StepResult)
}

// ops is every step kind of scenario-format.md plus capq's extensions
// (preempt, move_app, ...). A new op is one line here, its run function in steps.go and,
// when the generic "APP: verdict" line will not do, a text function in
// text.go.
var ops = map[string]op{
	"submit_app":                {(*runner).submitApp, submitText},
	"update_asks":               {(*runner).updateAsks, appVerdictText},
	"assign_once":               {multiNodeBounded((*runner).assignOnce), assignText},
	"heartbeat":                 {multiNodeBounded((*runner).heartbeat), assignText},
	"async_schedule":            {(*runner).asyncSchedule, asyncText},
	"complete_containers":       {(*runner).complete, completeText},
	"finish_app":                {(*runner).finishApp, defaultText},
	"kill_app":                  {(*runner).killApp, defaultText},
	"refresh":                   {(*runner).refresh, refreshText},
	"validate":                  {(*runner).refresh, refreshText},
	"add_nodes":                 {(*runner).addNodes, defaultText},
	"remove_nodes":              {(*runner).removeNodes, defaultText},
	"replace_node":              {(*runner).replaceNode, defaultText},
	"preempt":                   {(*runner).preempt, preemptText},
	"snapshot":                  {(*runner).snapshot, snapshotText},
	"expect":                    {(*runner).expect, snapshotText},
	"expire_queues":             {(*runner).expireQueues, expireText},
	"define_node_labels":        {(*runner).defineNodeLabels, defaultText},
	"update_node_labels":        {(*runner).updateNodeLabels, defaultText},
	"max_allocation_from_nodes": {(*runner).maxAllocationFromNodes, defaultText},
	"move_app":                  {(*runner).moveApp, moveText},
	"move_all_apps":             {(*runner).moveAllApps, moveText},
	"kill_all_apps":             {(*runner).killAllApps, moveText},
	"remove_attempt":            {(*runner).removeAttempt, attemptText},
	"add_attempt":               {(*runner).addAttempt, attemptText},
	"update_app_priority":       {(*runner).updateAppPriority, priorityText},
}
