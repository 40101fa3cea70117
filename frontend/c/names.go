package cfront

import (
	"github.com/checkfence/checkfence/diag"
	cc "modernc.org/cc/v4"
)

// checkNames reports identifiers that cannot be LSL names: cc accepts $
// (and universal character names) in identifiers, LSL names are letters,
// digits and _.
func (t *translator) checkNames(u *unit) {
	check := func(tok cc.Token) {
		name := tok.SrcStr()
		for _, r := range name {
			if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
				t.errorAt(lslPos(tok.Position()), diag.CodeInvalidName, "identifier %s: names may only contain letters, digits and _", name)
				return
			}
		}
	}
	walkNodes(u.ast.TranslationUnit, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.Declarator:
			check(x.NameTok())
		case *cc.StructOrUnionSpecifier:
			check(x.Token)
		case *cc.LabeledStatement:
			if x.Case == cc.LabeledStatementLabel {
				check(x.Token)
			}
		}
		return true
	})
}
