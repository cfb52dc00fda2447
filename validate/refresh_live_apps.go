package validate

import (
	"fmt"
	"sort"
	"strings"
)

// LiveApp is one application of the ResourceManager's apps answer (GET
// /ws/v1/cluster/apps): what a refresh finding needs to name the
// applications that hold a queue.
type LiveApp struct {
	ID, User, Queue, State string
}

// appLister is a LiveState that can name the unfinished applications of a
// queue subtree (SchedulerState given --live-apps).
type appLister interface{ QueueAppList(path string) []LiveApp }

// maxNamedApps bounds the applications one hint names; the rest are
// counted.
const maxNamedApps = 10

// finishedApp is RMAppState's final states: an app in any other state
// (NEW … RUNNING, FINAL_SAVING, FINISHING, KILLING) still holds its queue.
func finishedApp(state string) bool {
	switch strings.ToUpper(strings.TrimSpace(state)) {
	case "FINISHED", "FAILED", "KILLED":
		return true
	}
	return false
}

// SetApps records the apps answer's applications. Each queue is the app's
// leaf as the answer names it: a full path, or (before 3.3, and for many
// 3.x answers) the leaf's short name, which Capacity Scheduler keeps
// unique; a short name two live leaves share is left unresolved.
func (s *SchedulerState) SetApps(apps []LiveApp) {
	s.apps = map[string][]LiveApp{}
	leaves := map[string][]string{}
	for p, q := range s.Queues {
		if q.Leaf {
			name := p[strings.LastIndexByte(p, '.')+1:]
			leaves[name] = append(leaves[name], p)
		}
	}
	for _, a := range apps {
		if finishedApp(a.State) {
			continue
		}
		path := a.Queue
		if _, ok := s.Queues[path]; !ok && !strings.Contains(path, ".") && len(leaves[path]) == 1 {
			path = leaves[path][0]
		}
		s.apps[path] = append(s.apps[path], a)
	}
	for p := range s.apps {
		sort.Slice(s.apps[p], func(i, j int) bool { return s.apps[p][i].ID < s.apps[p][j].ID })
	}
}

// QueueAppList implements appLister: the unfinished apps of the subtree
// at path, by id.
func (s *SchedulerState) QueueAppList(path string) []LiveApp {
	if s == nil {
		return nil
	}
	var out []LiveApp
	for p, as := range s.apps {
		if p == path || strings.HasPrefix(p, path+".") {
			out = append(out, as...)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// appsHint names the applications that hold the queue at path, for a
// finding's hint, or "" when the live state has no apps answer or none
// is unfinished there.
func (c *refreshCheck) appsHint(path string) string {
	l, ok := c.live.(appLister)
	if !ok {
		return ""
	}
	apps := l.QueueAppList(path)
	if len(apps) == 0 {
		return ""
	}
	names := make([]string, 0, min(len(apps), maxNamedApps))
	for _, a := range apps[:min(len(apps), maxNamedApps)] {
		names = append(names, fmt.Sprintf("%s (%s, %s, queue %s)", a.ID, a.User, a.State, a.Queue))
	}
	more := ""
	if len(apps) > maxNamedApps {
		more = fmt.Sprintf(" and %d more", len(apps)-maxNamedApps)
	}
	return fmt.Sprintf("unfinished in %s: %s%s; the queue reaches STOPPED only when they finish, are moved (yarn application -changeQueue) or are killed",
		path, strings.Join(names, ", "), more)
}

// joinHints keeps both of two hints.
func joinHints(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}
