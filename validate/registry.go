package validate

import "strings"

// registry is every rule, in the order `capq rules` prints them. It is an
// explicit list (no init() self-registration) so the catalogue is visible
// in one place. To add a rule: define it in its own file and add one line
// here. Hadoop 1 rules (validate/rules_hadoop1*.go) go in their block.
var registry = []*Rule{
	// Structure
	ruleRootChildren, ruleReservableParent, ruleDuplicateLeaf, ruleChildNames, ruleUnknownProperty,
	// Capacity values
	ruleCapacitySyntax, ruleCapacityRange, ruleCapacityMissing, ruleLabelCapacityRange, ruleWeightRange,
	ruleMaxCapacity, ruleCapacityAboveMax, ruleJavaNumber, ruleWeightMaximum,
	// Mixing and sums
	ruleMixedModes, ruleLabelModeMix, ruleParentChildAbsolute, ruleAbsoluteSum, ruleCapacitySum,
	ruleAbsoluteMaxOverParent, ruleAbsoluteMinOverMax, ruleAbsoluteSyntax,
	// Node labels
	ruleLabelsSubset, ruleDefaultLabelExpr, ruleLabelSettingsUnused, ruleDefaultLabelDeadPartition, ruleLabelKeyNoSetting,
	// State
	ruleInvalidState, ruleRunningUnderStopped,
	// Limits and misc
	ruleMaxAllocation, ruleMinMaxAllocation, ruleLifetime, ruleUserWeight, ruleUserLimits,
	ruleResourceTypes, ruleOrderingPolicy, ruleQueuePriorityIgnored, ruleMultiNode, ruleMultiNodeQueuePolicy, ruleValueSyntax, ruleUserParallelSyntax, ruleAppPrioritySyntax, rulePriorityACLNoDefault,
	ruleMonitorPolicyClass, ruleRMOnlySetting, rulePreemptionInterval, ruleMonitorInterval, ruleSchedulerClass, ruleCalculatorClass,
	// Auto-created queues
	ruleTemplateMode, ruleManagementPolicy, ruleAutoCreateConflict, ruleQueuePolicies, ruleDeletionInterval,
	// Placement
	ruleMappingSyntax, ruleMappingFormat, ruleMappingTarget, rulePlacementRules, rulePlacementRuleClass,
	ruleMappingJSON, ruleMappingJSONTarget, ruleMappingVariable, ruleMappingUnreachable, ruleMappingJSONMissing, ruleMappingJSONUnknownKey,
	// Accepted by Hadoop, almost surely wrong
	ruleAMPercent, ruleLeafOnlyOnParent, ruleRootCapacity, ruleIneffectiveACL, ruleACLSplitAfterComma, ruleDeadQueue, ruleLowCapacity, ruleWorkflowMappingIneffective,
	// Information
	ruleMaxOfParentMax, ruleRestartNeeded,
	// Refresh (capq diff, validate/refresh_rules.go): reported by Refresh, not Lint
	ruleRF001, ruleRF002, ruleRF003, ruleRF004, ruleRF005, ruleRF006, ruleRF007, ruleRF008, ruleRF009, ruleRF010, ruleRF011, ruleRF013, ruleRFMutableStore, ruleRF015, ruleRF016, ruleRF017,
	// XML loader and capq itself
	ruleDuplicate, ruleFinalOverride, ruleUnresolvedVar, ruleSubstDepth, ruleIncludeFallback, ruleRootElement, ruleNoName,
	ruleUntrustedExternal, ruleUntrustedEnv, ruleExpandLimit, ruleTemplate, ruleTemplateText,
	ruleSuppression, ruleInternal,
	// Hadoop 1 (migration): add rules_hadoop1*.go rules below, one per line.
	ruleH1NoQueues, ruleH1CapacityMissing, ruleH1CapacityIllegal, ruleH1CapacitySum, ruleH1MaxCapacity, ruleH1UserLimit, ruleH1TaskLimits, ruleH1AcceptFactor, ruleH1GlobalIllegal, ruleH1State, ruleH1Scheduler, ruleH1QueueName, ruleH1Fallback, ruleH1Orphan, ruleH1Obsolete, ruleH1Unknown, ruleH1ACLLocation, ruleH1ACLQuirk, ruleH1QueuesXML, ruleH1ShareOverMax, ruleH1UserLimitFactor, ruleH1QueuesXMLIgnored, ruleH1NoDefaultQueue, ruleH1ACLsDisabled, ruleH1DialectMismatched, ruleH1SchedulerKeyInSite, H1MRescaled, H1MRenamed, H1MAdminNotSubmit, H1MUnsetACL, H1MACLsDisabled, H1MPriority, H1MDropped, H1MAppLimits, H1MULF, H1MState, H1MCeiling, H1MSlots, H1MQueueNames, H1MMaxRaised, H1MAdmins, H1MYarnSite, H1MGroup, H1MOutputLint,
}

// Rules returns every registered rule in print order. The slice is shared:
// do not modify it.
func Rules() []*Rule { return registry }

// Lookup returns the rule with the given ID or name (case-insensitive), or nil.
func Lookup(id string) *Rule {
	for _, r := range registry {
		if strings.EqualFold(r.ID, id) || strings.EqualFold(r.Name, id) {
			return r
		}
	}
	return nil
}
