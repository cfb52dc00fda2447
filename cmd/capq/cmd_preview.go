package main

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/capq/capq/engine/preview"
	"github.com/capq/capq/safeio"
)

// previewOptions are the flags of capq preview.
type previewOptions struct {
	config     configFlags
	workload   string
	slsNodes   string
	slsRunner  string
	rumenTime  string
	seed       int64
	until      string
	sample     string
	asserts    []string
	gateFile   string
	format     string
	html       string
	force      bool
	maxCont    int
	maxEvents  int64
	starvation time.Duration
	hadoop1    bool
	h1         migrateOptions
	h1Version  string
}

// previewLong is the long help of capq preview.
const previewLong = `preview runs the same workload through the OLD and the NEW configuration
(both simulations at once) and compares them queue by queue and user by user:
average and peak use against the guarantee, time to first container, wait and
completion p50/p95/max, apps rejected, containers preempted and starvation
(demand pending, nothing allocated and the queue under its guarantee, for
longer than --starvation). Regressions and improvements come first, then
capq diff's refresh verdict and the change set, then every queue.

OLD and NEW are what capq diff takes: files, directories, - or git:REV:PATH.
The workload flags are capq simulate's. With --hadoop1 there are no OLD and
NEW: OLD is the Hadoop 1 configuration (--mapred-site and friends, as capq
migrate hadoop1 takes them) run on the JobTracker's CapacityTaskScheduler
(slots, the initialization poller; --hadoop1-version), NEW is its migration
(with --group when given) run on YARN, the same workload on both (capq
simulate --hadoop1 says how nodes become TaskTrackers). A notes section says
what differs between the two schedulers, queue by queue.

Gates (--assert RULE, repeatable, or --gate FILE with one rule per line and #
comments) are checked on the new run; each is listed with its old and new
value. A rule is SUBJECT METRIC OP VALUE:
  root.eng.qa wait.p95 <= 10m
  root.support usage.avg >= guarantee*0.8
  user:alice completion.max <= old*1.2 + 5m
  * apps.rejected == 0
SUBJECT is a queue path, user:NAME or * (every leaf queue). METRIC is one of
guarantee, max, usage.avg, usage.peak, first_container.p50|p95|max,
wait.p50|p95|max, completion.p50|p95|max, apps.submitted, apps.finished,
apps.rejected, containers.preempted, starvation (periods) or starvation.max.
VALUE takes durations (ms, s, m, h), memory (mb, gb, tb; 1gb = 1024mb), plain
numbers and percentages, guarantee, max and old, with + - * / and brackets.

--html writes a self-contained report (charts embedded, no network) for a
CI artifact or a capacity planner.

Exit codes: 0 every gate passed; 1 a gate failed; 2 could not run (bad rule,
unreadable input, a gate naming a queue or user in neither run).`

func newPreviewCmd(s *streams) *cobra.Command {
	var o previewOptions
	cmd := &cobra.Command{
		Use:   "preview OLD NEW --workload W",
		Short: "Dry-run a config change on a workload: what it does to each team, with CI gates",
		Long:  previewLong,
		Example: "  capq preview conf/old.xml conf/new.xml --workload day.json --html preview.html\n" +
			"  capq preview git:main:conf/capacity-scheduler.xml conf/capacity-scheduler.xml --workload day.json \\\n" +
			"      --assert 'root.eng.qa wait.p95 <= 10m' --gate conf/gates.txt --format json\n" +
			"  capq preview --hadoop1 --mapred-site mapred-site.xml --capacity-scheduler cs.xml --group eng=etl,adhoc --workload day.json",
		RunE: func(cmd *cobra.Command, args []string) error { return runPreview(o, args, s) },
	}
	o.config.bind(cmd, true)
	f := cmd.Flags()
	f.StringVar(&o.workload, "workload", "", "workload: native JSON or SLS trace (file or -), as capq simulate takes it")
	f.StringVar(&o.slsNodes, "sls-nodes", "", "SLS topology file for an SLS trace")
	f.StringVar(&o.slsRunner, "sls-runner", "", "sls-runner.xml for an SLS trace")
	f.StringVar(&o.rumenTime, "rumen-time", "sls", "a Rumen trace's time base: sls (every job at 0, as SLS 3.4) or rumen2sls (relative to the first job)")
	f.Int64Var(&o.seed, "seed", 1, "simulation seed (both runs use it)")
	f.StringVar(&o.until, "until", "", "stop both runs at this simulated time (e.g. 24h)")
	f.StringVar(&o.sample, "sample", "", "step of the usage series (default: about 720 steps over the workload, 1s to 1m)")
	f.StringArrayVar(&o.asserts, "assert", nil, "gate rule, e.g. 'root.eng.qa wait.p95 <= 10m' (repeatable)")
	f.StringVar(&o.gateFile, "gate", "", "file of gate rules, one per line, # comments")
	f.StringVar(&o.format, "format", "text", "output format: text or json")
	completeValues(cmd, "format", fixed(textJSON))
	f.StringVar(&o.html, "html", "", "also write a self-contained HTML report to FILE")
	f.BoolVar(&o.force, "force", false, "overwrite an existing --html file")
	bindMaxContainers(cmd, &o.maxCont)
	bindMaxEvents(cmd, &o.maxEvents)
	f.DurationVar(&o.starvation, "starvation", preview.DefaultStarvationMS*time.Millisecond, "how long owed demand may go unserved before it counts as starvation")
	f.BoolVar(&o.hadoop1, "hadoop1", false, "preview a Hadoop 1 migration: queues flat versus with --group")
	f.StringVar(&o.h1.mapredSite, "mapred-site", "", "--hadoop1: the JobTracker's mapred-site.xml")
	f.StringVar(&o.h1.capacityScheduler, "capacity-scheduler", "", "--hadoop1: Hadoop 1 capacity-scheduler.xml")
	f.StringVar(&o.h1.queueACLs, "queue-acls", "", "--hadoop1: mapred-queue-acls.xml")
	f.StringVar(&o.h1.mapredQueues, "mapred-queues", "", "--hadoop1: 0.21 mapred-queues.xml")
	f.StringVar(&o.h1.sourceDialect, "source-dialect", "", "--hadoop1: force the dialect (0.20, 1.x, 0.21)")
	f.StringArrayVar(&o.h1.groups, "group", nil, "--hadoop1: PARENT=q1,q2 (repeatable), as capq migrate hadoop1 takes it")
	f.StringVar(&o.h1Version, "hadoop1-version", "1.2.1", "--hadoop1: the Hadoop 1 release the old side runs (1.0, 1.1, 1.2.1)")
	return cmd
}

