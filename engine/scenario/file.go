package scenario

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// Scenario is a step-by-step scheduler script (scenario-format.md): a
// cluster, a configuration and the steps to run on it.
type Scenario struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Category, Source, Notes and Adaptation describe the scenario (the
	// Hadoop test it reproduces and how it departs from it); the run does
	// not read them, but strict decoding must know them.
	Category       string            `json:"category"`
	Source         json.RawMessage   `json:"source"`
	Notes          json.RawMessage   `json:"notes"`
	Adaptation     string            `json:"adaptation"`
	YarnSite       map[string]string `json:"yarn_site"`
	HadoopVersion  string            `json:"hadoop_version"`
	Cluster        Cluster           `json:"cluster"`
	Config         map[string]string `json:"config"`
	ConfigFile     string            `json:"config_file"`
	ExpectStartup  *RefreshExpect    `json:"expect_startup"`
	Steps          []Step            `json:"steps"`
	FloatTolerance *float64          `json:"float_tolerance"`

	version xmlconf.Version
	dir     string
	// configNotes are what reading config_file left out or fell back on
	// (an external entity or an include refused in untrusted mode, XML008,
	// …): the run lists them with its startup warnings.
	configNotes []string
	// fileEmpty are the config_file keys the file sets to the empty
	// string (the attribute form value=""), which the inline config does
	// not override: a value, where an empty entry of the config map (an
	// empty <value> element) sets nothing.
	fileEmpty map[string]bool
}

// Cluster is the scenario's starting cluster: single nodes and groups of
// identical ones.
type Cluster struct {
	Nodes      []Node      `json:"nodes"`
	NodeGroups []NodeGroup `json:"node_groups"`
	// NodeLabels are the cluster's label definitions
	// (scenario-format-extensions.md).
	NodeLabels []NodeLabel `json:"node_labels"`
}

// NodeLabel is one cluster node label; Exclusive defaults to true.
type NodeLabel struct {
	Name      string `json:"name"`
	Exclusive *bool  `json:"exclusive"`
}

// Node is one NodeManager.
type Node struct {
	ID       string `json:"id"`
	Host     string `json:"host"`
	Rack     string `json:"rack"`
	MemoryMB int64  `json:"memory_mb"`
	VCores   int64  `json:"vcores"`
	// Partition is the node's label ("" = default partition).
	Partition string `json:"partition"`
}

// NodeGroup is Count identical nodes named IDPrefix0, IDPrefix1, ...
type NodeGroup struct {
	Count    int    `json:"count"`
	IDPrefix string `json:"id_prefix"`
	MemoryMB int64  `json:"memory_mb"`
	VCores   int64  `json:"vcores"`
	Rack     string `json:"rack"`
	// Partition is every node's label ("" = default partition).
	Partition string `json:"partition"`
}

// Ask is one ResourceRequest of an update_asks step.
type Ask struct {
	Priority      int32  `json:"priority"`
	ResourceName  string `json:"resource_name"`
	MemoryMB      int64  `json:"memory_mb"`
	VCores        int64  `json:"vcores"`
	Count         int    `json:"count"`
	RelaxLocality *bool  `json:"relax_locality"`
	// NodeLabelExpression is the request's partition (ANY requests
	// only); absent = the queue's default-node-label-expression.
	NodeLabelExpression *string `json:"node_label_expression"`
}

