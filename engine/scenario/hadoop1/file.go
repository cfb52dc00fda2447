package hadoop1

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"

	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// File is a Hadoop 1 scenario as written.
type File struct {
	ID                    string              `json:"id"`
	Title                 string              `json:"title"`
	Engine                string              `json:"engine"`
	Test                  string              `json:"test"`
	HadoopVersion         string              `json:"hadoop_version"`
	Cluster               Cluster             `json:"cluster"`
	MapredSite            map[string]string   `json:"mapred_site"`
	CapacityScheduler     map[string]string   `json:"capacity_scheduler"`
	QueueACLs             map[string]string   `json:"queue_acls"`
	MapredSiteFile        string              `json:"mapred_site_file"`
	CapacitySchedulerFile string              `json:"capacity_scheduler_file"`
	QueueACLsFile         string              `json:"queue_acls_file"`
	JobTrackerUser        string              `json:"jobtracker_user"`
	UserGroups            map[string][]string `json:"user_groups"`
	ExpectStartup         *StartupExpect      `json:"expect_startup"`
	FloatTolerance        *float64            `json:"float_tolerance"`
	Steps                 []Step              `json:"steps"`
	// Adaptation is descriptive, not read by the runner.
	Adaptation string `json:"adaptation"`

	path    string
	profile h1.Profile
	// read is how the *_file configurations are read (size, trust).
	read xmlconf.ReadOptions
	// readNotes are what the last reading of the *_file configurations
	// refused or fell back on (XML008, …), for the run's warnings.
	readNotes []string
}

// Cluster lists TaskTrackers one by one or in groups.
type Cluster struct {
	Trackers      []Tracker      `json:"trackers"`
	TrackerGroups []TrackerGroup `json:"tracker_groups"`
}

// Tracker is one TaskTracker.
type Tracker struct {
	Name        string `json:"name"`
	Host        string `json:"host"`
	Rack        string `json:"rack"`
	MapSlots    int    `json:"map_slots"`
	ReduceSlots int    `json:"reduce_slots"`
}

// TrackerGroup expands to count trackers named prefix+index.
type TrackerGroup struct {
	Count       int    `json:"count"`
	NamePrefix  string `json:"name_prefix"`
	FirstIndex  *int   `json:"first_index"`
	HostSuffix  string `json:"host_suffix"`
	Rack        string `json:"rack"`
	MapSlots    int    `json:"map_slots"`
	ReduceSlots int    `json:"reduce_slots"`
}

// StartupExpect is the expected outcome of starting the scheduler.
type StartupExpect struct {
	Accepted      *bool  `json:"accepted"`
	ErrorContains string `json:"error_contains"`
}

// Step is one scheduling event; fields are used by the ops that name them.
type Step struct {
	Op                 string            `json:"op"`
	Job                string            `json:"job"`
	Jobs               json.RawMessage   `json:"jobs"`
	User               string            `json:"user"`
	Queue              string            `json:"queue"`
	Priority           string            `json:"priority"`
	Maps               *int              `json:"maps"`
	Reduces            int               `json:"reduces"`
	MapMemoryMB        *int64            `json:"map_memory_mb"`
	ReduceMemoryMB     *int64            `json:"reduce_memory_mb"`
	MapLocations       *[][]string       `json:"map_locations"`
	LocalityWaitFactor *float32          `json:"locality_wait_factor"`
	ReduceSlowstart    *float32          `json:"reduce_slowstart"`
	Conf               map[string]string `json:"conf"`
	InitNow            bool              `json:"init_now"`
	InitFails          bool              `json:"init_fails"`
	Start              *bool             `json:"start"`
	Tracker            string            `json:"tracker"`
	Repeat             int               `json:"repeat"`
	Type               string            `json:"type"`
	Tasks              []int             `json:"tasks"`
	Count              int               `json:"count"`
	FreeSlots          *bool             `json:"free_slots"`
	Trackers           json.RawMessage   `json:"trackers"`
	CapacityScheduler  map[string]string `json:"capacity_scheduler"`
	MapredSiteSet      map[string]string `json:"mapred_site_set"`
	QueueACLs          map[string]string `json:"queue_acls"`
	Why                []string          `json:"why"`
	Note               string            `json:"note"`

	// Expect is op-specific: submit_job and init_jobs take an object,
	// heartbeat a list of task names.
	Expect         json.RawMessage `json:"expect"`
	ExpectCount    *int            `json:"expect_count"`
	ExpectLocality []string        `json:"expect_locality"`
	// The expect op's sections.
	Queues     map[string]map[string]any `json:"queues"`
	JobsState  map[string]map[string]any `json:"jobs_state"`
	TrackersSt map[string]map[string]any `json:"trackers_state"`
	QueueOrder map[string]any            `json:"queue_order"`
	Memory     map[string]any            `json:"memory"`
	ClusterSt  map[string]any            `json:"cluster_state"`
	// cluster is the expect op's cluster section, decoded by
	// decodeExpectStep into ClusterSt; named here so that strict
	// decoding knows it.
	ClusterSection json.RawMessage `json:"cluster"`
}

