package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// Keys SLS 3.4 reads from a job object and from a task object. The
// resource keys are "am." and "container." plus a resource type's name
// (AMRunner.getAMContainerResourceSLS, AMDefinitionSLS
// .getResourceForContainer): memory-mb and vcores; "am.memory" and
// "container.memory" are read by no SLS 3.x and are ignored like any
// other unknown key. The AM type is "yarn.sls.am.type" only
// (AMDefinitionFactory.createFromSlsTrace reads SLSConfiguration.AM_TYPE);
// "am.type", SLS 2.x's key that SLS's documentation and rumen2sls still
// write, is ignored too.
var (
	slsJobKeys = set("yarn.sls.am.type", "job.start.ms", "job.end.ms", "job.queue.name",
		"job.id", "job.user", "job.count", "job.tasks", "job.label.expression",
		"am.memory-mb", "am.vcores", "num.nodes", "num.racks")
	slsTaskKeys = set("count", "container.host", "container.start.ms", "container.end.ms",
		"duration.ms", "container.duration.ms", "container.memory-mb",
		"container.vcores", "container.priority", "container.type", "container.execution.type",
		"container.allocation.id", "container.request.delay")
)

func set(keys ...string) map[string]bool {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	return m
}

// MapReduce AM request priorities (MRAMSimulator.PRIORITY_MAP/REDUCE):
// the MapReduce AM overrides the trace's container.priority with them.
const (
	mrPriorityMap    = 20
	mrPriorityReduce = 10
	slsDefaultPrio   = 20
)

// slsReader holds the state of one trace read.
type slsReader struct {
	r        *posReader
	set      xmlconf.SLSSettings
	w        *Workload
	amID     int // SLS's AM_ID: one per AM started, names jobs without ids
	jobIndex int
	ids      map[string]bool
	hosts    map[string]string // full path -> host, from container.host
	hostList []string          // full paths in order of appearance
	// headers are the distinct num.nodes/num.racks headers, racks
	// clamped as SLSUtils.generateNodes clamps them, in trace order.
	headers    []slsGenerated
	headerSeen map[slsGenerated]bool
	// topology is set when the nodes come from an --sls-nodes file, and
	// the trace's num.nodes header is not read.
	topology bool
	groups   int // task groups held by all apps so far
	// containers counts what the apps so far ask for against the run's
	// cap, so a job.count past it is refused before its apps are built.
	containers containerCount
	// ignored counts the unknown keys SLS ignores, by key, reported once
	// each at the end with the first place they were seen.
	ignored map[string]ignoredKey
	// opportunistic counts the tasks asked as OPPORTUNISTIC, reported
	// once at the end with the first place seen.
	opportunistic ignoredKey
	// delayedHosts counts the DAG containers with a request delay and a
	// container.host, whose locality capq drops when it asks them late.
	delayedHosts ignoredKey
	// firstSkip is the first job skipped: when every job is, the trace
	// is refused with it.
	firstSkip error
}

type ignoredKey struct {
	first string
	n     int
}

// count adds n at pos, the first place kept.
func (k *ignoredKey) count(pos string, n int) {
	if k.n == 0 {
		k.first = pos
	}
	k.n += n
}

