package cfront

import (
	"bytes"
	"path/filepath"
	"strings"
)

// Preprocessing once. parseUnit used to preprocess every unit on its own
// before cc.Parse preprocesses it again, for two reasons: cc's parser can
// loop forever once the preprocessor ends the token stream early (a
// missing include, an #include whose argument is not a file name), and
// the size of the preprocessed program must be bounded. The standalone
// pass cost a quarter of the front end's time.
//
// planSinglePass scans a unit and every file it includes (as cc finds
// them, in every branch of every conditional) and allows cc.Parse alone
// when it can show that neither matters:
//
//   - every #include names its file literally (no macro, no
//     #include_next, no #line to change the directory cc searches),
//     every included file is found, and no file includes itself
//     (even under a condition);
//   - an upper bound on the size of the expansion is below
//     maxPreprocessed: every token of every file, each macro use counted
//     as its expansion (the largest definition of each name), files
//     counted once per #include. Macros that are recursive or whose
//     bodies use # or ## are refused; a function-like macro that uses a
//     parameter twice may only be called with arguments free of macros
//     (so nesting cannot multiply), and its parameters count as the
//     longest such argument list.
//
// While cc.Parse runs, sourceFS serves exactly the files the scan saw and
// panics with singlePassAbort when cc asks for anything else or fails to
// find a file (cc would then end the token stream); parseUnit then falls
// back to the two passes. So does any error: the messages come from the
// two passes as before.

// singlePass is a unit's scan: the files cc may open, by the name cc opens
// them under, with the bytes sourceFS serves.
type singlePass struct {
	files map[string][]byte
}

// singlePassAbort is the panic that stops cc.Parse when it leaves what
// the scan saw.
type singlePassAbort struct{}

// passMacro is one definition of a macro, as planSinglePass sees it.
type passMacro struct {
	fnLike bool
	params map[string]bool
	body   []ctok
	// duplicates: a parameter (or __VA_ARGS__) occurs more than once.
	duplicates bool
}

// passFile is one scanned file.
type passFile struct {
	text     []ctok   // the tokens of its non-directive lines
	includes []string // the files its #include lines name, in order
	lines    int
	maxTok   int
}

type passScan struct {
	fsys  *sourceFS
	files map[string][]byte
	scan  map[string]*passFile
	state map[string]int // 1 while a file's includes are scanned, 2 after
	defs  map[string][]*passMacro
	sizes map[string]int64 // memo of macroSize; -1 while computed
	fail  bool
}

// planSinglePass returns the scan of a unit, or nil when the unit needs the
// standalone preprocessing pass.
func planSinglePass(src Source, fsys *sourceFS) *singlePass {
	if fsys.ctx != nil && fsys.ctx.Err() != nil {
		return nil
	}
	s := &passScan{fsys: fsys, files: map[string][]byte{}, scan: map[string]*passFile{},
		state: map[string]int{}, defs: map[string][]*passMacro{}, sizes: map[string]int64{}}
	predefined := predefinedSource()
	s.visit(predefinedName, predefined)
	s.visit(src.Name, src.Text)
	if s.fail {
		return nil
	}
	maxTok, maxArgs := 0, int64(1)
	for name, f := range s.scan {
		for i, t := range f.text {
			if s.dangerous(t.text) {
				n, ok := s.literalCall(f.text[i:], nil)
				if !ok {
					return nil
				}
				maxArgs = max(maxArgs, n)
			}
		}
		maxTok = max(maxTok, f.maxTok, 2*len(name)+2) // __FILE__
	}
	for _, ds := range s.defs {
		for _, d := range ds {
			for i, t := range d.body {
				if s.dangerous(t.text) {
					n, ok := s.literalCall(d.body[i:], d)
					if !ok {
						return nil
					}
					maxArgs = max(maxArgs, n)
				}
			}
		}
	}
	// Tokens and lines of a file with everything it includes, once per
	// #include.
	type size struct{ tokens, lines int64 }
	memo := map[string]size{}
	var count func(name string) size
	count = func(name string) size {
		if n, ok := memo[name]; ok {
			return n
		}
		f := s.scan[name]
		n := size{0, int64(f.lines)}
		for _, t := range f.text {
			n.tokens = min(n.tokens+s.tokenSize(t.text), 1<<50)
		}
		for _, inc := range f.includes {
			c := count(inc)
			n = size{min(n.tokens+c.tokens, 1<<50), min(n.lines+c.lines, 1<<50)}
		}
		memo[name] = n
		return n
	}
	pre, unit := count(predefinedName), count(src.Name)
	tokens, lines := pre.tokens+unit.tokens, pre.lines+unit.lines
	if s.fail {
		return nil
	}
	// Each token is written with at most two spaces; sentinelSource
	// adds a line.
	bound := float64(tokens)*float64(maxArgs)*float64(maxTok+2) + float64(lines) + float64(len(sentinelSource))
	if bound > maxPreprocessed {
		return nil
	}
	return &singlePass{files: s.files}
}

