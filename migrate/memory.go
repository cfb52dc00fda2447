package migrate

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// The JobTracker's memory keys (JobTracker's MAPRED_CLUSTER_*_MEMORY_MB_PROPERTY).
const (
	keyMapSlotMB    = "mapred.cluster.map.memory.mb"
	keyReduceSlotMB = "mapred.cluster.reduce.memory.mb"
	keyMaxMapMB     = "mapred.cluster.max.map.memory.mb"
	keyMaxReduceMB  = "mapred.cluster.max.reduce.memory.mb"
	// keyTaskMaxVmem is the deprecated mapred.task.limit.maxvmem (bytes),
	// which replaces both max keys when set.
	keyTaskMaxVmem = "mapred.task.limit.maxvmem"
)

// noteMemoryCeiling reports the per-task memory ceiling of memory-based
// scheduling, which YARN does not keep by itself. The JobTracker enabled
// it only with all four keys set (MemoryMatcher.isSchedulingBasedOnMemEnabled,
// each read with getLong and JobConf.normalizeMemoryConfigValue) and then
// refused, at submission, a job whose map or reduce tasks asked for more
// than the max keys ("Exceeds the cluster's max-memory-limit", Hadoop 1
// TestSubmitJob.testJobWithInvalidMemoryReqs). YARN's one ceiling is
// yarn.scheduler.maximum-allocation-mb, for maps and reduces alike.
func (mg *migration) noteMemoryCeiling() {
	jt := mg.m.JT
	if jt == nil {
		return
	}
	_, okMap := jtMemoryMB(jt, keyMapSlotMB)
	_, okRed := jtMemoryMB(jt, keyReduceSlotMB)
	maps, reds, keys, ok := jtTaskCeilings(jt)
	if !okMap || !okRed || !ok {
		return
	}
	const reason = "per-task memory ceiling: Hadoop 1 refused a job asking more (\"Exceeds the cluster's max-memory-limit\"); YARN's is yarn.scheduler.maximum-allocation-mb in yarn-site.xml, one value for maps and reduces"
	for _, k := range keys {
		if p, ok := jt.Lookup(k); ok {
			mg.use(p, Dropped, "", reason)
		}
	}
	p, _ := jt.Lookup(keys[0])
	mg.finding(RuleDropped, xmlconf.SeverityWarning, p.Pos, "", keys[0],
		fmt.Sprintf("memory-based scheduling was on: a task took ceil(its memory / the slot's) slots, and a job whose maps asked more than %d MB or whose reduces asked more than %d MB was refused at submission; YARN grants containers the memory they ask for, up to yarn.scheduler.maximum-allocation-mb", maps, reds),
		fmt.Sprintf("set yarn.scheduler.maximum-allocation-mb=%d in yarn-site.xml to keep the ceiling (it bounds maps and reduces alike, and each NodeManager's memory must hold it)", max(maps, reds)))
}

// jtTaskCeilings are the JobTracker's per-task limits in MB and the keys
// they came from (JobTracker's memory configuration): the deprecated
// mapred.task.limit.maxvmem, in bytes, replaces both max keys when set.
func jtTaskCeilings(jt *xmlconf.Conf) (maps, reds int64, keys []string, ok bool) {
	if _, set, _ := jt.Get(keyTaskMaxVmem); set {
		b, ok := jtMemoryMB(jt, keyTaskMaxVmem)
		b /= 1024 * 1024
		return b, b, []string{keyTaskMaxVmem}, ok
	}
	maps, okMap := jtMemoryMB(jt, keyMaxMapMB)
	reds, okRed := jtMemoryMB(jt, keyMaxReduceMB)
	return maps, reds, []string{keyMaxMapMB, keyMaxReduceMB}, okMap && okRed
}

// jtMemoryMB reads a memory key as the JobTracker did: getLong (an
// unparseable value is the default, disabled) normalized so any negative
// value means disabled; ok is false when the key is disabled.
func jtMemoryMB(jt *xmlconf.Conf, key string) (int64, bool) {
	v, ok, err := jt.Get(key)
	if !ok || err != nil {
		return 0, false
	}
	n, err := xmlconf.H1GetLong(v)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}
