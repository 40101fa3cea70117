// Package limits holds what --timeout, --max-memory and Ctrl-C need in
// every phase, in one place: cancellation (CanceledError naming the
// phase that stopped, Canceled, the cheap Poller for hot loops), and the
// memory limit (GuardMemory watches the process and cancels a check with
// ErrMemoryLimit; the context carries the limit, so that Reserve refuses
// an allocation whose size a phase knows up front; ParseSize reads
// --max-memory, DefaultMaxMemory is its default). It imports only the
// standard library, so every package, lsl included, can use it.
package limits
