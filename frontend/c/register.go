package cfront

import (
	"github.com/checkfence/checkfence/frontend"
	"github.com/checkfence/checkfence/lsl"
)

// The CLI reads .c files through this front end.
func init() {
	frontend.Register(".c", func(files []string, opt frontend.Options) (*lsl.Program, error) {
		return TranslateWith(files, Options{Ctx: opt.Ctx})
	})
}