// Step holds every field any op uses; fields whose JSON shape
// depends on the op stay raw and are decoded by the op.
type Step struct {
	Op         string   `json:"op"`
	App        string   `json:"app"`
	Queue      string   `json:"queue"`
	User       string   `json:"user"`
	Groups     []string `json:"groups"`
	AMMemoryMB int64    `json:"am_memory_mb"`
	AMVCores   int64    `json:"am_vcores"`
	// AMNodeLabelExpression is the AM's partition (submit_app); absent =
	// the queue's default-node-label-expression.
	AMNodeLabelExpression *string `json:"am_node_label_expression"`
	// AMContainer models the AM container request (submit_app).
	AMContainer bool `json:"am_container"`
	// AppPriority is the application priority of submit_app (absent: the
	// app is sent without one and gets the RM's default) and the new
	// priority of update_app_priority (absent: 0).
	AppPriority *int32                    `json:"app_priority"`
	Asks        []Ask                     `json:"asks"`
	Node        json.RawMessage           `json:"node"`
	Repeat      int                       `json:"repeat"`
	Count       json.RawMessage           `json:"count"`
	Set         map[string]string         `json:"set"`
	Unset       []string                  `json:"unset"`
	YarnSiteSet map[string]string         `json:"yarn_site_set"`
	Replace     map[string]string         `json:"replace"`
	Nodes       json.RawMessage           `json:"nodes"`
	NodeGroups  []NodeGroup               `json:"node_groups"`
	Expect      *RefreshExpect            `json:"expect"`
	Queues      map[string]map[string]any `json:"queues"`
	Apps        map[string]map[string]any `json:"apps"`
	Users       map[string]map[string]any `json:"users"`
	// Cluster lists fields of the snapshot's cluster (expect).
	Cluster    map[string]any  `json:"cluster"`
	LastAssign json.RawMessage `json:"last_assignment"`
	NowMS      int64           `json:"now_ms"`
	// AppName and Placement: submit_app runs the mapping rules
	// (scenario-format-extensions.md).
	AppName   string `json:"app_name"`
	Placement bool   `json:"placement"`
	// Tags are the application tags of submit_app (a workflowid:<id> tag
	// selects a workflow priority mapping).
	Tags []string `json:"tags"`
	// Marked and Killed, on a preempt step, are the expected numbers of
	// containers marked (first selected) and killed per application in that
	// round; an application left out must have none (Hadoop's never()).
	Marked map[string]int `json:"marked"`
	Killed map[string]int `json:"killed"`
	// Killable, on a preempt step, is the expected number of containers
	// made killable per application (lazy preemption), checked as Marked.
	Killable map[string]int `json:"killable"`
	// Unchecked, on a preempt step, names the applications whose counts
	// the reproduced test does not assert: they may have any.
	Unchecked []string `json:"unchecked"`
	// Add and Remove change the cluster's labels (define_node_labels).
	Add    []NodeLabel `json:"add"`
	Remove []string    `json:"remove"`
	// From is the queue move_all_apps takes the apps from.
	From string `json:"from"`
	// KeepContainers, on remove_attempt, keeps the attempt's running
	// containers for the next one (work-preserving AM restart).
	KeepContainers bool `json:"keep_containers"`
}

// RefreshExpect is the expected outcome of loading or refreshing.
type RefreshExpect struct {
	Accepted         *bool               `json:"accepted"`
	ReasonCode       string              `json:"reason_code"`
	ErrorContainsAny []string            `json:"error_contains_any"`
	Children         map[string][]string `json:"children"`
	QueuesAbsent     []string            `json:"queues_absent"`
	// Queue and AutoCreated check a submit_app: the full path the app
	// went to and the queues its submission created.
	Queue       string   `json:"queue"`
	AutoCreated []string `json:"auto_created"`
	// Removed checks an expire_queues step: the queues it removed.
	Removed []string `json:"removed"`
}

// Load reads and checks a scenario file with the default read limits.
func Load(path string) (*Scenario, error) {
	return LoadWith(path, xmlconf.ReadOptions{})
}

// LoadWith reads and checks a scenario file within rd's limits (its size,
// no FIFOs or devices unless allowed), which also bound its config_file.
func LoadWith(path string, rd xmlconf.ReadOptions) (*Scenario, error) {
	max := rd.MaxBytes
	if max <= 0 {
		max = xmlconf.DefaultMaxBytes
	}
	data, err := safeio.ReadFile(path, safeio.Limits{MaxBytes: max, AllowSpecial: rd.AllowSpecial, Untrusted: rd.Untrusted})
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return parse(path, data, rd)
}

// Parse decodes and checks a scenario; path names it in errors and
// anchors config_file.
func Parse(path string, data []byte) (*Scenario, error) {
	return parse(path, data, xmlconf.ReadOptions{})
}

// ParseWith is Parse with the options its config_file is read with, for
// a caller that has read the file already: reading it again would block
// on a FIFO whose writer is gone, or read another file if it was replaced.
func ParseWith(path string, data []byte, rd xmlconf.ReadOptions) (*Scenario, error) {
	return parse(path, data, rd)
}

