package sim

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// synthGenJob is one SynthJob: what SLS draws for a job when
// SynthTraceJobProducer.getNextJob hands it out.
type synthGenJob struct {
	id         int32
	name       string
	wl         *synthWorkload
	def        *synthJob
	submitSec  int64
	durationMS int64
	deadlineMS int64
	tasks      []synthGenTask
	// opportunistic counts the containers of the app asked OPPORTUNISTIC.
	opportunistic int
}

// synthGenTask is SynthJob.SynthTask: one container.
type synthGenTask struct {
	typ      string
	timeMS   int64
	memoryMB int64
	vcores   int64
	priority int32
}

// synthStory is SynthTraceJobProducer.StoryParams: a job's submission
// second, workload and class, drawn before any of its contents.
type synthStory struct {
	sec   int64
	wl    *synthWorkload
	class *synthJob
}

// generate runs SynthTraceJobProducer and hands each job to use in
// submission order: Trace.init seeds every distribution from the Random
// seeded with rand_seed (per workload, per class: deadline_factor,
// duration, reservation, then per task count, time, max_memory,
// max_vcores); createStory draws every job's workload, submission second
// and class into a PriorityQueue; getNextJob polls it and SynthJob draws
// the job's contents, numbering jobs from 0 as SLS's static counter does
// in a fresh JVM.
//
// Drawing stops at the first job past the run's container cap run (an AM
// per job plus the tasks its AM runs, as Run counts them), before that
// job's containers are held one by one.
func (tr *synthTrace) generate(run containerCount, use func(*synthGenJob) error) error {
	r := newJavaRandom(tr.RandSeed)
	for wi := range tr.Workloads {
		for ci := range tr.Workloads[wi].Classes {
			tr.Workloads[wi].Classes[ci].init(r)
		}
	}
	wlWeights := weightsOf(len(tr.Workloads), func(i int) float64 { return tr.Workloads[i].Weight })
	var q javaPriorityQueue
	for i := 0; i < tr.NumJobs; i++ {
		wi, err := getWeighted(wlWeights, r)
		if err != nil {
			return posErr(tr.at("workloads"), "workload_weight: %v", err)
		}
		wl := &tr.Workloads[wi]
		sec, err := wl.submissionSecond(r)
		if err != nil {
			return posErr(tr.at(wl.path+".time_distribution"), "workload %q time_distribution: %v", wl.Name, err)
		}
		ci, err := getWeighted(weightsOf(len(wl.Classes), func(i int) float64 { return wl.Classes[i].Weight }), r)
		if err != nil {
			return posErr(tr.at(wl.path+".job_classes"), "workload %q class_weight: %v", wl.Name, err)
		}
		q.add(synthStory{sec: sec, wl: wl, class: &wl.Classes[ci]})
	}
	b := synthBudget{tasks: maxSynthContainers, run: run}
	for id := int32(0); id < int32(tr.NumJobs); id++ {
		st := q.poll()
		j, err := newSynthGenJob(r, st, id, &b)
		if ce := (*capError)(nil); errors.As(err, &ce) {
			return ce
		}
		if err != nil {
			return posErr(tr.at(st.class.path), "job %d (workload %q class %q): %v", id, st.wl.Name, st.class.Name, err)
		}
		if err := use(&j); err != nil {
			return err
		}
	}
	return nil
}

// init is JobDefinition.init.
func (jc *synthJob) init(r *javaRandom) {
	jc.Deadline.init(r)
	jc.Duration.init(r)
	jc.Reservation.init(r)
	for _, t := range jc.Tasks {
		t.Count.init(r)
		t.Time.init(r)
		t.MaxMemory.init(r)
		t.MaxVcores.init(r)
	}
}

// submissionSecond is Workload.generateSubmissionTime: a bucket by
// weight, then nextInt(range) seconds into it, range being the distance
// to the next bucket's time.
func (wl *synthWorkload) submissionSecond(r *javaRandom) (int64, error) {
	i, err := getWeighted(weightsOf(len(wl.TimeDistr), func(j int) float64 { return wl.TimeDistr[j].Weight }), r)
	if err != nil {
		return 0, err
	}
	start := int32(wl.TimeDistr[i].Time)
	end := int32(wl.TimeDistr[min(i+1, len(wl.TimeDistr)-1)].Time)
	if rng := end - start; rng > 0 {
		return int64(start + r.nextIntN(rng)), nil
	}
	return int64(start), nil
}

// synthBudget bounds what generate draws: the description's own bound on
// task containers, and the run's cap.
type synthBudget struct {
	tasks int // task containers the description may still ask for
	run   containerCount
}

