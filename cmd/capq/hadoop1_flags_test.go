package main

import (
	"reflect"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestHadoop1FileFlagsHaveOneHome: h1FileFlags is the one list of the
// Hadoop 1 file flags. Every file of xmlconf.H1Paths has exactly one
// flag there; bind registers each under that name and fills its field;
// the same flags, in the same order, are what stdinOnce and the output
// checks see (stdinInputs, inputs) and what readHadoop1Stdin names.
// Before, the names were written out in stdinInputs and again in
// readHadoop1Stdin, so a new file flag could be left out of one.
func TestHadoop1FileFlagsHaveOneHome(t *testing.T) {
	var files []string
	pt := reflect.TypeOf(xmlconf.H1Paths{})
	for i := 0; i < pt.NumField(); i++ {
		if pt.Field(i).Type.Kind() == reflect.String {
			files = append(files, pt.Field(i).Name)
		}
	}
	var set []string
	for _, ff := range h1FileFlags {
		var p xmlconf.H1Paths
		*ff.field(&p) = "x"
		pv := reflect.ValueOf(p)
		for _, name := range files {
			if pv.FieldByName(name).String() == "x" {
				set = append(set, name)
			}
		}
	}
	assert.ElementsMatch(t, files, set, "each H1Paths file has one flag in h1FileFlags")

	var h hadoop1Files
	cmd := &cobra.Command{Use: "x"}
	h.bind(cmd, "")
	var args, flags []string
	for _, ff := range h1FileFlags {
		args = append(args, "--"+ff.name, ff.name+".xml")
		flags = append(flags, "--"+ff.name)
	}
	require.NoError(t, cmd.ParseFlags(args))
	var got []string
	for _, in := range h.stdinInputs() {
		got = append(got, in.flag)
		assert.Equal(t, in.flag[2:]+".xml", in.path, "%s fills its own field", in.flag)
	}
	assert.Equal(t, flags, got)
	assert.Len(t, h.inputs(), len(h1FileFlags))
	paths, err := h.paths()
	require.NoError(t, err)
	assert.Equal(t, h.files, xmlconf.H1Paths{MapredSite: paths.MapredSite, CapacityScheduler: paths.CapacityScheduler,
		QueueACLs: paths.QueueACLs, MapredQueues: paths.MapredQueues})
}
