package cfront

import (
	"fmt"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// notAssignable finds ++, -- and assignments whose operand is not a
// variable: "x = --1" or "5 = x". cc's type checker fails on them with an
// internal error that has no position (and once per operator of a chain
// like "- - - … 1" written without spaces), so they are reported here,
// before type checking, once per expression.
func notAssignable(ast *cc.AST) diag.ErrorList {
	var errs diag.ErrorList
	report := func(op cc.Token, operand cc.ExpressionNode) bool {
		what := notAnLvalue(operand)
		if what == "" {
			return true
		}
		side := "the operand of " + op.SrcStr()
		if op.SrcStr() != "++" && op.SrcStr() != "--" {
			side = "the left side of " + op.SrcStr()
		}
		errs = append(errs, diag.ErrorfCode(lslPos(op.Position()), diag.CodeInvalidConstruct, "%s must be a variable, not %s", side, what))
		return false // one error per expression
	}
	walkNodes(ast.TranslationUnit, func(n cc.Node) bool {
		switch n := n.(type) {
		case *cc.UnaryExpression:
			if n.Case == cc.UnaryExpressionInc || n.Case == cc.UnaryExpressionDec {
				return report(n.Token, n.UnaryExpression)
			}
		case *cc.PostfixExpression:
			if n.Case == cc.PostfixExpressionInc || n.Case == cc.PostfixExpressionDec {
				return report(n.Token, n.PostfixExpression)
			}
		case *cc.AssignmentExpression:
			if n.Case != cc.AssignmentExpressionCond {
				return report(n.Token, n.UnaryExpression)
			}
		}
		return true
	})
	return errs
}

// notAnLvalue describes e when it certainly is not an lvalue (a constant,
// the result of an operator or a call), "" otherwise.
func notAnLvalue(e cc.ExpressionNode) string {
	switch e := stripParens(e).(type) {
	case *cc.PrimaryExpression:
		switch e.Case {
		case cc.PrimaryExpressionInt, cc.PrimaryExpressionFloat, cc.PrimaryExpressionChar,
			cc.PrimaryExpressionLChar, cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
			return fmt.Sprintf("the constant %s", e.Token.SrcStr())
		}
	case *cc.UnaryExpression:
		switch e.Case {
		case cc.UnaryExpressionDeref:
			return ""
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			return "the result of " + e.Token.SrcStr()
		}
		return "the value of an expression"
	case *cc.PostfixExpression:
		switch e.Case {
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
			return "the result of " + e.Token.SrcStr()
		case cc.PostfixExpressionCall:
			return "the result of a call"
		}
	}
	return ""
}

// atomicTypes finds the uses of _Atomic the front end cannot follow. cc
// keeps _Atomic as a mark on the declarator, not in the type, so an
// object declared _Atomic T x or _Atomic(T) x is atomic (c11atomic.go),
// but the atomicity of an array's elements, a pointer's target (in a
// declaration, a parameter or a cast) or an _Atomic pointer would be
// lost, and their accesses read as plain ones, which C11 does not allow.
// It runs on the parse tree, before cc's type check.
func atomicTypes(ast *cc.AST) diag.ErrorList {
	var errs diag.ErrorList
	const msg = "_Atomic on a pointer's target or an array's elements is not supported in the C front end: " +
		"use the atomic types of <stdatomic.h> (atomic_int *p, atomic_int a[2]), or --frontend clang"
	bad := func(n cc.Node) {
		errs = append(errs, diag.ErrorfCode(lslPos(n.Position()), diag.CodeUnsupported, "%s", lsl.Unsupported(msg)))
	}
	simple := func(d *cc.Declarator) bool {
		return d == nil || d.Pointer == nil && (d.DirectDeclarator == nil || d.DirectDeclarator.Case == cc.DirectDeclaratorIdent)
	}
	walkNodes(ast.TranslationUnit, func(n cc.Node) bool {
		switch n := n.(type) {
		case *cc.Declaration:
			if atomicSpecifiers(n.DeclarationSpecifiers) {
				for l := n.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
					if d := l.InitDeclarator.Declarator; !simple(d) {
						bad(d)
					}
				}
			}
		case *cc.StructDeclaration:
			if atomicSpecifiers(n.SpecifierQualifierList) {
				for l := n.StructDeclaratorList; l != nil; l = l.StructDeclaratorList {
					if d := l.StructDeclarator.Declarator; !simple(d) {
						bad(d)
					}
				}
			}
		case *cc.ParameterDeclaration:
			if atomicSpecifiers(n.DeclarationSpecifiers) && (!simple(n.Declarator) || n.AbstractDeclarator != nil) {
				bad(n)
			}
		case *cc.TypeName:
			if atomicSpecifiers(n.SpecifierQualifierList) && n.AbstractDeclarator != nil {
				bad(n)
			}
		case *cc.Pointer:
			walkNodes(n, func(m cc.Node) bool {
				if q, ok := m.(*cc.TypeQualifier); ok && q.Case == cc.TypeQualifierAtomic {
					errs = append(errs, diag.ErrorfCode(lslPos(q.Token.Position()), diag.CodeUnsupported, "_Atomic pointers (T *_Atomic p) are not supported by the C front end: declare _Atomic(T *) p, or use --frontend clang"))
				}
				return true
			})
		}
		return true
	})
	return errs
}

// atomicSpecifiers reports whether declaration specifiers (or a
// specifier-qualifier list) contain _Atomic or _Atomic(T), outside the
// struct or union they may define.
func atomicSpecifiers(n cc.Node) bool {
	found := false
	if n == nil {
		return false
	}
	walkNodes(n, func(m cc.Node) bool {
		switch m := m.(type) {
		case *cc.StructOrUnionSpecifier:
			return false
		case *cc.TypeQualifier:
			found = found || m.Case == cc.TypeQualifierAtomic
		case *cc.AtomicTypeSpecifier:
			found = true
			return false
		}
		return true
	})
	return found
}