func parse(path string, data []byte, rd xmlconf.ReadOptions) (*Scenario, error) {
	if err := safeio.RefuseWide(data, "JSON"); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	// A scenario is capq's own format: a byte-order mark an editor wrote
	// is skipped, not refused (no Hadoop reader is involved).
	data, _ = safeio.CutBOM(data)
	kind, err := Detect(data)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	if kind == KindHadoop1 {
		return nil, fmt.Errorf("scenario %s: a Hadoop 1 scenario (hadoop1-scenario-format.md); this capq runs only YARN scenarios", path)
	}
	var sc Scenario
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	// A misspelled key ("queus" in an expect step) would otherwise be
	// dropped, and the scenario pass without checking anything.
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", safeio.JSONPlace(path, data, dec.InputOffset(), err), err)
	}
	sc.dir = filepath.Dir(path)
	sc.version = xmlconf.DefaultVersion
	if sc.HadoopVersion != "" {
		v, err := xmlconf.ParseVersion(sc.HadoopVersion)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: %w", path, err)
		}
		sc.version = v
	}
	if err := sc.mergeConfigFile(rd); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	if err := sc.checkBounds(); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	return &sc, nil
}

// mergeConfigFile reads config_file (relative to the scenario unless
// absolute) under the inline config: an inline key wins. Untrusted, it
// must be relative and inside the scenario's directory (safeio.Within):
// the scenario may come from a pull request and what it reads is printed.
func (sc *Scenario) mergeConfigFile(rd xmlconf.ReadOptions) error {
	if sc.ConfigFile == "" {
		return nil
	}
	path := sc.ConfigFile
	if rd.Untrusted {
		var err error
		if path, err = safeio.Within(sc.dir, sc.ConfigFile); err != nil {
			return fmt.Errorf("config_file %w", err)
		}
	} else if !filepath.IsAbs(path) {
		path = filepath.Join(sc.dir, path)
	}
	m, findings, err := readConfigMap(path, rd)
	if err != nil {
		return err
	}
	for _, f := range findings {
		sc.configNotes = append(sc.configNotes, "config_file: "+f.String())
	}
	if sc.Config == nil {
		sc.Config = map[string]string{}
	}
	for k, v := range m {
		if _, set := sc.Config[k]; !set {
			sc.Config[k] = v
			if v == "" {
				if sc.fileEmpty == nil {
					sc.fileEmpty = map[string]bool{}
				}
				sc.fileEmpty[k] = true
			}
		}
	}
	return nil
}

// checkBounds refuses steps without an op and sizes beyond the bounds.
// Repeats and nodes are bounded over the whole scenario, not per step: a
// file of many steps each at the bound would otherwise run for hours or
// hold millions of nodes per step.
func (sc *Scenario) checkBounds() error {
	repeats := 0
	keys := configKeys{}
	keys.add(sc.Config, sc.YarnSite)
	groups := append([]NodeGroup(nil), sc.Cluster.NodeGroups...)
	if err := checkNodeSizes(sc.Cluster.Nodes, sc.Cluster.NodeGroups); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	for i, st := range sc.Steps {
		if st.Op == "" {
			return fmt.Errorf("step %d has no op", i)
		}
		if err := st.checkNodeSizes(); err != nil {
			return fmt.Errorf("step %d (%s): %w", i, st.Op, err)
		}
		// The client refuses such tags before it submits anything.
		if err := engine.CheckTags(st.Tags); err != nil {
			return fmt.Errorf("step %d (%s): tags: %w", i, st.Op, err)
		}
		if st.Repeat != 0 && !takesRepeat(st.Op) {
			// Ignoring repeat elsewhere would run one step where the
			// author meant many.
			return fmt.Errorf("step %d: repeat applies only to assign_once, heartbeat and async_schedule, not %s", i, st.Op)
		}
		if st.Repeat < 0 || st.Repeat > maxRepeat {
			return fmt.Errorf("step %d repeats %d times, at most %d", i, st.Repeat, maxRepeat)
		}
		keys.add(st.Set, st.YarnSiteSet, st.Replace)
		repeats += stepRounds(&st, len(keys))
		if repeats > maxRepeat {
			return fmt.Errorf("step %d: the steps repeat more than %d times in all (a heartbeat's nodes count once each, a refresh once a setting)", i, maxRepeat)
		}
		groups = append(groups, st.NodeGroups...)
		if err := checkGroups(groups); err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
	}
	return checkGroups(groups)
}

