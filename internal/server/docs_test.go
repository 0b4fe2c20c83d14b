package server

import (
	"io"
	"io/fs"
	"net/http"
	"strings"
	"testing"

	"felt/docs"
	"felt/games"
)

// TestRulesPagesEveryDocExists: every game that names its rules has them
// in docs/rules, so a page links to no missing page.
func TestRulesPagesEveryDocExists(t *testing.T) {
	n := 0
	for _, g := range games.All() {
		in := g.About()
		if in.Doc == "" {
			continue
		}
		n++
		if _, err := fs.Stat(docs.Rules, "rules/"+in.Doc+".md"); err != nil {
			t.Errorf("game %s names rules %q: %v", in.Name, in.Doc, err)
		}
	}
	if n < 2 {
		t.Errorf("%d games have rules pages, want Gin Rummy's and Shengji's at least", n)
	}
}

func getPage(t *testing.T, url string) (int, http.Header, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, string(b)
}

// TestRulesPagesServed: /rules lists the games' rules, /rules/GAME is the
// game's rules rendered as HTML under the site's headers, with the links
// between the rules documents made pages' links; an unknown game is 404.
func TestRulesPagesServed(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	code, hd, body := getPage(t, ts.hs.URL+"/rules")
	if code != http.StatusOK || !strings.Contains(body, `href="/rules/gin"`) || !strings.Contains(body, `href="/rules/shengji"`) {
		t.Fatalf("GET /rules: %d\n%s", code, body)
	}
	if hd.Get("Content-Security-Policy") != CSP {
		t.Errorf("GET /rules: CSP %q", hd.Get("Content-Security-Policy"))
	}
	for _, c := range []struct{ game, want string }{
		{"gin", `<h2 id="melds-and-deadwood">Melds and deadwood</h2>`},
		{"shengji", `<a href="#options">`},
	} {
		code, hd, body := getPage(t, ts.hs.URL+"/rules/"+c.game)
		if code != http.StatusOK {
			t.Fatalf("GET /rules/%s: %d", c.game, code)
		}
		if ct := hd.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("GET /rules/%s: Content-Type %q", c.game, ct)
		}
		for _, want := range []string{c.want, `<main id="rules"`, `<nav class="panel toc"`, `<table>`} {
			if !strings.Contains(body, want) {
				t.Errorf("GET /rules/%s: no %q", c.game, want)
			}
		}
		// The page's only script is the site's module; no inline style.
		if strings.Count(body, "<script") != 1 || strings.Contains(body, "style=") {
			t.Errorf("GET /rules/%s: a script or style of the document's", c.game)
		}
		// A link to a document that is not a rules page is text.
		if strings.Contains(body, ".md\"") {
			t.Errorf("GET /rules/%s links to a Markdown file", c.game)
		}
	}
	if code, _, _ := getPage(t, ts.hs.URL+"/rules/nosuchgame"); code != http.StatusNotFound {
		t.Errorf("GET /rules/nosuchgame: %d, want 404", code)
	}
}
