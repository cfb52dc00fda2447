package engine

import "github.com/capq/capq/xmlconf"

// preemptConf holds ProportionalCapacityPreemptionPolicy settings.
type preemptConf struct {
	enabled            bool
	observeOnly        bool
	intervalMS         int64
	maxWaitMS          int64
	perRound           float32
	maxIgnoredOver     float32
	naturalTermination float32
}

type preemptState struct{}

func compilePreempt(p xmlconf.Preemption) preemptConf {
	return preemptConf{
		enabled: p.Enabled.V, observeOnly: p.ObserveOnly.V,
		intervalMS: p.MonitoringIntervalMS.V, maxWaitMS: p.MaxWaitBeforeKillMS.V,
		perRound: p.TotalPreemptionPerRound.V, maxIgnoredOver: p.MaxIgnoredOverCapacity.V,
		naturalTermination: p.NaturalTerminationFactor.V,
	}
}
