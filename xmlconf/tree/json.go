package tree

import (
	"encoding/json"
	"io"
	"math"
	"strconv"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// treeJSON is the `capq tree --format json` contract. Capacities are
// percentages: capacity and maximum_capacity of the parent, absolute_* of
// the cluster. Resource fields appear only with --cluster.
type treeJSON struct {
	HadoopVersion string `json:"hadoop_version"`
	// Partition is --partition: the queues' capacities are that label's.
	Partition string            `json:"partition,omitempty"`
	Cluster   *xmlconf.Resource `json:"cluster,omitempty"`
	Queues    []treeQueueJSON   `json:"queues"`
	Notes     []string          `json:"notes,omitempty"`
}

type treeQueueJSON struct {
	Path                    string   `json:"path"`
	Parent                  string   `json:"parent"`
	Leaf                    bool     `json:"leaf"`
	State                   string   `json:"state"`
	CapacityMode            string   `json:"capacity_mode"`
	ConfiguredCapacity      string   `json:"configured_capacity,omitempty"`
	ConfiguredMaxCapacity   string   `json:"configured_maximum_capacity,omitempty"`
	Capacity                float64  `json:"capacity"`
	MaximumCapacity         float64  `json:"maximum_capacity"`
	AbsoluteCapacity        float64  `json:"absolute_capacity"`
	AbsoluteMaximumCapacity float64  `json:"absolute_maximum_capacity"`
	MemoryMB                *int64   `json:"memory_mb,omitempty"`
	MaxMemoryMB             *int64   `json:"max_memory_mb,omitempty"`
	VCores                  *int64   `json:"vcores,omitempty"`
	MaxVCores               *int64   `json:"max_vcores,omitempty"`
	MinimumUserLimitPercent *float64 `json:"minimum_user_limit_percent,omitempty"`
	UserLimitFactor         *float64 `json:"user_limit_factor,omitempty"`
	MaxApplications         *int32   `json:"max_applications,omitempty"`
	MaxApplicationsPerUser  *int32   `json:"max_applications_per_user,omitempty"`
	MaxAMResourcePercent    *float64 `json:"max_am_resource_percent,omitempty"`
	// The label fields appear when the configuration names node labels
	// (or with --partition): CapacitySchedulerQueueInfo's nodeLabels,
	// defaultNodeLabelExpression and capacities.queueCapacitiesByPartition.
	AccessibleNodeLabels       []string `json:"accessible_node_labels,omitempty"`
	DefaultNodeLabelExpression *string  `json:"default_node_label_expression,omitempty"`
	// Accessible says, with --partition, whether the queue can use it.
	Accessible            *bool           `json:"accessible,omitempty"`
	CapacitiesByPartition []partitionJSON `json:"queue_capacities_by_partition,omitempty"`
}

// partitionJSON is one entry of queue_capacities_by_partition, the REST
// PartitionQueueCapacitiesInfo in snake case: percentages like the
// queue's own fields (weight only in weight mode; the AM share, a
// fraction as max_am_resource_percent, only for leaves).
type partitionJSON struct {
	PartitionName           string   `json:"partition_name"`
	Capacity                float64  `json:"capacity"`
	MaximumCapacity         float64  `json:"maximum_capacity"`
	AbsoluteCapacity        float64  `json:"absolute_capacity"`
	AbsoluteMaximumCapacity float64  `json:"absolute_maximum_capacity"`
	Weight                  *float64 `json:"weight,omitempty"`
	MaxAMResourcePercent    *float64 `json:"max_am_resource_percent,omitempty"`
}

// WriteJSON writes the `capq tree --format json` document (treeJSON).
func WriteJSON(w io.Writer, m *xmlconf.Model) error { return writeJSON(w, m, Options{}) }

func writeJSON(w io.Writer, m *xmlconf.Model, o Options) error {
	out := treeJSON{HadoopVersion: m.Version.String(), Partition: o.Partition, Queues: []treeQueueJSON{}, Notes: append(absoluteNote(m), maxCapacityNotes(m)...)}
	if !m.Cluster.IsZero() {
		c := m.Cluster
		out.Cluster = &c
	}
	labels := Partitions(m)
	all := map[string]map[*xmlconf.Queue]xmlconf.LabelShare{"": xmlconf.LabelShares(m, "", xmlconf.Resource{})}
	for _, l := range labels {
		all[l] = xmlconf.LabelShares(m, l, xmlconf.Resource{})
	}
	if o.Partition != "" {
		// The sizes in the document are the partition's (--cluster).
		all[o.Partition] = xmlconf.LabelShares(m, o.Partition, m.Cluster)
		out.Notes = partitionNotes(m, all[o.Partition], o.Partition)
	}
	for _, q := range m.Queues {
		j := treeQueue(m, q)
		if len(labels) > 0 {
			labelFields(&j, q, labels, all)
		}
		if o.Partition != "" {
			partitionFields(&j, m, q, o.Partition, all[o.Partition][q])
		}
		out.Queues = append(out.Queues, j)
	}
	enc := json.NewEncoder(safeio.JSONWriter(w))
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func treeQueue(m *xmlconf.Model, q *xmlconf.Queue) treeQueueJSON {
	j := treeQueueJSON{
		Path: q.Path, Leaf: q.IsLeaf(), State: string(q.State.V),
		CapacityMode:            capacityMode(q),
		ConfiguredCapacity:      q.Capacity.Raw,
		ConfiguredMaxCapacity:   q.MaxCapacity.Raw,
		Capacity:                pct(q.NormalizedCapacity),
		MaximumCapacity:         pct(q.NormalizedMaxCapacity),
		AbsoluteCapacity:        pct(q.AbsCapacity),
		AbsoluteMaximumCapacity: pct(q.AbsMaxCapacity),
	}
	if q.Parent != nil {
		j.Parent = q.Parent.Path
	}
	if !m.Cluster.IsZero() {
		min, max := q.DefaultResources(m.Cluster)
		mem, maxMem, vc, maxVc := min.MemoryMB, max.MemoryMB, min.VCores, max.VCores
		j.MemoryMB, j.MaxMemoryMB, j.VCores, j.MaxVCores = &mem, &maxMem, &vc, &maxVc
	}
	if q.IsLeaf() {
		mulp, ulf, am := round6(float64(q.MinUserLimitPercent.V)), round6(float64(q.UserLimitFactor.V)), round6(float64(q.MaxAMResourcePercent.V))
		j.MinimumUserLimitPercent, j.UserLimitFactor, j.MaxAMResourcePercent = &mulp, &ulf, &am
		j.MaxApplications, j.MaxApplicationsPerUser = &q.EffectiveMaxApplications, &q.MaxApplicationsPerUser
	}
	return j
}

func capacityMode(q *xmlconf.Queue) string {
	if q.IsRoot() {
		return "root"
	}
	if q.Capacity.Mode == xmlconf.ModeUnset {
		return "percentage"
	}
	return q.Capacity.Mode.String()
}

// share is a queue's part of a cluster quantity, multiplied in Java float
// and truncated as Hadoop's (long)(resource * absoluteCapacity) does.

// pct renders a float32-derived fraction as a percentage without float32
// noise: 0.6f is 0.60000002384 in float64, but its shortest float32
// decimal form is "0.6", which is what Java prints and admins wrote.
func pct(f float64) float64 {
	short, err := strconv.ParseFloat(strconv.FormatFloat(f, 'g', -1, 32), 64)
	if err != nil {
		return 0
	}
	return round6(short * 100)
}

// round6 hides float32 noise (12.000000476837158 → 12) in output.
func round6(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return math.Round(f*1e6) / 1e6
}

// labelFields adds a queue's label settings and its capacities in the
// default partition and every label the configuration names (Hadoop's
// REST lists only the labels configured on the queue; capq lists the
// zeros too, so every queue has the same columns).
func labelFields(j *treeQueueJSON, q *xmlconf.Queue, labels []string, all map[string]map[*xmlconf.Queue]xmlconf.LabelShare) {
	j.AccessibleNodeLabels = append([]string{}, q.AccessibleLabels.V...)
	if len(j.AccessibleNodeLabels) == 0 {
		j.AccessibleNodeLabels = []string{" "}
	}
	expr := q.DefaultLabelExpr.V
	j.DefaultNodeLabelExpression = &expr
	for _, l := range append([]string{""}, labels...) {
		s := all[l][q]
		p := partitionJSON{PartitionName: l, Capacity: pct(s.Capacity), MaximumCapacity: pct(s.Maximum),
			AbsoluteCapacity: pct(s.Abs), AbsoluteMaximumCapacity: pct(s.AbsMax)}
		if s.Weight > 0 {
			w := round6(s.Weight)
			p.Weight = &w
		}
		if q.IsLeaf() {
			am := round6(float64(float32(s.AMPercent)))
			p.MaxAMResourcePercent = &am
		}
		j.CapacitiesByPartition = append(j.CapacitiesByPartition, p)
	}
}

// partitionFields makes the queue's capacity fields those of the
// --partition label, with sizes out of the partition's resource.
func partitionFields(j *treeQueueJSON, m *xmlconf.Model, q *xmlconf.Queue, label string, s xmlconf.LabelShare) {
	j.Capacity, j.MaximumCapacity = pct(s.Capacity), pct(s.Maximum)
	j.AbsoluteCapacity, j.AbsoluteMaximumCapacity = pct(s.Abs), pct(s.AbsMax)
	c, mx := q.LabelCapacities(label)
	j.ConfiguredCapacity, j.ConfiguredMaxCapacity = c.Raw, mx.Raw
	if q.IsRoot() {
		j.ConfiguredCapacity, j.ConfiguredMaxCapacity = "", ""
	}
	acc := s.Accessible
	j.Accessible = &acc
	if !m.Cluster.IsZero() {
		lo, hi := s.Resources(m.Cluster)
		mem, maxMem, vc, maxVc := lo.MemoryMB, hi.MemoryMB, lo.VCores, hi.VCores
		j.MemoryMB, j.MaxMemoryMB, j.VCores, j.MaxVCores = &mem, &maxMem, &vc, &maxVc
	}
	if q.IsLeaf() {
		am := round6(float64(float32(s.AMPercent)))
		j.MaxAMResourcePercent = &am
	}
}
