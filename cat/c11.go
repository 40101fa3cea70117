package cat

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/lsl"
)

// C11 atomics on hardware models. A C11 program (clang's LLVM IR, a C
// litmus test) tags its atomic accesses with their memory order
// (lsl/c11.go). rc11 reads those tags; a hardware model does not know
// them, and the same names mean other things there (A is an acquire load
// on ARMv8, a locked instruction on x86). So each built-in hardware model
// carries a C11Mapping: what the compiler emits for each access and fence
// of a given order, as events of that model. The mappings are the ones
// LLVM uses, from the C/C++11 mappings to processors (Sewell et al.) and
// the RISC-V ISA manual's Table A.6 (docs/models.md, "C11 atomics on
// hardware models"):
//
//	           ARMv8            RISC-V                      Power                 x86
//	load rlx   LDR              lw                          ld                    mov
//	load acq   LDAR             lw; fence r,rw              ld; lwsync            mov
//	load sc    LDAR             fence rw,rw; lw; fence r,rw sync; ld; lwsync      mov
//	store rlx  STR              sw                          st                    mov
//	store rel  STLR             fence rw,w; sw              lwsync; st            mov
//	store sc   STLR             fence rw,w; sw              sync; st              mov; mfence (xchg)
//	rmw        CAS/LDADD with   AMO with .aq/.rl            lwsync/sync before,   locked
//	           A/L (LSE)        (amocas for CAS)            lwsync after (acq)
//	fence acq  DMB ISHLD        fence r,rw                  lwsync                —
//	fence rel  DMB ISH          fence rw,w                  lwsync                —
//	fence a_r  DMB ISH          fence.tso                   lwsync                —
//	fence sc   DMB ISH          fence rw,rw                 sync                  mfence
//
// Consume is mapped as acquire. Power's acquire loads use lwsync where
// compilers may emit cmp; bc; isync: both order the load before every
// later access of its thread.

// C11Mapping compiles C11-tagged events to one model's tags.
type C11Mapping struct {
	// Access returns the tags of an atomic load ("R") or store ("W") of
	// order ord; rmw tells whether it belongs to a read-modify-write.
	Access func(kind string, rmw bool, ord string) []string
	// Beside returns the tags of the fence before (after) an access of
	// kind ("R", "W", "RMW") and order ord, nil when the mapping has
	// none there.
	Beside func(after bool, kind string, ord string) []string
	// Fence returns the tags of atomic_thread_fence(ord).
	Fence func(ord string) []string
	// Block are the tags of each access of an atomic block without a C11
	// order that both loads and stores (a CAS, an exchange, a lock's
	// test-and-set of C or LSL code): the instruction such a block
	// compiles to; nil when the model's own rules say it (riscv's rule 3)
	// or it is no barrier (arm8, power).
	Block []string
}

func acquires(ord string) bool {
	return ord == "ACQ" || ord == "CON" || ord == "ACQ_REL" || ord == "SC"
}
func releases(ord string) bool { return ord == "REL" || ord == "ACQ_REL" || ord == "SC" }

func tagsIf(c bool, tags ...string) []string {
	if c {
		return tags
	}
	return nil
}

