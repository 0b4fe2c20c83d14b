// Package md renders the Markdown of Felt's own documents (docs/rules) as
// HTML, safely: every character of the source is escaped, and the only
// markup in the output is the renderer's own. It knows what those
// documents use: ATX headings (with GitHub's anchors), paragraphs, bullet
// and numbered lists nested by indentation, indented and fenced code
// blocks, pipe tables, and inline code, strong, emphasis, links and
// backslash escapes. Raw HTML in the source is shown as text.
package md

import (
	"html"
	"strconv"
	"strings"
	"unicode"
)

// Options say how a document's links are written.
type Options struct {
	// Link maps a link's target as written ("shengji.md#options",
	// "../protocol.md") to the address the page links to, or reports
	// false to show the link's text alone. Nil: only "#anchor" links and
	// http(s) addresses are links. Its result is escaped.
	Link func(href string) (string, bool)
}

// Heading is a heading of a rendered document.
type Heading struct {
	Level int    // 1 to 6
	Text  string // the heading as plain text
	ID    string // its anchor, as GitHub makes it ("any-table-more-players-more-packs")
}

// Doc is a rendered document.
type Doc struct {
	HTML     string    // the body's HTML
	Headings []Heading // every heading, in order
}

// Render renders a Markdown document.
func Render(src string, o Options) Doc {
	r := &renderer{o: o, ids: map[string]int{}}
	src = strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\t", "    ")
	lines := strings.Split(src, "\n")
	r.blocks(lines, false)
	return Doc{HTML: r.b.String(), Headings: r.heads}
}

type renderer struct {
	b     strings.Builder
	o     Options
	ids   map[string]int
	heads []Heading
}

func indent(s string) int {
	n := 0
	for n < len(s) && s[n] == ' ' {
		n++
	}
	return n
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

// dedent removes up to n leading spaces from a line.
func dedent(s string, n int) string {
	i := min(indent(s), n)
	return s[i:]
}

// marker reads a list item's marker at the start of a line: whether it
// is numbered, the number, and the column its content starts at.
func marker(s string) (ok, ordered bool, num, content int) {
	i := indent(s)
	if i >= 4 || i >= len(s) {
		return false, false, 0, 0
	}
	j := i
	switch s[j] {
	case '-', '*', '+':
		j++
	default:
		for j < len(s) && j-i < 9 && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j >= len(s) || (s[j] != '.' && s[j] != ')') {
			return false, false, 0, 0
		}
		num, _ = strconv.Atoi(s[i:j])
		ordered = true
		j++
	}
	if j < len(s) && s[j] != ' ' {
		return false, false, 0, 0
	}
	if j == len(s) || blank(s[j:]) {
		return true, ordered, num, j + 1
	}
	k := j + 1
	// More than four spaces after the marker: the content starts after one.
	if sp := indent(s[j:]); sp <= 4 {
		k = j + sp
	}
	return true, ordered, num, k
}

func heading(s string) (level int, text string, ok bool) {
	if indent(s) >= 4 {
		return 0, "", false
	}
	t := strings.TrimLeft(s, " ")
	for level < len(t) && level < 7 && t[level] == '#' {
		level++
	}
	if level == 0 || level > 6 || (level < len(t) && t[level] != ' ') {
		return 0, "", false
	}
	text = strings.TrimSpace(t[level:])
	text = strings.TrimSpace(strings.TrimRight(text, "#"))
	return level, text, true
}

func fence(s string) (string, bool) {
	if indent(s) >= 4 {
		return "", false
	}
	t := strings.TrimLeft(s, " ")
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(t, f) {
			return f, true
		}
	}
	return "", false
}

func tableSep(s string) bool {
	t := strings.TrimSpace(s)
	if !strings.Contains(t, "-") || !strings.Contains(t, "|") {
		return false
	}
	for _, c := range t {
		if !strings.ContainsRune("|-: ", c) {
			return false
		}
	}
	return true
}

// starts says whether a line starts a block that ends a paragraph.
func starts(s string) bool {
	if _, _, ok := heading(s); ok {
		return true
	}
	if _, ok := fence(s); ok {
		return true
	}
	if ok, ordered, num, _ := marker(s); ok && (!ordered || num == 1) {
		return true
	}
	return false
}

