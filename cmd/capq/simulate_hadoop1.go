package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	h1 "github.com/capq/capq/engine/hadoop1"
	h1sim "github.com/capq/capq/engine/sim/hadoop1"
	"github.com/capq/capq/xmlconf"
)

// loadHadoop1Dir reads a Hadoop 1 conf directory (mapred-site.xml,
// capacity-scheduler.xml, mapred-queue-acls.xml) into the engine's Config.
func loadHadoop1Dir(dir string, ro xmlconf.ReadOptions) (h1.Config, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return h1.Config{}, fmt.Errorf("--hadoop1: %w", err)
	}
	if !st.IsDir() {
		return h1.Config{}, fmt.Errorf("--hadoop1 %s: want the JobTracker's conf directory (mapred-site.xml, capacity-scheduler.xml, mapred-queue-acls.xml)", dir)
	}
	if _, err := os.Lstat(filepath.Join(dir, "mapred-site.xml")); errors.Is(err, fs.ErrNotExist) {
		// JobTracker's constructor takes mapred.jobtracker.taskScheduler
		// with JobQueueTaskScheduler as the default: without the site file
		// nothing names the CapacityTaskScheduler this run simulates.
		return h1.Config{}, fmt.Errorf("--hadoop1 %s: no mapred-site.xml: without it the JobTracker runs Hadoop's default scheduler, "+
			"JobQueueTaskScheduler (FIFO; mapred.jobtracker.taskScheduler unset), not the CapacityTaskScheduler this simulates", dir)
	}
	m, err := xmlconf.LoadHadoop1Dir(dir, ro)
	if err != nil {
		return h1.Config{}, err
	}
	return h1.FromModel(m)
}

// runSimulateHadoop1 is `capq simulate --hadoop1 DIR`: the workload on a
// simulated Hadoop 1 cluster, with the YARN run's summary shape.
func runSimulateHadoop1(o simulateOptions, s *streams) error {
	if o.configFile != "" {
		return cannotRun(fmt.Errorf("--hadoop1 and --config exclude each other: --hadoop1 names the Hadoop 1 conf directory"))
	}
	if o.workload == "" {
		return cannotRun(fmt.Errorf("--workload is required"))
	}
	prof, err := h1.ParseProfile(o.hadoop1Version)
	if err != nil {
		return cannotRun(err)
	}
	sopts, err := o.simOptions()
	if err != nil {
		return cannotRun(err)
	}
	cfg, err := loadHadoop1Dir(o.hadoop1, o.config.readOptions(s))
	if err != nil {
		return cannotRun(err)
	}
	w, err := o.readWorkload(s)
	if err != nil {
		return cannotRun(err)
	}
	res, mp, err := h1sim.Run(cfg, w, h1sim.OptionsFor(prof, sopts))
	if err != nil {
		return cannotRun(err)
	}
	var out bytes.Buffer
	err = h1sim.Write(&out, o.format, res, prof, mp, cfg.Warnings)
	if err != nil {
		return cannotRun(err)
	}
	if _, err := s.out.Write(out.Bytes()); err != nil {
		return cannotRun(fmt.Errorf("write output: %w", err))
	}
	return nil
}
