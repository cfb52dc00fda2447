package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// RMAppsOptions shape the workload built from a ResourceManager's
// applications answer.
type RMAppsOptions struct {
	// AM is the AM container the answer does not record [1024 MB, 1
	// vcore].
	AM engine.Resource
	// TaskMemoryMB is the size of the task containers the app's
	// memory-seconds are cut into [1024].
	TaskMemoryMB int64
	// Cluster is the node managers (from ReadRMNodes or generated).
	Cluster Cluster
}

// rmApp is the part of the RM's AppInfo (GET /ws/v1/cluster/apps) that
// a workload needs; the other fields are ignored.
type rmApp struct {
	ID            string  `json:"id"`
	User          string  `json:"user"`
	Queue         string  `json:"queue"`
	State         string  `json:"state"`
	StartedTime   int64   `json:"startedTime"`
	FinishedTime  int64   `json:"finishedTime"`
	ElapsedTime   int64   `json:"elapsedTime"`
	MemorySeconds float64 `json:"memorySeconds"`
	VcoreSeconds  float64 `json:"vcoreSeconds"`
	AllocatedMB   int64   `json:"allocatedMB"`
	// AppLabel is the submission context's node label expression, AMLabel
	// the AM request's after the RM normalized it (AppInfo).
	AppLabel *string `json:"appNodeLabelExpression"`
	AMLabel  *string `json:"amNodeLabelExpression"`
	// Tags are AppInfo's applicationTags: the RM's (lowercased) tags
	// joined with commas (CSV_JOINER), "" for none. Priority is the
	// app's priority (AppInfo.priority, 0 when it has none).
	Tags     string `json:"applicationTags"`
	Priority int32  `json:"priority"`
}

// RMAppsAssumptions are printed with every workload built from an RM
// answer: the answer gives each app's totals, not its containers.
var RMAppsAssumptions = []string{
	"submit times are startedTime, relative to the earliest app",
	"each app's AM is the --am-memory container for its elapsedTime (the answer does not record the AM's size)",
	"the rest of memorySeconds is cut into containers of --task-memory that run for elapsedTime, their count rounded (one at least, shorter when the app used less); vcores per container from vcoreSeconds",
	"RUNNING apps end where the answer was taken, with as many containers as their allocatedMB holds beyond the AM (for the time their memorySeconds cover); apps without resource use (never started) are left out",
	"one phase per app, no locality: the answer records neither",
	"each app keeps its priority and its applicationTags (split at commas: a tag that held one is two)",
}

// ReadRMApps builds a workload from the answer of the RM's GET
// /ws/v1/cluster/apps (JSON, {"apps": {"app": [...]}}, or its XML form:
// RMAnswerJSON), one app per
// application, for the model's leaf queues: apps of queues the model
// lacks are left out with a warning. The containers are an approximation
// derived from memorySeconds and vcoreSeconds (RMAppsAssumptions).
func ReadRMApps(name string, data []byte, m *xmlconf.Model, o RMAppsOptions) (*Workload, error) {
	apps, err := decodeRMApps(name, data)
	if err != nil {
		return nil, err
	}
	if o.AM.MemoryMB <= 0 {
		o.AM = engine.Resource{MemoryMB: 1024, VCores: 1}
	}
	if o.TaskMemoryMB <= 0 {
		o.TaskMemoryMB = 1024
	}
	if len(apps) > MaxApps {
		return nil, fmt.Errorf("%s: %d applications; at most %d are supported", name, len(apps), MaxApps)
	}
	sort.SliceStable(apps, func(i, j int) bool { return apps[i].StartedTime < apps[j].StartedTime })
	w := &Workload{Name: name, Cluster: o.Cluster}
	var base int64
	ids := map[string]bool{}
	for i, a := range apps {
		pos := fmt.Sprintf("%s (app %d, %s)", name, i+1, a.ID)
		if base <= 0 {
			// The earliest app that can be kept: one with no positive
			// startedTime is left out, and a base from it made
			// StartedTime - base overflow.
			base = a.StartedTime
		}
		app, why := rmWorkloadApp(a, base, o)
		switch {
		case why != "":
			w.Warnings = append(w.Warnings, pos+": left out: "+why)
			continue
		case ids[app.ID]:
			w.Warnings = append(w.Warnings, pos+": left out: the id is listed twice")
			continue
		}
		if _, ok := resolveLeaf(m, app.Queue); !ok {
			w.Warnings = append(w.Warnings, fmt.Sprintf("%s: left out: queue %q is not a leaf of the configuration", pos, app.Queue))
			continue
		}
		ids[app.ID] = true
		app.Pos = pos
		w.Apps = append(w.Apps, app)
	}
	if len(w.Apps) == 0 {
		// The warnings are lost with the workload: say why, at least
		// for the first app, or the message gives no hint.
		why := ""
		if len(w.Warnings) > 0 {
			why = "; " + w.Warnings[0]
			if len(w.Warnings) > 1 {
				why += fmt.Sprintf(" (and %d more left out)", len(w.Warnings)-1)
			}
		}
		return nil, fmt.Errorf("%s: no application to simulate (%d listed)%s", name, len(apps), why)
	}
	return w, w.Validate()
}