// blocks renders lines as blocks; tight renders a lone paragraph's text
// without <p> (a tight list's item).
func (r *renderer) blocks(lines []string, tight bool) {
	for i := 0; i < len(lines); {
		s := lines[i]
		switch {
		case blank(s):
			i++
		case indent(s) >= 4:
			j := i
			for j < len(lines) && (blank(lines[j]) || indent(lines[j]) >= 4) {
				j++
			}
			for j > i && blank(lines[j-1]) {
				j--
			}
			r.b.WriteString(`<pre tabindex="0"><code>`)
			for k := i; k < j; k++ {
				r.b.WriteString(html.EscapeString(dedent(lines[k], 4)))
				r.b.WriteByte('\n')
			}
			r.b.WriteString("</code></pre>\n")
			i = j
		default:
			if f, ok := fence(s); ok {
				ind := indent(s)
				j := i + 1
				r.b.WriteString(`<pre tabindex="0"><code>`)
				for j < len(lines) && !strings.HasPrefix(strings.TrimLeft(lines[j], " "), f) {
					r.b.WriteString(html.EscapeString(dedent(lines[j], ind)))
					r.b.WriteByte('\n')
					j++
				}
				r.b.WriteString("</code></pre>\n")
				i = j + 1
				continue
			}
			if level, text, ok := heading(s); ok {
				r.heading(level, text)
				i++
				continue
			}
			if strings.HasPrefix(strings.TrimSpace(s), "|") && i+1 < len(lines) && tableSep(lines[i+1]) {
				i = r.table(lines, i)
				continue
			}
			if ok, _, _, _ := marker(s); ok {
				i = r.list(lines, i)
				continue
			}
			j := i + 1
			for j < len(lines) && !blank(lines[j]) && !starts(lines[j]) && indent(lines[j]) < 4 || j < len(lines) && !blank(lines[j]) && indent(lines[j]) >= 4 && !starts(lines[j]) {
				j++
			}
			var para []string
			for _, l := range lines[i:j] {
				para = append(para, strings.TrimSpace(l))
			}
			if !tight {
				r.b.WriteString("<p>")
			}
			r.inline(strings.Join(para, "\n"))
			if !tight {
				r.b.WriteString("</p>")
			}
			r.b.WriteByte('\n')
			i = j
		}
	}
}

