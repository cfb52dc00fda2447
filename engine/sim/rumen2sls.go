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

// readRumenConverted reads a Rumen trace as rumen2sls.sh converts it
// (RumenToSLSConverter) and SLS then runs the result
// (AMRunner.startAMFromSLSTrace). The converter is not the direct reader:
// it maps each job onto an untyped Map, not LoggedJob, and makes every
// attempt of every task a container (createSLSTasks), failed and killed
// attempts included, where the direct reader keeps each task's last
// attempt. What the converter cannot convert (a missing field, a time
// Jackson reads as an Integer, an attempt without a host NodeBase can
// read) throws out of its main: nothing runs, and capq stops the read. A
// converted job SLS cannot start (no container, a non-positive duration)
// is skipped with a warning, as AMRunner skips it.
func readRumenConverted(name string, data []byte, set xmlconf.SLSSettings, nodes *Cluster, maxContainers int) (*Workload, error) {
	sr := newSLSReader(name, data, set, maxContainers)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var baseline int64 // RumenToSLSConverter's static baseline
	for i := 1; ; i++ {
		off := sr.r.skipSpace(dec.InputOffset())
		var obj map[string]any
		err := dec.Decode(&obj)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, sr.r.jsonErr(err, dec)
		}
		pos := fmt.Sprintf("%s:%d (job %d)", name, sr.r.line(off), i)
		if len(sr.w.Apps) >= MaxApps {
			return nil, fmt.Errorf("%s: more than %d jobs", name, MaxApps)
		}
		a, err := sr.convertedApp(obj, pos, &baseline)
		if err := sr.keepRumenJob(a, err, name, pos); err != nil {
			return nil, err
		}
	}
	return sr.endRumen(name, nodes)
}

// convertedApp is RumenToSLSConverter.createSLSJob on one job, then the
// job as SLS reads it from the converted trace.
func (sr *slsReader) convertedApp(obj map[string]any, pos string, baseline *int64) (App, error) {
	a := App{Pos: pos, Priority: slsAppPriority(), AM: engine.Resource{MemoryMB: sr.set.AMMemoryMB, VCores: sr.set.AMVCores}}
	if obj == nil {
		return a, converterFails(pos, "the job is null")
	}
	start, err := converterLong(obj, "submitTime", pos)
	if err != nil {
		return a, err
	}
	if _, err := converterLong(obj, "finishTime", pos); err != nil {
		return a, err
	}
	var id, queue, user string
	for _, f := range []struct {
		key string
		to  *string
	}{{"jobID", &id}, {"queue", &queue}, {"user", &user}} {
		v, ok := obj[f.key]
		if !ok || v == nil {
			return a, converterFails(pos, "%s is missing (createSLSJob calls toString on it)", f.key)
		}
		*f.to = jsonString(v)
	}
	if *baseline == 0 {
		*baseline = start
	}
	rel, ok := subMS(start, *baseline)
	if !ok || rel > MaxTimeMS {
		return a, &fatalErr{posErr(pos, "submitTime %d is out of range: more than %d ms from the baseline %d", start, int64(MaxTimeMS), *baseline)}
	}
	// createSLSJob resets a negative start to 0 and shifts the job's
	// tasks by as much, which leaves their durations as they are.
	a.SubmitMS, a.Queue, a.User = max(0, rel), queue, user
	a.ID = id
	if sr.ids[a.ID] {
		a.ID = fmt.Sprintf("%s_%d", a.ID, sr.amID)
	}

	var skip error
	for _, kind := range []struct {
		key, typ string
		prio     int32
		phase    int
	}{{"mapTasks", "map", mrPriorityMap, 0}, {"reduceTasks", "reduce", mrPriorityReduce, 1}} {
		list, ok := obj[kind.key].([]any)
		if !ok {
			return a, converterFails(pos, "%s is not a list (createSLSTasks iterates over it)", kind.key)
		}
		for k, raw := range list {
			tpos := fmt.Sprintf("%s %s task %d", pos, kind.typ, k)
			gs, err := sr.convertedAttempts(raw, tpos, kind.typ, kind.prio, kind.phase)
			if skipErr := (*skippedTask)(nil); errors.As(err, &skipErr) {
				if skip == nil {
					skip = skipErr.err
				}
				continue
			}
			if err != nil {
				return a, err
			}
			for _, g := range gs {
				a.Tasks = appendGroup(a.Tasks, g)
			}
		}
	}
	// SLS reads the converted job: the first bad container skips it, and
	// so does a job without one (AMDefinitionSLS.getTaskContainers).
	if skip != nil {
		return a, skip
	}
	if len(a.Tasks) == 0 {
		return a, posErr(pos, "No task for the job! (rumen2sls.sh converts no attempt of it)")
	}
	if a.ID != id {
		sr.w.Warnings = append(sr.w.Warnings, duplicateIDNote(pos, id, a.ID))
	}
	sr.ids[a.ID] = true
	sr.amID++
	return a, nil
}