// decodeRMApps reads GET /ws/v1/cluster/apps, JSON or XML.
func decodeRMApps(name string, data []byte) ([]rmApp, error) {
	data, err := RMAnswerJSON(name, "apps", data)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Apps *struct {
			App []rmApp `json:"app"`
		} `json:"apps"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		r := &posReader{name: name, data: data, lastLine: 1}
		return nil, fmt.Errorf("not a ResourceManager apps answer (GET /ws/v1/cluster/apps): %w", r.jsonErr(err, dec))
	}
	if doc.Apps == nil {
		return nil, fmt.Errorf("%s: no \"apps\" object; want the JSON of GET /ws/v1/cluster/apps", name)
	}
	return doc.Apps.App, nil
}

// RMAppRef is one application of an apps answer as the RM lists it: what
// a refresh finding needs to name the apps that hold a queue.
type RMAppRef struct {
	ID, User, Queue, State string
}

// ReadRMAppRefs lists the applications of the answer of GET
// /ws/v1/cluster/apps (JSON or XML), in the answer's order, whatever their
// state.
func ReadRMAppRefs(name string, data []byte) ([]RMAppRef, error) {
	apps, err := decodeRMApps(name, data)
	if err != nil {
		return nil, err
	}
	if len(apps) > MaxApps {
		return nil, fmt.Errorf("%s: %d applications; at most %d are supported", name, len(apps), MaxApps)
	}
	out := make([]RMAppRef, len(apps))
	for i, a := range apps {
		out[i] = RMAppRef{ID: a.ID, User: a.User, Queue: a.Queue, State: a.State}
	}
	return out, nil
}

// rmWorkloadApp turns one AppInfo into an app, or says why it cannot.
func rmWorkloadApp(a rmApp, base int64, o RMAppsOptions) (App, string) {
	elapsed := a.ElapsedTime
	if elapsed <= 0 && a.FinishedTime > a.StartedTime {
		elapsed = a.FinishedTime - a.StartedTime
	}
	switch {
	case a.ID == "" || a.Queue == "":
		return App{}, "no id or queue"
	case a.StartedTime <= 0 || a.StartedTime-base > MaxTimeMS:
		return App{}, fmt.Sprintf("startedTime %d is out of range", a.StartedTime)
	case elapsed <= 0 || elapsed > MaxTimeMS:
		return App{}, fmt.Sprintf("elapsedTime %d is out of range", elapsed)
	case !(a.MemorySeconds > 0) || math.IsInf(a.MemorySeconds, 0) || !(a.VcoreSeconds >= 0) || math.IsInf(a.VcoreSeconds, 0):
		return App{}, fmt.Sprintf("no resource use recorded (state %s)", a.State)
	}
	user := a.User
	if user == "" {
		user = "default"
	}
	// A short leaf name or a full path, as the RM resolves them.
	app := App{ID: a.ID, Queue: a.Queue, User: user, SubmitMS: a.StartedTime - base, AM: o.AM,
		NodeLabelExpression: a.AppLabel, AMNodeLabelExpression: a.AMLabel, Tags: splitRMTags(a.Tags), Priority: new(a.Priority)}
	// Memory-time in MB·ms, less the AM's share.
	taskMem := a.MemorySeconds*1000 - float64(o.AM.MemoryMB)*float64(elapsed)
	taskVc := a.VcoreSeconds*1000 - float64(o.AM.VCores)*float64(elapsed)
	if taskMem < float64(o.TaskMemoryMB)*1000 {
		// Less than a second of one container: the AM did the work.
		taskMem = float64(o.TaskMemoryMB) * 1000
	}
	n := math.Round(taskMem / (float64(o.TaskMemoryMB) * float64(elapsed)))
	d := elapsed
	if a.State == "RUNNING" && a.AllocatedMB > o.AM.MemoryMB {
		// What it holds now is the better count; its memory-seconds
		// then say for how long.
		n = math.Max(1, math.Round(float64(a.AllocatedMB-o.AM.MemoryMB)/float64(o.TaskMemoryMB)))
		d = min(elapsed, max(1000, int64(taskMem/(n*float64(o.TaskMemoryMB)))))
	}
	if n < 1 {
		n, d = 1, max(1000, int64(taskMem/float64(o.TaskMemoryMB)))
	}
	if n > MaxContainers {
		return App{}, fmt.Sprintf("memorySeconds %g asks for more than %d containers", a.MemorySeconds, MaxContainers)
	}
	vc := int64(math.Max(1, math.Round(taskVc/(n*float64(d)))))
	app.Tasks = []TaskGroup{{Count: int(n), MemoryMB: o.TaskMemoryMB, VCores: vc, DurationMS: d, Priority: 20, Type: "task"}}
	return app, ""
}

// splitRMTags splits AppInfo's applicationTags at its commas. At most
// one more part than engine.MaxAppTags is kept, enough for the
// workload's check (engine.CheckTags) to refuse too many, so a huge
// value costs nothing. A tag that held a comma is split: the answer
// cannot tell it apart.
func splitRMTags(s string) []string {
	if s == "" {
		return nil
	}
	tags := strings.SplitN(s, ",", engine.MaxAppTags+2)
	if len(tags) > engine.MaxAppTags+1 {
		// The last part holds the rest, unsplit: one too many is enough.
		tags = tags[:engine.MaxAppTags+1]
	}
	return tags
}

// SpanMS is the time from the first submission to the end of the
// longest-running app, each app taken as its phases' longest tasks after
// its submission: the period a recorded workload covers.
func SpanMS(w *Workload) int64 {
	var end int64
	for _, a := range w.Apps {
		longest := map[int]int64{}
		for _, g := range a.Tasks {
			longest[g.Phase] = max(longest[g.Phase], g.DurationMS)
		}
		t := a.SubmitMS
		for _, d := range longest {
			t += d
		}
		end = max(end, t)
	}
	return end
}
