package store

import (
	"net/url"
	"regexp"
	"strings"
)

// redacted stands for a password in logs and errors.
const redacted = "xxxxx"

var (
	// urlPassword is the password of a postgres:// URL's user.
	urlPassword = regexp.MustCompile(`(postgres(?:ql)?://[^:@/?#\s]*:)[^/?#\s]*@`)
	// kvPassword is a key=value DSN's password=…, quoted or not, or a
	// URL's query parameter password=….
	kvPassword = regexp.MustCompile(`(?i)(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&]*)`)
	// kvPasswordValue finds a key=value DSN's password, to redact it
	// wherever else it appears.
	kvPasswordValue = regexp.MustCompile(`(?i)\bpassword\s*=\s*('(?:[^'\\]|\\.)*'|\S*)`)
)

// Redact returns s, a store's DSN (a postgres:// URL or a key=value
// string) or any text that may hold one (an error, a log line), with every
// password replaced by xxxxx: a URL's user password, a password=… of a
// key=value string or of a URL's query. Other text is unchanged, a SQLite
// path included. Log and error texts naming a DSN go through it.
func Redact(s string) string {
	s = urlPassword.ReplaceAllString(s, "${1}"+redacted+"@")
	return kvPassword.ReplaceAllString(s, "${1}"+redacted)
}

// passwordOf returns the password dsn holds, or "".
func passwordOf(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		if pw, ok := u.User.Password(); ok {
			return pw
		}
		return u.Query().Get("password")
	}
	if m := kvPasswordValue.FindStringSubmatch(dsn); m != nil {
		pw := m[1]
		if strings.HasPrefix(pw, "'") && strings.HasSuffix(pw, "'") && len(pw) >= 2 {
			pw = strings.NewReplacer(`\'`, `'`, `\\`, `\`).Replace(pw[1 : len(pw)-1])
		}
		return pw
	}
	return ""
}

// redactedError is an error whose text is redacted: the DSN's password
// wherever it appears (a driver's message may quote the connection
// string), and any DSN's.
type redactedError struct {
	err error
	pw  string
}

func (e redactedError) Error() string {
	s := e.err.Error()
	if e.pw != "" {
		s = strings.ReplaceAll(s, e.pw, redacted)
		if q := url.QueryEscape(e.pw); q != e.pw {
			s = strings.ReplaceAll(s, q, redacted)
		}
		if q := url.PathEscape(e.pw); q != e.pw {
			s = strings.ReplaceAll(s, q, redacted)
		}
	}
	return Redact(s)
}

func (e redactedError) Unwrap() error { return e.err }

// redactErr returns err with dsn's password kept out of its text (nil for
// nil).
func redactErr(err error, dsn string) error {
	if err == nil {
		return nil
	}
	return redactedError{err: err, pw: passwordOf(dsn)}
}
