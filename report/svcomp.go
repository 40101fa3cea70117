package report

// SVCOMPAnswer is the answer line of a property check (checkfence run
// --prop) as SV-COMP verifiers print it: TRUE, FALSE(PROPERTY) or
// UNKNOWN.
func SVCOMPAnswer(verdict, property string) string {
	if verdict == "FALSE" && property != "" {
		return "FALSE(" + property + ")"
	}
	return verdict
}
