// Package source reads input files for every front end and model loader:
// ReadSource reads regular files up to MaxSourceSize (a FIFO, a device or
// a huge file is an input error, not a hang), strips a byte order mark,
// and records the file as one whose text reports may show (IsInputFile,
// ReadShownSource: a position can name any file, a report must not copy
// files the user did not give). Errors are *diag.Error at the file's first
// line.
package source