// ReadSLS reads an SLS trace the way SLS's AMRunner does: a stream of
// JSON objects, each a job (or a header with num.nodes/num.racks). Node
// managers come from nodes (an --sls-nodes topology) when given, else from
// the trace (num.nodes plus every container.host), all sized by set.
//
// maxContainers is the cap of the run the trace is read for
// (Options.MaxContainers, 0: DefaultMaxContainers): ReadSLS refuses the
// job that passes it as Run would, before building its apps.
func ReadSLS(name string, data []byte, set xmlconf.SLSSettings, nodes *Cluster, maxContainers int) (*Workload, error) {
	sr := newSLSReader(name, data, set, maxContainers)
	sr.topology = nodes != nil
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	// Jackson's readValues takes a root-level sequence of objects or one
	// JSON array of them.
	inArray := firstByte(data) == '['
	if inArray {
		if _, err := dec.Token(); err != nil {
			return nil, sr.r.jsonErr(err, dec)
		}
	}
	for {
		if inArray && !dec.More() {
			if _, err := dec.Token(); err != nil {
				return nil, sr.r.jsonErr(err, dec)
			}
			inArray = false
			continue
		}
		off := sr.r.skipSpace(dec.InputOffset())
		var obj map[string]any
		err := dec.Decode(&obj)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, sr.r.jsonErr(err, dec)
		}
		sr.jobIndex++
		if err := sr.job(obj, fmt.Sprintf("%s:%d (job %d)", name, sr.r.line(off), sr.jobIndex)); err != nil {
			var fatal *fatalErr
			if errors.As(err, &fatal) {
				return nil, fatal.err
			}
			// AMRunner.startAMFromSLSTrace logs "Failed to create an AM"
			// and carries on with the next job.
			sr.w.Warnings = append(sr.w.Warnings, skipNote(err))
			if sr.firstSkip == nil {
				sr.firstSkip = err
			}
		}
	}
	if len(sr.w.Apps) == 0 && sr.firstSkip != nil {
		return nil, fmt.Errorf("no job of the trace can start (SLS would run none); the first: %w", sr.firstSkip)
	}
	sr.reportIgnored()
	sr.reportOpportunistic()
	sr.reportDelayedHosts()
	if nodes != nil {
		sr.w.Cluster = *nodes
		// A given topology names nodes by host name (SLSUtils.parseNodesFile).
		sr.nameHosts(func(path string) string { return sr.hosts[path] })
	} else {
		c, err := sr.traceNodes()
		if err != nil {
			return nil, err
		}
		sr.w.Cluster = c
	}
	return sr.w, sr.w.Validate()
}

// newSLSReader is the state of a read of an SLS or Rumen trace.
func newSLSReader(name string, data []byte, set xmlconf.SLSSettings, maxContainers int) *slsReader {
	return &slsReader{r: &posReader{name: name, data: data, lastLine: 1}, set: set, ids: map[string]bool{}, hosts: map[string]string{}, ignored: map[string]ignoredKey{},
		w: &Workload{Name: name, AMHeartbeatMS: set.AMHeartbeatMS, NMHeartbeatMS: set.NMHeartbeatMS,
			AMHeartbeatFrom: slsSetAt(slsAMHeartbeatKey, set.AMHeartbeatPos), NMHeartbeatFrom: slsSetAt(slsNMHeartbeatKey, set.NMHeartbeatPos),
			RejectUnknownQueues: true, SLSAMs: true},
		containers: newContainerCount(maxContainers)}
}

func (sr *slsReader) job(obj map[string]any, pos string) error {
	if obj == nil {
		return posErr(pos, "expected a JSON object")
	}
	sr.ignore(obj, slsJobKeys, pos)
	if _, ok := obj["num.nodes"]; ok {
		if err := sr.header(obj, pos); err != nil {
			return err
		}
		if _, jobToo := obj["job.tasks"]; !jobToo {
			return nil // a header, as SLSUtils.parseNodesFromSLSTrace reads it
		}
	}
	app, count, err := sr.app(obj, pos)
	if err != nil {
		return err
	}
	if count > MaxApps || len(sr.w.Apps)+count > MaxApps {
		return &fatalErr{posErr(pos, "job.count %d makes more than %d applications", count, MaxApps)}
	}
	// Every instance holds its own copy of the task groups.
	sr.groups += count * len(app.Tasks)
	if sr.groups > MaxTaskGroups {
		return &fatalErr{posErr(pos, "job.count %d with %d task groups makes more than %d task groups in all", count, len(app.Tasks), MaxTaskGroups)}
	}
	if k := sr.containers.addApps(count, app.Containers()); k >= 0 {
		_, id := sr.instanceID(app.ID, count, sr.amID+k)
		return &fatalErr{sr.containers.refuse(pos, id)}
	}
	for i := 0; i < count; i++ {
		a := app
		a.Tasks = append([]TaskGroup(nil), app.Tasks...)
		named, id := sr.instanceID(app.ID, count, sr.amID)
		if id != named {
			sr.w.Warnings = append(sr.w.Warnings, duplicateIDNote(pos, named, id))
		}
		a.ID = id
		sr.ids[a.ID] = true
		sr.amID++
		sr.w.Apps = append(sr.w.Apps, a)
	}
	return nil
}

