package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The JUnit XML schema CI servers read (junit-10.xsd of Jenkins) as a
// focused checker.

// junitElem is an element of the schema: its attributes (true: required),
// which hold counts or times, and the child elements allowed.
type junitElem struct {
	attrs    map[string]bool
	children map[string]bool
	text     bool
}

var junitSchema = map[string]junitElem{
	"testsuites": {attrs: map[string]bool{"name": false, "time": false, "tests": false, "failures": false, "disabled": false, "errors": false},
		children: map[string]bool{"testsuite": true}},
	"testsuite": {attrs: map[string]bool{"name": true, "tests": true, "failures": false, "errors": false, "time": false, "disabled": false,
		"skipped": false, "timestamp": false, "hostname": false, "id": false, "package": false, "file": false, "log": false, "url": false,
		"version": false, "group": false},
		children: map[string]bool{"properties": true, "testcase": true, "system-out": true, "system-err": true, "testsuite": true}},
	"properties": {attrs: map[string]bool{}, children: map[string]bool{"property": true}},
	"property":   {attrs: map[string]bool{"name": true, "value": true}},
	"testcase": {attrs: map[string]bool{"name": true, "assertions": false, "time": false, "classname": false, "status": false, "class": false,
		"file": false, "line": false, "log": false, "group": false, "url": false},
		children: map[string]bool{"skipped": true, "error": true, "failure": true, "system-out": true, "system-err": true}},
	"skipped":    {attrs: map[string]bool{"message": false}, text: true},
	"error":      {attrs: map[string]bool{"message": false, "type": false}, text: true},
	"failure":    {attrs: map[string]bool{"message": false, "type": false}, text: true},
	"system-out": {attrs: map[string]bool{}, text: true},
	"system-err": {attrs: map[string]bool{}, text: true},
}

var junitCounts = map[string]bool{"tests": true, "failures": true, "errors": true, "skipped": true, "disabled": true, "assertions": true}

// validateJUnit checks an XML document against junitSchema: known
// elements and attributes only, required attributes present, counts
// non-negative integers, times non-negative decimals, and a suite's counts
// equal to its testcases.
func validateJUnit(b []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(b))
	type open struct {
		name              string
		cases, fail, errs int
		attrs             map[string]string
	}
	var stack []*open
	root := true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := tok.Name.Local
			el, ok := junitSchema[name]
			if !ok {
				return fmt.Errorf("unknown element <%s>", name)
			}
			if root && name != "testsuites" && name != "testsuite" {
				return fmt.Errorf("root element <%s>", name)
			}
			root = false
			if n := len(stack); n > 0 && !junitSchema[stack[n-1].name].children[name] {
				return fmt.Errorf("<%s> inside <%s>", name, stack[n-1].name)
			}
			attrs := map[string]string{}
			for _, a := range tok.Attr {
				if _, ok := el.attrs[a.Name.Local]; !ok {
					return fmt.Errorf("<%s> has unknown attribute %s", name, a.Name.Local)
				}
				attrs[a.Name.Local] = a.Value
				switch {
				case junitCounts[a.Name.Local]:
					if n, err := strconv.Atoi(a.Value); err != nil || n < 0 {
						return fmt.Errorf("<%s %s=%q>: not a count", name, a.Name.Local, a.Value)
					}
				case a.Name.Local == "time":
					if f, err := strconv.ParseFloat(a.Value, 64); err != nil || f < 0 {
						return fmt.Errorf("<%s time=%q>: not a duration", name, a.Value)
					}
				}
			}
			for a, req := range el.attrs {
				if _, ok := attrs[a]; req && !ok {
					return fmt.Errorf("<%s> lacks the required attribute %s", name, a)
				}
			}
			if n := len(stack); n > 0 {
				parent := stack[n-1]
				switch name {
				case "testcase":
					parent.cases++
				case "failure":
					parent.fail++
				case "error":
					parent.errs++
				}
			}
			stack = append(stack, &open{name: name, attrs: attrs})
		case xml.EndElement:
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top.name == "testcase" && len(stack) > 0 {
				suite := stack[len(stack)-1]
				suite.fail += top.fail
				suite.errs += top.errs
			}
			if top.name == "testsuite" {
				for attr, n := range map[string]int{"tests": top.cases, "failures": top.fail, "errors": top.errs} {
					if v, ok := top.attrs[attr]; ok && v != strconv.Itoa(n) {
						return fmt.Errorf("testsuite %s=%s, but it has %d", attr, v, n)
					}
				}
			}
		case xml.CharData:
			if len(stack) > 0 && strings.TrimSpace(string(tok)) != "" && !junitSchema[stack[len(stack)-1].name].text {
				return fmt.Errorf("text inside <%s>", stack[len(stack)-1].name)
			}
		}
	}
	return nil
}