var c11Mappings = map[string]*C11Mapping{
	"arm8": {
		Access: func(kind string, rmw bool, ord string) []string {
			if kind == "R" {
				return tagsIf(acquires(ord), "A")
			}
			return tagsIf(releases(ord), "L")
		},
		Beside: func(bool, string, string) []string { return nil },
		Fence: func(ord string) []string {
			if ord == "ACQ" || ord == "CON" {
				return []string{"DMB.ISHLD"}
			}
			return tagsIf(ord != "RLX", "DMB.ISH")
		},
	},
	"riscv": {
		Access: func(kind string, rmw bool, ord string) []string {
			if !rmw {
				return nil
			}
			tags := []string{"X", "AMO"}
			switch {
			case acquires(ord) && releases(ord):
				return append(tags, "AcqRel")
			case acquires(ord):
				return append(tags, "Acq")
			case releases(ord):
				return append(tags, "Rel")
			}
			return tags
		},
		Beside: func(after bool, kind string, ord string) []string {
			switch {
			case kind == "RMW":
				return nil // the .aq/.rl bits
			case !after && kind == "R" && ord == "SC":
				return []string{"Fence.rw.rw"}
			case after && kind == "R" && acquires(ord):
				return []string{"Fence.r.rw"}
			case !after && kind == "W" && releases(ord):
				return []string{"Fence.rw.w"}
			}
			return nil
		},
		Fence: func(ord string) []string {
			switch ord {
			case "ACQ", "CON":
				return []string{"Fence.r.rw"}
			case "REL":
				return []string{"Fence.rw.w"}
			case "ACQ_REL":
				return []string{"Fence.tso"}
			case "SC":
				return []string{"Fence.rw.rw"}
			}
			return nil
		},
	},
	"power": {
		Access: func(string, bool, string) []string { return nil },
		Beside: func(after bool, kind string, ord string) []string {
			switch {
			case after && kind != "W" && acquires(ord):
				return []string{"lwsync"}
			case !after && ord == "SC":
				return []string{"sync"}
			case !after && kind != "R" && releases(ord):
				return []string{"lwsync"}
			}
			return nil
		},
		Fence: func(ord string) []string {
			if ord == "SC" {
				return []string{"sync"}
			}
			return tagsIf(ord != "RLX", "lwsync")
		},
	},
	"tso-cat": {
		Access: func(kind string, rmw bool, ord string) []string { return tagsIf(rmw, "A") },
		Beside: func(after bool, kind string, ord string) []string {
			return tagsIf(after && kind == "W" && ord == "SC", "mfence")
		},
		Fence: func(ord string) []string { return tagsIf(ord == "SC", "mfence") },
		// a compare-and-swap or an exchange is a locked instruction on
		// x86 (lock cmpxchg, xchg), a full barrier even when the compare
		// fails (docs/models.md, "Atomic blocks on tso-cat")
		Block: []string{"A"},
	},
	"sc-cat": {
		Access: func(string, bool, string) []string { return nil },
		Beside: func(bool, string, string) []string { return nil },
		Fence:  func(string) []string { return nil },
	},
}

// KnowsC11 reports whether the model reads C11 memory orders itself (it
// mentions one of their tags, as rc11.cat and c11.cat do).
func (m *Model) KnowsC11() bool {
	return lsl.C11Order(m.Tags) != ""
}

// Table describes the mapping, one line per C11 access or fence: the
// barrier before, the access's tags, the barrier after ("-" for none);
// `checkfence models NAME` prints it.
func (mp *C11Mapping) Table() string {
	show := func(tags []string) string {
		if len(tags) == 0 {
			return "-"
		}
		return strings.Join(tags, ",")
	}
	var b strings.Builder
	row := func(what, before, access, after string) {
		fmt.Fprintln(&b, strings.TrimRight(fmt.Sprintf("%-13s %-12s %-28s %s", what, before, access, after), " "))
	}
	row("C11", "before", "access", "after")
	for _, r := range []struct {
		kind   string
		orders []string
	}{{"R", []string{"RLX", "ACQ", "SC"}}, {"W", []string{"RLX", "REL", "SC"}}, {"RMW", []string{"RLX", "ACQ", "REL", "ACQ_REL", "SC"}}} {
		name := map[string]string{"R": "load", "W": "store", "RMW": "rmw"}[r.kind]
		for _, o := range r.orders {
			var access string
			if r.kind == "RMW" {
				access = show(mp.Access("R", true, o)) + " / " + show(mp.Access("W", true, o))
			} else {
				access = show(mp.Access(r.kind, false, o))
			}
			row(name+" "+o, show(mp.Beside(false, r.kind, o)), access, show(mp.Beside(true, r.kind, o)))
		}
	}
	for _, o := range []string{"ACQ", "REL", "ACQ_REL", "SC"} {
		row("fence "+o, "", show(mp.Fence(o)), "")
	}
	if mp.Block != nil {
		row("atomic block", "", show(mp.Block)+" (an untagged block that loads and stores)", "")
	}
	return b.String()
}
