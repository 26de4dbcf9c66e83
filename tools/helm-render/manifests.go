package main

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"
)

type manifest struct {
	source, content, kind string
}

// head: the fields every object needs, read the way Kubernetes reads YAML.
type head struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name        string            `json:"name"`
		Annotations map[string]string `json:"annotations"`
	} `json:"metadata"`
}

// Helm's releaseutil: documents are split on `---` lines.
var separator = regexp.MustCompile(`(?:^|\s*\n)---\s*`)

// A DNS-1123 subdomain: what Kubernetes accepts as most objects' metadata.name.
var dnsSubdomain = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)

// installOrder: the kinds in the order Helm installs (and `helm template` prints) them; other
// kinds go last.
var installOrder = []string{
	"PriorityClass", "Namespace", "NetworkPolicy", "ResourceQuota", "LimitRange", "PodSecurityPolicy",
	"PodDisruptionBudget", "ServiceAccount", "Secret", "SecretList", "ConfigMap", "StorageClass",
	"PersistentVolume", "PersistentVolumeClaim", "CustomResourceDefinition", "ClusterRole",
	"ClusterRoleList", "ClusterRoleBinding", "ClusterRoleBindingList", "Role", "RoleList",
	"RoleBinding", "RoleBindingList", "Service", "DaemonSet", "Pod", "ReplicationController",
	"ReplicaSet", "Deployment", "HorizontalPodAutoscaler", "StatefulSet", "Job", "CronJob",
	"IngressClass", "Ingress", "APIService",
}

// splitAndCheck splits each rendered file into its documents, checks each as `helm lint` does
// and sorts them as `helm template` prints them.
func splitAndCheck(rendered map[string]string) ([]manifest, error) {
	var manifests []manifest
	for _, source := range sortedNames(rendered) {
		for _, doc := range separator.Split(rendered[source], -1) {
			doc = strings.TrimSpace(doc)
			if doc == "" {
				continue
			}
			kind, err := checkDocument(doc)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", source, err)
			}
			if kind != "" {
				manifests = append(manifests, manifest{source: source, content: doc, kind: kind})
			}
		}
	}
	sort.SliceStable(manifests, func(i, j int) bool {
		a, b := rank(manifests[i].kind), rank(manifests[j].kind)
		if a != b {
			return a < b
		}
		return manifests[i].source < manifests[j].source
	})
	return manifests, nil
}

// checkDocument: valid YAML and an object Kubernetes can name; "" for a document of comments only.
func checkDocument(doc string) (string, error) {
	var any interface{}
	if err := yaml.Unmarshal([]byte(doc), &any); err != nil {
		return "", fmt.Errorf("YAML parse error: %w", err)
	}
	if any == nil {
		return "", nil
	}
	var h head
	if err := yaml.Unmarshal([]byte(doc), &h); err != nil {
		return "", fmt.Errorf("not a Kubernetes object: %w", err)
	}
	switch {
	case h.APIVersion == "" || h.Kind == "":
		return "", fmt.Errorf("object without apiVersion or kind:\n%s", doc)
	case len(h.Metadata.Name) > 253 || !dnsSubdomain.MatchString(h.Metadata.Name):
		return "", fmt.Errorf("%s: metadata.name %q is not a valid Kubernetes name", h.Kind, h.Metadata.Name)
	case h.Metadata.Annotations["helm.sh/hook"] != "":
		return "", fmt.Errorf("%s %s: hooks are not supported", h.Kind, h.Metadata.Name)
	}
	return h.Kind, nil
}

func rank(kind string) int {
	for i, k := range installOrder {
		if k == kind {
			return i
		}
	}
	return len(installOrder)
}
