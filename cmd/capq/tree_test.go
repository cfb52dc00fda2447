package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

func TestTreeGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"seeds-example.txt", []string{"tree", "testdata/seeds-example/capacity-scheduler.xml", "--cluster", "memory=1000g,vcores=1000"}},
		{"seeds-example.json", []string{"tree", "testdata/seeds-example/capacity-scheduler.xml", "--cluster", "memory=1000g,vcores=1000", "--format", "json"}},
		{"seeds-dev-max40.txt", []string{"tree", "testdata/seeds-dev-max40/capacity-scheduler.xml", "--cluster", "memory=1000g"}},
		{"seeds-dev-max40-eng-max60.txt", []string{"tree", "testdata/seeds-dev-max40-eng-max60/capacity-scheduler.xml", "--cluster", "memory=1000g"}},
		{"yarnrollers.txt", []string{"tree", "testdata/yarnrollers"}},
		{"yarnrollers.json", []string{"tree", "testdata/yarnrollers", "--format", "json"}},
		{"absolute-without-cluster.txt", []string{"tree", "testdata/tree-absolute"}},
		{"absolute-with-cluster.txt", []string{"tree", "testdata/tree-absolute", "--cluster", "memory=100g,vcores=100"}},
		{"labels.txt", []string{"tree", "testdata/tree-labels"}},
		{"labels.json", []string{"tree", "testdata/tree-labels", "--format", "json"}},
		{"labels-partition-gpu.txt", []string{"tree", "testdata/tree-labels", "--partition", "gpu", "--cluster", "memory=100g,vcores=40"}},
		{"labels-partition-gpu.json", []string{"tree", "testdata/tree-labels", "--partition", "gpu", "--cluster", "memory=100g,vcores=40", "--format", "json"}},
		{"labels-partition-highmem.txt", []string{"tree", "testdata/tree-labels", "--partition", "highmem"}},
		{"labels-absolute-partition-x.txt", []string{"tree", "testdata/tree-labels-absolute", "--partition", "x", "--cluster", "memory=24g,vcores=15"}},
		{"labels-absolute-partition-x.json", []string{"tree", "testdata/tree-labels-absolute", "--partition", "x", "--cluster", "memory=24g,vcores=15", "--format", "json"}},
		{"labels-absolute-partition-x-without-cluster.txt", []string{"tree", "testdata/tree-labels-absolute", "--partition", "x"}},
		{"mixed-nonlegacy.txt", []string{"tree", "testdata/tree-mixed-nonlegacy", "--cluster", "memory=16384m,vcores=16"}},
		{"mixed-nonlegacy.json", []string{"tree", "testdata/tree-mixed-nonlegacy", "--cluster", "memory=16384m,vcores=16", "--format", "json"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCapq(t, "", tc.args...)
			require.Equal(t, 0, r.code, r.stderr)
			golden.Assert(t, "tree/"+tc.name, []byte(r.stdout))
		})
	}
}

// The seed documents' figures: on a 1000 GB cluster development gets
// 120 GB, qa 480 GB, support 100 GB and marketing 300 GB.
func TestTreeSeedsExampleMemory(t *testing.T) {
	r := runBinary(t, "", "tree", "testdata/seeds-example/capacity-scheduler.xml", "--cluster", "memory=1000g")
	require.Equal(t, 0, r.code, r.stderr)
	for _, row := range []string{`├─ development  RUNNING  20%       100%  12%      100%     100%        1    120.0 GB`,
		`└─ qa           RUNNING  80%       100%  48%      100%     100%        1    480.0 GB`,
		`├─ support         RUNNING  10%       100%  10%      100%     100%        1    100.0 GB`,
		`└─ marketing       RUNNING  30%       100%  30%      100%     100%        1    300.0 GB`} {
		assert.Contains(t, r.stdout, row)
	}
}

