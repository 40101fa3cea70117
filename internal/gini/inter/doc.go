// Copyright 2016 The Gini Authors. All rights reserved.  Use of this source
// code is governed by a license that can be found in the License file.

// Package inter contains common gini interfaces and functions to map between
// them.
//
// The inter package is designed with facets of solving interfaces.  Facets for
// solve processes, models, assumptions, scoping, and asynchronous solves are
// provided.
package inter
