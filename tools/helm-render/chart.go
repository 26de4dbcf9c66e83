package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/Masterminds/semver"
	"sigs.k8s.io/yaml"
)

// Chart is Chart.yaml, with the field names templates see as .Chart (Helm's chart.Metadata).
type Chart struct {
	APIVersion   string                   `json:"apiVersion"`
	Name         string                   `json:"name"`
	Version      string                   `json:"version"`
	AppVersion   string                   `json:"appVersion"`
	Description  string                   `json:"description"`
	Type         string                   `json:"type"`
	KubeVersion  string                   `json:"kubeVersion"`
	Keywords     []string                 `json:"keywords"`
	Home         string                   `json:"home"`
	Sources      []string                 `json:"sources"`
	Icon         string                   `json:"icon"`
	Maintainers  []map[string]interface{} `json:"maintainers"`
	Condition    string                   `json:"condition"`
	Tags         string                   `json:"tags"`
	Deprecated   bool                     `json:"deprecated"`
	Annotations  map[string]string        `json:"annotations"`
	Dependencies []map[string]interface{} `json:"dependencies"`
}

// loadChart reads and checks Chart.yaml as `helm lint` does, refusing what this tool cannot render.
func loadChart(dir string) (*Chart, error) {
	data, err := os.ReadFile(filepath.Join(dir, "Chart.yaml"))
	if err != nil {
		return nil, err
	}
	var c Chart
	// Strict: a misspelt field of Chart.yaml is an error, not ignored.
	if err := yaml.UnmarshalStrict(data, &c); err != nil {
		return nil, fmt.Errorf("Chart.yaml: %w", err)
	}
	switch {
	case c.APIVersion != "v2":
		return nil, fmt.Errorf("Chart.yaml: apiVersion is %q, expected v2", c.APIVersion)
	case c.Name == "":
		return nil, fmt.Errorf("Chart.yaml: name is required")
	case c.AppVersion == "":
		return nil, fmt.Errorf("Chart.yaml: appVersion is required (the default image tag)")
	case c.Type != "" && c.Type != "application":
		return nil, fmt.Errorf("Chart.yaml: type %q cannot be rendered (application charts only)", c.Type)
	case len(c.Dependencies) > 0:
		return nil, fmt.Errorf("Chart.yaml: dependencies (subcharts) are not supported")
	}
	if _, err := semver.StrictNewVersion(c.Version); err != nil {
		return nil, fmt.Errorf("Chart.yaml: version %q is not SemVer 2: %w", c.Version, err)
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "charts")); len(entries) > 0 {
		return nil, fmt.Errorf("charts/: subcharts are not supported")
	}
	return &c, nil
}

// loadTemplates reads templates/ (subfolders included) keyed by Helm's template name,
// <chart>/templates/<path>, the name `# Source:` and .Template.Name show.
func loadTemplates(dir, chartName string) (map[string]string, error) {
	root := filepath.Join(dir, "templates")
	templates := map[string]string{}
	err := filepath.WalkDir(root, func(file string, entry os.DirEntry, err error) error {
		if err != nil || entry.IsDir() {
			return err
		}
		// helm lint accepts only these; anything else in templates/ is most likely a mistake.
		switch path.Ext(entry.Name()) {
		case ".yaml", ".yml", ".tpl", ".txt":
		default:
			return fmt.Errorf("%s: only .yaml, .yml, .tpl and .txt files belong in templates/", file)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, file)
		templates[path.Join(chartName, "templates", filepath.ToSlash(rel))] = string(data)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(templates) == 0 {
		return nil, fmt.Errorf("%s: no templates", root)
	}
	return templates, nil
}

// sortedNames returns the template names in a fixed order, so a template defined twice resolves
// the same way on every run.
func sortedNames(templates map[string]string) []string {
	names := make([]string, 0, len(templates))
	for name := range templates {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// kubeVersion is .Capabilities.KubeVersion: fields and methods as Helm's.
type kubeVersion struct{ Version, Major, Minor string }

func (k kubeVersion) String() string     { return k.Version }
func (k kubeVersion) GitVersion() string { return k.Version }

// versionSet is .Capabilities.APIVersions, with Helm's Has.
type versionSet []string

func (v versionSet) Has(apiVersion string) bool {
	for _, x := range v {
		if x == apiVersion {
			return true
		}
	}
	return false
}

// defaultCapabilities: the fixed cluster templates are rendered for (helm template without a cluster).
func defaultCapabilities() map[string]interface{} {
	parts := strings.Split(strings.TrimPrefix(KubeVersion, "v"), ".")
	return map[string]interface{}{
		"KubeVersion": kubeVersion{Version: KubeVersion, Major: parts[0], Minor: parts[1]},
		"APIVersions": versionSet{
			"v1", "apps/v1", "batch/v1", "autoscaling/v1", "autoscaling/v2", "networking.k8s.io/v1",
			"policy/v1", "rbac.authorization.k8s.io/v1", "storage.k8s.io/v1", "coordination.k8s.io/v1",
			"discovery.k8s.io/v1", "scheduling.k8s.io/v1", "apiextensions.k8s.io/v1",
		},
		"HelmVersion": map[string]interface{}{"Version": "v3 (helm-render)"},
	}
}