// visit scans a file and, depth first, the files it includes.
func (s *passScan) visit(name string, text []byte) {
	if s.fail {
		return
	}
	switch s.state[name] {
	case 1:
		s.fail = true // a file that includes itself
		return
	case 2:
		return
	}
	s.state[name] = 1
	defer func() { s.state[name] = 2 }()
	if !plainText(text) {
		s.fail = true
		return
	}
	f := &passFile{}
	s.scan[name] = f
	lines := logicalLines(text)
	n := 0
	for _, ln := range lines {
		n += len(ln.toks)
	}
	f.text = make([]ctok, 0, n)
	includeWords := 0 // occurrences of "include" the directives account for
	for _, ln := range lines {
		f.lines++
		toks := ln.toks
		for _, t := range toks {
			f.maxTok = max(f.maxTok, len(t.text))
		}
		if len(toks) == 0 {
			continue
		}
		if toks[0].text != "#" {
			f.text = append(f.text, toks...)
			continue
		}
		if len(toks) == 1 {
			continue
		}
		switch toks[1].text {
		case "if", "ifdef", "ifndef", "elif", "else", "endif", "undef", "error":
		case "pragma":
			f.text = append(f.text, toks...)
		case "define":
			s.define(toks[2:])
		case "include":
			arg, ok := includeArg(toks[2:])
			if !ok {
				s.fail = true
				return
			}
			includeWords += 1 + strings.Count(arg, "include")
			child, b, ok := s.resolve(name, arg)
			if !ok {
				s.fail = true
				return
			}
			f.includes = append(f.includes, child)
			s.visit(child, b)
		default:
			s.fail = true // #line, #include_next, a line marker, …
			return
		}
		if s.fail {
			return
		}
	}
	// Every "include" in the text must be one the scan understood.
	if bytes.Count(text, []byte("include")) != includeWords {
		s.fail = true
	}
}

