package md

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
	}{
		{"HeadingGetsGitHubAnchor", "## Any table: more players, more packs", `<h2 id="any-table-more-players-more-packs">Any table: more players, more packs</h2>` + "\n"},
		{"HeadingAnchorDropsCodeMarks", "### `felt shengji check`", `<h3 id="felt-shengji-check"><code>felt shengji check</code></h3>` + "\n"},
		{"RepeatedHeadingGetsNumberedAnchor", "## A\n## A", `<h2 id="a">A</h2>` + "\n" + `<h2 id="a-1">A</h2>` + "\n"},
		{"ParagraphJoinsItsLines", "one\ntwo\n\nthree", "<p>one\ntwo</p>\n<p>three</p>\n"},
		{"RawHTMLIsEscaped", "<script>alert(1)</script> & <b>", "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;</p>\n"},
		{"CodeSpanIsEscapedVerbatim", "a `<i>**x**</i>` b", "<p>a <code>&lt;i&gt;**x**&lt;/i&gt;</code> b</p>\n"},
		{"StrongAndEmphasis", "**bold** and *em*", "<p><strong>bold</strong> and <em>em</em></p>\n"},
		{"UnderscoresAreText", "throw_penalty and level_step", "<p>throw_penalty and level_step</p>\n"},
		{"AnchorLinkKept", "[below](#options)", `<p><a href="#options">below</a></p>` + "\n"},
		{"HTTPLinkKept", "[x](https://example.com/a?b=1&c=2)", `<p><a href="https://example.com/a?b=1&amp;c=2">x</a></p>` + "\n"},
		{"JavascriptLinkIsText", "[click](javascript:alert(1))", "<p>click)</p>\n"},
		{"RelativeLinkWithoutMappingIsText", "[the protocol](../protocol.md)", "<p>the protocol</p>\n"},
		{"QuoteInLinkIsEscaped", `[x](#a"onmouseover=b)`, `<p><a href="#a&#34;onmouseover=b">x</a></p>` + "\n"},
		{"BackslashEscapes", `\*not em\*`, "<p>*not em*</p>\n"},
		{"TightBulletList", "- a\n- b", "<ul>\n<li>a\n</li>\n<li>b\n</li>\n</ul>\n"},
		{"NumberedListKeepsItsStart", "3. c\n4. d", "<ol start=\"3\">\n<li>c\n</li>\n<li>d\n</li>\n</ol>\n"},
		{"NestedListByIndentation", "- a\n  - b\n- c", "<ul>\n<li>a\n<ul>\n<li>b\n</li>\n</ul>\n</li>\n<li>c\n</li>\n</ul>\n"},
		{"LooseListHasParagraphs", "1. a\n\n   more\n2. b", "<ol>\n<li><p>a</p>\n<p>more</p>\n</li>\n<li><p>b</p>\n</li>\n</ol>\n"},
		{"LazyContinuationStaysInItem", "- a\nb", "<ul>\n<li>a\nb\n</li>\n</ul>\n"},
		{"IndentedCodeBlock", "text\n\n    x < y\n    z", "<p>text</p>\n<pre tabindex=\"0\"><code>x &lt; y\nz\n</code></pre>\n"},
		{"FencedCodeBlock", "```\n<b>\n```", "<pre tabindex=\"0\"><code>&lt;b&gt;\n</code></pre>\n"},
		{"PipeTable", "| a | b |\n| --- | ---: |\n| `x|y` | 2 |", "<div class=\"table-wrap\" tabindex=\"0\"><table>\n<thead><tr><th>a</th><th class=\"align-right\">b</th></tr></thead>\n<tbody>\n<tr><td><code>x|y</code></td><td class=\"align-right\">2</td></tr>\n</tbody>\n</table></div>\n"},
		{"TableRowShortOfCellsIsFilled", "| a | b |\n|---|---|\n| 1 |", "<div class=\"table-wrap\" tabindex=\"0\"><table>\n<thead><tr><th>a</th><th>b</th></tr></thead>\n<tbody>\n<tr><td>1</td><td></td></tr>\n</tbody>\n</table></div>\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Render(c.src, Options{}).HTML
			if got != c.want {
				t.Errorf("Render(%q):\n got %q\nwant %q", c.src, got, c.want)
			}
		})
	}
}

