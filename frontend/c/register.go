package cfront

import "github.com/checkfence/checkfence/frontend"

// The CLI reads .c files through this front end.
func init() { frontend.Register(".c", Translate) }
