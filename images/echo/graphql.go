// A tiny GraphQL endpoint (POST /graphql) for seed 001's query-size scenarios: it answers any query
// with exactly the fields asked for, in their order, under their aliases. A field with a selection
// set is a list of `first` items (an argument, literal or variable; default 1); a leaf is a string
// naming its field and position. So the response grows with the query, as a real resolver's does,
// and a client can check that every requested field came back. No schema, no fragments, no
// mutations: enough to put a GraphQL-shaped load through a gateway, nothing more.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// Bounds that keep one query from building an unbounded response.
const (
	maxListItems = 1000
	maxDepth     = 12
	maxFields    = 10_000
)

type gqlValue struct {
	isVar bool
	text  string // a literal's text, or a variable's name
}

type gqlField struct {
	alias string
	name  string
	args  map[string]gqlValue
	sel   []gqlField
}

type gqlRequest struct {
	Query     string         `json:"query"`
	Variables map[string]any `json:"variables"`
}

func graphqlHandler(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "POST a JSON body {query, variables}", http.StatusMethodNotAllowed)
		return
	}
	var req gqlRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeGraphQLError(w, "invalid JSON body: "+err.Error())
		return
	}
	fields, err := parseQuery(req.Query)
	if err != nil {
		writeGraphQLError(w, err.Error())
		return
	}
	var out bytes.Buffer
	out.WriteString(`{"data":`)
	budget := maxFields
	if err := writeSelection(&out, fields, req.Variables, 0, 0, &budget); err != nil {
		writeGraphQLError(w, err.Error())
		return
	}
	out.WriteString("}")
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(out.Len()))
	h.Set("X-Echo", "perf-gate")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(out.Bytes())
}

