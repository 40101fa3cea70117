package cfront

import (
	"github.com/checkfence/checkfence/diag"
	cc "modernc.org/cc/v4"
)

// cc's type checker accepts a struct that contains itself (struct s {
// struct s x; }) and then recurses forever looking up its fields, so such
// definitions are found in the parse tree, before type checking.

// recursiveStructs reports struct and union definitions with a member of
// their own type (directly, through a typedef, or in a nested struct).
func recursiveStructs(ast *cc.AST) diag.ErrorList {
	alias := map[string]string{} // typedef name → the tag it names
	walkNodes(ast.TranslationUnit, func(n cc.Node) bool {
		d, ok := n.(*cc.Declaration)
		if !ok || d.Case != cc.DeclarationDecl || !isTypedef(d.DeclarationSpecifiers) {
			return true
		}
		tag := specTag(declSpecTypes(d.DeclarationSpecifiers), alias)
		for _, id := range initDeclarators(d) {
			if tag != "" && !indirect(id.Declarator) {
				alias[id.Declarator.Name()] = tag
			}
		}
		return true
	})
	var errs diag.ErrorList
	walkNodes(ast.TranslationUnit, func(n cc.Node) bool {
		s, ok := n.(*cc.StructOrUnionSpecifier)
		if !ok || s.Case != cc.StructOrUnionSpecifierDef || s.Token.SrcStr() == "" {
			return true
		}
		if m := containsTag(s.StructDeclarationList, s.Token.SrcStr(), alias); m != nil {
			errs = append(errs, diag.ErrorfCode(nodePos(m), diag.CodeType, "%s %s contains itself", s.StructOrUnion.Token.SrcStr(), s.Token.SrcStr()))
		}
		return true
	})
	return errs
}

// containsTag returns a member (of the list or of structs defined in it)
// whose type is the struct with the given tag, not through a pointer.
func containsTag(l *cc.StructDeclarationList, tag string, alias map[string]string) cc.Node {
	for ; l != nil; l = l.StructDeclarationList {
		sd := l.StructDeclaration
		if sd == nil || sd.Case != cc.StructDeclarationDecl {
			continue
		}
		specs := qualSpecTypes(sd.SpecifierQualifierList)
		for _, ts := range specs {
			if ts.Case == cc.TypeSpecifierStructOrUnion && ts.StructOrUnionSpecifier != nil &&
				ts.StructOrUnionSpecifier.Case == cc.StructOrUnionSpecifierDef {
				if m := containsTag(ts.StructOrUnionSpecifier.StructDeclarationList, tag, alias); m != nil {
					return m
				}
			}
		}
		if specTag(specs, alias) != tag {
			continue
		}
		for dl := sd.StructDeclaratorList; dl != nil; dl = dl.StructDeclaratorList {
			if dl.StructDeclarator != nil && !indirect(dl.StructDeclarator.Declarator) {
				return dl.StructDeclarator
			}
		}
		if sd.StructDeclaratorList == nil {
			return sd // an anonymous member
		}
	}
	return nil
}

// specTag is the struct tag a list of type specifiers names, or "".
func specTag(specs []*cc.TypeSpecifier, alias map[string]string) string {
	for _, ts := range specs {
		switch ts.Case {
		case cc.TypeSpecifierStructOrUnion:
			if s := ts.StructOrUnionSpecifier; s != nil {
				return s.Token.SrcStr()
			}
		case cc.TypeSpecifierTypeName:
			return alias[ts.Token.SrcStr()]
		}
	}
	return ""
}

// indirect reports whether a declarator declares a pointer or a function
// (a member of such a type does not contain the struct). A nil declarator
// (an unnamed bit-field) is indirect.
func indirect(d *cc.Declarator) bool {
	for d != nil {
		if d.Pointer != nil {
			return true
		}
		dd := d.DirectDeclarator
		d = nil
		for dd != nil {
			switch dd.Case {
			case cc.DirectDeclaratorFuncParam, cc.DirectDeclaratorFuncIdent:
				return true
			case cc.DirectDeclaratorDecl:
				d = dd.Declarator
				dd = nil
			case cc.DirectDeclaratorIdent:
				return false
			default:
				dd = dd.DirectDeclarator
			}
		}
	}
	return true
}

func isTypedef(ds *cc.DeclarationSpecifiers) bool {
	for ; ds != nil; ds = ds.DeclarationSpecifiers {
		if ds.Case == cc.DeclarationSpecifiersStorage && ds.StorageClassSpecifier != nil &&
			ds.StorageClassSpecifier.Case == cc.StorageClassSpecifierTypedef {
			return true
		}
	}
	return false
}

func declSpecTypes(ds *cc.DeclarationSpecifiers) []*cc.TypeSpecifier {
	var out []*cc.TypeSpecifier
	for ; ds != nil; ds = ds.DeclarationSpecifiers {
		if ds.Case == cc.DeclarationSpecifiersTypeSpec && ds.TypeSpecifier != nil {
			out = append(out, ds.TypeSpecifier)
		}
	}
	return out
}

func qualSpecTypes(l *cc.SpecifierQualifierList) []*cc.TypeSpecifier {
	var out []*cc.TypeSpecifier
	for ; l != nil; l = l.SpecifierQualifierList {
		if l.Case == cc.SpecifierQualifierListTypeSpec && l.TypeSpecifier != nil {
			out = append(out, l.TypeSpecifier)
		}
	}
	return out
}