func TestRenderLinkOption(t *testing.T) {
	o := Options{Link: func(h string) (string, bool) {
		if rest, ok := strings.CutPrefix(h, "shengji.md"); ok {
			return "/rules/shengji" + rest, true
		}
		return "", false
	}}
	got := Render("[s](shengji.md#options) [p](../protocol.md)", o).HTML
	want := `<p><a href="/rules/shengji#options">s</a> p</p>` + "\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// tags are the only elements the renderer writes.
var tagRE = regexp.MustCompile(`<(/?)([a-z0-9]+)((?: (?:id|class|href|start|tabindex)="[^"<>]*")*)>`)

var allowed = map[string]bool{"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "p": true, "ul": true, "ol": true, "li": true,
	"pre": true, "code": true, "strong": true, "em": true, "a": true, "div": true, "table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true, "br": true}

// checkSafe fails unless every '<' of out opens one of the renderer's
// own tags, with only its own attributes, and no href is a script.
func checkSafe(t *testing.T, src, out string) {
	t.Helper()
	rest := out
	for {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			break
		}
		m := tagRE.FindStringSubmatchIndex(rest[i:])
		if m == nil || m[0] != 0 || !allowed[rest[i+m[4]:i+m[5]]] {
			t.Fatalf("Render(%q) wrote markup of its source: %q", src, rest[i:min(len(rest), i+40)])
		}
		attrs := rest[i+m[6] : i+m[7]]
		if strings.Contains(strings.ToLower(attrs), "javascript:") {
			t.Fatalf("Render(%q) wrote a script link: %q", src, attrs)
		}
		rest = rest[i+m[1]:]
	}
}

func TestRenderRulesDocs(t *testing.T) {
	for _, f := range []string{"../../docs/rules/gin-rummy.md", "../../docs/rules/shengji.md"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d := Render(string(b), Options{})
		checkSafe(t, f, d.HTML)
		if len(d.Headings) < 8 || d.Headings[0].Level != 1 {
			t.Errorf("%s: headings %v", f, d.Headings)
		}
		// Every anchor link of the document finds its heading.
		ids := map[string]bool{}
		for _, h := range d.Headings {
			ids[h.ID] = true
		}
		for _, m := range regexp.MustCompile(`href="#([^"]+)"`).FindAllStringSubmatch(d.HTML, -1) {
			if !ids[m[1]] {
				t.Errorf("%s: a link to #%s, which no heading has", f, m[1])
			}
		}
		// No Markdown mark is left in the text outside code.
		text := regexp.MustCompile(`(?s)<pre tabindex=\"0\"><code>.*?</code></pre>|<code>.*?</code>`).ReplaceAllString(d.HTML, "")
		for _, mark := range []string{"**", "`", "](", "\n| "} {
			if strings.Contains(text, mark) {
				i := strings.Index(text, mark)
				t.Errorf("%s: %q left in the text: %q", f, mark, text[max(0, i-60):min(len(text), i+60)])
			}
		}
	}
}

func FuzzRender(f *testing.F) {
	for _, s := range []string{"# h\n\n- a\n  - b\n\n| a |\n|---|\n| `x` |", "[a](javascript:x) <b> **c** *d*", "1. x\n\n    code\n```\n<i>\n```", "\\", "`", "[[]]()"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		d := Render(src, Options{})
		checkSafe(t, src, d.HTML)
	})
}

func BenchmarkRenderShengjiRules(b *testing.B) {
	src, err := os.ReadFile("../../docs/rules/shengji.md")
	if err != nil {
		b.Fatal(err)
	}
	s := string(src)
	b.ReportAllocs()
	for b.Loop() {
		Render(s, Options{})
	}
}
