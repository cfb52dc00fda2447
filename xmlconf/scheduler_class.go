package xmlconf

// CapacitySchedulerClass is yarn-default.xml's
// yarn.resourcemanager.scheduler.class.
const CapacitySchedulerClass = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler"

// SchedulerKind says what a scheduler class does with capacity-scheduler.xml.
type SchedulerKind int

const (
	// SchedulerCapacity reads it: the CapacityScheduler, or SLS's wrapper
	// of it (SLSCapacityScheduler).
	SchedulerCapacity SchedulerKind = iota
	// SchedulerOther is a scheduler Hadoop ships that never reads it.
	SchedulerOther
	// SchedulerUnknown is a class capq does not know.
	SchedulerUnknown
)

// otherSchedulers are the schedulers Hadoop ships besides the
// CapacityScheduler (and SLS's wrappers of them).
var otherSchedulers = map[string]bool{
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler": true,
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.fifo.FifoScheduler": true,
	"org.apache.hadoop.yarn.sls.scheduler.SLSFairScheduler":                      true,
}

// ReadsCapacityScheduler classifies a yarn.resourcemanager.scheduler.class
// value. Configuration.getClass trims the value.
func ReadsCapacityScheduler(class string) SchedulerKind {
	c := JavaTrim(class)
	switch {
	case c == "" || c == CapacitySchedulerClass || c == "org.apache.hadoop.yarn.sls.scheduler.SLSCapacityScheduler":
		return SchedulerCapacity
	case otherSchedulers[c]:
		return SchedulerOther
	}
	return SchedulerUnknown
}

// SchedulerClass is the ResourceManager's yarn.resourcemanager.scheduler.class
// property, when capq read a yarn-site.xml that sets it.
func SchedulerClass(m *Model) (*Property, bool) {
	if m == nil || m.Conf == nil || m.Conf.RM == nil {
		return nil, false
	}
	return m.Conf.RM.Lookup("yarn.resourcemanager.scheduler.class")
}
