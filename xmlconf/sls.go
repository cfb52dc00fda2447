package xmlconf

import (
	"fmt"
	"sort"
	"strings"
)

// SLSSettings are the sls-runner.xml values an SLS trace depends on, with
// SLS's defaults (SLSConfiguration).
type SLSSettings struct {
	NMMemoryMB, NMVCores int64
	// NMHeartbeatMS is yarn.sls.nm.heartbeat.interval.ms, 1000 unless set
	// (NMRunner.startNM reads it alone: NMSimulator ignores the
	// ResourceManager's yarn.resourcemanager.nodemanagers.heartbeat-interval-ms);
	// 0 uses the ResourceManager's interval.
	NMHeartbeatMS int64
	AMHeartbeatMS int64
	// NMHeartbeatPos and AMHeartbeatPos are where the two intervals were
	// set (zero for the defaults): the simulator bounds them, and its
	// error names the file and line the value came from.
	NMHeartbeatPos, AMHeartbeatPos Pos
	// AMMemoryMB/AMVCores are yarn.sls.am.container.* (jobs may override).
	AMMemoryMB, AMVCores int64
	// ContainerMemoryMB/ContainerVCores are yarn.sls.container.* (tasks
	// may override).
	ContainerMemoryMB, ContainerVCores int64
	// AMTypes are the yarn.sls.am.type.<type> names known: a given
	// sls-runner.xml's only (AMRunner.init reads them from the
	// configuration alone), else SLS's shipped mapreduce, stream and dag.
	AMTypes []string
	// AMClasses maps a type to its yarn.sls.am.type.<type> class when
	// sls-runner.xml names one: the class, not the type's name, decides
	// how the AM behaves (AMRunner instantiates it by reflection).
	AMClasses map[string]string
	// Notes name the yarn.sls.* settings of the file that the simulator
	// does not use: ones SLS 3.4 reads for what capq does not model, and
	// ones SLS does not know (slsNotes).
	Notes []string
}

// AMKind is how an AM type behaves: "mapreduce" (MRAMSimulator),
// "stream" (StreamAMSimulator), "dag" (DAGAMSimulator), or "" for a
// class SLS's simulators other than these (capq simulates only them). A
// type without a class in sls-runner.xml behaves as its name says, as
// SLS's shipped sls-runner.xml maps them.
func (s SLSSettings) AMKind(amType string) string {
	class, ok := s.AMClasses[amType]
	if !ok {
		class = amType
	}
	if i := strings.LastIndexByte(class, '.'); i >= 0 {
		class = class[i+1:]
	}
	switch strings.TrimSpace(class) {
	case "MRAMSimulator", "mapreduce":
		return "mapreduce"
	case "StreamAMSimulator", "stream":
		return "stream"
	case "DAGAMSimulator", "dag":
		return "dag"
	}
	return ""
}

// DefaultSLSSettings returns SLS's defaults.
func DefaultSLSSettings() SLSSettings {
	return SLSSettings{
		NMMemoryMB: 10240, NMVCores: 10, NMHeartbeatMS: 1000, AMHeartbeatMS: 1000,
		AMMemoryMB: 1024, AMVCores: 1, ContainerMemoryMB: 1024, ContainerVCores: 1,
		AMTypes: []string{"dag", "mapreduce", "stream"},
	}
}

// SLSSettingsFromConf reads an sls-runner.xml's properties (as a map) over
// the defaults; the simulator receives the typed result, never the keys, parsing numbers as Configuration.getInt/getLong do.
func SLSSettingsFromConf(conf map[string]string) (SLSSettings, error) {
	return slsSettings(conf, func(key string) (string, Pos, bool) {
		v, ok := conf[key]
		return v, Pos{}, ok
	})
}

// SLSSettingsFromDoc is SLSSettingsFromConf for a read sls-runner.xml:
// an error, and the heartbeat intervals, carry the file and line of the
// value.
func SLSSettingsFromDoc(doc *Document) (SLSSettings, error) {
	c := NewConf(doc)
	return slsSettings(c.Map(), func(key string) (string, Pos, bool) {
		p, ok := c.Lookup(key)
		if !ok {
			return "", Pos{}, false
		}
		return p.Value, p.ValuePos, true
	})
}

// slsSettings reads the numbers through get (value, where it was set) and
// the AM types from conf.
func slsSettings(conf map[string]string, get func(key string) (string, Pos, bool)) (SLSSettings, error) {
	s := DefaultSLSSettings()
	// Each is read as SLS reads it: Configuration.getInt, except the AM
	// memory (SLSConfiguration.getAMContainerResource: getLong), so a
	// value past 2^31-1 stops SLS with a NumberFormatException.
	fields := []struct {
		key  string
		dst  *int64
		pos  *Pos
		long bool
	}{
		{"yarn.sls.nm.memory.mb", &s.NMMemoryMB, nil, false},
		{"yarn.sls.nm.vcores", &s.NMVCores, nil, false},
		{"yarn.sls.nm.heartbeat.interval.ms", &s.NMHeartbeatMS, &s.NMHeartbeatPos, false},
		{"yarn.sls.am.heartbeat.interval.ms", &s.AMHeartbeatMS, &s.AMHeartbeatPos, false},
		{"yarn.sls.am.container.memory", &s.AMMemoryMB, nil, true},
		{"yarn.sls.am.container.vcores", &s.AMVCores, nil, false},
		{"yarn.sls.container.memory.mb", &s.ContainerMemoryMB, nil, false},
		{"yarn.sls.container.vcores", &s.ContainerVCores, nil, false},
	}
	for _, f := range fields {
		v, pos, ok := get(f.key)
		if !ok {
			continue
		}
		at := posPrefix(pos)
		var n int64
		var err error
		if f.long {
			n, err = HadoopGetLong(v)
		} else {
			var n32 int32
			n32, err = HadoopGetInt(v)
			n = int64(n32)
		}
		if err != nil {
			return s, fmt.Errorf("%s%s: %q is not a number (Configuration.%s: %v)", at, f.key, v, map[bool]string{false: "getInt", true: "getLong"}[f.long], err)
		}
		if n < 0 {
			return s, fmt.Errorf("%s%s: %d is negative", at, f.key, n)
		}
		*f.dst = n
		if f.pos != nil {
			*f.pos = pos
		}
	}
	notes, err := slsNotes(conf, get)
	if err != nil {
		return s, err
	}
	s.Notes = notes
	// AMRunner.init builds its type -> class map from the configuration
	// alone (SLSRunner adds sls-runner.xml to it): the given file's
	// yarn.sls.am.type.<type> entries are every type there is, and a job
	// of another type is one SLS cannot create an AM for.
	types := map[string]bool{}
	for k := range conf {
		if t, ok := strings.CutPrefix(k, "yarn.sls.am.type."); ok && t != "" {
			types[t] = true
			if s.AMClasses == nil {
				s.AMClasses = map[string]string{}
			}
			s.AMClasses[t] = conf[k]
		}
	}
	s.AMTypes = nil
	for t := range types {
		s.AMTypes = append(s.AMTypes, t)
	}
	sort.Strings(s.AMTypes)
	return s, nil
}

func posPrefix(pos Pos) string {
	if pos.File == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d: ", pos.File, pos.Line)
}
