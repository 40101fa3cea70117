package cfront

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/diag"
	"modernc.org/cc/v4"
)

// badNumbers reports numeric constants that are not C numbers: 089, 1x,
// 0b2, 1e (written so, or made by ## pasting). cc's type checker fails on
// them with its own messages ("strconv.ParseUint: parsing …", "TODO
// *cc.PrimaryExpression … PrimaryExpressionFloat"), some without a
// position; this check runs before it and says what is wrong, in gcc's
// words, at the constant.
func badNumbers(ast *cc.AST) diag.ErrorList {
	var errs diag.ErrorList
	walkNodes(ast.TranslationUnit, func(n cc.Node) bool {
		p, ok := n.(*cc.PrimaryExpression)
		if !ok || (p.Case != cc.PrimaryExpressionInt && p.Case != cc.PrimaryExpressionFloat) {
			return true
		}
		if msg := numberError(p.Token.SrcStr()); msg != "" {
			errs = append(errs, diag.ErrorfCode(lslPos(p.Token.Position()), diag.CodeBadLiteral, "%s", msg))
		}
		return true
	})
	return errs
}

// numberError says why text is not a C integer or floating constant
// ("" if it is one).
func numberError(text string) string {
	s := strings.ToLower(text)
	if isFloatText(s) {
		return floatError(text, s)
	}
	digits, base := s, 10
	switch {
	case strings.HasPrefix(s, "0x"):
		digits, base = s[2:], 16
	case strings.HasPrefix(s, "0b"):
		digits, base = s[2:], 2
	case strings.HasPrefix(s, "0"):
		digits, base = s[1:], 8
	}
	k := 0
	for k < len(digits) && digitValue(digits[k]) < 16 && (base == 16 || digits[k] <= '9') {
		k++
	}
	for i := 0; i < k; i++ {
		if digitValue(digits[i]) >= base {
			if base == 8 || base == 2 {
				name := map[int]string{8: "octal", 2: "binary"}[base]
				return fmt.Sprintf("invalid digit %q in %s constant %s", string(digits[i]), name, text)
			}
		}
	}
	if (base == 16 || base == 2) && k == 0 {
		return fmt.Sprintf("invalid suffix %q on integer constant %s", text[1:], text)
	}
	if suffix := digits[k:]; !validIntSuffix(suffix) {
		return fmt.Sprintf("invalid suffix %q on integer constant %s", text[len(text)-len(suffix):], text)
	}
	return ""
}

func digitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return 99
}

// validIntSuffix: u, l, ll, in either order, once each (lower-cased).
func validIntSuffix(s string) bool {
	switch s {
	case "", "u", "l", "ll", "ul", "lu", "ull", "llu":
		return true
	}
	return false
}

// isFloatText reports whether a (lower-cased) pp-number is meant as a
// floating constant: it has a point, or a decimal exponent.
func isFloatText(s string) bool {
	if strings.HasPrefix(s, "0x") {
		return strings.ContainsAny(s, ".p")
	}
	return strings.ContainsAny(s, ".e")
}

// floatError checks a floating constant (floating point is not supported
// at all, but a malformed one is reported as what it is).
func floatError(text, s string) string {
	mark := "e"
	if strings.HasPrefix(s, "0x") {
		mark = "p"
		s = s[2:]
	}
	mant, exp, hasExp := strings.Cut(s, mark)
	if !strings.ContainsAny(mant, "0123456789abcdef") {
		return fmt.Sprintf("invalid number %s", text)
	}
	if hasExp {
		exp = strings.TrimLeft(exp, "+-")
		k := 0
		for k < len(exp) && exp[k] >= '0' && exp[k] <= '9' {
			k++
		}
		if k == 0 {
			return fmt.Sprintf("exponent has no digits in %s", text)
		}
		exp = exp[k:]
	} else if mark == "p" {
		return fmt.Sprintf("hexadecimal floating constant %s needs an exponent (p)", text)
	} else {
		exp = strings.TrimLeft(mant, "0123456789.")
	}
	if exp != "" && exp != "f" && exp != "l" {
		return fmt.Sprintf("invalid suffix %q on floating constant %s", text[len(text)-len(exp):], text)
	}
	return ""
}