// slug is GitHub's anchor of a heading: lower case, letters, digits,
// spaces, hyphens and underscores kept, spaces made hyphens.
func slug(text string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(text) {
		switch {
		case unicode.IsLetter(c) || unicode.IsDigit(c) || c == '-' || c == '_':
			b.WriteRune(c)
		case c == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// plain is inline Markdown's text without its marks.
func plain(s string) string {
	var b renderer
	b.inline(s)
	return html.UnescapeString(stripTags(b.b.String()))
}

func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, c := range s {
		switch {
		case c == '<':
			in = true
		case c == '>' && in:
			in = false
		case !in:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func (r *renderer) heading(level int, text string) {
	p := plain(text)
	id := slug(p)
	if n := r.ids[id]; n > 0 {
		r.ids[id] = n + 1
		id += "-" + strconv.Itoa(n)
	} else {
		r.ids[id] = 1
	}
	r.heads = append(r.heads, Heading{Level: level, Text: p, ID: id})
	tag := "h" + strconv.Itoa(level)
	r.b.WriteString("<" + tag + ` id="` + html.EscapeString(id) + `">`)
	r.inline(text)
	r.b.WriteString("</" + tag + ">\n")
}

// cells splits a table row at its pipes, not at an escaped pipe or one
// in code.
func cells(s string) []string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "|")
	if strings.HasSuffix(s, "|") && !strings.HasSuffix(s, `\|`) {
		s = s[:len(s)-1]
	}
	var out []string
	var cur strings.Builder
	code := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && s[i+1] == '|':
			cur.WriteByte('|')
			i++
		case c == '`':
			code = !code
			cur.WriteByte(c)
		case c == '|' && !code:
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(out, strings.TrimSpace(cur.String()))
}

func (r *renderer) table(lines []string, i int) int {
	head := cells(lines[i])
	var align []string
	for _, c := range cells(lines[i+1]) {
		switch {
		case strings.HasPrefix(c, ":") && strings.HasSuffix(c, ":"):
			align = append(align, "center")
		case strings.HasSuffix(c, ":"):
			align = append(align, "right")
		default:
			align = append(align, "")
		}
	}
	cell := func(tag string, k int, text string) {
		r.b.WriteString("<" + tag)
		if k < len(align) && align[k] != "" {
			r.b.WriteString(` class="align-` + align[k] + `"`)
		}
		r.b.WriteString(">")
		r.inline(text)
		r.b.WriteString("</" + tag + ">")
	}
	r.b.WriteString(`<div class="table-wrap" tabindex="0"><table>` + "\n<thead><tr>")
	for k, c := range head {
		cell("th", k, c)
	}
	r.b.WriteString("</tr></thead>\n<tbody>\n")
	j := i + 2
	for ; j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), "|"); j++ {
		r.b.WriteString("<tr>")
		row := cells(lines[j])
		for k := range head {
			t := ""
			if k < len(row) {
				t = row[k]
			}
			cell("td", k, t)
		}
		r.b.WriteString("</tr>\n")
	}
	r.b.WriteString("</tbody>\n</table></div>\n")
	return j
}

// list renders the list starting at line i and returns the line after it.
func (r *renderer) list(lines []string, i int) int {
	_, ordered, num, _ := marker(lines[i])
	base := indent(lines[i])
	type item struct{ lines []string }
	var items []item
	loose := false
	j := i
	for j < len(lines) {
		ok, ord, _, content := marker(lines[j])
		if !ok || ord != ordered || indent(lines[j]) != base {
			break
		}
		it := item{lines: []string{lines[j][min(content, len(lines[j])):]}}
		j++
		for j < len(lines) {
			l := lines[j]
			if blank(l) {
				// The item goes on past a blank line only if what follows is indented into it.
				k := j
				for k < len(lines) && blank(lines[k]) {
					k++
				}
				if k < len(lines) && indent(lines[k]) >= content {
					loose = true
					for ; j < k; j++ {
						it.lines = append(it.lines, "")
					}
					continue
				}
				if k < len(lines) {
					if ok, ord, _, _ := marker(lines[k]); ok && ord == ordered && indent(lines[k]) == base {
						loose = true
					}
				}
				break
			}
			if indent(l) >= content {
				it.lines = append(it.lines, l[content:])
				j++
				continue
			}
			if ok, _, _, _ := marker(l); ok {
				if indent(l) <= base {
					break
				}
				// A list indented less than the content: nested all the same.
				it.lines = append(it.lines, l[base+1:])
				j++
				continue
			}
			if _, _, h := heading(l); h {
				break
			}
			if _, f := fence(l); f {
				break
			}
			// A lazy continuation of the item's paragraph.
			it.lines = append(it.lines, strings.TrimLeft(l, " "))
			j++
		}
		items = append(items, it)
		for j < len(lines) && blank(lines[j]) {
			k := j
			for k < len(lines) && blank(lines[k]) {
				k++
			}
			if k < len(lines) {
				if ok, ord, _, _ := marker(lines[k]); ok && ord == ordered && indent(lines[k]) == base {
					j = k
					break
				}
			}
			break
		}
	}
	if ordered {
		r.b.WriteString("<ol")
		if num != 1 {
			r.b.WriteString(` start="` + strconv.Itoa(num) + `"`)
		}
		r.b.WriteString(">\n")
	} else {
		r.b.WriteString("<ul>\n")
	}
	for _, it := range items {
		r.b.WriteString("<li>")
		r.blocks(it.lines, !loose)
		r.b.WriteString("</li>\n")
	}
	if ordered {
		r.b.WriteString("</ol>\n")
	} else {
		r.b.WriteString("</ul>\n")
	}
	return j
}

func punct(c byte) bool {
	return c < 128 && unicode.IsPunct(rune(c)) || c == '`' || c == '|' || c == '~' || c == '^' || c == '<' || c == '>' || c == '=' || c == '+' || c == '$'
}

// inline renders a paragraph's text: code spans, links, strong and
// emphasis; everything else escaped.
func (r *renderer) inline(s string) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && punct(s[i+1]):
			r.b.WriteString(html.EscapeString(s[i+1 : i+2]))
			i += 2
			continue
		case c == '\\' && i+1 < len(s) && s[i+1] == '\n':
			r.b.WriteString("<br>\n")
			i += 2
			continue
		case c == '`':
			n := 0
			for i+n < len(s) && s[i+n] == '`' {
				n++
			}
			run := s[i : i+n]
			if end := closing(s[i+n:], run); end >= 0 {
				code := s[i+n : i+n+end]
				code = strings.ReplaceAll(code, "\n", " ")
				if len(code) > 2 && code[0] == ' ' && code[len(code)-1] == ' ' {
					code = code[1 : len(code)-1]
				}
				r.b.WriteString("<code>" + html.EscapeString(code) + "</code>")
				i += n + end + n
				continue
			}
			r.b.WriteString(run)
			i += n
			continue
		case c == '[':
			if text, href, n, ok := link(s[i:]); ok {
				to, keep := r.href(href)
				if keep {
					r.b.WriteString(`<a href="` + html.EscapeString(to) + `">`)
					r.inline(text)
					r.b.WriteString("</a>")
				} else {
					r.inline(text)
				}
				i += n
				continue
			}
		case c == '*' && strings.HasPrefix(s[i:], "**"):
			if end := strings.Index(s[i+2:], "**"); end > 0 && s[i+2] != ' ' {
				r.b.WriteString("<strong>")
				r.inline(s[i+2 : i+2+end])
				r.b.WriteString("</strong>")
				i += 2 + end + 2
				continue
			}
		case c == '*' && i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '*':
			if end := emEnd(s[i+1:]); end > 0 {
				r.b.WriteString("<em>")
				r.inline(s[i+1 : i+1+end])
				r.b.WriteString("</em>")
				i += 1 + end + 1
				continue
			}
		case c == '\n':
			r.b.WriteByte('\n')
			i++
			continue
		}
		r.b.WriteString(html.EscapeString(s[i : i+1]))
		i++
	}
}

