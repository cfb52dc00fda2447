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

// RumenTimeBase says where a Rumen trace's jobs start.
type RumenTimeBase int

// Rumen time bases.
const (
	// RumenTimeSLS is SLS 3.4's direct reader (--tracetype=RUMEN):
	// AMRunner passes a baseline of 0, so AMDefinitionRumen.Builder takes
	// each job's own submitTime as its baseline and every job starts at 0.
	RumenTimeSLS RumenTimeBase = iota
	// RumenTimeConverted is rumen2sls.sh (RumenToSLSConverter), then SLS
	// on its output: submit times relative to the first job's, every
	// attempt a container (readRumenConverted).
	RumenTimeConverted
)

// ParseRumenTimeBase reads the --rumen-time flag.
func ParseRumenTimeBase(s string) (RumenTimeBase, error) {
	switch s {
	case "sls", "":
		return RumenTimeSLS, nil
	case "rumen2sls":
		return RumenTimeConverted, nil
	}
	return 0, fmt.Errorf("--rumen-time %q: want sls (SLS's direct reader: every job at 0) or rumen2sls (relative to the first job)", s)
}

// rumenJob is the part of Rumen's LoggedJob that SLS reads, plus the
// number fields Jackson must be able to map for JobTraceReader to return
// the job at all (rumen_jackson.go); JobTraceReader ignores the other
// fields and so does capq.
type rumenJob struct {
	JobID       *string     `json:"jobID"`
	User        *string     `json:"user"`
	Queue       *string     `json:"queue"`
	SubmitTime  jacksonLong `json:"submitTime"`
	MapTasks    []rumenTask `json:"mapTasks"`
	ReduceTasks []rumenTask `json:"reduceTasks"`

	OtherTasks                   []rumenTask `json:"otherTasks"`
	LaunchTime                   jacksonLong `json:"launchTime"`
	FinishTime                   jacksonLong `json:"finishTime"`
	RelativeTime                 jacksonLong `json:"relativeTime"`
	ComputonsPerMapInputByte     jacksonLong `json:"computonsPerMapInputByte"`
	ComputonsPerMapOutputByte    jacksonLong `json:"computonsPerMapOutputByte"`
	ComputonsPerReduceInputByte  jacksonLong `json:"computonsPerReduceInputByte"`
	ComputonsPerReduceOutputByte jacksonLong `json:"computonsPerReduceOutputByte"`
	HeapMegabytes                jacksonInt  `json:"heapMegabytes"`
	TotalMaps                    jacksonInt  `json:"totalMaps"`
	TotalReduces                 jacksonInt  `json:"totalReduces"`
	ClusterMapMB                 jacksonInt  `json:"clusterMapMB"`
	ClusterReduceMB              jacksonInt  `json:"clusterReduceMB"`
	JobMapMB                     jacksonInt  `json:"jobMapMB"`
	JobReduceMB                  jacksonInt  `json:"jobReduceMB"`
	SuccessfulMapAttemptCDFs     []rumenCDF  `json:"successfulMapAttemptCDFs"`
	FailedMapAttemptCDFs         []rumenCDF  `json:"failedMapAttemptCDFs"`
	SuccessfulReduceAttemptCDF   *rumenCDF   `json:"successfulReduceAttemptCDF"`
	FailedReduceAttemptCDF       *rumenCDF   `json:"failedReduceAttemptCDF"`
}

type rumenTask struct {
	Attempts []rumenAttempt `json:"attempts"`

	StartTime     jacksonLong `json:"startTime"`
	FinishTime    jacksonLong `json:"finishTime"`
	InputBytes    jacksonLong `json:"inputBytes"`
	InputRecords  jacksonLong `json:"inputRecords"`
	OutputBytes   jacksonLong `json:"outputBytes"`
	OutputRecords jacksonLong `json:"outputRecords"`
	NumberMaps    jacksonInt  `json:"numberMaps"`
	NumberReduces jacksonInt  `json:"numberReduces"`
}

