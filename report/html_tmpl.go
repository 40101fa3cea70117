package report

import (
	_ "embed"
	"html/template"
	"strings"
	"sync"
)

//go:embed assets/page.css
var pageCSS string

//go:embed assets/page.js
var pageJS string

var htmlFuncs = template.FuncMap{
	"lower": strings.ToLower,
	"inc":   func(i int) int { return i + 1 },
}

// The templates are parsed on first use, not at package init: every
// process, `version` included, paid for them (3000 allocations) and most
// never write HTML.
var pageTmpl = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Funcs(htmlFuncs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Test}} · {{.Verdict}} · checkfence</title>
<style>{{.CSS}}</style>
</head>
<body class="v-{{.VClass}}">
<header class="top"><span class="brand">check<b>fence</b></span><a href="index.html">← all tests</a><span class="spacer"></span><span class="muted">memory model <b>{{.Model}}</b></span></header>
<main>
<section class="summary">
<h1 id="test">{{.Test}} <span class="verdict {{.VClass}}">{{.Verdict}}</span>{{if .Reason}} <span class="reason">{{.ReasonText}}</span>{{end}}</h1>
{{- if eq .Verdict "PASS"}}
<p class="headline">Every execution of this test on <b>{{.Model}}</b> is correct: no assertion or runtime error, no deadlock, and every observation is one that a serial execution produces.{{if .HasTrace}} Below is one of these executions.{{end}}</p>
{{- else if eq .Reason "consistency"}}
<p class="headline">This execution's observation is not produced by any <em>serial</em> execution (one where each operation runs alone, start to finish), so the implementation is not sequentially consistent on <b>{{.Model}}</b>.</p>
{{- else if .Failure}}
<p class="headline"><b>{{.Failure.ReasonText}}</b> in {{.Failure.Place}} at <code>{{.Failure.Where}}</code>: {{.Failure.Msg}}</p>
{{- else if .Message}}
<p class="headline">{{.Message}}</p>
{{- end}}
{{- if .Bound}}
<p class="headline">The execution below is not a failure: {{.Bound}}.</p>
{{- end}}
{{- if .Hint}}
<p class="hint"><b>What to do:</b> {{.Hint}}.</p>
{{- end}}
<dl class="stats">{{range .Stats}}<div{{if .Title}} title="{{.Title}}"{{end}}><dt>{{.Name}}</dt><dd>{{.Value}}</dd></div>{{end}}</dl>
</section>
{{- with .Warnings}}
<section class="card warnings" id="warnings">
<h2>Warnings <span class="sub">found beside the verdict, which they do not change</span></h2>
<ul>{{range .}}<li>{{.}}</li>{{end}}</ul>
</section>
{{- end}}
{{- with .Failure}}
<section class="card failure" id="failure">
<h2>✗ {{.ReasonText}} <span class="sub">{{.Place}} · {{.Where}}</span></h2>
<p class="msg">{{.Msg}}</p>
{{- if .Context}}
<pre class="code">{{range .Context}}<span class="l{{if .Hit}} hit{{end}}"><span class="n">{{.N}}</span>{{.Text}}</span>{{if .Hit}}{{if .Caret}}<span class="l"><span class="n"></span>{{.Caret}}<span class="caret">^</span></span>{{end}}{{end}}{{end}}</pre>
{{- else if .Snippet}}
<pre class="code"><span class="l hit"><span class="n"></span>{{.Snippet}}</span></pre>
{{- end}}
</section>
{{- end}}
{{- with .Obs}}
<section class="card" id="observations">
{{- if .Failing}}
<h2>Observations <span class="sub">this execution vs. the {{.Total}} observation{{if ne .Total 1}}s{{end}} of serial executions</span></h2>
<p class="muted">No serial execution produces this execution's observation. {{if .Total}}The closest serial observations differ in {{.Closest}} value{{if ne .Closest 1}}s{{end}}, highlighted.{{else}}The serial executions produce no observation at all.{{end}}</p>
{{- else}}
<h2>Observations <span class="sub">{{if .Match}}this execution produces serial observation #{{.Match}}{{end}}</span></h2>
{{- end}}
<div class="tablewrap"><table class="obs">
<thead><tr class="thread-row"><th></th>{{range .Threads}}<th class="tc{{.Class}}" colspan="{{.Span}}">{{.Name}}</th>{{end}}</tr>
<tr><th></th>{{range .Cols}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}
<tr{{if .Class}} class="{{.Class}}"{{end}}><th>{{.Name}}{{range .Tags}} <span class="tag {{if eq . "not serial"}}this{{else}}{{.}}{{end}}">{{.}}</span>{{end}}</th>{{range .Cells}}<td class="{{if .Diff}}diff{{end}}{{if .Absent}} absent{{end}}">{{.Text}}</td>{{end}}</tr>{{end}}
</tbody></table></div>
{{- if lt .Shown .Total}}<p class="muted">… and {{.Total}} serial observations in all ({{.Shown}} shown, closest first).</p>{{end}}
</section>
{{- end}}
{{- if .HasTrace}}
<section class="card" id="execution">
<h2>{{.Kind}} <span class="sub">one column per thread, accesses in program order</span></h2>
<div class="legend">{{if .Ordered}}<span><b>#n</b> position in memory order</span>{{end}}<span><span class="sw"></span>value flow: store → the loads that read it{{if not .Ordered}} (rf){{end}}</span>{{if .Ordered}}<span class="reo-note">↑ takes effect before an earlier access of its thread</span>{{else}}<span>the model orders accesses by its relations, not by one memory order: accesses carry no place numbers</span>{{end}}<span>hover or click an access to trace it</span>{{if .Race}}<span class="race-note">✗ data race (1 of 2, 2 of 2): the two accesses of the race, which touch one location, one writing and one not atomic, and which happens-before does not order; faded: after the race, which leaves them undefined</span>{{end}}</div>
<div class="execwrap"><div class="exec-grid" style="--n: {{.NThreads}}">
<svg class="flows" aria-hidden="true"></svg>
{{- range .Threads}}
<div class="thread tc{{.Class}}" data-thread="{{.Name}}">
<h3><span class="dot"></span>{{.Name}}{{if ne .Status "done"}} <span class="status {{.Status}}"{{if .StatusTitle}} title="{{.StatusTitle}}"{{end}}>{{.StatusText}}</span>{{end}}</h3>
{{- if .StatusTitle}}<p class="stopnote">{{.StatusTitle}}</p>{{end}}
{{- range .Ops}}
<div class="op{{if .Failure}} failed{{end}}">
<div class="op-head"><span class="name">{{.Name}}</span>{{if or .Label .Inputs .Outputs}}<span class="rec{{if not (and .Label (ne .Label .Name))}} tight{{end}}">{{if and .Label (ne .Label .Name)}}{{.Label}}{{end}}({{range $i, $f := .Inputs}}{{if $i}}, {{end}}{{$f.Name}}=<b{{if $f.Diff}} class="diff"{{end}}>{{$f.Value}}</b>{{end}}){{if .Outputs}} → {{range $i, $f := .Outputs}}{{if $i}}, {{end}}{{$f.Name}}=<b{{if $f.Diff}} class="diff"{{end}}>{{$f.Value}}</b>{{end}}{{end}}</span>{{end}}</div>
<div class="op-body">
{{- range .Groups}}{{if .Atomic}}<div class="atomic" title="atomic block">{{end}}
{{- range .Events}}
<div class="ev k-{{.Kind}}{{if .Overtakes}} reo{{end}}{{if .Race}} race{{end}}{{if .AfterRace}} after-race{{end}}"{{if .ID}} id="e{{.ID}}" data-ev="{{.ID}}"{{end}}{{if .SrcID}} data-src="{{.SrcID}}"{{end}} tabindex="0" title="{{.Title}}">
<div class="ev-main"><span class="ord">{{if .Order}}#{{.Order}}{{end}}</span><span class="kind">{{.Kind}}</span>{{if eq .Kind "fence"}}<span class="addr">{{.Fence}}</span>{{else if eq .Kind "choose"}}<span class="addr call">{{.Addr}}</span><span class="eq">=</span><span class="val">{{.Value}}</span>{{else}}<span class="addr">{{.Addr}}</span><span class="eq">=</span><span class="val">{{.Value}}</span>{{if and .Expr (ne .Expr .Addr)}}<span class="expr">{{.Expr}}</span>{{end}}{{end}}{{if .IsLoad}}{{if .Source}}<a class="from sc{{.SrcClass}}" href="#e{{.SrcID}}" title="reads the store at {{.Source.Where}}">← {{.Source.Thread.Name}} store{{if .Source.Order}} #{{.Source.Order}}{{end}}</a>{{else if .Initial}}<span class="from init">← initial value</span>{{end}}{{end}}</div>
<div class="ev-sub">{{if .PosLink}}<a class="pos" href="#{{.PosLink}}">{{.Where}}</a>{{else}}<span class="pos mono">{{.Where}}</span>{{end}}{{if .Race}}<span class="race-note">✗ data race ({{.Race}} of 2)</span>{{end}}{{if .Snippet}}<code>{{.Snippet}}</code>{{end}}{{if .Overtakes}}<span class="reo-note">↑ before #{{.Overtakes.Order}}</span>{{end}}</div>
</div>
{{- end}}{{if .Atomic}}</div>{{end}}{{end}}
{{- with .Failure}}
<div class="ev fail-row"><div class="ev-main">✗ {{.ReasonText}}: {{.Msg}}</div><div class="ev-sub">{{if .PosLink}}<a class="pos" href="#{{.PosLink}}">{{.Where}}</a>{{else}}<span class="pos mono">{{.Where}}</span>{{end}}{{if .Snippet}}<code>{{.Snippet}}</code>{{end}}</div></div>
{{- end}}
</div></div>
{{- end}}
</div>
{{- end}}
</div></div>
</section>
{{- with .Lanes}}
<section class="card" id="memory-order">
<h2>Memory order <span class="sub">the order in which the accesses take effect: left to right, then on to the next line; one row per thread; dashed: reordered against program order</span></h2>
<div class="mo" style="--lanes: {{.Rows}}">
<div class="mo-col mo-names">{{range .Names}}<div class="lane-name tc{{.Class}}" style="grid-row: {{.Row}}">{{.Name}}</div>{{end}}</div>
{{- range .Steps}}<div class="mo-col">{{range .Empty}}<div class="slot" style="grid-row: {{.}}"></div>{{end}}{{with .Chip}}<div class="chip {{.Class}}" style="grid-row: {{.Row}}" data-ev="{{.Ev}}" title="{{.Desc}}"><b>#{{.Num}} <i>{{.Thread}}</i></b><span>{{.Text}}</span></div>{{end}}</div>{{end}}
</div>
</section>
{{- end}}
{{- with .CatWhy}}
<section class="card" id="why">
<h2>Why {{.Model}} allows it <span class="sub">a cycle of program order and communication that sequential consistency forbids</span></h2>
<p class="mono">{{.First}}</p>
<ul class="reo">{{range .Steps}}<li><span class="muted">{{.Rel}}</span> {{.To}}</li>{{end}}</ul>
{{- if .Loose}}
<p>The program-order steps the model does not order (a fence, a dependency or a stronger access between them would):</p>
<ul class="reo">{{range .Loose}}<li>{{.}}</li>{{end}}</ul>
{{- end}}
</section>
{{- end}}
{{- if or .Reorders .MoreReorders}}
<section class="card" id="reorderings">
<h2>Reordered by the memory model <span class="sub">later in program order, earlier in memory order{{if .PathKnown}}; those on the path to the failure first{{end}}</span></h2>
{{- if .Reorders}}
<ul class="reo">{{range .Reorders}}{{template "reo" .}}{{end}}</ul>
{{- else if .PathKnown}}
<p class="muted">None of them is on the path to the failure.</p>
{{- end}}
{{- if .MoreReorders}}
<details class="more-reo"><summary>{{len .MoreReorders}} more {{if .PathKnown}}not on the path to the failure{{end}}</summary>
<ul class="reo">{{range .MoreReorders}}{{template "reo" .}}{{end}}</ul>
</details>
{{- end}}
</section>
{{- end}}
{{- if .Sources}}
<section class="card" id="sources">
<h2>Sources</h2>
{{- range .Sources}}
<details class="src" open><summary>{{.Name}}</summary>
<pre class="code">{{range .Lines}}<span class="l{{if .Touched}} touched{{end}}" id="{{.ID}}"><span class="n">{{.N}}</span>{{.Text}}{{if .Marks}}<span class="marks">{{.Marks}}</span>{{end}}</span>{{end}}</pre>
</details>
{{- end}}
</section>
{{- end}}
{{- end}}
</main>
<footer>checkfence · self-contained report: no network access needed</footer>
<script>{{.JS}}</script>
</body></html>
{{- define "reo"}}<li><b>{{.First.Thread.Name}}</b>: <a href="#e{{.First.Instr}}" data-ev="{{.First.Instr}}">{{.First.Kind}} {{.First.Addr}} = {{.First.Value}} (#{{.First.Order}}, {{.First.Where}})</a> takes effect before <a href="#e{{.Overtaken.Instr}}" data-ev="{{.Overtaken.Instr}}">{{.Overtaken.Kind}} {{.Overtaken.Addr}} = {{.Overtaken.Value}} (#{{.Overtaken.Order}}, {{.Overtaken.Where}})</a></li>{{end}}
`))
})

var indexTmpl = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("index").Funcs(htmlFuncs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>checkfence results · {{.Model}}</title>
<style>{{.CSS}}</style>
</head>
<body class="v-{{.VClass}}">
<header class="top"><span class="brand">check<b>fence</b></span><span class="spacer"></span><span class="muted">memory model <b>{{.Model}}</b></span></header>
<main>
<h1>Results on {{.Model}}</h1>
<div class="counts">{{range .Counts}}<span class="verdict {{.Class}}">{{.N}} {{.Verdict}}</span>{{end}}</div>
<table class="results">
<thead><tr><th class="l">test</th><th class="l">verdict</th><th>instrs</th><th>loads</th><th>stores</th><th>vars</th><th>clauses</th><th>obs</th><th>encode</th><th>mine</th><th>solve</th><th>total</th></tr></thead>
<tbody>{{range .Rows}}
<tr class="{{if .Message}}has-msg{{end}}"><td class="l name"><a href="{{.File}}">{{.Name}}</a></td><td class="l"><span class="verdict {{.VClass}}">{{.Verdict}}</span>{{if .Reason}} <span class="reason">{{.Reason}}</span>{{end}}</td><td>{{.Instrs}}</td><td>{{.Loads}}</td><td>{{.Stores}}</td><td>{{.Vars}}</td><td>{{.Clauses}}</td><td>{{.Obs}}</td><td>{{.Encode}}</td><td>{{.Mine}}</td><td>{{.Solve}}</td><td>{{.Total}}</td></tr>
{{- if .Message}}<tr class="msg"><td></td><td colspan="11">{{.Message}}</td></tr>{{end}}
{{- range .Warnings}}<tr class="msg warn"><td></td><td colspan="11">warning: {{.}}</td></tr>{{end}}{{end}}
</tbody></table>
</main>
<footer>checkfence · {{len .Rows}} test{{if ne (len .Rows) 1}}s{{end}} · self-contained report: no network access needed</footer>
</body></html>
`))
})