// Detect reports whether a scenario file is a Hadoop 1 one: "engine":
// "hadoop1", or any of mapred_site, capacity_scheduler, cluster.trackers.
func Detect(data []byte) bool {
	var probe struct {
		Engine            string          `json:"engine"`
		MapredSite        json.RawMessage `json:"mapred_site"`
		CapacityScheduler json.RawMessage `json:"capacity_scheduler"`
		MapredSiteFile    string          `json:"mapred_site_file"`
		Cluster           struct {
			Trackers      json.RawMessage `json:"trackers"`
			TrackerGroups json.RawMessage `json:"tracker_groups"`
		} `json:"cluster"`
	}
	data, _ = safeio.CutBOM(data)
	if json.Unmarshal(data, &probe) != nil {
		return false
	}
	return probe.Engine == "hadoop1" || probe.MapredSite != nil || probe.CapacityScheduler != nil ||
		probe.MapredSiteFile != "" || probe.Cluster.Trackers != nil || probe.Cluster.TrackerGroups != nil
}

// Parse decodes a Hadoop 1 scenario; path names it in errors and anchors
// the *_file fields. The expect op's sections are named as in the format
// (jobs, trackers, cluster) and decoded here by op.
func Parse(path string, data []byte) (*File, error) {
	return ParseWith(path, data, xmlconf.ReadOptions{})
}

// ParseWith is Parse with the options the *_file configurations are read
// with. Untrusted (rd.Untrusted), as lint and migrate read the same files:
// no external entities, xi:includes only inside the file's directory, and
// each *_file must be relative and inside the scenario's directory, links
// resolved (safeio.Within), or the scenario is refused.
func ParseWith(path string, data []byte, rd xmlconf.ReadOptions) (*File, error) {
	// capq's own format: a byte-order mark an editor wrote is skipped.
	data, _ = safeio.CutBOM(data)
	var f File
	dec := json.NewDecoder(bytes.NewReader(data))
	// A misspelled key ("queus" in an expect step) would otherwise be
	// dropped, and the scenario pass without checking anything.
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", safeio.JSONPlace(path, data, dec.InputOffset(), err), err)
	}
	var raw struct {
		Steps []json.RawMessage `json:"steps"`
	}
	_ = json.Unmarshal(data, &raw)
	for i := range f.Steps {
		if f.Steps[i].Op == "expect" && i < len(raw.Steps) {
			if err := decodeExpectStep(raw.Steps[i], &f.Steps[i]); err != nil {
				return nil, fmt.Errorf("scenario %s: step %d: %w", path, i, err)
			}
		}
	}
	f.path, f.read = path, rd
	if err := f.checkFiles(); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	p, err := h1.ParseProfile(f.HadoopVersion)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	f.profile = p
	if f.Engine != "" && f.Engine != "hadoop1" {
		return nil, fmt.Errorf("scenario %s: engine %q: this runner is for \"hadoop1\"", path, f.Engine)
	}
	if len(f.Steps) > 100000 {
		return nil, fmt.Errorf("scenario %s: %d steps, at most 100000", path, len(f.Steps))
	}
	return &f, nil
}

