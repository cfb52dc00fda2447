// Package xmlconf is capq's bottom layer: Hadoop Configuration XML in and
// out (Read, Write, WriteFileAtomic, with file:line:col for every value,
// XInclude and variable expansion as Hadoop's Configuration treats
// them), the typed queue model built from it (Build,
// Load: scheduler settings, queue tree, capacities in each mode, absolute
// capacities, limits, ACLs, states, labels, versions) and the Hadoop 1
// model (LoadHadoop1), which files a conf dir holds (ConfDirSource,
// H1Candidates), plus the finding type every layer reports with.
//
// What lives here: facts about a configuration — values, positions, what
// could not be parsed. What does not: judging them (validate's rules),
// migration (migrate), scheduling (engine), rendering the tree for people
// (xmlconf/tree) and command-line input (standard input, git:REV:PATH:
// cmd/capq). It is the only importer of etree and imports no other capq
// package but safeio.
package xmlconf