// header reads num.nodes and num.racks as SLSUtils.parseNodesFromSLSTrace
// does (Integer.parseInt), which SLS calls only without a topology file.
// There a bad value throws before any job starts, so it stops the read
// rather than skipping one job (whose warning the "no nodes" error that
// followed used to hide); so does a count past capq's node bound.
func (sr *slsReader) header(obj map[string]any, pos string) error {
	if sr.topology {
		return nil // SLS reads its nodes from the topology file only
	}
	n, err := javaInt(obj, "num.nodes", 0, pos)
	if err != nil {
		return &fatalErr{err}
	}
	racks, err := javaInt(obj, "num.racks", 1, pos)
	if err != nil {
		return &fatalErr{err}
	}
	if n < 0 || n > MaxNodes {
		return &fatalErr{posErr(pos, "num.nodes %d is out of range (0 to %d)", n, MaxNodes)}
	}
	// SLSUtils.addNodes adds every header's generateNodes to one set:
	// the union, not the largest count with the last rack count.
	h := slsGenerated{nodes: int(n), racks: min(max(int(racks), 1), max(int(n), 1))}
	if h.nodes > 0 && !sr.headerSeen[h] {
		if sr.headerSeen == nil {
			sr.headerSeen = map[slsGenerated]bool{}
		}
		sr.headerSeen[h] = true
		sr.headers = append(sr.headers, h)
	}
	return nil
}

// instanceID is the id of the instance of a job (of id and job.count
// count) that AM amID starts: AMRunner names multi-instance jobs, and jobs
// without an id, by AM_ID; an id already taken gets "_<AM_ID>" appended.
// named is the id before that.
func (sr *slsReader) instanceID(id string, count, amID int) (named, final string) {
	if count > 1 || id == "" {
		id = strconv.Itoa(amID)
	}
	if sr.ids[id] {
		return id, id + "_" + strconv.Itoa(amID)
	}
	return id, id
}

