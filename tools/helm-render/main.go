// helm-render: `helm lint` + `helm template` for one chart, built from Debian's Go packages because
// neither Helm nor kubeconform is in Debian's archive or the npm registry (CI reaches only those).
//
//	helm-render [--set a.b=v,...] [-f values.yaml] [--name bourse] [--namespace default] CHART_DIR
//
// Like Helm it reads Chart.yaml (apiVersion v2, a name, a SemVer version, an appVersion), merges
// values.yaml with the -f files and then the --set overrides, renders every file of templates/ not
// starting with `_` through Go's text/template with the sprig functions and Helm's own (include,
// tpl, required, toYaml, fromYaml, toJson, fromJson, lookup), and prints the documents as
// `helm template` does: `---` and `# Source: <chart>/templates/<file>` before each, in Helm's
// install order. Any template error, document that is not YAML, or object without apiVersion,
// kind or a valid metadata.name fails the run (exit 1, message on stderr), as in `helm lint`.
//
// Not covered, and refused rather than silently rendered differently: subcharts and dependencies,
// hooks, library charts. `lookup` finds nothing (as in `helm template`), .Capabilities is fixed
// (KubeVersion below, the built-in API groups), toToml and the .Files object are absent, and
// --set takes dotted keys, comma-separated pairs and {a,b} lists but not list indexes or escapes.
// Where real Helm is at hand, `helm lint` and `helm template | kubeconform -strict` stay the reference.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// KubeVersion is the cluster version the chart is rendered for: the Kubernetes release whose
// OpenAPI schemas the validation step (npm kubernetes-models 5) was generated from.
const KubeVersion = "v1.36.0"

// repeated collects a flag given several times (--set, -f).
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

func main() {
	var sets, valueFiles repeated
	flag.Var(&sets, "set", "override values on the command line (a.b=v,c=w); repeatable")
	flag.Var(&valueFiles, "f", "a values file merged over values.yaml; repeatable")
	flag.Var(&valueFiles, "values", "same as -f")
	name := flag.String("name", "release-name", "the release name (helm template's default when none is given)")
	namespace := flag.String("namespace", "default", "the release namespace")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: helm-render [--set k=v] [-f values.yaml] [--name NAME] [--namespace NS] CHART_DIR")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *name, *namespace, valueFiles, sets); err != nil {
		fmt.Fprintln(os.Stderr, "Error:", err)
		os.Exit(1)
	}
}

func run(chartDir, release, namespace string, valueFiles, sets []string) error {
	// Helm's rule: names derived from the release must stay valid Kubernetes names.
	if len(release) > 53 || !dnsSubdomain.MatchString(release) {
		return fmt.Errorf("release name %q is invalid: lowercase letters, digits, '-' and '.', at most 53 characters", release)
	}
	chart, err := loadChart(chartDir)
	if err != nil {
		return err
	}
	values, err := userValues(filepath.Join(chartDir, "values.yaml"), valueFiles, sets)
	if err != nil {
		return err
	}
	templates, err := loadTemplates(chartDir, chart.Name)
	if err != nil {
		return err
	}
	top := map[string]interface{}{
		"Values": values,
		"Chart":  chart,
		// Service is "Helm" in every Helm 3 release; IsInstall as for `helm template`.
		"Release":      map[string]interface{}{"Name": release, "Namespace": namespace, "Service": "Helm", "Revision": 1, "IsInstall": true, "IsUpgrade": false},
		"Capabilities": defaultCapabilities(),
	}
	rendered, err := render(templates, top)
	if err != nil {
		return err
	}
	manifests, err := splitAndCheck(rendered)
	if err != nil {
		return err
	}
	for _, m := range manifests {
		fmt.Printf("---\n# Source: %s\n%s\n", m.source, m.content)
	}
	return nil
}
