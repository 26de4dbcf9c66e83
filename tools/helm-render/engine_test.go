package main

// Helm's semantics the chart does not exercise today, held here so a chart that starts using them
// renders as Helm would. Run by scripts/helm-chart.test.ts (go test, GOPATH mode).

import (
	"reflect"
	"strings"
	"testing"
)

// renderOne renders `body` as bourse/templates/t.yaml beside a partial, with `vals` as .Values.
func renderOne(t *testing.T, body string, vals values) (string, error) {
	t.Helper()
	templates := map[string]string{
		"bourse/templates/_helpers.tpl": `{{- define "greeting" -}}hello {{ . }}{{- end -}}`,
		"bourse/templates/t.yaml":       body,
	}
	out, err := render(templates, map[string]interface{}{"Values": vals})
	return out["bourse/templates/t.yaml"], err
}

func TestHelmFunctions(t *testing.T) {
	cases := []struct{ name, body, want string }{
		// toYaml: keys sorted, YAML 1.1 words quoted, no final newline, so nindent places it.
		{"toYaml", `a:{{ toYaml .Values.m | nindent 2 }}`, "a:\n  x: 1\n  \"y\":\n  - b"},
		{"include pipes", `{{ include "greeting" "you" | upper }}`, "HELLO YOU"},
		{"tpl sees values and defines", `{{ tpl "{{ .Values.name }} {{ include \"greeting\" .Values.name }}" . }}`, "bourse hello bourse"},
		// A missing key prints "<no value>", which Helm removes (a key of it fails, as in Helm).
		{"missing key is empty", `[{{ .Values.nothing }}]`, "[]"},
		{"fromYaml and toJson", `{{ (fromYaml "a: [1, 2]") | toJson }}`, `{"a":[1,2]}`},
		{"lookup finds nothing", `{{ len (lookup "v1" "Secret" "default" "x") }}`, "0"},
		// Values files go through JSON: numbers are float64 and print as Helm prints them.
		{"numbers", `{{ .Values.big }} {{ .Values.m.x }}`, "1e+06 1"},
	}
	vals := values{"name": "bourse", "big": 1000000.0, "m": values{"y": []interface{}{"b"}, "x": 1.0}}
	for _, c := range cases {
		got, err := renderOne(t, c.body, vals)
		if err != nil || got != c.want {
			t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
		}
	}
}

func TestRequiredAndRemovedFunctions(t *testing.T) {
	for _, v := range []interface{}{nil, ""} {
		_, err := renderOne(t, `{{ required "name is required" .Values.name }}`, values{"name": v})
		if err == nil || !strings.Contains(err.Error(), "execution error at (bourse/templates/t.yaml:1:3): name is required") {
			t.Errorf("required with %#v: %v", v, err)
		}
	}
	// Helm removes env and expandenv: a chart renders the same on every machine.
	if _, err := renderOne(t, `{{ env "HOME" }}`, values{}); err == nil || !strings.Contains(err.Error(), `function "env" not defined`) {
		t.Errorf("env: %v", err)
	}
}

func TestSetAndCoalesce(t *testing.T) {
	user := values{}
	for _, set := range []string{"a.b=true,a.c=0,a.d=012,a.e=10", "list={x,y}", "gone=null"} {
		if err := applySet(user, set); err != nil {
			t.Fatal(err)
		}
	}
	defaults := values{"a": values{"b": false, "keep": "k"}, "gone": "default"}
	want := values{"a": values{"b": true, "c": int64(0), "d": "012", "e": int64(10), "keep": "k"}, "list": []interface{}{"x", "y"}}
	if got := coalesce(defaults, user); !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v\nwant %#v", got, want)
	}
	if err := applySet(values{}, "a[0]=x"); err == nil {
		t.Error("a list index was accepted")
	}
}

func TestReleaseName(t *testing.T) {
	for _, name := range []string{"Bourse", "bourse_prod", strings.Repeat("a", 54)} {
		if err := run("../../deploy/helm/bourse", name, "default", nil, nil); err == nil || !strings.Contains(err.Error(), "release name") {
			t.Errorf("release name %q: %v", name, err)
		}
	}
}
