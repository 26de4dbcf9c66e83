{{/* The release's name for its objects: <release>-bourse, or <release> when it already says bourse. */}}
{{- define "bourse.fullname" -}}
{{- if contains "bourse" .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-bourse" .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "bourse.labels" -}}
app.kubernetes.io/name: bourse
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selects the pods of one component (api or worker) of this release. */}}
{{- define "bourse.selector" -}}
app.kubernetes.io/name: bourse
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/*
The pod of a node; `.component` is api or worker, `.runWorkers` its RUN_WORKERS, `.resources` its
requests and limits. API and worker pods differ in nothing else.
*/}}
{{- define "bourse.pod" -}}
{{- $v := .root.Values -}}
metadata:
  labels:
    {{- include "bourse.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
  annotations:
    # A changed ConfigMap rolls the pods, which read it only at start.
    checksum/config: {{ include (print .root.Template.BasePath "/configmap.yaml") .root | sha256sum }}
spec:
  {{- with $v.imagePullSecrets }}
  imagePullSecrets:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  terminationGracePeriodSeconds: {{ $v.terminationGracePeriodSeconds }}
  securityContext:
    {{- toYaml $v.podSecurityContext | nindent 4 }}
  containers:
    - name: bourse
      image: "{{ $v.image.repository }}:{{ $v.image.tag | default .root.Chart.AppVersion }}"
      imagePullPolicy: {{ $v.image.pullPolicy }}
      ports:
        - name: http
          containerPort: 3000
      envFrom:
        - configMapRef:
            name: {{ include "bourse.fullname" .root }}
        - secretRef:
            name: {{ required "existingSecret: name the Secret holding DATABASE_URL, REDIS_URL, PUSHER_APP_SECRET and PRICE_SOCKET_KEY" $v.existingSecret }}
      env:
        - name: RUN_WORKERS
          value: {{ .runWorkers | quote }}
      # Alive while the process serves requests; restarted when it does not.
      livenessProbe:
        httpGet: { path: /livez, port: http }
        periodSeconds: 10
        timeoutSeconds: 3
        failureThreshold: 3
      # Ready while the database answers, every migration is applied and, on a worker, prices
      # are fresh; out of the Service (not restarted) otherwise.
      readinessProbe:
        httpGet: { path: /readyz, port: http }
        periodSeconds: 5
        timeoutSeconds: 3
        failureThreshold: 2
      # Start-up applies migrations before the server listens: up to 5 minutes before liveness counts.
      startupProbe:
        httpGet: { path: /livez, port: http }
        periodSeconds: 5
        failureThreshold: 60
      lifecycle:
        # Lets the endpoints controller take the pod out of the Service before it stops listening.
        preStop:
          exec:
            command: ["sleep", "5"]
      resources:
        {{- toYaml .resources | nindent 8 }}
      securityContext:
        {{- toYaml $v.securityContext | nindent 8 }}
      volumeMounts:
        # DATA_DIR: the mail log and scratch files; uploads go to the bucket (config.UPLOAD_STORAGE).
        - name: data
          mountPath: /data
  volumes:
    - name: data
      emptyDir: {}
  {{- with $v.nodeSelector }}
  nodeSelector:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with $v.tolerations }}
  tolerations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with $v.affinity }}
  affinity:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}