// Hadoop's TestMixedQueueResourceCalculation
// (testComplexHierarchyWithoutRemainingResource) in 3.4's non-legacy mode:
// the tree shows the asserted effective minimums per resource type, and
// a11's asserted absolute capacity (0.01324463: 217 of 16384 MB).
func TestTreeMixedNonLegacyHadoopValues(t *testing.T) {
	r := runBinary(t, "", "tree", "testdata/tree-mixed-nonlegacy", "--cluster", "memory=16384m,vcores=16")
	require.Equal(t, 0, r.code, r.stderr)
	for _, row := range []string{
		`├─ a          RUNNING  [memory=30%,vcores=6w]    100%  15.17%   100%     -           -    2.4 GB   16.0 GB     9       16`,
		`│  ├─ a1      RUNNING  [memory=1w,vcores=4]      100%  3.79%    100%     -           -    621 MB   16.0 GB     4       16`,
		`│  │  ├─ a11  RUNNING  [memory=35%,vcores=25%]   100%  1.32%    100%     100%        1    217 MB   16.0 GB     1       16`,
		`│  │  └─ a12  RUNNING  [memory=65%,vcores=75%]   100%  2.46%    100%     100%        1    403 MB   16.0 GB     3       16`,
		`├─ b          RUNNING  [memory=8095,vcores=30%]  100%  49.41%   100%     -           -    7.9 GB   16.0 GB     3       16`,
		`└─ c          RUNNING  [memory=3w,vcores=4]      100%  35.42%   100%     100%        1    5.7 GB   16.0 GB     4       16`,
	} {
		assert.Contains(t, r.stdout, row)
	}
}

func TestTreeBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.xml")
	require.NoError(t, os.WriteFile(bad, []byte("<configuration>\n<property><name>x</name>\n</configuration>\n"), 0o644))
	cases := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"missing file", []string{"tree", filepath.Join(dir, "nope.xml")}, "nope.xml"},
		{"malformed", []string{"tree", bad}, "bad.xml:3"},
		{"bad version", []string{"tree", "testdata/seeds-example", "--hadoop-version", "9.x"}, `--hadoop-version "9.x": want 2.7, 2.10, 3.1, 3.2, 3.3 or 3.4`},
		{"newer version", []string{"tree", "testdata/seeds-example", "--hadoop-version", "9.9"}, `--hadoop-version "9.9": capq's newest profile is 3.4 (`},
		{"bad cluster", []string{"tree", "testdata/seeds-example", "--cluster", "memory=lots"}, "--cluster"},
		{"bad format", []string{"tree", "testdata/seeds-example", "--format", "yaml"}, "--format"},
		{"no argument", []string{"tree"}, "tree takes one configuration"},
		{"dir without file", []string{"tree", dir}, "without a capacity-scheduler.xml"},
		{"unknown partition", []string{"tree", "testdata/tree-labels", "--partition", "gpus"}, `--partition "gpus": the configuration names no such node label; it names "gpu", "highmem"`},
		{"partition without labels", []string{"tree", "testdata/seeds-example", "--partition", "gpu", "--format", "json"}, `--partition "gpu": the configuration names no node label`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runBinary(t, "", tc.args...)
			assert.Equal(t, 2, r.code)
			assert.Contains(t, r.stderr, tc.wantErr)
			assert.Empty(t, r.stdout)
		})
	}
}

func TestTreeFromStdin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/seeds-example/capacity-scheduler.xml"))
	require.NoError(t, err)
	r := runBinary(t, string(data), "tree", "-")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "development")
}

// root.a.a1's gpu row: 80% of root.a's 70% is 56% of the gpu partition
// (CSQueueUtils: capacity x the parent's absolute capacity in the label),
// 56 GB of a 100 GB partition; its AM share is its per-label
// maximum-am-resource-percent (0.5), a2's falls back to the queue's 10%.
// root.c has no gpu key at all, so gpu is not in its QueueCapacities and
// its maximum there is 0 (LABEL_DOESNT_EXIST_CAP), not the 100% of an
// unset maximum-capacity.
func TestTreePartitionRows(t *testing.T) {
	r := runBinary(t, "", "tree", "testdata/tree-labels", "--partition", "gpu", "--cluster", "memory=100g,vcores=40")
	require.Equal(t, 0, r.code, r.stderr)
	for _, row := range []string{
		`│  ├─ a1  RUNNING  yes         80%       100%   56%      100%     50%   56.0 GB   100.0 GB    22      40`,
		`│  └─ a2  RUNNING  yes         20%       50%    14%      50%      10%   14.0 GB   50.0 GB     5       20`,
		`└─ c      RUNNING  no          unset     unset  0%       0%       10%   0 MB      0 MB        0       0`,
	} {
		assert.Contains(t, r.stdout, row)
	}
}

