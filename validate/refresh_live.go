package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/safeio"
)

// LiveState is what the refresh rules need from the running scheduler. The
// engine of `capq scenario` implements it, and so does SchedulerState (the
// ResourceManager's REST answer).
type LiveState interface {
	// QueueState returns the live state (RUNNING, STOPPED, DRAINING) of a
	// queue path, or "" when unknown.
	QueueState(path string) string
	// QueueApps returns the number of unfinished apps in a queue subtree.
	QueueApps(path string) int
}

// LiveQueue is one queue of the ResourceManager's scheduler REST answer.
type LiveQueue struct {
	Path            string `json:"path"`
	State           string `json:"state"`
	NumApplications int    `json:"num_applications"`
	Leaf            bool   `json:"leaf"`
	// Dynamic marks an auto-created queue (creationMethod dynamic*, or a
	// child of a legacy auto-create parent): Hadoop never asks a file for it.
	Dynamic bool `json:"dynamic"`
}

// SchedulerState is a parsed GET /ws/v1/cluster/scheduler answer.
type SchedulerState struct {
	// Queues by full path.
	Queues map[string]LiveQueue
	// apps are the unfinished applications by queue path (SetApps).
	apps map[string][]LiveApp
}

// QueueState implements LiveState.
func (s *SchedulerState) QueueState(path string) string {
	if s == nil {
		return ""
	}
	return s.Queues[path].State
}

// QueueApps implements LiveState.
func (s *SchedulerState) QueueApps(path string) int {
	if s == nil {
		return 0
	}
	return s.Queues[path].NumApplications
}

// StaticQueuePaths lists the live queues a file defines (not auto-created),
// sorted, so Refresh can check the queues the ResourceManager really has.
func (s *SchedulerState) StaticQueuePaths() []string {
	var out []string
	for p, q := range s.Queues {
		if !q.Dynamic {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// restQueue is a CapacitySchedulerQueueInfo / CapacitySchedulerInfo as the
// REST API renders it: queueName always, queuePath in 3.3+ (~), nested
// queues under queues.queue (an object instead of a one-element array in
// some old Jersey renderings).
type restQueue struct {
	QueueName       string          `json:"queueName"`
	QueuePath       string          `json:"queuePath"`
	State           string          `json:"state"`
	Type            string          `json:"type"`
	NumApplications *int            `json:"numApplications"`
	CreationMethod  string          `json:"creationMethod"`
	AutoCreate      bool            `json:"autoCreateChildQueueEnabled"`
	Queues          json.RawMessage `json:"queues"`
}

// liveNode is one queue of either form of the answer, before paths are
// resolved.
type liveNode struct {
	name, path, state, creationMethod string
	numApps                           *int
	autoCreate                        bool
	children                          []liveNode
}

// ParseSchedulerState reads the ResourceManager's scheduler REST answer in
// either form it serves: JSON ({"scheduler":{"schedulerInfo":{...}}}, or
// the schedulerInfo object alone) or XML (Accept: application/xml,
// <scheduler><schedulerInfo xsi:type="capacityScheduler">). Queue paths
// come from queuePath when present, else from the nesting of queueName,
// as Hadoop names them.
func ParseSchedulerState(data []byte) (*SchedulerState, error) {
	var root liveNode
	var err error
	// The RM writes no byte-order mark; an editor that re-saved the
	// answer may have, and capq alone reads it: skipped, as gen
	// workload's answers (engine/sim/bom.go).
	if err := safeio.RefuseWide(data, ""); err != nil {
		return nil, fmt.Errorf("live state: %w", err)
	}
	data, _ = safeio.CutBOM(data)
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '<' {
		root, err = parseSchedulerXML(data)
	} else {
		root, err = parseSchedulerJSON(data)
	}
	if err != nil {
		return nil, err
	}
	s := &SchedulerState{Queues: map[string]LiveQueue{}}
	if root.name == "" {
		root.name = "root"
	}
	s.add(root, "", false)
	return s, nil
}

func parseSchedulerJSON(data []byte) (liveNode, error) {
	var wrapper struct {
		Scheduler *struct {
			SchedulerInfo json.RawMessage `json:"schedulerInfo"`
		} `json:"scheduler"`
		SchedulerInfo json.RawMessage `json:"schedulerInfo"`
	}
	if err := json.Unmarshal(data, &wrapper); err != nil {
		return liveNode{}, fmt.Errorf("live state: not the scheduler REST JSON: %w", err)
	}
	info := wrapper.SchedulerInfo
	if wrapper.Scheduler != nil {
		info = wrapper.Scheduler.SchedulerInfo
	}
	if len(info) == 0 {
		info = data
	}
	var root restQueue
	if err := json.Unmarshal(info, &root); err != nil {
		return liveNode{}, fmt.Errorf("live state: schedulerInfo: %w", err)
	}
	if root.Type != "" && root.Type != "capacityScheduler" {
		return liveNode{}, fmt.Errorf("live state: scheduler type %q, want capacityScheduler", root.Type)
	}
	return root.node()
}

// node converts a JSON queue and its children; depth is bounded by the
// JSON decoder's own nesting limit.
func (q restQueue) node() (liveNode, error) {
	n := liveNode{name: q.QueueName, path: q.QueuePath, state: q.State, creationMethod: q.CreationMethod,
		numApps: q.NumApplications, autoCreate: q.AutoCreate}
	children, err := restChildren(q.Queues)
	if err != nil {
		name := q.QueuePath
		if name == "" {
			name = q.QueueName
		}
		return n, fmt.Errorf("live state: queues of %s: %w", name, err)
	}
	for _, c := range children {
		cn, err := c.node()
		if err != nil {
			return n, err
		}
		n.children = append(n.children, cn)
	}
	return n, nil
}

// add records q (and its children) under parent.
func (s *SchedulerState) add(q liveNode, parent string, parentAutoCreate bool) {
	path := q.path
	if path == "" {
		path = q.name
		if parent != "" {
			path = parent + "." + q.name
		}
	}
	lq := LiveQueue{Path: path, State: strings.ToUpper(strings.TrimSpace(q.state)), Leaf: len(q.children) == 0,
		Dynamic: parentAutoCreate || strings.HasPrefix(strings.ToLower(q.creationMethod), "dynamic")}
	if q.numApps != nil {
		lq.NumApplications = *q.numApps
	}
	s.Queues[path] = lq
	for _, c := range q.children {
		s.add(c, path, q.autoCreate)
	}
}

// restChildren decodes {"queue":[...]} or {"queue":{...}}; null or absent
// means no children.
func restChildren(raw json.RawMessage) ([]restQueue, error) {
	if len(raw) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	var wrap struct {
		Queue json.RawMessage `json:"queue"`
	}
	if err := json.Unmarshal(raw, &wrap); err != nil {
		return nil, err
	}
	q := bytes.TrimSpace(wrap.Queue)
	if len(q) == 0 || bytes.Equal(q, []byte("null")) {
		return nil, nil
	}
	if q[0] == '{' {
		var one restQueue
		if err := json.Unmarshal(q, &one); err != nil {
			return nil, err
		}
		return []restQueue{one}, nil
	}
	var many []restQueue
	if err := json.Unmarshal(q, &many); err != nil {
		return nil, err
	}
	return many, nil
}
