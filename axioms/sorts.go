package axioms

// Sort is the type of an instruction variable or of a parameter of a
// predefined symbol or relation variable. Sorts form the hierarchy
// instruction ⊇ access ⊇ {load, store} and instruction ⊇ fence.
type Sort uint8

const (
	SortInstruction Sort = iota + 1
	SortAccess
	SortLoad
	SortStore
	SortFence
)

var sortNames = [...]string{
	SortInstruction: "instruction",
	SortAccess:      "access",
	SortLoad:        "load",
	SortStore:       "store",
	SortFence:       "fence",
}

func (s Sort) String() string {
	if int(s) < len(sortNames) && sortNames[s] != "" {
		return sortNames[s]
	}
	return "?"
}

// sortByName maps a sort name to its Sort.
func sortByName(name string) (Sort, bool) {
	for s, n := range sortNames {
		if n != "" && n == name {
			return Sort(s), true
		}
	}
	return 0, false
}

// Has reports whether an instruction of kind k belongs to the sort.
func (s Sort) Has(k InstrKind) bool {
	switch s {
	case SortInstruction:
		return k == Load || k == Store || k == Fence
	case SortAccess:
		return k == Load || k == Store
	case SortLoad:
		return k == Load
	case SortStore:
		return k == Store
	case SortFence:
		return k == Fence
	}
	return false
}

// Contains reports whether every instruction of sort t is also of sort s.
func (s Sort) Contains(t Sort) bool {
	if s == t || s == SortInstruction {
		return true
	}
	return s == SortAccess && (t == SortLoad || t == SortStore)
}

// Overlaps reports whether some instruction can be of both sorts. Sorts in
// the hierarchy either contain one another or are disjoint.
func (s Sort) Overlaps(t Sort) bool { return s.Contains(t) || t.Contains(s) }