// plainText: no text whose lines the scan's tokenizer might split
// differently than cc (carriage returns, trigraphs, digraphs, a line
// comment continued onto the next line).
func plainText(b []byte) bool {
	if bytes.IndexByte(b, '\r') >= 0 || bytes.Contains(b, []byte("??")) || bytes.Contains(b, []byte("%:")) {
		return false
	}
	for line := range bytes.Lines(b) {
		line = bytes.TrimRight(line, "\n")
		if bytes.HasSuffix(line, []byte(`\`)) && bytes.Contains(line, []byte("//")) {
			return false
		}
	}
	return true
}

// includeArg is the argument of #include written as "name" or <name>
// (nothing else on the line); ok is false otherwise.
func includeArg(toks []ctok) (raw string, ok bool) {
	if len(toks) == 1 {
		t := toks[0].text
		if len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' && !strings.ContainsAny(t[1:len(t)-1], `"\`) {
			return t, true
		}
		return "", false
	}
	if len(toks) < 3 || toks[0].text != "<" || toks[len(toks)-1].text != ">" {
		return "", false
	}
	var b strings.Builder
	b.WriteByte('<')
	for i, t := range toks[1 : len(toks)-1] {
		if !t.adjacent || strings.ContainsAny(t.text, `"'<>\`) {
			return "", false
		}
		if i == 0 && toks[1].text == "" {
			return "", false
		}
		b.WriteString(t.text)
	}
	if !toks[len(toks)-1].adjacent {
		return "", false
	}
	b.WriteByte('>')
	return b.String(), true
}

// resolve finds the file an #include in file from names, as cc does: a
// "name" in the including file's directory, then in sysDir; a <name> in
// sysDir.
func (s *passScan) resolve(from, raw string) (string, []byte, bool) {
	nm := raw[1 : len(raw)-1]
	var cands []string
	if raw[0] == '"' {
		dir, _ := filepath.Split(from)
		cands = append(cands, filepath.Join(filepath.Clean(dir), nm))
	}
	cands = append(cands, filepath.Join(sysDir, nm))
	for _, pth := range cands {
		if b, ok := s.files[pth]; ok {
			return pth, b, true
		}
		if _, b, _ := s.fsys.read(pth); b != nil {
			s.files[pth] = b
			return pth, b, true
		}
	}
	return "", nil, false
}

// define records a #define (toks after the directive name).
func (s *passScan) define(toks []ctok) {
	if len(toks) == 0 || !isIdentStart(toks[0].text) {
		return // cc reports it
	}
	d := &passMacro{}
	rest := toks[1:]
	if len(rest) > 0 && rest[0].text == "(" && rest[0].adjacent {
		d.fnLike = true
		d.params = map[string]bool{"__VA_ARGS__": true, "__VA_OPT__": true}
		k := 1
		for ; k < len(rest) && rest[k].text != ")"; k++ {
			if isIdentStart(rest[k].text) {
				d.params[rest[k].text] = true
			}
		}
		rest = rest[min(k+1, len(rest)):]
	}
	d.body = rest
	uses := map[string]int{}
	for _, t := range rest {
		if t.text == "#" {
			s.fail = true // stringizing or pasting
			return
		}
		if d.fnLike && d.params[t.text] {
			uses[t.text]++
			if uses[t.text] > 1 {
				d.duplicates = true
			}
		}
	}
	s.defs[toks[0].text] = append(s.defs[toks[0].text], d)
}

// dangerous: some definition of name repeats a parameter.
func (s *passScan) dangerous(name string) bool {
	for _, d := range s.defs[name] {
		if d.duplicates {
			return true
		}
	}
	return false
}

// literalCall checks that toks, which start with a use of a dangerous
// macro, start with a call whose arguments, on the same line, hold no
// macro, no parameter of the enclosing definition in, and no #; it
// returns the number of argument tokens.
func (s *passScan) literalCall(toks []ctok, in *passMacro) (int64, bool) {
	line := toks[0].line
	if len(toks) < 2 || toks[1].text != "(" {
		return 0, false
	}
	depth, n := 0, int64(0)
	for _, a := range toks[1:] {
		if a.line != line {
			return 0, false
		}
		switch {
		case a.text == "(":
			depth++
		case a.text == ")":
			depth--
			if depth == 0 {
				return max(n, 1), true
			}
		case a.text == "#" || s.defs[a.text] != nil || in != nil && in.params[a.text]:
			return 0, false
		}
		n++
	}
	return 0, false
}

// tokenSize bounds the tokens one occurrence of text expands to.
func (s *passScan) tokenSize(text string) int64 {
	if !isIdentStart(text) || s.defs[text] == nil {
		return 1
	}
	return s.macroSize(text)
}

// macroSize is the largest expansion of a use of macro name over its
// definitions (parameters count one token); a recursive macro fails the
// scan.
func (s *passScan) macroSize(name string) int64 {
	switch n, ok := s.sizes[name]; {
	case ok && n < 0:
		s.fail = true
		return 1
	case ok:
		return n
	}
	s.sizes[name] = -1
	var size int64
	for _, d := range s.defs[name] {
		var n int64
		for _, t := range d.body {
			if d.fnLike && d.params[t.text] {
				n++
			} else {
				n += s.tokenSize(t.text)
			}
			n = min(n, 1<<50)
		}
		size = max(size, n)
	}
	s.sizes[name] = size
	return size
}