func (sr *slsReader) app(obj map[string]any, pos string) (App, int, error) {
	a := App{Pos: pos, User: "default", Priority: slsAppPriority()}
	user, err := castString(obj, "job.user", "withUser", pos)
	if err != nil {
		return a, 0, err
	}
	if user != nil {
		a.User = *user
	}
	q, ok := obj["job.queue.name"]
	if !ok || q == nil {
		return a, 0, posErr(pos, "job has no job.queue.name")
	}
	a.Queue = jsonString(q)
	id, err := castString(obj, "job.id", "withJobId", pos)
	if err != nil {
		return a, 0, err
	}
	if id != nil {
		a.ID = *id
	}
	if a.SubmitMS, err = javaLong(obj, "job.start.ms", 0, pos); err != nil {
		return a, 0, err
	}
	if a.SubmitMS < 0 {
		// TaskRunner.schedule rebases the AM's first step to a time
		// already past, and the DelayQueue hands it out at once: SLS
		// starts the job when the run starts.
		sr.w.Warnings = append(sr.w.Warnings, fmt.Sprintf("%s: job.start.ms %d is before the run's start; SLS's TaskRunner starts the AM at once, and capq submits it at 0", pos, a.SubmitMS))
		a.SubmitMS = 0
	}
	// AMDefinitionSLS.Builder.withJobFinishTime parses job.end.ms for
	// every AM type (Long.parseLong), so a bad one skips even a MapReduce
	// job, which then never reads it.
	end, err := javaLong(obj, "job.end.ms", 0, pos)
	if err != nil {
		return a, 0, err
	}
	if v, ok := obj["job.label.expression"]; ok {
		if v == nil {
			return a, 0, posErr(pos, "job.label.expression is null (AMDefinitionSLS.Builder.withLabelExpression calls toString on it)")
		}
		// AMSimulator.submitApp sets it as the submission context's node
		// label expression: the AM's and every unlabelled ANY request's.
		l := jsonString(v)
		a.NodeLabelExpression = &l
	}
	count, err := javaInt(obj, "job.count", 1, pos)
	if err != nil {
		return a, 0, err
	}
	if a.AM, err = sr.amResource(obj, pos); err != nil {
		return a, 0, err
	}
	// AMDefinitionSLS.Builder.withAmType: a null value keeps the default.
	amType := "mapreduce"
	t, err := castString(obj, "yarn.sls.am.type", "withAmType", pos)
	if err != nil {
		return a, 0, err
	}
	if t != nil {
		amType = *t
	}
	if !contains(sr.set.AMTypes, amType) {
		return a, 0, posErr(pos, "unknown yarn.sls.am.type %q (known: %s; add yarn.sls.am.type.%s to sls-runner.xml)", amType, strings.Join(sr.set.AMTypes, ", "), amType)
	}
	kind := sr.set.AMKind(amType)
	if kind == "" {
		return a, 0, posErr(pos, "yarn.sls.am.type %q is class %q, which capq does not simulate (MRAMSimulator, StreamAMSimulator, DAGAMSimulator)", amType, sr.set.AMClasses[amType])
	}
	if a.Tasks, err = sr.tasks(obj, pos, kind); err != nil {
		return a, 0, err
	}
	if kind == "stream" {
		if err := holdStreams(a.Tasks, end-a.SubmitMS); err != nil {
			return a, 0, posErr(pos, "%v", err)
		}
		a.StreamMS = end - a.SubmitMS
		sr.w.Warnings = append(sr.w.Warnings, streamNote(pos))
	}
	return a, int(max(count, 1)), nil
}

// castString reads key as AMDefinitionSLS.Builder's with... method
// does: (String) jsonJob.get(key), so a JSON number, boolean, object or
// array throws ClassCastException and AMRunner skips the job, where
// Long.parseLong(value.toString()) elsewhere would take a number. Absent
// or null is nil (the builder keeps its default).
func castString(obj map[string]any, key, method, pos string) (*string, error) {
	switch v := obj[key].(type) {
	case nil:
		return nil, nil
	case string:
		return &v, nil
	default:
		return nil, posErr(pos, "%s is a JSON %s, not a string: AMDefinitionSLS.Builder.%s casts it to String (ClassCastException)", key, jsonKind(v), method)
	}
}

