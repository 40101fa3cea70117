package lsl

import "github.com/alecthomas/participle/v2/lexer"

// This file holds the participle grammar of .lsl files: a syntax tree that
// parse_build.go turns into the IR. The parser runs without backtracking
// (lookahead 0): once an alternative has consumed a token it must succeed, so
// syntax errors point at the offending token. Where alternatives share a first
// token (keywords are also valid names), a lookahead group (?= …) picks one
// before anything is consumed; such a guarded alternative must come before
// the keyword alternatives it overlaps. Every alternative consumes at least
// one token.

type fileAST struct {
	Decls []*declAST `parser:"@@*"`
}

type declAST struct {
	Loc       *locAST       `parser:"  @@"`
	Struct    *structAST    `parser:"| @@"`
	Composite *compositeAST `parser:"| @@"`
	Global    *globalAST    `parser:"| @@"`
	Proc      *procAST      `parser:"| @@"`
}

type locAST struct {
	Pos  lexer.Position
	File strTok `parser:"\"loc\" @@"`
	Line intTok `parser:"@@"`
	Col  intTok `parser:"@@"`
}

type strTok struct {
	Pos lexer.Position
	Raw string `parser:"@String"`
}

type intTok struct {
	Pos lexer.Position
	Raw string `parser:"@Int"`
}

type nameTok struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type regTok struct {
	Pos  lexer.Position
	Name string `parser:"@Reg"`
}

type structAST struct {
	Pos    lexer.Position
	Name   nameTok     `parser:"\"struct\" @@ \"{\""`
	Fields []*fieldAST `parser:"( @@ ( \",\" @@ )* )? \"}\""`
}

type fieldAST struct {
	Name nameTok  `parser:"@@"`
	Type *typeAST `parser:"( \":\" @@ )?"`
}

type typeAST struct {
	Pos  lexer.Position
	Name string   `parser:"@Ident"`
	Dims []intTok `parser:"( \"[\" @@ \"]\" )*"`
}

type compositeAST struct {
	Pos    lexer.Position
	Name   nameTok   `parser:"\"composite\" @@ \"(\""`
	Fields []nameTok `parser:"( @@ ( \",\" @@ )* )? \")\""`
}

type globalAST struct {
	Pos   lexer.Position
	Name  nameTok    `parser:"\"global\" @@"`
	Tags  *tagsAST   `parser:"@@?"`
	Type  *typeAST   `parser:"( \":\" @@ )?"`
	Value *constAST  `parser:"( \"=\" @@"`
	Inits []*initAST `parser:"| \"{\" ( @@ ( \",\" @@ )* )? \"}\" )?"`
}

type initAST struct {
	Pos  lexer.Position
	Path []intTok `parser:"( @@ ( \".\" @@ )* )? \"=\""`
	Val  constAST `parser:"@@"`
}

type procAST struct {
	Pos     lexer.Position
	Name    nameTok    `parser:"\"proc\" @@ \"(\""`
	Params  []regTok   `parser:"( @@ ( \",\" @@ )* )? \")\""`
	Results []regTok   `parser:"( \"->\" \"(\" ( @@ ( \",\" @@ )* )? \")\" )?"`
	Body    []*stmtAST `parser:"\"{\" @@* \"}\""`
}

type stmtAST struct {
	Pos      lexer.Position
	Assign   *assignAST   `parser:"  @@"`
	Labelled *labelledAST `parser:"| (?= Ident \":\") @@"`
	Store    *storeAST    `parser:"| @@"`
	If       *ifAST       `parser:"| @@"`
	Fence    *fenceAST    `parser:"| @@"`
	Block    *blockAST    `parser:"| @@"`
	Break    *nameTok     `parser:"| \"break\" @@"`
	Continue *nameTok     `parser:"| \"continue\" @@"`
	Call     *callAST     `parser:"| @@"`
	Atomic   *blockAST    `parser:"| \"atomic\" @@"`
	Spin     *spinAST     `parser:"| @@"`
	Assert   *assertAST   `parser:"| @@"`
	Assume   *operandAST  `parser:"| \"assume\" @@"`
	Observe  *observeAST  `parser:"| @@"`
	Free     *freeAST     `parser:"| @@"`
	Abort    *strTok      `parser:"| \"abort\" @@"`
	Pruned   *strTok      `parser:"| \"pruned\" @@"`
	Loc      *locAST      `parser:"| @@"`
}

type blockAST struct {
	Pos   lexer.Position
	Stmts []*stmtAST `parser:"\"{\" @@* \"}\""`
}

type labelledAST struct {
	Label nameTok  `parser:"@@ \":\""`
	Body  blockAST `parser:"@@"`
}

type storeAST struct {
	Pos    lexer.Position
	ID     *intTok    `parser:"\"store\" ( \"#\" @@ )?"`
	Tags   *tagsAST   `parser:"@@?"`
	Addr   operandAST `parser:"@@ \",\""`
	Val    operandAST `parser:"@@"`
	Status *regTok    `parser:"( \"->\" @@ )?"`
	Expr   *strTok    `parser:"( (?= \"as\" String) \"as\" @@ )?"`
}

