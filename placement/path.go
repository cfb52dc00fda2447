package placement

import (
	"strings"
)

// validity is MappingRuleValidationHelper.ValidationResult.
type validity uint8

const (
	creatable validity = iota
	queueExists
	noParentProvided
	noDynamicParent
	ambiguousParent
	ambiguousQueue
	emptyPath
)

// normalizeRoot is MappingRuleValidationHelper.normalizeQueuePathRoot:
// the first segment may be a short name and is replaced by its full path.
func normalizeRoot(qs Queues, full string) (string, error) {
	first, rest, _ := strings.Cut(full, ".")
	p, _, ok := qs.Get(first)
	if !ok {
		if qs.Ambiguous(first) {
			return "", hadoopErr("Path root '%s' is ambiguous. Path '%s' is invalid", first, full)
		}
		return "", hadoopErr("Path root '%s' does not exist. Path '%s' is invalid", first, full)
	}
	if rest == "" && !strings.Contains(full, ".") {
		return p, nil
	}
	return p + "." + rest, nil
}

// autoCreation is MappingRuleValidationHelper.validateQueuePathAutoCreation:
// whether path exists, or can be created under its parent (or, for two
// new levels, its grandparent) queue.
func autoCreation(qs Queues, path string) validity {
	if path == "" {
		return emptyPath
	}
	if _, _, ok := qs.Get(path); ok {
		return queueExists
	}
	if qs.Ambiguous(path) {
		return ambiguousQueue
	}
	parent, _ := splitPath(path)
	grand, _ := splitPath(parent)
	if parent == "" {
		return noParentProvided
	}
	if qs.Ambiguous(parent) {
		return ambiguousParent
	}
	_, pk, ok := qs.Get(parent)
	if !ok {
		if grand == "" {
			return noParentProvided
		}
		if qs.Ambiguous(grand) {
			return ambiguousParent
		}
		if _, gk, ok := qs.Get(grand); ok && gk == KindDynamicParent {
			return creatable
		}
		return noDynamicParent
	}
	if pk == KindManagedParent || pk == KindDynamicParent {
		return creatable
	}
	return noDynamicParent
}

func hasEmptyPart(p string) bool {
	for _, s := range strings.Split(p, ".") {
		if s == "" {
			return true
		}
	}
	return false
}

// normalize is CSMappingPlacementRule.validateAndNormalizeQueue: the full
// path of a usable target, whether it must be created, or why it cannot
// be used.
func normalize(qs Queues, queue string, allowCreate bool) (string, bool, error) {
	if hasEmptyPart(queue) {
		return "", false, hadoopErr("Invalid path returned by rule: '%s'", queue)
	}
	parent, leaf := splitPath(queue)
	var full string
	create := false
	if parent != "" {
		norm, err := normalizeRoot(qs, parent+"."+leaf)
		if err != nil {
			return "", false, err
		}
		switch autoCreation(qs, norm) {
		case ambiguousParent:
			return "", false, hadoopErr("Mapping rule specified a parent queue '%s', but it is ambiguous.", parent)
		case ambiguousQueue:
			return "", false, hadoopErr("Mapping rule specified a target queue '%s', but it is ambiguous.", norm)
		case emptyPath:
			return "", false, hadoopErr("Mapping rule did not specify a target queue.")
		case noParentProvided:
			return "", false, hadoopErr("Mapping rule did not specify an existing queue nor a dynamic parent queue.")
		case noDynamicParent:
			return "", false, hadoopErr("Mapping rule specified a parent queue '%s', but it is not a dynamic parent queue, and no queue exists with name '%s' under it.", parent, leaf)
		case creatable:
			if !allowCreate {
				return "", false, hadoopErr("Mapping rule doesn't allow auto-creation of the queue '%s'.", norm)
			}
			create = true
		}
		full = norm
	} else {
		p, _, ok := qs.Get(leaf)
		if !ok {
			if qs.Ambiguous(leaf) {
				return "", false, hadoopErr("Queue '%s' specified in mapping rule is ambiguous", leaf)
			}
			return "", false, hadoopErr("Queue '%s' specified in mapping rule does not exist.", leaf)
		}
		full = p
	}
	if p, k, ok := qs.Get(full); ok && k != KindLeaf {
		return "", false, hadoopErr("Mapping rule returned a non-leaf queue '%s', cannot place application in it.", p)
	}
	return full, create, nil
}
