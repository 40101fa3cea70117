package llvmfront

// The tokens of LLVM IR text, for the reader of opaque-pointer IR
// (opaque.go). Every token keeps its byte span, so that the rewrite can
// replace spans and copy everything else as it is.

type tokKind uint8

const (
	tEOF     tokKind = iota
	tLocal           // %x, %"x", %12
	tGlobal          // @x, @"x", @12
	tMeta            // !12, !dbg, !DILocation, ! (before {)
	tMetaStr         // !"text"
	tAttrRef         // #0
	tDbgRec          // #dbg_declare, #dbg_value, …
	tWord            // keywords, type names, flags (i32, ptr, define, x, …)
	tLabel           // a word, number or string followed by ':' (block labels, metadata keys)
	tInt             // 12, -3
	tFloat           // 1.0e+00, 0x3FF0000000000000
	tString          // "text"
	tCString         // c"text"
	tPunct           // ( ) [ ] { } < > , = * | and ...
)

type token struct {
	kind tokKind
	text string
	pos  int // byte offset of the first character
	end  int // byte offset after the last character
	line int
}

// lexIR splits LLVM IR text into tokens; comments are dropped.
func lexIR(src []byte) []token {
	var toks []token
	line := 1
	i := 0
	n := len(src)
	add := func(k tokKind, start, end int) {
		toks = append(toks, token{kind: k, text: string(src[start:end]), pos: start, end: end, line: line})
	}
	quoted := func(j int) int { // j at the opening quote: the index after the closing one
		j++
		for j < n && src[j] != '"' {
			j++
		}
		if j < n {
			j++
		}
		return j
	}
	word := func(j int) int {
		for j < n && isWordByte(src[j]) {
			j++
		}
		return j
	}
	for i < n {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == ';':
			for i < n && src[i] != '\n' {
				i++
			}
		case c == '%' || c == '@':
			k := tLocal
			if c == '@' {
				k = tGlobal
			}
			j := i + 1
			if j < n && src[j] == '"' {
				j = quoted(j)
			} else {
				j = word(j)
			}
			add(k, i, j)
			i = j
		case c == '!':
			j := i + 1
			switch {
			case j < n && src[j] == '"':
				j = quoted(j)
				add(tMetaStr, i, j)
			default:
				j = word(j)
				add(tMeta, i, j)
			}
			i = j
		case c == '#':
			j := word(i + 1)
			if j > i+4 && string(src[i+1:i+5]) == "dbg_" {
				add(tDbgRec, i, j)
			} else {
				add(tAttrRef, i, j)
			}
			i = j
		case c == '"':
			j := quoted(i)
			if j < n && src[j] == ':' {
				add(tLabel, i, j)
				i = j + 1
				continue
			}
			add(tString, i, j)
			i = j
		case c == 'c' && i+1 < n && src[i+1] == '"':
			j := quoted(i + 1)
			add(tCString, i, j)
			i = j
		case c == '-' && i+1 < n && '0' <= src[i+1] && src[i+1] <= '9', '0' <= c && c <= '9':
			j := i + 1
			if c == '0' && j < n && (src[j] == 'x' || src[j] == 'X') {
				j = word(j)
				add(tFloat, i, j)
				i = j
				continue
			}
			for j < n && '0' <= src[j] && src[j] <= '9' {
				j++
			}
			k := tInt
			if j < n && src[j] == '.' {
				k = tFloat
				j++
				for j < n && ('0' <= src[j] && src[j] <= '9' || src[j] == 'e' || src[j] == 'E' ||
					(src[j] == '+' || src[j] == '-') && (src[j-1] == 'e' || src[j-1] == 'E')) {
					j++
				}
			}
			if k == tInt && j < n && src[j] == ':' {
				add(tLabel, i, j)
				i = j + 1
				continue
			}
			if k == tInt && j < n && isWordByte(src[j]) { // a label or name that starts with digits
				j = word(j)
				if j < n && src[j] == ':' {
					add(tLabel, i, j)
					i = j + 1
					continue
				}
				add(tWord, i, j)
				i = j
				continue
			}
			add(k, i, j)
			i = j
		case c == '.' && i+2 < n && src[i+1] == '.' && src[i+2] == '.':
			add(tPunct, i, i+3)
			i += 3
		case isWordByte(c):
			j := word(i)
			if j < n && src[j] == ':' && (j+1 >= n || src[j+1] != ':') {
				add(tLabel, i, j)
				i = j + 1
				continue
			}
			add(tWord, i, j)
			i = j
		default:
			add(tPunct, i, i+1)
			i++
		}
	}
	toks = append(toks, token{kind: tEOF, pos: n, end: n, line: line})
	return toks
}
