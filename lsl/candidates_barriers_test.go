package lsl

import (
	"testing"

	"github.com/checkfence/checkfence/diag"
)

func TestBarrierByAsm(t *testing.T) {
	for _, tc := range []struct{ asm, want string }{
		{"dmb ish", "DMB.ISH"},
		{"  DMB ISHLD ; ", "DMB.ISHLD"},
		{"fence rw, rw", "Fence.rw.rw"},
		{"fence r,rw", "Fence.r.rw"},
		{"fence.tso", "Fence.tso"},
		{"lwsync", "lwsync"},
		{"hwsync", "sync"},
		{"mfence", "mfence"},
		{"nop", ""},
		{"dmb ish\n\tnop", ""},
	} {
		got := ""
		if b := BarrierByAsm(tc.asm); b != nil {
			got = b.Tags[0]
		}
		if got != tc.want {
			t.Errorf("%q: %q, want %q", tc.asm, got, tc.want)
		}
	}
}

// A barrier's fences: the tags on the first, mm-only on the others, the
// candidate on all; a C11 fence as frontend/llvm builds one.
func TestBarrierFences(t *testing.T) {
	fs := BarrierByAsm("dmb ishld").Fences(diag.Pos{Line: 3}, 7)
	if len(fs) != 2 || fs[0].Kind != FenceLoadLoad || fs[1].Kind != FenceLoadStore ||
		!HasTag(fs[0].Tags, "DMB.ISHLD") || !HasTag(fs[1].Tags, TagMMOnly) || fs[0].Cand != 7 || fs[1].Cand != 7 {
		t.Errorf("dmb ishld: %+v %+v", fs[0], fs[1])
	}
	fs = C11FenceBarrier("REL").Fences(diag.Pos{}, 0)
	if len(fs) != 2 || !HasTag(fs[0].Tags, "REL") || fs[0].Kind != FenceLoadStore || fs[1].Kind != FenceStoreStore {
		t.Errorf("release fence: %+v", fs)
	}
	if fs := KindBarrier(FenceStoreLoad).Fences(diag.Pos{}, 1); len(fs) != 1 || fs[0].Tags != nil {
		t.Errorf("store-load: %+v", fs)
	}
}
