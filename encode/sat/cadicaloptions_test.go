package sat

import (
	"reflect"
	"testing"
)

func TestParseCadicalOptions(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    []cadicalOption
		wantErr bool
	}{
		{in: "", want: nil},
		{in: "shuffle", want: []cadicalOption{{"shuffle", 1}}},
		{in: "shuffle=1, shufflerandom=1,seed=3", want: []cadicalOption{{"shuffle", 1}, {"shufflerandom", 1}, {"seed", 3}}},
		{in: "stabilize=0,,walk=0,", want: []cadicalOption{{"stabilize", 0}, {"walk", 0}}},
		{in: "seed=x", wantErr: true},
		{in: "=1", wantErr: true},
	} {
		got, err := parseCadicalOptions(tc.in)
		if (err != nil) != tc.wantErr {
			t.Errorf("parseCadicalOptions(%q): error %v, want error %v", tc.in, err, tc.wantErr)
			continue
		}
		if !tc.wantErr && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseCadicalOptions(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
