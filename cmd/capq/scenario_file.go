package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// scenarioFile is the input of `capq scenario` (scenario-format.md).
type scenarioFile struct {
	ID             string            `json:"id"`
	Title          string            `json:"title"`
	YarnSite       map[string]string `json:"yarn_site"`
	HadoopVersion  string            `json:"hadoop_version"`
	Cluster        scenarioCluster   `json:"cluster"`
	Config         map[string]string `json:"config"`
	ConfigFile     string            `json:"config_file"`
	ExpectStartup  *refreshExpect    `json:"expect_startup"`
	Steps          []scenarioStep    `json:"steps"`
	FloatTolerance *float64          `json:"float_tolerance"`

	version xmlconf.Version
	dir     string
}

type scenarioCluster struct {
	Nodes      []scenarioNode  `json:"nodes"`
	NodeGroups []scenarioGroup `json:"node_groups"`
}

type scenarioNode struct {
	ID       string `json:"id"`
	Host     string `json:"host"`
	Rack     string `json:"rack"`
	MemoryMB int64  `json:"memory_mb"`
	VCores   int64  `json:"vcores"`
}

type scenarioGroup struct {
	Count    int    `json:"count"`
	IDPrefix string `json:"id_prefix"`
	MemoryMB int64  `json:"memory_mb"`
	VCores   int64  `json:"vcores"`
	Rack     string `json:"rack"`
}

type scenarioAsk struct {
	Priority      int32  `json:"priority"`
	ResourceName  string `json:"resource_name"`
	MemoryMB      int64  `json:"memory_mb"`
	VCores        int64  `json:"vcores"`
	Count         int    `json:"count"`
	RelaxLocality *bool  `json:"relax_locality"`
}

// scenarioStep holds every field any op uses; fields whose JSON shape
// depends on the op stay raw and are decoded by the op.
type scenarioStep struct {
	Op          string                    `json:"op"`
	App         string                    `json:"app"`
	Queue       string                    `json:"queue"`
	User        string                    `json:"user"`
	Groups      []string                  `json:"groups"`
	AMMemoryMB  int64                     `json:"am_memory_mb"`
	AMVCores    int64                     `json:"am_vcores"`
	AppPriority int32                     `json:"app_priority"`
	Asks        []scenarioAsk             `json:"asks"`
	Node        json.RawMessage           `json:"node"`
	Repeat      int                       `json:"repeat"`
	Count       json.RawMessage           `json:"count"`
	Set         map[string]string         `json:"set"`
	Unset       []string                  `json:"unset"`
	YarnSiteSet map[string]string         `json:"yarn_site_set"`
	Replace     map[string]string         `json:"replace"`
	Nodes       json.RawMessage           `json:"nodes"`
	NodeGroups  []scenarioGroup           `json:"node_groups"`
	Expect      *refreshExpect            `json:"expect"`
	Queues      map[string]map[string]any `json:"queues"`
	Apps        map[string]map[string]any `json:"apps"`
	Users       map[string]map[string]any `json:"users"`
	LastAssign  json.RawMessage           `json:"last_assignment"`
	NowMS       int64                     `json:"now_ms"`
}

// refreshExpect is the expected outcome of loading or refreshing.
type refreshExpect struct {
	Accepted         *bool               `json:"accepted"`
	ReasonCode       string              `json:"reason_code"`
	ErrorContainsAny []string            `json:"error_contains_any"`
	Children         map[string][]string `json:"children"`
	QueuesAbsent     []string            `json:"queues_absent"`
}

// loadScenario reads and checks a scenario file.
func loadScenario(path string) (*scenarioFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return parseScenario(path, data)
}

