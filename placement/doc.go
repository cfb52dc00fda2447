// Package placement decides which queue an application lands in, as the
// Capacity Scheduler's CSMappingPlacementRule (Hadoop 3.4) does: legacy
// queue-mappings (u:, g:, %user, %primary_group, %secondary_group) and
// application-name mappings are converted to mapping rules the way
// LegacyMappingRuleToJson does, JSON mapping rules are read as
// MappingRuleCreator reads them, and rules are evaluated in order with
// first-match semantics, variables, create flags and fallbacks.
//
// It sits beside engine and validate, on top of xmlconf, because both need
// the same reading of the rules: the engine to place submissions, validate
// to lint them (one home for one computation). It never imports either.
// Group membership comes from the caller (a workload or scenario declares
// each user's groups); there is no OS lookup.
package placement
