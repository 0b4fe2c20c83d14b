package web_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"felt/web"
)

// The server's Content-Security-Policy allows scripts and styles only from
// the site's own files: no inline <script>, no style attribute or <style>
// element, no inline event handler, no script built from strings.
var (
	inlineScript = regexp.MustCompile(`(?is)<script\b[^>]*>\s*[^<\s]`)
	scriptNoSrc  = regexp.MustCompile(`(?i)<script\b[^>]*>`)
	styleAttr    = regexp.MustCompile(`(?i)\sstyle\s*=`)
	styleElem    = regexp.MustCompile(`(?i)<style\b`)
	handlerAttr  = regexp.MustCompile(`(?i)\son[a-z]+\s*=`)
	jsStyle      = regexp.MustCompile(`\.style\s*(\.[a-zA-Z]+\s*=|=)|setAttribute\(\s*["']style|\.innerHTML\s*=|\beval\(|new Function\(`)
)

// TestStaticFollowsCSP reads every embedded page and module for what the
// policy would block in the browser.
func TestStaticFollowsCSP(t *testing.T) {
	var pages, modules int
	err := fs.WalkDir(web.Static, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(web.Static, path)
		if err != nil {
			return err
		}
		src := string(b)
		switch {
		case strings.HasSuffix(path, ".html"):
			pages++
			if inlineScript.MatchString(src) {
				t.Errorf("%s: an inline script", path)
			}
			for _, tag := range scriptNoSrc.FindAllString(src, -1) {
				if !strings.Contains(tag, "src=") {
					t.Errorf("%s: a script without src: %s", path, tag)
				}
			}
			if m := styleAttr.FindString(src); m != "" {
				t.Errorf("%s: a style attribute", path)
			}
			if styleElem.MatchString(src) {
				t.Errorf("%s: a <style> element", path)
			}
			if m := handlerAttr.FindString(src); m != "" {
				t.Errorf("%s: an inline event handler (%s)", path, strings.TrimSpace(m))
			}
		case strings.HasSuffix(path, ".js"):
			modules++
			for i, line := range strings.Split(src, "\n") {
				if m := jsStyle.FindString(line); m != "" {
					t.Errorf("%s:%d: %q: the policy blocks inline styles and string evaluation (use classes, or style.setProperty)", path, i+1, m)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages < 4 || modules < 5 {
		t.Errorf("found %d pages and %d modules in web.Static, want index, table, games and replay and the modules", pages, modules)
	}
}

// TestStaticPages checks that every page loads its style sheet and the
// app module, and that every module a page or module imports is embedded.
func TestStaticPages(t *testing.T) {
	importRe := regexp.MustCompile(`(?m)(?:^import .* from |import\()"\./([a-z]+\.js)"`)
	for _, page := range []string{"index.html", "table.html", "games.html", "replay.html"} {
		b, err := fs.ReadFile(web.Static, "static/"+page)
		if err != nil {
			t.Errorf("%s: %v", page, err)
			continue
		}
		for _, want := range []string{`href="/static/style.css"`, `<script type="module" src="/static/app.js"></script>`, `name="viewport"`} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s lacks %s", page, want)
			}
		}
	}
	mods, err := fs.Glob(web.Static, "static/*.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		b, _ := fs.ReadFile(web.Static, m)
		for _, im := range importRe.FindAllStringSubmatch(string(b), -1) {
			if _, err := fs.Stat(web.Static, "static/"+im[1]); err != nil {
				t.Errorf("%s imports %s, which is not embedded", m, im[1])
			}
		}
	}
}
