package sim

import (
	"bufio"
	"math/rand"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// appState is one application during the run. The fields every
// container's booking reads or writes (allocated, use, containerDone)
// come first, in the first 64 bytes; the struct is 256 bytes, so in the
// run's apps slice (a large allocation, page-aligned) they are one cache
// line. On #19's contended day an allocation read the app's spec, its
// fifo, pending and containers from four lines, each a miss among ten
// thousand live apps (TestAppStateHotFieldsShareALine).
type appState struct {
	leaf int32 // queue table index
	user int32 // user table index
	// fifo holds, per request priority of the current phase, the
	// durations still to place in the order SLS hands them out
	// (scheduledMaps.remove()); a phase asks at a priority or two, so a
	// scan finds one (fifoAt) without a map's hash and buckets.
	fifo       []prioFIFO
	pending    int   // asks outstanding in the engine (incl. the AM's)
	pendingMB  int64 // their memory
	containers int64
	phaseLeft  int // containers of the current phase not yet finished

	spec      *App
	localAsks bool // the current phase asks for hosts or racks
	state     string
	// phases[p] lists the task groups of phase p (indices into spec.Tasks).
	phases [][]int
	phase  int
	amID   int64
	// amReadyAt is when the current attempt's AM registers (-1: no AM
	// container running); the app is ACCEPTED until then.
	amReadyAt int64
	// streamEndAt is the step where an SLS stream AM stops (streamEnd).
	streamEndAt int64
	// reasks are an SLS AM's killed task containers, asked again at the
	// step that processes their completion (slsKilled), in kill order.
	reasks []reask
	// unlaunched are an SLS stream AM's containers allocated too late to
	// be launched before it stops (slsUnlaunched); they stay until the
	// app ends.
	unlaunched []int64
	submitMS   int64
	firstMS    int64
	finishMS   int64
	preempted  int64
	restarts   int // AM attempts after the first
	reason     string
}

// prioFIFO is the durations of one request priority.
type prioFIFO struct {
	prio int32
	durFIFO
}

// fifoAt is the current phase's FIFO of priority p, nil if none. The
// pointer is valid until addFIFO adds a priority.
func (a *appState) fifoAt(p int32) *durFIFO {
	for k := range a.fifo {
		if a.fifo[k].prio == p {
			return &a.fifo[k].durFIFO
		}
	}
	return nil
}

// addFIFO adds an empty FIFO for priority p, of containers of size.
func (a *appState) addFIFO(p int32, size engine.Resource) *durFIFO {
	a.fifo = append(a.fifo, prioFIFO{prio: p, durFIFO: durFIFO{size: size}})
	return &a.fifo[len(a.fifo)-1].durFIFO
}

// reask is a killed task container an SLS AM asks for again at step due.
type reask struct {
	due  int64
	dur  int64
	prio int32
}

// durFIFO is a queue of (duration, count) runs. The first run is kept
// inline (one): a priority's FIFO most often holds one task group's run,
// and a pop then reads nothing beyond the app's FIFO slice (the runs
// array was a cache miss per container late on #19's contended day).
// one precedes runs[head:]: a push goes to one only when the queue is
// empty.
type durFIFO struct {
	one  durRun
	size engine.Resource
	// asked is the priority's ANY count outstanding in the engine, and
	// batchAt when it was last asked (an SLS DAG AM's batch, dagReplaced).
	asked   int
	runs    []durRun
	head    int
	batchAt int64
}

type durRun struct {
	dur   int64
	count int
}

func (f *durFIFO) push(d int64, n int) {
	if f.one.count == 0 && f.head == len(f.runs) {
		f.one = durRun{d, n}
		f.runs, f.head = f.runs[:0], 0
		return
	}
	f.runs = append(f.runs, durRun{d, n})
}

func (f *durFIFO) pop() (int64, bool) {
	if f.one.count > 0 {
		f.one.count--
		return f.one.dur, true
	}
	for f.head < len(f.runs) {
		r := &f.runs[f.head]
		if r.count > 0 {
			r.count--
			return r.dur, true
		}
		f.head++
	}
	return 0, false
}

func (f *durFIFO) left() int {
	n := f.one.count
	for _, r := range f.runs[f.head:] {
		n += r.count
	}
	return n
}

// kill is a container the engine ended during a call that the run did
// not ask to end (lost node, preemption), handled once the call returns
// (afterEngine): from its release event, its duration being the tag the
// run gave it at allocation (Engine.SetTag).
type kill struct {
	dur  int64
	app  int32
	prio int32
}

// nodeState is what the simulator keeps of a node outside the
// heartbeat loop; the flags the loop reads are nodeFlags, and whether a
// node is parked is its bit in parkSet.
type nodeState struct {
	id    string
	rack  string
	phase int64
	// lastHB is the node's last heartbeat, read by nextBeat only: with
	// the sweep on a node's slot says when it beats, and it is not kept.
	lastHB int64
}

// nodeFlags are the nodes' flags that the heartbeat loop reads and
// writes: a bit per node, 64 nodes' bits of every flag in one 32-byte
// group, so that a node's flags share a cache line (5 KB for 10,000
// nodes). They were fields of nodeState beside its id and rack (56
// bytes), read at random in the sweep's order: on #19's contended day a
// wake that reached thousands of parked nodes, each futile answer's write
// of scheduled and hasRoom's reads were a cache miss per node (about 12 M
// in its first 3 hours). A bitset per flag took three lines where the
// entry took one on a container's start or end.
type nodeFlags []flagGroup

// flagGroup holds 64 nodes' flags, a word per flag (flagScheduled ...).
type flagGroup [4]uint64

const (
	// flagScheduled: the node's next heartbeat is queued (with the sweep:
	// its rank is due, or is being answered).
	flagScheduled = iota
	flagReserved  // it holds a reservation
	flagAlive     // not removed
)

// grow makes room for n nodes.
func (f *nodeFlags) grow(n int) {
	if g := (n + 63) / 64; g > len(*f) {
		*f = append(*f, make([]flagGroup, g-len(*f))...)
	}
}

// has reports whether node i has flag k.
func (f nodeFlags) has(i int32, k int) bool { return f[uint32(i)/64][k]&(1<<(uint32(i)%64)) != 0 }

func (f nodeFlags) set(i int32, k int) { f[uint32(i)/64][k] |= 1 << (uint32(i) % 64) }

func (f nodeFlags) clear(i int32, k int) { f[uint32(i)/64][k] &^= 1 << (uint32(i) % 64) }

// put sets or clears node i's flag k.
func (f nodeFlags) put(i int32, k int, v bool) {
	if v {
		f.set(i, k)
	} else {
		f.clear(i, k)
	}
}

// queueStat accumulates one queue's figures. The fields that every
// container's booking reads and writes on the way from its leaf to the
// root (addPending, addUsed, allocated) come first, in 56 bytes: with the
// struct 320 bytes long they share one cache line, where they took two
// (a miss each on every cold queue of the walk).
type queueStat struct {
	parent int32
	// eq is the queue's index in the engine (QueuePaths order), -1 once a
	// refresh removed it; its usage is read from the engine's books.
	eq         int32
	pending    int64
	peakPend   int64
	peak       int64
	area       float64 // MB·ms
	lastT      int64
	containers int64

	path       string
	leaf       bool
	guarantee  int64
	max        int64
	guarantee0 int64
	max0       int64
	sampled    int64 // containers at the last sample
	preempted  int64
	submitted  int
	finished   int
	rejected   int
	waits      []int64
	series     QueueSeries
	// removed marks a dynamic queue the deletion policy removed.
	removed bool
}

// userStat accumulates one user of a leaf.
type userStat struct {
	leaf  int32
	name  string
	apps  int
	used  int64
	peak  int64
	area  float64
	lastT int64
}

// run is the state of one simulation.
type run struct {
	opts  Options
	w     *Workload
	model *xmlconf.Model
	e     *engine.Engine
	now   int64
	hb    int64
	// beatsFrom is the time of the first node heartbeat: 0, or with
	// Workload.SLSAMs one interval (slsBeatsFrom).
	beatsFrom int64
	amHB      int64
	minMem    int64
	minVC     int64
	drf       bool
	// maxAllocWait is the scheduling wait after which the largest node
	// caps requests; maxAllocFree says it has passed, maxAllocFlipped
	// that 2.7 has answered its flipping call (maxalloc.go).
	maxAllocWait    int64
	maxAllocFree    bool
	maxAllocFlipped bool
	// zeroWarned: queues the zero-share warning has named (drf_warn.go).
	zeroWarned map[[2]string]bool

	q      evHeap
	apps   []appState
	appIdx map[string]int32
	order  []int32 // apps by submit time

	nodes         []nodeState
	flags         nodeFlags
	nodeIdx       map[string]int32
	park          parkSet
	sweep         sweep // the heartbeat queue (sweep.go)
	reservedNodes int
	uniform       bool // every node has the same size
	awake         int
	idle          int
	quiet         bool
	hbNode        int32
	hbRank        int32 // hbNode's rank (parkSet's), while hbNode >= 0
	// async and multi: asynchronous scheduling and multi-node placement
	// (async.go).
	async       asyncState
	multi       bool
	localApps   int
	outstanding int64

	futile       futile
	held         held
	releasing    bool
	pendingKills []kill

	queues     []queueStat
	parts      *partStats // per-partition usage; nil without node labels
	qIdx       map[string]int32
	users      []userStat
	uIdx       map[userKey]int32
	samples    []int64
	nextSample int64

	res       Result
	preemptOn bool // a preemption round is queued
	expireOn  bool // a queue-deletion round is queued
	// keptWarned and legacyWarned: warnKeptQueues has spoken of flexible,
	// of legacy auto-created queues.
	keptWarned, legacyWarned bool
	dynIdx                   map[string]int
	lastRound                int64
	out                      *bufio.Writer
	outErr                   error  // the first failed write of the event log; stops the run
	stopErr                  error  // set when the run used up Options.MaxEvents or MaxSeriesPoints, or a refresh event's file could not be read (RefreshInputError); stops it
	work                     uint64 // weighted events charged against Options.MaxEvents
	refreshes                int    // configurations loaded by refresh events (budget.go)
	budgeted                 bool   // Options.MaxEvents sets a budget
	counting                 bool   // the engine counts re-reservations (standing.go)
	lineBuf                  []byte
	lastChange               int64
	done                     int
	evCount                  uint64
	engineEvs                uint64 // engine events seen (onEvent)
	rng                      *rand.Rand
}