// skippedTask is a converted container SLS refuses: its job is skipped,
// once the converter has read (and checked) the whole job.
type skippedTask struct{ err error }

func (e *skippedTask) Error() string { return e.err.Error() }

// convertedAttempts is createSLSTasks on one task: a container for every
// attempt, on the attempt's host, for its finishTime - startTime.
func (sr *slsReader) convertedAttempts(raw any, pos, typ string, prio int32, phase int) ([]TaskGroup, error) {
	task, ok := raw.(map[string]any)
	if !ok {
		return nil, converterFails(pos, "the task is not a JSON object")
	}
	attempts, ok := task["attempts"].([]any)
	if !ok {
		return nil, converterFails(pos, "attempts is not a list (createSLSTasks iterates over it)")
	}
	var out []TaskGroup
	var skip error
	for k, rawAttempt := range attempts {
		apos := fmt.Sprintf("%s attempt %d", pos, k)
		at, ok := rawAttempt.(map[string]any)
		if !ok {
			return nil, converterFails(apos, "the attempt is not a JSON object")
		}
		start, err := converterLong(at, "startTime", apos)
		if err != nil {
			return nil, err
		}
		finish, err := converterLong(at, "finishTime", apos)
		if err != nil {
			return nil, err
		}
		host, ok := at["hostName"].(string)
		if !ok {
			return nil, converterFails(apos, "hostName is %s, not a string (SLSUtils.getRackHostName cannot read it)", jsonString(at["hostName"]))
		}
		rack, name, err := rackHost(host)
		if err != nil {
			return nil, converterFails(apos, "hostName %q: SLSUtils.getRackHostName cannot read it", host)
		}
		d, ok := subMS(finish, start)
		if !ok || d > MaxTimeMS {
			return nil, &fatalErr{posErr(apos, "from startTime %d to finishTime %d is out of range (at most %d ms)", start, finish, int64(MaxTimeMS))}
		}
		if d <= 0 && skip == nil {
			skip = &skippedTask{posErr(apos, "Duration of a task shouldn't be less or equal to 0! (got %d ms; rumen2sls.sh converts every attempt, a failed or killed one too)", d)}
		}
		path := rack + "/" + name
		if _, seen := sr.hosts[path]; !seen {
			sr.hosts[path] = name
			sr.hostList = append(sr.hostList, path)
		}
		out = append(out, TaskGroup{Count: 1, MemoryMB: sr.set.ContainerMemoryMB, VCores: sr.set.ContainerVCores, DurationMS: d,
			Priority: prio, Phase: phase, Type: typ, Hosts: []string{path}, Racks: []string{rack}})
	}
	if skip != nil {
		return nil, skip
	}
	return out, nil
}

// converterLong reads key as createSLSJob and createSLSTasks do: a cast
// of Jackson's untyped number to Long. Jackson reads an integer that fits
// a Java int as an Integer (the cast fails), one past a long as a
// BigInteger, a fraction as a Double; a missing or null value fails on
// unboxing. Each stops the converter.
func converterLong(obj map[string]any, key, pos string) (int64, error) {
	v, ok := obj[key]
	if !ok || v == nil {
		return 0, converterFails(pos, "%s is missing (createSLSJob unboxes it as a long)", key)
	}
	num, isNum := v.(json.Number)
	if !isNum || strings.ContainsAny(num.String(), ".eE") {
		return 0, converterFails(pos, "%s is %s, which Jackson does not read as a Long (ClassCastException)", key, jsonString(v))
	}
	n, err := strconv.ParseInt(num.String(), 10, 64)
	if err != nil {
		return 0, converterFails(pos, "%s %s is past a Java long: Jackson reads it as a BigInteger (ClassCastException)", key, num)
	}
	if n >= -1<<31 && n < 1<<31 {
		return 0, converterFails(pos, "%s %d fits a Java int: Jackson reads it as an Integer, which RumenToSLSConverter casts to Long (ClassCastException)", key, n)
	}
	return n, nil
}

// converterFails is an input RumenToSLSConverter throws on: rumen2sls.sh
// stops and SLS gets no trace, so the read stops.
func converterFails(pos, format string, args ...any) error {
	return &fatalErr{posErr(pos, "rumen2sls.sh fails here: "+format, args...)}
}
