package lsl

import (
	"errors"
	"regexp"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/checkfence/checkfence/diag"
)

// SourceFile is one input file for ParseFiles.
type SourceFile struct {
	Name string
	Src  []byte
}

// maxNesting bounds the bracket nesting of an input so that the recursive
// parser cannot exhaust the stack.
const maxNesting = 500

// lslParser is built on first use: building it at package init cost every
// command, `version` included, several milliseconds.
var lslParser = sync.OnceValue(func() *participle.Parser[fileAST] {
	return participle.MustBuild[fileAST](
		participle.Lexer(lslLexer),
		participle.UseLookahead(0),
	)
})

// Parse parses one .lsl file and performs the checks that need only this
// file: names are unique, labels, composites, fields and globals resolve,
// basic functions get the right number of arguments. Calls and type names may
// refer to other files, so Parse does not run Program.Check; ParseFiles does.
func Parse(filename string, src []byte) (*Program, error) {
	return parseFiles([]SourceFile{{Name: filename, Src: src}})
}

// ParseFiles parses several .lsl files as one program: declarations of every
// file are visible in all of them (a global of one file may be used as @name in
// another). It then runs Program.Check.
func ParseFiles(files []SourceFile) (*Program, error) {
	p, err := parseFiles(files)
	if err != nil {
		return nil, err
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	return p, nil
}

func parseFiles(files []SourceFile) (*Program, error) {
	asts := make([]*fileAST, len(files))
	for i, f := range files {
		ast, err := parseSyntax(f.Name, f.Src)
		if err != nil {
			return nil, err
		}
		asts[i] = ast
	}
	b := newBuilder()
	b.build(asts)
	if err := b.errs.Err(); err != nil {
		return nil, err
	}
	return b.prog, nil
}

// parseSyntax runs the lexer and the participle grammar on one file.
func parseSyntax(filename string, src []byte) (ast *fileAST, err error) {
	defer func() {
		// The grammar is built not to panic; this is the last line of defence
		// so that bad input can never crash the tool.
		if r := recover(); r != nil {
			ast = nil
			err = diag.ErrorList{diag.ErrorfCode(diag.Pos{File: filename, Line: 1, Col: 1}, diag.CodeInternal, "internal parser error: %v", r)}
		}
	}()
	tokens, err := lexTokens(filename, src)
	if err != nil {
		return nil, err
	}
	peek, err := lexer.Upgrade(&sliceLexer{tokens: tokens})
	if err != nil {
		return nil, convertParseError(filename, err)
	}
	ast, err = lslParser().ParseFromLexer(peek)
	if err != nil {
		return nil, convertParseError(filename, err)
	}
	return ast, nil
}

// lexTokens scans src and rejects inputs nested too deeply.
func lexTokens(filename string, src []byte) ([]lexer.Token, error) {
	tokens, err := scanLSL(filename, string(src))
	if err != nil {
		return nil, err
	}
	// The parser recurses once per bracket and once per "else if" of a chain;
	// chains[i] is the length of the current chain at bracket depth i.
	depth, chains := 0, []int{0}
	for i, t := range tokens {
		switch {
		case t.Type == tokIdent && t.Value == "if":
			if i > 0 && tokens[i-1].Type == tokIdent && tokens[i-1].Value == "else" {
				chains[len(chains)-1]++
				depth++
			} else {
				depth -= chains[len(chains)-1]
				chains[len(chains)-1] = 0
			}
		case t.Type == tokPunct && (t.Value == "{" || t.Value == "(" || t.Value == "["):
			depth++
			chains = append(chains, 0)
		case t.Type == tokPunct && (t.Value == "}" || t.Value == ")" || t.Value == "]") && len(chains) > 1:
			depth -= 1 + chains[len(chains)-1]
			chains = chains[:len(chains)-1]
		}
		if depth > maxNesting {
			return nil, diag.ErrorList{diag.ErrorfCode(lslPos(t.Pos), diag.CodeTooDeep, "input nested more than %d levels deep", maxNesting)}
		}
	}
	return tokens, nil
}

// convertParseError turns a participle or lexer error into an ErrorList
// holding one *Error.
func convertParseError(filename string, err error) error {
	var perr participle.Error
	if errors.As(err, &perr) {
		pos := lslPos(perr.Position())
		if pos.File == "" {
			pos.File = filename
		}
		return diag.ErrorList{&diag.Error{Pos: pos, Msg: syntaxMessage(perr.Message()), Code: diag.CodeSyntax}}
	}
	return diag.ErrorList{diag.ErrorfCode(diag.Pos{File: filename, Line: 1, Col: 1}, diag.CodeSyntax, "%v", err)}
}

// syntaxMessage rewrites participle's messages: the grammar's node names
// become words, and of an expected sequence only its first element is kept.
func syntaxMessage(msg string) string {
	msg = strings.TrimPrefix(msg, "lexer: ")
	if m := expectedRE().FindStringSubmatch(msg); m != nil {
		msg = "unexpected " + tokenWord(m[1])
		if want := expectedWord(m[2]); want != "" {
			msg += ", expected " + want
		}
	}
	return "syntax error: " + msg
}

// expectedRE is compiled on first use (a syntax error), not at start-up.
var expectedRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^unexpected token ("(?:[^"\\]|\\.)*")(?: \(expected (.*)\))?$`)
})

// tokenWord describes a token that participle printed quoted.
func tokenWord(quoted string) string {
	if quoted == `"<EOF>"` {
		return "end of file"
	}
	return quoted
}

var grammarWords = map[string]string{
	"<string>": "a string", "StrTok": "a string",
	"<int>": "an integer", "IntTok": "an integer",
	"<ident>": "a name", "NameTok": "a name",
	"<reg>": "a register", "RegTok": "a register",
	"<global>": "a global", "<word>": "a fence kind", "WordTok": "a fence kind",
	"OperandAST": "an operand", "ConstAST": "a constant", "PtrAST": "a pointer",
	"TypeAST": "a type", "BlockAST": `"{"`, "TstName": "a name", "TstCloseTok": `")"`,
}

// expectedWord describes the first element of an expected grammar sequence,
// or returns "" when that is not a single token or known node.
func expectedWord(ebnf string) string {
	first, _, _ := strings.Cut(ebnf, " ")
	if w, ok := grammarWords[first]; ok {
		return w
	}
	if strings.HasPrefix(first, `"`) && strings.HasSuffix(first, `"`) && len(first) > 1 {
		return first
	}
	return ""
}