func runPreview(o previewOptions, args []string, s *streams) error {
	if err := o.check(args); err != nil {
		return cannotRun(err)
	}
	if err := checkOutputs(o.force, o.inputs(args), stdoutReport, outputFlag{"--html", o.html}); err != nil {
		return cannotRun(err)
	}
	gates, err := loadGates(o.asserts, o.gateFile, o.config.readFlags, s)
	if err != nil {
		return cannotRun(err)
	}
	var cfg *preview.Configs
	if o.hadoop1 {
		cfg, err = loadHadoop1Configs(o, s)
	} else {
		cfg, err = loadPreviewConfigs(o, args[0], args[1], s)
	}
	if err != nil {
		return cannotRun(err)
	}
	rep, err := simulatePreview(o, cfg, gates, s)
	if err != nil {
		return cannotRun(err)
	}
	if err := writePreview(o, rep, s); err != nil {
		return cannotRun(err)
	}
	if rep.GatesFailed > 0 {
		return exitWith(exitFindings)
	}
	return nil
}

func (o previewOptions) check(args []string) error {
	switch {
	case o.format != "text" && o.format != "json":
		return badValue("format", o.format, textJSON)
	case o.workload == "":
		return errors.New("--workload is required")
	case safeio.CheckOutputDir("--html", o.html) != nil:
		return safeio.CheckOutputDir("--html", o.html)
	case o.hadoop1 && len(args) != 0:
		return fmt.Errorf("--hadoop1 takes no OLD NEW arguments (got %d); the two configurations are the migration without and with --group", len(args))
	case !o.hadoop1 && len(args) != 2:
		return fmt.Errorf("want OLD and NEW configurations (got %d arguments), or --hadoop1", len(args))
	case !o.hadoop1 && (o.h1.mapredSite != "" || len(o.h1.groups) > 0):
		return errors.New("--mapred-site and --group need --hadoop1")
	case o.workload == "-" && len(args) == 2 && (args[0] == "-" || args[1] == "-"):
		return errors.New("--workload - and a configuration on standard input cannot share it")
	case o.starvation <= 0:
		return fmt.Errorf("--starvation must be positive, got %s", o.starvation)
	}
	return nil
}

// writePreview writes the text or JSON report to stdout and the HTML
// report to its file (atomically: a reader never sees half a page).
func writePreview(o previewOptions, rep *preview.Report, s *streams) error {
	var out bytes.Buffer
	var err error
	if o.format == "json" {
		err = preview.WriteJSON(&out, rep)
	} else {
		err = preview.WriteText(&out, rep)
	}
	if err != nil {
		return err
	}
	if o.html != "" {
		var page bytes.Buffer
		if err := preview.WriteHTML(&page, rep); err != nil {
			return err
		}
		if err := safeio.WriteFile(o.html, page.Bytes(), o.force, s.out); err != nil {
			return fmt.Errorf("--html: %w", err)
		}
	}
	if _, err := s.out.Write(out.Bytes()); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// inputs are the files a preview reads, which --html may not replace.
func (o previewOptions) inputs(args []string) []string {
	in := append([]string{o.workload, o.slsNodes, o.slsRunner, o.gateFile,
		o.h1.mapredSite, o.h1.capacityScheduler, o.h1.queueACLs, o.h1.mapredQueues}, args...)
	return append(in, o.config.yarnSite...)
}
