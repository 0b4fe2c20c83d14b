package server

import (
	"bytes"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"sync"

	"felt/docs"
	"felt/games"
	"felt/internal/md"
)

// The rules pages: each game's rules for people (docs/rules, named by
// games.Info.Doc), rendered from Markdown once and kept.

var rulesPage = template.Must(template.New("rules").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Felt — {{.Title}}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
<script type="module" src="/static/app.js"></script>
</head>
<body data-page="rules">
<header class="top">
  <a class="brand" href="/">Felt</a>
  <span class="title">{{.Title}}</span>
  <nav><a href="/rules">Rules</a> <a href="/games">My games</a></nav>
</header>
<main id="rules" class="narrow rules-page"{{with .Game}} data-game="{{.}}"{{end}}>
{{- if .Contents}}
<nav class="panel toc" aria-label="Contents"><h2>Contents</h2><ul>
{{- range .Contents}}<li class="toc-{{.Level}}"><a href="#{{.ID}}">{{.Text}}</a></li>{{end}}
</ul></nav>
{{- end}}
<article class="doc">
{{.Body}}
</article>
</main>
</body>
</html>
`))

type rulesView struct {
	Title, Game string
	Contents    []md.Heading
	Body        template.HTML
}

var rendered sync.Map // game name (or "" for the index) → []byte, the page

// docLinks maps a link between the rules documents to its page
// ("shengji.md#options" → "/rules/shengji#options"); a link to any other
// document is its text alone.
func docLinks(href string) (string, bool) {
	file, anchor, _ := strings.Cut(href, "#")
	file = strings.TrimPrefix(file, "./")
	for _, g := range games.All() {
		if in := g.About(); in.Doc != "" && file == in.Doc+".md" {
			if anchor != "" {
				return "/rules/" + in.Name + "#" + anchor, true
			}
			return "/rules/" + in.Name, true
		}
	}
	return "", false
}

// rulesHTML renders game's rules page, or reports false when the game is
// unknown or has none.
func rulesHTML(name string) ([]byte, bool, error) {
	if b, ok := rendered.Load(name); ok {
		return b.([]byte), true, nil
	}
	g, err := games.Lookup(name)
	if err != nil {
		return nil, false, nil
	}
	in := g.About()
	if in.Doc == "" {
		return nil, false, nil
	}
	src, err := fs.ReadFile(docs.Rules, "rules/"+in.Doc+".md")
	if err != nil {
		return nil, false, err
	}
	d := md.Render(string(src), md.Options{Link: docLinks})
	var contents []md.Heading
	for _, h := range d.Headings {
		if h.Level == 2 {
			contents = append(contents, h)
		}
	}
	var b bytes.Buffer
	err = rulesPage.Execute(&b, rulesView{Title: in.Title + " rules", Game: in.Name, Contents: contents,
		Body: template.HTML(d.HTML)}) // md escapes every character of the source
	if err != nil {
		return nil, false, err
	}
	rendered.Store(name, b.Bytes())
	return b.Bytes(), true, nil
}

// serveRules is GET /rules/GAME: the game's rules as a page.
func (s *Server) serveRules(w http.ResponseWriter, r *http.Request) {
	b, ok, err := rulesHTML(r.PathValue("game"))
	if err != nil {
		s.log.Error("a rules page", "game", r.PathValue("game"), "err", err)
		writeError(w, http.StatusInternalServerError, "the rules could not be shown")
		return
	}
	if !ok {
		writeError(w, http.StatusNotFound, "no rules for a game of that name")
		return
	}
	writeHTML(w, b)
}

// serveRulesIndex is GET /rules: the games whose rules there are.
func (s *Server) serveRulesIndex(w http.ResponseWriter, _ *http.Request) {
	if b, ok := rendered.Load(""); ok {
		writeHTML(w, b.([]byte))
		return
	}
	var body strings.Builder
	body.WriteString("<h1>Rules</h1>\n<ul class=\"rules-list\">\n")
	for _, g := range games.All() {
		in := g.About()
		if in.Doc == "" {
			continue
		}
		body.WriteString(`<li><a href="/rules/` + template.HTMLEscapeString(in.Name) + `">` + template.HTMLEscapeString(in.Title) + "</a></li>\n")
	}
	body.WriteString("</ul>\n")
	var b bytes.Buffer
	if err := rulesPage.Execute(&b, rulesView{Title: "Rules", Body: template.HTML(body.String())}); err != nil {
		s.log.Error("the rules index", "err", err)
		writeError(w, http.StatusInternalServerError, "the rules could not be listed")
		return
	}
	rendered.Store("", b.Bytes())
	writeHTML(w, b.Bytes())
}

func writeHTML(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(b)
}
