package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"sigs.k8s.io/yaml"
)

type values = map[string]interface{}

// readValues parses a values file as Helm does: through JSON, so numbers are float64.
func readValues(file string) (values, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	v := values{}
	if err := yaml.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return v, nil
}

// userValues: the -f files merged in order, the --set pairs on top, the result coalesced over the
// chart's values.yaml (Helm's order of precedence).
func userValues(chartValues string, files, sets []string) (values, error) {
	defaults, err := readValues(chartValues)
	if err != nil {
		return nil, err
	}
	user := values{}
	for _, file := range files {
		v, err := readValues(file)
		if err != nil {
			return nil, err
		}
		user = merge(user, v)
	}
	for _, set := range sets {
		if err := applySet(user, set); err != nil {
			return nil, fmt.Errorf("--set %s: %w", set, err)
		}
	}
	return coalesce(defaults, user), nil
}

// merge copies src into dst, maps merged key by key, anything else replaced.
func merge(dst, src values) values {
	for key, value := range src {
		if sub, ok := value.(values); ok {
			if dstSub, ok := dst[key].(values); ok {
				dst[key] = merge(dstSub, sub)
				continue
			}
		}
		dst[key] = value
	}
	return dst
}

// coalesce lays the user's values over the chart's; a user null removes a default (as in Helm).
func coalesce(defaults, user values) values {
	for key, value := range user {
		if value == nil {
			delete(defaults, key)
			continue
		}
		sub, isMap := value.(values)
		defaultSub, defaultIsMap := defaults[key].(values)
		if isMap && defaultIsMap {
			defaults[key] = coalesce(defaultSub, sub)
		} else {
			defaults[key] = value
		}
	}
	return defaults
}

// applySet sets each `a.b.c=value` of one --set argument (pairs separated by commas outside {}).
func applySet(into values, arg string) error {
	for _, pair := range splitOutsideBraces(arg) {
		key, raw, ok := strings.Cut(pair, "=")
		if !ok || key == "" {
			return fmt.Errorf("%q is not key=value", pair)
		}
		if strings.ContainsAny(key, `[]\`) {
			return fmt.Errorf("%q: list indexes and escapes are not supported; use a values file (-f)", key)
		}
		path := strings.Split(key, ".")
		node := into
		for _, part := range path[:len(path)-1] {
			next, ok := node[part].(values)
			if !ok {
				next = values{}
				node[part] = next
			}
			node = next
		}
		node[path[len(path)-1]] = setValue(raw)
	}
	return nil
}

// setValue types a --set value as Helm's strvals does: {a,b} a list, true/false, null, integers
// (not those with a leading 0), anything else a string.
func setValue(raw string) interface{} {
	if strings.HasPrefix(raw, "{") && strings.HasSuffix(raw, "}") {
		list := []interface{}{}
		for _, item := range strings.Split(raw[1:len(raw)-1], ",") {
			if item != "" {
				list = append(list, setValue(item))
			}
		}
		return list
	}
	switch strings.ToLower(raw) {
	case "true":
		return true
	case "false":
		return false
	case "null":
		return nil
	case "0":
		return int64(0)
	}
	if raw != "" && raw[0] != '0' {
		if n, err := strconv.ParseInt(raw, 10, 64); err == nil {
			return n
		}
	}
	return raw
}

func splitOutsideBraces(s string) []string {
	var parts []string
	depth, start := 0, 0
	for i, r := range s {
		switch {
		case r == '{':
			depth++
		case r == '}':
			depth--
		case r == ',' && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}
