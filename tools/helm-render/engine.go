package main

// The template engine: Helm's engine.render and funcs.go, minus what a chart without a cluster,
// files or subcharts cannot use.

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	"sigs.k8s.io/yaml"
)

// maxIncludeDepth: Helm's recursion limit for a template including itself.
const maxIncludeDepth = 1000

// render parses every template into one set (so each sees the others' `define`s) and executes
// each file not starting with `_`; a template error fails the whole render, as in Helm.
func render(templates map[string]string, top map[string]interface{}) (map[string]string, error) {
	set := template.New("gotpl")
	// Helm's default: a missing map key is the zero value, printed "<no value>" then removed below.
	set.Option("missingkey=zero")
	depth := map[string]int{}
	set.Funcs(funcMap(set, depth))
	names := sortedNames(templates)
	for _, name := range names {
		if _, err := set.New(name).Parse(templates[name]); err != nil {
			return nil, fmt.Errorf("parse error in %s: %w", name, err)
		}
	}
	rendered := map[string]string{}
	for _, name := range names {
		base := path.Base(name)
		// Partials only define templates; NOTES.txt is shown after an install, never applied.
		if strings.HasPrefix(base, "_") || base == "NOTES.txt" {
			continue
		}
		top["Template"] = map[string]interface{}{"Name": name, "BasePath": path.Dir(name)}
		var out strings.Builder
		if err := set.ExecuteTemplate(&out, name, top); err != nil {
			return nil, execError(name, err)
		}
		rendered[name] = strings.ReplaceAll(out.String(), "<no value>", "")
	}
	return rendered, nil
}

// execError: a `required` failure as Helm prints it, the chart's message at the rendered file's
// line (without the chain of includes leading there); any other error in full, naming the file.
func execError(name string, err error) error {
	const marker = "error calling required: "
	text := err.Error()
	at := strings.LastIndex(text, marker)
	// Go's text: "template: <file>:<line>:<col>: executing ...".
	parts := strings.SplitN(text, ": ", 3)
	if at < 0 || len(parts) < 3 {
		return fmt.Errorf("render error in %s: %w", name, err)
	}
	return fmt.Errorf("execution error at (%s): %s", parts[1], text[at+len(marker):])
}

// funcMap: sprig's text functions without env/expandenv (Helm removes them so a chart renders
// the same on every machine), and Helm's own.
func funcMap(set *template.Template, depth map[string]int) template.FuncMap {
	funcs := sprig.TxtFuncMap()
	delete(funcs, "env")
	delete(funcs, "expandenv")
	extra := template.FuncMap{
		"toYaml":        toYAML,
		"fromYaml":      fromYAML,
		"fromYamlArray": fromYAMLArray,
		"toJson":        toJSON,
		"fromJson":      fromJSON,
		"fromJsonArray": fromJSONArray,
		"include":       include(set, depth),
		"tpl":           tpl(set, depth),
		"required":      required,
		// No cluster to ask: an empty result, as `helm template` gives.
		"lookup": func(string, string, string, string) (map[string]interface{}, error) {
			return map[string]interface{}{}, nil
		},
	}
	for name, fn := range extra {
		funcs[name] = fn
	}
	return funcs
}

// include runs a named template into a string, so its output can be piped (nindent, sha256sum).
func include(set *template.Template, depth map[string]int) func(string, interface{}) (string, error) {
	return func(name string, data interface{}) (string, error) {
		if depth[name] > maxIncludeDepth {
			return "", fmt.Errorf("rendering template has a nested reference name: %s", name)
		}
		depth[name]++
		defer func() { depth[name]-- }()
		var out strings.Builder
		err := set.ExecuteTemplate(&out, name, data)
		return out.String(), err
	}
}

// tpl renders a string as a template with the chart's defined templates at hand, as Helm does:
// in a clone of the set, so the string's own defines do not leak into the chart's.
func tpl(parent *template.Template, depth map[string]int) func(string, interface{}) (string, error) {
	return func(text string, data interface{}) (string, error) {
		clone, err := parent.Clone()
		if err != nil {
			return "", err
		}
		clone.Funcs(template.FuncMap{"include": include(clone, depth), "tpl": tpl(clone, depth)})
		t, err := clone.New(parent.Name()).Parse(text)
		if err != nil {
			return "", fmt.Errorf("cannot parse template %q: %w", text, err)
		}
		var out strings.Builder
		if err := t.Execute(&out, data); err != nil {
			return "", fmt.Errorf("error during tpl function execution for %q: %w", text, err)
		}
		return strings.ReplaceAll(out.String(), "<no value>", ""), nil
	}
}

// required fails the render with the chart's message when a value is missing or empty.
func required(message string, value interface{}) (interface{}, error) {
	if s, isString := value.(string); value == nil || (isString && s == "") {
		return value, errors.New(message)
	}
	return value, nil
}

// toYAML as Helm's: sigs.k8s.io/yaml (keys sorted, through JSON), without the final newline so
// `nindent` places it; an error renders as an empty string, as in Helm.
func toYAML(v interface{}) string {
	data, err := yaml.Marshal(v)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(data), "\n")
}

// fromYAML and the others below report a parse error under "Error" (or as the only item), as Helm's do.
func fromYAML(s string) map[string]interface{} {
	m := map[string]interface{}{}
	if err := yaml.Unmarshal([]byte(s), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

func fromYAMLArray(s string) []interface{} {
	a := []interface{}{}
	if err := yaml.Unmarshal([]byte(s), &a); err != nil {
		a = []interface{}{err.Error()}
	}
	return a
}

func toJSON(v interface{}) string {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(data)
}

func fromJSON(s string) map[string]interface{} {
	m := map[string]interface{}{}
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

func fromJSONArray(s string) []interface{} {
	a := []interface{}{}
	if err := json.Unmarshal([]byte(s), &a); err != nil {
		a = []interface{}{err.Error()}
	}
	return a
}
