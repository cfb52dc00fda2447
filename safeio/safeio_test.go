package safeio

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadFileRefusesSpecialAndLarge(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	big := filepath.Join(dir, "big")
	require.NoError(t, os.WriteFile(big, bytes.Repeat([]byte("x"), 100), 0o644))

	_, err := ReadFile(fifo, Limits{MaxBytes: 10})
	assert.ErrorIs(t, err, ErrSpecial, "a FIFO must be refused before open, which would block")
	_, err = ReadFile("/dev/zero", Limits{MaxBytes: 10})
	assert.ErrorIs(t, err, ErrSpecial)
	_, err = ReadFile("/dev/zero", Limits{MaxBytes: 10, AllowSpecial: true})
	assert.ErrorIs(t, err, ErrTooLarge, "an allowed device is still bounded")
	_, err = ReadFile(big, Limits{MaxBytes: 99})
	assert.ErrorIs(t, err, ErrTooLarge)
	data, err := ReadFile(big, Limits{MaxBytes: 100})
	require.NoError(t, err)
	assert.Len(t, data, 100)
	_, err = ReadFile(dir, Limits{MaxBytes: 100})
	assert.ErrorContains(t, err, "is a directory")
}

func TestReadAllAtMaxInt64(t *testing.T) {
	data, err := ReadAll("stdin", strings.NewReader("abc"), math.MaxInt64)
	require.NoError(t, err, "max+1 must not wrap to a negative limit")
	assert.Equal(t, "abc", string(data))
	assert.Equal(t, int64(math.MaxInt64), MulSat(4, math.MaxInt64))
	assert.Equal(t, int64(12), MulSat(4, 3))
}

func TestWriteFileTargets(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "existing")
	require.NoError(t, os.WriteFile(existing, []byte("old"), 0o644))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(existing, link))

	cases := []struct {
		name  string
		path  string
		force bool
		want  error
	}{
		{"new file", filepath.Join(dir, "new"), false, nil},
		{"existing without force", existing, false, ErrExists},
		{"existing with force", existing, true, nil},
		{"symlink even with force", link, true, ErrNotRegular},
		{"device even with force", "/dev/null", true, ErrNotRegular},
		{"directory", dir, true, ErrNotRegular},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := WriteFile(c.path, []byte("new"), c.force, nil)
			if c.want != nil {
				assert.ErrorIs(t, err, c.want)
				return
			}
			require.NoError(t, err)
			got, _ := os.ReadFile(c.path)
			assert.Equal(t, "new", string(got))
		})
	}
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link must still be a link")
	assertNoTemps(t, dir)
}

func TestStdoutAndWriteErrors(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, WriteFile("-", []byte("hi"), false, &out))
	assert.Equal(t, "hi", out.String())

	f, err := Create("-", false, failWriter{})
	require.NoError(t, err)
	_, _ = f.Write([]byte("x"))
	assert.ErrorContains(t, f.Commit(), "disk full", "a failed write must surface at Commit")
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestAbortAndRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	f, err := Create(filepath.Join(dir, "out"), false, nil)
	require.NoError(t, err)
	_, _ = f.Write([]byte("partial"))
	assert.Equal(t, 1, Pending())
	assert.Len(t, RemoveTemps(), 1)
	assert.Equal(t, 0, Pending())
	assertNoTemps(t, dir)
	f.Abort()

	g, err := Create(filepath.Join(dir, "out2"), false, nil)
	require.NoError(t, err)
	g.Abort()
	assertNoTemps(t, dir)
	_, err = os.Stat(filepath.Join(dir, "out2"))
	assert.True(t, os.IsNotExist(err))
}

