package cfront

import (
	"fmt"

	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// notAssignable finds ++, -- and assignments whose operand is not a
// variable: "x = --1" or "5 = x". cc's type checker fails on them with an
// internal error that has no position (and once per operator of a chain
// like "- - - … 1" written without spaces), so they are reported here,
// before type checking, once per expression.
func notAssignable(ast *cc.AST) lsl.ErrorList {
	var errs lsl.ErrorList
	report := func(op cc.Token, operand cc.ExpressionNode) bool {
		what := notAnLvalue(operand)
		if what == "" {
			return true
		}
		side := "the operand of " + op.SrcStr()
		if op.SrcStr() != "++" && op.SrcStr() != "--" {
			side = "the left side of " + op.SrcStr()
		}
		errs = append(errs, lsl.Errorf(lslPos(op.Position()), "%s must be a variable, not %s", side, what))
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

// atomicTypes finds _Atomic. The C front end has no C11 atomics: read as a
// plain variable, an _Atomic one would lose the ordering its accesses
// have, and the check could report failures that C11 does not allow.
func atomicTypes(ast *cc.AST) lsl.ErrorList {
	var errs lsl.ErrorList
	const msg = "_Atomic is not supported by the C front end, which has no C11 atomics " +
		"(use --frontend clang, or lsl_cas_* and lsl_fence from lsl_protos.h)"
	walkNodes(ast.TranslationUnit, func(n cc.Node) bool {
		switch n := n.(type) {
		case *cc.TypeQualifier:
			if n.Case == cc.TypeQualifierAtomic {
				errs = append(errs, lsl.Errorf(lslPos(n.Token.Position()), "%s", msg))
			}
		case *cc.AtomicTypeSpecifier:
			errs = append(errs, lsl.Errorf(lslPos(n.Token.Position()), "%s", msg))
			return false
		}
		return true
	})
	return errs
}
