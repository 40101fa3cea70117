package lsl

// SelectCandidates returns a copy of a program with candidate fences
// (InsertCandidates) and conditional tags (candidates_tags.go) in which
// the selected candidates are written in, as if in the source, and the
// others are gone: a selected candidate fence is a plain fence, a
// conditional tag of a selected candidate its plain tag, and a candidate
// point whose tags are all unselected no statement at all. This is the
// program that fence synthesis claims passes, checked once more without
// selector literals. Statements without candidates are shared with p.
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
			switch {
			case s.Cand > 0 && !selected(s.Cand):
			case CondOnly(s.Tags):
				if tags := ResolveTags(s.Tags, selected); len(tags) > 0 {
					out.Stmts = append(out.Stmts, &Fence{Kind: s.Kind, Tags: tags, Pos: s.Pos})
				}
			case s.Cand > 0 || HasCondTags(s.Tags):
				out.Stmts = append(out.Stmts, &Fence{Kind: s.Kind, Tags: ResolveTags(s.Tags, selected), Pos: s.Pos})
			default:
				out.Stmts = append(out.Stmts, s)
			}
		case *Load:
			if HasCondTags(s.Tags) {
				c := *s
				c.Tags = ResolveTags(s.Tags, selected)
				out.Stmts = append(out.Stmts, &c)
			} else {
				out.Stmts = append(out.Stmts, s)
			}
		case *Store:
			if HasCondTags(s.Tags) {
				c := *s
				c.Tags = ResolveTags(s.Tags, selected)
				out.Stmts = append(out.Stmts, &c)
			} else {
				out.Stmts = append(out.Stmts, s)
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
		case *Atomic:
			c := *s
			c.Body = selectBlock(s.Body, selected)
			out.Stmts = append(out.Stmts, &c)
		default:
			out.Stmts = append(out.Stmts, s)
		}
	}
	return &out
}