// GraphQL over HTTP answers a query error with 200 and an "errors" list; clients check for it.
func writeGraphQLError(w http.ResponseWriter, message string) {
	body, _ := json.Marshal(map[string]any{"errors": []map[string]string{{"message": message}}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

func writeSelection(out *bytes.Buffer, fields []gqlField, vars map[string]any, depth, index int, budget *int) error {
	if depth > maxDepth {
		return fmt.Errorf("query nested deeper than %d levels", maxDepth)
	}
	out.WriteByte('{')
	for i, f := range fields {
		*budget--
		if *budget < 0 {
			return fmt.Errorf("query asks for more than %d fields", maxFields)
		}
		if i > 0 {
			out.WriteByte(',')
		}
		key, _ := json.Marshal(f.alias)
		out.Write(key)
		out.WriteByte(':')
		if f.sel == nil {
			value := f.name + "-" + strconv.Itoa(index)
			if f.name == "__typename" {
				value = "Item"
			}
			v, _ := json.Marshal(value)
			out.Write(v)
			continue
		}
		n, err := listLength(f, vars)
		if err != nil {
			return err
		}
		out.WriteByte('[')
		for item := 0; item < n; item++ {
			if item > 0 {
				out.WriteByte(',')
			}
			if err := writeSelection(out, f.sel, vars, depth+1, item, budget); err != nil {
				return err
			}
		}
		out.WriteByte(']')
	}
	out.WriteByte('}')
	return nil
}

// listLength is the field's `first` argument (a literal or a variable), default 1, at most maxListItems.
func listLength(f gqlField, vars map[string]any) (int, error) {
	arg, ok := f.args["first"]
	if !ok {
		return 1, nil
	}
	text := arg.text
	if arg.isVar {
		v, ok := vars[arg.text]
		if !ok {
			return 0, fmt.Errorf("variable $%s is not given", arg.text)
		}
		number, ok := v.(float64)
		if !ok {
			return 0, fmt.Errorf("variable $%s must be an integer", arg.text)
		}
		text = strconv.FormatFloat(number, 'f', -1, 64)
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 || n > maxListItems {
		return 0, fmt.Errorf("%s(first: %s): expected an integer from 0 to %d", f.name, text, maxListItems)
	}
	return n, nil
}

// A hand-written recursive-descent parser for the subset above: one operation, optionally named and
// with variable definitions, then a selection set of fields with aliases and arguments.
type parser struct {
	src string
	pos int
}

func parseQuery(src string) ([]gqlField, error) {
	p := &parser{src: src}
	p.skip()
	if name := p.peekName(); name == "query" {
		p.name()
		p.skip()
		if p.peekName() != "" {
			p.name()
		}
		p.skip()
		if p.peek() == '(' {
			if err := p.skipBalanced('(', ')'); err != nil {
				return nil, err
			}
		}
	} else if name != "" {
		return nil, fmt.Errorf("only queries are supported, got %q", name)
	}
	p.skip()
	fields, err := p.selectionSet(0)
	if err != nil {
		return nil, err
	}
	p.skip()
	if p.pos < len(p.src) {
		return nil, fmt.Errorf("unexpected %q at offset %d: one operation per request", p.src[p.pos], p.pos)
	}
	return fields, nil
}

func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// skip passes whitespace, commas (insignificant in GraphQL) and # comments.
func (p *parser) skip() {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',':
			p.pos++
		case c == '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		default:
			return
		}
	}
}

func isNameStart(c byte) bool { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isNameChar(c byte) bool  { return isNameStart(c) || (c >= '0' && c <= '9') }

func (p *parser) peekName() string {
	end := p.pos
	if end >= len(p.src) || !isNameStart(p.src[end]) {
		return ""
	}
	for end < len(p.src) && isNameChar(p.src[end]) {
		end++
	}
	return p.src[p.pos:end]
}

func (p *parser) name() string {
	n := p.peekName()
	p.pos += len(n)
	return n
}

func (p *parser) expect(c byte) error {
	p.skip()
	if p.peek() != c {
		if p.pos >= len(p.src) {
			return fmt.Errorf("expected %q at the end of the query", c)
		}
		return fmt.Errorf("expected %q at offset %d, got %q", c, p.pos, p.src[p.pos])
	}
	p.pos++
	return nil
}

func (p *parser) selectionSet(depth int) ([]gqlField, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("query nested deeper than %d levels", maxDepth)
	}
	if err := p.expect('{'); err != nil {
		return nil, err
	}
	var fields []gqlField
	for {
		p.skip()
		if p.peek() == '}' {
			p.pos++
			if len(fields) == 0 {
				return nil, fmt.Errorf("empty selection set at offset %d", p.pos-1)
			}
			return fields, nil
		}
		if strings.HasPrefix(p.src[p.pos:], "...") {
			return nil, fmt.Errorf("fragments are not supported (offset %d)", p.pos)
		}
		f, err := p.field(depth)
		if err != nil {
			return nil, err
		}
		fields = append(fields, f)
	}
}

func (p *parser) field(depth int) (gqlField, error) {
	first := p.name()
	if first == "" {
		if p.pos >= len(p.src) {
			return gqlField{}, fmt.Errorf("unterminated selection set")
		}
		return gqlField{}, fmt.Errorf("expected a field name at offset %d, got %q", p.pos, p.src[p.pos])
	}
	f := gqlField{alias: first, name: first}
	p.skip()
	if p.peek() == ':' {
		p.pos++
		p.skip()
		f.name = p.name()
		if f.name == "" {
			return f, fmt.Errorf("expected a field name after alias %q", first)
		}
		p.skip()
	}
	if p.peek() == '(' {
		args, err := p.arguments()
		if err != nil {
			return f, err
		}
		f.args = args
		p.skip()
	}
	if p.peek() == '{' {
		sel, err := p.selectionSet(depth + 1)
		if err != nil {
			return f, err
		}
		f.sel = sel
	}
	return f, nil
}

func (p *parser) arguments() (map[string]gqlValue, error) {
	p.pos++ // (
	args := map[string]gqlValue{}
	for {
		p.skip()
		if p.peek() == ')' {
			p.pos++
			return args, nil
		}
		name := p.name()
		if name == "" {
			return nil, fmt.Errorf("expected an argument name at offset %d", p.pos)
		}
		if err := p.expect(':'); err != nil {
			return nil, err
		}
		p.skip()
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		args[name] = v
	}
}

func (p *parser) value() (gqlValue, error) {
	start := p.pos
	switch c := p.peek(); {
	case c == '$':
		p.pos++
		n := p.name()
		if n == "" {
			return gqlValue{}, fmt.Errorf("expected a variable name at offset %d", p.pos)
		}
		return gqlValue{isVar: true, text: n}, nil
	case c == '"':
		p.pos++
		for p.pos < len(p.src) && p.src[p.pos] != '"' {
			if p.src[p.pos] == '\\' {
				p.pos++
			}
			p.pos++
		}
		if p.pos >= len(p.src) {
			return gqlValue{}, fmt.Errorf("unterminated string at offset %d", start)
		}
		p.pos++
	case c == '[':
		if err := p.skipBalanced('[', ']'); err != nil {
			return gqlValue{}, err
		}
	case c == '{':
		if err := p.skipBalanced('{', '}'); err != nil {
			return gqlValue{}, err
		}
	case c == '-' || (c >= '0' && c <= '9'):
		p.pos++
		for p.pos < len(p.src) && strings.IndexByte("0123456789.eE+-", p.src[p.pos]) >= 0 {
			p.pos++
		}
	case isNameStart(c):
		p.name()
	default:
		return gqlValue{}, fmt.Errorf("expected a value at offset %d", p.pos)
	}
	return gqlValue{text: p.src[start:p.pos]}, nil
}

func (p *parser) skipBalanced(open, close byte) error {
	start := p.pos
	depth := 0
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				p.pos++
				return nil
			}
		case '"':
			p.pos++
			for p.pos < len(p.src) && p.src[p.pos] != '"' {
				if p.src[p.pos] == '\\' {
					p.pos++
				}
				p.pos++
			}
		}
		p.pos++
	}
	return fmt.Errorf("unbalanced %q from offset %d", open, start)
}
