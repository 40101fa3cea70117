package axioms

import "strings"

// DeclKind is the keyword of a declaration: set, predicate or relation.
type DeclKind uint8

const (
	DeclSet DeclKind = iota + 1
	DeclPredicate
	DeclRelation
)

func (k DeclKind) String() string {
	switch k {
	case DeclSet:
		return "set"
	case DeclPredicate:
		return "predicate"
	case DeclRelation:
		return "relation"
	}
	return "?"
}

// predef identifies a predefined symbol (SPEC §5, dissertation Def. 13 and
// §3.4).
type predef uint8

const (
	pInstruction predef = iota + 1
	pAccess
	pLoad
	pStore
	pFence
	pLLFence
	pLSFence
	pSLFence
	pSSFence
	pALFence
	pDDLFence
	pCDFence
	pHasSeed
	pProgramOrder
	pAliased
	pSeed
	pDataDependent
	pControlDependent
	pAtomic
	numPredef
)

// predefInfo is the canonical signature of a predefined symbol: a model must
// declare it exactly so in its predefined section before using it.
type predefInfo struct {
	name   string
	kind   DeclKind
	params []Sort
	// static symbols are known when the program is unrolled; the others
	// depend on the execution (literals of the encoding).
	static bool
	doc    string
}

var predefs = [numPredef]predefInfo{
	pInstruction:      {"instruction", DeclSet, nil, true, "the instructions of the execution"},
	pAccess:           {"access", DeclPredicate, []Sort{SortInstruction}, true, "the instruction is a load or a store"},
	pLoad:             {"load", DeclPredicate, []Sort{SortAccess}, true, "the access is a load"},
	pStore:            {"store", DeclPredicate, []Sort{SortAccess}, true, "the access is a store"},
	pFence:            {"fence", DeclPredicate, []Sort{SortInstruction}, true, "the instruction is a fence"},
	pLLFence:          {"ll_fence", DeclPredicate, []Sort{SortFence}, true, "load-load fence"},
	pLSFence:          {"ls_fence", DeclPredicate, []Sort{SortFence}, true, "load-store fence"},
	pSLFence:          {"sl_fence", DeclPredicate, []Sort{SortFence}, true, "store-load fence"},
	pSSFence:          {"ss_fence", DeclPredicate, []Sort{SortFence}, true, "store-store fence"},
	pALFence:          {"al_fence", DeclPredicate, []Sort{SortFence}, true, "fence ordering aliased loads"},
	pDDLFence:         {"ddl_fence", DeclPredicate, []Sort{SortFence}, true, "fence ordering data-dependent loads"},
	pCDFence:          {"cd_fence", DeclPredicate, []Sort{SortFence}, true, "fence ordering control-dependent accesses"},
	pHasSeed:          {"has_seed", DeclPredicate, []Sort{SortLoad}, false, "the load reads a value stored in the execution (not the initial value)"},
	pProgramOrder:     {"program_order", DeclRelation, []Sort{SortInstruction, SortInstruction}, true, "the first instruction precedes the second in program order"},
	pAliased:          {"aliased", DeclRelation, []Sort{SortAccess, SortAccess}, false, "the accesses go to the same address"},
	pSeed:             {"seed", DeclRelation, []Sort{SortLoad, SortStore}, false, "the load reads the value written by the store"},
	pDataDependent:    {"data_dependent", DeclRelation, []Sort{SortLoad, SortInstruction}, false, "the instruction depends on the loaded value through registers"},
	pControlDependent: {"control_dependent", DeclRelation, []Sort{SortLoad, SortInstruction}, false, "the instruction follows a branch that depends on the loaded value"},
	pAtomic:           {"atomic", DeclRelation, []Sort{SortInstruction, SortInstruction}, true, "the instructions belong to the same atomic block (reflexive)"},
}

func predefByName(name string) (predef, bool) {
	for i := pInstruction; i < numPredef; i++ {
		if predefs[i].name == name {
			return i, true
		}
	}
	return 0, false
}

// sortPredef is the predefined symbol that must be declared to use a sort.
func sortPredef(s Sort) predef {
	switch s {
	case SortInstruction:
		return pInstruction
	case SortAccess:
		return pAccess
	case SortLoad:
		return pLoad
	case SortStore:
		return pStore
	case SortFence:
		return pFence
	}
	return 0
}

// signature renders a declaration in .mm syntax, e.g.
// "relation seed(load, store)".
func signature(kind DeclKind, name string, params []Sort) string {
	var b strings.Builder
	b.WriteString(kind.String())
	b.WriteByte(' ')
	b.WriteString(name)
	if kind != DeclSet {
		b.WriteByte('(')
		for i, s := range params {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(s.String())
		}
		b.WriteByte(')')
	}
	return b.String()
}

// PredefinedSymbol describes a predefined symbol for documentation and the
// `models` command.
type PredefinedSymbol struct {
	Signature string // canonical declaration, e.g. "relation seed(load, store)"
	Static    bool   // known from the program text, not the execution
	Doc       string
}

// PredefinedSymbols lists every predefined symbol with its canonical
// signature.
func PredefinedSymbols() []PredefinedSymbol {
	var out []PredefinedSymbol
	for i := pInstruction; i < numPredef; i++ {
		p := predefs[i]
		out = append(out, PredefinedSymbol{signature(p.kind, p.name, p.params), p.static, p.doc})
	}
	return out
}
