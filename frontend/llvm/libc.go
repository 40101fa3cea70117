package llvmfront

// libcUnmodelled are C library functions a program may call that the
// front end has no meaning for: parsing, formatting, I/O, environment. A
// call of one is refused with that reason, rather than as a function the
// program forgot to define.
var libcUnmodelled = map[string]string{}

func init() {
	for kind, names := range map[string][]string{
		"parsing and formatting of strings": {"vsscanf", "sprintf", "snprintf", "vsprintf", "vsnprintf", "atoi", "atol", "atoll", "atof", "strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof"},
		"input and output":                  {"fopen", "fclose", "fread", "fwrite", "fgets", "fputs", "fgetc", "fputc", "getc", "getchar", "putc", "gets", "fflush", "fprintf", "vfprintf", "vprintf", "read", "write", "open", "close", "perror"},
		"the environment":                   {"getenv", "setenv", "system", "time", "clock", "rand", "srand", "random", "srandom", "sleep", "usleep", "nanosleep"},
	} {
		for _, n := range names {
			libcUnmodelled[n] = kind
		}
	}
}

// unmodelledMessage is the refusal of a call of name, "" when name is not
// an unmodelled C library function.
func unmodelledMessage(name string) string {
	kind := libcUnmodelled[name]
	if kind == "" {
		return ""
	}
	return name + " is not supported: checkfence does not model the C library's " + kind +
		" (give the program its values with __VERIFIER_nondet_int() or constants instead)"
}