// fenceAST is "fence KIND", "fence KIND<TAGS>" or "fence<TAGS>".
type fenceAST struct {
	Pos      lexer.Position
	ID       *intTok  `parser:"\"fence\" ( \"#\" @@ )?"`
	OnlyTags *tagsAST `parser:"( @@"`
	Kind     *wordTok `parser:"| @@"`
	Tags     *tagsAST `parser:"  @@? )"`
}

// tagsAST is an annotation list <T1, T2, …>; a tag is a dotted name
// (DMB.ISH, Fence.rw.rw).
type tagsAST struct {
	Pos  lexer.Position
	Tags []*tagAST `parser:"\"<\" ( @@ ( \",\" @@ )* )? \">\""`
}

type tagAST struct {
	Pos   lexer.Position
	Parts []string `parser:"@( Ident | Word ) ( \".\" @( Ident | Word ) )*"`
}

// wordTok is a fence kind: a hyphenated word or a plain identifier.
type wordTok struct {
	Pos  lexer.Position
	Name string `parser:"@( Word | Ident )"`
}

type ifAST struct {
	Pos    lexer.Position
	Cond   operandAST `parser:"\"if\" @@"`
	Then   blockAST   `parser:"@@"`
	ElseIf *ifAST     `parser:"( (?! \"else\" \":\") \"else\" ( @@"`
	Else   *blockAST  `parser:"                             | @@ ) )?"`
}

type callAST struct {
	Pos  lexer.Position
	Proc nameTok       `parser:"\"call\" @@ \"(\""`
	Args []*operandAST `parser:"( @@ ( \",\" @@ )* )? \")\""`
}

type spinAST struct {
	Label nameTok  `parser:"\"spin\" @@"`
	Body  blockAST `parser:"@@"`
}

type assertAST struct {
	Cond operandAST `parser:"\"assert\" @@"`
	Msg  *strTok    `parser:"@@?"`
}

type observeAST struct {
	Label *strTok     `parser:"\"observe\" ( \"label\" @@"`
	Kind  string      `parser:"| @( \"input\" | \"output\" )"`
	Name  *strTok     `parser:"  @@"`
	Val   *operandAST `parser:"  @@ )"`
}

type freeAST struct {
	Kind nameTok    `parser:"\"free\" @@"`
	Ptr  operandAST `parser:"@@"`
}

// assignAST covers every statement that starts with registers: copies, basic
// functions, load, choose, alloc and calls with results.
type assignAST struct {
	Dsts []regTok `parser:"@@ ( \",\" @@ )* \":=\""`
	Rhs  rhsAST   `parser:"@@"`
}

// rhsAST: "f(" is a function, "T{" a composite constant (an operand, so
// "undef {" is still undef followed by a block); the keywords come after.
type rhsAST struct {
	Func   *funcAST    `parser:"  (?= Ident \"(\") @@"`
	Comp   *operandAST `parser:"| (?= Ident \"{\") @@"`
	Call   *callAST    `parser:"| @@"`
	Load   *loadAST    `parser:"| @@"`
	Choose *chooseAST  `parser:"| @@"`
	Alloc  *allocAST   `parser:"| @@"`
	Copy   *operandAST `parser:"| @@"`
}

type loadAST struct {
	ID   *intTok    `parser:"\"load\" ( \"#\" @@ )?"`
	Tags *tagsAST   `parser:"@@?"`
	Addr operandAST `parser:"@@"`
	Expr *strTok    `parser:"( (?= \"as\" String) \"as\" @@ )?"`
}

type chooseAST struct {
	Lo   intTok  `parser:"\"choose\" @@ \"..\""`
	Hi   intTok  `parser:"@@"`
	Expr *strTok `parser:"( (?= \"as\" String) \"as\" @@ )?"`
}

// allocAST's optional type must not swallow the next statement when
// statements are juxtaposed: a keyword or a label ("name:") starts a new one.
type allocAST struct {
	Kind nameTok  `parser:"\"alloc\" @@"`
	Type *typeAST `parser:"( (?! ( \"store\" | \"fence\" | \"if\" | \"break\" | \"continue\" | \"abort\" | \"pruned\" | \"call\" | \"atomic\" | \"spin\" | \"assert\" | \"assume\" | \"observe\" | \"free\" | \"loc\" | Ident \":\" ) ) @@ )?"`
	Name *strTok  `parser:"@@?"`
}

type funcAST struct {
	Name nameTok       `parser:"@@ \"(\""`
	Args []*operandAST `parser:"( @@ ( \",\" @@ )* )? \")\""`
}

type operandAST struct {
	Pos   lexer.Position
	Reg   string    `parser:"  @Reg"`
	Const *constAST `parser:"| @@"`
}

type constAST struct {
	Pos    lexer.Position
	Undef  bool     `parser:"  @\"undef\""`
	Int    *intTok  `parser:"| @@"`
	Ptr    *ptrAST  `parser:"| \"[\" @@ \"]\""`
	Global *string  `parser:"| @Global"`
	Comp   *compAST `parser:"| @@"`
}

type ptrAST struct {
	Pos    lexer.Position
	Global string   `parser:"( @Global"`
	Base   *intTok  `parser:"| @@ )"`
	Offs   []intTok `parser:"@@*"`
}

type compAST struct {
	Name   nameTok     `parser:"@@ \"{\""`
	Fields []*constAST `parser:"( @@ ( \",\" @@ )* )? \"}\""`
}