// parseScenario decodes and checks a scenario; path names it in errors
// and anchors config_file.
func parseScenario(path string, data []byte) (*scenarioFile, error) {
	var sc scenarioFile
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	if err := dec.Decode(&sc); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", jsonErrorPlace(path, data, dec.InputOffset(), err), err)
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
	if sc.ConfigFile != "" {
		m, err := readConfigMap(filepath.Join(sc.dir, sc.ConfigFile))
		if err != nil {
			return nil, fmt.Errorf("scenario %s: %w", path, err)
		}
		if sc.Config == nil {
			sc.Config = map[string]string{}
		}
		for k, v := range m {
			if _, set := sc.Config[k]; !set {
				sc.Config[k] = v
			}
		}
	}
	for i, st := range sc.Steps {
		if st.Op == "" {
			return nil, fmt.Errorf("scenario %s: step %d has no op", path, i)
		}
		if st.Repeat > maxRepeat {
			return nil, fmt.Errorf("scenario %s: step %d repeats %d times, at most %d", path, i, st.Repeat, maxRepeat)
		}
		if err := checkGroups(st.NodeGroups); err != nil {
			return nil, fmt.Errorf("scenario %s: step %d: %w", path, i, err)
		}
	}
	if err := checkGroups(sc.Cluster.NodeGroups); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	return &sc, nil
}

// Bounds on hostile inputs: a scenario is a step-by-step script, not a
// load test.
const (
	maxRepeat = 1_000_000
	maxNodes  = 1_000_000
)

func checkGroups(gs []scenarioGroup) error {
	total := 0
	for _, g := range gs {
		if g.Count < 0 || g.Count > maxNodes || total+g.Count > maxNodes {
			return fmt.Errorf("node_groups: %d nodes, at most %d", total+g.Count, maxNodes)
		}
		total += g.Count
	}
	return nil
}

// readConfigMap reads capacity-scheduler.xml into a key→value map.
func readConfigMap(path string) (map[string]string, error) {
	doc, err := xmlconf.ReadFile(path, xmlconf.ReadOptions{})
	if err != nil {
		return nil, err
	}
	return xmlconf.NewConf(doc).Map(), nil
}

// clusterNodes expands nodes and node groups into node specs.
func clusterNodes(nodes []scenarioNode, groups []scenarioGroup) []engine.NodeSpec {
	var out []engine.NodeSpec
	for _, n := range nodes {
		out = append(out, engine.NodeSpec{ID: n.ID, Host: n.Host, Rack: n.Rack, MemoryMB: n.MemoryMB, VCores: n.VCores})
	}
	for _, g := range groups {
		for i := 0; i < g.Count; i++ {
			id := fmt.Sprintf("%s%d", g.IDPrefix, i)
			out = append(out, engine.NodeSpec{ID: id, Host: id, Rack: g.Rack, MemoryMB: g.MemoryMB, VCores: g.VCores})
		}
	}
	return out
}

// buildModel merges yarn-site under the scheduler configuration (the RM
// layers capacity-scheduler.xml over yarn-site.xml) and builds the model.
func buildModel(yarnSite, config map[string]string, v xmlconf.Version, cluster engine.Resource) *xmlconf.Model {
	m := make(map[string]string, len(yarnSite)+len(config))
	for k, val := range yarnSite {
		m[k] = val
	}
	for k, val := range config {
		m[k] = val
	}
	conf := xmlconf.FromMap(m, "scenario")
	return xmlconf.Build(conf, xmlconf.BuildOptions{Version: v, Cluster: xmlconf.Resource{MemoryMB: cluster.MemoryMB, VCores: cluster.VCores}})
}

func sumNodes(ns []engine.NodeSpec) engine.Resource {
	var r engine.Resource
	for _, n := range ns {
		r = r.Add(engine.Resource{MemoryMB: n.MemoryMB, VCores: n.VCores})
	}
	return r
}

func copyMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// jsonErrorPlace names where a JSON decoding error is: path:line:col from
// the error's offset (syntax and type errors carry one) or, failing that,
// from how far the decoder got (the end of a truncated file).
func jsonErrorPlace(path string, data []byte, decoded int64, err error) string {
	off := decoded
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		off = int64(len(data))
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("%s:%d:%d", path, line, col)
}