// newSynthGenJob is SynthJob's constructor: duration (whole seconds),
// the reservation coin, the deadline factor, then the shared Random
// reseeded with its own nextLong, then per task its count, memory (at
// least 1024) and vcores (at least 1) and one time per container.
func newSynthGenJob(r *javaRandom, st synthStory, id int32, b *synthBudget) (synthGenJob, error) {
	jd := st.class
	j := synthGenJob{id: id, wl: st.wl, def: jd, submitSec: st.sec, deadlineMS: -1}
	dur, err := jd.Duration.int()
	if err != nil {
		return j, fmt.Errorf("duration: %w", err)
	}
	j.durationMS = int64(dur) * 1000
	coin := r.nextDouble()
	res, err := jd.Reservation.double()
	if err != nil {
		return j, fmt.Errorf("reservation: %w", err)
	}
	factor, err := jd.Deadline.double()
	if err != nil {
		return j, fmt.Errorf("deadline_factor: %w", err)
	}
	if coin <= res {
		j.deadlineMS = st.sec*1000 + xmlconf.JavaLong(math.Ceil(factor*float64(j.durationMS)))
	}
	r.setSeed(r.nextLong())
	j.name = fmt.Sprintf("%s_%06d", jd.Name, id)
	if !b.run.add(1) { // the AM
		return j, b.run.refuse(j.pos(), j.jobID())
	}
	for _, td := range jd.Tasks {
		if err := j.expand(td, b); err != nil {
			if ce := (*capError)(nil); errors.As(err, &ce) {
				return j, ce
			}
			return j, fmt.Errorf("task %q: %w", td.Type, err)
		}
	}
	return j, nil
}

func (j *synthGenJob) expand(td synthTaskDef, b *synthBudget) error {
	num, err := td.Count.int()
	if err != nil {
		return fmt.Errorf("count: %w", err)
	}
	if int(num) > b.tasks {
		return fmt.Errorf("count %d is too many containers (the description may ask for %d in all)", num, maxSynthContainers)
	}
	b.tasks -= max(0, int(num))
	// Tasks the AM does not run are drawn (their samples' draws stay in
	// SLS's order) but are no containers of the app.
	if synthRuns(j.amType(), td.Type) && !b.run.add(max(0, int(num))) {
		return b.run.refuse(j.pos(), j.jobID())
	}
	mem, err := td.MaxMemory.size("max_memory")
	if err != nil {
		return err
	}
	vc, err := td.MaxVcores.size("max_vcores")
	if err != nil {
		return err
	}
	opp, err := synthExecType(td.ExecType)
	if err != nil {
		return err
	}
	if opp && synthRuns(j.amType(), td.Type) {
		j.opportunistic += max(0, int(num))
	}
	for i := int32(0); i < num; i++ { // a negative count gives no container
		t, err := td.Time.long()
		if err != nil {
			return fmt.Errorf("time: %w", err)
		}
		j.tasks = append(j.tasks, synthGenTask{typ: td.Type, timeMS: t, memoryMB: max(mem, 1024), vcores: max(vc, 1), priority: td.Priority})
	}
	return nil
}

// synthExecType is SynthJob's ExecutionType.valueOf(task.executionType)
// (null: GUARANTEED): it reports an OPPORTUNISTIC task; another value
// throws there and stops SLS.
func synthExecType(et *string) (opportunistic bool, err error) {
	switch {
	case et == nil || *et == "GUARANTEED":
		return false, nil
	case *et == "OPPORTUNISTIC":
		return true, nil
	}
	return false, fmt.Errorf("execution_type %q: No enum constant org.apache.hadoop.yarn.api.records.ExecutionType.%s", *et, *et)
}

// pos is where errors about the job's app say it was read.
func (j *synthGenJob) pos() string { return "job " + j.name }

// amType is the job class's AM type, mapreduce when unset.
func (j *synthGenJob) amType() string {
	if j.def.Type == "" {
		return "mapreduce"
	}
	return j.def.Type
}

// synthAMKind is how a SYNTH job of AM type name behaves: as its
// yarn.sls.am.type.<name> class, which AMRunner.runNewAM instantiates
// (ReflectionUtils.newInstance of amClassMap.get(type)). A type with no
// class is a NullPointerException that startAMFromSynthGenerator does
// not catch: SLS fails, and so does the read.
func synthAMKind(set xmlconf.SLSSettings, name string) (string, error) {
	if !contains(set.AMTypes, name) {
		return "", fmt.Errorf("AM type %q has no yarn.sls.am.type.%s class (known: %s): AMRunner cannot create the AM and SLS fails (startAMFromSynthGenerator does not skip a job)", name, name, strings.Join(set.AMTypes, ", "))
	}
	kind := set.AMKind(name)
	if kind == "" {
		return "", fmt.Errorf("AM type %q is class %q, which capq does not simulate (MRAMSimulator, StreamAMSimulator, DAGAMSimulator)", name, set.AMClasses[name])
	}
	return kind, nil
}