// closing finds the code span's closing run of backticks, exactly as long.
func closing(s, run string) int {
	for k := 0; k < len(s); {
		j := strings.Index(s[k:], run)
		if j < 0 {
			return -1
		}
		j += k
		if j+len(run) < len(s) && s[j+len(run)] == '`' {
			k = j + len(run)
			for k < len(s) && s[k] == '`' {
				k++
			}
			continue
		}
		return j
	}
	return -1
}

// emEnd finds a single closing asterisk not preceded by a space.
func emEnd(s string) int {
	for k := 0; k < len(s); k++ {
		if s[k] == '`' {
			if e := closing(s[k+1:], "`"); e >= 0 {
				k += e + 1
			}
			continue
		}
		if s[k] == '*' && k > 0 && s[k-1] != ' ' && (k+1 >= len(s) || s[k+1] != '*') {
			return k
		}
	}
	return -1
}

// link reads "[text](href)" at the start of s.
func link(s string) (text, href string, n int, ok bool) {
	depth := 0
	for k := 0; k < len(s); k++ {
		switch s[k] {
		case '\\':
			k++
		case '`':
			if e := closing(s[k+1:], "`"); e >= 0 {
				k += e + 1
			}
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				if k+1 >= len(s) || s[k+1] != '(' {
					return "", "", 0, false
				}
				end := strings.IndexByte(s[k+2:], ')')
				if end < 0 {
					return "", "", 0, false
				}
				href = strings.TrimSpace(s[k+2 : k+2+end])
				if strings.ContainsAny(href, " \n") {
					return "", "", 0, false
				}
				return s[1:k], href, k + 2 + end + 1, true
			}
		}
	}
	return "", "", 0, false
}

// href says where a link goes: an anchor of the document, an http(s)
// address, or what Options.Link makes of it; nothing else is a link.
func (r *renderer) href(h string) (string, bool) {
	if r.o.Link != nil {
		if to, ok := r.o.Link(h); ok {
			return to, true
		}
	}
	if strings.HasPrefix(h, "#") && len(h) > 1 {
		return h, true
	}
	l := strings.ToLower(h)
	if strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://") {
		return h, true
	}
	return "", false
}
