package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func postGraphQL(t *testing.T, query string, variables map[string]any) (map[string]any, int) {
	t.Helper()
	srv := httptest.NewServer(newHandler(0))
	defer srv.Close()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": variables})
	resp, err := http.Post(srv.URL+"/graphql", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("response is not JSON: %v: %s", err, raw)
	}
	return out, len(raw)
}

func TestGraphQLAnswersExactlyTheFieldsAskedFor(t *testing.T) {
	out, _ := postGraphQL(t, `query Q($n: Int) {
	  products(first: $n, filter: {tag: "a,b"}) { id name price { amount currency } }
	  top: products(first: 2) { id }
	  __typename
	}`, map[string]any{"n": 3})
	if out["errors"] != nil {
		t.Fatalf("errors: %v", out["errors"])
	}
	data := out["data"].(map[string]any)
	products := data["products"].([]any)
	if len(products) != 3 {
		t.Fatalf("products: %d items, want 3 (from $n)", len(products))
	}
	first := products[0].(map[string]any)
	if len(first) != 3 || first["id"] != "id-0" || first["name"] != "name-0" {
		t.Fatalf("first product %v", first)
	}
	price := first["price"].([]any)[0].(map[string]any)
	if price["amount"] != "amount-0" || price["currency"] != "currency-0" {
		t.Fatalf("nested %v", price)
	}
	if top := data["top"].([]any); len(top) != 2 || len(top[1].(map[string]any)) != 1 {
		t.Fatalf("alias top %v", top)
	}
	if data["__typename"] != "Item" {
		t.Fatalf("__typename %v", data["__typename"])
	}
}

func TestGraphQLResponseGrowsWithTheQuery(t *testing.T) {
	_, small := postGraphQL(t, `{ a(first: 2) { id } }`, nil)
	_, large := postGraphQL(t, `{ a(first: 2) { id } b(first: 20) { id name description } }`, nil)
	if large < 10*small {
		t.Fatalf("response sizes %d and %d: expected the larger query's to be >10x", small, large)
	}
}

func TestGraphQLErrorsNameTheProblem(t *testing.T) {
	for query, want := range map[string]string{
		`{ a { id }`:                              "unterminated",
		`mutation { a }`:                          "only queries",
		`{ a { ...F } }`:                          "fragments",
		`{ a(first: 5000) { id } }`:               "0 to 1000",
		`query ($n: Int) { a(first: $n) { id } }`: "$n is not given",
		`{ }`: "empty selection",
	} {
		out, _ := postGraphQL(t, query, nil)
		errs, ok := out["errors"].([]any)
		if !ok || len(errs) != 1 {
			t.Fatalf("%s: want one error, got %v", query, out)
		}
		if msg := errs[0].(map[string]any)["message"].(string); !strings.Contains(msg, want) {
			t.Fatalf("%s: message %q does not contain %q", query, msg, want)
		}
	}
}

func TestGraphQLNeedsPost(t *testing.T) {
	rec := httptest.NewRecorder()
	newHandler(0).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/graphql", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("GET /graphql: %d", rec.Code)
	}
}