// Bounds on hostile inputs: a scenario is a step-by-step script, not a
// load test. Hadoop's own tests use a few thousand nodes and repeats at
// most; at a million of each a 700-byte scenario ran for a minute and
// used 800 MB (issue 12: no input file takes more than 10 s), at these
// bounds any scenario runs in a few seconds.
const (
	maxRepeat = 100_000
	maxNodes  = 100_000
)

// checkNodeSizes refuses a node (or group) of negative size, or larger
// than a workload's node may be (sim.MaxNodeMB, sim.MaxNodeVCores), so
// that the cluster's resource cannot go negative or overflow.
func checkNodeSizes(ns []Node, gs []NodeGroup) error {
	for _, n := range ns {
		if err := checkNodeSize(fmt.Sprintf("node %q", n.ID), n.MemoryMB, n.VCores); err != nil {
			return err
		}
	}
	for _, g := range gs {
		if err := checkNodeSize(fmt.Sprintf("node group %q", g.IDPrefix), g.MemoryMB, g.VCores); err != nil {
			return err
		}
	}
	return nil
}

func checkNodeSize(what string, mb, vcores int64) error {
	if mb < 0 || vcores < 0 {
		return fmt.Errorf("%s has a negative size (%d MB, %d vcores)", what, mb, vcores)
	}
	if mb > sim.MaxNodeMB || vcores > sim.MaxNodeVCores {
		return fmt.Errorf("%s is too large (%d MB, %d vcores): at most %d MB and %d vcores", what, mb, vcores, int64(sim.MaxNodeMB), int64(sim.MaxNodeVCores))
	}
	return nil
}

// checkNodeSizes checks the nodes add_nodes and replace_node bring; a
// step whose nodes do not decode is left to the step, which says so.
func (st *Step) checkNodeSizes() error {
	var ns []Node
	switch st.Op {
	case "add_nodes":
		if len(st.Nodes) > 0 && json.Unmarshal(st.Nodes, &ns) != nil {
			ns = nil
		}
	case "replace_node":
		var n Node
		if len(st.Node) > 0 && json.Unmarshal(st.Node, &n) == nil {
			ns = []Node{n}
		}
	}
	return checkNodeSizes(ns, st.NodeGroups)
}

// stepRounds is what a step counts against maxRepeat: its repeat, times
// the nodes of a heartbeat's list (a round beats each of them; a list of
// 3,000,000 ids ran for 19 s as one step), and for a refresh or validate
// the settings it rebuilds the configuration from, keys at most (a
// refresh lints, diffs and rebuilds every queue: 200 refreshes of 1,000
// queues ran for 37 s).
func stepRounds(st *Step, keys int) int {
	switch st.Op {
	case "heartbeat":
		return int(min(stepPasses(st), maxRepeat+1))
	case "refresh", "validate":
		return max(keys, 1)
	}
	return max(st.Repeat, 1)
}

// configKeys is every setting a scenario's configuration may hold so
// far: what it starts with and every key a step sets (unset ones are
// kept: an upper bound is enough).
type configKeys map[string]bool

func (k configKeys) add(maps ...map[string]string) {
	for _, m := range maps {
		for key := range m {
			k[key] = true
		}
	}
}

// checkGroups bounds the nodes node_groups expand to, and the bytes of
// their names (id_prefix and a number: a 20 MB prefix on 100 nodes ran
// capq out of memory), as a workload's are (sim.MaxNameBytes).
func checkGroups(gs []NodeGroup) error {
	total, names := 0, int64(0)
	for _, g := range gs {
		if g.Count < 0 || g.Count > maxNodes || total+g.Count > maxNodes {
			return fmt.Errorf("node_groups: %d nodes, at most %d", total+g.Count, maxNodes)
		}
		total += g.Count
		names += int64(len(g.IDPrefix)+7) * int64(g.Count)
		if names > sim.MaxNameBytes {
			return fmt.Errorf("node_groups: id_prefix would generate more than %d bytes of node names", sim.MaxNameBytes)
		}
	}
	return nil
}