// rumenAttempt is LoggedTaskAttempt; HostName is nil when the trace has
// none or null (an attempt that never ran: a killed speculative one).
type rumenAttempt struct {
	HostName   *string     `json:"hostName"`
	StartTime  jacksonLong `json:"startTime"`
	FinishTime jacksonLong `json:"finishTime"`

	HdfsBytesRead        jacksonLong  `json:"hdfsBytesRead"`
	HdfsBytesWritten     jacksonLong  `json:"hdfsBytesWritten"`
	FileBytesRead        jacksonLong  `json:"fileBytesRead"`
	FileBytesWritten     jacksonLong  `json:"fileBytesWritten"`
	MapInputRecords      jacksonLong  `json:"mapInputRecords"`
	MapInputBytes        jacksonLong  `json:"mapInputBytes"`
	MapOutputBytes       jacksonLong  `json:"mapOutputBytes"`
	MapOutputRecords     jacksonLong  `json:"mapOutputRecords"`
	CombineInputRecords  jacksonLong  `json:"combineInputRecords"`
	ReduceInputGroups    jacksonLong  `json:"reduceInputGroups"`
	ReduceInputRecords   jacksonLong  `json:"reduceInputRecords"`
	ReduceShuffleBytes   jacksonLong  `json:"reduceShuffleBytes"`
	ReduceOutputRecords  jacksonLong  `json:"reduceOutputRecords"`
	SpilledRecords       jacksonLong  `json:"spilledRecords"`
	ShuffleFinished      jacksonLong  `json:"shuffleFinished"`
	SortFinished         jacksonLong  `json:"sortFinished"`
	ResourceUsageMetrics *rumenUsage  `json:"resourceUsageMetrics"`
	ClockSplits          []jacksonInt `json:"clockSplits"`
	CPUUsages            []jacksonInt `json:"cpuUsages"`
	VMemKbytes           []jacksonInt `json:"vmemKbytes"`
	PhysMemKbytes        []jacksonInt `json:"physMemKbytes"`
}

// rumenCDF is LoggedDiscreteCDF.
type rumenCDF struct {
	NumberValues jacksonLong `json:"numberValues"`
	Minimum      jacksonLong `json:"minimum"`
	Maximum      jacksonLong `json:"maximum"`
	Rankings     []struct {
		Datum jacksonLong `json:"datum"`
	} `json:"rankings"`
}

// rumenUsage is ResourceUsageMetrics.
type rumenUsage struct {
	CumulativeCPUUsage  jacksonLong `json:"cumulativeCpuUsage"`
	VirtualMemoryUsage  jacksonLong `json:"virtualMemoryUsage"`
	PhysicalMemoryUsage jacksonLong `json:"physicalMemoryUsage"`
	HeapUsage           jacksonLong `json:"heapUsage"`
}

// ReadRumen reads a Rumen job trace as SLS's AMRunner.startAMFromRumenTrace
// does: a stream of LoggedJob objects, one MapReduce AM each; every map
// (priority 20) and reduce (priority 10, after the maps) is the last
// attempt of its task, on that attempt's host, running for its finish
// minus start time, sized by yarn.sls.container.*; the AM by
// yarn.sls.am.container.*. A job SLS cannot start (a task without an
// attempt, a non-positive duration, no queue) is skipped with a warning.
// Nodes come from the topology when given, else from every attempt's
// host (SLSUtils.parseNodesFromRumenTrace).
//
// maxContainers is the cap of the run the trace is read for
// (Options.MaxContainers, 0: DefaultMaxContainers): ReadRumen refuses the
// job that passes it as Run would and reads no further.
func ReadRumen(name string, data []byte, set xmlconf.SLSSettings, nodes *Cluster, base RumenTimeBase, maxContainers int) (*Workload, error) {
	if base == RumenTimeConverted {
		return readRumenConverted(name, data, set, nodes, maxContainers)
	}
	sr := newSLSReader(name, data, set, maxContainers)
	sr.topology = nodes != nil
	dec := json.NewDecoder(bytes.NewReader(data))
	for i := 1; ; i++ {
		off := sr.r.skipSpace(dec.InputOffset())
		var j rumenJob
		err := dec.Decode(&j)
		if err == io.EOF {
			break
		}
		pos := fmt.Sprintf("%s:%d (job %d)", name, sr.r.line(off), i)
		if err != nil && rumenMapFailure(err) {
			// JsonObjectMapperParser.getNext returns null on a
			// JsonMappingException: JobTraceReader's trace ends here, for
			// SLSUtils.parseNodesFromRumenTrace and AMRunner alike.
			stop := posErr(pos, "Rumen's JobTraceReader cannot map this job onto LoggedJob (%v) and ends the trace here", err)
			sr.w.Warnings = append(sr.w.Warnings, fmt.Sprintf("%s; SLS reads no job from here on", stop))
			if sr.firstSkip == nil {
				sr.firstSkip = stop
			}
			break
		}
		if _, nested := rumenNestedParseError(data, off, err); nested {
			// Jackson wraps a parse error inside a field's value as a
			// JsonMappingException: the trace ends here too.
			stop := posErr(pos, "the JSON breaks inside this job's fields (%v), which Rumen's JobTraceReader takes as a job it cannot map and ends the trace here", sr.r.jsonErr(err, dec))
			sr.w.Warnings = append(sr.w.Warnings, fmt.Sprintf("%s; SLS reads no job from here on", stop))
			if sr.firstSkip == nil {
				sr.firstSkip = stop
			}
			break
		}
		if err != nil {
			return nil, sr.r.jsonErr(err, dec)
		}
		if j.JobID != nil {
			id, ok := javaJobID(*j.JobID)
			if !ok {
				// LoggedJob.setJobID is JobID.forName, whose
				// IllegalArgumentException Jackson wraps as a
				// JsonMappingException: the trace ends here.
				stop := posErr(pos, "Rumen's JobTraceReader cannot map this job onto LoggedJob (JobId string : %s is not properly formed: JobID.forName wants job_<identifier>_<number>) and ends the trace here", *j.JobID)
				sr.w.Warnings = append(sr.w.Warnings, fmt.Sprintf("%s; SLS reads no job from here on", stop))
				if sr.firstSkip == nil {
					sr.firstSkip = stop
				}
				break
			}
			j.JobID = &id
		}
		if len(sr.w.Apps) >= MaxApps {
			return nil, fmt.Errorf("%s: more than %d jobs", name, MaxApps)
		}
		if nodes == nil {
			if err := rumenHostsReadable(j, pos); err != nil {
				return nil, err
			}
		}
		a, err := sr.rumenApp(j, pos)
		if err := sr.keepRumenJob(a, err, name, pos); err != nil {
			return nil, err
		}
	}
	return sr.endRumen(name, nodes)
}

