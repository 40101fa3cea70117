// Package scanf reads the conversions of a scanf format and runs sscanf on
// a constant string, for the front ends' model of the scanf family
// (docs/c-conventions.md, "Input: scanf, fscanf, sscanf"): input a
// program reads is any value, except that sscanf of a string constant
// reads the constant.
package scanf

import (
	"fmt"
	"strings"
)

// Conv is one conversion that assigns (not %% and not %*d).
type Conv struct {
	Verb   byte // d i u x X o c
	Bits   int  // width of the target: 8 (hh, %c), 16 (h), 32, 64 (l, ll, j, z on LP64; LongBits)
	Signed bool // the target's type is signed (d, i); the others read unsigned
	Width  int  // maximum field width (0: none; %c: 1 when none)
}

// directive is a piece of a format: a conversion (conv != nil, possibly
// suppressed), whitespace, or a literal character.
type directive struct {
	conv     *Conv
	suppress bool
	space    bool
	lit      byte
}

// Parse reads a format. longBits is the width of long (32 on ILP32, 64 on
// LP64). Conversions other than numbers and %c (strings, %[, floating
// point, %n, %p) are an error: the front ends do not model them.
func Parse(format string, longBits int) ([]Conv, error) {
	ds, err := parse(format, longBits)
	if err != nil {
		return nil, err
	}
	var out []Conv
	for _, d := range ds {
		if d.conv != nil && !d.suppress {
			out = append(out, *d.conv)
		}
	}
	return out, nil
}

func parse(format string, longBits int) ([]directive, error) {
	var ds []directive
	for i := 0; i < len(format); i++ {
		ch := format[i]
		switch {
		case isSpace(ch):
			ds = append(ds, directive{space: true})
			continue
		case ch != '%':
			ds = append(ds, directive{lit: ch})
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			ds = append(ds, directive{lit: '%'})
			continue
		}
		d := directive{conv: &Conv{Bits: 32}}
		if i < len(format) && format[i] == '*' {
			d.suppress = true
			i++
		}
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			d.conv.Width = d.conv.Width*10 + int(format[i]-'0')
			i++
		}
		mod := ""
		for i < len(format) && strings.IndexByte("hljzt", format[i]) >= 0 {
			mod += string(format[i])
			i++
		}
		if i >= len(format) {
			return nil, fmt.Errorf("the format %q ends inside a conversion", format)
		}
		c := d.conv
		c.Verb = format[i]
		switch c.Verb {
		case 'd', 'i':
			c.Signed = true
		case 'u', 'x', 'X', 'o':
		case 'c':
			if mod != "" {
				return nil, fmt.Errorf("the conversion %%%s%c is not supported", mod, c.Verb)
			}
			c.Bits = 8
			if c.Width > 1 {
				return nil, fmt.Errorf("the conversion %%%dc (more than one character) is not supported", c.Width)
			}
			c.Width = 1
		default:
			return nil, fmt.Errorf("the conversion %%%s%c is not supported (numbers and %%c are: %%d %%i %%u %%x %%o with hh, h, l, ll, j, z)", mod, c.Verb)
		}
		switch mod {
		case "":
		case "hh":
			c.Bits = 8
		case "h":
			c.Bits = 16
		case "l", "z", "t":
			c.Bits = longBits
		case "ll", "j":
			c.Bits = 64
		default:
			return nil, fmt.Errorf("the length modifier %q is not supported", mod)
		}
		ds = append(ds, d)
	}
	return ds, nil
}

// Run is sscanf(input, format, ...): the values of the assigning
// conversions it assigns (as the targets' bits hold them: wrapped to
// Conv.Bits, signed) and its return value (EOF is -1).
func Run(input, format string, longBits int) (vals []int64, ret int, err error) {
	ds, err := parse(format, longBits)
	if err != nil {
		return nil, 0, err
	}
	pos := 0
	converted := false
	eof := func() (int, bool) { // the result at an input failure
		if !converted {
			return -1, true
		}
		return len(vals), true
	}
	for _, d := range ds {
		switch {
		case d.space:
			for pos < len(input) && isSpace(input[pos]) {
				pos++
			}
			continue
		case d.conv == nil:
			if pos >= len(input) {
				r, _ := eof()
				return vals, r, nil
			}
			if input[pos] != d.lit {
				return vals, len(vals), nil
			}
			pos++
			continue
		}
		c := d.conv
		if c.Verb != 'c' {
			for pos < len(input) && isSpace(input[pos]) {
				pos++
			}
		}
		if pos >= len(input) {
			r, _ := eof()
			return vals, r, nil
		}
		var v int64
		if c.Verb == 'c' {
			v = int64(int8(input[pos]))
			pos++
		} else {
			n, used, ok := number(input[pos:], c)
			if !ok {
				return vals, len(vals), nil
			}
			pos += used
			v = wrap(n, c.Bits)
		}
		converted = true
		if !d.suppress {
			vals = append(vals, v)
		}
	}
	return vals, len(vals), nil
}

// number reads a number of conversion c at the start of s: its value
// (modulo 2^64, as strtoul wraps a negated unsigned number), the bytes
// used, and whether there was one.
func number(s string, c *Conv) (uint64, int, bool) {
	limit := len(s)
	if c.Width > 0 && c.Width < limit {
		limit = c.Width
	}
	i := 0
	neg := false
	if i < limit && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	base := map[byte]uint64{'d': 10, 'u': 10, 'i': 0, 'x': 16, 'X': 16, 'o': 8}[c.Verb]
	if (base == 0 || base == 16) && i+1 < limit && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') && i+2 < limit && digit(s[i+2], 16) >= 0 {
		base = 16
		i += 2
	} else if base == 0 && i < limit && s[i] == '0' {
		base = 8
	} else if base == 0 {
		base = 10
	}
	start := i
	var n uint64
	for i < limit && digit(s[i], base) >= 0 {
		n = n*base + uint64(digit(s[i], base))
		i++
	}
	if i == start {
		return 0, 0, false
	}
	if neg {
		n = -n
	}
	return n, i, true
}

func digit(ch byte, base uint64) int {
	d := -1
	switch {
	case ch >= '0' && ch <= '9':
		d = int(ch - '0')
	case ch >= 'a' && ch <= 'f':
		d = int(ch-'a') + 10
	case ch >= 'A' && ch <= 'F':
		d = int(ch-'A') + 10
	}
	if d >= int(base) {
		return -1
	}
	return d
}

// wrap is n as a signed number of bits bits (two's complement).
func wrap(n uint64, bits int) int64 {
	if bits >= 64 {
		return int64(n)
	}
	shift := 64 - bits
	return int64(n<<shift) >> shift
}

// Range is the range of a target of bits bits as the front ends hold
// numbers: signed, so unsigned values are their two's-complement patterns.
func Range(bits int) (lo, hi int64) {
	if bits >= 64 {
		return -1 << 63, 1<<63 - 1
	}
	return -1 << (bits - 1), 1<<(bits-1) - 1
}

func isSpace(ch byte) bool {
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f'
}

// OverApproximated ends the source expression of the choices of a sscanf
// whose string is not a constant: its values are any values, more than
// the string can give, so a failure after one may not be real
// (checkfence run --prop answers UNKNOWN, not FALSE, for it).
const OverApproximated = " (the string is not a constant: any value)"

// IsOverApproximated reports whether a choice's expression is one of those.
func IsOverApproximated(expr string) bool { return strings.HasSuffix(expr, OverApproximated) }