// A tree or a generated workload of a configuration the ResourceManager
// would refuse says so on stderr: an unrendered template's "{{ ... }}"
// leaf is not a queue of any cluster (XML011), and a tree printed with
// exit 0 and nothing else read as a valid configuration.
func TestTreeAndGenWarnOnARefusedConfiguration(t *testing.T) {
	cfg := "testdata/lint/real-valeriikretinin-ansible-template/capacity-scheduler.xml"
	out := filepath.Join(t.TempDir(), "day.json")
	for _, args := range [][]string{
		{"tree", cfg},
		{"gen", "workload", "--config", cfg, "--apps", "3", "--nodes", "2", "--seed", "1", "-o", out},
	} {
		r := runCapq(t, "", args...)
		require.Equal(t, 0, r.code, r.stderr)
		assert.Contains(t, r.stderr, "capq: warning: the ResourceManager would refuse this configuration: ", args[0])
		assert.Contains(t, r.stderr, "XML011", args[0])
	}
	r := runCapq(t, "", "tree", "testdata/seeds-example/capacity-scheduler.xml")
	require.Equal(t, 0, r.code, r.stderr)
	assert.NotContains(t, r.stderr, "would refuse")
}

// An error without a position of its own (CS001: no root.queues at all)
// names the file in the refusal warning, as capq lint names it, not "-";
// from standard input it takes the --stdin-filename name.
func TestRefusalNamesTheFileOfAPositionlessError(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "capacity-scheduler.xml")
	empty := "<?xml version=\"1.0\"?>\n<configuration>\n</configuration>\n"
	require.NoError(t, os.WriteFile(cfg, []byte(empty), 0o644))
	out := filepath.Join(dir, "day.json")
	for _, tc := range []struct {
		stdin string
		args  []string
		name  string
	}{
		{"", []string{"tree", cfg}, cfg},
		{"", []string{"tree", dir}, cfg},
		{empty, []string{"tree", "--stdin-filename", "conf/cs.xml", "-"}, "conf/cs.xml"},
		{"", []string{"gen", "workload", "--config", cfg, "--apps", "3", "--nodes", "2", "--seed", "1", "-o", out}, cfg},
	} {
		r := runCapq(t, tc.stdin, tc.args...)
		require.Equal(t, 0, r.code, r.stderr)
		assert.Contains(t, r.stderr, "would refuse this configuration: "+tc.name+": error CS001", tc.args)
	}
}

// A user's max-parallel-apps Integer.parseInt refuses (CS124) lets the
// ResourceManager start, so simulate does not say it would refuse the
// configuration, but warns that it would exit on that user's submission.
func TestStartRefusalWarnsOfAnApplicationTimeError(t *testing.T) {
	conf := map[string]string{
		xmlconf.Prefix + "root.queues": "a", xmlconf.Prefix + "root.a.capacity": "100",
		xmlconf.Prefix + "user.alice.max-parallel-apps": " 5",
	}
	m := xmlconf.Build(xmlconf.FromMap(conf, "cs.xml"), xmlconf.BuildOptions{Version: xmlconf.V3_4})
	w := startRefusal(m, "cs.xml")
	require.Len(t, w, 1, "%v", w)
	assert.NotContains(t, w[0], "would refuse")
	assert.Contains(t, w[0], "would exit when such an application is submitted")
	assert.Contains(t, w[0], "CS124")
	delete(conf, xmlconf.Prefix+"user.alice.max-parallel-apps")
	assert.Empty(t, startRefusal(xmlconf.Build(xmlconf.FromMap(conf, "cs.xml"), xmlconf.BuildOptions{Version: xmlconf.V3_4}), "cs.xml"))
}
