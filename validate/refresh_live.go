package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
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

// ParseSchedulerState reads the ResourceManager's scheduler REST answer
// ({"scheduler":{"schedulerInfo":{...}}}, or the schedulerInfo object
// alone). Queue paths come from queuePath when present, else from the
// nesting of queueName, as Hadoop names them.
func ParseSchedulerState(data []byte) (*SchedulerState, error) {
	var wrapper struct {
		Scheduler *struct {
			SchedulerInfo json.RawMessage `json:"schedulerInfo"`
		} `json:"scheduler"`
		SchedulerInfo json.RawMessage `json:"schedulerInfo"`
	}
	if err := json.Unmarshal(data, &wrapper); err != nil {
		return nil, fmt.Errorf("live state: not the scheduler REST JSON: %w", err)
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
		return nil, fmt.Errorf("live state: schedulerInfo: %w", err)
	}
	if root.Type != "" && root.Type != "capacityScheduler" {
		return nil, fmt.Errorf("live state: scheduler type %q, want capacityScheduler", root.Type)
	}
	s := &SchedulerState{Queues: map[string]LiveQueue{}}
	if root.QueueName == "" {
		root.QueueName = "root"
	}
	if err := s.add(root, "", false); err != nil {
		return nil, err
	}
	return s, nil
}

// add records q (and its children) under parent; depth is bounded by the
// JSON decoder's own nesting limit.
func (s *SchedulerState) add(q restQueue, parent string, parentAutoCreate bool) error {
	path := q.QueuePath
	if path == "" {
		path = q.QueueName
		if parent != "" {
			path = parent + "." + q.QueueName
		}
	}
	children, err := restChildren(q.Queues)
	if err != nil {
		return fmt.Errorf("live state: queues of %s: %w", path, err)
	}
	lq := LiveQueue{Path: path, State: strings.ToUpper(strings.TrimSpace(q.State)), Leaf: len(children) == 0,
		Dynamic: parentAutoCreate || strings.HasPrefix(strings.ToLower(q.CreationMethod), "dynamic")}
	if q.NumApplications != nil {
		lq.NumApplications = *q.NumApplications
	}
	s.Queues[path] = lq
	for _, c := range children {
		if err := s.add(c, path, q.AutoCreate); err != nil {
			return err
		}
	}
	return nil
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
