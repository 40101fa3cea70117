package cat

// lkmmTags are tags that only the Linux-kernel models read (linux-kernel.cat
// and the built-in lkmm).
var lkmmTags = []string{"ONCE", "Rcu-lock", "LKR", "Sync-rcu"}

// IsLKMM reports whether the model reads the Linux-kernel annotations of
// the C front end's kernel primitives (frontend/litmus/lkmm.go).
func (m *Model) IsLKMM() bool {
	for _, t := range m.Tags {
		for _, k := range lkmmTags {
			if t == k {
				return true
			}
		}
	}
	return false
}
