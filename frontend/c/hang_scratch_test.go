package cfront

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestHangScratch(t *testing.T) {
	if os.Getenv("HANG") == "" {
		t.Skip()
	}
	files, _ := filepath.Glob("testdata/*/*.c")
	cache, _ := filepath.Glob(os.Getenv("HANGCACHE") + "/*")
	files = append(files, cache...)
	var seeds [][]byte
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if bytes.HasPrefix(b, []byte("go test fuzz v1\n[]byte(")) {
			q := strings.TrimSuffix(strings.TrimSpace(string(b[len("go test fuzz v1\n[]byte("):])), ")")
			if u, err := strconv.Unquote(q); err == nil {
				b = []byte(u)
			}
		}
		seeds = append(seeds, b)
		start := time.Now()
		TranslateSources([]Source{{Name: "fuzz.c", Text: b}})
		if d := time.Since(start); d > 200*time.Millisecond {
			fmt.Printf("SLOW %v %s\n", d, f)
		}
	}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		b := append([]byte(nil), seeds[r.Intn(len(seeds))]...)
		if len(b) == 0 {
			continue
		}
		switch r.Intn(5) {
		case 0:
			b = b[:r.Intn(len(b))]
		case 1:
			for k := 0; k < 3; k++ {
				b[r.Intn(len(b))] = byte(r.Intn(128))
			}
		case 2:
			j := r.Intn(len(b))
			b = append(b[:j], b[j+r.Intn(len(b)-j):]...)
		case 3:
			j := r.Intn(len(b))
			k := r.Intn(len(b))
			b = append(b[:j:j], append(append([]byte(nil), b[k:k+r.Intn(len(b)-k)]...), b[j:]...)...)
		case 4:
			j := r.Intn(len(b))
			ins := []byte{byte(r.Intn(128)), byte(r.Intn(128))}
			b = append(b[:j:j], append(ins, b[j:]...)...)
		}
		done := make(chan bool)
		go func() {
			TranslateSources([]Source{{Name: "fuzz.c", Text: b}})
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			os.WriteFile("/tmp/cfront-scratch/hang.c", b, 0o644)
			fmt.Println("HANG", i)
			t.Fatal("hang")
		}
	}
}