func decodeExpectStep(raw json.RawMessage, s *Step) error {
	var x struct {
		Queues     map[string]map[string]any `json:"queues"`
		Jobs       map[string]map[string]any `json:"jobs"`
		Trackers   map[string]map[string]any `json:"trackers"`
		QueueOrder map[string]any            `json:"queue_order"`
		Memory     map[string]any            `json:"memory"`
		Cluster    map[string]any            `json:"cluster"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		return err
	}
	s.Queues, s.JobsState, s.TrackersSt = x.Queues, x.Jobs, x.Trackers
	s.QueueOrder, s.Memory, s.ClusterSt = x.QueueOrder, x.Memory, x.Cluster
	s.Trackers, s.Jobs, s.ClusterSection = nil, nil, nil
	return nil
}

// jobNames decodes the jobs field of start_jobs and why.
func (s *Step) jobNames() ([]string, error) {
	if len(s.Jobs) == 0 {
		return nil, nil
	}
	var names []string
	if err := json.Unmarshal(s.Jobs, &names); err != nil {
		return nil, fmt.Errorf("jobs: want a list of job names: %w", err)
	}
	return names, nil
}

// trackerSpecs expands the cluster.
func (c Cluster) trackerSpecs() ([]h1.TrackerSpec, error) {
	var out []h1.TrackerSpec
	for _, t := range c.Trackers {
		out = append(out, h1.TrackerSpec{Name: t.Name, Host: t.Host, Rack: t.Rack, MapSlots: t.MapSlots, ReduceSlots: t.ReduceSlots})
	}
	for _, g := range c.TrackerGroups {
		if g.Count < 0 || g.Count > 100000 || len(out)+g.Count > 100000 {
			return nil, fmt.Errorf("tracker group %q: count %d, at most 100000 trackers in all", g.NamePrefix, g.Count)
		}
		first := 1
		if g.FirstIndex != nil {
			first = *g.FirstIndex
		}
		for i := 0; i < g.Count; i++ {
			name := fmt.Sprintf("%s%d", g.NamePrefix, first+i)
			out = append(out, h1.TrackerSpec{Name: name, Host: name + g.HostSuffix, Rack: g.Rack, MapSlots: g.MapSlots, ReduceSlots: g.ReduceSlots})
		}
	}
	return out, nil
}

// docFromMap makes a configuration document from a scenario's map, keys
// sorted so positions are stable.
func docFromMap(name string, m map[string]string) *xmlconf.Document {
	if m == nil {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	d := &xmlconf.Document{File: name}
	for i, k := range keys {
		pos := xmlconf.Pos{File: name, Line: i + 1, Col: 1}
		d.Props = append(d.Props, &xmlconf.Property{Name: k, Value: m[k], Unset: m[k] == "", Pos: pos, NamePos: pos, ValuePos: pos})
	}
	return d
}

// checkFiles refuses, when untrusted, a *_file outside the scenario's
// directory.
func (f *File) checkFiles() error {
	if !f.read.Untrusted {
		return nil
	}
	for _, c := range []struct{ field, file string }{
		{"mapred_site_file", f.MapredSiteFile},
		{"capacity_scheduler_file", f.CapacitySchedulerFile},
		{"queue_acls_file", f.QueueACLsFile},
	} {
		if c.file == "" {
			continue
		}
		if _, err := safeio.Within(filepath.Dir(f.path), c.file); err != nil {
			return fmt.Errorf("%s %w", c.field, err)
		}
	}
	return nil
}

// filePath is where a *_file is: relative to the scenario, an absolute
// path as given (trusted only: checkFiles refuses it otherwise).
func (f *File) filePath(file string) (string, error) {
	if f.read.Untrusted {
		return safeio.Within(filepath.Dir(f.path), file)
	}
	if filepath.IsAbs(file) {
		return file, nil
	}
	return filepath.Join(filepath.Dir(f.path), file), nil
}

// model builds the Hadoop 1 model from the scenario's maps and files.
func (f *File) model(mapred, cs, acls map[string]string) (*xmlconf.H1Model, error) {
	files := xmlconf.H1Files{}
	f.readNotes = nil
	load := func(file string, m map[string]string, label string) (*xmlconf.Document, error) {
		var base *xmlconf.Document
		if file != "" {
			path, err := f.filePath(file)
			if err != nil {
				return nil, err
			}
			d, err := xmlconf.ReadFile(path, f.read)
			if err != nil {
				return nil, err
			}
			for _, fd := range d.Findings {
				f.readNotes = append(f.readNotes, label+"_file: "+fd.String())
			}
			base = d
		}
		over := docFromMap(f.ID+":"+label, m)
		switch {
		case base == nil:
			return over, nil
		case over != nil:
			base.Props = append(base.Props, over.Props...)
		}
		return base, nil
	}
	var err error
	if files.MapredSite, err = load(f.MapredSiteFile, mapred, "mapred_site"); err != nil {
		return nil, err
	}
	if files.MapredSite == nil {
		files.MapredSite = &xmlconf.Document{File: f.ID + ":mapred_site"}
	}
	if files.CapacityScheduler, err = load(f.CapacitySchedulerFile, cs, "capacity_scheduler"); err != nil {
		return nil, err
	}
	if files.QueueACLs, err = load(f.QueueACLsFile, acls, "queue_acls"); err != nil {
		return nil, err
	}
	m := xmlconf.ParseHadoop1(files)
	if m.TooLarge != nil {
		return nil, m.TooLarge
	}
	return m, nil
}