func TestGuard(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.xml")
	require.NoError(t, os.WriteFile(in, []byte("x"), 0o644))
	hard := filepath.Join(dir, "hard.xml")
	require.NoError(t, os.Link(in, hard))
	other := filepath.Join(dir, "other.html")
	require.NoError(t, os.WriteFile(other, []byte("x"), 0o644))

	cases := []struct {
		name    string
		force   bool
		outputs [][2]string
		want    string
	}{
		{"distinct outputs", false, [][2]string{{"-o", filepath.Join(dir, "a")}, {"--report", filepath.Join(dir, "b")}}, ""},
		{"same output twice", true, [][2]string{{"-o", filepath.Join(dir, "a")}, {"--report", dir + "/./a"}}, "both write"},
		{"stdout twice", false, [][2]string{{"-o", "-"}, {"--report", "-"}}, "both write standard output"},
		{"input as output", true, [][2]string{{"--html", in}}, "inputs"},
		{"hard link to input", true, [][2]string{{"--html", hard}}, "inputs"},
		{"existing without force", false, [][2]string{{"--html", other}}, "use --force"},
		{"input without force says input", false, [][2]string{{"--html", hard}}, "inputs"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := NewGuard(c.force, false)
			g.Input(in, "-", "git:main:x")
			var err error
			for _, o := range c.outputs {
				if err = g.Output(o[0], o[1]); err != nil {
					break
				}
			}
			if c.want == "" {
				assert.NoError(t, err)
			} else {
				assert.ErrorContains(t, err, c.want)
			}
		})
	}
}

func assertNoTemps(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range ents {
		assert.NotContains(t, e.Name(), ".tmp-", "temporary file left behind")
	}
}

func TestReadFileUntrustedRefusesSystemFiles(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "policy.txt")
	require.NoError(t, os.WriteFile(plain, []byte("CS005 error\n"), 0o644))
	link := func(name, target string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.Symlink(target, p))
		return p
	}
	cases := []struct {
		name    string
		path    string
		lim     Limits
		refused bool
	}{
		{"environ", "/proc/self/environ", Limits{MaxBytes: 1 << 20, Untrusted: true}, true},
		{"link to environ", link("env.txt", "/proc/self/environ"), Limits{MaxBytes: 1 << 20, Untrusted: true}, true},
		{"link to a link to environ", link("env2.txt", filepath.Join(dir, "env.txt")), Limits{MaxBytes: 1 << 20, Untrusted: true}, true},
		{"sys", "/sys/kernel/hostname", Limits{MaxBytes: 1 << 20, Untrusted: true}, true},
		{"device even when special files are allowed", "/dev/zero", Limits{MaxBytes: 10, AllowSpecial: true, Untrusted: true}, true},
		{"link to a device", link("zero", "/dev/zero"), Limits{MaxBytes: 10, AllowSpecial: true, Untrusted: true}, true},
		{"a plain file", plain, Limits{MaxBytes: 1 << 20, Untrusted: true}, false},
		{"trusted environ", "/proc/self/environ", Limits{MaxBytes: 1 << 20}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := os.Stat(c.path); err != nil {
				t.Skipf("%s: %v", c.path, err)
			}
			_, err := ReadFile(c.path, c.lim)
			if !c.refused {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, ErrSystem)
			assert.ErrorContains(t, err, "is under /proc, /sys or /dev")
		})
	}
}

func TestReadFileUntrustedRefusesLinksOutOfWorkdir(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.txt")
	require.NoError(t, os.WriteFile(outside, []byte("secret"), 0o600))
	wd := t.TempDir()
	t.Chdir(wd)
	require.NoError(t, os.WriteFile("plain.txt", []byte("x"), 0o644))
	require.NoError(t, os.Symlink("plain.txt", "inside.txt"))
	require.NoError(t, os.Symlink(outside, "out.txt"))
	require.NoError(t, os.Symlink(filepath.Dir(outside), "outdir"))
	untrusted := Limits{MaxBytes: 1 << 20, Untrusted: true}
	cases := []struct {
		name    string
		path    string
		lim     Limits
		refused bool
	}{
		{"a link out", "out.txt", untrusted, true},
		{"a link out, named absolute", filepath.Join(wd, "out.txt"), untrusted, true},
		{"through a linked directory", "outdir/secret.txt", untrusted, true},
		{"a link inside", "inside.txt", untrusted, false},
		{"named outside the working directory", outside, untrusted, false},
		{"trusted", "out.txt", Limits{MaxBytes: 1 << 20}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadFile(c.path, c.lim)
			if !c.refused {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, ErrLinkOut)
			assert.ErrorContains(t, err, c.path+" is a symbolic link")
			assert.NotContains(t, err.Error(), outside)
		})
	}
}

func TestCreateNamesTheDirectoryNotTheTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "file"), []byte("x"), 0o644))
	_, err := Create(filepath.Join(dir, "nodir", "x.json"), false, nil)
	assert.EqualError(t, err, "write "+filepath.Join(dir, "nodir", "x.json")+": directory "+filepath.Join(dir, "nodir")+" does not exist; create it first")
	_, err = Create(filepath.Join(dir, "file", "x.json"), false, nil)
	assert.EqualError(t, err, "write "+filepath.Join(dir, "file", "x.json")+": "+filepath.Join(dir, "file")+" is not a directory")
}

func TestReadFileRefusesAnEmptyPath(t *testing.T) {
	_, err := ReadFile("", Limits{MaxBytes: 10})
	assert.ErrorIs(t, err, ErrEmptyPath)
}

func TestWideEncoding(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\xff\xfe{\x00", "UTF-16LE"},
		{"{\x00\"\x00", "UTF-16LE"},
		{"\xfe\xff\x00{", "UTF-16BE"},
		{"\x00{\x00\"", "UTF-16BE"},
		{"\xff\xfe\x00\x00{\x00\x00\x00", "UTF-32"},
		{"\x00\x00\xfe\xff", "UTF-32"},
		// Without a mark, as Jackson's checkUTF32 and Woodstox's
		// resolveStreamEncoding tell it: not UTF-16LE, not binary.
		{"\x00\x00\x00<\x00\x00\x00?", "UTF-32BE"},
		{"<\x00\x00\x00?\x00\x00\x00", "UTF-32LE"},
		{"{\x00\x00\x00", "UTF-32LE"},
		{"\x00\x00\x00\x00", ""},
		{"\x00\x00\x00", ""},
		{"{\"a\": 1}", ""},
		{"\xef\xbb\xbf{}", ""},
		{"", ""},
		{"\x00", ""},
	} {
		assert.Equal(t, c.want, WideEncoding([]byte(c.in)), "%q", c.in)
	}
}

func TestRefuseWide(t *testing.T) {
	assert.NoError(t, RefuseWide([]byte(`{"a": 1}`), "JSON"))
	assert.EqualError(t, RefuseWide([]byte("\xff\xfe{\x00"), "JSON"),
		"file is UTF-16LE encoded; capq reads UTF-8 JSON (convert it: iconv -f UTF-16LE -t UTF-8)")
	assert.EqualError(t, RefuseWide([]byte("\x00\x00\xfe\xff"), ""),
		"file is UTF-32 encoded; capq reads UTF-8 (convert it: iconv -f UTF-32 -t UTF-8)")
}

// TestRefuseWideAs: a file Hadoop decodes as UTF-8 through a Reader is
// refused naming that reader, so the user is not told to expect capq to
// read what Hadoop cannot.
func TestRefuseWideAs(t *testing.T) {
	assert.NoError(t, RefuseWideAs([]byte(`{"a": 1}`), "JSON", "R"))
	assert.EqualError(t, RefuseWideAs([]byte("\xff\xfe{\x00"), "JSON", "SLS's trace reader (AMRunner.startAMFromSLSTrace)"),
		"file is UTF-16LE encoded; capq reads UTF-8 JSON here, as SLS's trace reader (AMRunner.startAMFromSLSTrace) does: it decodes the file as UTF-8 and detects no other encoding (convert it: iconv -f UTF-16LE -t UTF-8)")
}
