// Package validate judges a Capacity Scheduler configuration the way the
// ResourceManager does, per Hadoop version: lint (Lint, every rule in one
// explicit registry with its docs, severity and check), refresh
// (Refresh: would `yarn rmadmin -refreshQueues` accept NEW while OLD runs,
// and what changes queue by queue), and the renderers of both (text, JSON,
// SARIF, GitHub annotations, JUnit; WriteDiff and UnifiedDiff for a
// refresh).
//
// Every registry entry carries its own logic: a Check (lint rules; the
// loader, runner and migration rules judge the facts xmlconf, the runner
// or capq migrate recorded: JudgeMigration) or a Refresh check (RF0xx,
// run by Refresh in the ResourceManager's order).
//
// What lives here: rules, their IDs, severities and documentation,
// suppressions, baselines, refresh rules and reason codes, the change
// set, how findings, change sets and the rule list are rendered, and
// which lint a path gets (LintHadoop1Path: a Hadoop 1 file set or not). What does not: reading XML and
// building the typed model, which only reports facts (xmlconf); running a
// scheduler (engine), which takes validate's refresh check through
// engine/preview.RefreshCheck; flags, files and exit codes (cmd/capq).
// validate imports xmlconf, placement and safeio only.
package validate
