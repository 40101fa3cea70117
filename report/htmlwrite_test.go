package report

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFileInLinks: a page is written as a new regular file in the
// directory; a symbolic link in its place is replaced, and the file it
// points to (or the place a dangling one names) is not written.
func TestWriteFileInLinks(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "html")
	os.Mkdir(dir, 0o755)
	victim := filepath.Join(root, "victim.txt")
	os.WriteFile(victim, []byte("precious"), 0o644)
	os.Symlink(victim, filepath.Join(dir, "test-A.html"))
	os.Symlink(filepath.Join(root, "outside.html"), filepath.Join(dir, "index.html"))
	os.WriteFile(filepath.Join(dir, "test-B.html"), []byte("old page"), 0o644)
	for _, name := range []string{"test-A.html", "index.html", "test-B.html", "test-C.html"} {
		if err := writeFileIn(dir, name, []byte("<html>new</html>")); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fi, err := os.Lstat(filepath.Join(dir, name))
		if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: %v, %v; want a regular file, mode 0644", name, fi.Mode(), err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != "<html>new</html>" {
			t.Errorf("%s holds %q", name, b)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Errorf("the file a link pointed to was written: %q", b)
	}
	if _, err := os.Lstat(filepath.Join(root, "outside.html")); err == nil {
		t.Errorf("a dangling link made a file outside the directory")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 4 {
		t.Errorf("%d files in the directory, want 4 (no temporary files left)", len(entries))
	}
}