// keepRumenJob adds a job read from a Rumen trace (directly or as
// rumen2sls.sh converts it) to the workload: a job SLS skips (readErr)
// is a warning, a fatal read error or a bound passed ends the read.
func (sr *slsReader) keepRumenJob(a App, readErr error, name, pos string) error {
	var fatal *fatalErr
	if errors.As(readErr, &fatal) {
		return fatal.err
	}
	if readErr != nil {
		sr.w.Warnings = append(sr.w.Warnings, skipNote(readErr))
		if sr.firstSkip == nil {
			sr.firstSkip = readErr
		}
		return nil
	}
	if sr.groups += len(a.Tasks); sr.groups > MaxTaskGroups {
		return fmt.Errorf("%s: more than %d task groups in all", name, MaxTaskGroups)
	}
	if !sr.containers.add(1 + a.Containers()) {
		return sr.containers.refuse(pos, a.ID)
	}
	sr.w.Apps = append(sr.w.Apps, a)
	return nil
}

// endRumen ends a Rumen read: a trace of which SLS runs no job is
// refused; the cluster is the topology file's (nodes) or, without one,
// SLSUtils.parseNodesFromRumenTrace's (or, converted,
// parseNodesFromSLSTrace's): every attempt's host.
func (sr *slsReader) endRumen(name string, nodes *Cluster) (*Workload, error) {
	if len(sr.w.Apps) == 0 {
		if sr.firstSkip != nil {
			return nil, fmt.Errorf("no job of the trace can start (SLS would run none); the first: %w", sr.firstSkip)
		}
		return nil, fmt.Errorf("%s: no job in the Rumen trace", name)
	}
	if nodes != nil {
		sr.w.Cluster = *nodes
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

// rumenApp is AMDefinitionFactory.createFromRumenTrace on one job. Every
// job starts at 0: AMRunner passes a baseline of 0, so
// AMDefinitionRumen.Builder.build takes the job's own submitTime as its
// baseline.
func (sr *slsReader) rumenApp(j rumenJob, pos string) (App, error) {
	a := App{Pos: pos, User: "default", Priority: slsAppPriority(), AM: engine.Resource{MemoryMB: sr.set.AMMemoryMB, VCores: sr.set.AMVCores}}
	if j.Queue == nil {
		return a, posErr(pos, "job has no queue")
	}
	a.Queue = *j.Queue
	if j.JobID != nil {
		a.ID = *j.JobID
	}
	if j.User != nil {
		a.User = *j.User
	}
	named := a.ID
	if a.ID == "" || sr.ids[a.ID] {
		a.ID = fmt.Sprintf("%s_%d", a.ID, sr.amID)
	}
	for _, kind := range []struct {
		tasks []rumenTask
		typ   string
		doer  string // AMDefinitionRumen's wording: a mapper, a reducer
		prio  int32
		phase int
	}{{j.MapTasks, "map", "mapper", mrPriorityMap, 0}, {j.ReduceTasks, "reduce", "reducer", mrPriorityReduce, 1}} {
		for k, t := range kind.tasks {
			if len(t.Attempts) == 0 {
				return a, posErr(pos, "Invalid %s task, no attempt for a %s! (task %d)", kind.typ, kind.doer, k)
			}
			at := t.Attempts[len(t.Attempts)-1]
			if at.HostName == nil {
				// getTaskContainers reads taskAttempt.getHostName().getValue()
				// before the duration: a NullPointerException, which
				// AMRunner logs as it skips the job.
				return a, posErr(pos, "%s task %d: its last attempt has no hostName (AMDefinitionRumen.getTaskContainers fails on it)", kind.typ, k)
			}
			d, ok := subMS(int64(at.FinishTime), int64(at.StartTime))
			if !ok || d > MaxTimeMS {
				return a, posErr(pos, "%s task %d: its attempt from startTime %d to finishTime %d is out of range (at most %d ms)", kind.typ, k, at.StartTime, at.FinishTime, int64(MaxTimeMS))
			}
			if d <= 0 {
				return a, posErr(pos, "%s task %d: Duration of a task shouldn't be less or equal to 0! (got %d ms)", kind.typ, k, d)
			}
			g := TaskGroup{Count: 1, MemoryMB: sr.set.ContainerMemoryMB, VCores: sr.set.ContainerVCores, DurationMS: d,
				Priority: kind.prio, Phase: kind.phase, Type: kind.typ}
			if *at.HostName != "" {
				rack, host, err := rackHost(*at.HostName)
				if err != nil {
					return a, sr.badHost(posErr(pos, "%s task %d: hostName: %v", kind.typ, k, err))
				}
				path := rack + "/" + host
				g.Hosts, g.Racks = []string{path}, []string{rack}
				if _, seen := sr.hosts[path]; !seen {
					sr.hosts[path] = host
					sr.hostList = append(sr.hostList, path)
				}
			}
			a.Tasks = appendGroup(a.Tasks, g)
		}
	}
	if len(a.Tasks) == 0 {
		return a, posErr(pos, "No task for the job! (no map or reduce task)")
	}
	if j.JobID == nil {
		// AMDefinitionFactory.createFromRumenTrace names the AM by
		// job.getJobID().toString(): a NullPointerException, and AMRunner
		// skips the job.
		return a, posErr(pos, "job has no jobID")
	}
	if named != "" && named != a.ID {
		sr.w.Warnings = append(sr.w.Warnings, duplicateIDNote(pos, named, a.ID))
	}
	sr.ids[a.ID] = true
	sr.amID++
	return a, nil
}

// rumenHostsReadable is SLSUtils.parseNodesFromRumenTrace on one job,
// which SLSRunner.startNM runs over the whole trace before any job starts
// when no topology is given: it reads the hostName of every task's last
// attempt (tasks without attempts are passed over), so a last attempt
// without one, such as a speculative attempt killed before it ran, is a
// NullPointerException and SLS does not start.
func rumenHostsReadable(j rumenJob, pos string) error {
	for _, kind := range []struct {
		tasks []rumenTask
		typ   string
	}{{j.MapTasks, "map"}, {j.ReduceTasks, "reduce"}} {
		for k, t := range kind.tasks {
			if n := len(t.Attempts); n > 0 && t.Attempts[n-1].HostName == nil {
				return posErr(pos, "%s task %d: its last attempt has no hostName, which SLSUtils.parseNodesFromRumenTrace reads before any job runs: SLS does not start (with --sls-nodes it skips this job instead)", kind.typ, k)
			}
		}
	}
	return nil
}

// subMS is a - b, with ok false when the difference overflows int64.
func subMS(a, b int64) (int64, bool) {
	d := a - b
	return d, (b >= 0) == (d <= a)
}

// javaJobID is JobID.forName(s).toString(), the id SLS's direct reader
// names a Rumen job by (AMDefinitionFactory.createFromRumenTrace): s split
// at "_" (trailing empty parts dropped, as String.split does) must be
// "job", an identifier and an Integer.parseInt number, which toString
// prints with at least four digits: "job_x_5" is "job_x_0005". ok is
// false where forName throws.
func javaJobID(s string) (string, bool) {
	parts := strings.Split(s, "_")
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) != 3 || parts[0] != "job" {
		return "", false
	}
	n, err := xmlconf.ParseJavaInt(parts[2])
	if err != nil {
		return "", false
	}
	digits := strconv.FormatInt(int64(n), 10)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	}
	for len(digits) < 4 {
		digits = "0" + digits
	}
	return "job_" + parts[1] + "_" + sign + digits, true
}
