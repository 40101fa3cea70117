package lsl

// SelectCandidates returns a copy of a program with candidate fences
// (InsertCandidates) in which the selected candidates are plain fences,
// as if written in the source, and the others are gone: the program that
// fence synthesis claims passes, checked once more without selector
// literals. Statements without candidates are shared with p.
func SelectCandidates(p *Program, selected func(id int) bool) *Program {
	q := *p
	q.Procs = nil
	for _, proc := range p.Procs {
		c := *proc
		c.Body = selectBlock(proc.Body, selected)
		q.Procs = append(q.Procs, &c)
	}
	return &q
}

func selectBlock(b *Block, selected func(int) bool) *Block {
	if b == nil {
		return nil
	}
	out := *b
	out.Stmts = nil
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *Fence:
			if s.Cand == 0 {
				out.Stmts = append(out.Stmts, s)
			} else if selected(s.Cand) {
				out.Stmts = append(out.Stmts, &Fence{Kind: s.Kind, Pos: s.Pos})
			}
		case *Block:
			out.Stmts = append(out.Stmts, selectBlock(s, selected))
		case *If:
			c := *s
			c.Then = selectBlock(s.Then, selected)
			c.Else = selectBlock(s.Else, selected)
			out.Stmts = append(out.Stmts, &c)
		case *Spin:
			c := *s
			c.Body = selectBlock(s.Body, selected)
			out.Stmts = append(out.Stmts, &c)
		default:
			out.Stmts = append(out.Stmts, s)
		}
	}
	return &out
}
