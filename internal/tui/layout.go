package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// zone is a clickable stretch of one screen line: a click on it stands for
// key.
type zone struct {
	y, x0, x1 int
	key       string
}

// row builds one line of the screen, with its clickable parts.
type row struct {
	b     strings.Builder
	w     int
	zones []zone
}

// put appends s.
func (r *row) put(s string) *row {
	r.b.WriteString(s)
	r.w += width(s)
	return r
}

// click appends s, which a click turns into key.
func (r *row) click(s, key string) *row {
	w := width(s)
	if key != "" {
		r.zones = append(r.zones, zone{x0: r.w, x1: r.w + w, key: key})
	}
	r.b.WriteString(s)
	r.w += w
	return r
}

// space appends n spaces.
func (r *row) space(n int) *row {
	if n > 0 {
		r.put(strings.Repeat(" ", n))
	}
	return r
}

// block is a stack of lines with the clickable zones on them.
type block struct {
	lines []string
	zones []zone
}

// text adds a line with nothing clickable.
func (b *block) text(s string) { b.lines = append(b.lines, s) }

// blank adds an empty line.
func (b *block) blank() { b.lines = append(b.lines, "") }

// row adds a built line.
func (b *block) row(r *row) {
	y := len(b.lines)
	for _, z := range r.zones {
		z.y = y
		b.zones = append(b.zones, z)
	}
	b.lines = append(b.lines, r.b.String())
}

// add puts o below b.
func (b *block) add(o block) {
	y := len(b.lines)
	for _, z := range o.zones {
		z.y += y
		b.zones = append(b.zones, z)
	}
	b.lines = append(b.lines, o.lines...)
}

// beside puts r to the right of l, which is cut or padded to lw cells,
// with sep between them.
func beside(t theme, l block, lw int, sep string, r block) block {
	n := max(len(l.lines), len(r.lines))
	out := block{lines: make([]string, n)}
	for i := range n {
		var a, b string
		if i < len(l.lines) {
			a = l.lines[i]
		}
		if i < len(r.lines) {
			b = r.lines[i]
		}
		out.lines[i] = t.fit(a, lw) + sep + b
	}
	for _, z := range l.zones {
		if z.x1 <= lw {
			out.zones = append(out.zones, z)
		}
	}
	dx := lw + width(sep)
	for _, z := range r.zones {
		z.x0 += dx
		z.x1 += dx
		out.zones = append(out.zones, z)
	}
	return out
}

// frame is the whole screen.
type frame struct {
	lines []string
	zones []zone
}

// place puts a block of w×h cells in a screen of W×H, centred when the
// screen is larger, cut when it is smaller.
func place(t theme, b block, w, h, W, H int) frame {
	dx, dy := max(0, (W-w)/2), max(0, (H-h)/2)
	w, h = min(w, W), min(h, H)
	f := frame{lines: make([]string, 0, min(H, h+dy))}
	for range dy {
		f.lines = append(f.lines, "")
	}
	pad := strings.Repeat(" ", dx)
	for i := 0; i < h; i++ {
		s := ""
		if i < len(b.lines) {
			s = b.lines[i]
		}
		if t.ascii {
			s = asciiOnly(s)
		}
		f.lines = append(f.lines, pad+t.fit(s, w))
	}
	for _, z := range b.zones {
		if z.y < h && z.x0 < w {
			z.x0 += dx
			z.x1 = min(z.x1, w) + dx
			z.y += dy
			f.zones = append(f.zones, z)
		}
	}
	return f
}

// String joins the frame's lines.
func (f frame) String() string { return strings.Join(f.lines, "\n") }

// hit returns the key a click at x, y stands for, or "".
func (f frame) hit(x, y int) string {
	for _, z := range f.zones {
		if z.y == y && x >= z.x0 && x < z.x1 {
			return z.key
		}
	}
	return ""
}

// wrap breaks text into lines of at most w cells.
func wrap(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	// a file's name breaks at no hyphen: lines break at spaces, and only
	// a word longer than a line is cut
	s = strings.ReplaceAll(s, "-", nbHyphen)
	return strings.Split(strings.ReplaceAll(ansi.Wrap(s, w, ""), nbHyphen, "-"), "\n")
}

// nbHyphen is a non-breaking hyphen, one cell wide, standing in for "-"
// while a text is wrapped.
const nbHyphen = "\u2011"

// keyItem is one entry of the key bar.
type keyItem struct {
	key, label string
	send       string // the key a click on it stands for ("" for none)
}

// keyBar lays the keys out on as few lines of w cells as they need.
func keyBar(t theme, items []keyItem, w int) block {
	var b block
	r := &row{}
	r.space(1)
	for i, it := range items {
		s := t.keyCap(it.key, it.label)
		if i > 0 && r.w+2+width(s) > w {
			b.row(r)
			r = &row{}
			r.space(1)
		} else if i > 0 {
			r.space(2)
		}
		r.click(s, it.send)
	}
	b.row(r)
	return b
}

// asciiSubs are one-cell ASCII stand-ins for the symbols the screens use,
// so that an ASCII screen keeps its alignment.
var asciiSubs = map[rune]rune{
	'·': '-', '…': '.', '–': '-', '−': '-', '×': 'x', '→': '>', '▸': '>',
	'←': '<', '↑': '^', '↓': 'v', '│': '|', '─': '-', '▒': '#',
	'♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C',
}

// asciiOnly replaces every non-ASCII character of s by its stand-in, or
// by '?'.
func asciiOnly(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r < 0x80 {
			return r
		}
		if a, ok := asciiSubs[r]; ok {
			return a
		}
		return '?'
	}, s)
}