// jsonKind names the JSON type of a value decoded with UseNumber.
func jsonKind(v any) string {
	switch v.(type) {
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return "value"
}

func (sr *slsReader) amResource(obj map[string]any, pos string) (engine.Resource, error) {
	r := engine.Resource{MemoryMB: sr.set.AMMemoryMB, VCores: sr.set.AMVCores}
	var err error
	if r.MemoryMB, err = javaLong(obj, "am.memory-mb", r.MemoryMB, pos); err != nil {
		return r, err
	}
	r.VCores, err = javaLong(obj, "am.vcores", r.VCores, pos)
	return r, err
}

func (sr *slsReader) tasks(obj map[string]any, pos, amType string) ([]TaskGroup, error) {
	list, _ := obj["job.tasks"].([]any)
	if len(list) == 0 {
		return nil, posErr(pos, "No task for the job! (job.tasks is missing or empty)")
	}
	var ts []allocTask
	pk := packager{first: map[[3]int64]engine.Resource{}}
	for i, raw := range list {
		tpos := fmt.Sprintf("%s task %d", pos, i)
		t, ok := raw.(map[string]any)
		if !ok {
			return nil, posErr(tpos, "a task must be a JSON object")
		}
		g, err := sr.task(t, tpos)
		if err != nil {
			return nil, err
		}
		allocID, err := javaLong(t, "container.allocation.id", -1, tpos)
		if err != nil {
			return nil, err
		}
		delay, err := javaLong(t, "container.request.delay", 0, tpos)
		if err != nil {
			return nil, err
		}
		if amType == "dag" {
			// DAGAMSimulator.getToBeScheduledContainers asks a container
			// once its request delay has passed since the AM started.
			if delay > MaxTimeMS {
				return nil, posErr(tpos, "container.request.delay %d ms is out of range", delay)
			}
			g.DelayMS = max(delay, 0) // withRequestDelay: Math.max(delay, 0)
			if g.DelayMS > 0 && len(g.Hosts) > 0 {
				sr.delayedHosts.count(tpos, g.Count)
			}
		}
		if amType == "dag" || amType == "stream" {
			// DAGAMSimulator.PRIORITY and StreamAMSimulator.PRIORITY_MAP:
			// both ask every container at 20, whatever the trace says.
			g.Priority = 20
		}
		if amType == "mapreduce" {
			switch g.Type {
			case "map":
				g.Priority, g.Phase = mrPriorityMap, 0
			case "reduce":
				g.Priority, g.Phase = mrPriorityReduce, 1
			default:
				sr.w.Warnings = append(sr.w.Warnings, fmt.Sprintf("%s: the MapReduce AM ignores tasks of type %q", tpos, g.Type))
				continue
			}
		}
		pk.size(&g, allocID)
		ts = append(ts, allocTask{g, allocID})
	}
	sr.w.Warnings = append(sr.w.Warnings, pk.warnings(pos)...)
	if note := allocIDKeys(ts, pos); note != "" {
		sr.w.Warnings = append(sr.w.Warnings, note)
	}
	var out []TaskGroup
	for _, t := range ts {
		out = appendGroup(out, t.g)
	}
	if len(out) == 0 {
		return nil, posErr(pos, "No task for the job! (no map or reduce task for the MapReduce AM)")
	}
	return out, nil
}

// appendGroup merges a task into the previous group when identical.
func appendGroup(gs []TaskGroup, g TaskGroup) []TaskGroup {
	if n := len(gs); n > 0 {
		p := &gs[n-1]
		if p.MemoryMB == g.MemoryMB && p.VCores == g.VCores && p.DurationMS == g.DurationMS &&
			p.Priority == g.Priority && p.Phase == g.Phase && p.Type == g.Type && p.DelayMS == g.DelayMS &&
			strings.Join(p.Hosts, ",") == strings.Join(g.Hosts, ",") && strings.Join(p.Racks, ",") == strings.Join(g.Racks, ",") {
			p.Count += g.Count
			return gs
		}
	}
	return append(gs, g)
}

func (sr *slsReader) task(t map[string]any, pos string) (TaskGroup, error) {
	sr.ignore(t, slsTaskKeys, pos)
	g := TaskGroup{Count: 1, MemoryMB: sr.set.ContainerMemoryMB, VCores: sr.set.ContainerVCores, Priority: slsDefaultPrio, Type: "map"}
	c, err := javaInt(t, "count", 1, pos)
	if err != nil {
		return g, err
	}
	if c > MaxContainers {
		return g, posErr(pos, "count %d is out of range (at most %d)", c, MaxContainers)
	}
	g.Count = int(max(c, 1))
	if g.DurationMS, err = taskDuration(t, pos); err != nil {
		return g, err
	}
	if g.MemoryMB, err = javaLong(t, "container.memory-mb", g.MemoryMB, pos); err != nil {
		return g, err
	}
	if g.VCores, err = javaLong(t, "container.vcores", g.VCores, pos); err != nil {
		return g, err
	}
	p, err := javaInt(t, "container.priority", slsDefaultPrio, pos)
	if err != nil {
		return g, err
	}
	g.Priority = int32(p)
	if v, ok := t["container.type"]; ok {
		if v == nil {
			return g, posErr(pos, "container.type is null (TaskContainerDefinition.Builder.withType calls toString on it)")
		}
		g.Type = jsonString(v)
	}
	if err := sr.executionType(t, pos); err != nil {
		return g, err
	}
	if v, ok := t["container.host"]; ok && v != nil {
		rack, host, err := rackHost(jsonString(v))
		if err != nil {
			return g, sr.badHost(posErr(pos, "container.host: %v", err))
		}
		// Hosts holds the full path until traceNodes names the nodes.
		path := rack + "/" + host
		g.Hosts, g.Racks = []string{path}, []string{rack}
		if _, seen := sr.hosts[path]; !seen {
			sr.hosts[path] = host
			sr.hostList = append(sr.hostList, path)
		}
	}
	return g, nil
}

// badHost is a task's host path NodeBase cannot read. Without a topology
// SLSRunner.startNM (3.4: NMRunner.startNM) reads every host of the trace
// before any job runs: SLS does not start, so the read stops here. With
// an --sls-nodes file startNM reads only that file and SLS starts; the
// job's AM throws when it asks for the task's container
// (AMSimulator.packageRequests calls SLSUtils.getRackHostName), which
// TaskRunner.Task.run does not survive, so that AM asks for nothing more
// and never finishes. capq skips the job and says so.
func (sr *slsReader) badHost(err error) error {
	if !sr.topology {
		return &fatalErr{fmt.Errorf("%w: SLS does not start (it reads every host of the trace before any job runs)", err)}
	}
	return &amFailsErr{fmt.Errorf("%w: with --sls-nodes SLS starts, but this job's AM throws when it asks for the container "+
		"(AMSimulator.packageRequests, SLSUtils.getRackHostName) and never finishes", err)}
}

// amFailsErr is a job SLS starts but whose AM fails while it runs; capq
// leaves the job out rather than model an AM stuck holding its container.
type amFailsErr struct{ err error }

func (e *amFailsErr) Error() string { return e.err.Error() }
func (e *amFailsErr) Unwrap() error { return e.err }

// skipNote is the warning for a job left out of the run: SLS skips it, or
// (amFailsErr) starts it and its AM fails.
func skipNote(err error) string {
	var am *amFailsErr
	if errors.As(err, &am) {
		return err.Error() + "; capq leaves the job out"
	}
	return err.Error() + "; SLS skips this job"
}

// executionType reads container.execution.type as
// TaskContainerDefinition.Builder.withExecutionType does:
// ExecutionType.valueOf, exact and case-sensitive, so any other value
// (or null) throws and AMRunner skips the job. OPPORTUNISTIC asks go to
// the RM's opportunistic container allocator when it is enabled, which
// capq does not model: they run as guaranteed containers, with a note.
func (sr *slsReader) executionType(t map[string]any, pos string) error {
	v, ok := t["container.execution.type"]
	if !ok {
		return nil
	}
	s, isString := v.(string)
	switch {
	case !isString:
		return posErr(pos, "container.execution.type %s is not GUARANTEED or OPPORTUNISTIC (ExecutionType.valueOf fails)", jsonString(v))
	case s == "GUARANTEED":
	case s == "OPPORTUNISTIC":
		sr.opportunistic.count(pos, 1)
	default:
		return posErr(pos, "container.execution.type %q: No enum constant org.apache.hadoop.yarn.api.records.ExecutionType.%s", s, s)
	}
	return nil
}

// reportOpportunistic notes the OPPORTUNISTIC tasks run as guaranteed.
func (sr *slsReader) reportOpportunistic() {
	if o := sr.opportunistic; o.n > 0 {
		sr.w.Warnings = append(sr.w.Warnings, fmt.Sprintf("%s: %d task object(s) ask for OPPORTUNISTIC containers, which the RM's opportunistic container allocator serves when enabled; capq does not model it and schedules them as GUARANTEED", o.first, o.n))
	}
}

// reportDelayedHosts notes the DAG containers whose container.host capq
// may drop: DAGAMSimulator.packageRequests asks each batch with its hosts
// and racks, but capq asks a container whose delay has not passed when
// the AM registers at ANY only.
func (sr *slsReader) reportDelayedHosts() {
	if d := sr.delayedHosts; d.n > 0 {
		sr.w.Warnings = append(sr.w.Warnings, fmt.Sprintf("%s: %d DAG container(s) with a container.request.delay name a container.host; DAGAMSimulator asks each with its host and rack, capq asks one whose delay has not passed when the AM registers off-switch (ANY only)", d.first, d.n))
	}
}

// taskDuration is TaskContainerDefinition.validateAndGetDuration:
// container.duration.ms, else duration.ms, else end - start; it must be
// positive. The first two are Integer.parseInt (withDuration,
// withDurationLegacy): 2147483648 fails there and SLS skips the job;
// the start and end times are Long.parseLong.
func taskDuration(t map[string]any, pos string) (int64, error) {
	d, err := javaInt(t, "container.duration.ms", -1, pos)
	if err != nil {
		return 0, err
	}
	if d == -1 {
		if d, err = javaInt(t, "duration.ms", -1, pos); err != nil {
			return 0, err
		}
	}
	if d == -1 {
		start, err1 := javaLong(t, "container.start.ms", -1, pos)
		end, err2 := javaLong(t, "container.end.ms", -1, pos)
		if err1 != nil {
			return 0, err1
		}
		if err2 != nil {
			return 0, err2
		}
		d = 0
		if start != -1 && end != -1 {
			d = end - start
		}
	}
	if d <= 0 {
		return 0, posErr(pos, "Duration of a task shouldn't be less or equal to 0! (got %d ms)", d)
	}
	return d, nil
}

// rackHost is SLSUtils.getRackHostName, which reads s as a NodeBase path:
// "/rack/host" -> ("/rack", "host"); "/a/b/host" -> ("/a/b", "host"); one
// trailing "/" is dropped (NodeBase.normalize). A path that does not start
// with "/" is refused with normalize's IllegalArgumentException, and one
// without a rack ("/host", "") fails in Hadoop on the empty network
// location's substring(1), so SLS does not start with either.
func rackHost(s string) (rack, host string, err error) {
	if s != "" && s[0] != '/' {
		//lint:ignore ST1005 NodeBase.normalize's exact message
		return "", "", fmt.Errorf("Network Location path does not start with /: %s (NodeBase.normalize; write /rack/host)", s)
	}
	s = strings.TrimSuffix(s, "/")
	i := strings.LastIndexByte(s, '/')
	if i <= 0 {
		return "", "", fmt.Errorf("host %q has no rack: SLSUtils.getRackHostName needs /rack/host (Hadoop fails on the empty network location)", s)
	}
	if s[i+1:] == "" {
		return "", "", fmt.Errorf("host path %q has an empty host name", s)
	}
	return s[:i], s[i+1:], nil
}

// traceNodes is SLSUtils.parseNodesFromSLSTrace: generated nodes for
// num.nodes/num.racks ("/rack<i % racks>/node<i>") plus every host the
// trace names, each with the NM default size. A node is its full path:
// SLS keeps a set of "/rack/host" strings, so "/rack0/node1" and
// "/default-rack/node1" are two node managers (NodeInfo gives each its
// own port). The first of a host name is called by it; a later one on
// another rack by its full path.
func (sr *slsReader) traceNodes() (Cluster, error) {
	gen := sr.largestHeader()
	var c Cluster
	if gen.nodes > 0 {
		// One group names them as SLS does: "node<i>" on "/rack<i % racks>"
		// (NodeGroup.Expand), without a map entry per node (a million-node
		// header cost 0.8 GB before the run refused it).
		c.Nodes = append(c.Nodes, NodeGroup{Count: gen.nodes, Prefix: "node", Racks: gen.racks, RackPrefix: "/rack", MemoryMB: sr.set.NMMemoryMB, VCores: sr.set.NMVCores})
	}
	ids, err := sr.otherHeaderNodes(gen, &c) // full path -> node id
	if err != nil {
		return c, err
	}
	taken := map[string]bool{}
	for _, id := range ids {
		taken[id] = true
	}
	for _, p := range sr.hostList {
		if _, dup := ids[p]; dup || gen.path(p) {
			continue
		}
		rack, host, _ := rackHost(p) // read and checked with its task
		id := host
		if taken[id] || gen.host(id) {
			id = p
		}
		ids[p], taken[id] = id, true
		c.Nodes = append(c.Nodes, NodeGroup{Names: []string{id}, Rack: rack, MemoryMB: sr.set.NMMemoryMB, VCores: sr.set.NMVCores})
	}
	sr.nameHosts(func(path string) string {
		if gen.path(path) {
			_, host, _ := rackHost(path) // a generated node's path
			return host
		}
		return ids[path]
	})
	return c, nil
}

// largestHeader is the header with the most nodes (the first of them),
// the one group the generated nodes mostly are.
func (sr *slsReader) largestHeader() slsGenerated {
	var g slsGenerated
	for _, h := range sr.headers {
		if h.nodes > g.nodes {
			g = h
		}
	}
	return g
}

// otherHeaderNodes adds the nodes the other headers generate that gen
// does not: "/rack<i % r>/node<i>" on another rack than gen puts node<i>
// is another node manager in SLS's set. Its host name is gen's node<i>,
// so it is called by its full path, as a trace host on another rack is.
// It returns them by full path; past MaxNodes in all it refuses the trace.
func (sr *slsReader) otherHeaderNodes(gen slsGenerated, c *Cluster) (map[string]string, error) {
	ids := map[string]string{}
	total := gen.nodes
	for _, h := range sr.headers {
		// Below both rack counts node i is on rack i either way.
		for i := min(h.racks, gen.racks); i < h.nodes; i++ {
			rack := "/rack" + strconv.Itoa(i%h.racks)
			path := rack + "/node" + strconv.Itoa(i)
			if _, dup := ids[path]; dup || gen.path(path) {
				continue
			}
			if total++; total > MaxNodes {
				return nil, fmt.Errorf("%s: the num.nodes headers generate more than %d nodes in all (SLSUtils.generateNodes per header, their union)", sr.r.name, MaxNodes)
			}
			ids[path] = path
			c.Nodes = append(c.Nodes, NodeGroup{Names: []string{path}, Rack: rack, MemoryMB: sr.set.NMMemoryMB, VCores: sr.set.NMVCores})
		}
	}
	return ids, nil
}

// slsGenerated recognises the names of the nodes SLS generates for
// num.nodes/num.racks: host "node<i>" for i below nodes, on rack
// "/rack<i % racks>".
type slsGenerated struct{ nodes, racks int }

// host reports whether h is a generated node's host name.
func (g slsGenerated) host(h string) bool {
	_, ok := g.index(h, "node")
	return ok
}

// path reports whether p is exactly a generated node's "/rack/host".
func (g slsGenerated) path(p string) bool {
	rack, host, ok := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	if !ok || !strings.HasPrefix(p, "/") {
		return false
	}
	i, ok := g.index(host, "node")
	if !ok {
		return false
	}
	r, ok := canonicalInt(strings.TrimPrefix(rack, "rack"))
	return ok && strings.HasPrefix(rack, "rack") && r == i%g.racks
}

// index is i when s is prefix followed by i in canonical decimal, i below
// the generated count.
func (g slsGenerated) index(s, prefix string) (int, bool) {
	if !strings.HasPrefix(s, prefix) {
		return 0, false
	}
	i, ok := canonicalInt(s[len(prefix):])
	return i, ok && i < g.nodes
}

// canonicalInt parses a non-negative decimal as strconv.Itoa prints it
// (no sign, no leading zero), up to nine digits.
func canonicalInt(s string) (int, bool) {
	if s == "" || len(s) > 9 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// nameHosts replaces the full paths in the tasks' Hosts by node ids.
func (sr *slsReader) nameHosts(id func(path string) string) {
	for i := range sr.w.Apps {
		for j := range sr.w.Apps[i].Tasks {
			hs := sr.w.Apps[i].Tasks[j].Hosts
			for k := range hs {
				hs[k] = id(hs[k])
			}
		}
	}
}

// slsAppPriority is the priority of an SLS, Rumen or SYNTH app: SLS's
// AMSimulator#submitApp sets Priority.newInstance(0) on every submission
// context it sends, so no default priority applies to them.
func slsAppPriority() *int32 { return new(int32(0)) }