// synthRuns reports whether an AM of amType runs tasks of type typ: the
// MapReduce AM runs only maps and reduces.
func synthRuns(amType, typ string) bool {
	return amType != "mapreduce" || typ == "map" || typ == "reduce"
}

// jobID is the id AMDefinitionFactory.createFromSynth gives the AM:
// SynthJob.getJobID().toString(), a mapreduce JobID of "job_mock_<name>"
// and the counter (at least 4 digits).
func (j *synthGenJob) jobID() string { return fmt.Sprintf("job_job_mock_%s_%04d", j.name, j.id) }

// app turns the job into the AM SLS starts (AMDefinitionSynth): each task
// a container of (int) memory and (int) vcores for its time in ms.
func (j *synthGenJob) app(set xmlconf.SLSSettings) (App, error) {
	amType, err := synthAMKind(set, j.amType())
	if err != nil {
		return App{}, err
	}
	user := j.def.User
	if user == "" {
		user = "default"
	}
	a := App{ID: j.jobID(), Queue: j.wl.Queue, User: user, SubmitMS: j.submitSec * 1000,
		AM: engine.Resource{MemoryMB: set.AMMemoryMB, VCores: set.AMVCores}, Pos: j.pos(), Priority: slsAppPriority()}
	for _, t := range j.tasks {
		g := TaskGroup{Count: 1, MemoryMB: int64(int32(t.memoryMB)), VCores: int64(int32(t.vcores)), Priority: t.priority, Type: t.typ, DurationMS: t.timeMS}
		if amType == "mapreduce" {
			switch t.typ {
			case "map":
				g.Priority, g.Phase = mrPriorityMap, 0
			case "reduce":
				g.Priority, g.Phase = mrPriorityReduce, 1
			default:
				continue
			}
		}
		if amType == "stream" || amType == "dag" {
			// StreamAMSimulator.PRIORITY_MAP, DAGAMSimulator.PRIORITY.
			g.Priority = 20
		}
		if g.Priority <= 0 {
			g.Priority = slsDefaultPrio
		}
		if t.timeMS <= 0 {
			//lint:ignore ST1005 TaskContainerDefinition's message
			return a, fmt.Errorf("Duration of a task shouldn't be less or equal to 0! (task %q drew %d ms)", t.typ, t.timeMS)
		}
		a.Tasks = appendGroup(a.Tasks, g)
	}
	if len(a.Tasks) == 0 {
		return a, fmt.Errorf("no task for the job (a %s AM runs only map and reduce tasks)", amType)
	}
	if amType == "stream" {
		if err := holdStreams(a.Tasks, j.durationMS); err != nil {
			return a, err
		}
		a.StreamMS = j.durationMS
		a.Tasks = mergeGroups(a.Tasks)
	}
	return a, nil
}

func weightsOf(n int, f func(int) float64) []float64 {
	ws := make([]float64, n)
	for i := range ws {
		ws[i] = f(i)
	}
	return ws
}

// javaPriorityQueue is java.util.PriorityQueue with
// SynthTraceJobProducer's comparator (earlier submission second first):
// a binary heap whose order among equal seconds is the heap's, not the
// order jobs were drawn, so the same siftUp and siftDown are needed to
// hand equal jobs out in SLS's order.
type javaPriorityQueue []synthStory

// add is PriorityQueue.offer: append, then siftUpUsingComparator.
func (q *javaPriorityQueue) add(x synthStory) {
	es := append(*q, x)
	k := len(es) - 1
	for k > 0 {
		parent := (k - 1) >> 1
		if x.sec >= es[parent].sec {
			break
		}
		es[k] = es[parent]
		k = parent
	}
	es[k] = x
	*q = es
}

// poll is PriorityQueue.poll: take the head, move the last element to
// the root and siftDownUsingComparator.
func (q *javaPriorityQueue) poll() synthStory {
	es := *q
	result := es[0]
	n := len(es) - 1
	x := es[n]
	es = es[:n]
	if n > 0 {
		k := 0
		for half := n >> 1; k < half; {
			child := 2*k + 1
			c := es[child]
			if right := child + 1; right < n && c.sec > es[right].sec {
				child = right
				c = es[child]
			}
			if x.sec <= c.sec {
				break
			}
			es[k] = c
			k = child
		}
		es[k] = x
	}
	*q = es
	return result
}

// size is Sample.getLong for a container's memory or vcores, refused past
// Java's int: AMDefinitionSynth's (int) cast wraps it (1e300 MB became
// -1 MB, then "negative size"), so the draw is named as it is.
func (s *synthSample) size(key string) (int64, error) {
	v, err := s.double()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", key, err)
	}
	if n := javaRound(v); n > math.MaxInt32 {
		return 0, fmt.Errorf("%s drew %g, out of range (at most %d, Java's int)", key, v, math.MaxInt32)
	}
	return javaRound(v), nil
}
